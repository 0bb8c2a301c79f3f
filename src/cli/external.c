#include "external.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../front/game_json.h"
#include "../protocol/gtp.h"
#include "../protocol/gtp_vertex.h"
#include "../core/utf8.h"

bool external_parse(const char *spec, ExternalKind *kind, const char **command)
{
    if (strncmp(spec, "engine:", 7) == 0) {
        *kind = EXTERNAL_ENGINE;
        *command = spec + 7;
        return true;
    }
    if (strncmp(spec, "gtp:", 4) == 0) {
        *kind = EXTERNAL_GTP;
        *command = spec + 4;
        return true;
    }
    return false;
}

bool external_start(External *x, ExternalKind kind, const char *command, char *err, size_t errlen)
{
    memset(x, 0, sizeof *x);
    x->kind = kind;
    snprintf(x->command, sizeof x->command, "%s", command);
    int in[2] = {-1, -1}, out[2] = {-1, -1};
    /* Close-on-exec, so programs started by other threads do not inherit
     * these pipes (and keep them open after we close our ends). */
    pid_t pid = -1;
    if (pipe2(in, O_CLOEXEC) == 0 && pipe2(out, O_CLOEXEC) == 0) {
        fflush(NULL);
        pid = fork();
    }
    if (pid < 0) {
        snprintf(err, errlen, "cannot start '%s': %s", command, strerror(errno));
        for (int i = 0; i < 2; i++) {
            if (in[i] >= 0)
                close(in[i]);
            if (out[i] >= 0)
                close(out[i]);
        }
        return false;
    }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    x->pid = pid;
    x->to = fdopen(in[1], "w");
    x->from = fdopen(out[0], "r");
    return true;
}

void external_stop(External *x)
{
    if (!x->pid)
        return;
    if (x->kind == EXTERNAL_ENGINE)
        fputs("{\"cmd\":\"quit\"}\n", x->to);
    else
        fputs("quit\n", x->to);
    fclose(x->to);
    /* Read what it still says (its answer to quit) until it exits, so it
     * never writes into a closed pipe. */
    char buf[256];
    while (fread(buf, 1, sizeof buf, x->from) > 0)
        ;
    fclose(x->from);
    waitpid(x->pid, NULL, 0);
    x->pid = 0;
}

/* Reads one line (without its newline) into a malloc'd buffer; NULL at EOF. */
static char *read_line(External *x)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, x->from);
    if (n < 0) {
        free(line);
        return NULL;
    }
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    return line;
}

/* Sends one JSON request and returns its reply when "ok" is true. */
static json_t *engine_request(External *x, json_t *req, char *err, size_t errlen)
{
    char *text = json_dumps(req, JSON_COMPACT);
    json_decref(req);
    bool sent = fprintf(x->to, "%s\n", text) >= 0 && fflush(x->to) == 0;
    free(text);
    char *line = sent ? read_line(x) : NULL;
    if (!line) {
        snprintf(err, errlen, "engine '%s' stopped answering", x->command);
        return NULL;
    }
    json_t *reply = json_loads(line, 0, NULL);
    if (!json_is_object(reply) || !json_is_true(json_object_get(reply, "ok"))) {
        const char *why = json_string_value(json_object_get(reply, "error"));
        char q[200];
        snprintf(err, errlen, "engine '%s' refused a request: %s", x->command,
                 text_excerpt(why ? why : line, sizeof q - 4, q, sizeof q));
        json_decref(reply);
        free(line);
        return NULL;
    }
    free(line);
    return reply;
}

/* Sends one GTP command; returns the text after "= " of a success reply. */
static bool gtp_request(External *x, const char *command, char *out, size_t outlen, char *err, size_t errlen)
{
    if (fprintf(x->to, "%s\n", command) < 0 || fflush(x->to) != 0) {
        snprintf(err, errlen, "GTP engine '%s' stopped answering", x->command);
        return false;
    }
    /* A reply is "= text" or "? text" and ends with an empty line. */
    char *first = NULL;
    for (;;) {
        char *line = read_line(x);
        if (!line) {
            free(first);
            snprintf(err, errlen, "GTP engine '%s' stopped answering", x->command);
            return false;
        }
        if (!line[0] && first) {
            free(line);
            break;
        }
        if (!first && line[0])
            first = line;
        else
            free(line);
    }
    bool ok = first[0] == '=';
    const char *text = first + 1;
    while (*text >= '0' && *text <= '9') /* optional command id */
        text++;
    while (*text == ' ')
        text++;
    if (ok && out)
        snprintf(out, outlen, "%s", text);
    char q[200];
    if (!ok)
        snprintf(err, errlen, "GTP engine '%s' refused '%s': %s", x->command, command,
                 text_excerpt(text, sizeof q - 4, q, sizeof q));
    free(first);
    return ok;
}

bool external_plays(ExternalKind kind, const Game *g, char *err, size_t errlen)
{
    if (kind == EXTERNAL_GTP && (strcmp(g->ops->name, GTP_GAME) != 0 || g->num_players != 2)) {
        snprintf(err, errlen, "gtp: players only play %s", GTP_GAME);
        return false;
    }
    return true;
}

bool external_new_game(External *x, const Session *s, char *err, size_t errlen)
{
    x->sent = 0;
    x->gtp_move[0] = '\0';
    x->gtp_player = -1;
    if (x->kind == EXTERNAL_ENGINE) {
        json_t *reply = engine_request(x, json_pack("{s:s,s:s,s:o,s:I}", "cmd", "new", "game", s->game->ops->name,
                                                    "options", game_options_to_json(s->game), "seed",
                                                    (json_int_t)s->seed), err, errlen);
        json_decref(reply);
        return reply != NULL;
    }
    if (!external_plays(x->kind, s->game, err, errlen))
        return false;
    char command[300];
    snprintf(command, sizeof command, "boardsize %s", options_get(&s->game->options, "size"));
    if (!gtp_request(x, command, NULL, 0, err, errlen) || !gtp_request(x, "clear_board", NULL, 0, err, errlen))
        return false;
    const char *mutators = options_get(&s->game->options, "mutators");
    if (mutators && mutators[0]) {
        snprintf(command, sizeof command, "morphos-mutators %s", mutators);
        return gtp_request(x, command, NULL, 0, err, errlen);
    }
    return true;
}

/* The GTP colour of seat at history position upto of a Morphos game: the
 * colour of its stones, Black for the first seat until the swap (whose
 * action text is "swap") and for the second seat after it. */
static char gtp_colour_of(const Session *s, int upto, int seat)
{
    bool swapped = false;
    for (int i = 0; i < upto && i < s->count; i++)
        swapped |= strcmp(s->steps[i].text, "swap") == 0;
    return (seat == 0) != swapped ? 'b' : 'w';
}

/* GTP: sends the turn collected in gtp_move as one "play" command. */
static bool gtp_flush(External *x, char *err, size_t errlen)
{
    if (!x->gtp_move[0])
        return true;
    StrBuf command = STRBUF_INIT;
    sb_printf(&command, "play %c ", x->gtp_colour);
    gtp_write_move(x->gtp_move, &command); /* GTP vertices: K5, not j5 */
    x->gtp_move[0] = '\0';
    bool ok = gtp_request(x, sb_str(&command), NULL, 0, err, errlen);
    sb_free(&command);
    return ok;
}

bool external_sync(External *x, const Session *s, char *err, size_t errlen)
{
    for (; x->sent < s->count; x->sent++) {
        const Step *step = &s->steps[x->sent];
        if (x->kind == EXTERNAL_ENGINE) {
            json_t *reply =
                engine_request(x, json_pack("{s:s,s:s}", "cmd", "play", "action", step->text), err, errlen);
            if (!reply)
                return false;
            json_decref(reply);
            continue;
        }
        /* GTP sees whole turns: the atomic actions of one seat in a row. */
        if (step->player != x->gtp_player && !gtp_flush(x, err, errlen))
            return false;
        if (step->player != x->gtp_player)
            x->gtp_colour = gtp_colour_of(s, x->sent, step->player);
        x->gtp_player = step->player;
        size_t n = strlen(x->gtp_move);
        snprintf(x->gtp_move + n, sizeof x->gtp_move - n, "%s%s", n ? "," : "", step->text);
    }
    /* A turn is over once another seat is to move (or the game ended). */
    if (x->kind == EXTERNAL_GTP && session_player(s) != x->gtp_player)
        return gtp_flush(x, err, errlen);
    return true;
}

bool external_genmove(External *x, const Session *s, char *out, size_t outlen, char *err, size_t errlen)
{
    if (!external_sync(x, s, err, errlen))
        return false;
    if (x->kind == EXTERNAL_ENGINE) {
        json_t *reply = engine_request(x, json_pack("{s:s}", "cmd", "genmove"), err, errlen);
        if (!reply)
            return false;
        const char *action = json_string_value(json_object_get(reply, "action"));
        if (action)
            snprintf(out, outlen, "%s", action);
        else
            snprintf(err, errlen, "engine '%s' answered genmove without \"action\"", x->command);
        json_decref(reply);
        return action != NULL;
    }
    char command[16], vertices[300];
    snprintf(command, sizeof command, "genmove %c", gtp_colour_of(s, s->count, session_player(s)));
    if (!gtp_request(x, command, vertices, sizeof vertices, err, errlen))
        return false;
    /* The answer in GTP vertices, read into our notation (a vertex on an
     * enemy stone is its flip); a refused answer names the program. */
    StrBuf move = STRBUF_INIT;
    char why[ERR_MAX];
    bool ok = gtp_read_move(s->state, vertices, &move, why, sizeof why);
    if (ok)
        snprintf(out, outlen, "%s", sb_str(&move));
    else
        snprintf(err, errlen, "GTP engine '%s': the answer to '%s' is refused: %s", x->command, command, why);
    sb_free(&move);
    return ok;
}

void external_own_move_applied(External *x, const Session *s, int player)
{
    if (x->kind != EXTERNAL_GTP)
        return; /* the JSON engine is told by external_sync like everyone */
    x->sent = s->count;
    x->gtp_move[0] = '\0';
    x->gtp_player = player;
}
