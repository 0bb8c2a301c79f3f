/* morph replay FILE: re-applies every action of a record through the rules
 * and prints the final position and result, or the first bad action; with
 * --moves the moves in words, with --at N the position after N actions;
 * with --quiet, any number of records checked in one run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "play.h"
#include "term.h"
#include "../front/game_json.h"
#include "../front/record.h"
#include "../core/xalloc.h"

static const char about[] =
    "Usage: morph replay FILE [--json] [--quiet]\n"
    "       morph replay FILE [--moves] [--at N] [--color auto|always|never]\n"
    "       morph replay FILE... --quiet\n"
    "\n"
    "Checks a game record (docs/records.md): re-applies every action through the\n"
    "rules engine and compares the stored result with the replayed one.\n"
    "Exits 0 when the record is valid, 1 at the first problem (its index is named).\n"
    "With --quiet, several records are checked in one run: each bad one is named\n"
    "on stderr with its problem, and the exit is 1 when any is bad.\n"
    "\n";

/* The record files: one, or several with --quiet. */
typedef struct Paths {
    const char **list;
    int count;
} Paths;

static int take_path(void *ctx, int argc, char **argv, int *i)
{
    Paths *paths = ctx;
    const char *arg = argv[*i];
    if (arg[0] == '-' && arg[1])
        return CLI_NOT_MINE;
    paths->list[paths->count++] = arg;
    return CLI_TAKEN;
}

/* --quiet over several records: each bad one named on stderr. */
static int check_all(const Paths *paths)
{
    int bad = 0;
    for (int k = 0; k < paths->count; k++) {
        RecordError e;
        Session *s = record_load(paths->list[k], true, NULL, &e);
        if (!s) {
            fprintf(stderr, "morph: %s\n", e.message);
            bad++;
        }
        session_free(s);
    }
    if (bad)
        fprintf(stderr, "morph: replay: %d of %d records are not valid\n", bad, paths->count);
    return bad ? EXIT_BAD_INPUT : EXIT_OK;
}

/* One line: "result: player 1 wins by connection" / "... points 31 12". */
static void print_result(const Session *s)
{
    GameResult r;
    state_result(s->state, &r);
    if (!r.terminal) {
        printf("result: unfinished, %d actions played\n", s->count);
        return;
    }
    int n = s->game->num_players, winners = __builtin_popcount(r.winners);
    printf("result: ");
    if (winners == 0) {
        printf("no winner, ended");
    } else if (winners == n && !r.has_points) {
        printf("draw"); /* a game without points shared by everybody: Morphos at the move cap */
    } else {
        printf("%s", winners > 1 ? "players" : "player");
        for (int p = 0, k = 0; p < n; p++)
            if (r.winners >> p & 1)
                printf("%s %d", k++ ? (k == winners ? " and" : ",") : "", p + 1);
        printf(" %s", winners > 1 ? "share the win" : "wins");
    }
    printf(" by %s", r.how);
    if (r.has_points) {
        printf(", points");
        for (int p = 0; p < n; p++)
            printf(" %d", r.points[p]);
    }
    printf("\n");
}

static void put_wrapped(StrBuf *sb, int indent)
{
    StrBuf out = STRBUF_INIT;
    term_wrap(&out, sb_str(sb), PLAY_WIDTH, indent);
    fputs(sb_str(&out), stdout);
    sb_free(&out);
    sb_clear(sb);
}

/* "  12. P2 (greedy) keeps 3 3 3 and rerolls two dice" for the first n
 * actions. */
static void print_moves(Play *p, int n)
{
    Session *s = p->s;
    State *st = state_new(s->game);
    StrBuf sb = STRBUF_INIT;
    for (int i = 0; i < n; i++) {
        Action a;
        char err[ERR_MAX];
        s->game->ops->parse_action(st, s->steps[i].text, &a, err, sizeof err); /* checked by the loading */
        sb_printf(&sb, "%5d. ", i + 1);
        state_describe(st, a, &p->voice, &sb);
        sb_putc(&sb, '\n');
        put_wrapped(&sb, 3);
        state_apply(st, a);
    }
    sb_free(&sb);
    state_free(st);
}

/* The screen after the first n actions: the last one told, the drawing,
 * and at the end how the game ended. */
static void print_position(Play *p, int n, int total)
{
    Session *s = p->s;
    StrBuf sb = STRBUF_INIT;
    if (n > 0) {
        State *before = state_new(s->game);
        char err[ERR_MAX];
        Action a = 0;
        for (int i = 0; i < n; i++) {
            s->game->ops->parse_action(before, s->steps[i].text, &a, err, sizeof err);
            if (i < n - 1)
                state_apply(before, a);
        }
        sb_printf(&sb, "After action %d of %d: ", n, total);
        state_describe(before, a, &p->voice, &sb);
        sb_puts(&sb, "\n\n");
        state_free(before);
    } else {
        sb_printf(&sb, "Before the first action (the record has %d).\n\n", total);
    }
    session_truncate(s, n);
    p->ui->draw(p, &sb);
    if (session_is_terminal(s)) {
        sb_putc(&sb, '\n');
        state_describe_result(s->state, &p->voice, &sb);
    }
    put_wrapped(&sb, 4);
    sb_free(&sb);
}

int cmd_replay(int argc, char **argv)
{
    bool json = false, quiet = false, moves = false, at_given = false;
    long at = -1;
    int color = COLOR_AUTO;
    Paths paths = {.list = xcalloc((size_t)argc, sizeof *paths.list)};
    const char *path = NULL;
    const CliFlag flags[] = {
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "print {\"valid\":true,\"result\":{...}} (result as in the record), or\n"
                 "{\"valid\":false,\"error\":\"...\",\"index\":N} (index null when the\n"
                 "problem is not in an action)"},
        {.name = "--quiet", .kind = CLI_SET, .out = &quiet,
         .help = "print nothing on success (errors still go to stderr)"},
        {.name = "--moves", .kind = CLI_SET, .out = &moves,
         .help = "print the numbered list of the actions in words (the first N with\n--at N)"},
        {.name = "--at", .kind = CLI_LONG, .out = &at, .value = "N", .lo = 0, .hi = 1L << 30, .given = &at_given,
         .expects = "expects a number of actions (0 or more)",
         .help = "show the position after the first N actions (0 to the number of\n"
                 "actions) as `morph play` draws it: the board, its highlights and\n"
                 "who is to move, or how the game ended"},
        {.name = "--color", .kind = CLI_WORD, .out = &color, .value = "WHEN", .words = TERM_COLOR_WORDS,
         .expects = "expects auto, always or never",
         .help = "colour of --moves and --at: auto (a terminal, NO_COLOR unset),\nalways or never"},
        {0},
    };
    const CliArgs args = {.prefix = "replay", .flags = flags, .column = 12, .operand = take_path, .ctx = &paths,
                          .unknown = "unknown argument '%s' (expected --json, --quiet, --moves, --at N, --color or a file)",
                          .about = about, .help_in_turn = true};
    int parsed = cli_parse(&args, argc, argv, 1);
    int count = paths.count;
    path = count ? paths.list[0] : NULL;
    if (parsed == CLI_DONE && count > 1 && quiet && !json && !moves && !at_given)
        parsed = check_all(&paths);
    else if (parsed == CLI_DONE && count > 1)
        parsed = cli_fail(EXIT_USAGE, "replay: several records go only with --quiet alone (got '%s' and '%s')",
                          paths.list[0], cli_quote(paths.list[1]));
    free(paths.list);
    if (parsed != CLI_DONE || count > 1)
        return parsed;
    if (!path)
        return cli_fail(EXIT_USAGE, "replay: expected a record file (see morph replay --help)");
    if ((moves || at_given) && (json || quiet))
        return cli_fail(EXIT_USAGE, "replay: --moves and --at print the game; they do not go with --json or --quiet");
    RecordError e;
    Session *s = record_load(path, true, NULL, &e);
    if (!s) {
        if (json)
            cli_print_json(json_pack("{s:b,s:o,s:o}", "valid", 0, "error", json_text(e.message), "index",
                                     e.index >= 0 ? json_integer(e.index) : json_null()));
        return cli_fail(EXIT_BAD_INPUT, "%s", e.message);
    }
    if (moves || at_given) {
        int total = s->count;
        if (at > total) {
            session_free(s);
            return cli_fail(EXIT_USAGE, "replay: --at %ld is past the end: %s has %d action%s (expected 0 to %d)", at,
                            path, total, total == 1 ? "" : "s", total);
        }
        Play p = {.s = s, .ui = play_ui_for(s->game->ops->name), .spectator = true};
        p.color = term_color_enabled((ColorMode)color, 1);
        play_set_names(&p);
        if (moves)
            print_moves(&p, at_given ? (int)at : total);
        if (at_given && p.ui) {
            if (moves)
                putchar('\n');
            print_position(&p, (int)at, total);
        }
        session_free(s);
        return EXIT_OK;
    }
    if (json) {
        cli_print_json(json_pack("{s:b,s:o}", "valid", 1, "result", game_result_to_json(s->state)));
    } else if (!quiet) {
        StrBuf board = STRBUF_INIT;
        state_render(s->state, &board);
        fputs(sb_str(&board), stdout);
        if (board.len && board.data[board.len - 1] != '\n')
            putchar('\n');
        sb_free(&board);
        print_result(s);
    }
    session_free(s);
    return EXIT_OK;
}
