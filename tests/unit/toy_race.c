#include "toy_race.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { TAKE = 0, SKIP = 1 };

typedef struct Race {
    State base;
    int score[MAX_PLAYERS];
    int to_move, roll; /* roll 0: a chance node */
    int resigned;      /* seat that resigned, or -1 */
} Race;

static const OptionSpec race_specs[] = {
    {"players", OPTION_INT, "2", "number of players (2 to 4)", NULL, 0, 0},
    {"target", OPTION_INT, "10", "score that wins", NULL, 0, 0},
    {"mode", OPTION_STRING, "", "a word kept in records", NULL, 0, 0},
    {"tags", OPTION_LIST, "", "a list kept in records", NULL, 0, 0},
    {NULL, 0, NULL, NULL, NULL, 0, 0},
};

static int target_of(const Game *g)
{
    return (int)(intptr_t)g->config;
}

static bool race_configure(Game *g, const Options *opts, char *err, size_t errlen)
{
    int players = atoi(options_value(opts, race_specs, "players"));
    int target = atoi(options_value(opts, race_specs, "target"));
    if (players < 2 || players > 4) {
        snprintf(err, errlen, "race: players must be 2 to 4, got %d", players);
        return false;
    }
    if (target < 1) {
        snprintf(err, errlen, "race: target must be at least 1, got %d", target);
        return false;
    }
    g->num_players = players;
    g->config = (void *)(intptr_t)target;
    return true;
}

static State *race_new(const Game *g)
{
    Race *r = calloc(1, sizeof *r);
    r->base.game = g;
    r->resigned = -1;
    return &r->base;
}

static State *race_clone(const State *s)
{
    Race *r = malloc(sizeof *r);
    memcpy(r, s, sizeof *r);
    return &r->base;
}

static void race_free(State *s)
{
    free(s);
}

static bool race_over(const Race *r)
{
    if (r->resigned >= 0)
        return true;
    for (int p = 0; p < r->base.game->num_players; p++)
        if (r->score[p] >= target_of(r->base.game))
            return true;
    return false;
}

static int race_player(const State *s)
{
    const Race *r = (const Race *)s;
    return race_over(r) ? PLAYER_TERMINAL : r->roll == 0 ? PLAYER_CHANCE : r->to_move;
}

static int race_legal(const State *s, Action *out)
{
    if (race_player(s) < 0)
        return 0;
    out[0] = TAKE;
    out[1] = SKIP;
    return 2;
}

static bool race_is_legal(const State *s, Action a)
{
    return race_player(s) >= 0 && (a == TAKE || a == SKIP || a == ACTION_RESIGN);
}

static int race_chance(const State *s, ChanceOutcome *out)
{
    if (race_player(s) != PLAYER_CHANCE)
        return 0;
    for (int i = 0; i < 3; i++)
        out[i] = (ChanceOutcome){i + 1, 1.0 / 3};
    return 3;
}

static void race_apply(State *s, Action a)
{
    Race *r = (Race *)s;
    if (r->roll == 0) {
        r->roll = a;
        return;
    }
    if (a == ACTION_RESIGN) {
        r->resigned = r->to_move;
        return;
    }
    if (a == TAKE)
        r->score[r->to_move] += r->roll;
    r->roll = 0;
    r->to_move = (r->to_move + 1) % s->game->num_players;
}

static void race_text(const State *s, Action a, StrBuf *out)
{
    if (race_player(s) == PLAYER_CHANCE)
        sb_printf(out, "roll %d", a);
    else
        sb_puts(out, a == ACTION_RESIGN ? "resign" : a == TAKE ? "take" : "skip");
}

static bool race_parse(const State *s, const char *text, Action *out, char *err, size_t errlen)
{
    int p = race_player(s), v;
    char extra;
    if (p == PLAYER_TERMINAL) {
        snprintf(err, errlen, "illegal move '%s': the game is over", text);
        return false;
    }
    if (p == PLAYER_CHANCE) {
        if (sscanf(text, "roll %d%c", &v, &extra) == 1 && v >= 1 && v <= 3) {
            *out = v;
            return true;
        }
        snprintf(err, errlen, "illegal move '%s': a roll is due (expected roll 1 to roll 3)", text);
        return false;
    }
    if (strcmp(text, "take") == 0 || strcmp(text, "skip") == 0 || strcmp(text, "resign") == 0) {
        *out = text[0] == 't' ? TAKE : text[0] == 's' ? SKIP : ACTION_RESIGN;
        return true;
    }
    snprintf(err, errlen, "illegal move '%s': expected take, skip or resign", text);
    return false;
}

static void race_result(const State *s, GameResult *res)
{
    const Race *r = (const Race *)s;
    memset(res, 0, sizeof *res);
    res->terminal = race_over(r);
    res->has_points = true;
    int n = s->game->num_players;
    for (int p = 0; p < n; p++)
        res->points[p] = r->score[p];
    if (!res->terminal)
        return;
    if (r->resigned >= 0) {
        res->winners = ((1u << n) - 1) & ~(1u << r->resigned);
        strcpy(res->how, "resign");
    } else {
        for (int p = 0; p < n; p++)
            if (r->score[p] >= target_of(s->game))
                res->winners |= 1u << p;
        strcpy(res->how, "target");
    }
}

static void race_serialize(const State *s, StrBuf *out)
{
    const Race *r = (const Race *)s;
    sb_printf(out, "%d %d %d %d %d %d %d", r->score[0], r->score[1], r->score[2], r->score[3], r->to_move,
              r->roll, r->resigned);
}

static State *race_deserialize(const Game *g, const char *text, char *err, size_t errlen)
{
    Race *r = (Race *)race_new(g);
    if (sscanf(text, "%d %d %d %d %d %d %d", &r->score[0], &r->score[1], &r->score[2], &r->score[3], &r->to_move,
               &r->roll, &r->resigned) != 7) {
        snprintf(err, errlen, "malformed race state '%.40s'", text);
        free(r);
        return NULL;
    }
    return &r->base;
}

static void race_render(const State *s, StrBuf *out)
{
    const Race *r = (const Race *)s;
    sb_puts(out, "scores:");
    for (int p = 0; p < s->game->num_players; p++)
        sb_printf(out, " %d", r->score[p]);
    sb_printf(out, "\nto move: %d, roll: %d\n", r->to_move + 1, r->roll);
}

/* ---- words for people ---- */

static void race_describe(const State *s, Action a, const Voice *v, StrBuf *out)
{
    const Race *r = (const Race *)s;
    char buf[8];
    if (race_player(s) == PLAYER_CHANCE) {
        sb_printf(out, "%s rolls %d", voice_name(v, r->to_move, buf), a);
        return;
    }
    const char *who = voice_name(v, r->to_move, buf);
    if (a == ACTION_RESIGN)
        sb_printf(out, "%s resigns", who);
    else if (a == TAKE)
        sb_printf(out, "%s takes %d (score %d)", who, r->roll, r->score[r->to_move] + r->roll);
    else
        sb_printf(out, "%s skips", who);
}

static bool race_why_not(const State *s, const char *text, StrBuf *out)
{
    Action a;
    char err[ERR_MAX];
    if (race_parse(s, text, &a, err, sizeof err))
        return false;
    const char *why = strstr(err, "': ");
    sb_puts(out, why ? why + 3 : err);
    return true;
}

static void race_action_marks(const State *s, Action a, Marks *out)
{
    marks_reset(out, 0, 0); /* no board */
}

static void race_marks(const State *s, Marks *out)
{
    marks_reset(out, 0, 0);
}

static void race_describe_result(const State *s, const Voice *v, StrBuf *out)
{
    GameResult res;
    char buf[8];
    race_result(s, &res);
    if (!res.terminal) {
        sb_puts(out, "The race goes on.\n");
        return;
    }
    for (int p = 0; p < s->game->num_players; p++)
        if (res.winners >> p & 1)
            sb_printf(out, "%s wins (%s).\n", voice_name(v, p, buf), res.how);
}

static int race_legend(const Game *g, LegendEntry *out)
{
    out[0] = (LegendEntry){"take", "take", "add the roll to your score"};
    out[1] = (LegendEntry){"skip", "skip", "let the roll go"};
    return 2;
}

static void race_rules(const Game *g, StrBuf *out)
{
    sb_printf(out, "Race: roll a die of three faces, take it or skip it; the first to %d wins.\n", target_of(g));
}

const GameOps toy_race_ops = {
    .name = "race",
    .summary = "a tiny dice race for tests",
    .option_specs = race_specs,
    .configure = race_configure,
    .new_initial_state = race_new,
    .clone = race_clone,
    .free_state = race_free,
    .current_player = race_player,
    .legal_actions = race_legal,
    .is_legal = race_is_legal,
    .chance_outcomes = race_chance,
    .sample_chance = sample_from_outcomes,
    .apply = race_apply,
    .action_text = race_text,
    .parse_action = race_parse,
    .result = race_result,
    .serialize = race_serialize,
    .deserialize = race_deserialize,
    .render = race_render,
    .describe = race_describe,
    .why_not = race_why_not,
    .action_marks = race_action_marks,
    .marks = race_marks,
    .describe_result = race_describe_result,
    .legend = race_legend,
    .rules = race_rules,
};
