/* Morphos puzzle suites (docs/puzzles.md, morph morphos puzzles --check):
 * the input is a suite's text. A refusal is one UTF-8 line; an accepted
 * suite has, for every puzzle, a live position whose legal actions are
 * exactly the classified ones, with a win and a loss among them, and each
 * puzzle written again by puzzle_format reads back the same. */
#include "fuzz.h"

#include "../src/front/puzzles.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(false);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size), err[ERR_MAX];
    PuzzleSuite suite;
    if (!puzzle_suite_read(text, &suite, err, sizeof err)) {
        FUZZ_CHECK(err[0] && !strchr(err, '\n') && utf8_valid(err), "bad message '%s'", err);
        free(text);
        return 0;
    }
    FUZZ_CHECK(suite.count > 0, "an empty suite accepted");
    StrBuf line = STRBUF_INIT;
    for (int i = 0; i < suite.count; i++) {
        const Puzzle *p = &suite.items[i];
        MorphosState *s = puzzle_state(&suite, p);
        FUZZ_CHECK(s->phase != PHASE_OVER, "line %d: a finished game", p->line);
        FUZZ_CHECK(morphos_num_actions(s) == p->num_actions, "line %d: the actions are not the legal ones", p->line);
        PuzzleValue values[PUZZLE_MAX_ACTIONS];
        bool win = false, loss = false;
        for (int k = 0; k < p->num_actions; k++) {
            FUZZ_CHECK(p->actions[k] == morphos_nth_action(s, k), "line %d: action %d out of order", p->line, k);
            values[k] = (PuzzleValue)p->values[k];
            win |= values[k] == PUZZLE_WIN;
            loss |= values[k] == PUZZLE_LOSS;
            FUZZ_CHECK(puzzle_wins(p, p->actions[k]) == (values[k] == PUZZLE_WIN), "puzzle_wins disagrees");
        }
        FUZZ_CHECK(win && loss, "line %d: no win or no loss", p->line);
        sb_clear(&line);
        puzzle_format(suite.games[p->game], s, values, &line);
        PuzzleSuite again;
        FUZZ_CHECK(puzzle_suite_read(sb_str(&line), &again, err, sizeof err), "line %d does not read back: %s\n%s",
                   p->line, err, sb_str(&line));
        const Puzzle *q = &again.items[0];
        FUZZ_CHECK(again.count == 1 && q->to_move == p->to_move && q->num_actions == p->num_actions &&
                       !memcmp(q->values, p->values, (size_t)p->num_actions) &&
                       !memcmp(q->stones, p->stones, sizeof p->stones),
                   "line %d reads back otherwise", p->line);
        puzzle_suite_free(&again);
        morphos_ops.free_state(&s->base);
    }
    sb_free(&line);
    puzzle_suite_free(&suite);
    free(text);
    return 0;
}
