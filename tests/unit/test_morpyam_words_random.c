/* Morpyam words along seeded random games of every variant, player count
 * and rule set: every legal action has a one-line sentence and is never
 * refused, every probe text has a reason exactly when it is illegal, marks
 * add up to the points, and every end has its words. */
#include "morpyam_words.h"

/* One line of valid UTF-8 without control characters. */
static bool one_clean_line(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        int extra = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : -1;
        if (extra < 0 || (extra == 0 && *p < 0x20))
            return false;
        for (int i = 1; i <= extra; i++)
            if ((p[i] & 0xc0) != 0x80)
                return false;
        p += 1 + extra;
    }
    return true;
}

static const char *const probes[] = {
    "roll", "pass", "resign", "call sec", "call suite", "call carre", "call morpyam", "call full", "call maxi",
    "call brelan-2", "call petite-suite", "reroll 1", "reroll 6 6", "reroll 1 2 3 4 5", "reroll 3 3 3", "reroll 2 4",
    "keep 1 1", "keep 5", "keep", "keep 6 6 6 6 6", "dice 1 2 3 4 5", "dice 6", "dice 2 2", "dice 1 1 1",
    "dice 3 3 3 3", "die 1", "die 6", "deal CA", "deal AP", "deal 3", "put CA a1", "put MO c3", "put 1 f6",
    "put SE d2", "frobnicate", "die 9", "place", "",
};

typedef struct Tally {
    long states, sentences, refusals, terminals;
} Tally;

static void check_sentence(const State *s, Action a, StrBuf *sb)
{
    sb_clear(sb);
    sb_puts(sb, "");
    state_describe(s, a, NULL, sb);
    if (sb->len == 0 || !one_clean_line(sb_str(sb)) || strncmp(sb_str(sb), "an action that is not legal", 27) == 0) {
        StrBuf t = STRBUF_INIT;
        state_action_text(s, a, &t);
        fail_msg("sentence for '%s': '%s'", sb_str(&t), sb_str(sb));
    }
    /* the text of a legal action is never refused */
    StrBuf text = STRBUF_INIT, w = STRBUF_INIT;
    state_action_text(s, a, &text);
    if (state_why_not(s, sb_str(&text), &w))
        fail_msg("legal '%s' refused: %s", sb_str(&text), sb_str(&w));
    sb_free(&text);
    sb_free(&w);
}

static void check_refusal(const State *s, const char *text, StrBuf *sb)
{
    Action a;
    char err[ERR_MAX], want[ERR_MAX];
    bool legal = s->game->ops->parse_action(s, text, &a, err, sizeof err);
    sb_clear(sb);
    sb_puts(sb, "");
    bool refused = state_why_not(s, text, sb);
    if (legal == refused)
        fail_msg("'%s': legal %d but why_not %d", text, legal, refused);
    if (!refused)
        return;
    if (sb->len == 0 || !one_clean_line(sb_str(sb)) || strstr(sb_str(sb), "not one of the legal actions"))
        fail_msg("reason for '%s': '%s'", text, sb_str(sb));
    snprintf(want, sizeof want, "illegal move '%s': %s", text, sb_str(sb));
    if (strcmp(err, want) != 0) {
        snprintf(want, sizeof want, "malformed action '%s': %s", text, sb_str(sb));
        assert_string_equal(err, want);
    }
}

/* Marks of s: line points and the bonus add up to the result's points;
 * placeable squares are morpyam_placeable. */
static void check_marks(const State *s)
{
    Marks m;
    GameResult r;
    int sum[MAX_PLAYERS] = {0};
    state_marks(s, &m);
    state_result(s, &r);
    for (int i = 0; i < m.count; i++) {
        const Mark *k = &m.items[i];
        assert_true(k->player >= 0 && k->player < s->game->num_players);
        assert_true(k->label[0] != '\0');
        if (k->kind == MARK_LINE || k->kind == MARK_BONUS)
            sum[k->player] += k->points;
        if (k->kind == MARK_PLACEABLE && ms_of(s)->phase != MP_PUT)
            assert_true(cells_of(k) == morpyam_placeable(ms_of(s)));
        if (k->kind == MARK_KO)
            assert_true(r.terminal && strcmp(r.how, "ko") == 0 && (r.winners >> k->player & 1));
    }
    for (int p = 0; p < s->game->num_players; p++)
        assert_int_equal(sum[p], r.points[p]);
}

static void check_state(const State *s, Tally *tally, StrBuf *sb, Rng *rng)
{
    Action acts[MAX_ACTIONS];
    ChanceOutcome outs[MAX_ACTIONS];
    int n = 0;
    tally->states++;
    if (state_is_chance(s)) {
        /* every outcome of small chance nodes, 24 at random of a roll */
        n = state_chance_outcomes(s, outs);
        for (int i = 0; i < n; i++)
            acts[i] = outs[i].action;
        for (int i = 0; i < n && n > 24; i++) {
            int j = i + (int)rng_below(rng, (uint32_t)(n - i));
            Action swap = acts[i];
            acts[i] = acts[j];
            acts[j] = swap;
        }
        if (n > 24)
            n = 24;
    } else if (!state_is_terminal(s)) {
        n = state_legal_actions(s, acts);
        acts[n++] = ACTION_RESIGN;
    }
    for (int i = 0; i < n; i++) {
        check_sentence(s, acts[i], sb);
        if (acts[i] < 36) {
            Marks m;
            bool ko;
            const MorpyamState *ms = ms_of(s);
            state_action_marks(s, acts[i], &m);
            int gain = morpyam_place_points(ms->tokens[ms->player], acts[i], ms->cfg->players, &ko);
            assert_int_equal(m.count, 1);
            assert_int_equal(m.items[0].points, ko ? 0 : gain);
            assert_true(cells_of(&m.items[0]) == 1ull << acts[i]);
        }
    }
    tally->sentences += n;
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
        check_refusal(s, probes[i], sb);
    for (int q = 0; q < 36; q++) {
        char text[16];
        snprintf(text, sizeof text, "place %c%c", 'a' + q % 6, '1' + q / 6);
        check_refusal(s, text, sb);
    }
    tally->refusals += (long)(sizeof probes / sizeof probes[0]) + 36;
    check_marks(s);
    if (state_is_terminal(s)) {
        tally->terminals++;
        sb_clear(sb);
        sb_puts(sb, "");
        state_describe_result(s, NULL, sb);
        assert_true(sb->len > 20 && sb_str(sb)[sb->len - 1] == '\n');
        assert_true(strncmp(sb_str(sb), "The game is not over", 20) != 0);
    }
}

static void random_games(void **unused)
{
    static const char *const variants[] = {"standard", "flash", "plus"};
    static const char *const rules[] = {"", "strict-call", "daversa", "strict-call,daversa"};
    Tally tally = {0};
    StrBuf sb = STRBUF_INIT;
    Rng rng;
    rng_seed(&rng, 20261123);
    for (int v = 0; v < 3; v++)
        for (int players = 2; players <= 4; players++)
            for (int r = 0; r < 4; r++) {
                char spec[128];
                /* a short turn limit now and then, so capped ends come up */
                snprintf(spec, sizeof spec, "players=%d;variant=%s;rules=%s;turn-cap=%d", players, variants[v],
                         rules[r], r == 3 ? 12 : 1000);
                Game *g = new_game(spec);
                for (int game = 0; game < 2; game++) {
                    State *s = state_new(g);
                    for (;;) {
                        /* every state of the first game, then one in four */
                        if (game == 0 || rng_below(&rng, 4) == 0 || state_is_terminal(s))
                            check_state(s, &tally, &sb, &rng);
                        if (state_is_terminal(s))
                            break;
                        Action a;
                        if (state_is_chance(s)) {
                            a = state_sample_chance(s, &rng);
                        } else {
                            Action acts[MAX_ACTIONS];
                            int n = state_legal_actions(s, acts);
                            /* resign rarely, so that 3 and 4 players play on after it */
                            a = rng_below(&rng, 400) == 0 ? ACTION_RESIGN : acts[rng_below(&rng, (uint32_t)n)];
                        }
                        state_apply(s, a);
                    }
                    state_free(s);
                }
                game_free(g);
            }
    print_message("words checked: %ld states, %ld sentences, %ld refusals, %ld ends\n", tally.states, tally.sentences,
                  tally.refusals, tally.terminals);
    assert_true(tally.states > 5000);
    assert_true(tally.terminals >= 72);
    sb_free(&sb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_games),
    };
    return cmocka_run_group_tests_name("morpyam_words_random", tests, NULL, NULL);
}
