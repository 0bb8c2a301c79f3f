/* The C API: the exact Morphos solver and post-game analysis
 * (morph_api.h), answering what `morph morphos solve --json` and `morph
 * analyze --json` print, from the same functions. */
#include <stdlib.h>

#include "../ai/analysis.h"
#include "../ai/solver.h"
#include "../core/xalloc.h"
#include "../front/analysis_json.h"
#include "../front/record.h"
#include "../front/seat_names.h"
#include "../front/solve_json.h"
#include "capi_internal.h"

/* What morph morphos solve refuses, in the terms of the call's arguments. */
static bool solve_check(const MorphState *s, double seconds, long long nodes, int threads, int memory_mb, int no_swap)
{
    char err[ERR_MAX];
    const Game *g = s->g->game;
    if (g->ops != &morphos_ops)
        return capi_fail("the solver solves Morphos positions, not %s", g->ops->name);
    if (!solver_supports(g->config, err, sizeof err))
        return capi_fail("%s", err);
    if (!(seconds >= 0 && seconds <= 1e7))
        return capi_fail("budget: expects seconds from 0.001 to 10000000 (or none)");
    if (nodes < 0 || nodes > 1000000000000LL)
        return capi_fail("nodes: expects 1 to 1000000000000 (or none)");
    if (threads < 1 || threads > 16)
        return capi_fail("threads: expects 1 to 16, got %d", threads);
    if (memory_mb != 0 && (memory_mb < 16 || memory_mb > 65536))
        return capi_fail("memory: expects megabytes from 16 to 65536, got %d", memory_mb);
    const MorphosState *ms = (const MorphosState *)s->st;
    if (no_swap && ms->black_seat != 0)
        return capi_fail("the position follows a swap, but swap=False says White is not offered it");
    if (ms->phase == PHASE_OVER)
        return capi_fail("the game is over: nothing to solve");
    return true;
}

MORPH_API char *morph_solve_json(const MorphState *s, double seconds, long long nodes, int threads, int memory_mb,
                                 int no_swap)
{
    if (!solve_check(s, seconds, nodes, threads, memory_mb, no_swap))
        return NULL;
    const MorphosState *ms = (const MorphosState *)s->st;
    int mb = memory_mb ? memory_mb : solve_default_memory(ms->cfg->n);
    Solver *sv = solver_new(ms->cfg, mb);
    if (!sv) {
        capi_fail("cannot allocate %d MB for the solver's table (see memory)", mb);
        return NULL;
    }
    SolveLimits lim = {.seconds = seconds, .nodes = nodes, .threads = threads, .no_swap = no_swap};
    SolveReport *r = xmalloc(sizeof *r);
    solver_solve(sv, ms, &lim, NULL, NULL, r);
    char *text = capi_dump(solve_report_to_json(ms, r));
    free(r);
    solver_free(sv);
    return text;
}

/* morph analyze's work on a loaded session: its seats named as a watcher
 * names them, the game's analysis level judging every decision. */
static char *analyze_session(Session *ses, double budget, uint64_t seed)
{
    char err[ERR_MAX];
    if (!(budget >= 0.01 && budget <= 600)) {
        capi_fail("budget: expects seconds from 0.01 to 600");
        return NULL;
    }
    if (seed > (uint64_t)SESSION_SEED_MAX) {
        capi_fail("seed: expects a whole number from 0 to 2^63-1");
        return NULL;
    }
    SeatNames names;
    seat_names_watcher(ses, &names);
    const char **texts = xmalloc((size_t)(ses->count ? ses->count : 1) * sizeof *texts);
    for (int i = 0; i < ses->count; i++)
        texts[i] = ses->steps[i].text;
    Analysis a;
    bool ok = analysis_run(ses->game, texts, ses->count, budget, seed, &names.voice, NULL, NULL, &a, err, sizeof err);
    free(texts);
    if (!ok) {
        capi_fail("%s", err);
        return NULL;
    }
    char *text = capi_dump(analysis_to_json(&a, ses->game));
    analysis_free(&a);
    return text;
}

MORPH_API char *morph_analyze_json(const char *path, double budget, uint64_t seed)
{
    RecordError e;
    Session *ses = record_load(path, true, NULL, &e);
    if (!ses) {
        capi_fail("%s", e.message);
        return NULL;
    }
    char *text = analyze_session(ses, budget, seed);
    session_free(ses);
    return text;
}

MORPH_API char *morph_analyze_state_json(const MorphState *s, double budget, uint64_t seed)
{
    Session *ses = capi_session_of(s, NULL, -1);
    if (!ses)
        return NULL;
    char *text = analyze_session(ses, budget, seed);
    session_free(ses);
    return text;
}
