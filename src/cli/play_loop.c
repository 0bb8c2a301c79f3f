/* The game loop of `morph play` (docs/play.md), over the Session that
 * cmd_play.c set up: AI seats, sampled or typed chance, people's input and
 * their commands (help, hint, undo, save, ...), the record written after
 * every action so that a game killed at any moment can be resumed, and
 * every action of every seat told with the library's sentence (a session
 * observer). */
#include <ctype.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../ai/ai.h"
#include "../front/record.h"
#include "cli.h"
#include "play_client.h"
#include "term.h"

/* A game that runs longer than this is a bug in a player or a rule. */
#define PLAY_MAX_STEPS 1000000
#define LINE_MAX_LEN 512
/* The exit status after Ctrl-C (128 + SIGINT, as shells report it). */
#define EXIT_INTERRUPTED 130

/* The chance stream of hints, apart from the session's own streams. */
enum { STREAM_HINT = 3 };
/* The thinking time of a hint, for a hint level that thinks for a time. */
#define PLAY_HINT_MS 1000

enum { GO_ON, GO_QUIT, GO_FAIL, GO_INTERRUPTED };

/* Ctrl-C: the first sets the flag, which the loop handles at the next
 * prompt or after the action in progress (saving and saying how to
 * resume); a second one ends the program at once. */
static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    if (interrupted) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    interrupted = 1;
}

/* Installs on_interrupt, without SA_RESTART so that a read in progress
 * returns; not when SIGINT was ignored when we started (a background job). */
static void catch_interrupts(void)
{
    struct sigaction old, sa;
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

/* ---- output: every line fits the screen ---- */

static void out_wrapped(const char *text)
{
    StrBuf sb = STRBUF_INIT;
    term_wrap(&sb, text, PLAY_WIDTH, 4);
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
}

static void print_sb(StrBuf *sb)
{
    out_wrapped(sb_str(sb));
    sb_clear(sb);
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    char text[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    out_wrapped(text);
}

/* ---- the record ---- */

/* The session's record plus what the client adds: the dice mode. */
static bool write_record(const Client *c, const char *path, RecordSync sync, char *err, size_t errlen)
{
    json_t *doc = record_from_session(c->play.s, c->created);
    json_object_set_new(doc, "dice", json_string(c->play.manual_dice ? "manual" : "auto"));
    bool ok = record_write(path, doc, sync, err, errlen);
    json_decref(doc);
    return ok;
}

/* Writes the record; every failure is told, since each leaves the file
 * behind the game, and so is the first success after failures. */
static void save(Client *c)
{
    RecordSync sync = c->interactive ? RECORD_DURABLE : RECORD_ATOMIC;
    int count = c->play.s->count;
    if (write_record(c, c->path, sync, c->write_error, sizeof c->write_error)) {
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

/* How to continue a saved game: a command to paste, never broken inside a
 * word at 80 columns: the program as invoked, then the file on a line of
 * its own after a shell line continuation. */
static void resume_command(const Client *c, FILE *out)
{
    StrBuf head = STRBUF_INIT, file = STRBUF_INIT;
    sb_printf(&head, "    %s play --resume \\", cli_program());
    cli_shell_word(c->path, &file);
    fputs("The game is saved. Continue it with:\n", out);
    if (head.len > PLAY_WIDTH)
        fprintf(out, "    %s \\\n      play --resume \\\n", cli_program());
    else
        fprintf(out, "%s\n", sb_str(&head));
    fprintf(out, "      %s\n", sb_str(&file));
    sb_free(&head);
    sb_free(&file);
}

/* After the last save of a session that stops: says where the game is, or
 * that it is not saved (on out). Returns the go code: quit, or fail when
 * unsaved. */
static int saved_message(const Client *c, FILE *out)
{
    if (!c->write_failed) {
        resume_command(c, out);
        return GO_QUIT;
    }
    StrBuf sb = STRBUF_INIT;
    int missing = c->play.s->count - (c->saved_count > 0 ? c->saved_count : 0);
    if (c->saved_count < 0)
        sb_printf(&sb, "The game is NOT saved: the record %s could not be written (%s)\n", c->path, c->write_error);
    else
        sb_printf(&sb, "The game is NOT saved: the record %s lacks the last %d action%s (%s)\n", c->path,
                  missing > 0 ? missing : 0, missing == 1 ? "" : "s", c->write_error);
    StrBuf wrapped = STRBUF_INIT;
    term_wrap(&wrapped, sb_str(&sb), PLAY_WIDTH, 4);
    fputs(sb_str(&wrapped), out);
    sb_free(&wrapped);
    sb_free(&sb);
    return GO_FAIL;
}

/* Ctrl-C was pressed: save, say how to resume, stop. */
static int stop_interrupted(Client *c)
{
    save(c);
    FILE *out = c->quiet ? stderr : stdout;
    fputs("\nInterrupted. ", out);
    return saved_message(c, out) == GO_QUIT ? GO_INTERRUPTED : GO_FAIL;
}

enum { LINE_READ, LINE_END, LINE_INTERRUPTED };

/* Reads one line; leading and trailing spaces go. */
static int read_line(Client *c, char *buf, size_t n)
{
    fflush(stdout);
    if (interrupted)
        return LINE_INTERRUPTED;
    if (!fgets(buf, (int)n, stdin))
        return interrupted ? LINE_INTERRUPTED : LINE_END;
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
    return LINE_READ;
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

/* A refused input: the library's reason in the player's terms (why_not of
 * the part that fails), else the session's message (a seat, a turn). */
static void refuse(const Client *c, const char *text, const char *err)
{
    StrBuf why = STRBUF_INIT;
    explain_refusal(c->play.s->state, text, err, &why);
    print_error(c, "refused", why.len ? sb_str(&why) : err);
    sb_free(&why);
}

/* ---- telling what happens ---- */

/* Keeps sentence as the latest of the turn of seat. A chance outcome
 * (seat < 0) belongs to the turn whose decision drew it ("P2 rolls 1 1 2 4
 * 6; nothing can be covered"); one before any decision is left out. */
static void recap_add(Recap *r, int seat, const char *sentence)
{
    if (seat < 0 && r->count == 0)
        return;
    if (seat >= 0 && (r->count == 0 || r->seat[r->count - 1] != seat)) {
        if (r->count == RECAP_TURNS) { /* the oldest turn goes */
            memmove(r->seat, r->seat + 1, sizeof r->seat[0] * (RECAP_TURNS - 1));
            memmove(r->text, r->text + 1, sizeof r->text[0] * (RECAP_TURNS - 1));
            r->count--;
        }
        r->seat[r->count++] = seat;
    }
    snprintf(r->text[r->count - 1], sizeof r->text[0], "%s", sentence);
}

/* The others' turns since the screen of seat was last drawn, on the lines
 * above its prompt ("Meanwhile: White places a stone on d4."); then the
 * recap starts again. */
static void recap_print(Client *c, int seat)
{
    Recap *r = &c->recap;
    StrBuf sb = STRBUF_INIT;
    for (int i = 0; i < r->count; i++) {
        if (r->seat[i] == seat)
            continue;
        const char *t = r->text[i];
        size_t n = strlen(t);
        while (n && (t[n - 1] == '.' || t[n - 1] == ' '))
            n--;
        sb_printf(&sb, "%s%.*s", sb.len ? "; " : "Meanwhile: ", (int)n, t);
    }
    if (sb.len) {
        sb_puts(&sb, ".\n");
        out_wrapped(sb_str(&sb));
    }
    sb_free(&sb);
    r->count = 0;
}

/* The session observer: every action of every seat and of chance, in the
 * library's words. */
static void narrate(void *ctx, const Session *s, const State *before, Action a, int player, int index)
{
    Client *c = ctx;
    if (c->quiet)
        return;
    StrBuf sb = STRBUF_INIT;
    state_describe(before, a, &c->play.voice, &sb);
    recap_add(&c->recap, player, sb_str(&sb));
    sb_putc(&sb, '\n');
    print_sb(&sb);
    sb_free(&sb);
}

static void print_summary(const Client *c)
{
    const Play *p = &c->play;
    StrBuf sb = STRBUF_INIT;
    term_paint(&sb, p->color, SGR_BOLD, "Game over.");
    sb_putc(&sb, '\n');
    state_describe_result(p->s->state, &p->voice, &sb);
    if (c->write_failed) {
        sb_printf(&sb, "%d actions. The record %s is NOT up to date: %s\n", p->s->count, c->path, c->write_error);
    } else {
        sb_printf(&sb, "%d actions. Record: %s (check it with: ", p->s->count, c->path);
        cli_command_words(&sb, "replay", "", c->path);
        sb_puts(&sb, ")\n");
    }
    print_sb(&sb);
    sb_free(&sb);
}

/* ---- commands ---- */

static void print_help(const Client *c)
{
    say("Commands (type them at any prompt of yours):\n"
        "  help            this list\n"
        "  board           draw the screen again\n"
        "  rules           the rules of this game, as played here\n"
        "  legend          what each code of the screen means\n"
        "  hint            ask the %s AI for its plan and the chance it rests on\n"
        "  undo            take back your last decision%s\n"
        "  resign          give up the game after a yes%s\n"
        "  save [FILE]     write the record now (to FILE: a copy; the game goes on\n"
        "                  saving to %s)\n"
        "  quit            stop playing; the record is already saved (Ctrl-C too)\n"
        "%s",
        ai_game_levels(c->play.s->game->ops->name)->hint_level,
        session_has_ai(c->play.s) ? " and what followed it;\n"
                                    "                  against an AI, not one followed by a roll you have seen"
                                  : " (in hot-seat, any person's)",
        c->play.s->game->num_players > 2 ? " (the others play on without you)" : "", c->path, c->play.ui->help);
}

static void do_undo(Client *c)
{
    Session *s = c->play.s;
    char why[ERR_MAX];
    int removed = session_undo_person(s, why, sizeof why);
    if (!removed) {
        print_error(c, "undo", why);
        return;
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
    if (session_player(p->s) < 0) {
        say("hint: nothing to decide now: a chance outcome is due.\n");
        return;
    }
    const char *game = p->s->game->ops->name, *level = ai_game_levels(game)->hint_level;
    if (!ai_level(level, game)) {
        say("hint: needs the '%s' AI, which this build of morph does not have yet.\n", level);
        return;
    }
    char err[ERR_MAX], spec[64];
    ai_hint_spec(game, PLAY_HINT_MS, spec, sizeof spec);
    Ai *ai = ai_new(spec, p->s->game, seed_derive(p->s->seed, STREAM_HINT, (uint64_t)p->s->count), err, sizeof err);
    if (!ai) {
        print_error(c, "hint", err);
        return;
    }
    say("hint: thinking (%s)...\n", spec);
    fflush(stdout);
    AiAdvice advice;
    ai_advise(ai, p->s->state, &p->voice, &advice);
    say("hint: %s\n", sb_str(&advice.words));
    if (c->verbose)
        say("    [%s: %s]\n", level, sb_str(&advice.detail));
    ai_advice_free(&advice);
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
/* resign ends the game for good: asked again before it is played. True
 * when the person confirms; else the game goes on (or *go says that the
 * input ended or Ctrl-C came). */
static bool confirm_resign(Client *c, int *go)
{
    say("Resign the game? Type yes to resign, anything else to play on: ");
    fflush(stdout);
    char answer[LINE_MAX_LEN];
    switch (read_line(c, answer, sizeof answer)) {
    case LINE_INTERRUPTED:
        *go = stop_interrupted(c);
        return false;
    case LINE_END:
        save(c);
        say("\nEnd of input. ");
        *go = saved_message(c, stdout);
        return false;
    }
    for (char *q = answer; *q; q++)
        *q = (char)tolower((unsigned char)*q);
    if (strcmp(answer, "yes") == 0 || strcmp(answer, "y") == 0)
        return true;
    say("Not resigned: the game goes on.\n");
    return false;
}

static bool command(Client *c, const char *line, int *go)
{
    char buf[LINE_MAX_LEN], *w[4];
    int n = play_words(line, buf, sizeof buf, w, 4);
    if (n == 0)
        return false;
    for (char *q = w[0]; *q; q++)
        *q = (char)tolower((unsigned char)*q);
    const char *verb = w[0];
    if ((strcmp(verb, "help") == 0 || strcmp(verb, "?") == 0) && n == 1) {
        print_help(c);
    } else if ((strcmp(verb, "quit") == 0 || strcmp(verb, "exit") == 0) && n == 1) {
        save(c);
        *go = saved_message(c, stdout);
    } else if (strcmp(verb, "save") == 0 && n <= 2) {
        char err[ERR_MAX + 64];
        const char *to = n == 2 ? w[1] : c->path;
        if (to == c->path) {
            save(c);
            if (!c->write_failed)
                say("Saved the record to %s.\n", to);
        } else if (!path_ok(c, to, false, err, sizeof err)) {
            print_error(c, "save", err);
        } else if (write_record(c, to, RECORD_DURABLE, err, sizeof err)) {
            say("Saved the record to %s.\n", to);
        } else {
            print_error(c, "save", err);
        }
    } else if (strcmp(verb, "resign") == 0 && n == 1) {
        return !confirm_resign(c, go); /* confirmed: the line goes on as the move */
    } else if (strcmp(verb, "undo") == 0 && n == 1) {
        do_undo(c);
    } else if (strcmp(verb, "hint") == 0 && n == 1) {
        do_hint(c);
    } else if (strcmp(verb, "rules") == 0 && n == 1) {
        StrBuf sb = STRBUF_INIT;
        c->play.s->game->ops->rules(c->play.s->game, &sb);
        print_sb(&sb);
        sb_free(&sb);
    } else if (strcmp(verb, "legend") == 0 && n == 1) {
        StrBuf sb = STRBUF_INIT;
        play_legend_text(c->play.s->game, &sb);
        print_sb(&sb);
        sb_free(&sb);
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
    if (c->drawn_at != s->count) {
        draw(c);
        if (!chance)
            recap_print(c, session_player(s));
    }
    prompt(c, chance);
    char line[LINE_MAX_LEN];
    switch (read_line(c, line, sizeof line)) {
    case LINE_INTERRUPTED:
        return stop_interrupted(c);
    case LINE_END:
        save(c);
        say("\nEnd of input. ");
        return saved_message(c, stdout);
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
        refuse(c, sb_str(&text), err);
    sb_free(&text);
    return GO_ON;
}

/* ---- the AI's decision, which Ctrl-C stops at once ---- */

/* One decision of the AI to move, computed in a thread of its own. */
typedef struct Think {
    Session *s;
    StrBuf *why;
    Action a;
    bool ok;
    char err[ERR_MAX];
    atomic_bool done;
} Think;

static void *think(void *arg)
{
    Think *t = arg;
    t->ok = session_ai_choose(t->s, &t->a, t->why, t->err, sizeof t->err);
    atomic_store(&t->done, true);
    return NULL;
}

/* Ctrl-C while the AI thinks: the record holds every action but the one
 * being thought about, so the game is saved as it stands and the program
 * ends now, the thinking thread with it (nothing of it is kept). */
static _Noreturn void stop_thinking(Client *c)
{
    save(c);
    FILE *out = c->quiet ? stderr : stdout;
    StrBuf sb = STRBUF_INIT, wrapped = STRBUF_INIT;
    sb_puts(&sb, "Interrupted while ");
    play_seat_name(&c->play, session_player(c->play.s), &sb);
    sb_puts(&sb, " was thinking: its move is not played.\n");
    term_wrap(&wrapped, sb_str(&sb), PLAY_WIDTH, 4);
    fprintf(out, "\n%s", sb_str(&wrapped));
    sb_free(&sb);
    sb_free(&wrapped);
    saved_message(c, out);
    fflush(NULL);
    _exit(c->write_failed ? EXIT_BAD_INPUT : EXIT_INTERRUPTED);
}

/* The AI's decision. With a person at the terminal it is thought in a
 * thread while this one watches for Ctrl-C (every 20 ms, or at once when
 * the signal cuts the sleep short); unattended games just call it. */
static bool ai_decide(Client *c, Action *a, StrBuf *why, char *err, size_t errlen)
{
    Think t = {.s = c->play.s, .why = why};
    atomic_init(&t.done, false);
    pthread_t thread;
    if (!c->interactive || pthread_create(&thread, NULL, think, &t) != 0)
        return session_ai_choose(c->play.s, a, why, err, errlen);
    while (!atomic_load(&t.done)) {
        if (interrupted)
            stop_thinking(c);
        struct timespec tick = {0, 20 * 1000 * 1000};
        nanosleep(&tick, NULL);
    }
    pthread_join(thread, NULL);
    *a = t.a;
    if (!t.ok)
        snprintf(err, errlen, "%s", t.err);
    return t.ok;
}

static bool ai_to_move(Session *s)
{
    return !state_is_chance(s->state) && s->seats[session_player(s)].is_ai;
}

static int step(Client *c)
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
        session_chance_step(s); /* told by narrate */
        save(c);
        return c->write_failed && !c->interactive ? GO_FAIL : GO_ON;
    }
    int seat = session_player(s);
    if (!s->seats[seat].is_ai)
        return person(c, false);
    StrBuf why = STRBUF_INIT;
    Action a;
    bool ok = ai_decide(c, &a, c->verbose && !c->quiet ? &why : NULL, err, sizeof err) &&
              session_apply(s, a, err, sizeof err);
    if (!ok)
        fprintf(stderr, "morph: play: seat %d (%s): %s\n", seat + 1, s->seats[seat].spec, err);
    else if (why.len)
        say("    [%s: %s]\n", s->seats[seat].spec, sb_str(&why));
    sb_free(&why);
    if (!ok)
        return GO_FAIL;
    save(c);
    return c->write_failed && !c->interactive ? GO_FAIL : GO_ON;
}

static int run(Client *c)
{
    int go = GO_ON;
    while (go == GO_ON && !session_is_terminal(c->play.s)) {
        /* Ctrl-C just after a person's move, before the AI's thread
         * started, is the same press as one during its thinking. */
        if (interrupted && c->interactive && ai_to_move(c->play.s))
            stop_thinking(c);
        go = interrupted ? stop_interrupted(c) : step(c);
    }
    if (go == GO_FAIL)
        return EXIT_BAD_INPUT;
    if (go == GO_QUIT)
        return EXIT_OK;
    if (go == GO_INTERRUPTED)
        return EXIT_INTERRUPTED;
    save(c);
    if (!c->quiet) {
        draw(c);
        print_summary(c);
    }
    return c->write_failed ? EXIT_BAD_INPUT : EXIT_OK;
}

/* ---- the start ---- */

int play_client_run(Client *c, bool resumed, bool force)
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
    play_set_names(&c->play);
    c->interactive = c->play.humans > 0 || c->play.manual_dice;
    if (c->quiet && c->interactive) {
        session_free(s);
        return cli_fail(EXIT_USAGE, "play: --quiet needs every seat to be an AI and --dice auto");
    }
    c->echo = !isatty(0);
    c->drawn_at = -1;
    if (c->seed_from_clock && !c->quiet)
        printf("Seed %llu (from the clock; play it again with --seed %llu)\n", (unsigned long long)s->seed,
               (unsigned long long)s->seed);
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
        if (c->play.manual_dice)
            sb_puts(&sb, "; real dice");
        sb_puts(&sb, c->interactive ? "\nType help for the commands, rules for the rules.\n" : "\n");
        print_sb(&sb);
        sb_free(&sb);
    }
    save(c);
    if (c->write_failed) {
        session_free(s);
        return EXIT_BAD_INPUT;
    }
    session_set_observer(s, narrate, c);
    catch_interrupts();
    int code = run(c);
    session_free(s);
    return code;
}
