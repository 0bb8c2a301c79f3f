/* The Morpyam GameOps: configuration, phases of a turn, legal actions,
 * chance nodes and apply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "morpyam.h"
#include "../../core/utf8.h"
#include "../../core/xalloc.h"
#include "ops.h"

static const OptionSpec specs[] = {
    {"players", OPTION_INT, "2", "number of players: 2, 3 or 4 (17, 11 or 8 tokens each)", NULL, 2, 4},
    {"variant", OPTION_STRING, "standard", "standard, flash or plus", "standard,flash,plus", 0, 0},
    {"rules", OPTION_LIST, "", "rule options: strict-call, daversa (comma-separated)", "strict-call,daversa", 0, 0},
    {"grid", OPTION_STRING, "", "a custom layout as text (36 codes, rows from the top); empty = the variant's grid",
     NULL, 0, 0},
    {"turn-cap", OPTION_INT, "1000", "turns after which the game ends on points without end bonus", NULL, 1, 1000000},
    {"rolloff-cap", OPTION_INT, "100", "tied roll-off rounds after which seat order settles the tie", NULL, 1, 1000},
    {NULL, 0, NULL, NULL, NULL, 0, 0},
};

static bool configure(Game *g, const Options *opts, char *err, size_t errlen)
{
    long players = strtol(options_value(opts, specs, "players"), NULL, 10);
    if (players < 2 || players > 4) {
        snprintf(err, errlen, "option 'players' must be 2, 3 or 4, got %s", options_value(opts, specs, "players"));
        return false;
    }
    const char *variant = options_value(opts, specs, "variant");
    int v = strcmp(variant, "standard") == 0 ? MV_STANDARD : strcmp(variant, "flash") == 0 ? MV_FLASH
          : strcmp(variant, "plus") == 0 ? MV_PLUS : -1;
    if (v < 0) {
        char q[EXCERPT_SIZE];
        snprintf(err, errlen, "option 'variant' must be standard, flash or plus, got '%s'",
                 text_excerpt(variant, EXCERPT_MAX, q, sizeof q));
        return false;
    }
    const char *rules = options_value(opts, specs, "rules");
    for (const char *p = rules; *rules;) { /* every name, also an empty one after a trailing comma */
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0) {
            char q[EXCERPT_SIZE];
            snprintf(err, errlen, "option 'rules': empty name in '%s' (expected names separated by single commas)",
                     text_excerpt(rules, EXCERPT_MAX, q, sizeof q));
            return false;
        }
        if (!((len == 11 && strncmp(p, "strict-call", 11) == 0) || (len == 7 && strncmp(p, "daversa", 7) == 0))) {
            char name[EXCERPT_MAX + 2], q[EXCERPT_SIZE];
            snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), p);
            snprintf(err, errlen, "option 'rules': unknown rule '%s' (expected strict-call or daversa)",
                     text_excerpt(name, EXCERPT_MAX, q, sizeof q));
            return false;
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    long cap = strtol(options_value(opts, specs, "turn-cap"), NULL, 10);
    if (cap < 1 || cap > 1000000) {
        snprintf(err, errlen, "option 'turn-cap' must be from 1 to 1000000, got %s", options_value(opts, specs, "turn-cap"));
        return false;
    }
    long rolloff_cap = strtol(options_value(opts, specs, "rolloff-cap"), NULL, 10);
    if (rolloff_cap < 1 || rolloff_cap > 1000) {
        snprintf(err, errlen, "option 'rolloff-cap' must be from 1 to 1000, got %s",
                 options_value(opts, specs, "rolloff-cap"));
        return false;
    }
    MorpyamConfig *c = xmalloc(sizeof *c);
    c->players = (int)players;
    c->variant = v;
    c->turn_cap = (int)cap;
    c->rolloff_cap = (int)rolloff_cap;
    c->tokens = players == 2 ? 17 : players == 3 ? 11 : 8;
    c->strict_call = list_contains(rules, "strict-call");
    c->daversa = list_contains(rules, "daversa");
    const char *grid = options_value(opts, specs, "grid");
    if (grid[0]) {
        if (!morpyam_parse_layout(grid, c->layout, err, errlen)) {
            free(c);
            return false;
        }
    } else if (v == MV_FLASH) {
        morpyam_flash_layout(c->layout);
    } else {
        morpyam_standard_layout(c->layout);
    }
    c->ms = morpyam_multisets();
    for (int i = 0; i < 252; i++) {
        unsigned figs = c->ms->figs[c->ms->first[5] + i] & ~(1u << MF_SEC);
        c->cover[i] = 0;
        for (int sq = 0; sq < 36; sq++)
            if (figs >> c->layout[sq] & 1)
                c->cover[i] |= 1ull << sq;
    }
    g->config = c;
    g->num_players = c->players;
    return true;
}

static void free_config(Game *g)
{
    free(g->config);
    g->config = NULL;
}

static void start_rolloff(MorpyamState *s, int purpose)
{
    s->phase = MP_ROLLOFF;
    s->purpose = (uint8_t)purpose;
    s->contenders = s->alive;
    s->rolled = 0;
    s->rounds = 0;
    memset(s->rank, 0, sizeof s->rank);
}

static State *new_initial_state(const Game *g)
{
    const MorpyamConfig *c = g->config;
    MorpyamState *s = xcalloc(1, sizeof *s);
    s->base.game = g;
    s->cfg = c;
    s->alive = (uint8_t)((1u << c->players) - 1);
    s->call = -1;
    s->bonus_player = 255;
    s->dice = c->ms->first[5];
    for (int p = 0; p < c->players; p++)
        s->left[p] = (uint8_t)c->tokens;
    if (c->variant == MV_PLUS) {
        memset(s->grid, MK_NONE, sizeof s->grid);
        for (int sq = 0; sq < 36; sq++)
            s->deal_left[c->layout[sq]]++;
        s->phase = MP_DEAL;
    } else {
        memcpy(s->grid, c->layout, sizeof s->grid);
        for (int sq = 0; sq < 36; sq++)
            s->kind_sq[c->layout[sq]] |= 1ull << sq;
        start_rolloff(s, MR_START);
    }
    return &s->base;
}

static State *clone_state(const State *st)
{
    MorpyamState *s = xmalloc(sizeof *s);
    memcpy(s, st, sizeof *s);
    return &s->base;
}

static void free_state(State *st)
{
    free(st);
}

static int current_player(const State *st)
{
    const MorpyamState *s = (const MorpyamState *)st;
    switch (s->phase) {
    case MP_DEAL: case MP_ROLLOFF: case MP_ROLL: return PLAYER_CHANCE;
    case MP_OVER: return PLAYER_TERMINAL;
    case MP_PUT: return s->builder;
    default: return s->player;
    }
}

static bool can_call(const MorpyamState *s)
{
    return (s->kind_sq[MK_APPEL] & ~s->occupied) != 0;
}

static void finish(MorpyamState *s, unsigned winners, int how)
{
    s->phase = MP_OVER;
    s->winners = (uint8_t)winners;
    s->how = (uint8_t)how;
}

/* Most points among the players still in; ties shared unless the player who
 * placed the last token (favoured) is among them. */
static void finish_on_points(MorpyamState *s, int favoured, int how)
{
    int best = -1;
    unsigned winners = 0;
    for (int p = 0; p < s->cfg->players; p++) {
        if (!(s->alive >> p & 1))
            continue;
        int pts = s->points[p] + (p == favoured);
        if (pts > best) {
            best = pts;
            winners = 0;
        }
        if (pts == best)
            winners |= 1u << p;
    }
    if (favoured >= 0 && (winners >> favoured & 1))
        winners = 1u << favoured;
    finish(s, winners, how);
}

static void begin_turn(MorpyamState *s, int player, bool replay)
{
    if (s->turns >= s->cfg->turn_cap) {
        finish_on_points(s, -1, MH_CAP);
        return;
    }
    s->turns++;
    s->player = (uint8_t)player;
    s->rolls = 0;
    s->call = -1;
    s->called = false;
    s->replay = replay;
    if (can_call(s)) {
        s->phase = MP_START;
    } else {
        s->phase = MP_ROLL;
        s->nroll = 5;
        s->kept = 0;
    }
}

static int next_alive(const MorpyamState *s, int p)
{
    do
        p = p + 1 == s->cfg->players ? 0 : p + 1;
    while (!(s->alive >> p & 1));
    return p;
}

static void end_turn(MorpyamState *s)
{
    begin_turn(s, next_alive(s, s->player), false);
}

static __attribute__((noinline)) void place(MorpyamState *s, int sq)
{
    int p = s->player;
    bool ko;
    s->points[p] = (int16_t)(s->points[p] + morpyam_place_points(s->tokens[p], sq, s->cfg->players, &ko));
    s->tokens[p] |= 1ull << sq;
    s->occupied |= 1ull << sq;
    s->left[p]--;
    if (ko) {
        finish(s, 1u << p, MH_KO);
    } else if (s->left[p] == 0) {
        s->bonus_player = (uint8_t)p;
        finish_on_points(s, p, MH_POINTS);
    } else if (s->grid[sq] == MF_MORPYAM) {
        begin_turn(s, p, true);
    } else {
        end_turn(s);
    }
}

static void resolve_roll(MorpyamState *s)
{
    unsigned figs = s->cfg->ms->figs[s->dice];
    s->rolls++;
    if (s->cfg->daversa && s->replay && (figs >> MF_MORPYAM & 1)) {
        finish(s, 1u << s->player, MH_KO);
        return;
    }
    if (s->call >= 0) {
        bool made = (figs >> s->call & 1) && (s->call != MF_SEC || s->rolls == 1);
        s->call = -1;
        if (made) {
            s->phase = MP_FORCED;
            s->can_place = morpyam_placeable(s);
            return;
        }
        if (s->rolls == 3) {
            end_turn(s);
            return;
        }
    }
    s->phase = MP_AFTER;
    s->can_place = morpyam_placeable(s);
    if (s->rolls == 3 && !s->can_place)
        end_turn(s);
}

static bool hand_empty(const MorpyamState *s, int p)
{
    for (int k = 0; k < MK_COUNT; k++)
        if (s->hand[p][k])
            return false;
    return true;
}

/* The builder ranked highest by the building-order roll-off among those
 * still holding squares; once everybody has built, the first-player roll. */
static void next_builder(MorpyamState *s)
{
    int best = -1;
    for (int p = 0; p < s->cfg->players; p++)
        if ((s->alive >> p & 1) && !hand_empty(s, p) && (best < 0 || s->rank[p] > s->rank[best]))
            best = p;
    if (best < 0) {
        start_rolloff(s, MR_START);
        return;
    }
    s->builder = (uint8_t)best;
    s->phase = MP_PUT;
}

/* Every contender has rolled. The first-player roll-off only needs a single
 * highest roller; the building order needs a full ranking, so players tied
 * with anybody roll again and their new die only orders them among
 * themselves (rank * 7 + die keeps earlier rounds decisive). After
 * rolloff_cap tied rounds, seat order settles what is still tied (the lower
 * seat first), so that no game is endless (as turn_cap does for turns). */
static void rolloff_round_done(MorpyamState *s)
{
    int key[MAX_PLAYERS] = {0};
    const unsigned players = s->alive;
    for (unsigned m = players; m; m &= m - 1) {
        int p = __builtin_ctz(m);
        key[p] = s->rank[p] * 7 + ((s->contenders >> p & 1) ? s->roll_value[p] : 0);
    }
    unsigned tied = 0, top = 0;
    int best = -1;
    for (unsigned m = players; m; m &= m - 1) {
        int p = __builtin_ctz(m), below = 0;
        for (unsigned o = players; o; o &= o - 1) {
            int q = __builtin_ctz(o);
            if (q != p && key[q] == key[p])
                tied |= 1u << p;
        }
        /* dense rank: how many distinct keys lie below this one */
        for (int k = 0; k < key[p]; k++)
            for (unsigned o = players; o; o &= o - 1)
                if (key[__builtin_ctz(o)] == k) {
                    below++;
                    break;
                }
        s->rank[p] = (uint8_t)below;
        if (key[p] > best) {
            best = key[p];
            top = 0;
        }
        if (key[p] == best)
            top |= 1u << p;
    }
    /* contenders of the next round; none once the roll-off is decided */
    s->rolled = 0;
    s->contenders = (uint8_t)(s->purpose == MR_START ? (__builtin_popcount(top) == 1 ? 0 : top) : tied);
    if (s->contenders && ++s->rounds >= s->cfg->rolloff_cap) {
        top &= -top; /* the lowest seat of the highest */
        for (unsigned m = players; m; m &= m - 1) {
            int p = __builtin_ctz(m), below = 0;
            for (unsigned o = players; o; o &= o - 1) {
                int q = __builtin_ctz(o);
                below += key[q] < key[p] || (key[q] == key[p] && q > p);
            }
            s->rank[p] = (uint8_t)below;
        }
        s->contenders = 0;
    }
    if (s->contenders)
        return;
    s->rounds = 0;
    if (s->purpose == MR_START)
        begin_turn(s, __builtin_ctz(top), false);
    else
        next_builder(s);
}

static void put_square(MorpyamState *s, int p, int kind, int sq)
{
    s->grid[sq] = (uint8_t)kind;
    s->kind_sq[kind] |= 1ull << sq;
    s->hand[p][kind]--;
}

/* The squares still in the hand of p (who left) go on the free positions
 * in square order, kinds in id order, so that the grid is always whole. */
static void put_hand(MorpyamState *s, int p)
{
    int sq = 0;
    for (int k = 0; k < MK_COUNT; k++)
        while (s->hand[p][k]) {
            while (s->grid[sq] != MK_NONE)
                sq++;
            put_square(s, p, k, sq);
        }
}

/* Player p leaves (resigns, in turn or not, or runs out of time): out of
 * the game for good, their tokens staying on the grid. The last player
 * left wins. Otherwise the game goes on as if p had never been there for
 * what is under way: their turn ends, a roll-off goes on without them, and
 * the squares they hold in Plus are put for them (once dealt). */
static __attribute__((noinline)) void leave(MorpyamState *s, int p, int why)
{
    unsigned bit = 1u << p;
    s->alive &= (uint8_t)~bit;
    if (why == LEAVE_TIME)
        s->timed_out |= (uint8_t)bit;
    if (__builtin_popcount(s->alive) == 1) {
        s->contenders = s->rolled = 0; /* a roll-off under way ends with the game */
        s->rounds = 0;
        finish(s, s->alive, why == LEAVE_TIME ? MH_TIME : MH_FORFEIT);
        return;
    }
    switch (s->phase) {
    case MP_DEAL: /* their squares are put when the deal ends */
        return;
    case MP_ROLLOFF:
        if (s->purpose == MR_BUILD)
            put_hand(s, p);
        s->contenders &= (uint8_t)~bit;
        s->rolled &= (uint8_t)~bit;
        if (s->rolled == s->contenders)
            rolloff_round_done(s);
        return;
    case MP_PUT:
        put_hand(s, p);
        if (p == s->builder)
            next_builder(s);
        return;
    default:
        if (p == s->player)
            end_turn(s);
    }
}

void morpyam_apply(State *st, Action a)
{
    MorpyamState *s = (MorpyamState *)st;
    const MorpyamMultisets *ms = s->cfg->ms;
    if (a == ACTION_RESIGN) {
        leave(s, current_player(st), LEAVE_RESIGN);
    } else if (action_is_leave(a)) {
        leave(s, leave_player(a), leave_why(a));
    } else if (a >= MA_DEAL) {
        int kind = a - MA_DEAL, p = s->dealt % s->cfg->players;
        s->deal_left[kind]--;
        s->hand[p][kind]++;
        if (++s->dealt == 36) {
            for (int q = 0; q < s->cfg->players; q++)
                if (!(s->alive >> q & 1))
                    put_hand(s, q); /* players who left during the deal */
            start_rolloff(s, MR_BUILD);
        }
    } else if (a >= MA_DIE) {
        int r = morpyam_roller(s);
        s->roll_value[r] = (uint8_t)(a - MA_DIE);
        s->rolled |= (uint8_t)(1u << r);
        if (s->rolled == s->contenders)
            rolloff_round_done(s);
    } else if (a >= MA_DICE) {
        s->dice = (uint16_t)morpyam_ms_id(ms, ms->key[s->kept] + ms->key[a - MA_DICE]);
        resolve_roll(s);
    } else if (a >= MA_PUT) {
        put_square(s, s->builder, (a - MA_PUT) / 36, (a - MA_PUT) % 36);
        if (hand_empty(s, s->builder))
            next_builder(s);
    } else if (a >= MA_REROLL) {
        int sub = a - MA_REROLL;
        s->kept = (uint16_t)morpyam_ms_id(ms, ms->key[s->dice] - ms->key[sub]);
        s->nroll = ms->size[sub];
        s->phase = MP_ROLL;
    } else if (a >= MA_CALL) {
        s->call = (int8_t)(a - MA_CALL);
        s->called = true;
        s->phase = s->rolls == 0 ? MP_CALL_ROLL : MP_CALL_REROLL;
    } else if (a == MA_ROLL) {
        s->phase = MP_ROLL;
        s->nroll = 5;
        s->kept = 0;
    } else if (a == MA_PASS) {
        end_turn(s);
    } else {
        place(s, a - MA_PLACE);
    }
}

static int add_calls(const MorpyamState *s, Action *out, int n)
{
    /* ascending figure ids; sec is callable only before the first roll */
    static const Action first[8] = {MA_CALL + MF_CARRE, MA_CALL + MF_FULL, MA_CALL + MF_MAXI, MA_CALL + MF_MINI,
                                    MA_CALL + MF_MORPYAM, MA_CALL + MF_SEC, MA_CALL + MF_SUITE};
    static const Action later[8] = {MA_CALL + MF_CARRE, MA_CALL + MF_FULL, MA_CALL + MF_MAXI, MA_CALL + MF_MINI,
                                    MA_CALL + MF_MORPYAM, MA_CALL + MF_SUITE};
    if (!can_call(s))
        return n;
    memcpy(out + n, s->rolls == 0 ? first : later, sizeof first);
    return n + (s->rolls == 0 ? 7 : 6);
}

static int add_rerolls(const MorpyamState *s, Action *out, int n)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    memcpy(out + n, ms->reroll[s->dice - ms->first[5]], sizeof ms->reroll[0]);
    return n + ms->nsub[s->dice];
}

int morpyam_legal(const State *st, Action *out)
{
    const MorpyamState *s = (const MorpyamState *)st;
    int n = 0;
    switch (s->phase) {
    case MP_PUT:
        for (int k = 0; k < MK_COUNT; k++)
            if (s->hand[s->builder][k])
                for (int sq = 0; sq < 36; sq++)
                    if (s->grid[sq] == MK_NONE)
                        out[n++] = MA_PUT + k * 36 + sq;
        break;
    case MP_START:
        out[n++] = MA_ROLL;
        n = add_calls(s, out, n);
        break;
    case MP_CALL_ROLL:
        out[n++] = MA_ROLL;
        break;
    case MP_CALL_REROLL:
        n = add_rerolls(s, out, n);
        break;
    case MP_FORCED:
    case MP_AFTER:
        for (uint64_t m = s->can_place; m; m &= m - 1)
            out[n++] = MA_PLACE + __builtin_ctzll(m);
        if (s->phase == MP_FORCED)
            break;
        out[n++] = MA_PASS;
        if (s->rolls < 3) {
            n = add_calls(s, out, n);
            n = add_rerolls(s, out, n);
        }
        break;
    default:
        break;
    }
    return n;
}

static bool is_legal(const State *st, Action a)
{
    int p = current_player(st);
    if (action_is_leave(a))
        return p != PLAYER_TERMINAL && leave_player(a) < morpyam_state(st)->cfg->players &&
               (morpyam_state(st)->alive >> leave_player(a) & 1);
    if (p < 0)
        return false;
    if (a == ACTION_RESIGN)
        return true;
    Action acts[MAX_ACTIONS];
    int n = morpyam_legal(st, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

static int chance_outcomes(const State *st, ChanceOutcome *out)
{
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = s->cfg->ms;
    int n = 0;
    if (s->phase == MP_ROLL) {
        int end = s->nroll == 5 ? MS_COUNT : ms->first[s->nroll + 1];
        for (int id = ms->first[s->nroll]; id < end; id++)
            out[n++] = (ChanceOutcome){MA_DICE + id, ms->prob[id]};
    } else if (s->phase == MP_ROLLOFF) {
        for (int v = 1; v <= 6; v++)
            out[n++] = (ChanceOutcome){MA_DIE + v, 1.0 / 6};
    } else if (s->phase == MP_DEAL) {
        for (int k = 0; k < MK_COUNT; k++)
            if (s->deal_left[k])
                out[n++] = (ChanceOutcome){MA_DEAL + k, (double)s->deal_left[k] / (36 - s->dealt)};
    }
    return n;
}

static Action sample_chance(const State *st, Rng *rng)
{
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = s->cfg->ms;
    static const uint32_t pow6[6] = {1, 6, 36, 216, 1296, 7776};
    if (s->phase == MP_ROLL)
        return MA_DICE + ms->roll_id[ms->roll_offset[s->nroll] + rng_below(rng, pow6[s->nroll])];
    if (s->phase == MP_ROLLOFF)
        return MA_DIE + 1 + (Action)rng_below(rng, 6);
    uint32_t r = rng_below(rng, (uint32_t)(36 - s->dealt));
    int k = 0;
    while (r >= s->deal_left[k])
        r -= s->deal_left[k++];
    return MA_DEAL + k;
}

static void result(const State *st, GameResult *r)
{
    const MorpyamState *s = (const MorpyamState *)st;
    static const char *const how[] = {"", "ko", "points", "forfeit", "cap", "time"};
    memset(r, 0, sizeof *r);
    r->terminal = s->phase == MP_OVER;
    r->has_points = true;
    for (int p = 0; p < s->cfg->players; p++)
        r->points[p] = s->points[p] + (p == s->bonus_player);
    if (r->terminal) {
        r->winners = s->winners;
        snprintf(r->how, sizeof r->how, "%s", how[s->how]);
    }
}

const GameOps morpyam_ops = {
    .name = "morpyam",
    .summary = "dice and a 6x6 grid for 2-4 players: make figures, cover squares, line up tokens",
    .option_specs = specs,
    .option_words = morpyam_option_words,
    .has_dice = true,
    .configure = configure,
    .free_config = free_config,
    .new_initial_state = new_initial_state,
    .clone = clone_state,
    .free_state = free_state,
    .current_player = current_player,
    .legal_actions = morpyam_legal,
    .is_legal = is_legal,
    .chance_outcomes = chance_outcomes,
    .sample_chance = sample_chance,
    .apply = morpyam_apply,
    .action_text = morpyam_action_text,
    .parse_action = morpyam_parse_action,
    .result = result,
    .serialize = morpyam_serialize,
    .deserialize = morpyam_deserialize,
    .render = morpyam_render,
    .describe = morpyam_describe,
    .why_not = morpyam_why_not,
    .action_marks = morpyam_action_marks,
    .marks = morpyam_marks,
    .describe_result = morpyam_describe_result,
    .legend = morpyam_legend,
    .rules = morpyam_rules,
};
