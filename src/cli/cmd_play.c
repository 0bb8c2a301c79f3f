/* morph play: the interactive terminal client (docs/play.md). People and
 * AIs take seats; the record is written after every action so that a game
 * killed at any moment can be resumed with --resume. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "game_args.h"
#include "play.h"
#include "../front/record.h"
#include "term.h"
#include "../core/utf8.h"

/* A game that runs longer than this is a bug in a player or a rule. */
#define PLAY_MAX_STEPS 1000000
#define LINE_MAX_LEN 512

/* The chance stream of hints, apart from the session's own streams. */
enum { STREAM_HINT = 3 };

enum { GO_ON, GO_QUIT, GO_FAIL };

typedef struct Client {
    Play play;
    const char *path;  /* the record file */
    char created[21];
    bool quiet;
    bool interactive;  /* some seat is a person's, or people type the dice */
    bool echo;         /* stdin is not a terminal: echo what was read */
    int drawn_at;      /* s->count when the screen was last drawn, -1 never */
    bool write_failed; /* the latest record write failed: the file is behind */
    int saved_count;   /* s->count at the latest successful write, -1 none */
    char write_error[ERR_MAX + 64]; /* why the latest write failed */
    const char *resumed_from; /* the record file resumed, or NULL */
} Client;

static const PlayUi *ui_for(const char *game)
{
    static const PlayUi *const uis[] = {&play_morpyam_ui, &play_morphos_ui};
    for (size_t i = 0; i < sizeof uis / sizeof uis[0]; i++)
        if (strcmp(uis[i]->game, game) == 0)
            return uis[i];
    return NULL;
}

static const AiOps *ai_level(const char *name, const char *game)
{
    for (const AiOps *const *a = ai_list(); *a; a++)
        if (strcmp((*a)->name, name) == 0 && (!(*a)->games || list_contains((*a)->games, game)))
            return *a;
    return NULL;
}

/* The AI of the default seats: greedy, or random while this build has no greedy. */
static const char *default_level(const char *game)
{
    return ai_level("greedy", game) ? "greedy" : "random";
}

static void usage(FILE *out, const GameOps *only)
{
    fprintf(out,
            "Usage: morph play GAME [--players LIST] [--seed S] [--record FILE [--force]]\n"
            "                  [--dice auto|manual] [--color auto|always|never] [--quiet] [game options]\n"
            "       morph play --resume FILE [--record FILE [--force]] [--dice auto|manual] [--color ...]\n"
            "                  [--quiet]\n"
            "\n"
            "Plays a game of morpyam or morphos in the terminal (docs/play.md). Type `help`\n"
            "during the game for the commands; each prompt lists what is legal.\n"
            "\n"
            "  --players LIST  one entry per seat, comma-separated: human or ai:LEVEL[:params],\n"
            "                  e.g. human,ai:greedy,ai:random; several humans play hot-seat.\n"
            "                  A number N means one human and N-1 default AIs. For morpyam the\n"
            "                  number of seats is the number of players (2 to 4); morphos has 2.\n"
            "                  Default: human,ai:%s\n"
            "  --seed S        seed of the dice and the AIs, 0 to 2^63-1 (default: from the\n"
            "                  clock, printed at the start)\n"
            "  --record FILE   the game record, written after every action (default:\n"
            "                  morph-GAME-SEED.json in the current directory, with -2, -3...\n"
            "                  added when that file exists; with --resume, the resumed file).\n"
            "                  A FILE that is there already is replaced only when it is a\n"
            "                  record of this same game\n"
            "  --force         replace the --record FILE whatever it holds (a symbolic link\n"
            "                  is replaced by the record, its target is left alone)\n"
            "  --resume FILE   continue the game of a record: game, options, seats and seed\n"
            "                  come from it (a finished record is refused)\n"
            "  --dice MODE     auto (default): the program rolls; manual: people roll real dice\n"
            "                  and type every chance outcome (dice, roll-off die, Plus deal)\n"
            "  --color WHEN    auto (default: on a terminal unless NO_COLOR is set), always, never\n"
            "  --quiet         with every seat an AI: print nothing, just write the record\n"
            "                  (without --quiet every action, the final position and a\n"
            "                  summary are printed)\n"
            "\n"
            "Exit status: 0 when the game ends, on quit or at the end of input with the\n"
            "record saved; 1 for a bad record or a record that could not be written (the\n"
            "player is told after every write that fails); 2 for bad usage, a --record\n"
            "FILE that may not be replaced included.\n"
            "\n",
            default_level(only ? only->name : "morpyam"));
    for (const GameOps *const *g = game_list(); *g; g++) {
        if ((only && *g != only) || !ui_for((*g)->name))
            continue;
        fprintf(out, "%s options:\n", (*g)->name);
        game_args_print_help(out, *g);
    }
}

/* ---- small helpers ---- */

int play_words(const char *line, char *buf, size_t buflen, char **words, int max)
{
    snprintf(buf, buflen, "%s", line);
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t", &save); w && n < max; w = strtok_r(NULL, " \t", &save))
        words[n++] = w;
    return n;
}

void play_seat_name(const Play *p, int seat, StrBuf *out)
{
    const Seat *st = &p->s->seats[seat];
    if (st->is_ai)
        sb_printf(out, "P%d (%s)", seat + 1, st->spec);
    else
        sb_printf(out, "P%d (%s)", seat + 1, p->humans == 1 ? "you" : "human");
}

static void out_str(const char *text)
{
    fputs(text, stdout);
}

static void print_sb(StrBuf *sb)
{
    out_str(sb_str(sb));
    sb_clear(sb);
}

/* Writes the record; every failure is told, since each leaves the file
 * behind the game, and so is the first success after failures. */
static void save(Client *c)
{
    RecordSync sync = c->interactive ? RECORD_DURABLE : RECORD_ATOMIC;
    int count = c->play.s->count;
    if (record_save(c->play.s, c->path, c->created, sync, c->write_error, sizeof c->write_error)) {
        if (c->write_failed)
            fprintf(stderr, "morph: the record %s is up to date again (%d action%s)\n", c->path, count,
                    count == 1 ? "" : "s");
        c->write_failed = false;
        c->saved_count = count;
        return;
    }
    c->write_failed = true;
    if (c->saved_count < 0)
        fprintf(stderr, "morph: the record %s could not be written: %s\n", c->path, c->write_error);
    else
        fprintf(stderr, "morph: the record %s is not up to date (the game has %d action%s, the file %d): %s\n", c->path,
                count, count == 1 ? "" : "s", c->saved_count, c->write_error);
}

/* After every action: a killed client loses at most the action in progress.
 * A game of AIs alone (hundreds of actions a second) skips the disk syncs. */
static void save_after_action(Client *c)
{
    save(c);
}

/* After the last save of a session that stops: says where the game is, or
 * that it is not saved. Returns the go code: quit, or fail when unsaved. */
static int saved_message(const Client *c)
{
    if (!c->write_failed) {
        printf("The game is saved in %s; continue it with: morph play --resume %s\n", c->path, c->path);
        return GO_QUIT;
    }
    int missing = c->play.s->count - (c->saved_count > 0 ? c->saved_count : 0);
    if (c->saved_count < 0)
        printf("The game is NOT saved: the record %s could not be written (%s)\n", c->path, c->write_error);
    else
        printf("The game is NOT saved: the record %s lacks the last %d action%s (%s)\n", c->path,
               missing > 0 ? missing : 0, missing == 1 ? "" : "s", c->write_error);
    return GO_FAIL;
}

/* Reads one line; false at the end of input. Leading and trailing spaces go. */
static bool read_line(Client *c, char *buf, size_t n)
{
    fflush(stdout);
    if (!fgets(buf, (int)n, stdin))
        return false;
    size_t len = strlen(buf);
    if (len && buf[len - 1] != '\n') { /* too long: drop the rest of the line */
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n')
            ;
    }
    while (len && isspace((unsigned char)buf[len - 1]))
        buf[--len] = '\0';
    size_t lead = strspn(buf, " \t");
    memmove(buf, buf + lead, len - lead + 1);
    if (c->echo)
        printf("%s\n", buf);
    return true;
}

static void print_error(const Client *c, const char *what, const char *why)
{
    StrBuf sb = STRBUF_INIT;
    sb_printf(&sb, "%s: ", what);
    term_paint(&sb, c->play.color, SGR_RED, why);
    sb_putc(&sb, '\n');
    print_sb(&sb);
    sb_free(&sb);
}

/* ---- the end ---- */

static const char *how_words(const char *how)
{
    static const char *const words[][2] = {
        {"ko", "KO (a line of five tokens)"},
        {"points", "points"},
        {"forfeit", "forfeit (every other player resigned)"},
        {"cap", "the turn cap (a draw on the board as it stands)"},
        {"connection", "connection"},
        {"deadlock", "deadlock (nobody can move)"},
        {"resign", "resignation"},
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(how, words[i][0]) == 0)
            return words[i][1];
    return how;
}

static void print_summary(const Client *c)
{
    const Play *p = &c->play;
    GameResult r;
    state_result(p->s->state, &r);
    int n = p->s->game->num_players, winners = __builtin_popcount(r.winners);
    StrBuf sb = STRBUF_INIT;
    term_paint(&sb, p->color, SGR_BOLD, "Game over:");
    sb_putc(&sb, ' ');
    if (winners == 0) {
        sb_puts(&sb, "no winner");
    } else {
        for (int s = 0, k = 0; s < n; s++) {
            if (!(r.winners >> s & 1))
                continue;
            sb_puts(&sb, k == 0 ? "" : k == winners - 1 ? " and " : ", ");
            play_seat_name(p, s, &sb);
            k++;
        }
        sb_puts(&sb, winners > 1 ? " share the win" : " wins");
    }
    sb_printf(&sb, " by %s.\n", how_words(r.how));
    if (r.has_points) {
        sb_puts(&sb, "Points:");
        for (int s = 0; s < n; s++) {
            sb_puts(&sb, s ? ", " : " ");
            play_seat_name(p, s, &sb);
            sb_printf(&sb, " %d", r.points[s]);
        }
        sb_puts(&sb, "\n");
    }
    if (c->write_failed)
        sb_printf(&sb, "%d actions. The record %s is NOT up to date: %s\n", p->s->count, c->path, c->write_error);
    else
        sb_printf(&sb, "%d actions. Record: %s (check it with: morph replay %s)\n", p->s->count, c->path, c->path);
    print_sb(&sb);
    sb_free(&sb);
}

/* ---- commands ---- */

static void print_help(const Client *c)
{
    printf("Commands (type them at any prompt of yours):\n"
           "  help            this list\n"
           "  board           draw the screen again\n"
           "  hint            ask the %s AI what it would play here\n"
           "  undo            take back your last decision (and the AI moves and dice after\n"
           "                  it): you are back at your previous decision with the same dice\n"
           "  resign          give up the game%s\n"
           "  save [FILE]     write the record now (to FILE: a copy; the game goes on\n"
           "                  saving to %s)\n"
           "  quit            stop playing; the record is already saved\n"
           "%s",
           c->play.ui->hint_level,
           c->play.s->game->num_players > 2 ? " (the others play on without you)" : "", c->path,
           c->play.ui->help);
}

static bool has_human_decision(const Session *s)
{
    for (int i = 0; i < s->count; i++)
        if (s->steps[i].player >= 0 && !s->seats[s->steps[i].player].is_ai)
            return true;
    return false;
}

static void do_undo(Client *c)
{
    Session *s = c->play.s;
    if (!has_human_decision(s)) {
        printf("Nothing to undo: no decision of a person yet.\n");
        return;
    }
    int removed = 0;
    for (;;) {
        removed += session_undo(s);
        int p = session_player(s);
        if (p >= 0 && !s->seats[p].is_ai)
            break;
    }
    save(c);
    StrBuf sb = STRBUF_INIT;
    sb_printf(&sb, "Undone: %d action%s taken back; ", removed, removed == 1 ? "" : "s");
    play_seat_name(&c->play, session_player(s), &sb);
    sb_puts(&sb, " to decide again.\n");
    print_sb(&sb);
    sb_free(&sb);
    c->drawn_at = -1;
}

static void do_hint(Client *c)
{
    const Play *p = &c->play;
    const PlayUi *ui = p->ui;
    if (!ai_level(ui->hint_level, p->s->game->ops->name)) {
        printf("hint: needs the '%s' AI, which this build of morph does not have yet.\n", ui->hint_level);
        return;
    }
    char err[ERR_MAX];
    Ai *ai = ai_new(ui->hint_spec, p->s->game, seed_derive(p->s->seed, STREAM_HINT, (uint64_t)p->s->count), err,
                    sizeof err);
    if (!ai) {
        print_error(c, "hint", err);
        return;
    }
    printf("hint: thinking (%s)...\n", ui->hint_spec);
    fflush(stdout);
    StrBuf why = STRBUF_INIT, text = STRBUF_INIT;
    Action a = ai_choose(ai, p->s->state, &why);
    state_action_text(p->s->state, a, &text);
    printf("hint: %s  [%s: %s]\n", sb_str(&text), ui->hint_level, sb_str(&why));
    sb_free(&why);
    sb_free(&text);
    ai_free(ai);
}

/* Whether the session may write its record to path: nothing there, or a
 * record of this same game; with force anything but a directory or device. */
static bool path_ok(const Client *c, const char *path, bool force, char *err, size_t errlen)
{
    RecordPath r = record_path_check(path, c->play.s, c->created);
    if (r == RECORD_PATH_OTHER && c->resumed_from && strcmp(path, c->resumed_from) == 0)
        r = RECORD_PATH_SAME_GAME; /* the record just resumed, whatever its spelling of the options */
    const char *hint = force ? "" : " (give --force to replace it)";
    switch (r) {
    case RECORD_PATH_FREE:
    case RECORD_PATH_SAME_GAME:
        return true;
    case RECORD_PATH_NOT_FILE:
        snprintf(err, errlen, "%s is not a regular file: a record cannot replace it", path);
        return false;
    case RECORD_PATH_LINK:
        if (force)
            return true;
        snprintf(err, errlen, "%s is a symbolic link (give --force to replace the link itself)", path);
        return false;
    case RECORD_PATH_READ_ONLY:
        if (force)
            return true;
        snprintf(err, errlen, "%s is read-only%s", path, hint);
        return false;
    default:
        if (force)
            return true;
        snprintf(err, errlen, "%s exists and is not a record of this game%s", path, hint);
        return false;
    }
}

/* Handles a common command; false when line is not one. */
static bool command(Client *c, const char *line, int *go)
{
    char buf[LINE_MAX_LEN], *w[4];
    int n = play_words(line, buf, sizeof buf, w, 4);
    if (n == 0)
        return false;
    for (char *q = w[0]; *q; q++)
        *q = (char)tolower((unsigned char)*q);
    const char *verb = w[0];
    if (strcmp(verb, "help") == 0 || strcmp(verb, "?") == 0) {
        print_help(c);
    } else if (strcmp(verb, "quit") == 0 || strcmp(verb, "exit") == 0) {
        save(c);
        *go = saved_message(c);
    } else if (strcmp(verb, "save") == 0 && n <= 2) {
        char err[ERR_MAX + 64];
        const char *to = n == 2 ? w[1] : c->path;
        if (to == c->path) {
            save(c);
            if (!c->write_failed)
                printf("Saved the record to %s.\n", to);
        } else if (!path_ok(c, to, false, err, sizeof err)) {
            print_error(c, "save", err);
        } else if (record_save(c->play.s, to, c->created, RECORD_DURABLE, err, sizeof err)) {
            printf("Saved the record to %s.\n", to);
        } else {
            print_error(c, "save", err);
        }
    } else if (strcmp(verb, "undo") == 0 && n == 1) {
        do_undo(c);
    } else if (strcmp(verb, "hint") == 0 && n == 1) {
        do_hint(c);
    } else if ((strcmp(verb, "board") == 0 || strcmp(verb, "show") == 0) && n == 1) {
        c->drawn_at = -1;
    } else {
        return false;
    }
    return true;
}

/* ---- the loop ---- */

static void draw(Client *c)
{
    StrBuf sb = STRBUF_INIT;
    sb_putc(&sb, '\n');
    c->play.ui->draw(&c->play, &sb);
    print_sb(&sb);
    sb_free(&sb);
    c->drawn_at = c->play.s->count;
}

static void prompt(Client *c, bool chance)
{
    StrBuf sb = STRBUF_INIT;
    if (chance) {
        c->play.ui->chance_prompt(&c->play, &sb);
        sb_puts(&sb, "dice> ");
    } else {
        c->play.ui->legal(&c->play, &sb);
        sb_printf(&sb, "P%d> ", session_player(c->play.s) + 1);
    }
    print_sb(&sb);
    sb_free(&sb);
}

/* One person's input: a decision, or chance outcomes typed in manual mode. */
static int person(Client *c, bool chance)
{
    Session *s = c->play.s;
    if (c->drawn_at != s->count)
        draw(c);
    prompt(c, chance);
    char line[LINE_MAX_LEN];
    if (!read_line(c, line, sizeof line)) {
        save(c);
        printf("\nEnd of input. ");
        return saved_message(c);
    }
    if (!line[0])
        return GO_ON;
    int go = GO_ON;
    if (command(c, line, &go))
        return go;
    StrBuf text = STRBUF_INIT;
    if (chance)
        c->play.ui->chance_translate(&c->play, line, &text);
    else
        c->play.ui->translate(&c->play, line, &text);
    char err[ERR_MAX];
    /* Only this person's own decisions, or the one chance outcome asked for
     * when people roll real dice. */
    if (session_apply_for_seat(s, chance ? -1 : session_player(s), sb_str(&text), chance, err, sizeof err))
        save(c);
    else
        print_error(c, "refused", err);
    sb_free(&text);
    return GO_ON;
}

static void announce(const Client *c, int seat, const char *label, const char *action, const char *why)
{
    if (c->quiet)
        return;
    StrBuf sb = STRBUF_INIT;
    if (seat >= 0) {
        play_seat_name(&c->play, seat, &sb);
        sb_puts(&sb, ": ");
        term_paint(&sb, c->play.color, SGR_BOLD, action);
        if (why && why[0])
            sb_printf(&sb, "  [%s]", why);
    } else {
        sb_printf(&sb, "  %s: %s", label ? label : "chance", action);
    }
    sb_putc(&sb, '\n');
    print_sb(&sb);
    sb_free(&sb);
}

static int step_inner(Client *c);

/* One action (or a command), with what it changed told after it. */
static int step(Client *c)
{
    const PlayUi *ui = c->play.ui;
    if (c->quiet || !ui->transition)
        return step_inner(c);
    State *before = state_clone(c->play.s->state);
    int count = c->play.s->count, go = step_inner(c);
    if (c->play.s->count > count) {
        StrBuf sb = STRBUF_INIT;
        ui->transition(&c->play, before, &sb);
        print_sb(&sb);
        sb_free(&sb);
    }
    state_free(before);
    return go;
}

static int step_inner(Client *c)
{
    Session *s = c->play.s;
    char err[ERR_MAX];
    if (s->count >= PLAY_MAX_STEPS) {
        fprintf(stderr, "morph: play: the game did not end after %d actions\n", PLAY_MAX_STEPS);
        return GO_FAIL;
    }
    if (state_is_chance(s->state)) {
        if (c->play.manual_dice)
            return person(c, true);
        StrBuf label = STRBUF_INIT;
        c->play.ui->chance_label(&c->play, &label);
        session_chance_step(s);
        announce(c, -1, sb_str(&label), s->steps[s->count - 1].text, NULL);
        sb_free(&label);
        save_after_action(c);
        return c->write_failed && !c->interactive ? GO_FAIL : GO_ON;
    }
    int seat = session_player(s);
    if (!s->seats[seat].is_ai)
        return person(c, false);
    StrBuf why = STRBUF_INIT, text = STRBUF_INIT;
    Action a;
    bool ok = session_ai_choose(s, &a, c->quiet ? NULL : &why, err, sizeof err);
    if (ok) {
        state_action_text(s->state, a, &text);
        ok = session_apply(s, a, err, sizeof err);
    }
    if (ok)
        announce(c, seat, NULL, sb_str(&text), sb_str(&why));
    else
        fprintf(stderr, "morph: play: seat %d (%s): %s\n", seat + 1, s->seats[seat].spec, err);
    sb_free(&why);
    sb_free(&text);
    if (!ok)
        return GO_FAIL;
    save_after_action(c);
    return c->write_failed && !c->interactive ? GO_FAIL : GO_ON;
}

static int run(Client *c)
{
    int go = GO_ON;
    while (go == GO_ON && !session_is_terminal(c->play.s))
        go = step(c);
    if (go == GO_FAIL)
        return EXIT_BAD_INPUT;
    if (go == GO_QUIT)
        return EXIT_OK;
    save(c);
    if (!c->quiet) {
        draw(c);
        print_summary(c);
    }
    return c->write_failed ? EXIT_BAD_INPUT : EXIT_OK;
}

/* ---- setting up ---- */

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
static int parse_players(const char *list, const char *game, char words[MAX_PLAYERS][136], char *err, size_t errlen)
{
    long count;
    if (cli_parse_long(list, 1, MAX_PLAYERS, &count)) {
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
            snprintf(err, errlen, "--players: expected human or ai:LEVEL for each seat, got '%s'",
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

static void count_seats(Client *c)
{
    Session *s = c->play.s;
    c->play.humans = 0;
    for (int p = 0; p < s->game->num_players; p++)
        c->play.humans += !s->seats[p].is_ai;
}

static int start(Client *c, bool resumed, bool force)
{
    Session *s = c->play.s;
    char err[ERR_MAX + 4096];
    c->saved_count = -1;
    if (!path_ok(c, c->path, force, err, sizeof err)) {
        session_free(s);
        return cli_fail(EXIT_USAGE, "play: %s", err);
    }
    if (cli_arguments_only) {
        session_free(s);
        return EXIT_OK;
    }
    record_remove_stale_temps(c->path);
    count_seats(c);
    c->interactive = c->play.humans > 0 || c->play.manual_dice;
    if (c->quiet && c->interactive) {
        session_free(s);
        return cli_fail(EXIT_USAGE, "play: --quiet needs every seat to be an AI and --dice auto");
    }
    c->echo = !isatty(0);
    c->drawn_at = -1;
    if (!c->quiet) {
        StrBuf sb = STRBUF_INIT;
        term_paint(&sb, c->play.color, SGR_BOLD, resumed ? "Resumed game" : "New game");
        sb_printf(&sb, " of %s: ", s->game->ops->name);
        for (int p = 0; p < s->game->num_players; p++) {
            sb_puts(&sb, p ? ", " : "");
            play_seat_name(&c->play, p, &sb);
        }
        sb_printf(&sb, "; seed %llu; record %s", (unsigned long long)s->seed, c->path);
        if (resumed)
            sb_printf(&sb, " (%d actions played)", s->count);
        sb_puts(&sb, c->interactive ? "\nType help for the commands.\n" : "\n");
        print_sb(&sb);
        sb_free(&sb);
    }
    save(c);
    if (c->write_failed) {
        session_free(s);
        return EXIT_BAD_INPUT;
    }
    int code = run(c);
    session_free(s);
    return code;
}

static int resume(Client *c, const char *file, const char *game, const char *record, bool force)
{
    RecordError e;
    json_t *doc = NULL;
    Session *s = record_load(file, true, &doc, &e);
    if (!s)
        return cli_fail(EXIT_BAD_INPUT, "%s", e.message);
    const char *created = json_string_value(json_object_get(doc, "created"));
    snprintf(c->created, sizeof c->created, "%s", created ? created : "");
    json_decref(doc);
    if (game && strcmp(game, s->game->ops->name) != 0) {
        const char *name = s->game->ops->name; /* static: outlives the session */
        session_free(s);
        return cli_fail(EXIT_USAGE, "play: %s is a %s record, not %s", file, name, game);
    }
    if (session_is_terminal(s)) {
        GameResult r;
        state_result(s->state, &r);
        session_free(s);
        return cli_fail(EXIT_BAD_INPUT, "play: %s holds a finished game (ended by %s): nothing to resume; "
                        "see it with morph replay %s", file, r.how, file);
    }
    c->play.s = s;
    c->play.ui = ui_for(s->game->ops->name);
    c->path = record ? record : file;
    c->resumed_from = file;
    return start(c, true, force);
}

int cmd_play(int argc, char **argv)
{
    const char *game = argc >= 2 && argv[1][0] != '-' ? argv[1] : NULL;
    const GameOps *ops = game ? game_lookup(game) : NULL;
    if (game && (!ops || !ui_for(game)))
        return cli_fail(EXIT_USAGE, "play: unknown game '%s' (expected morpyam or morphos)", cli_quote(game));
    Client c = {0};
    Options opts;
    options_init(&opts);
    const char *players = NULL, *record = NULL, *resume_file = NULL;
    uint64_t seed = 0;
    bool have_seed = false, game_opts = false, force = false;
    ColorMode color = COLOR_AUTO;
    char err[ERR_MAX * 2];
    for (int i = game ? 2 : 1; i < argc; i++) {
        const char *arg = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout, ops);
            return EXIT_OK;
        } else if (strcmp(arg, "--quiet") == 0) {
            c.quiet = true;
        } else if (strcmp(arg, "--force") == 0) {
            force = true;
        } else if (strcmp(arg, "--players") == 0 && has_value) {
            players = argv[++i];
        } else if (strcmp(arg, "--record") == 0 && has_value) {
            record = argv[++i];
        } else if (strcmp(arg, "--resume") == 0 && has_value) {
            resume_file = argv[++i];
        } else if (strcmp(arg, "--seed") == 0 && has_value) {
            if (!cli_parse_u64(argv[++i], &seed) || seed > SESSION_SEED_MAX)
                return cli_fail(EXIT_USAGE, "play: --seed expects a whole number from 0 to 2^63-1, got '%s'", cli_quote(argv[i]));
            have_seed = true;
        } else if (strcmp(arg, "--dice") == 0 && has_value) {
            const char *mode = argv[++i];
            if (strcmp(mode, "auto") != 0 && strcmp(mode, "manual") != 0)
                return cli_fail(EXIT_USAGE, "play: --dice expects auto or manual, got '%s'", cli_quote(mode));
            c.play.manual_dice = mode[0] == 'm';
        } else if (strcmp(arg, "--color") == 0 && has_value) {
            if (!term_parse_color(argv[++i], &color))
                return cli_fail(EXIT_USAGE, "play: --color expects auto, always or never, got '%s'", cli_quote(argv[i]));
        } else if (!ops) {
            return cli_fail(EXIT_USAGE, "play: unknown argument '%s' (expected a game first: morph play morpyam|morphos, "
                            "or --resume FILE)", cli_quote(arg));
        } else {
            GameArgResult r = game_args_take(ops, argc, argv, &i, &opts, err, sizeof err);
            if (r == GAME_ARG_ERROR)
                return cli_fail(EXIT_USAGE, "play: %s", err);
            if (r == GAME_ARG_NOT_MINE) {
                game_args_unknown(ops, "play", arg,
                                  "--players, --seed, --record, --resume, --force, --dice, --color, --quiet", err,
                                  sizeof err);
                return cli_fail(EXIT_USAGE, "%s", err);
            }
            game_opts = true;
        }
    }
    c.play.color = term_color_enabled(color, 1);
    if (resume_file) {
        if (players || have_seed || game_opts)
            return cli_fail(EXIT_USAGE, "play: --resume takes the seats, seed and game options from the record "
                            "(only --record, --force, --dice, --color and --quiet may be given)");
        return resume(&c, resume_file, game, record, force);
    }
    if (!ops)
        return cli_fail(EXIT_USAGE, "play: expected a game: morph play morpyam|morphos (see morph play --help)");

    char words[MAX_PLAYERS][136];
    char fallback[160];
    snprintf(fallback, sizeof fallback, "human,ai:%s", default_level(ops->name));
    int seats = parse_players(players ? players : fallback, ops->name, words, err, sizeof err);
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
    if (!have_seed && !c.quiet)
        printf("Seed %llu (from the clock; play it again with --seed %llu)\n", (unsigned long long)seed,
               (unsigned long long)seed);
    char path[4096];
    if (!record)
        default_record(ops->name, seed, path, sizeof path);
    c.path = record ? record : path;
    record_now(c.created);
    c.play.s = s;
    c.play.ui = ui_for(ops->name);
    return start(&c, false, force);
}
