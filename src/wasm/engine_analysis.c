/* The post-game analysis in the page (engine.h: engine_analyse): the
 * library's analysis of the game's history (src/ai/analysis.h), in the JSON
 * the server answers, with its progress told to the page after every
 * decision. With the server's budget and seed it judges exactly as the
 * server does: the analysis turns its budget into a fixed amount of work. */
#include <stdlib.h>
#include <time.h>

#include "../core/xalloc.h"
#include "../front/analysis_json.h"
#include "engine_internal.h"

#ifdef __wasm__
/* The page's function told of the progress (engine.js gives it); 0 stops. */
__attribute__((import_module("env"), import_name("engine_progress"))) int engine_progress(int done, int total);
#else
static int engine_progress(int done, int total)
{
    (void)done, (void)total;
    return 1;
}
#endif

static bool on_progress(void *ctx, const AnalysisProgress *p)
{
    (void)ctx;
    return engine_progress(p->done, p->total) != 0;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

char *engine_analyse(Engine *e, double budget, int64_t seed)
{
    if (!e)
        return engine_fail("no game");
    if (!(budget > 0 && budget <= 60))
        return engine_fail("the budget of a decision is more than 0 and at most 60 seconds");
    const Session *s = e->s;
    const char **texts = xmalloc((size_t)(s->count ? s->count : 1) * sizeof *texts);
    for (int i = 0; i < s->count; i++)
        texts[i] = s->steps[i].text;
    Analysis an;
    char err[ERR_MAX];
    double started = seconds_now();
    bool ok = analysis_run(s->game, texts, s->count, budget, (uint64_t)seed, &e->voice, on_progress, NULL, &an, err,
                           sizeof err);
    free(texts);
    json_t *o;
    if (ok) {
        json_t *a = analysis_to_json(&an, s->game);
        json_object_set_new(a, "seconds", json_real(seconds_now() - started));
        o = json_pack("{s:s,s:o}", "status", "done", "analysis", a);
        analysis_free(&an);
    } else {
        o = json_pack("{s:s,s:s}", "status", "failed", "error", err);
    }
    char *text = json_dumps(o, JSON_COMPACT);
    json_decref(o);
    return text;
}
