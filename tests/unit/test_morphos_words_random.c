/* Morphos words along a seeded random simulation over every size and
 * mutator set: every legal move has a one-line sentence and is never
 * refused, illegal texts have parse_action's reason, marks agree with the
 * engine (weak stones, placeable points, the winning chain), and every end
 * has its words. */
#include "morphos_words.h"

static void check_sentence(const char *text)
{
    assert_true(text[0] != '\0');
    assert_null(strchr(text, '\n'));
    assert_true(valid_utf8(text));
}

static void check_refused(const MorphosState *s, const char *text)
{
    StrBuf sb = STRBUF_INIT;
    assert_true(state_why_not(&s->base, text, &sb));
    check_sentence(sb_str(&sb));
    /* parse_action refuses it with the same reason. */
    char err[ERR_MAX], expected[ERR_MAX];
    Action a;
    assert_false(s->base.game->ops->parse_action(&s->base, text, &a, err, sizeof err));
    snprintf(expected, sizeof expected, "illegal move '%s': %s", text, sb_str(&sb));
    assert_string_equal(err, expected);
    sb_free(&sb);
}

/* How often each kind of sentence came up in the simulation. */
static const char *const kinds[] = {
    "places a stone", "flips", "adds a second stone", "puts the returned stone", "swaps", "passes",
    "connects", "deadlock", "the last empty point", "must first put the returned stone",
};
static long kind_seen[sizeof kinds / sizeof *kinds];

static long check_node(const MorphosState *s, Rng *rng)
{
    const MorphosConfig *c = s->cfg;
    const State *st = &s->base;
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(st, acts);
    Voice v = {{NULL, NULL}, (int)rng_below(rng, 3) - 1};
    for (int i = 0; i < n; i++) {
        StrBuf sb = STRBUF_INIT;
        state_describe(st, acts[i], &v, &sb);
        check_sentence(sb_str(&sb));
        assert_true(strncmp(sb_str(&sb), s->to_move == MORPHOS_BLACK ? "Black " : "White ", 6) == 0);
        for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
            kind_seen[k] += strstr(sb_str(&sb), kinds[k]) != NULL;
        sb_clear(&sb);
        state_action_text(st, acts[i], &sb);
        StrBuf reason = STRBUF_INIT;
        assert_false(state_why_not(st, sb_str(&sb), &reason));
        assert_int_equal(reason.len, 0);
        sb_free(&reason);
        sb_free(&sb);
        Marks m;
        state_action_marks(st, acts[i], &m);
        assert_int_equal(m.width, c->n);
        if (acts[i] == ACT_PASS) {
            assert_int_equal(m.count, 0);
        } else {
            assert_int_equal(m.count, 1);
            assert_int_equal(m.items[0].kind, MARK_LAST);
            assert_int_equal(m.items[0].player, state_player(st));
            if (acts[i] != ACT_SWAP) {
                Bb one;
                bb_zero(&one);
                bb_set(&one, acts[i] >= ACT_FLIP ? acts[i] - ACT_FLIP : acts[i]);
                assert_true(mark_equals_bits(c, &m.items[0], &one));
            }
        }
    }
    /* Illegal texts: taken points, own stones flipped, points off the board. */
    for (int k = 0; k < 3; k++) {
        int col = (int)rng_below(rng, (uint32_t)c->n), row = (int)rng_below(rng, (uint32_t)c->n);
        int b = morphos_bit(c, col, row);
        char pt[4], text[8];
        morphos_point_text(c, b, pt);
        if (bb_test(&s->stones[0], b) || bb_test(&s->stones[1], b))
            check_refused(s, pt);
        if (bb_test(&s->stones[s->to_move], b)) {
            snprintf(text, sizeof text, "x%s", pt);
            check_refused(s, text);
        }
    }
    char off[16];
    snprintf(off, sizeof off, "%c%d", 'a' + c->n, 1 + (int)rng_below(rng, (uint32_t)c->n));
    check_refused(s, off);
    snprintf(off, sizeof off, "x%c%d", 'a' + (int)rng_below(rng, (uint32_t)c->n), c->n + 1);
    check_refused(s, off);
    if (!morphos_swap_allowed(s))
        check_refused(s, "swap");
    if (!morphos_must_pass(s))
        check_refused(s, "pass");
    /* Marks: the opponent's weak stones are the flips of a regular move,
     * placeable points are the phase's placements. */
    Marks m;
    state_marks(st, &m);
    const Mark *weak = find_mark(&m, MARK_WEAK, morphos_seat_of(s, s->to_move ^ 1));
    if (s->phase == PHASE_MAIN) {
        if (bb_empty(&s->targets, c->nw))
            assert_null(weak);
        else
            assert_true(mark_equals_bits(c, weak, &s->targets));
    }
    Bb room;
    morphos_place_mask(s, &room);
    const Mark *place = find_mark(&m, MARK_PLACEABLE, state_player(st));
    if (bb_empty(&room, c->nw))
        assert_null(place);
    else
        assert_true(mark_equals_bits(c, place, &room));
    assert_null(find_mark(&m, MARK_CHAIN, -1));
    return n;
}

static void check_end(const MorphosState *s, long *chains)
{
    StrBuf sb = STRBUF_INIT;
    state_describe_result(&s->base, NULL, &sb);
    const char *t = sb_str(&sb);
    assert_true(sb.len > 0 && t[sb.len - 1] == '\n');
    assert_true(valid_utf8(t));
    assert_null(strstr(t, "not over"));
    sb_free(&sb);
    sb = (StrBuf)STRBUF_INIT;
    assert_true(state_why_not(&s->base, "a1", &sb));
    assert_string_equal(sb_str(&sb), "the game is over");
    sb_free(&sb);
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_CHAIN, -1);
    if (strcmp(s->how, "connection") == 0) {
        assert_non_null(k);
        assert_int_equal(k->player, morphos_seat_of(s, s->winner));
        assert_true(chain_connects(s, &m, k, s->winner));
        /* A shortest chain holds at least n stones and never more than the group. */
        int cells = 0;
        for (int cell = 0; cell < s->cfg->n * s->cfg->n; cell++)
            cells += mark_has_cell(k, cell);
        assert_true(cells >= s->cfg->n);
        assert_true(cells <= bb_count(&s->stones[s->winner], s->cfg->nw));
        (*chains)++;
    } else {
        assert_null(k);
    }
}

static const char *const mutator_sets[] = {
    "", "minimorph", "deepmorph", "duomorph", "remorph",
    "minimorph,metamorph", "minimorph,deepmorph", "minimorph,duomorph,remorph",
    "deepmorph,remorph", "deepmorph,duomorph", "minimorph,deepmorph,duomorph,remorph",
    "minimorph,metamorph,deepmorph",
};

static void random_games_speak_at_every_node(void **unused)
{
    static const int sizes[] = {3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 17, 19};
    Rng rng;
    rng_seed(&rng, 909);
    long nodes = 0, actions = 0, ends = 0, chains = 0;
    for (size_t m = 0; m < sizeof mutator_sets / sizeof *mutator_sets; m++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int n = sizes[z];
            Game *g = morphos_game(n, mutator_sets[m]);
            /* Large boards: one game, every node checked for the first turns. */
            int games = n <= 5 ? 20 : n <= 9 ? 3 : 1, checked_turns = n <= 9 ? 1 << 30 : 24;
            for (int k = 0; k < games; k++) {
                MorphosState *s = (MorphosState *)state_new(g);
                while (!state_is_terminal(&s->base)) {
                    if (s->turn < checked_turns) {
                        actions += check_node(s, &rng);
                        nodes++;
                    }
                    Action acts[MAX_ACTIONS];
                    int count = state_legal_actions(&s->base, acts);
                    state_apply(&s->base, acts[rng_below(&rng, (uint32_t)count)]);
                }
                check_end(s, &chains);
                ends++;
                state_free(&s->base);
            }
            game_free(g);
        }
    assert_true(nodes > 3000);
    assert_true(chains > 0);
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
        if (kind_seen[k] == 0)
            fail_msg("no sentence with '%s' in the simulation", kinds[k]);
    printf("words checked at %ld nodes (%ld actions), %ld endings, %ld chains\n", nodes, actions, ends, chains);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games_speak_at_every_node),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
