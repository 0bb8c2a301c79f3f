/* The PostgreSQL store's plumbing: connections (libpq, with morph's
 * defaults under whatever the URI says), a pool of them shared by the
 * server's threads, parameters and errors of prepared statements, the
 * migrations, and the thread that LISTENs for changes of games. */
#include <errno.h>
#include <stdint.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../store_migrations.h"
#include "store_pg_internal.h"
#include "../../../core/xalloc.h"

/* ---- connections ---- */

/* The first line of libpq's message (it may hold several, with hints). */
static void first_line(const char *msg, char *out, size_t outlen)
{
    snprintf(out, outlen, "%.*s", (int)strcspn(msg ? msg : "", "\n"), msg ? msg : "");
}

/* Notices ("relation already exists, skipping") are for people at a psql
 * prompt, not for the server's log. */
static void quiet(void *arg, const char *message)
{
}

PGconn *pg_connect(PgStore *s, char *err, size_t errlen)
{
    /* Later keywords win: the URI (dbname, expanded) overrides these defaults. */
    const char *keys[] = {"connect_timeout", "application_name", "keepalives_idle", "keepalives_interval",
                          "keepalives_count", "options", "dbname", NULL};
    const char *values[] = {"10", "morph serve", "30", "10", "3", "-c statement_timeout=30s", s->uri, NULL};
    PGconn *conn = PQconnectdbParams(keys, values, 1);
    if (conn && PQstatus(conn) == CONNECTION_OK) {
        PQsetNoticeProcessor(conn, quiet, NULL);
        return conn;
    }
    char why[256];
    first_line(conn ? PQerrorMessage(conn) : "out of memory", why, sizeof why);
    snprintf(err, errlen, "cannot connect to the database %s: %s", s->describe[0] ? s->describe : "(postgresql)", why);
    PQfinish(conn);
    return NULL;
}

static bool prepare_all(PGconn *conn, char *err, size_t errlen)
{
    for (int q = 0; q < P_COUNT; q++) {
        char name[16];
        snprintf(name, sizeof name, "m%d", q);
        PGresult *r = PQprepare(conn, name, pg_sql[q], 0, NULL);
        bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        if (!ok) {
            char why[256];
            first_line(PQresultErrorMessage(r), why, sizeof why);
            snprintf(err, errlen, "database: cannot prepare statement %d: %s", q, why);
        }
        PQclear(r);
        if (!ok)
            return false;
    }
    return true;
}

PgConn *pg_acquire(PgStore *s, char *err, size_t errlen)
{
    pthread_mutex_lock(&s->lock);
    PgConn *c = NULL;
    for (;;) {
        for (int i = 0; i < s->nconns && !c; i++)
            if (!s->conns[i].busy)
                c = &s->conns[i];
        if (c)
            break;
        pthread_cond_wait(&s->freed, &s->lock);
    }
    c->busy = true;
    c->store = s;
    pthread_mutex_unlock(&s->lock);
    /* A connection that broke (the database restarted, the network) is
     * made again here, on its next use. */
    if (c->conn && PQstatus(c->conn) != CONNECTION_OK) {
        PQfinish(c->conn);
        c->conn = NULL;
    }
    if (!c->conn && (c->conn = pg_connect(s, err, errlen)) && !prepare_all(c->conn, err, errlen)) {
        PQfinish(c->conn);
        c->conn = NULL;
    }
    if (!c->conn) {
        pg_release(s, c);
        return NULL;
    }
    return c;
}

void pg_release(PgStore *s, PgConn *c)
{
    /* Never hand on a connection inside a transaction. */
    if (c->conn && PQtransactionStatus(c->conn) != PQTRANS_IDLE) {
        PGresult *r = PQexec(c->conn, "ROLLBACK");
        PQclear(r);
    }
    pthread_mutex_lock(&s->lock);
    c->busy = false;
    pthread_cond_signal(&s->freed);
    pthread_mutex_unlock(&s->lock);
}

/* ---- parameters and statements ---- */

void pg_text(PgParams *p, const char *text)
{
    p->v[p->n++] = text && text[0] ? text : NULL;
}

void pg_int(PgParams *p, long long value)
{
    snprintf(p->num[p->n], sizeof p->num[p->n], "%lld", value);
    p->v[p->n] = p->num[p->n];
    p->n++;
}

void pg_bool(PgParams *p, bool value)
{
    p->v[p->n++] = value ? "t" : "f";
}

void pg_array_texts(StrBuf *out, const char *const *items, int n)
{
    sb_putc(out, '{');
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(out, ',');
        if (!items[i]) {
            sb_puts(out, "NULL");
            continue;
        }
        sb_putc(out, '"');
        for (const char *c = items[i]; *c; c++) {
            if (*c == '"' || *c == '\\')
                sb_putc(out, '\\');
            sb_putc(out, *c);
        }
        sb_putc(out, '"');
    }
    sb_putc(out, '}');
}

void pg_array_ints(StrBuf *out, const int *items, int n)
{
    sb_putc(out, '{');
    for (int i = 0; i < n; i++)
        sb_printf(out, "%s%d", i ? "," : "", items[i]);
    sb_putc(out, '}');
}

static void result_error(PGconn *conn, PGresult *r, const char *what, char *err, size_t errlen)
{
    const char *state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : NULL;
    const char *primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : NULL;
    char why[256];
    first_line(primary ? primary : PQerrorMessage(conn), why, sizeof why);
    /* 23505: a unique key refused a row, which another server wrote first. */
    snprintf(err, errlen, "%sdatabase: %s: %s", state && strcmp(state, "23505") == 0 ? STORE_CONFLICT : "", what,
             why[0] ? why : "the connection was lost");
}

long long pg_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* r when its status is want, else NULL with err (r freed). */
static PGresult *checked(PgConn *c, PGresult *r, ExecStatusType want, const char *what, char *err, size_t errlen)
{
    if (PQresultStatus(r) == want) {
        if (c->store)
            atomic_store(&c->store->last_ok_ms, pg_now_ms());
        return r;
    }
    result_error(c->conn, r, what, err, errlen);
    PQclear(r);
    return NULL;
}

PGresult *pg_run(PgConn *c, int q, const PgParams *p, ExecStatusType want, const char *what, char *err,
                 size_t errlen)
{
    char name[16];
    snprintf(name, sizeof name, "m%d", q);
    return checked(c, PQexecPrepared(c->conn, name, p ? p->n : 0, p ? p->v : NULL, NULL, NULL, 0), want, what, err,
                   errlen);
}

PGresult *pg_run_sql(PgConn *c, const char *sql, const PgParams *p, ExecStatusType want, const char *what, char *err,
                     size_t errlen)
{
    return checked(c, PQexecParams(c->conn, sql, p ? p->n : 0, NULL, p ? p->v : NULL, NULL, NULL, 0), want, what,
                   err, errlen);
}

PGresult *pg_query_sql(PgStore *s, const char *sql, const PgParams *p, ExecStatusType want, const char *what,
                       char *err, size_t errlen)
{
    PgConn *c = pg_acquire(s, err, errlen);
    if (!c)
        return NULL;
    PGresult *r = pg_run_sql(c, sql, p, want, what, err, errlen);
    pg_release(s, c);
    return r;
}

bool pg_change(PgStore *s, const char *sql, const PgParams *p, int *changed, const char *what, char *err,
               size_t errlen)
{
    PGresult *r = pg_query_sql(s, sql, p, PGRES_COMMAND_OK, what, err, errlen);
    bool ok = r && (!changed || pg_rows_changed(r, changed, what, err, errlen));
    PQclear(r);
    return ok;
}

PGresult *pg_query(PgStore *s, int q, const PgParams *p, ExecStatusType want, const char *what, char *err,
                   size_t errlen)
{
    PgConn *c = pg_acquire(s, err, errlen);
    if (!c)
        return NULL;
    PGresult *r = pg_run(c, q, p, want, what, err, errlen);
    pg_release(s, c);
    return r;
}

PGresult *pg_read(PgStore *s, int q, const PgParams *p, const char *what, char *err, size_t errlen)
{
    for (int attempt = 0;; attempt++) {
        PgConn *c = pg_acquire(s, err, errlen);
        if (!c)
            return NULL;
        PGresult *r = pg_run(c, q, p, PGRES_TUPLES_OK, what, err, errlen);
        bool broke = !r && PQstatus(c->conn) != CONNECTION_OK;
        pg_release(s, c); /* a broken connection is made again when next taken */
        if (r || !broke || attempt == 1)
            return r;
    }
}

bool pg_exec(PgConn *c, const char *sql, const char *what, char *err, size_t errlen)
{
    PGresult *r = PQexec(c->conn, sql);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
    if (!ok)
        result_error(c->conn, r, what, err, errlen);
    PQclear(r);
    return ok;
}

/* ---- migrations ---- */

/* The key of the advisory lock that serialises migrations ("morph"). */
#define MIGRATION_LOCK "469920263016"

static bool exec_plain(PGconn *conn, const char *sql, const char *what, char *err, size_t errlen)
{
    PgConn c = {.conn = conn};
    return pg_exec(&c, sql, what, err, errlen);
}

/* Notes a migration done; its summary passed as a value (it may hold quotes). */
static bool record_migration(PGconn *conn, const char *number, const char *summary, const char *what, char *err,
                             size_t errlen)
{
    const char *values[2] = {number, summary};
    PGresult *r = PQexecParams(conn, "INSERT INTO morph_schema (version, summary) VALUES ($1::integer, $2)", 2, NULL,
                               values, NULL, NULL, 0);
    bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok)
        result_error(conn, r, what, err, errlen);
    PQclear(r);
    return ok;
}

bool pg_migrate(PGconn *conn, char *err, size_t errlen)
{
    if (!exec_plain(conn, "BEGIN", "cannot begin the migrations", err, errlen))
        return false;
    bool ok = exec_plain(conn,
                         "SELECT pg_advisory_xact_lock(" MIGRATION_LOCK ");"
                         "CREATE TABLE IF NOT EXISTS morph_schema (version INTEGER PRIMARY KEY,"
                         " summary TEXT NOT NULL, applied TIMESTAMPTZ NOT NULL DEFAULT now())",
                         "cannot read the schema version", err, errlen);
    int version = -1, newest = store_schema_version();
    if (ok) {
        PGresult *r = PQexec(conn, "SELECT coalesce(max(version), 0) FROM morph_schema");
        StoreCols c = pg_cols(r, 0);
        if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
            version = store_col_int(&c, 0);
        PQclear(r);
        ok = version >= 0 && store_cols_ok(&c, "cannot read the schema version", err, errlen);
        if (!ok && !c.bad[0])
            snprintf(err, errlen, "database: cannot read the schema version");
    }
    if (ok && version > newest) {
        snprintf(err, errlen, "the database has schema version %d; this morph reads versions up to %d (a newer "
                 "morph wrote it)", version, newest);
        ok = false;
    }
    for (const StoreMigration *m = store_migrations; ok && m->version; m++) {
        if (m->version <= version)
            continue;
        char what[96], number[16];
        snprintf(what, sizeof what, "migration %d (%.60s)", m->version, m->summary);
        snprintf(number, sizeof number, "%d", m->version);
        ok = exec_plain(conn, m->postgresql, what, err, errlen) && record_migration(conn, number, m->summary, what, err, errlen);
    }
    if (ok)
        return exec_plain(conn, "COMMIT", "cannot commit the migrations", err, errlen);
    char ignore[8];
    exec_plain(conn, "ROLLBACK", "rollback", ignore, sizeof ignore);
    return false;
}

/* ---- NOTIFY ---- */

static void notify_payload(PgStore *s, const char *payload)
{
    pthread_mutex_lock(&s->notify_lock);
    if (s->npending == s->pending_cap) {
        s->pending_cap = s->pending_cap ? 2 * s->pending_cap : 64;
        s->pending = xrealloc(s->pending, (size_t)s->pending_cap * sizeof *s->pending);
    }
    s->pending[s->npending++] = xstrdup(payload);
    pthread_cond_signal(&s->notify_cond);
    pthread_mutex_unlock(&s->notify_lock);
}

void pg_notify_change(PgStore *s, const char *id, int64_t version)
{
    char payload[GAME_ID_LEN + 24];
    if (version >= 0)
        snprintf(payload, sizeof payload, "%s %lld", id, (long long)version);
    else
        snprintf(payload, sizeof payload, "%s", id);
    notify_payload(s, payload);
}

void pg_notify_note(Store *st, const StoreNote *note)
{
    PgStore *s = (PgStore *)st;
    char payload[2 * GAME_ID_LEN + 32];
    switch (note->kind) {
    case NOTE_GAME:
        pg_notify_change(s, note->id, note->version == INT64_MAX ? -1 : note->version);
        return;
    case NOTE_CHAT:
        snprintf(payload, sizeof payload, "chat %s", note->id);
        break;
    case NOTE_LOBBY:
        snprintf(payload, sizeof payload, "lobby %s %s", note->id, note->game);
        break;
    case NOTE_ACCOUNT:
        snprintf(payload, sizeof payload, "account %lld", (long long)note->account);
        break;
    case NOTE_ANALYSIS:
        snprintf(payload, sizeof payload, "analysis %s", note->id);
        break;
    default:
        return;
    }
    notify_payload(s, payload);
}

/* Sends a batch of payloads in one statement (one short transaction,
 * nothing written); false when the connection failed. */
static bool send_batch(PGconn *conn, char **payloads, int n)
{
    StrBuf array = STRBUF_INIT;
    pg_array_texts(&array, (const char *const *)payloads, n);
    const char *values[1] = {sb_str(&array)};
    PGresult *r = PQexecParams(conn, "SELECT pg_notify('" PG_CHANNEL "', p) FROM unnest($1::text[]) AS p", 1, NULL,
                               values, NULL, NULL, 0);
    bool ok = PQresultStatus(r) == PGRES_TUPLES_OK;
    PQclear(r);
    sb_free(&array);
    return ok;
}

static void *notify_main(void *arg)
{
    PgStore *s = arg;
    PGconn *conn = NULL;
    bool told = false; /* a failure was said (once until it works again) */
    pthread_mutex_lock(&s->notify_lock);
    for (;;) {
        while (!s->npending && !s->notify_stop)
            pthread_cond_wait(&s->notify_cond, &s->notify_lock);
        if (!s->npending)
            break;
        char **batch = s->pending;
        int n = s->npending;
        s->pending = NULL;
        s->npending = s->pending_cap = 0;
        pthread_mutex_unlock(&s->notify_lock);
        bool sent = false;
        char err[320] = "";
        for (int attempt = 0; attempt < 2 && !sent; attempt++) {
            if (conn && PQstatus(conn) != CONNECTION_OK) {
                PQfinish(conn);
                conn = NULL;
            }
            if (!conn)
                conn = pg_connect(s, err, sizeof err);
            sent = conn && send_batch(conn, batch, n);
            if (!sent && conn) {
                snprintf(err, sizeof err, "%s", PQerrorMessage(conn));
                PQfinish(conn);
                conn = NULL;
            }
        }
        /* Lost notifications only delay the other servers' streams: they
         * check their streamed games now and then (cluster.c). */
        if (!sent && !told)
            fprintf(stderr, "morph serve: cannot tell the other servers of %d change%s: %.*s\n", n, n == 1 ? "" : "s",
                    (int)strcspn(err, "\n"), err);
        told = !sent;
        for (int i = 0; i < n; i++)
            free(batch[i]);
        free(batch);
        pthread_mutex_lock(&s->notify_lock);
    }
    pthread_mutex_unlock(&s->notify_lock);
    PQfinish(conn);
    return NULL;
}

void pg_notifier_start(PgStore *s)
{
    pthread_mutex_init(&s->notify_lock, NULL);
    pthread_cond_init(&s->notify_cond, NULL);
    s->notifying = pthread_create(&s->notifier, NULL, notify_main, s) == 0;
}

void pg_notifier_stop(PgStore *s)
{
    if (s->notifying) {
        pthread_mutex_lock(&s->notify_lock);
        s->notify_stop = true;
        pthread_cond_signal(&s->notify_cond);
        pthread_mutex_unlock(&s->notify_lock);
        pthread_join(s->notifier, NULL);
        s->notifying = false;
    }
    for (int i = 0; i < s->npending; i++)
        free(s->pending[i]);
    free(s->pending);
    s->pending = NULL;
    s->npending = 0;
}

/* ---- LISTEN ---- */

/* A payload as a note: "ID VERSION" or "ID" (a game), "chat ID", "lobby"
 * (or "lobby CHALLENGE GAME": a challenge accepted),
 * "account N", "analysis ID" (pg_notify_note); false for anything else. */
static bool read_note(const char *payload, StoreNote *note)
{
    memset(note, 0, sizeof *note);
    char word[16] = "";
    long long number = INT64_MAX;
    int n = sscanf(payload, "%15s %lld", word, &number);
    if (n >= 1 && strcmp(word, "lobby") == 0) {
        note->kind = NOTE_LOBBY;
        if (sscanf(payload, "lobby %10s %10s", note->id, note->game) != 2)
            note->id[0] = note->game[0] = '\0';
        return true;
    }
    if (n == 2 && strcmp(word, "account") == 0) {
        note->kind = NOTE_ACCOUNT;
        note->account = number;
        return true;
    }
    if (strcmp(word, "chat") == 0 && sscanf(payload, "chat %10s", note->id) == 1) {
        note->kind = NOTE_CHAT;
        return true;
    }
    if (strcmp(word, "analysis") == 0 && sscanf(payload, "analysis %10s", note->id) == 1) {
        note->kind = NOTE_ANALYSIS;
        return true;
    }
    if (n < 1 || strlen(word) != GAME_ID_LEN)
        return false;
    note->kind = NOTE_GAME;
    memcpy(note->id, word, sizeof note->id);
    note->version = n == 2 ? number : INT64_MAX; /* "ID" alone: changed, version unknown */
    return true;
}

/* The notifications waiting: each game once with its newest version, the
 * other notes as they come. */
static void deliver(PgStore *s, PGconn *conn)
{
    enum { BATCH = 256 };
    StoreNote games[BATCH];
    int n = 0;
    PGnotify *pn;
    while ((pn = PQnotifies(conn))) {
        StoreNote note;
        bool known = read_note(pn->extra, &note);
        PQfreemem(pn);
        if (!known)
            continue;
        if (note.kind != NOTE_GAME) {
            s->heard(s->heard_ctx, &note);
            continue;
        }
        int i = 0;
        while (i < n && strcmp(games[i].id, note.id) != 0)
            i++;
        if (i == n && n == BATCH) {
            for (int k = 0; k < n; k++)
                s->heard(s->heard_ctx, &games[k]);
            n = i = 0;
        }
        if (i == n)
            games[n++] = note;
        else if (note.version > games[i].version)
            games[i].version = note.version;
    }
    for (int k = 0; k < n; k++)
        s->heard(s->heard_ctx, &games[k]);
}

static PGconn *listen_conn(PgStore *s, char *err, size_t errlen)
{
    PGconn *conn = pg_connect(s, err, errlen);
    if (conn && !exec_plain(conn, "LISTEN " PG_CHANNEL, "cannot listen for changes", err, errlen)) {
        PQfinish(conn);
        conn = NULL;
    }
    return conn;
}

static void *watch_main(void *arg)
{
    PgStore *s = arg;
    PGconn *conn = s->listening;
    s->listening = NULL;
    bool stop = false;
    while (!stop) {
        if (!conn) {
            char err[320];
            conn = listen_conn(s, err, sizeof err);
            if (conn) { /* notifications may have been missed: anything may have changed */
                StoreNote all = {.kind = NOTE_ALL};
                s->heard(s->heard_ctx, &all);
            }
            else
                fprintf(stderr, "morph serve: %s (trying again in a second)\n", err);
        }
        struct pollfd fds[2] = {{.fd = s->stop_pipe[0], .events = POLLIN}, {.fd = conn ? PQsocket(conn) : -1,
                                                                             .events = POLLIN}};
        int rc = poll(fds, conn ? 2 : 1, 1000); /* without a connection: a second, then again */
        if (rc < 0 && errno != EINTR)
            break;
        if (fds[0].revents)
            stop = true;
        else if (conn && (fds[1].revents || rc == 0)) {
            if (!PQconsumeInput(conn) || PQstatus(conn) != CONNECTION_OK) {
                fprintf(stderr, "morph serve: the database connection that listens for changes was lost; "
                                "connecting again\n");
                PQfinish(conn);
                conn = NULL;
            } else {
                deliver(s, conn);
            }
        }
    }
    PQfinish(conn);
    return NULL;
}

bool pg_watch(Store *st, void (*heard)(void *ctx, const StoreNote *note), void *ctx, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    if (s->watching) {
        snprintf(err, errlen, "the store is watched already");
        return false;
    }
    s->listening = listen_conn(s, err, errlen);
    if (!s->listening)
        return false;
    s->heard = heard;
    s->heard_ctx = ctx;
    bool ok = pipe(s->stop_pipe) == 0;
    if (!ok) {
        snprintf(err, errlen, "cannot make a pipe: %s", strerror(errno));
    } else if (!(ok = pthread_create(&s->watcher, NULL, watch_main, s) == 0)) {
        close(s->stop_pipe[0]);
        close(s->stop_pipe[1]);
        snprintf(err, errlen, "cannot start the thread that listens for changes");
    }
    if (!ok) {
        PQfinish(s->listening);
        s->listening = NULL;
        return false;
    }
    s->watching = true;
    return true;
}

void pg_watch_stop(PgStore *s)
{
    if (!s->watching)
        return;
    ssize_t n = write(s->stop_pipe[1], "x", 1);
    (void)n;
    pthread_join(s->watcher, NULL);
    close(s->stop_pipe[0]);
    close(s->stop_pipe[1]);
    s->watching = false;
}
