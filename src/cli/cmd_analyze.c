/* morph analyze RECORD: where a game was won and lost. Every decision of
 * every seat is judged by the game's analysis level (src/ai/analysis.h):
 * the deciding seat's chance to win before and after it, the best decision
 * found, what the choice cost and its class; then a summary per seat.
 * Ctrl-C stops and prints the decisions judged so far. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../ai/analysis.h"
#include "../core/xalloc.h"
#include "../front/analysis_json.h"
#include "../front/record.h"
#include "cli.h"
#include "commands.h"
#include "play.h"
#include "term.h"

static const char about[] =
    "Usage: morph analyze RECORD [--budget SECONDS] [--seed S] [--json] [--quiet]\n"
    "                            [--color auto|always|never]\n"
    "\n"
    "Judges every decision of every seat of a game record (docs/analysis.md): the\n"
    "deciding seat's chance to win before and after it, the best decision found\n"
    "and what the choice cost. Morphos: the mcts level's search, with the exact\n"
    "solver's \"won\" or \"lost\" where it proves one (boards up to 7x7); Morpyam:\n"
    "games of master self-play from the position, with their 95% error bars.\n"
    "Each decision is classed by the win chance it lost L: best (the best found,\n"
    "or L < 1 point), good (L < 5, or a loss within its error bar), inaccuracy\n"
    "(L < 10), mistake (L < 20), blunder (L >= 20, or a proven win turned into a\n"
    "proven loss). Chance outcomes are no decisions; resignations and timeouts\n"
    "are not judged. The same record, budget and seed give the same analysis.\n"
    "\n";

typedef struct Progress {
    bool show; /* a terminal: one line, rewritten */
    double start;
} Progress;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static bool on_progress(void *ctx, const AnalysisProgress *p)
{
    Progress *pr = ctx;
    if (pr->show) {
        enum { WIDTH = 30 };
        int filled = p->total ? WIDTH * p->done / p->total : WIDTH;
        char bar[WIDTH + 1];
        memset(bar, '#', (size_t)filled);
        memset(bar + filled, '.', (size_t)(WIDTH - filled));
        bar[WIDTH] = '\0';
        fprintf(stderr, "\ranalysing [%s] %d of %d decisions, %.0f s\033[K", bar, p->done, p->total,
                now() - pr->start);
        fflush(stderr);
    }
    return !cli_interrupted();
}

/* "52%", "52% ±9", "won", "lost". */
static void chance_words(double x, double error, int proven, StrBuf *out)
{
    if (proven)
        sb_puts(out, proven > 0 ? "won" : "lost");
    else if (error > 0)
        sb_printf(out, "%.0f%% \u00b1%.0f", 100 * x, 100 * error);
    else
        sb_printf(out, "%.0f%%", 100 * x);
}

static const char *class_colour(int cls)
{
    static const char *const sgr[ANALYSIS_CLASSES] = {SGR_GREEN, SGR_GREEN, SGR_CYAN, SGR_YELLOW, SGR_RED};
    return sgr[cls];
}

/* One decision in words: the seat's chance before and after it, then its
 * class. A best decision that still loses ground is said to be the best
 * found, so that "94% -> 84% best" does not read as a contradiction. */
static void print_decision(const AnalysedDecision *d, const Play *p, StrBuf *sb)
{
    const AiJudgement *j = &d->j;
    sb_printf(sb, "%5d. ", d->index + 1);
    sb_puts(sb, d->sentence);
    sb_puts(sb, "\n       chance to win ");
    chance_words(j->before, j->before_error, j->before_proven, sb);
    sb_puts(sb, " before, ");
    chance_words(j->after, j->after_error, j->after_proven, sb);
    sb_puts(sb, " after: ");
    term_paint(sb, p->color, class_colour(d->cls), analysis_class_name(d->cls));
    if (d->forced)
        sb_puts(sb, " (forced)");
    if (d->best != d->action && d->loss >= 0.005) {
        sb_printf(sb, " (lost %.0f point%s); better: ", 100 * d->loss, d->loss >= 0.015 ? "s" : "");
        sb_puts(sb, d->best_sentence);
    } else if (!j->before_proven && !j->after_proven && j->before - j->after >= 0.005) {
        sb_puts(sb, " (no decision found keeps the chance before: the position was worth less than it looked)");
    }
    sb_putc(sb, '\n');
}

static void print_summary(const Analysis *a, const Play *p, StrBuf *sb)
{
    static const char *const plural[ANALYSIS_CLASSES] = {"best", "good", "inaccuracies", "mistakes", "blunders"};
    for (int seat = 0; seat < a->num_players; seat++) {
        const AnalysedSeat *s = &a->seats[seat];
        play_seat_name(p, seat, sb);
        if (s->accuracy >= 0)
            sb_printf(sb, ": accuracy %.1f%%, mean loss %.1f points, ", s->accuracy, 100 * s->mean_loss);
        else
            sb_puts(sb, ": ");
        sb_printf(sb, "%d decision%s", s->decisions, s->decisions == 1 ? "" : "s");
        for (int c = 0; c < ANALYSIS_CLASSES; c++)
            sb_printf(sb, "%s %d %s", c ? "," : ":", s->counts[c],
                      s->counts[c] == 1 ? analysis_class_name(c) : plural[c]);
        if (s->forced)
            sb_printf(sb, " (%d forced)", s->forced);
        sb_putc(sb, '\n');
    }
}

static void print_text(const char *path, const Analysis *a, const Play *p)
{
    StrBuf sb = STRBUF_INIT, out = STRBUF_INIT;
    const Game *g = p->s->game;
    sb_printf(&sb, "Analysis of %s (%s", path, g->ops->name);
    for (int i = 0; i < g->options.count; i++)
        if (g->options.items[i].value[0])
            sb_printf(&sb, ", %s %s", g->options.items[i].key, g->options.items[i].value);
    sb_printf(&sb, "): %d decision%s judged by %s, %g s a decision, seed %llu%s\n\n", a->count,
              a->count == 1 ? "" : "s", a->level, a->budget, (unsigned long long)a->seed,
              a->complete ? "" : " (stopped before the end)");
    for (int i = 0; i < a->count; i++)
        print_decision(&a->decisions[i], p, &sb);
    sb_putc(&sb, '\n');
    print_summary(a, p, &sb);
    /* What the error bars mean, once, when there are any. */
    double widest = 0;
    for (int i = 0; i < a->count; i++) {
        const AiJudgement *j = &a->decisions[i].j;
        widest = j->before_error > widest ? j->before_error : widest;
        widest = j->after_error > widest ? j->after_error : widest;
    }
    if (widest > 0)
        sb_printf(&sb, "\n\u00b1N: the 95%% error bar of a chance estimated by self-play games (the true chance "
                       "lies within N points of it 19 times in 20; the widest here is \u00b1%.0f). A loss within "
                       "its bar is counted good, not a mistake: these estimates cannot tell the best from a good "
                       "decision, and an accuracy is only as sure as they are.\n", 100 * widest);
    term_wrap(&out, sb_str(&sb), PLAY_WIDTH, 2);
    fputs(sb_str(&out), stdout);
    sb_free(&out);
    sb_free(&sb);
}

static int take_path(void *ctx, int argc, char **argv, int *i)
{
    (void)argc;
    const char **path = ctx, *arg = argv[*i];
    if (arg[0] == '-' && arg[1])
        return CLI_NOT_MINE;
    if (*path)
        return cli_fail(EXIT_USAGE, "analyze: one record at a time (got '%s' and '%s')", cli_quote(*path),
                        cli_quote(arg));
    *path = arg;
    return CLI_TAKEN;
}

int cmd_analyze(int argc, char **argv)
{
    bool json = false, quiet = false;
    double budget = 0.5;
    uint64_t seed = 1;
    int color = COLOR_AUTO;
    const char *path = NULL;
    const CliFlag flags[] = {
        {.name = "--budget", .kind = CLI_DECIMAL, .out = &budget, .value = "SECONDS", .lo = 0.01, .hi = 600,
         .expects = "expects seconds from 0.01 to 600",
         .help = "the work a decision gets, in seconds of one core at the level's\n"
                 "nominal speed (default 0.5): a fixed amount of search, so the\n"
                 "result does not depend on the machine, only its time does"},
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S", .umax = SESSION_SEED_MAX,
         .expects = "expects a whole number from 0 to 2^63-1",
         .help = "seed of the judging level (default 1): the same seed, the same analysis"},
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "print one object: {\"decisions\":[{\"index\",\"seat\",\"action\",\"best\",\n"
                 "\"before\",\"after\",\"class\",\"loss\",\"text\",\"best_text\",...}],\n"
                 "\"seats\":[{\"seat\",\"accuracy\",\"counts\",...}],...}"},
        {.name = "--quiet", .kind = CLI_SET, .out = &quiet, .help = "no progress bar (shown only on a terminal)"},
        {.name = "--color", .kind = CLI_WORD, .out = &color, .value = "WHEN", .words = TERM_COLOR_WORDS,
         .expects = "expects auto, always or never",
         .help = "colour of the classes: auto (a terminal, NO_COLOR unset), always\nor never"},
        {0},
    };
    const CliArgs args = {.prefix = "analyze", .flags = flags, .column = 18, .operand = take_path, .ctx = &path,
                          .unknown = "unknown argument '%s' (expected --budget, --seed, --json, --quiet, --color or "
                                     "a record file)",
                          .about = about, .help_in_turn = true};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (!path)
        return cli_fail(EXIT_USAGE, "analyze: expected a record file (see morph analyze --help)");
    RecordError e;
    Session *s = record_load(path, true, NULL, &e);
    if (!s)
        return cli_fail(EXIT_BAD_INPUT, "%s", e.message);
    if (cli_arguments_only) {
        session_free(s);
        return EXIT_OK;
    }
    Play p = {.s = s, .ui = play_ui_for(s->game->ops->name), .spectator = true};
    p.color = !json && term_color_enabled((ColorMode)color, 1);
    play_set_names(&p);
    const char **texts = xmalloc((size_t)(s->count ? s->count : 1) * sizeof *texts);
    for (int i = 0; i < s->count; i++)
        texts[i] = s->steps[i].text;
    Progress pr = {.show = !json && !quiet && isatty(STDERR_FILENO), .start = now()};
    cli_interrupt_catch();
    Analysis a;
    char err[ERR_MAX];
    bool ok = analysis_run(s->game, texts, s->count, budget, seed, &p.voice, on_progress, &pr, &a, err, sizeof err);
    cli_interrupt_release();
    if (pr.show)
        fprintf(stderr, "\r\033[K");
    free(texts);
    if (!ok) {
        session_free(s);
        return cli_fail(EXIT_BAD_INPUT, "analyze: %s", err);
    }
    if (json)
        cli_print_json(analysis_to_json(&a, s->game));
    else
        print_text(path, &a, &p);
    analysis_free(&a);
    session_free(s);
    return EXIT_OK;
}
