/* The JSON form of a solver's report (solve_json.h). */
#include "solve_json.h"

#include "../core/strbuf.h"

const char *solve_bounds_name(unsigned bounds)
{
    return bounds & SOLVE_NOT_WIN ? "not win" : bounds & SOLVE_NOT_LOSS ? "not loss" : NULL;
}

int solve_default_memory(int n)
{
    return n <= 3 ? 16 : n == 4 ? 64 : n == 5 ? 256 : 1024;
}

json_t *solve_report_to_json(const MorphosState *s, const SolveReport *r)
{
    json_t *wins = json_array(), *moves = json_object(), *bounds = json_object();
    StrBuf name = STRBUF_INIT;
    for (int i = 0; i < r->num_moves; i++) {
        sb_clear(&name);
        state_action_text(&s->base, r->moves[i].action, &name);
        if (r->moves[i].value == SOLVE_WIN)
            json_array_append_new(wins, json_string(sb_str(&name)));
        json_object_set_new(moves, sb_str(&name), json_string(solve_value_name(r->moves[i].value)));
        if (solve_bounds_name(r->moves[i].bounds))
            json_object_set_new(bounds, sb_str(&name), json_string(solve_bounds_name(r->moves[i].bounds)));
    }
    sb_free(&name);
    return json_pack("{s:s,s:s,s:o,s:o,s:I,s:f,s:b,s:o}", "to_move", s->to_move == MORPHOS_BLACK ? "black" : "white",
                     "result", solve_value_name(r->value), "winning_moves", wins, "moves", moves, "nodes",
                     (json_int_t)r->nodes, "seconds", r->seconds, "complete", r->complete, "bounds", bounds);
}
