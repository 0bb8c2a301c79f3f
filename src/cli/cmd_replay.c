/* morph replay FILE: re-applies every action of a record through the rules
 * and prints the final position and result, or the first bad action. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "../front/game_json.h"
#include "../front/record.h"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: morph replay FILE [--json] [--quiet]\n"
            "\n"
            "Checks a game record (docs/records.md): re-applies every action through the\n"
            "rules engine and compares the stored result with the replayed one.\n"
            "Exits 0 when the record is valid, 1 at the first problem (its index is named).\n"
            "\n"
            "  --json    print {\"valid\":true,\"result\":{...}} (result as in the record), or\n"
            "            {\"valid\":false,\"error\":\"...\",\"index\":N} (index null when the\n"
            "            problem is not in an action)\n"
            "  --quiet   print nothing on success (errors still go to stderr)\n");
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

int cmd_replay(int argc, char **argv)
{
    bool json = false, quiet = false;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            quiet = true;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_fail(EXIT_USAGE, "replay: unknown argument '%s' (expected --json, --quiet or a file)", cli_quote(argv[i]));
        } else if (path) {
            return cli_fail(EXIT_USAGE, "replay: one record at a time (got '%s' and '%s')", path, cli_quote(argv[i]));
        } else {
            path = argv[i];
        }
    }
    if (!path)
        return cli_fail(EXIT_USAGE, "replay: expected a record file (see morph replay --help)");
    RecordError e;
    Session *s = record_load(path, true, NULL, &e);
    if (!s) {
        if (json)
            cli_print_json(json_pack("{s:b,s:o,s:o}", "valid", 0, "error", json_text(e.message), "index",
                                     e.index >= 0 ? json_integer(e.index) : json_null()));
        return cli_fail(EXIT_BAD_INPUT, "%s", e.message);
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
