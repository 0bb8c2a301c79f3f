/* The load generator of tests/load/run.sh: scripted clients that play many
 * games at once against `morph serve` over HTTP on loopback, one libcurl
 * multi loop for every connection. Each game is a hot-seat table (the
 * client holds every seat's token) playing random legal actions with a
 * think time between moves, as people do. It measures the latency of every
 * move (the POST of an action until its answer) and writes one line per
 * game (id, actions acknowledged, final result) for the checks that follow.
 *
 *   loadgen URL --morphos N --morpyam M [--think MIN_MS,MAX_MS]
 *           [--duration S] [--ramp S] [--seed S] [--games FILE] [--size N] [--lean]
 *
 * It drives 100,000 games from one core: the games wait in a heap by the
 * time of their next request, a game holds a libcurl handle only while its
 * request is out, and the connections are kept and shared (at most
 * CONNECTIONS_MAX open, as many requests out at most), so that a game
 * costs little here and the server sees a few hundred connections, as
 * behind a proxy. A move's latency counts from the time it was due, so
 * that a request held back here (the server slow to answer the ones out)
 * counts its wait. Its own CPU and memory are reported beside the
 * latencies.
 *
 * --lean plays as the page with its engine does: each move is asked with
 * ?lean=1, the answer carries what changed, and the client follows the game
 * with the library (follow.c) to draw its next legal action. Every request
 * takes zstd and gzip, as browsers do; the bytes of the answers to moves are
 * reported, as decoded and as sent. --size: the Morphos board (9).
 */
#include <curl/curl.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <time.h>

#include "follow.h"

enum { KIND_MORPHOS, KIND_MORPYAM };
enum { CONNECTIONS_MAX = 256 }; /* open at once, kept between requests */
enum { G_CREATE, G_THINK, G_ACT, G_DONE, G_FAILED };

typedef struct Game {
    int kind, phase;
    char id[16];
    char tokens[4][64];
    CURL *easy;
    struct curl_slist *headers;
    char *resp;
    size_t resp_len;
    char body[256];
    double next_at, sent_at; /* sent_at: when the request was due (the move's time counts from then) */
    long acked;          /* actions the server acknowledged ("count" of its last state) */
    char *result;        /* the final result, JSON */
    uint64_t rng;
    int moves;
    char options[160];   /* the options it was created with (JSON), for --lean */
    Follow *follow;      /* --lean: the game as the client follows it */
} Game;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static size_t on_data(char *data, size_t size, size_t n, void *ctx)
{
    Game *g = ctx;
    size_t len = size * n;
    g->resp = realloc(g->resp, g->resp_len + len + 1);
    memcpy(g->resp + g->resp_len, data, len);
    g->resp_len += len;
    g->resp[g->resp_len] = '\0';
    return len;
}

static const char *base;
static CURLM *multi;
static int epfd;
/* When libcurl asked to be called back (its timer, one-shot), -1 none. */
static double curl_due = -1;

/* libcurl tells which sockets to watch: epoll watches them, so that each
 * event touches one connection, not all of them. */
static int on_socket(CURL *easy, curl_socket_t fd, int what, void *userp, void *socketp)
{
    struct epoll_event ev = {.data.fd = fd};
    if (what == CURL_POLL_REMOVE) {
        epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
        curl_multi_assign(multi, fd, NULL);
        return 0;
    }
    ev.events = (what & CURL_POLL_IN ? EPOLLIN : 0) | (what & CURL_POLL_OUT ? EPOLLOUT : 0);
    if (!socketp) {
        epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
        curl_multi_assign(multi, fd, (void *)1);
    } else {
        epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &ev);
    }
    return 0;
}

/* libcurl's timer: one-shot, so that once called back the loop waits for
 * the next one libcurl sets (a timeout of 0 kept as "due" made the loop spin
 * on epoll_wait without waiting: 56 million turns in a run of 23 s, a whole
 * core taken from the server beside it). */
static int on_timer(CURLM *m, long timeout_ms, void *userp)
{
    curl_due = timeout_ms < 0 ? -1 : now_s() + (double)timeout_ms / 1000;
    return 0;
}
static double *latencies;
static double *sent_times; /* when each measured move was sent, for the timeline */
static size_t nlat, caplat;
static long errors, actions_sent;
static double think_min = 0.5, think_max = 1.5;
static bool lean;
static bool lean_create; /* --lean, and the server answers new games lean */
static int morphos_size = 9;
/* Bytes of the answers to moves: the body decoded, as sent (compressed where the
 * server compressed it), and the headers; by game. */
static double body_bytes[2], wire_bytes[2], header_bytes[2];
static long answers[2];

/* Handles of requests done, kept for the next ones (a handle holds
 * buffers of its own: one per game would cost 100,000 of them). */
static CURL **spare;
static size_t nspare, capspare;

static CURL *take_handle(void)
{
    if (nspare)
        return spare[--nspare];
    CURL *easy = curl_easy_init();
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_data);
    curl_easy_setopt(easy, CURLOPT_TCP_NODELAY, 1L);
    /* what Chromium and Firefox send over HTTPS (libcurl decodes all four) */
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "gzip, deflate, br, zstd");
    return easy;
}

/* The game's request is done: its handle goes back to the spares. */
static void give_back(Game *g)
{
    if (!g->easy)
        return;
    curl_multi_remove_handle(multi, g->easy);
    if (nspare == capspare) {
        capspare = capspare ? 2 * capspare : 256;
        spare = realloc(spare, capspare * sizeof *spare);
    }
    spare[nspare++] = g->easy;
    g->easy = NULL;
    curl_slist_free_all(g->headers);
    g->headers = NULL;
    free(g->resp);
    g->resp = NULL;
    g->resp_len = 0;
}

static void send_request(Game *g, const char *path, const char *body, const char *token)
{
    char url[256];
    snprintf(url, sizeof url, "%s%s", base, path);
    g->easy = take_handle();
    curl_easy_setopt(g->easy, CURLOPT_WRITEDATA, g);
    curl_easy_setopt(g->easy, CURLOPT_PRIVATE, g);
    g->headers = curl_slist_append(NULL, "Content-Type: application/json");
    if (token) {
        char h[96];
        snprintf(h, sizeof h, "X-Seat-Token: %s", token);
        g->headers = curl_slist_append(g->headers, h);
    }
    snprintf(g->body, sizeof g->body, "%s", body);
    curl_easy_setopt(g->easy, CURLOPT_URL, url);
    curl_easy_setopt(g->easy, CURLOPT_HTTPHEADER, g->headers);
    curl_easy_setopt(g->easy, CURLOPT_POSTFIELDS, g->body);
    g->resp_len = 0;
    g->sent_at = g->next_at; /* due then: a request held back here counts its wait */
    curl_multi_add_handle(multi, g->easy);
}

static void create(Game *g)
{
    char body[384];
    if (g->kind == KIND_MORPHOS) {
        static const char *const mutators[] = {"[]", "[]", "[\"minimorph\"]", "[\"deepmorph\"]", "[\"duomorph\"]",
                                               "[\"remorph\"]", "[\"minimorph\",\"metamorph\"]", "[\"duomorph\",\"remorph\"]"};
        snprintf(g->options, sizeof g->options, "{\"size\":%d,\"mutators\":%s}", morphos_size,
                 mutators[next_rand(&g->rng) % 8]);
        snprintf(body, sizeof body,
                 "{\"game\":\"morphos\",\"options\":%s,\"listed\":false,"
                 "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}",
                 g->options);
    } else {
        static const char *const variants[] = {"standard", "flash", "plus"};
        int players = 2 + (int)(next_rand(&g->rng) % 3);
        snprintf(g->options, sizeof g->options, "{\"players\":%d,\"variant\":\"%s\"}", players,
                 variants[next_rand(&g->rng) % 3]);
        int len = snprintf(body, sizeof body,
                           "{\"game\":\"morpyam\",\"options\":%s,\"listed\":false,"
                           "\"seats\":[",
                           g->options);
        for (int p = 0; p < players; p++)
            len += snprintf(body + len, sizeof body - (size_t)len, "%s{\"kind\":\"human\",\"mine\":true}",
                            p ? "," : "");
        snprintf(body + len, sizeof body - (size_t)len, "]}");
    }
    g->phase = G_CREATE;
    /* lean: as the page asks it, without the state (what the game holds
     * so far, a Morpyam roll-off's dice, comes as a lean answer's entries) */
    send_request(g, lean_create ? "/api/games?lean=1" : "/api/games", body, NULL);
}

/* Schedules action text for seat after a think time. */
static void schedule(Game *g, const char *text, int seat, double now)
{
    json_t *b = json_pack("{s:s}", "action", text);
    char *body = json_dumps(b, JSON_COMPACT);
    snprintf(g->body, sizeof g->body, "%s", body);
    free(body);
    json_decref(b);
    g->phase = G_THINK;
    g->next_at = now + think_min + (think_max - think_min) * (double)(next_rand(&g->rng) % 1000000) / 1e6;
    g->moves = seat; /* the seat to act, kept for the request */
}

/* Reads a state: records what was acknowledged, ends the game or picks the
 * next action (a random legal one) and schedules it after a think time. */
static void take_state(Game *g, json_t *s, double now, double stop_at)
{
    g->acked = (long)json_integer_value(json_object_get(s, "count"));
    const char *status = json_string_value(json_object_get(s, "status"));
    if (status && strcmp(status, "finished") == 0) {
        free(g->result);
        json_t *r = json_deep_copy(json_object_get(s, "result"));
        json_object_del(r, "text");
        g->result = json_dumps(r, JSON_COMPACT | JSON_SORT_KEYS);
        json_decref(r);
        g->phase = G_DONE;
        return;
    }
    json_t *legal = json_object_get(s, "legal");
    json_t *to_move = json_object_get(s, "to_move");
    if (!json_array_size(legal) || !json_is_integer(to_move) || now >= stop_at) {
        g->phase = now >= stop_at ? G_DONE : G_FAILED;
        return;
    }
    json_t *pick = json_array_get(legal, next_rand(&g->rng) % json_array_size(legal));
    schedule(g, json_string_value(json_object_get(pick, "action")), (int)json_integer_value(to_move) - 1, now);
}

/* --lean: applies what changed (a lean answer's entries, or a whole state's
 * history) to the game followed, then picks the next action from it. */
static void take_changes(Game *g, const json_t *doc, const json_t *entries, double now, double stop_at)
{
    size_t i;
    json_t *entry;
    json_array_foreach(entries, i, entry) {
        if (!follow_apply(g->follow, (int)json_integer_value(json_object_get(entry, "index")),
                          json_string_value(json_object_get(entry, "action")))) {
            fprintf(stderr, "loadgen: game %s: entry %zu does not follow\n", g->id, i);
            errors++;
            g->phase = G_FAILED;
            return;
        }
    }
    g->acked = (long)json_integer_value(json_object_get(doc, "count"));
    if (g->acked != follow_count(g->follow)) {
        fprintf(stderr, "loadgen: game %s: %ld actions told, %d followed\n", g->id, g->acked, follow_count(g->follow));
        errors++;
        g->phase = G_FAILED;
        return;
    }
    const char *status = json_string_value(json_object_get(doc, "status"));
    if (status && strcmp(status, "finished") == 0) {
        free(g->result);
        g->result = follow_result(g->follow);
        g->phase = G_DONE;
        return;
    }
    char text[160];
    int seat = now < stop_at ? follow_pick(g->follow, next_rand(&g->rng), text, sizeof text) : -1;
    if (seat < 0) {
        g->phase = now >= stop_at ? G_DONE : G_FAILED;
        return;
    }
    schedule(g, text, seat, now);
}

/* The end of the JSON array at p (its '['), strings and nesting skipped:
 * just past its ']', or NULL when it does not end before end. */
static char *array_end(char *p, const char *end)
{
    int depth = 0;
    for (bool quoted = false; p < end; p++) {
        if (quoted) {
            if (*p == '\\')
                p++;
            else if (*p == '"')
                quoted = false;
        } else if (*p == '"') {
            quoted = true;
        } else if (*p == '[' || *p == '{') {
            depth++;
        } else if ((*p == ']' || *p == '}') && --depth == 0) {
            return p + 1;
        }
    }
    return NULL;
}

/* A lean answer to a move, less its seats (their names and the sentences of
 * what each may do, the same at every move, which this client never reads):
 * its new length. Parsing them was about a seventh of this client's CPU. */
static size_t without_seats(char *resp, size_t len)
{
    static const char key[] = ",\"seats\":[";
    char *at = memmem(resp, len, key, sizeof key - 1);
    char *after = at ? array_end(at + sizeof key - 2, resp + len) : NULL;
    if (!after)
        return len;
    memmove(at, after, (size_t)(resp + len - after));
    return len - (size_t)(after - at);
}

static void finished(Game *g, long code, double now, double stop_at)
{
    /* A move's answer is the state, whose history (its last member but the
     * viewer's) grows with the game: the client reads only what comes
     * before it, so that the load measures the server, not this parser. */
    size_t len = g->resp_len;
    char *history = !lean && g->phase == G_ACT && code == 200 && g->resp ? strstr(g->resp, ",\"history\":[") : NULL;
    if (g->phase == G_ACT && code == 200) {
        curl_off_t wire = 0;
        long head = 0;
        curl_easy_getinfo(g->easy, CURLINFO_SIZE_DOWNLOAD_T, &wire);
        curl_easy_getinfo(g->easy, CURLINFO_HEADER_SIZE, &head);
        body_bytes[g->kind] += (double)g->resp_len;
        wire_bytes[g->kind] += (double)wire;
        header_bytes[g->kind] += (double)head;
        answers[g->kind]++;
    }
    if (history) {
        history[0] = '}';
        len = (size_t)(history - g->resp) + 1;
    } else if (lean && g->phase == G_ACT && code == 200 && g->resp) {
        len = without_seats(g->resp, len);
    }
    json_t *doc = json_loadb(g->resp ? g->resp : "", len, 0, NULL);
    if (g->phase == G_CREATE) {
        if (code == 400 && lean_create && g->resp && strstr(g->resp, "lean")) {
            /* an older server: its new games answer the whole state */
            lean_create = false;
            json_decref(doc);
            g->phase = G_THINK; /* made again at once, by the loop */
            g->next_at = now;
            return;
        }
        if (code != 201 || !doc) {
            fprintf(stderr, "loadgen: create failed (%ld): %.200s\n", code, g->resp ? g->resp : "");
            errors++;
            g->phase = G_FAILED;
        } else {
            snprintf(g->id, sizeof g->id, "%s", json_string_value(json_object_get(doc, "id")));
            size_t i;
            json_t *item;
            json_array_foreach(json_object_get(doc, "seats"), i, item) {
                int seat = (int)json_integer_value(json_object_get(item, "seat")) - 1;
                if (seat >= 0 && seat < 4)
                    snprintf(g->tokens[seat], sizeof g->tokens[seat], "%s",
                             json_string_value(json_object_get(item, "token")));
            }
            json_t *state = json_object_get(doc, "state");
            if (lean) {
                json_t *changes = lean_create ? json_object_get(doc, "changes") : state;
                g->follow = follow_new(g->kind == KIND_MORPHOS ? "morphos" : "morpyam", g->options);
                if (g->follow)
                    take_changes(g, changes, json_object_get(changes, lean_create ? "entries" : "history"), now,
                                 stop_at);
                else
                    g->phase = G_FAILED, errors++;
            } else {
                take_state(g, state, now, stop_at);
            }
        }
    } else if (g->phase == G_ACT) {
        if (nlat == caplat) {
            caplat = caplat ? 2 * caplat : 65536;
            latencies = realloc(latencies, caplat * sizeof *latencies);
            sent_times = realloc(sent_times, caplat * sizeof *sent_times);
        }
        sent_times[nlat] = g->sent_at;
        latencies[nlat++] = now - g->sent_at;
        if (code != 200 || !doc) {
            if (errors < 10)
                fprintf(stderr, "loadgen: game %s: action %s refused (%ld): %.200s\n", g->id, g->body, code,
                        g->resp ? g->resp : "");
            errors++;
            g->phase = G_FAILED;
        } else if (lean) {
            take_changes(g, doc, json_object_get(doc, "entries"), now, stop_at);
        } else {
            take_state(g, doc, now, stop_at);
        }
    }
    json_decref(doc);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(double p)
{
    if (!nlat)
        return 0;
    size_t k = (size_t)ceil(p * (double)nlat) - 1;
    return latencies[k < nlat ? k : nlat - 1];
}

/* The games waiting for their next request, by its time (a binary heap of
 * indexes into games): each turn of the loop touches the games due, not
 * all of them. */
static Game *all_games;
static int *heap;
static size_t nheap;

static bool earlier(int a, int b)
{
    return all_games[a].next_at < all_games[b].next_at;
}

static void heap_push(int i)
{
    size_t k = nheap++;
    heap[k] = i;
    while (k > 0 && earlier(heap[k], heap[(k - 1) / 2])) {
        int t = heap[k];
        heap[k] = heap[(k - 1) / 2];
        heap[(k - 1) / 2] = t;
        k = (k - 1) / 2;
    }
}

static int heap_pop(void)
{
    int top = heap[0];
    heap[0] = heap[--nheap];
    for (size_t k = 0;;) {
        size_t l = 2 * k + 1, r = l + 1, m = k;
        if (l < nheap && earlier(heap[l], heap[m]))
            m = l;
        if (r < nheap && earlier(heap[r], heap[m]))
            m = r;
        if (m == k)
            break;
        int t = heap[k];
        heap[k] = heap[m];
        heap[m] = t;
        k = m;
    }
    return top;
}

/* CPU seconds (user and system) this process used. */
static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_utime.tv_sec + u.ru_utime.tv_usec / 1e6 + (double)u.ru_stime.tv_sec + u.ru_stime.tv_usec / 1e6;
}

int main(int argc, char **argv)
{
    int n_morphos = 1000, n_morpyam = 200;
    double duration = 120, ramp = -1;
    uint64_t seed = 1;
    const char *games_file = "loadgen-games.tsv";
    for (int i = 1; i < argc; i++) {
        bool v = i + 1 < argc;
        if (strcmp(argv[i], "--morphos") == 0 && v)
            n_morphos = atoi(argv[++i]);
        else if (strcmp(argv[i], "--morpyam") == 0 && v)
            n_morpyam = atoi(argv[++i]);
        else if (strcmp(argv[i], "--duration") == 0 && v)
            duration = atof(argv[++i]);
        else if (strcmp(argv[i], "--ramp") == 0 && v)
            ramp = atof(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && v)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--games") == 0 && v)
            games_file = argv[++i];
        else if (strcmp(argv[i], "--size") == 0 && v)
            morphos_size = atoi(argv[++i]);
        else if (strcmp(argv[i], "--lean") == 0)
            lean = lean_create = true;
        else if (strcmp(argv[i], "--think") == 0 && v) {
            double lo, hi;
            if (sscanf(argv[++i], "%lf,%lf", &lo, &hi) != 2 || lo < 0 || hi < lo) {
                fprintf(stderr, "loadgen: --think expects MIN_MS,MAX_MS\n");
                return 2;
            }
            think_min = lo / 1000;
            think_max = hi / 1000;
        } else if (argv[i][0] != '-' && !base)
            base = argv[i];
        else {
            fprintf(stderr, "usage: loadgen URL [--morphos N] [--morpyam M] [--think MIN_MS,MAX_MS] "
                            "[--duration S] [--ramp S] [--seed S] [--games FILE] [--size N] [--lean]\n");
            return 2;
        }
    }
    if (!base) {
        fprintf(stderr, "loadgen: the server's URL is missing\n");
        return 2;
    }
    curl_global_init(CURL_GLOBAL_DEFAULT);
    multi = curl_multi_init();
    /* connections kept and shared between the games' requests */
    curl_multi_setopt(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, (long)CONNECTIONS_MAX);
    curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, (long)CONNECTIONS_MAX);
    epfd = epoll_create1(0);
    curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, on_socket);
    curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, on_timer);
    int n = n_morphos + n_morpyam;
    Game *games = calloc((size_t)n, sizeof *games);
    all_games = games;
    heap = malloc((size_t)(n ? n : 1) * sizeof *heap);
    double cpu_start = cpu_seconds();
    /* creations are spread over the ramp, as people arrive (by default 20 s,
     * or the longest think time, or 2 ms a game: at most 500 arrive a
     * second), then every game plays for the duration */
    if (ramp < 0) {
        ramp = think_max > 20 ? think_max : 20;
        if (ramp < n / 500.0)
            ramp = n / 500.0;
    }
    double start = now_s(), stop_at = start + ramp + duration;
    for (int i = 0; i < n; i++) {
        games[i].kind = i < n_morphos ? KIND_MORPHOS : KIND_MORPYAM;
        games[i].rng = seed * 1000003 + (uint64_t)i;
        games[i].phase = G_THINK;
        games[i].body[0] = '\0';
        games[i].next_at = start + ramp * i / n;
        heap_push(i);
    }
    int running = 0;
    long pending = 0; /* requests sent, not yet answered */
    for (;;) {
        double now = now_s();
        /* at most CONNECTIONS_MAX requests out: the others wait here, due,
         * not in libcurl's queue (whose every removal walks it) */
        while (nheap && games[heap[0]].next_at <= now && pending < CONNECTIONS_MAX) {
            Game *g = &games[heap_pop()];
            if (!g->id[0]) {
                create(g);
            } else {
                g->phase = G_ACT;
                char path[64];
                snprintf(path, sizeof path, "/api/games/%s/actions%s", g->id, lean ? "?lean=1" : "");
                char body[256];
                snprintf(body, sizeof body, "%s", g->body);
                send_request(g, path, body, g->tokens[g->moves]);
                actions_sent++;
            }
            pending++;
        }
        if (!nheap && !pending)
            break;
        /* the next due game, or (every request slot taken) the next answer */
        double wake = nheap && pending < CONNECTIONS_MAX ? games[heap[0]].next_at : now + 0.05;
        if (curl_due >= 0 && curl_due < wake)
            wake = curl_due;
        int timeout = (int)ceil((wake - now) * 1000);
        if (timeout > 50)
            timeout = 50;
        struct epoll_event events[256];
        int nev = epoll_wait(epfd, events, 256, timeout < 0 ? 0 : timeout);
        for (int e = 0; e < nev; e++) {
            int flags = (events[e].events & EPOLLIN ? CURL_CSELECT_IN : 0) |
                        (events[e].events & EPOLLOUT ? CURL_CSELECT_OUT : 0) |
                        (events[e].events & (EPOLLERR | EPOLLHUP) ? CURL_CSELECT_ERR : 0);
            curl_multi_socket_action(multi, events[e].data.fd, flags, &running);
        }
        if (curl_due >= 0 && now_s() >= curl_due) {
            curl_due = -1;
            curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running);
        }
        CURLMsg *msg;
        int left;
        while ((msg = curl_multi_info_read(multi, &left))) {
            if (msg->msg != CURLMSG_DONE)
                continue;
            Game *g;
            curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&g);
            long code = 0;
            if (msg->data.result == CURLE_OK)
                curl_easy_getinfo(msg->easy_handle, CURLINFO_RESPONSE_CODE, &code);
            else if (errors < 10)
                fprintf(stderr, "loadgen: %s\n", curl_easy_strerror(msg->data.result));
            finished(g, code, now_s(), stop_at);
            give_back(g);
            pending--;
            /* a game whose next move would come after the end stops here */
            if (g->phase == G_THINK && g->next_at >= stop_at)
                g->phase = G_DONE;
            if (g->phase == G_THINK)
                heap_push((int)(g - games));
        }
    }
    double elapsed = now_s() - start;
    /* the timeline: moves and their p99 in windows of 10 s */
    for (int w = 0; w * 10.0 < elapsed; w++) {
        double *window = malloc((nlat ? nlat : 1) * sizeof *window);
        size_t k = 0;
        for (size_t i = 0; i < nlat; i++)
            if (sent_times[i] - start >= w * 10.0 && sent_times[i] - start < (w + 1) * 10.0)
                window[k++] = latencies[i];
        qsort(window, k, sizeof *window, cmp_double);
        if (k)
            printf("  %3d-%3d s: %6zu moves, p50 %6.2f ms, p99 %7.2f ms\n", w * 10, (w + 1) * 10, k,
                   window[(k - 1) / 2] * 1000, window[(size_t)ceil(0.99 * (double)k) - 1] * 1000);
        free(window);
    }
    qsort(latencies, nlat, sizeof *latencies, cmp_double);
    int done = 0, failed = 0, unfinished = 0;
    FILE *out = fopen(games_file, "w");
    for (int i = 0; i < n; i++) {
        Game *g = &games[i];
        if (g->result)
            done++;
        else if (g->phase == G_FAILED)
            failed++;
        else
            unfinished++;
        if (g->id[0])
            fprintf(out, "%s\t%s\t%ld\t%s\n", g->id, g->kind == KIND_MORPHOS ? "morphos" : "morpyam", g->acked,
                    g->result ? g->result : "null");
        give_back(g);
        free(g->result);
        follow_free(g->follow);
    }
    fclose(out);
    printf("games: %d (%d Morphos %dx%d, %d Morpyam); finished %d, stopped by the time limit %d, failed %d\n", n,
           n_morphos, morphos_size, morphos_size, n_morpyam, done, unfinished, failed);
    for (int k = 0; k < 2; k++)
        if (answers[k])
            printf("bytes a move, %s%s: %.0f in the answer's body (%.0f on the wire), %.0f of headers\n",
                   k == KIND_MORPHOS ? "Morphos" : "Morpyam", lean ? " (lean)" : "", body_bytes[k] / answers[k],
                   wire_bytes[k] / answers[k], header_bytes[k] / answers[k]);
    printf("moves: %zu in %.1f s: %.0f moves/s (think time %.0f-%.0f ms)\n", nlat, elapsed, nlat / elapsed,
           think_min * 1000, think_max * 1000);
    printf("move latency: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n", pct(0.5) * 1000, pct(0.9) * 1000,
           pct(0.99) * 1000, nlat ? latencies[nlat - 1] * 1000 : 0.0);
    printf("errors: %ld\n", errors);
    struct rusage self;
    getrusage(RUSAGE_SELF, &self);
    printf("load generator: CPU %.1f s (%.0f%% of a core), peak RSS %ld MiB, %d connections at most\n",
           cpu_seconds() - cpu_start, 100 * (cpu_seconds() - cpu_start) / elapsed, self.ru_maxrss / 1024,
           CONNECTIONS_MAX);
    for (size_t i = 0; i < nspare; i++)
        curl_easy_cleanup(spare[i]);
    free(spare);
    free(heap);
    free(latencies);
    free(sent_times);
    free(games);
    curl_multi_cleanup(multi);
    curl_global_cleanup();
    return errors ? 1 : 0;
}
