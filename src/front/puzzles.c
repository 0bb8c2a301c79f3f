/* Reading and writing Morphos puzzle suites (puzzles.h). */
#include "puzzles.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "beside.h"
#include "../core/number.h"
#include "../core/utf8.h"
#include "../core/xalloc.h"

/* The solver's boards (src/ai/solver.h): puzzles come from it. */
#define PUZZLE_MIN_SIZE 3
#define PUZZLE_MAX_SIZE 7

static const char *const field_names[] = {"size", "mutators", "to", "position", "win", "loss", "draw"};
enum { F_SIZE, F_MUTATORS, F_TO, F_POSITION, F_WIN, F_LOSS, F_DRAW, NUM_FIELDS };

static const char *quote(const char *text, char *buf)
{
    return text_excerpt(text, EXCERPT_MAX, buf, EXCERPT_SIZE);
}

static void mutators_text(unsigned m, char *out, size_t len)
{
    static const char *const names[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    out[0] = '\0';
    for (int i = 0; i < 5; i++)
        if (m & (1u << i))
            snprintf(out + strlen(out), len - strlen(out), "%s%s", out[0] ? "," : "", names[i]);
    if (!out[0])
        snprintf(out, len, "-");
}

/* The suite's game for size and mutators, made on first use. */
static int find_game(PuzzleSuite *suite, long size, const char *mutators, char *err, size_t errlen)
{
    char q[EXCERPT_SIZE];
    unsigned m = 0;
    if (strcmp(mutators, "-") != 0 && !morphos_parse_mutators(mutators, &m, err, errlen))
        return -1;
    if (strcmp(mutators, "-") != 0 && m == 0) {
        snprintf(err, errlen, "mutators '%s': write - for none", quote(mutators, q));
        return -1;
    }
    for (int i = 0; i < suite->num_games; i++) {
        const MorphosConfig *c = suite->games[i]->config;
        if (c->n == size && c->mutators == m)
            return i;
    }
    if (suite->num_games == PUZZLE_MAX_GAMES) {
        snprintf(err, errlen, "more than %d kinds of game (size and mutators) in one suite", PUZZLE_MAX_GAMES);
        return -1;
    }
    Options o;
    char text[16];
    options_init(&o);
    snprintf(text, sizeof text, "%ld", size);
    if (!options_set(&o, "size", text, err, errlen) ||
        !options_set(&o, "mutators", strcmp(mutators, "-") == 0 ? "" : mutators, err, errlen))
        return -1;
    Game *g = game_create(&morphos_ops, &o, err, errlen);
    if (!g)
        return -1;
    suite->games[suite->num_games] = g;
    return suite->num_games++;
}

/* Splits line into its seven "key=value" fields (values point into line). */
static bool split(char *line, char **values, char *err, size_t errlen)
{
    char q[EXCERPT_SIZE];
    char *p = line;
    for (int f = 0; f < NUM_FIELDS; f++) {
        size_t klen = strlen(field_names[f]);
        if (strncmp(p, field_names[f], klen) != 0 || p[klen] != '=') {
            snprintf(err, errlen, "expected '%s=' as field %d, got '%s'", field_names[f], f + 1, quote(p, q));
            return false;
        }
        values[f] = p + klen + 1;
        char *space = strchr(values[f], ' ');
        if (f < NUM_FIELDS - 1 && !space) {
            snprintf(err, errlen, "expected %d fields separated by single spaces, got %d", NUM_FIELDS, f + 1);
            return false;
        }
        if (f == NUM_FIELDS - 1 && space) {
            snprintf(err, errlen, "unexpected text after the draw field: '%s'", quote(space, q));
            return false;
        }
        if (space) {
            *space = '\0';
            p = space + 1;
        }
        if (!values[f][0]) {
            snprintf(err, errlen, "field '%s' is empty (write - for an empty list)", field_names[f]);
            return false;
        }
    }
    return true;
}

/* Assigns value v to each action of the comma-separated list. */
static bool read_list(const MorphosState *s, Puzzle *p, char *list, PuzzleValue v, bool *seen, char *err,
                      size_t errlen)
{
    char q[EXCERPT_SIZE];
    if (strcmp(list, "-") == 0)
        return true;
    for (char *item = list;;) {
        char *comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        Action a;
        char why[ERR_MAX];
        /* The rules' message quotes the text as it is: keep it to letters and digits. */
        static const char alnum[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        if (item[strspn(item, alnum)]) {
            snprintf(err, errlen, "%s list: '%s' is not an action (expected a point such as c3, a flip such as xc3, "
                                  "or swap)", field_names[F_WIN + v], quote(item, q));
            return false;
        }
        if (!item[0] || !morphos_ops.parse_action(&s->base, item, &a, why, sizeof why)) {
            snprintf(err, errlen, "%s list: %.200s", field_names[F_WIN + v], item[0] ? why : "an empty action");
            return false;
        }
        int k = 0;
        while (k < p->num_actions && p->actions[k] != a)
            k++;
        if (k == p->num_actions) { /* resign: legal, never listed */
            snprintf(err, errlen, "%s list: '%s' is not one of the legal actions", field_names[F_WIN + v],
                     quote(item, q));
            return false;
        }
        if (seen[k]) {
            snprintf(err, errlen, "action '%s' is classified twice", quote(item, q));
            return false;
        }
        seen[k] = true;
        p->values[k] = (uint8_t)v;
        if (!comma)
            return true;
        item = comma + 1;
    }
}

static bool read_puzzle(PuzzleSuite *suite, char *line, Puzzle *p, char *err, size_t errlen)
{
    char *v[NUM_FIELDS], q[EXCERPT_SIZE];
    if (!split(line, v, err, errlen))
        return false;
    long size;
    if (!number_parse_long(v[F_SIZE], PUZZLE_MIN_SIZE, PUZZLE_MAX_SIZE, &size)) {
        snprintf(err, errlen, "size must be %d to %d, got '%s'", PUZZLE_MIN_SIZE, PUZZLE_MAX_SIZE, quote(v[F_SIZE], q));
        return false;
    }
    if ((p->game = find_game(suite, size, v[F_MUTATORS], err, errlen)) < 0)
        return false;
    if (strcmp(v[F_TO], "B") != 0 && strcmp(v[F_TO], "W") != 0) {
        snprintf(err, errlen, "to must be B or W, got '%s'", quote(v[F_TO], q));
        return false;
    }
    p->to_move = v[F_TO][0] == 'W' ? MORPHOS_WHITE : MORPHOS_BLACK;
    char cells[19 * 19];
    int n = 0;
    if (!morphos_parse_position(v[F_POSITION], &n, cells, err, errlen))
        return false;
    if (n != size) {
        snprintf(err, errlen, "the position is %dx%d, but size is %ld", n, n, size);
        return false;
    }
    const MorphosConfig *c = suite->games[p->game]->config;
    bb_zero(&p->stones[0]);
    bb_zero(&p->stones[1]);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++)
            if (cells[r * 19 + col] != '.')
                bb_set(&p->stones[cells[r * 19 + col] == 'W'], morphos_bit(c, col, r));
    MorphosState *s = puzzle_state(suite, p);
    bool ok = false;
    if (s->phase == PHASE_OVER) {
        snprintf(err, errlen, "the game is already over in this position (%s)", s->how);
        goto done;
    }
    p->num_actions = morphos_num_actions(s);
    if (p->num_actions > PUZZLE_MAX_ACTIONS) {
        snprintf(err, errlen, "more than %d legal actions", PUZZLE_MAX_ACTIONS);
        goto done;
    }
    bool seen[PUZZLE_MAX_ACTIONS] = {false};
    for (int k = 0; k < p->num_actions; k++)
        p->actions[k] = morphos_nth_action(s, k);
    for (int f = F_WIN; f <= F_DRAW; f++)
        if (!read_list(s, p, v[f], (PuzzleValue)(f - F_WIN), seen, err, errlen))
            goto done;
    int wins = 0, losses = 0;
    for (int k = 0; k < p->num_actions; k++) {
        if (!seen[k]) {
            StrBuf sb = STRBUF_INIT;
            morphos_ops.action_text(&s->base, p->actions[k], &sb);
            snprintf(err, errlen, "legal action '%s' is not classified", sb_str(&sb));
            sb_free(&sb);
            goto done;
        }
        wins += p->values[k] == PUZZLE_WIN;
        losses += p->values[k] == PUZZLE_LOSS;
    }
    if (!wins || !losses) {
        snprintf(err, errlen, "a puzzle needs a winning and a losing action (win and loss lists)");
        goto done;
    }
    ok = true;
done:
    morphos_ops.free_state(&s->base);
    return ok;
}

bool puzzle_suite_read(const char *text, PuzzleSuite *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    int cap = 0, lineno = 0;
    char line[PUZZLE_MAX_LINE + 2], why[ERR_MAX];
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\n");
        lineno++;
        if (len > PUZZLE_MAX_LINE) {
            snprintf(err, errlen, "line %d: longer than %d characters", lineno, PUZZLE_MAX_LINE);
            goto fail;
        }
        memcpy(line, p, len);
        line[len] = '\0';
        p += len + (p[len] == '\n');
        if (len && line[len - 1] == '\r')
            line[--len] = '\0';
        if (!len || line[0] == '#')
            continue;
        if (out->count == PUZZLE_MAX_COUNT) {
            snprintf(err, errlen, "line %d: more than %d puzzles", lineno, PUZZLE_MAX_COUNT);
            goto fail;
        }
        if (out->count == cap) {
            cap = cap ? cap * 2 : 64;
            out->items = xrealloc(out->items, (size_t)cap * sizeof *out->items);
        }
        Puzzle *pz = &out->items[out->count];
        memset(pz, 0, sizeof *pz);
        pz->line = lineno;
        if (!read_puzzle(out, line, pz, why, sizeof why)) {
            snprintf(err, errlen, "line %d: %s", lineno, why);
            goto fail;
        }
        out->count++;
    }
    if (out->count == 0) {
        snprintf(err, errlen, "no puzzle in the suite (only comments and blank lines)");
        goto fail;
    }
    return true;
fail:
    puzzle_suite_free(out);
    return false;
}

#define MAX_SUITE_BYTES (64 << 20)

bool puzzle_suite_load(const char *path, PuzzleSuite *out, char *err, size_t errlen)
{
    char q[EXCERPT_SIZE], why[ERR_MAX];
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open '%s': %s", quote(path, q), strerror(errno));
        return false;
    }
    char *text = xmalloc(MAX_SUITE_BYTES + 1);
    size_t n = fread(text, 1, MAX_SUITE_BYTES + 1, f);
    bool failed = ferror(f);
    fclose(f);
    if (failed || n > MAX_SUITE_BYTES || memchr(text, '\0', n)) {
        snprintf(err, errlen, "'%s' is not a puzzle suite: %s", quote(path, q),
                 failed ? "read error" : n > MAX_SUITE_BYTES ? "larger than 64 MB" : "it holds a NUL byte");
        free(text);
        return false;
    }
    text[n] = '\0';
    bool ok = puzzle_suite_read(text, out, why, sizeof why);
    free(text);
    if (!ok)
        snprintf(err, errlen, "%s: %s", quote(path, q), why);
    return ok;
}

static bool regular_file(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISREG(sb.st_mode);
}

bool puzzle_suite_find(char *path, size_t pathlen)
{
    static const char *const relative[] = {"/../../data/puzzles/morphos.txt", "/../share/morph/puzzles/morphos.txt"};
    return beside_binary(relative, 2, regular_file, path, pathlen);
}

void puzzle_suite_free(PuzzleSuite *s)
{
    for (int i = 0; i < s->num_games; i++)
        game_free(s->games[i]);
    free(s->items);
    memset(s, 0, sizeof *s);
}

MorphosState *puzzle_position(const Game *g, const Bb stones[2], int to_move)
{
    MorphosState *s = morphos_state_from_position(g, stones, to_move);
    if (s->phase != PHASE_OVER) {
        /* Turns 0 and 1 would offer White the swap: a position has no such history. */
        s->turn = to_move == MORPHOS_BLACK ? 2 : 3;
        if (s->turn >= s->cfg->move_cap)
            s->turn = s->cfg->move_cap - 1; /* a cap this short ends the game at its start anyway */
    }
    return s;
}

MorphosState *puzzle_state(const PuzzleSuite *s, const Puzzle *p)
{
    Bb stones[2] = {p->stones[0], p->stones[1]};
    return puzzle_position(s->games[p->game], stones, p->to_move);
}

bool puzzle_wins(const Puzzle *p, Action a)
{
    for (int k = 0; k < p->num_actions; k++)
        if (p->actions[k] == a)
            return p->values[k] == PUZZLE_WIN;
    return false;
}

void puzzle_format(const Game *g, const MorphosState *s, const PuzzleValue *values, StrBuf *out)
{
    const MorphosConfig *c = g->config;
    char mutators[80];
    mutators_text(c->mutators, mutators, sizeof mutators);
    sb_printf(out, "size=%d mutators=%s to=%c position=", c->n, mutators, "BW"[s->to_move]);
    morphos_position_text(c, s->stones, out);
    int n = morphos_num_actions(s);
    for (int v = PUZZLE_WIN; v <= PUZZLE_DRAW; v++) {
        sb_printf(out, " %s=", field_names[F_WIN + v]);
        int listed = 0;
        for (int k = 0; k < n; k++)
            if (values[k] == (PuzzleValue)v) {
                if (listed++)
                    sb_putc(out, ',');
                morphos_ops.action_text(&s->base, morphos_nth_action(s, k), out);
            }
        if (!listed)
            sb_putc(out, '-');
    }
}
