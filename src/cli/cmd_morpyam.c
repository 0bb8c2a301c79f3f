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

/* ---- figures ---- */

static int figures_cmd(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        printf("Usage: morph morpyam figures D D D D D [--first-roll] [--json]\n"
               "\n"
               "Lists every figure five dice show (values 1-6, any order).\n"
               "  --first-roll  the dice are a first roll, so sec is listed when they show\n"
               "                morpyam, carre, maxi, mini, suite or full\n"
               "  --json        {\"dice\":[...],\"figures\":[ids sorted]}\n");
        return EXIT_OK;
    }
    int dice[5], n = 0;
    bool json = false, first = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--first-roll") == 0) {
            first = true;
        } else if (argv[i][0] == '-' && argv[i][1] && !(argv[i][1] >= '0' && argv[i][1] <= '9')) {
            return cli_fail(EXIT_USAGE, "figures: unknown option '%s' (see morph morpyam figures --help)", cli_quote(argv[i]));
        } else {
            long v;
            if (!cli_parse_long(argv[i], 1, 6, &v))
                return cli_fail(EXIT_BAD_INPUT, "figures: a die shows 1 to 6, got '%s'", cli_quote(argv[i]));
            if (n == 5)
                return cli_fail(EXIT_BAD_INPUT, "figures: expected 5 dice, got more");
            dice[n++] = (int)v;
        }
    }
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

static int odds_cmd(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        printf("Usage: morph morpyam odds [--json]\n"
               "\n"
               "Exact probability of each figure in one roll of five dice and within three\n"
               "rolls when rerolling optimally for that figure alone (sec: first roll only).\n"
               "  --json  {\"figures\":{ID:{\"one_roll\":P,\"three_rolls\":P},...}}, 12 decimals\n");
        return EXIT_OK;
    }
    bool json = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else
            return cli_fail(EXIT_USAGE, "odds: unknown option '%s' (see morph morpyam odds --help)", cli_quote(argv[i]));
    }
    MorpyamMultisets *ms = malloc(sizeof *ms);
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

static int score_cmd(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        printf("Usage: morph morpyam score --players N GRID [--json]\n"
               "\n"
               "Counts the line points of a grid of tokens. GRID is 36 characters, row by\n"
               "row from the top left (a6 first): '.' a free square, '1'-'4' a player's token.\n"
               "Runs of 3 score 1, runs of 4 score 2 (2 players) or 3 (3-4 players), a run\n"
               "of 5 or more is a KO.\n"
               "  --players N  2, 3 or 4 (default 2)\n"
               "  --json       {\"points\":[...],\"ko\":null or the 1-based player}\n");
        return EXIT_OK;
    }
    long players = 2;
    const char *grid = NULL;
    bool json = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--players") == 0 && i + 1 < argc) {
            if (!cli_parse_long(argv[++i], 2, 4, &players))
                return cli_fail(EXIT_USAGE, "score: --players must be 2, 3 or 4, got '%s'", cli_quote(argv[i]));
        } else if (strcmp(argv[i], "--players") == 0) {
            return cli_fail(EXIT_USAGE, "score: --players needs a value: 2, 3 or 4");
        } else if (argv[i][0] == '-' && argv[i][1] && argv[i][1] != '.') {
            return cli_fail(EXIT_USAGE, "score: unknown option '%s' (see morph morpyam score --help)", cli_quote(argv[i]));
        } else if (grid) {
            return cli_fail(EXIT_USAGE, "score: expected one GRID, got '%s' too", cli_quote(argv[i]));
        } else {
            grid = argv[i];
        }
    }
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

static int layout_cmd(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        printf("Usage: morph morpyam layout standard|flash|--file PATH [--json]\n"
               "\n"
               "Draws a grid layout with its square codes: 1-6 brelan of that value, PS petite\n"
               "suite, SU suite, FU full, CA carre, MI mini, MA maxi, MO morpyam, SE sec, AP\n"
               "appel. A layout file holds 6 lines of 6 codes, top row first; '#' starts a\n"
               "comment (see docs/rules-morpyam.md).\n"
               "  --file PATH  draw the layout in PATH (checking it)\n"
               "  --json       {\"rows\":[[6 codes of row 6],...,[row 1]]}\n");
        return EXIT_OK;
    }
    uint8_t kinds[36];
    bool json = false, have = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--file") == 0 && i + 1 < argc && !have) {
            if (!read_layout_file(argv[++i], kinds))
                return EXIT_BAD_INPUT;
            have = true;
        } else if (strcmp(argv[i], "standard") == 0 && !have) {
            morpyam_standard_layout(kinds);
            have = true;
        } else if (strcmp(argv[i], "flash") == 0 && !have) {
            morpyam_flash_layout(kinds);
            have = true;
        } else if (have && (strcmp(argv[i], "standard") == 0 || strcmp(argv[i], "flash") == 0 ||
                            strcmp(argv[i], "--file") == 0)) {
            return cli_fail(EXIT_USAGE, "layout: expected one layout, got '%s' too", cli_quote(argv[i]));
        } else if (strcmp(argv[i], "--file") == 0) {
            return cli_fail(EXIT_USAGE, "layout: --file needs a PATH");
        } else {
            return cli_fail(EXIT_USAGE, "layout: unknown layout '%s' (expected standard, flash or --file PATH)", cli_quote(argv[i]));
        }
    }
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

static int watch_cmd(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        printf("Usage: morph morpyam watch [--seed S] [game options]\n"
               "\n"
               "Plays one game between random players and prints it turn by turn (grid,\n"
               "dice, actions), then the result.\n"
               "  --seed S       seed of the dice and the players (default: from the clock,\n"
               "                 printed)\n"
               "Game options:\n");
        game_args_print_help(stdout, &morpyam_ops);
        return EXIT_OK;
    }
    Options opts;
    char err[ERR_MAX];
    uint64_t seed = 0;
    bool seeded = false;
    options_init(&opts);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--seed") == 0 && i + 1 < argc) {
            if (!cli_parse_u64(argv[++i], &seed))
                return cli_fail(EXIT_USAGE, "watch: --seed expects a non-negative whole number, got '%s'", cli_quote(argv[i]));
            seeded = true;
            continue;
        }
        /* every game option flag, as in morph play */
        GameArgResult r = game_args_take(&morpyam_ops, argc, argv, &i, &opts, err, sizeof err);
        if (r == GAME_ARG_ERROR)
            return cli_fail(EXIT_USAGE, "watch: %s", err);
        if (r == GAME_ARG_NOT_MINE) {
            game_args_unknown(&morpyam_ops, "morpyam watch", arg, "--seed", err, sizeof err);
            return cli_fail(EXIT_USAGE, "%s", err);
        }
    }
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
            printf("   P%d rolls %s\n", __builtin_ctz(ms->contenders & ~ms->rolled) + 1, sb_str(&sb));
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
