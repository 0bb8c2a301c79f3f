/* morph serve: the web platform (docs/web.md). This file only reads the
 * command line; the server lives in src/server/. */
#include <arpa/inet.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../front/beside.h"
#include "cli.h"
#include "commands.h"
#include "../server/store/export.h"
#include "../server/http/http.h"
#include "../server/serve.h"

static const char about[] =
    "Usage: morph serve [--port 8080] [--host 127.0.0.1] [--db FILE|URI] [--web DIR]\n"
    "                   [options]\n"
    "\n"
    "Serves the web page and its API (docs/web.md, docs/web-api.md): games of\n"
    "Morpyam and Morphos in the browser, against AIs or people, watched live.\n"
    "Games are kept in an SQLite file, or in a PostgreSQL database that several\n"
    "servers share behind one address (docs/deploy.md); a restarted server goes\n"
    "on with every unfinished game (each loads when asked for; a game whose clock\n"
    "runs at once). Stops on Ctrl-C (SIGINT) or SIGTERM.\n"
    "\n";

static bool is_page_dir(const char *dir)
{
    char path[PATH_MAX];
    struct stat sb;
    return (size_t)snprintf(path, sizeof path, "%s/index.html", dir) < sizeof path && stat(path, &sb) == 0 &&
           S_ISREG(sb.st_mode);
}

/* The page next to the binary: web/ of the source tree (build/VARIANT/morph)
 * or PREFIX/share/morph/web (PREFIX/bin/morph). */
static bool find_page(char *out, size_t outlen)
{
    static const char *const relative[] = {"/../../web", "/../share/morph/web"};
    return beside_binary(relative, 2, is_page_dir, out, outlen);
}

/* Whether host (an address of --host) is a loopback one: 127.0.0.0/8, ::1. */
static bool loopback(const char *host)
{
    unsigned char a[sizeof(struct in6_addr)];
    if (inet_pton(AF_INET, host, a) == 1)
        return a[0] == 127;
    return inet_pton(AF_INET6, host, a) == 1 && IN6_IS_ADDR_LOOPBACK((struct in6_addr *)a);
}

/* A whole-number flag of serve: its range is said when its value is bad or missing. */
#define SERVE_INT(flag, target, from, to, val, text)                                                          \
    {.name = flag, .kind = CLI_INT, .out = target, .value = val, .lo = from, .hi = to, .help = text,         \
     .expects = "expects a whole number from " #from " to " #to, .missing = ""}
/* The limits: their help in a column of their own. */
#define SERVE_LIMIT(flag, target, to, col, text)                                                               \
    {.name = flag, .kind = CLI_INT, .out = target, .value = "N", .lo = 1, .hi = to, .help = text,            \
     .expects = "expects a whole number from 1 to " #to, .missing = "", .column = col}

int cmd_serve(int argc, char **argv)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    HttpConfig http = {.host = "127.0.0.1", .port = 8080, .request_s = 10};
    const char *db = NULL, *web = NULL, *export_dir = NULL;
    long max_body = (long)cfg.max_body;
    int abandon_days = cfg.abandon_s / 86400;
    int drain_s = 0;
    const CliFlag flags[] = {
        SERVE_INT("--port", &http.port, 0, 65535, "N", "TCP port (default 8080; 0 picks a free one)"),
        {.name = "--host", .kind = CLI_TEXT, .out = &http.host, .value = "ADDR",
         .help = "address to listen on (default {}; 0.0.0.0 or ::\nfor every interface)"},
        {.name = "--db", .kind = CLI_TEXT, .out = &db, .value = "FILE|URI",
         .help = "the SQLite database (default $XDG_DATA_HOME/morph/morph.db\n"
                 "or ~/.local/share/morph/morph.db; created with its\n"
                 "folders), or a PostgreSQL one: postgresql://USER@HOST/DB\n"
                 "(any libpq URI; postgresql:// alone takes the PG*\n"
                 "variables), which several servers may share"},
        {.name = "--web", .kind = CLI_TEXT, .out = &web, .value = "DIR",
         .help = "the page's files (default: web/ of the source tree when\n"
                 "run from it, else PREFIX/share/morph/web next to the\n"
                 "binary)"},
        {.name = "--durable", .kind = CLI_SET, .out = &cfg.durable,
         .help = "SQLite: every commit reaches the disk (survives power\nloss, not only a killed server); slower"},
        SERVE_INT("--wal-mib", &cfg.wal_mib, 16, 65536, "N",
                  "SQLite: start the WAL again once it holds N MiB\n(default 1024): the disk it takes, against a pause\nof the moves of some tens of ms each time (docs/web.md)"),
        SERVE_INT("--db-pool", &cfg.db_pool, 1, 256, "N", "PostgreSQL: connections kept open (default 16)"),
        {.name = "--trust-proxy", .kind = CLI_TEXT, .out = &http.trusted_proxies, .value = "ADDRS",
         .help = "reverse proxies (HAProxy, addresses joined by commas)\nwhose X-Forwarded-For names the client, for the limits"},
        SERVE_INT("--drain-s", &drain_s, 0, 600, "N",
                  "on SIGTERM, answer /healthz with 503 for N seconds\nbefore stopping (default {})"),
        SERVE_INT("--threads", &http.threads, 1, 64, "N",
                  "HTTP event threads (default 4; 16 over PostgreSQL, where\na request waits for the database's answers)"),
        SERVE_INT("--ai-threads", &cfg.ai_threads, 1, 64, "N", "threads on which AI seats think (default {})"),
        SERVE_INT("--max-ai-ms", &cfg.max_ai_ms, 50, 600000, "N",
                  "the longest mcts thinking time a game may ask\n(default {})"),
        SERVE_INT("--hint-ms", &cfg.hint_ms, 50, 60000, "N",
                  "thinking time of a Morphos hint, per part of a turn\n(default {})"),
        SERVE_INT("--puzzle-nodes", &cfg.puzzle_nodes, 1000, 100000000, "N",
                  "the solver's work for a puzzle answer, in nodes\n(default {}; docs/web-api.md)"),
        SERVE_INT("--analysis-ms", &cfg.analysis_ms, 10, 60000, "N",
                  "work of a post-game analysis a decision, in ms of one\ncore (default {}; docs/analysis.md)"),
        SERVE_INT("--analysis-max-s", &cfg.analysis_max_s, 1, 86400, "N",
                  "the longest one analysis runs, in seconds (default {})"),
        SERVE_INT("--analysis-nice", &cfg.analysis_nice, 0, 19, "N",
                  "CPU priority of the analyses' worker, 0 (as the\nmoves) to 19 (the lowest: only the CPU nobody\nelse wants; default {})"),
        SERVE_INT("--idle-s", &cfg.idle_s, 0, 2678400, "N",
                  "seconds after which a game nobody asked for leaves\nmemory (it loads again when asked for; 0 never;\ndefault {})"),
        SERVE_INT("--abandon-days", &abandon_days, 0, 3650, "N",
                  "a game against the AI that nobody played for N days\nends, its people leaving on time (0 never;\ndefault {})"),
        {.name = "--max-body", .kind = CLI_LONG, .out = &max_body, .value = "N", .lo = 1024, .hi = 64L << 20,
         .expects = "expects a number of bytes from 1024 to 67108864", .help = "bytes of a request body (default {})"},
        SERVE_LIMIT("--games-per-minute", &cfg.limits.create_per_minute, 1000000, 28,
                    "games one address may create a minute (default {})"),
        SERVE_LIMIT("--requests-per-second", &cfg.limits.requests_per_second, 10000000, 28,
                    "API requests of one address a second (default {})"),
        SERVE_LIMIT("--max-connections", &cfg.limits.connections, 1000000, 28, "open connections (default {})"),
        SERVE_LIMIT("--max-connections-per-client", &cfg.limits.connections_per_client, 1000000, 35, "(default {})"),
        SERVE_LIMIT("--max-streams", &cfg.limits.streams, 1000000, 28, "live streams (default {})"),
        SERVE_LIMIT("--max-streams-per-client", &cfg.limits.streams_per_client, 1000000, 35, "(default {})"),
        SERVE_LIMIT("--max-streams-per-game", &cfg.limits.streams_per_game, 1000000, 28,
                    "watchers' live streams of one game, past which only\naddresses holding fewer than 2 get one (default {})"),
        SERVE_LIMIT("--request-s", &http.request_s, 3600, 28,
                    "seconds a connection has to send a whole request\n(headers and body) from its start or its last answer\n(default {})"),
        SERVE_LIMIT("--logins-per-minute", &cfg.limits.logins_per_minute, 1000000, 28,
                    "sign-in attempts of one address a minute\n(default {})"),
        SERVE_LIMIT("--logins-per-name", &cfg.limits.logins_per_name_per_minute, 1000000, 28,
                    "sign-in attempts at one account name a minute from\none address, or from one browser that signed in to\nit before (default {})"),
        SERVE_LIMIT("--logins-per-name-unknown", &cfg.limits.logins_per_name_unknown, 1000000, 28,
                    "sign-in attempts at one account name a\nminute from all browsers that never signed in to it\n(default {})"),
        SERVE_LIMIT("--accounts-per-hour", &cfg.limits.accounts_per_hour, 1000000, 28,
                    "accounts one address may make an hour (default {})"),
        SERVE_LIMIT("--chat-per-minute", &cfg.limits.chat_per_minute, 1000000, 28,
                    "chat messages of one player a minute (default {})"),
        SERVE_LIMIT("--running-per-client", &cfg.running_per_client, 1000000, 28,
                    "games one address may have running at once\n(default {})"),
        {.name = "--origin", .kind = CLI_TEXT, .out = &cfg.origin, .value = "URL", .gap = true,
         .help = "the page's origin (https://play.example.org) that requests\n"
                 "with the session cookie must come from; default: the\n"
                 "request's own Host, over http or https"},
        {.name = "--secure-cookie", .kind = CLI_SET, .out = &cfg.secure_cookie,
         .help = "the session cookie gets Secure (the page is served over\nHTTPS, e.g. behind a proxy)"},
        {.name = "--log-requests", .kind = CLI_SET, .out = &cfg.log_requests,
         .help = "one line per API request on standard output (method,\npath, status, address, account; never a secret)"},
        {.name = "--export", .kind = CLI_TEXT, .out = &export_dir, .value = "DIR", .gap = true,
         .help = "write the record of every game of the database to\n"
                 "DIR/GAME_ID.json (docs/records.md) and exit, without\n"
                 "serving"},
        {0},
    };
    const CliArgs args = {.prefix = "serve", .flags = flags, .column = 22,
                          .unknown = "unknown or incomplete argument '%s' (see morph serve --help)", .about = about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    cfg.max_body = (size_t)max_body;
    cfg.abandon_s = abandon_days * 86400;
    if (http.trusted_proxies && !http_addresses_valid(http.trusted_proxies))
        return cli_fail(EXIT_USAGE, "serve: --trust-proxy expects IP addresses joined by commas (127.0.0.1,::1), got '%s'",
                        cli_quote(http.trusted_proxies));
    if (cfg.origin && ((strncmp(cfg.origin, "http://", 7) != 0 && strncmp(cfg.origin, "https://", 8) != 0) ||
                       strchr(strchr(cfg.origin, ':') + 3, '/')))
        return cli_fail(EXIT_USAGE, "serve: --origin expects a scheme and host such as https://play.example.org "
                                    "(no path), got '%s'", cli_quote(cfg.origin));
    if (cli_arguments_only)
        return EXIT_OK;
    /* argv is main's from the command's name on (cli_dispatch), so argv - 1
     * is the whole command line; nothing was printed nor started yet */
    if (!export_dir)
        serve_restart_without_thread_caches(argv - 1);
    /* Without --origin the page's origin is each request's own Host: right
     * on this machine, a guess on the network (a proxy may rewrite Host). */
    if (!cfg.origin && !loopback(http.host))
        fprintf(stderr, "morph serve: warning: listening on %s without --origin: cookie requests are checked against "
                        "each request's own Host; give --origin https://YOUR.HOST (docs/web.md, Security model)\n",
                http.host);
    char db_path[PATH_MAX], page[PATH_MAX];
    if (!db) {
        if (!store_default_path(db_path, sizeof db_path))
            return cli_fail(EXIT_USAGE, "serve: neither XDG_DATA_HOME nor HOME is set: give the database with --db FILE");
        db = db_path;
    }
    if (!http.threads)
        http.threads = store_is_postgresql(db) ? 16 : 4;
    if (store_is_postgresql(db) && cfg.wal_mib)
        return cli_fail(EXIT_USAGE, "serve: --wal-mib is for an SQLite file; PostgreSQL keeps its own WAL (max_wal_size)");
    if (store_is_postgresql(db) && cfg.durable)
        return cli_fail(EXIT_USAGE, "serve: --durable is for an SQLite file; PostgreSQL's own synchronous_commit "
                                    "decides when a commit is durable (docs/deploy.md)");
    char err[ERR_MAX + 256];
    if (export_dir) {
        StoreConfig sc = {.db = db, .pool = 1};
        Store *st = store_open(&sc, err, sizeof err);
        if (!st)
            return cli_fail(EXIT_BAD_INPUT, "serve: %s", err);
        int written = 0;
        bool ok = store_export(st, export_dir, &written, err, sizeof err);
        store_close(st);
        if (!ok)
            return cli_fail(EXIT_BAD_INPUT, "serve: export: %s", err);
        printf("morph serve: %d record%s written to %s\n", written, written == 1 ? "" : "s", export_dir);
        return EXIT_OK;
    }
    if (web && !is_page_dir(web))
        return cli_fail(EXIT_USAGE, "serve: --web %s: no index.html in that directory", cli_quote(web));
    if (!web && find_page(page, sizeof page))
        web = page;
    http.web_dir = web;
    cfg.db_path = db;
    cfg.log = stdout; /* accounts made, sign-ins, games lost on time (and requests with --log-requests) */

    /* Signals are taken by this thread only (sigwait below); the server's
     * threads inherit the blocked mask. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    Server *srv = server_new(&cfg, err, sizeof err);
    if (!srv)
        return cli_fail(EXIT_BAD_INPUT, "serve: %s", err);
    Http *h = http_start(srv, &http, err, sizeof err);
    if (!h) {
        server_free(srv);
        return cli_fail(EXIT_BAD_INPUT, "serve: %s", err);
    }
    bool v6 = strchr(http.host, ':') != NULL;
    const char *shown = strcmp(http.host, "0.0.0.0") == 0 ? "127.0.0.1" : strcmp(http.host, "::") == 0 ? "::1"
                                                                                                       : http.host;
    char where[320];
    srv->store->ops->describe(srv->store, where, sizeof where);
    if (srv->cluster)
        printf("morph serve: database %s, shared (server %s): games load when asked for; AI seats of servers that "
               "stop are taken over", where, srv->store->ops->server_id(srv->store));
    else
        printf("morph serve: database %s; %d game%s with a running clock resumed (the others load when asked for)",
               where, atomic_load(&srv->loaded), atomic_load(&srv->loaded) == 1 ? "" : "s");
    if (atomic_load(&srv->load_failed))
        printf(" (%d could not be, see above)", atomic_load(&srv->load_failed));
    printf("\nmorph serve: page %s\n", web ? web : "(none found: only the API is served; see --web)");
    printf("Open http://%s%s%s:%d/ in a browser (Ctrl-C stops the server)\n", v6 ? "[" : "", shown, v6 ? "]" : "",
           http_port(h));
    fflush(stdout);

    int sig = 0;
    sigwait(&stop, &sig);
    atomic_store(&srv->stopping, true); /* /healthz answers 503 from now on */
    if (drain_s > 0) {
        printf("morph serve: draining for %d s (/healthz says 503)\n", drain_s);
        fflush(stdout);
        sleep((unsigned)drain_s);
    }
    printf("morph serve: stopping (%s)\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    fflush(stdout);
    http_stop(h);
    server_free(srv);
    return EXIT_OK;
}
