/* The game-independent front end, its command line and options: option flags
 * (src/cli/game_args.c), the command-line parser's table (cli_parse.c) and JSON
 * options, driven through the toy game "race" (toy_race.c). Sessions,
 * records and the engine protocol are in test_frontend_sessions.c,
 * _records.c and _engine.c; the shared setup is front_test.h's. */
#include "front_test.h"

/* ---- game_args ---- */

static void flags_fill_options(void **unused)
{
    char *argv[] = {"x", "--players", "3", "--target", "7", "--tags", "a,b", "--json", NULL};
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    int i = 1;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_TAKEN);
    assert_int_equal(i, 2);
    i = 3;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_TAKEN);
    i = 5;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_TAKEN);
    i = 7;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_NOT_MINE);
    assert_string_equal(options_get(&o, "players"), "3");
    assert_string_equal(options_get(&o, "target"), "7");
    assert_string_equal(options_get(&o, "tags"), "a,b");
}

static void flags_report_bad_values(void **unused)
{
    char *argv[] = {"x", "--players", "three", "--target", NULL};
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    int i = 1;
    assert_int_equal(game_args_take(&toy_race_ops, 4, argv, &i, &o, err, sizeof err), GAME_ARG_ERROR);
    assert_string_equal(err, "option 'players' must be a whole number, got 'three'");
    assert_null(options_get(&o, "players"));
    i = 3;
    assert_int_equal(game_args_take(&toy_race_ops, 4, argv, &i, &o, err, sizeof err), GAME_ARG_ERROR);
    assert_string_equal(err, "--target expects a value");
    game_args_unknown(&toy_race_ops, "arena", "--nope", "--a, --b", err, sizeof err);
    assert_string_equal(err, "unknown argument '--nope' for arena (expected one of: --a, --b, --players, "
                             "--target, --mode, --tags)");
}

static void help_lists_every_option_with_default(void **unused)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    game_args_print_help(f, &toy_race_ops);
    fclose(f);
    assert_non_null(strstr(buf, "  --players N              number of players (2 to 4) (default: 2)\n"));
    assert_non_null(strstr(buf, "  --target N               score that wins (default: 10)\n"));
    assert_non_null(strstr(buf, "  --mode WORD              a word kept in records (default: none)\n"));
    assert_non_null(strstr(buf, "  --tags LIST"));
    free(buf);
}

static void layout_file_is_read_and_trimmed(void **unused)
{
    char path[] = "/tmp/morph-layout-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "# a grid\nab  \r\ncd # row 2\n\n\n", 28), 28);
    close(fd);
    char text[64], err[ERR_MAX];
    assert_true(game_args_read_layout(path, text, sizeof text, err, sizeof err));
    assert_string_equal(text, "ab\ncd");
    assert_false(game_args_read_layout(path, text, 4, err, sizeof err));
    unlink(path);
    assert_false(game_args_read_layout(path, text, sizeof text, err, sizeof err));
    assert_non_null(strstr(err, "cannot read layout file"));
}

/* ---- JSON options and results ---- */

static void options_json_round_trip(void **unused)
{
    Game *g = race("3", NULL, "x,y");
    json_t *j = game_options_to_json(g);
    ASSERT_JSON(j, "{\"players\":3,\"target\":10,\"tags\":[\"x\",\"y\"]}");
    Options o;
    char err[ERR_MAX];
    assert_true(game_options_from_json(&toy_race_ops, j, &o, err, sizeof err));
    assert_string_equal(options_get(&o, "tags"), "x,y");
    assert_string_equal(options_get(&o, "players"), "3");
    json_decref(j);
    game_free(g);
    j = json_loads("{\"players\":[1]}", 0, NULL);
    assert_false(game_options_from_json(&toy_race_ops, j, &o, err, sizeof err));
    assert_string_equal(err, "option 'players' must be an array of strings");
    json_decref(j);
    j = json_loads("{\"colour\":\"red\"}", 0, NULL);
    assert_false(game_options_from_json(&toy_race_ops, j, &o, err, sizeof err));
    assert_string_equal(err, "unknown option 'colour' for race (expected one of: players, target, mode, tags)");
    json_decref(j);
}

/* ---- the command-line parser (cli_parse.c) ---- */

/* Runs cli_parse on words with stderr caught; returns its result, the
 * message (one line without "morph: " and the newline) in msg. */
static int parse_words(const CliArgs *a, const char *const *words, int n, char *msg, size_t msglen)
{
    char *argv[16];
    argv[0] = "cmd";
    for (int i = 0; i < n; i++)
        argv[i + 1] = (char *)words[i];
    fflush(stderr);
    int saved = dup(2);
    FILE *caught = tmpfile();
    dup2(fileno(caught), 2);
    int r = cli_parse(a, n + 1, argv, 1);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(caught);
    msg[0] = '\0';
    if (fgets(msg, (int)msglen, caught))
        msg[strcspn(msg, "\n")] = '\0';
    fclose(caught);
    return r;
}

static int take_name(void *ctx, int argc, char **argv, int *i)
{
    const char **name = ctx;
    if (argv[*i][0] == '-' || *name)
        return CLI_NOT_MINE;
    *name = argv[*i];
    return CLI_TAKEN;
}

static void cli_parser_reads_by_the_table(void **unused)
{
    bool quick = false, seeded = false;
    const char *name = NULL, *level = "greedy";
    int games = 5, colour = -1;
    uint64_t seed = 0;
    double seconds = 2;
    Options o;
    options_init(&o);
    const CliFlag flags[] = {
        {.name = "--level", .kind = CLI_TEXT, .out = &level, .value = "SPEC", .help = "the AI (default {})"},
        {.name = "--games", .kind = CLI_INT, .out = &games, .value = "N", .lo = 1, .hi = 9,
         .expects = "expects a whole number from 1 to 9", .missing = "", .help = "how many\nsecond line"},
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S", .umax = 100, .given = &seeded,
         .expects = "expects a seed", .missing = "--seed needs a value", .gap = true, .help = "the seed"},
        {.name = "--colour", .kind = CLI_WORD, .out = &colour, .words = "auto,always,never", .value = "WHEN",
         .expects = "expects auto, always or never", .column = 20, .help = "when"},
        {.name = "--seconds", .kind = CLI_DECIMAL, .out = &seconds, .lo = 0.05, .hi = 60, .expects = "expects seconds"},
        {.name = "--quick", .kind = CLI_PRESET, .out = &seconds, .lo = 0.2},
        {.name = "--fast", .kind = CLI_SET, .out = &quick, .usage = "--fast, -f", .help = "fast"},
        {0},
    };
    CliArgs a = {.prefix = "demo", .name = "the demo", .flags = flags, .column = 14, .game = &toy_race_ops,
                 .options = &o, .operand = take_name, .ctx = &name, .help_in_turn = true};
    char msg[512];
    /* the usage: names padded to the column (two spaces at least), "{}" the default, continuation
     * lines under the help, a flag's own column, a blank line before a gap */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cli_print_flags(out, &a);
    fclose(out);
    assert_string_equal(text, "  --level SPEC  the AI (default greedy)\n"
                              "  --games N   how many\n"
                              "              second line\n"
                              "\n"
                              "  --seed S    the seed\n"
                              "  --colour WHEN     when\n"
                              "  --fast, -f  fast\n");
    free(text);
    /* every kind into its target, game options and an operand among them */
    const char *good[] = {"--level", "mcts:ms=5", "alice", "--games", "7", "--seed", "100", "--colour", "never",
                          "--target", "3", "--seconds", "0.5", "--quick", "--fast"};
    assert_int_equal(parse_words(&a, good, 15, msg, sizeof msg), CLI_DONE);
    assert_string_equal(level, "mcts:ms=5");
    assert_string_equal(name, "alice");
    assert_int_equal(games, 7);
    assert_true(seed == 100 && seeded);
    assert_int_equal(colour, 2);
    assert_string_equal(options_get(&o, "target"), "3");
    assert_true(seconds == 0.2 && quick);
    /* bad values: the flag, what it expects and the value, quoted */
    const char *bad_int[] = {"--games", " 9"};
    assert_int_equal(parse_words(&a, bad_int, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --games expects a whole number from 1 to 9, got ' 9'");
    const char *bad_seed[] = {"--seed", "101"};
    assert_int_equal(parse_words(&a, bad_seed, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --seed expects a seed, got '101'");
    const char *bad_word[] = {"--colour", "sometimes"};
    assert_int_equal(parse_words(&a, bad_word, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --colour expects auto, always or never, got 'sometimes'");
    const char *bad_decimal[] = {"--seconds", "1e3"};
    assert_int_equal(parse_words(&a, bad_decimal, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --seconds expects seconds, got '1e3'");
    /* a flag last without its value: what the table says */
    const char *no_games[] = {"--games"};
    assert_int_equal(parse_words(&a, no_games, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --games expects a whole number from 1 to 9");
    const char *no_seed[] = {"--seed"};
    assert_int_equal(parse_words(&a, no_seed, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --seed needs a value");
    /* otherwise it is an argument of its own: here an unknown one, told with the game's options */
    const char *no_level[] = {"--level"};
    assert_int_equal(parse_words(&a, no_level, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: unknown argument '--level' for the demo (expected one of: --level, --games, "
                             "--seed, --colour, --seconds, --quick, --fast, --players, --target, --mode, --tags)");
    const char *bad_option[] = {"--target", "x"};
    assert_int_equal(parse_words(&a, bad_option, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(strncmp(msg, "morph: demo: option 'target'", 28) == 0 ? "ok" : msg, "ok");
    /* help where it stands; a second operand is unknown */
    const char *help[] = {"--level", "--help"};
    assert_int_equal(parse_words(&a, help, 2, msg, sizeof msg), CLI_DONE); /* "--help" is --level's value */
    const char *help2[] = {"--fast", "-h", "--nope"};
    assert_int_equal(parse_words(&a, help2, 3, msg, sizeof msg), CLI_HELP);
    const char *two[] = {"bob"};
    assert_int_equal(parse_words(&a, two, 1, msg, sizeof msg), EXIT_USAGE); /* alice is taken already */
    /* without a game, an unknown argument is told the command's way */
    a.game = NULL;
    a.unknown = "unknown thing '%s' (see the demo)";
    const char *nope[] = {"--nope"};
    assert_int_equal(parse_words(&a, nope, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: unknown thing '--nope' (see the demo)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flags_fill_options),
        cmocka_unit_test(flags_report_bad_values),
        cmocka_unit_test(help_lists_every_option_with_default),
        cmocka_unit_test(layout_file_is_read_and_trimmed),
        cmocka_unit_test(cli_parser_reads_by_the_table),
        cmocka_unit_test(options_json_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
