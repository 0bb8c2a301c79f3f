/* The JSON form of a post-game analysis (analysis_json.h). */
#include "analysis_json.h"

#include "game_json.h"

json_t *analysis_proof_json(int proven)
{
    return proven > 0 ? json_string("win") : proven < 0 ? json_string("loss") : json_null();
}

/* Win chances to four decimals: the analysis is not more exact than that,
 * and the stored text stays short. */
static json_t *chance(double x)
{
    return json_real((double)(long long)(x * 10000 + (x >= 0 ? 0.5 : -0.5)) / 10000);
}

static json_t *cells_json(const AnalysedDecision *d)
{
    json_t *cells = json_array();
    for (int bit = 0; bit < d->width * d->height; bit++)
        if (d->best_cells[bit >> 6] >> (bit & 63) & 1) {
            char name[4];
            cell_name(bit % d->width, bit / d->width, name);
            json_array_append_new(cells, json_string(name));
        }
    return cells;
}

static json_t *decision_json(const AnalysedDecision *d)
{
    const AiJudgement *j = &d->j;
    json_t *o = json_object();
    json_object_set_new(o, "index", json_integer(d->index));
    json_object_set_new(o, "seat", json_integer(d->seat + 1));
    json_object_set_new(o, "action", json_text(d->action_text));
    json_object_set_new(o, "best", json_text(d->best_text));
    json_object_set_new(o, "before", chance(j->before));
    json_object_set_new(o, "after", chance(j->after));
    json_object_set_new(o, "class", json_string(analysis_class_name(d->cls)));
    json_object_set_new(o, "loss", chance(d->loss));
    json_object_set_new(o, "before_error", chance(j->before_error));
    json_object_set_new(o, "after_error", chance(j->after_error));
    json_object_set_new(o, "loss_error", chance(j->loss_error));
    json_object_set_new(o, "proven_before", analysis_proof_json(j->before_proven));
    json_object_set_new(o, "proven_after", analysis_proof_json(j->after_proven));
    json_object_set_new(o, "forced", json_boolean(d->forced));
    json_object_set_new(o, "legal", json_integer(d->legal));
    json_object_set_new(o, "text", json_text(d->sentence));
    json_object_set_new(o, "best_text", json_text(d->best_sentence));
    json_object_set_new(o, "best_cells", cells_json(d));
    json_object_set_new(o, "work", json_integer(j->work));
    return o;
}

static json_t *seat_json(const AnalysedSeat *s, int seat)
{
    json_t *counts = json_object();
    for (int c = 0; c < ANALYSIS_CLASSES; c++)
        json_object_set_new(counts, analysis_class_name(c), json_integer(s->counts[c]));
    return json_pack("{s:i,s:i,s:i,s:o,s:o,s:o}", "seat", seat + 1, "decisions", s->decisions, "forced", s->forced,
                     "accuracy", s->accuracy < 0 ? json_null() : json_real((double)(long long)(s->accuracy * 10 + 0.5) / 10),
                     "mean_loss", chance(s->mean_loss), "counts", counts);
}

json_t *analysis_to_json(const Analysis *a, const Game *g)
{
    json_t *decisions = json_array(), *seats = json_array();
    for (int i = 0; i < a->count; i++)
        json_array_append_new(decisions, decision_json(&a->decisions[i]));
    for (int p = 0; p < a->num_players; p++)
        json_array_append_new(seats, seat_json(&a->seats[p], p));
    json_t *thresholds = json_pack("{s:f,s:f,s:f,s:f}", "best", ANALYSIS_BEST_BELOW, "good", ANALYSIS_GOOD_BELOW,
                                   "inaccuracy", ANALYSIS_INACCURACY_BELOW, "mistake", ANALYSIS_MISTAKE_BELOW);
    return json_pack("{s:s,s:o,s:s,s:f,s:I,s:b,s:I,s:o,s:o,s:o}", "game", g->ops->name, "options",
                     game_options_to_json(g), "level", a->level, "budget", a->budget, "seed", (json_int_t)a->seed,
                     "complete", a->complete, "work", (json_int_t)a->work, "thresholds", thresholds, "decisions",
                     decisions, "seats", seats);
}
