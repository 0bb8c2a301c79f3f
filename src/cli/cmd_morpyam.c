/* morph morpyam: inspection commands for the Morpyam rules (figures, odds,
 * score, layout) and `watch`, a game between random players. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ai/ai.h"
#include "../games/morpyam/morpyam.h"
#include "cli.h"
#include "commands.h"
#include "game_args.h"
#include "../core/xalloc.h"
#include "../games/registry.h"

/* ---- figures ---- */

typedef struct Dice {
    int values[5], n;
} Dice;

/* One die of the five: a value 1-6 ("-1" too, to be refused as a die). */
static int take_die(void *ctx, int argc, char **argv, int *i)
{
    Dice *d = ctx;
    const char *arg = argv[*i];
    if (arg[0] == '-' && arg[1] && !(arg[1] >= '0' && arg[1] <= '9'))
        return CLI_NOT_MINE;
    long v;
    if (!cli_parse_long(arg, 1, 6, &v))
        return cli_fail(EXIT_BAD_INPUT, "figures: a die shows 1 to 6, got '%s'", cli_quote(arg));
    if (d->n == 5)
        return cli_fail(EXIT_BAD_INPUT, "figures: expected 5 dice, got more");
    d->values[d->n++] = (int)v;
    return CLI_TAKEN;
}

static const char figures_about[] =
    "Usage: morph morpyam figures D D D D D [--first-roll] [--json]\n"
    "\n"
    "Lists every figure five dice show (values 1-6, any order).\n";

static int figures_cmd(int argc, char **argv)
{
    Dice typed = {.n = 0};
    bool json = false, first = false;
    const CliFlag flags[] = {
        {.name = "--first-roll", .kind = CLI_SET, .out = &first,
         .help = "the dice are a first roll, so sec is listed when they show\n"
                 "morpyam, carre, maxi, mini, suite or full"},
        {.name = "--json", .kind = CLI_SET, .out = &json, .help = "{\"dice\":[...],\"figures\":[ids sorted]}"},
        {0},
    };
    const CliArgs args = {.prefix = "figures", .flags = flags, .column = 16, .operand = take_die, .ctx = &typed,
                          .unknown = "unknown option '%s' (see morph morpyam figures --help)", .about = figures_about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    int *dice = typed.values, n = typed.n;
    if (n != 5)
        return cli_fail(EXIT_BAD_INPUT, "figures: expected 5 dice, got %d", n);
    unsigned figs = morpyam_figures(dice, first);
    if (json) {
        json_t *d = json_array(), *f = json_array();
        for (int i = 0; i < 5; i++)
            json_array_append_new(d, json_integer(dice[i]));
        for (int k = 0; k < MF_COUNT; k++)
            if (figs >> k & 1)
                json_array_append_new(f, json_string(morpyam_figure_id(k)));
        cli_print_json(json_pack("{s:o,s:o}", "dice", d, "figures", f));
        return EXIT_OK;
    }
    printf("dice %d %d %d %d %d%s:", dice[0], dice[1], dice[2], dice[3], dice[4], first ? " (first roll)" : "");
    if (!figs)
        printf(" no figure");
    for (int k = 0; k < MF_COUNT; k++)
        if (figs >> k & 1)
            printf(" %s", morpyam_figure_id(k));
    printf("\n");
    return EXIT_OK;
}

/* ---- odds ---- */

static double round12(double x)
{
    return (double)llround(x * 1e12) / 1e12;
}

static const char odds_about[] =
    "Usage: morph morpyam odds [--json]\n"
    "\n"
    "Exact probability of each figure in one roll of five dice and within three\n"
    "rolls when rerolling optimally for that figure alone (sec: first roll only).\n";

static int odds_cmd(int argc, char **argv)
{
    bool json = false;
    const CliFlag flags[] = {
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "{\"figures\":{ID:{\"one_roll\":P,\"three_rolls\":P},...}}, 12 decimals"},
        {0},
    };
    const CliArgs args = {.prefix = "odds", .flags = flags, .column = 10,
                          .unknown = "unknown option '%s' (see morph morpyam odds --help)", .about = odds_about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    MorpyamMultisets *ms = xmalloc(sizeof *ms);
    MorpyamOdds odds;
    morpyam_multisets_init(ms);
    morpyam_odds(ms, &odds);
    free(ms);
    if (json) {
        json_t *figs = json_object();
        for (int f = 0; f < MF_COUNT; f++) {
            json_t *o = json_pack("{s:f}", "one_roll", round12(odds.one_roll[f]));
            if (f != MF_SEC)
                json_object_set_new(o, "three_rolls", json_real(round12(odds.three_rolls[f])));
            json_object_set_new(figs, morpyam_figure_id(f), o);
        }
        cli_print_json(json_pack("{s:o}", "figures", figs));
        return EXIT_OK;
    }
    printf("%-14s %16s %16s\n", "figure", "one roll", "three rolls");
    for (int f = 0; f < MF_COUNT; f++) {
        printf("%-14s %15.6f%% ", morpyam_figure_id(f), 100 * odds.one_roll[f]);
        if (f == MF_SEC)
            printf("%16s\n", "-");
        else
            printf("%15.6f%%\n", 100 * odds.three_rolls[f]);
    }
    return EXIT_OK;
}

/* ---- score ---- */

/* The GRID, the one operand ("-." too, to be refused for its characters). */
static int take_grid(void *ctx, int argc, char **argv, int *i)
{
    const char **grid = ctx, *arg = argv[*i];
    if (arg[0] == '-' && arg[1] && arg[1] != '.')
        return CLI_NOT_MINE;
    if (*grid)
        return cli_fail(EXIT_USAGE, "score: expected one GRID, got '%s' too", cli_quote(arg));
    *grid = arg;
    return CLI_TAKEN;
}

static const char score_about[] =
    "Usage: morph morpyam score --players N GRID [--json]\n"
    "\n"
    "Counts the line points of a grid of tokens. GRID is 36 characters, row by\n"
    "row from the top left (a6 first): '.' a free square, '1'-'4' a player's token.\n"
    "Runs of 3 score 1, runs of 4 score 2 (2 players) or 3 (3-4 players), a run\n"
    "of 5 or more is a KO.\n";

static int score_cmd(int argc, char **argv)
{
    long players = 2;
    const char *grid = NULL;
    bool json = false;
    const CliFlag flags[] = {
        {.name = "--players", .kind = CLI_LONG, .out = &players, .value = "N", .lo = 2, .hi = 4,
         .expects = "must be 2, 3 or 4", .missing = "--players needs a value: 2, 3 or 4",
         .help = "2, 3 or 4 (default {})"},
        {.name = "--json", .kind = CLI_SET, .out = &json, .help = "{\"points\":[...],\"ko\":null or the 1-based player}"},
        {0},
    };
    const CliArgs args = {.prefix = "score", .flags = flags, .column = 15, .operand = take_grid, .ctx = &grid,
                          .unknown = "unknown option '%s' (see morph morpyam score --help)", .about = score_about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (!grid)
        return cli_fail(EXIT_USAGE, "score: missing GRID (36 characters, see morph morpyam score --help)");
    if (strlen(grid) != 36)
        return cli_fail(EXIT_BAD_INPUT, "score: GRID must have 36 characters, got %zu", strlen(grid));
    uint64_t tokens[MAX_PLAYERS] = {0};
    for (int i = 0; i < 36; i++) {
        char c = grid[i];
        if (c == '.')
            continue;
        if (c < '1' || c >= '1' + players)
            return cli_fail(EXIT_BAD_INPUT, "score: bad GRID character '%c' at position %d (expected '.' or 1-%ld)", c,
                            i + 1, players);
        tokens[c - '1'] |= 1ull << ((5 - i / 6) * 6 + i % 6);
    }
    int points[MAX_PLAYERS], ko = -1;
    for (int p = 0; p < players; p++) {
        bool k;
        points[p] = morpyam_count_points(tokens[p], (int)players, &k);
        if (k && ko < 0)
            ko = p;
    }
    if (json) {
        json_t *pts = json_array();
        for (int p = 0; p < players; p++)
            json_array_append_new(pts, json_integer(points[p]));
        cli_print_json(json_pack("{s:o,s:o}", "points", pts, "ko", ko >= 0 ? json_integer(ko + 1) : json_null()));
        return EXIT_OK;
    }
    for (int row = 0; row < 6; row++)
        printf("%d  %.6s\n", 6 - row, grid + row * 6);
    printf("   abcdef\n");
    for (int p = 0; p < players; p++)
        printf("P%d: %d points\n", p + 1, points[p]);
    if (ko >= 0)
        printf("KO: P%d has 5 or more in a line\n", ko + 1);
    return EXIT_OK;
}

/* ---- layout ---- */

/* Reads a layout file into kinds (the same reader as --layout of the other
 * commands); false after printing the error. */
static bool read_layout_file(const char *path, uint8_t kinds[36])
{
    char text[OPTION_VALUE_MAX], err[ERR_MAX];
    if (!game_args_read_layout(path, text, sizeof text, err, sizeof err)) {
        cli_fail(EXIT_BAD_INPUT, "%s", err);
        return false;
    }
    if (!morpyam_parse_layout(text, kinds, err, sizeof err)) {
        cli_fail(EXIT_BAD_INPUT, "%s: %s", path, err);
        return false;
    }
    return true;
}

typedef struct Layout {
    uint8_t kinds[36];
    bool have;
} Layout;

/* The one layout: standard, flash or --file PATH. */
static int take_layout(void *ctx, int argc, char **argv, int *i)
{
    Layout *l = ctx;
    const char *arg = argv[*i];
    bool file = strcmp(arg, "--file") == 0;
    if (l->have && (file || strcmp(arg, "standard") == 0 || strcmp(arg, "flash") == 0))
        return cli_fail(EXIT_USAGE, "layout: expected one layout, got '%s' too", cli_quote(arg));
    if (file && *i + 1 == argc)
        return cli_fail(EXIT_USAGE, "layout: --file needs a PATH");
    if (file && !read_layout_file(argv[++*i], l->kinds))
        return EXIT_BAD_INPUT;
    if (strcmp(arg, "standard") == 0)
        morpyam_standard_layout(l->kinds);
    else if (strcmp(arg, "flash") == 0)
        morpyam_flash_layout(l->kinds);
    else if (!file)
        return CLI_NOT_MINE;
    l->have = true;
    return CLI_TAKEN;
}

static const char layout_about[] =
    "Usage: morph morpyam layout standard|flash|--file PATH [--json]\n"
    "\n"
    "Draws a grid layout with its square codes: 1-6 brelan of that value, PS petite\n"
    "suite, SU suite, FU full, CA carre, MI mini, MA maxi, MO morpyam, SE sec, AP\n"
    "appel. A layout file holds 6 lines of 6 codes, top row first; '#' starts a\n"
    "comment (see docs/rules-morpyam.md).\n";

static int layout_cmd(int argc, char **argv)
{
    Layout layout = {.have = false};
    bool json = false;
    const CliFlag flags[] = {
        {.name = "--file", .kind = CLI_OPERAND, .value = "PATH", .help = "draw the layout in PATH (checking it)"},
        {.name = "--json", .kind = CLI_SET, .out = &json, .help = "{\"rows\":[[6 codes of row 6],...,[row 1]]}"},
        {0},
    };
    const CliArgs args = {.prefix = "layout", .flags = flags, .column = 15, .operand = take_layout, .ctx = &layout,
                          .unknown = "unknown layout '%s' (expected standard, flash or --file PATH)", .about = layout_about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    bool have = layout.have;
    const uint8_t *kinds = layout.kinds;
    if (!have)
        return cli_fail(EXIT_USAGE, "layout: expected standard, flash or --file PATH");
    if (json) {
        json_t *rows = json_array();
        for (int row = 5; row >= 0; row--) {
            json_t *r = json_array();
            for (int col = 0; col < 6; col++)
                json_array_append_new(r, json_string(morpyam_kind_code(kinds[row * 6 + col])));
            json_array_append_new(rows, r);
        }
        cli_print_json(json_pack("{s:o}", "rows", rows));
        return EXIT_OK;
    }
    printf("     a   b   c   d   e   f\n");
    for (int row = 5; row >= 0; row--) {
        printf("%d  ", row + 1);
        for (int col = 0; col < 6; col++)
            printf(" %-3s", morpyam_kind_code(kinds[row * 6 + col]));
        printf(" %d\n", row + 1);
    }
    printf("     a   b   c   d   e   f\n");
    return EXIT_OK;
}

/* ---- watch ---- */

static const char watch_about[] =
    "Usage: morph morpyam watch [--seed S] [game options]\n"
    "\n"
    "Plays one game between random players and prints it turn by turn (grid,\n"
    "dice, actions), then the result.\n";

static int watch_cmd(int argc, char **argv)
{
    Options opts;
    char err[ERR_MAX];
    uint64_t seed = 0;
    bool seeded = false;
    options_init(&opts);
    const CliFlag flags[] = {
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S", .given = &seeded,
         .expects = "expects a non-negative whole number",
         .help = "seed of the dice and the players (default: from the clock,\nprinted)"},
        {0},
    };
    /* every game option flag, as in morph play */
    const CliArgs args = {.prefix = "watch", .name = "morpyam watch", .flags = flags, .column = 17,
                          .game = &morpyam_ops, .options = &opts, .about = watch_about,
                          .more = cli_more_game_options};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (!seeded) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
    }
    Game *g = game_new("morpyam", &opts, err, sizeof err);
    if (!g)
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    printf("seed %llu\n", (unsigned long long)seed);
    Rng dice;
    rng_seed(&dice, seed);
    Ai *ais[MAX_PLAYERS];
    for (int p = 0; p < g->num_players; p++)
        ais[p] = ai_new("random", g, seed + 1 + (uint64_t)p, err, sizeof err);
    State *s = state_new(g);
    StrBuf sb = STRBUF_INIT;
    int shown_turn = -1;
    while (!state_is_terminal(s)) {
        const MorpyamState *ms = (const MorpyamState *)s;
        if (ms->turns != shown_turn && ms->rolls == 0 && ms->phase != MP_ROLLOFF && ms->phase != MP_DEAL &&
            ms->phase != MP_PUT) {
            shown_turn = ms->turns;
            sb_clear(&sb);
            state_render(s, &sb);
            printf("\n%s", sb_str(&sb));
        }
        int p = state_player(s);
        Action a = p == PLAYER_CHANCE ? state_sample_chance(s, &dice) : ai_choose(ais[p], s, NULL);
        sb_clear(&sb);
        state_action_text(s, a, &sb);
        if (p == PLAYER_CHANCE && ms->phase == MP_ROLLOFF)
            printf("   P%d rolls %s\n", morpyam_roller(ms) + 1, sb_str(&sb));
        else if (p == PLAYER_CHANCE)
            printf("   %s\n", sb_str(&sb));
        else
            printf("  P%d: %s\n", p + 1, sb_str(&sb));
        state_apply(s, a);
    }
    sb_clear(&sb);
    state_render(s, &sb);
    printf("\n%s", sb_str(&sb));
    sb_free(&sb);
    state_free(s);
    for (int p = 0; p < g->num_players; p++)
        ai_free(ais[p]);
    game_free(g);
    return EXIT_OK;
}

static const Command subcommands[] = {
    {"figures", figures_cmd, "list the figures five dice show"},
    {"odds", odds_cmd, "exact odds of every figure in one and three rolls"},
    {"score", score_cmd, "count the line points of a grid of tokens"},
    {"layout", layout_cmd, "draw a grid layout (standard, flash or a file)"},
    {"watch", watch_cmd, "watch a game between random players"},
    {"analyze", cmd_morpyam_analyze, "expert self-play: first-player advantage, game length, KO share"},
    {"tune", cmd_morpyam_tune, "fit the master's evaluation by self-play (writes its weights table)"},
    {NULL, NULL, NULL},
};

int cmd_morpyam(int argc, char **argv)
{
    return cli_dispatch("morph morpyam", subcommands, argc, argv);
}
