/* What both stores share: names of statuses, freeing what a StoredGame
 * owns, times, the default path. The backends call it; store_open.c, at
 * the top, chooses one of them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store.h"
#include "../../core/xalloc.h"

static const char *const status_names[] = {"waiting", "playing", "finished"};

const char *status_name(int status)
{
    return status >= 0 && status <= STATUS_FINISHED ? status_names[status] : "unknown";
}

int status_from_name(const char *name)
{
    for (int i = 0; i <= STATUS_FINISHED; i++)
        if (name && strcmp(name, status_names[i]) == 0)
            return i;
    return -1;
}

void stored_game_clear(StoredGame *g)
{
    free(g->options);
    free(g->result);
    for (int i = 0; g->actions && i < g->count; i++)
        free(g->actions[i].text);
    free(g->actions);
    g->options = g->result = NULL;
    g->actions = NULL;
    g->count = 0;
}

void game_summary_clear(GameSummary *s)
{
    free(s->options);
    free(s->result);
    s->options = s->result = NULL;
}

/* Copies the field of text up to its end or sep into out (size n); returns
 * what follows the separator, or the end. */
static const char *field(const char *text, char sep, char *out, size_t n)
{
    size_t len = strcspn(text, (char[]){sep, '\036', '\0'});
    snprintf(out, n, "%.*s", (int)len, text);
    return text[len] == sep ? text + len + 1 : text + len;
}

void game_summary_seats(GameSummary *g, const char *text)
{
    for (const char *p = text ? text : ""; *p;) {
        char seat[8], kind[8], bot[4];
        StoredSeat s;
        memset(&s, 0, sizeof s);
        p = field(p, '\037', seat, sizeof seat);
        p = field(p, '\037', kind, sizeof kind);
        p = field(p, '\037', s.ai, sizeof s.ai);
        p = field(p, '\037', s.name, sizeof s.name);
        p = field(p, '\037', bot, sizeof bot);
        p = field(p, '\037', s.guest, sizeof s.guest);
        p += strcspn(p, "\036");
        p += *p == '\036';
        int k = atoi(seat);
        if (k < 0 || k >= MAX_PLAYERS)
            continue;
        s.kind = strcmp(kind, "ai") == 0 ? SEAT_AI : SEAT_HUMAN;
        s.bot = strcmp(bot, "1") == 0;
        g->seats[k] = s;
    }
}

double store_time_of(const char *iso)
{
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    const char *end = iso && iso[0] ? strptime(iso, "%Y-%m-%dT%H:%M:%SZ", &tm) : NULL;
    return end && !*end ? (double)timegm(&tm) : -1;
}

bool store_default_path(char *out, size_t outlen)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        return (size_t)snprintf(out, outlen, "%s/morph/morph.db", xdg) < outlen;
    if (home && home[0])
        return (size_t)snprintf(out, outlen, "%s/.local/share/morph/morph.db", home) < outlen;
    return false;
}

bool store_is_postgresql(const char *db)
{
    return strncmp(db, "postgresql://", 13) == 0 || strncmp(db, "postgres://", 11) == 0;
}

StoredAction *stored_actions_new(int count)
{
    return xcalloc((size_t)(count > 0 ? count : 1), sizeof(StoredAction));
}

bool store_missing_action(const char *id, int index, char *err, size_t errlen)
{
    snprintf(err, errlen, "database: game %s: action %d is missing", id, index);
    return false;
}
