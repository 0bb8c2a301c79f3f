/* morph play: the interactive terminal client (docs/play.md), its set-up:
 * the command line read into a new Session (the game, its seats, seed and
 * record file) or one resumed from a record; play_loop.c plays it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../ai/ai.h"
#include "../core/utf8.h"
#include "../front/record.h"
#include "../games/registry.h"
#include "cli.h"
#include "commands.h"
#include "game_args.h"
#include "play_client.h"
#include "term.h"

/* The usage of the flags: help from this column, lines of at most this width. */
#define PLAY_HELP_COLUMN 18
#define PLAY_HELP_WIDTH 78

/* The AI of the default seats (ai_game_levels). */
static const char *default_level(const char *game)
{
    return ai_game_levels(game)->default_level;
}

/* Whether morph play has screens for ops's game. */
static bool has_screen(const GameOps *ops)
{
    return play_ui_for(ops->name) != NULL;
}

/* The default seats for --help: "human,ai:LEVEL" with the default AI of
 * only, or of every game when they share it. */
static void default_seats(const GameOps *only, StrBuf *out)
{
    const char *level = only ? default_level(only->name) : NULL;
    for (const GameOps *const *g = game_list(); !only && *g; g++) {
        if (!has_screen(*g))
            continue;
        if (level && strcmp(level, default_level((*g)->name)) != 0) {
            sb_puts(out, "human and the game's default AI");
            return;
        }
        level = default_level((*g)->name);
    }
    sb_printf(out, "human,ai:%s", level ? level : "random");
}

/* How many seats ops takes: its players option's range, else its fixed
 * number of players. */
static void seat_range(const GameOps *ops, long *min, long *max)
{
    const OptionSpec *players = options_spec(ops->option_specs, "players");
    if (players) {
        *min = (long)players->min;
        *max = (long)players->max;
        return;
    }
    Options none;
    char err[ERR_MAX];
    options_init(&none);
    Game *game = game_create(ops, &none, err, sizeof err);
    *min = *max = game ? game->num_players : 0;
    game_free(game);
}

/* How many seats each game has, for --help: "For morpyam the number of
 * seats is the number of players (2 to 4); morphos has 2." */
static void seats_words(StrBuf *out)
{
    bool first = true;
    for (const GameOps *const *g = game_list(); *g; g++) {
        if (!has_screen(*g))
            continue;
        sb_puts(out, first ? "" : "; ");
        first = false;
        long min, max;
        seat_range(*g, &min, &max);
        if (options_spec((*g)->option_specs, "players"))
            sb_printf(out, "For %s the number of seats is the number of players (%ld to %ld)", (*g)->name, min, max);
        else
            sb_printf(out, "%s has %ld", (*g)->name, min);
    }
    sb_putc(out, '.');
}

/* The start of the usage; %s is where the games go. */
static const char about_format[] =
    "Usage: morph play GAME [--players LIST] [--seed S] [--record FILE [--force]]\n"
    "                  [--dice auto|manual] [--color auto|always|never] [--verbose]\n"
    "                  [--quiet] [game options]\n"
    "       morph play --resume FILE [--record FILE [--force]] [--dice auto|manual]\n"
    "                  [--color ...] [--verbose] [--quiet]\n"
    "\n"
    "Plays a game of %s in the terminal (docs/play.md). Type `help`\n"
    "during the game for the commands and `rules` for the rules; each prompt lists\n"
    "what is legal. Ctrl-C saves the game and says how to resume it (a second\n"
    "Ctrl-C stops at once).\n"
    "\n";

/* The usage after the flags: the exit status and the options of the game
 * (of every game when none is named). */
static void more(FILE *out, const CliArgs *args)
{
    const GameOps *only = args->game;
    fprintf(out,
            "\n"
            "Exit status: 0 when the game ends, on quit or at the end of input with the\n"
            "record saved; 1 for a bad record or a record that could not be written (the\n"
            "player is told after every write that fails); 2 for bad usage, a --record\n"
            "FILE that may not be replaced included; 130 after Ctrl-C (the record\n"
            "is saved).\n"
            "\n");
    /* play's own --players stands for the game option of that name */
    game_args_print_games_help(out, only, has_screen, "players");
    fprintf(out, "\nAI levels (--players ai:LEVEL; ai alone is the game's default level):\n");
    cli_print_ai_levels(out, only ? only->name : NULL);
}

/* The message of the session for an AI spec too long for a seat. */
static int spec_too_long(int seat, const char *word, const char *more, char *err, size_t errlen)
{
    char head[EXCERPT_MAX * 2 + 4], q[EXCERPT_SIZE]; /* enough to show the cut */
    snprintf(head, sizeof head, "%.*s%s%.*s", EXCERPT_MAX + 1, word + 3, more ? "," : "", EXCERPT_MAX + 1,
             more ? more : "");
    snprintf(err, errlen, "player %d: AI spec '%s' is too long (at most %zu characters)", seat + 1,
             text_excerpt(head, EXCERPT_MAX, q, sizeof q), sizeof ((Seat *)0)->spec - 1);
    return -1;
}

/* Splits LIST into seat entries: a piece that starts neither with "human"
 * nor with "ai:" continues the AI spec before it (mcts:ms=200,threads=2). */
static int parse_players(const char *list, const GameOps *ops, char words[MAX_PLAYERS][136], char *err, size_t errlen)
{
    const char *game = ops->name;
    long count, min, max;
    seat_range(ops, &min, &max);
    if (list[0] && strspn(list, "0123456789") == strlen(list)) {
        if (!cli_parse_long(list, min, max, &count)) {
            if (min == max)
                snprintf(err, errlen, "--players: %s has %ld players, got %s", game, min, cli_quote(list));
            else
                snprintf(err, errlen, "--players: %s takes %ld to %ld players, got %s", game, min, max, cli_quote(list));
            return -1;
        }
        for (int i = 0; i < count; i++)
            snprintf(words[i], sizeof words[i], i == 0 ? "human" : "ai:%s", default_level(game));
        return (int)count;
    }
    char buf[1024];
    if (strlen(list) >= sizeof buf) {
        snprintf(err, errlen, "--players: the list is too long (at most %zu characters)", sizeof buf - 1);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    char *save = NULL;
    for (char *piece = strtok_r(buf, ",", &save); piece; piece = strtok_r(NULL, ",", &save)) {
        char level[64];
        if (strcmp(piece, "ai") == 0) { /* ai alone: the game's default level */
            snprintf(level, sizeof level, "ai:%s", default_level(game));
            piece = level;
        }
        bool starts = strcmp(piece, "human") == 0 || strncmp(piece, "ai:", 3) == 0;
        if (!starts && n > 0 && strncmp(words[n - 1], "ai:", 3) == 0) {
            size_t len = strlen(words[n - 1]);
            if (len + 1 + strlen(piece) >= sizeof words[0])
                return spec_too_long(n - 1, words[n - 1], piece, err, errlen);
            snprintf(words[n - 1] + len, sizeof words[n - 1] - len, ",%s", piece);
            continue;
        }
        if (!starts) {
            char q[EXCERPT_SIZE];
            snprintf(err, errlen, "--players: expected human, ai or ai:LEVEL for each seat, got '%s'",
                     text_excerpt(piece, EXCERPT_MAX, q, sizeof q));
            return -1;
        }
        if (n == MAX_PLAYERS) {
            snprintf(err, errlen, "--players: at most %d seats", MAX_PLAYERS);
            return -1;
        }
        if (strlen(piece) >= sizeof words[0])
            return spec_too_long(n, piece, NULL, err, errlen);
        snprintf(words[n++], sizeof words[0], "%s", piece);
    }
    if (n == 0)
        snprintf(err, errlen, "--players: expected a comma-separated list such as human,ai:greedy");
    return n ? n : -1;
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void default_record(const char *game, uint64_t seed, char *out, size_t outlen)
{
    snprintf(out, outlen, "morph-%s-%llu.json", game, (unsigned long long)seed);
    for (int k = 2; file_exists(out); k++)
        snprintf(out, outlen, "morph-%s-%llu-%d.json", game, (unsigned long long)seed, k);
}

/* dice: the --dice given (-1: none, then the record's mode). */
static int resume(Client *c, const char *file, const char *game, const char *record, bool force, int dice)
{
    RecordError e;
    json_t *doc = NULL;
    Session *s = record_load(file, true, &doc, &e);
    if (!s)
        return cli_fail(EXIT_BAD_INPUT, "%s", e.message);
    const char *created = json_string_value(json_object_get(doc, "created"));
    snprintf(c->created, sizeof c->created, "%s", created ? created : "");
    const char *mode = json_string_value(json_object_get(doc, "dice"));
    c->play.manual_dice = dice >= 0 ? dice == 1 : mode && strcmp(mode, "manual") == 0;
    bool withheld = record_seed_withheld(doc);
    json_decref(doc);
    if (withheld && !session_is_terminal(s)) {
        session_free(s);
        return cli_fail(EXIT_BAD_INPUT, "play: %s withholds its seed (the record of a game still running on a "
                        "server): it replays with morph replay, but cannot be resumed", file);
    }
    if (game && strcmp(game, s->game->ops->name) != 0) {
        const char *name = s->game->ops->name; /* static: outlives the session */
        session_free(s);
        return cli_fail(EXIT_USAGE, "play: %s is a %s record, not %s", file, name, game);
    }
    if (session_is_terminal(s)) {
        GameResult r;
        state_result(s->state, &r);
        session_free(s);
        StrBuf see = STRBUF_INIT;
        cli_command_words(&see, "replay", "", file);
        int code = cli_fail(EXIT_BAD_INPUT, "play: %s holds a finished game (ended by %s): nothing to resume; "
                            "see it with %s", file, r.how, sb_str(&see));
        sb_free(&see);
        return code;
    }
    c->play.s = s;
    c->play.ui = play_ui_for(s->game->ops->name);
    c->path = record ? record : file;
    c->resumed_from = file;
    return play_client_run(c, true, force);
}

int cmd_play(int argc, char **argv)
{
    const char *game = argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL;
    const GameOps *ops = game ? game_lookup(game) : NULL;
    char names[256], bar[256];
    game_names_text(", ", " or ", false, has_screen, names, sizeof names);
    game_names_text("|", "|", false, has_screen, bar, sizeof bar);
    if (game && (!ops || !play_ui_for(game)))
        return cli_fail(EXIT_USAGE, "play: unknown game '%s' (expected %s)", cli_quote(game), names);
    Client c = {0};
    Options opts;
    options_init(&opts);
    const char *players = NULL, *record = NULL, *resume_file = NULL;
    uint64_t seed = 0;
    bool have_seed = false, force = false;
    int dice = -1, color = COLOR_AUTO;
    char err[ERR_MAX * 2];
    /* The --players help: the seats of each game and the default AI. */
    StrBuf players_text = STRBUF_INIT, players_help = STRBUF_INIT;
    sb_puts(&players_text, "one entry per seat, comma-separated: human, ai (the game's default level) or ai:LEVEL[:params], e.g. "
                           "human,ai:greedy,ai:random; several humans play hot-seat. A number N means one human "
                           "and N-1 default AIs. ");
    seats_words(&players_text);
    sb_puts(&players_text, " Default: ");
    default_seats(ops, &players_text);
    cli_wrap(sb_str(&players_text), PLAY_HELP_WIDTH - PLAY_HELP_COLUMN, &players_help);
    sb_free(&players_text);
    const CliFlag flags[] = {
        {.name = "--players", .kind = CLI_TEXT, .out = &players, .value = "LIST", .help = sb_str(&players_help)},
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S", .umax = SESSION_SEED_MAX,
         .expects = "expects a whole number from 0 to 2^63-1", .given = &have_seed,
         .help = "seed of the dice and the AIs, 0 to 2^63-1 (default: from the\nclock, printed at the start)"},
        {.name = "--record", .kind = CLI_TEXT, .out = &record, .value = "FILE",
         .help = "the game record, written after every action (default:\n"
                 "morph-GAME-SEED.json in the current directory, with -2, -3...\n"
                 "added when that file exists; with --resume, the resumed file).\n"
                 "A FILE that is there already is replaced only when it is a\n"
                 "record of this same game"},
        {.name = "--force", .kind = CLI_SET, .out = &force,
         .help = "replace the --record FILE whatever it holds (a symbolic link\n"
                 "is replaced by the record, its target is left alone)"},
        {.name = "--resume", .kind = CLI_TEXT, .out = &resume_file, .value = "FILE",
         .help = "continue the game of a record: game, options, seats, seed and\n"
                 "dice mode come from it (a finished record is refused)"},
        {.name = "--dice", .kind = CLI_WORD, .out = &dice, .value = "MODE", .words = "auto,manual",
         .expects = "expects auto or manual",
         .help = "auto (default): the program rolls; manual: people roll real\n"
                 "dice and type every chance outcome (dice, roll-off die, Plus\n"
                 "deal). The record keeps the mode; with --resume, --dice\n"
                 "changes it"},
        {.name = "--color", .kind = CLI_WORD, .out = &color, .value = "WHEN", .words = TERM_COLOR_WORDS,
         .expects = "expects auto, always or never",
         .help = "auto (default: on a terminal unless NO_COLOR is set),\nalways, never"},
        {.name = "--verbose", .kind = CLI_SET, .out = &c.verbose,
         .help = "also print the AIs' technical detail (expected values, visits,\n"
                 "principal variation) after their moves and hints"},
        {.name = "--quiet", .kind = CLI_SET, .out = &c.quiet,
         .help = "with every seat an AI: print nothing, just write the record\n"
                 "(without --quiet every action, the final position and a\n"
                 "summary are printed)"},
        {0},
    };
    char unknown[512], about[1536];
    snprintf(about, sizeof about, about_format, names);
    snprintf(unknown, sizeof unknown, "unknown argument '%%s' (expected a game first: morph play %s, or --resume FILE)",
             bar);
    const CliArgs args = {.prefix = "play", .flags = flags, .column = PLAY_HELP_COLUMN, .game = ops,
                          .options = &opts, .unknown = ops ? NULL : unknown, .about = about,
                          .more = more, .help_in_turn = true};
    int parsed = cli_parse(&args, argc, argv, game ? 2 : 1);
    sb_free(&players_help);
    if (parsed != CLI_DONE)
        return parsed;
    bool game_opts = opts.count > 0;
    if (c.quiet && c.verbose)
        return cli_fail(EXIT_USAGE, "play: --quiet prints nothing, --verbose more: give one of them");
    c.play.color = term_color_enabled((ColorMode)color, 1);
    if (resume_file) {
        if (players || have_seed || game_opts)
            return cli_fail(EXIT_USAGE, "play: --resume takes the seats, seed and game options from the record "
                            "(only --record, --force, --dice, --color, --verbose and --quiet may be given)");
        return resume(&c, resume_file, game, record, force, dice);
    }
    if (!ops)
        return cli_fail(EXIT_USAGE, "play: expected a game: morph play %s (see morph play --help)", bar);
    c.play.manual_dice = dice == 1;

    char words[MAX_PLAYERS][136];
    char fallback[160];
    snprintf(fallback, sizeof fallback, "human,ai:%s", default_level(ops->name));
    int seats = parse_players(players ? players : fallback, ops, words, err, sizeof err);
    if (seats < 0)
        return cli_fail(EXIT_USAGE, "play: %s", err);
    if (options_spec(ops->option_specs, "players")) {
        char count[12];
        snprintf(count, sizeof count, "%d", seats);
        if (!options_set(&opts, "players", count, err, sizeof err))
            return cli_fail(EXIT_USAGE, "play: %s", err);
    }
    Game *g = game_new(ops->name, &opts, err, sizeof err);
    if (!g)
        return cli_fail(EXIT_USAGE, "play: %s", err);
    if (g->num_players != seats) {
        int want = g->num_players;
        game_free(g);
        return cli_fail(EXIT_USAGE, "play: %s needs %d players, --players gave %d", ops->name, want, seats);
    }
    if (!have_seed)
        seed = (uint64_t)time(NULL) & SESSION_SEED_MAX;
    const char *list[MAX_PLAYERS];
    for (int p = 0; p < seats; p++)
        list[p] = words[p];
    Session *s = session_new_game(g, list, seed, err, sizeof err);
    if (!s)
        return cli_fail(EXIT_USAGE, "play: %s", err);
    c.seed_from_clock = !have_seed; /* said once the command is accepted */
    char path[4096];
    if (!record)
        default_record(ops->name, seed, path, sizeof path);
    c.path = record ? record : path;
    record_now(c.created);
    c.play.s = s;
    c.play.ui = play_ui_for(ops->name);
    return play_client_run(&c, false, force);
}
