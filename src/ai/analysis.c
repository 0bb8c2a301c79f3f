/* Post-game analysis: every decision of a game judged by the game's
 * analysis level (analysis.h, docs/analysis.md). */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xalloc.h"

static const char *const class_names[ANALYSIS_CLASSES] = {"best", "good", "inaccuracy", "mistake", "blunder"};

const char *analysis_class_name(int cls)
{
    return cls >= 0 && cls < ANALYSIS_CLASSES ? class_names[cls] : "?";
}

int analysis_classify(const AiJudgement *j, Action played, double *loss)
{
    bool is_best = j->best == played;
    double l = is_best ? 0 : j->before - j->after;
    if (l < 0)
        l = 0;
    *loss = l;
    if (j->before_proven > 0 && j->after_proven < 0)
        return ANALYSIS_BLUNDER;
    if (is_best || l < ANALYSIS_BEST_BELOW)
        return ANALYSIS_BEST;
    /* A loss that self-play cannot tell from none is no error. */
    if (l < ANALYSIS_GOOD_BELOW || l <= j->loss_error)
        return ANALYSIS_GOOD;
    if (l < ANALYSIS_INACCURACY_BELOW)
        return ANALYSIS_INACCURACY;
    return l < ANALYSIS_MISTAKE_BELOW ? ANALYSIS_MISTAKE : ANALYSIS_BLUNDER;
}

double analysis_accuracy(double loss)
{
    return 100 * pow(0.5, loss / ANALYSIS_ACCURACY_HALF);
}

static bool judged(const State *s, Action a)
{
    return state_player(s) >= 0 && a != ACTION_RESIGN && !action_is_leave(a);
}

/* Replays actions from the start, calling each(ctx, state before, action,
 * index) for every atomic action; false with a message when one fails. */
typedef bool (*EachAction)(void *ctx, const State *s, Action a, int index);

static bool replay(const Game *g, const char *const *actions, int n, EachAction each, void *ctx, char *err,
                   size_t errlen)
{
    State *s = state_new(g);
    bool ok = true;
    int index = 0;
    for (int i = 0; i < n && ok; i++) {
        Action parts[STATE_TEXT_PARTS];
        State *scratch = state_clone(s);
        char why[ERR_MAX];
        int k = state_parse_text(scratch, actions[i], parts, NULL, why, sizeof why);
        state_free(scratch);
        if (k < 0) {
            snprintf(err, errlen, "actions[%d]: %s", i, why);
            ok = false;
            break;
        }
        for (int p = 0; p < k && ok; p++) {
            ok = each(ctx, s, parts[p], index++);
            state_apply(s, parts[p]);
        }
        if (!ok)
            snprintf(err, errlen, "stopped");
    }
    state_free(s);
    return ok;
}

static bool count_one(void *ctx, const State *s, Action a, int index)
{
    (void)index;
    *(int *)ctx += judged(s, a);
    return true;
}

int analysis_count(const Game *g, const char *const *actions, int n, char *err, size_t errlen)
{
    int count = 0;
    return replay(g, actions, n, count_one, &count, err, errlen) ? count : -1;
}

typedef struct Run {
    Analysis *out;
    Ai *ai;
    const Voice *voice;
    AnalysisProgressFn progress;
    void *ctx;
    int total;
    Marks *marks;
} Run;

static uint64_t decision_seed(uint64_t seed, int index)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (uint64_t)(index + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static char *text_of(const State *s, Action a, const Voice *v, bool sentence)
{
    StrBuf b = {0};
    if (sentence)
        state_describe(s, a, v, &b);
    else
        state_action_text(s, a, &b);
    char *t = xstrdup(sb_str(&b));
    sb_free(&b);
    return t;
}

static bool judge_one(void *ctx, const State *s, Action a, int index)
{
    Run *r = ctx;
    Analysis *out = r->out;
    if (!judged(s, a))
        return true;
    if (out->count == out->cap) {
        out->cap = out->cap ? 2 * out->cap : 64;
        out->decisions = xrealloc(out->decisions, (size_t)out->cap * sizeof *out->decisions);
    }
    AnalysedDecision *d = &out->decisions[out->count];
    memset(d, 0, sizeof *d);
    Action legal[MAX_ACTIONS];
    d->index = index;
    d->seat = state_player(s);
    d->legal = state_legal_actions(s, legal);
    d->forced = d->legal == 1;
    d->action = a;
    ai_reseed(r->ai, decision_seed(out->seed, index));
    ai_judge(r->ai, s, a, out->budget, &d->j);
    d->best = d->j.best;
    d->cls = analysis_classify(&d->j, a, &d->loss);
    d->action_text = text_of(s, a, r->voice, false);
    d->best_text = text_of(s, d->best, r->voice, false);
    d->sentence = text_of(s, a, r->voice, true);
    d->best_sentence = text_of(s, d->best, r->voice, true);
    state_action_marks(s, d->best, r->marks);
    d->width = r->marks->width;
    d->height = r->marks->height;
    for (int m = 0; m < r->marks->count; m++)
        if (r->marks->items[m].kind == MARK_LAST)
            for (int w = 0; w < MARK_CELL_WORDS; w++)
                d->best_cells[w] |= r->marks->items[m].cells[w];
    out->work += d->j.work;
    out->count++;
    AnalysisProgress p = {out->count, r->total};
    return !r->progress || r->progress(r->ctx, &p);
}

static void summarise(Analysis *a)
{
    double acc[MAX_PLAYERS] = {0}, loss[MAX_PLAYERS] = {0};
    for (int i = 0; i < a->count; i++) {
        const AnalysedDecision *d = &a->decisions[i];
        AnalysedSeat *seat = &a->seats[d->seat];
        seat->decisions++;
        seat->counts[d->cls]++;
        if (d->forced) {
            seat->forced++;
            continue;
        }
        acc[d->seat] += analysis_accuracy(d->loss);
        loss[d->seat] += d->loss;
    }
    for (int p = 0; p < a->num_players; p++) {
        int graded = a->seats[p].decisions - a->seats[p].forced;
        a->seats[p].accuracy = graded ? acc[p] / graded : -1;
        a->seats[p].mean_loss = graded ? loss[p] / graded : 0;
    }
}

bool analysis_run(const Game *g, const char *const *actions, int n, double budget, uint64_t seed, const Voice *v,
                  AnalysisProgressFn progress, void *ctx, Analysis *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    int total = analysis_count(g, actions, n, err, errlen);
    if (total < 0)
        return false;
    const char *level = ai_game_levels(g->ops->name)->analysis_level;
    char why[ERR_MAX];
    Ai *ai = ai_new(level, g, seed, why, sizeof why);
    if (!ai) {
        snprintf(err, errlen, "no analysis for %s: %s", g->ops->name, why);
        return false;
    }
    snprintf(out->level, sizeof out->level, "%s", level);
    out->budget = total > ANALYSIS_FULL_DECISIONS ? budget * ANALYSIS_FULL_DECISIONS / total : budget;
    out->seed = seed;
    out->num_players = g->num_players;
    Run r = {out, ai, v, progress, ctx, total, xmalloc(sizeof(Marks))};
    AnalysisProgress p = {0, total};
    out->complete = !progress || progress(ctx, &p);
    if (out->complete)
        out->complete = replay(g, actions, n, judge_one, &r, why, sizeof why);
    summarise(out);
    free(r.marks);
    ai_free(ai);
    return true;
}

void analysis_free(Analysis *a)
{
    for (int i = 0; i < a->count; i++) {
        free(a->decisions[i].action_text);
        free(a->decisions[i].best_text);
        free(a->decisions[i].sentence);
        free(a->decisions[i].best_sentence);
    }
    free(a->decisions);
    memset(a, 0, sizeof *a);
}
