/* morph morphos: the inspection commands for Morphos positions (legal,
 * deadlocks, show) and the table of its subcommands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/morphos/morphos.h"
#include "cli.h"
#include "commands.h"
#include "../core/xalloc.h"
#include "../games/registry.h"

typedef struct NamedList {
    char **items;
    int count, cap;
} NamedList;

static void list_add(NamedList *l, const char *text)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 32;
        l->items = xrealloc(l->items, (size_t)l->cap * sizeof *l->items);
    }
    l->items[l->count++] = xstrdup(text);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static json_t *list_json(NamedList *l)
{
    if (l->count)
        qsort(l->items, (size_t)l->count, sizeof *l->items, by_text);
    json_t *arr = json_array();
    for (int i = 0; i < l->count; i++) {
        json_array_append_new(arr, json_string(l->items[i]));
        free(l->items[i]);
    }
    free(l->items);
    l->items = NULL;
    l->count = l->cap = 0;
    return arr;
}

/* The one operand of a command (a POSITION, a size N): the first word
 * that is no flag; another one is an unknown argument. */
static int take_first(void *ctx, int argc, char **argv, int *i)
{
    const char **operand = ctx;
    if (argv[*i][0] == '-' || *operand)
        return CLI_NOT_MINE;
    *operand = argv[*i];
    return CLI_TAKEN;
}

/* --mutators LIST, as legal, deadlocks and show take it. */
#define MUTATORS_FLAG(target, cmd, text)                                                                        \
    {.name = "--mutators", .kind = CLI_TEXT, .out = target, .value = "LIST", .help = text,                    \
     .missing = "--mutators needs a value (see morph morphos " cmd " --help)"}

/* Reads POSITION plus --mutators into a game and its stones. */
static int load(const char *pos, const char *mutators, Game **g, Bb stones[2])
{
    char err[ERR_MAX], cells[19 * 19];
    int n = 0;
    if (!morphos_parse_position(pos, &n, cells, err, sizeof err))
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    Options o;
    options_init(&o);
    char size[8];
    snprintf(size, sizeof size, "%d", n);
    if (!options_set(&o, "size", size, err, sizeof err) || !options_set(&o, "mutators", mutators, err, sizeof err))
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    *g = game_new("morphos", &o, err, sizeof err);
    if (!*g)
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    const MorphosConfig *c = (*g)->config;
    bb_zero(&stones[0]);
    bb_zero(&stones[1]);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++)
            if (cells[r * 19 + col] != '.')
                bb_set(&stones[cells[r * 19 + col] == 'W'], morphos_bit(c, col, r));
    return EXIT_OK;
}

/* Every full move (the parts of one turn joined by commas). */
static void expand(const MorphosState *s, int turn, const char *prefix, NamedList *out)
{
    Action acts[MAX_ACTIONS];
    int n = morphos_ops.legal_actions(&s->base, acts);
    for (int i = 0; i < n; i++) {
        StrBuf sb = STRBUF_INIT;
        sb_printf(&sb, "%s%s", prefix, *prefix ? "," : "");
        morphos_ops.action_text(&s->base, acts[i], &sb);
        MorphosState *t = (MorphosState *)morphos_ops.clone(&s->base);
        morphos_apply_fast(t, acts[i]);
        if (t->phase != PHASE_OVER && t->turn == turn)
            expand(t, turn, sb_str(&sb), out);
        else
            list_add(out, sb_str(&sb));
        morphos_ops.free_state(&t->base);
        sb_free(&sb);
    }
}

static const char legal_about[] =
    "Usage: morph morphos legal POSITION [--to-move B|W] [--mutators LIST] [--json]\n"
    "\n"
    "Shows the winner of POSITION (rows from the top, e.g. B.W/.W./W.B), the weak\n"
    "stones of each colour and every legal full move of the side to move (the parts\n"
    "of one turn joined by commas, e.g. c3,c4 with duomorph), sorted. The position\n"
    "carries no history: no swap, no pending returned stone, no deepmorph flips.\n"
    "\n";

static int cmd_legal(int argc, char **argv)
{
    const char *pos = NULL, *mutators = "", *to = "B";
    bool json = false;
    const CliFlag flags[] = {
        {.name = "--to-move", .kind = CLI_TEXT, .out = &to, .value = "B|W", .help = "the colour to move (default {})",
         .missing = "--to-move needs a value (see morph morphos legal --help)"},
        MUTATORS_FLAG(&mutators, "legal", "comma-separated: minimorph, deepmorph, duomorph, remorph,\nmetamorph"),
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "{\"size\",\"to_move\",\"winner\",\"weak\":{\"B\",\"W\"},\"moves\"}"},
        {0},
    };
    const CliArgs args = {.prefix = "morphos legal", .flags = flags, .column = 19, .operand = take_first, .ctx = &pos,
                          .unknown = "unknown argument '%s' (see morph morphos legal --help)", .about = legal_about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (!pos)
        return cli_fail(EXIT_USAGE, "morphos legal: expected a POSITION (see morph morphos legal --help)");
    if (strcmp(to, "B") != 0 && strcmp(to, "W") != 0)
        return cli_fail(EXIT_USAGE, "morphos legal: --to-move expects B or W, got '%s'", cli_quote(to));
    Game *g;
    Bb stones[2];
    int rc = load(pos, mutators, &g, stones);
    if (rc)
        return rc;
    const MorphosConfig *c = g->config;
    MorphosState *s = morphos_state_from_position(g, stones, to[0] == 'W');
    NamedList weak[2] = {{0}}, moves = {0};
    for (int colour = 0; colour < 2; colour++) {
        Bb w;
        morphos_weak(c, &stones[colour], &stones[colour ^ 1], &w);
        for (int b = 0; b < BB_WORDS * 64; b++)
            if (bb_test(&w, b)) {
                char pt[4];
                morphos_point_text(c, b, pt);
                list_add(&weak[colour], pt);
            }
    }
    expand(s, s->turn, "", &moves);
    const char *winner = s->phase == PHASE_OVER ? (s->winner == 0 ? "B" : "W") : NULL;
    const char *how = s->phase == PHASE_OVER ? s->how : NULL;
    json_t *out = json_pack("{s:i,s:s,s:o,s:{s:o,s:o},s:o}", "size", c->n, "to_move", to, "winner",
                            winner ? json_string(winner) : json_null(), "weak", "B", list_json(&weak[0]), "W",
                            list_json(&weak[1]), "moves", list_json(&moves));
    if (json) {
        cli_print_json(out);
    } else {
        json_t *wb = json_object_get(json_object_get(out, "weak"), "B");
        json_t *ww = json_object_get(json_object_get(out, "weak"), "W");
        json_t *mv = json_object_get(out, "moves");
        printf("%s to move\n", to[0] == 'B' ? "Black" : "White");
        if (winner)
            printf("winner: %s (%s)\n", winner[0] == 'B' ? "Black" : "White", how);
        const char *labels[3] = {"weak black:", "weak white:", "moves:"};
        json_t *lists[3] = {wb, ww, mv};
        for (int k = 0; k < 3; k++) {
            printf("%s", labels[k]);
            size_t i;
            json_t *v;
            json_array_foreach(lists[k], i, v) printf(" %s", json_string_value(v));
            printf("%s\n", json_array_size(lists[k]) ? "" : " none");
        }
        json_decref(out);
    }
    morphos_ops.free_state(&s->base);
    game_free(g);
    return EXIT_OK;
}

static const char deadlocks_about[] =
    "Usage: morph morphos deadlocks N [--mutators LIST] [--json]\n"
    "\n"
    "Enumerates every full NxN board (N from 2 to 6) and counts those on which\n"
    "neither colour has a weak stone (no_moves) and, among them, those where\n"
    "nobody has a connection (no_moves_no_winner: the deadlocks). formula is\n"
    "2^(N+1)-2, the count the original rules text claims.\n"
    "\n";

static int cmd_deadlocks(int argc, char **argv)
{
    const char *mutators = "", *size = NULL;
    bool json = false;
    const CliFlag flags[] = {
        MUTATORS_FLAG(&mutators, "deadlocks", "minimorph changes the patterns; the others do not matter here"),
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "{\"size\",\"no_moves\",\"no_moves_no_winner\",\"formula\"}"},
        {0},
    };
    const CliArgs args = {.prefix = "morphos deadlocks", .flags = flags, .column = 19, .operand = take_first,
                          .ctx = &size, .unknown = "unknown argument '%s' (see morph morphos deadlocks --help)", .about = deadlocks_about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    long n;
    if (!size || !cli_parse_long(size, 2, 6, &n))
        return cli_fail(EXIT_USAGE, "morphos deadlocks: expected a board size N from 2 to 6, got '%s'", size ? cli_quote(size) : "");
    MorphosConfig c;
    char err[ERR_MAX];
    if (!morphos_config_init(&c, (int)n, mutators, 1, err, sizeof err))
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    if (cli_arguments_only)
        return EXIT_OK;
    MorphosDeadlocks d;
    morphos_count_deadlocks(&c, &d);
    long formula = (1L << (n + 1)) - 2;
    if (json)
        cli_print_json(json_pack("{s:i,s:I,s:I,s:I}", "size", (int)n, "no_moves", (json_int_t)d.no_moves,
                                 "no_moves_no_winner", (json_int_t)d.no_moves_no_winner, "formula",
                                 (json_int_t)formula));
    else
        printf("%ldx%ld: %ld full boards without a move, %ld of them without a winner (formula 2^(N+1)-2 = %ld)\n",
               n, n, d.no_moves, d.no_moves_no_winner, formula);
    return EXIT_OK;
}

static const char show_about[] =
    "Usage: morph morphos show POSITION [--mutators LIST]\n"
    "\n"
    "Draws POSITION (rows from the top, e.g. B.W/.W./W.B) with coordinates;\n"
    "weak stones (those the opponent may flip) are drawn in lower case.\n"
    "\n";

static int cmd_show(int argc, char **argv)
{
    const char *pos = NULL, *mutators = "";
    const CliFlag flags[] = {
        MUTATORS_FLAG(&mutators, "show", "minimorph changes which stones are weak"),
        {0},
    };
    const CliArgs args = {.prefix = "morphos show", .flags = flags, .column = 19, .operand = take_first, .ctx = &pos,
                          .unknown = "unknown argument '%s' (see morph morphos show --help)", .about = show_about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (!pos)
        return cli_fail(EXIT_USAGE, "morphos show: expected a POSITION (see morph morphos show --help)");
    Game *g;
    Bb stones[2];
    int rc = load(pos, mutators, &g, stones);
    if (rc)
        return rc;
    StrBuf sb = STRBUF_INIT;
    morphos_draw(g->config, stones, &sb);
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
    game_free(g);
    return EXIT_OK;
}

static const Command subcommands[] = {
    {"legal", cmd_legal, "winner, weak stones and legal moves of a position"},
    {"deadlocks", cmd_deadlocks, "count full boards where neither player can move"},
    {"show", cmd_show, "draw a position with coordinates and weak stones"},
    {"fit-priors", cmd_morphos_fit, "fit the mcts pattern priors on self-play (writes C source)"},
    {"solve", cmd_morphos_solve, "who wins with perfect play: the position and every legal action"},
    {"puzzles", cmd_morphos_puzzles, "positions to play and win, found by the solver; check a suite"},
    {NULL, NULL, NULL},
};

int cmd_morphos(int argc, char **argv)
{
    return cli_dispatch("morph morphos", subcommands, argc, argv);
}
