/* morph serve: the web platform (docs/web.md). This file only reads the
 * command line; the server lives in src/server/. */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "../server/export.h"
#include "../server/http.h"
#include "../server/server.h"

static void usage(FILE *out)
{
    ServerConfig d;
    server_config_defaults(&d);
    fprintf(out,
            "Usage: morph serve [--port 8080] [--host 127.0.0.1] [--db FILE|URI] [--web DIR]\n"
            "                   [options]\n"
            "\n"
            "Serves the web page and its API (docs/web.md, docs/web-api.md): games of\n"
            "Morpyam and Morphos in the browser, against AIs or people, watched live.\n"
            "Games are kept in an SQLite file, or in a PostgreSQL database that several\n"
            "servers share behind one address (docs/deploy.md); a restarted server goes\n"
            "on with every unfinished game. Stops on Ctrl-C (SIGINT) or SIGTERM.\n"
            "\n"
            "  --port N            TCP port (default 8080; 0 picks a free one)\n"
            "  --host ADDR         address to listen on (default 127.0.0.1; 0.0.0.0 or ::\n"
            "                      for every interface)\n"
            "  --db FILE           the SQLite database (default $XDG_DATA_HOME/morph/morph.db\n"
            "                      or ~/.local/share/morph/morph.db; created with its\n"
            "                      folders)\n"
            "  --db postgresql://USER@HOST:PORT/DB   a PostgreSQL database (any libpq\n"
            "                      URI; postgresql:// alone takes the PG* variables)\n"
            "  --web DIR           the page's files (default: web/ of the source tree when\n"
            "                      run from it, else PREFIX/share/morph/web next to the\n"
            "                      binary)\n"
            "  --durable           SQLite: every commit reaches the disk (survives power\n"
            "                      loss, not only a killed server); slower\n"
            "  --db-pool N         PostgreSQL: connections kept open (default 8)\n"
            "  --trust-proxy ADDR[,ADDR...]  reverse proxies (HAProxy) whose\n"
            "                      X-Forwarded-For names the client, for the limits\n"
            "  --drain-s N         on SIGTERM, answer /healthz with 503 for N seconds\n"
            "                      before stopping, so a load balancer sends no more\n"
            "                      (default 0)\n"
            "  --threads N         HTTP event threads (default 4)\n"
            "  --ai-threads N      threads on which AI seats think (default %d)\n"
            "  --max-ai-ms N       the longest mcts thinking time a game may ask\n"
            "                      (default %d)\n"
            "  --hint-ms N         thinking time of a Morphos hint, per part of a turn\n"
            "                      (default %d)\n"
            "  --max-body N        bytes of a request body (default %zu)\n"
            "  --games-per-minute N      games one address may create a minute (default %d)\n"
            "  --requests-per-second N   API requests of one address a second (default %d)\n"
            "  --max-connections N       open connections (default %d)\n"
            "  --max-connections-per-client N   (default %d)\n"
            "  --max-streams N           live streams (default %d)\n"
            "  --max-streams-per-client N       (default %d)\n"
            "\n"
            "  --export DIR        write the record of every game of the database to\n"
            "                      DIR/GAME_ID.json (docs/records.md) and exit, without\n"
            "                      serving\n",
            d.ai_threads, d.max_ai_ms, d.hint_ms, d.max_body, d.limits.create_per_minute,
            d.limits.requests_per_second, d.limits.connections, d.limits.connections_per_client, d.limits.streams,
            d.limits.streams_per_client);
}

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
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = '\0';
    const char *relative[] = {"/../../web", "/../share/morph/web"};
    for (size_t i = 0; i < sizeof relative / sizeof relative[0]; i++) {
        char dir[PATH_MAX + 32], real[PATH_MAX];
        snprintf(dir, sizeof dir, "%s%s", exe, relative[i]);
        if (is_page_dir(dir) && realpath(dir, real) && strlen(real) < outlen) {
            strcpy(out, real);
            return true;
        }
    }
    return false;
}

int cmd_serve(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage(stdout);
        return EXIT_OK;
    }
    ServerConfig cfg;
    server_config_defaults(&cfg);
    HttpConfig http = {.host = "127.0.0.1", .port = 8080, .threads = 4};
    const char *db = NULL, *web = NULL, *export_dir = NULL;
    int drain_s = 0;
    struct {
        const char *flag;
        long min, max;
        int *out;
    } ints[] = {
        {"--port", 0, 65535, &http.port},
        {"--threads", 1, 64, &http.threads},
        {"--ai-threads", 1, 64, &cfg.ai_threads},
        {"--max-ai-ms", 50, 600000, &cfg.max_ai_ms},
        {"--hint-ms", 50, 60000, &cfg.hint_ms},
        {"--games-per-minute", 1, 1000000, &cfg.limits.create_per_minute},
        {"--requests-per-second", 1, 10000000, &cfg.limits.requests_per_second},
        {"--max-connections", 1, 1000000, &cfg.limits.connections},
        {"--max-connections-per-client", 1, 1000000, &cfg.limits.connections_per_client},
        {"--max-streams", 1, 1000000, &cfg.limits.streams},
        {"--max-streams-per-client", 1, 1000000, &cfg.limits.streams_per_client},
        {"--db-pool", 1, 256, &cfg.db_pool},
        {"--drain-s", 0, 600, &drain_s},
    };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc, done = false;
        for (size_t k = 0; k < sizeof ints / sizeof ints[0] && !done; k++) {
            if (strcmp(a, ints[k].flag) != 0)
                continue;
            long v;
            if (!has_value || !cli_parse_long(argv[++i], ints[k].min, ints[k].max, &v))
                return cli_fail(EXIT_USAGE, "serve: %s expects a whole number from %ld to %ld%s%s%s", a, ints[k].min,
                                ints[k].max, has_value ? ", got '" : "", has_value ? cli_quote(argv[i]) : "",
                                has_value ? "'" : "");
            *ints[k].out = (int)v;
            done = true;
        }
        if (done)
            continue;
        if (strcmp(a, "--host") == 0 && has_value) {
            http.host = argv[++i];
        } else if (strcmp(a, "--trust-proxy") == 0 && has_value) {
            http.trusted_proxies = argv[++i];
            if (!http_addresses_valid(http.trusted_proxies))
                return cli_fail(EXIT_USAGE, "serve: --trust-proxy expects IP addresses joined by commas "
                                            "(127.0.0.1,::1), got '%s'", cli_quote(http.trusted_proxies));
        } else if (strcmp(a, "--db") == 0 && has_value) {
            db = argv[++i];
        } else if (strcmp(a, "--export") == 0 && has_value) {
            export_dir = argv[++i];
        } else if (strcmp(a, "--web") == 0 && has_value) {
            web = argv[++i];
        } else if (strcmp(a, "--max-body") == 0 && has_value) {
            long v;
            if (!cli_parse_long(argv[++i], 1024, 64L << 20, &v))
                return cli_fail(EXIT_USAGE, "serve: --max-body expects a number of bytes from 1024 to %ld, got '%s'",
                                64L << 20, cli_quote(argv[i]));
            cfg.max_body = (size_t)v;
        } else if (strcmp(a, "--durable") == 0) {
            cfg.durable = true;
        } else {
            return cli_fail(EXIT_USAGE, "serve: unknown or incomplete argument '%s' (see morph serve --help)",
                            cli_quote(a));
        }
    }
    if (cli_arguments_only)
        return EXIT_OK;
    char db_path[PATH_MAX], page[PATH_MAX];
    if (!db) {
        if (!store_default_path(db_path, sizeof db_path))
            return cli_fail(EXIT_USAGE, "serve: neither XDG_DATA_HOME nor HOME is set: give the database with --db FILE");
        db = db_path;
    }
    bool postgresql = store_is_postgresql(db);
    if (postgresql && cfg.durable)
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
        printf("morph serve: database %s; %d unfinished game%s resumed", where, atomic_load(&srv->loaded),
               atomic_load(&srv->loaded) == 1 ? "" : "s");
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
