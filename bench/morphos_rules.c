/* The speed of the Morphos rules engine: random playouts from the empty
 * board (three sizes, and 13x13 with four mutators) and legal-move generation
 * on a mid-game position. The playouts of the mcts policy share the playout
 * loop, so they are measured here too. */
#include <stdio.h>

#include "../src/ai/mcts.h"
#include "../src/games/morphos/morphos.h"
#include "bench.h"
#include "../src/games/registry.h"

static Game *make_game(int n, const char *mutators)
{
    Options o;
    char err[ERR_MAX], size[8];
    options_init(&o);
    snprintf(size, sizeof size, "%d", n);
    options_set(&o, "size", size, err, sizeof err);
    options_set(&o, "mutators", mutators, err, sizeof err);
    return game_new("morphos", &o, err, sizeof err);
}

/* Playouts from the empty board: uniform random actions, or the mcts
 * playout policy (src/ai/mcts_playout.c) when policy is set. */
static void playouts(int n, const char *mutators, bool policy, double seconds, BenchReport *out)
{
    enum { CAP = 4096 };
    static int32_t acts[CAP];
    static uint8_t seats[CAP];
    Game *g = make_game(n, mutators);
    MorphosState *start = (MorphosState *)state_new(g);
    Rng rng;
    rng_seed(&rng, 1);
    long games = 0, turns = 0, black = 0;
    double t0 = bench_now(), t;
    do {
        for (int i = 0; i < 100; i++) {
            MorphosState s;
            morphos_scratch_copy(&s, start);
            if (policy)
                mcts_playout(&s, &rng, acts, seats, 0, CAP);
            else
                morphos_playout(&s, &rng, NULL, NULL, 0);
            turns += s.turn;
            black += s.winner == MORPHOS_BLACK;
            games++;
        }
        t = bench_now() - t0;
    } while (t < seconds);
    out->value = (double)games / t;
    out->unit = "playouts/s";
    snprintf(out->detail, sizeof out->detail, "%dx%d%s%s, average length %.1f turns, Black wins %.1f%%", n, n,
             mutators[0] ? " " : "", mutators, (double)turns / (double)games, 100.0 * (double)black / (double)games);
    state_free(&start->base);
    game_free(g);
}

void bench_morphos_playouts_9x9(double seconds, BenchReport *out) { playouts(9, "", false, seconds, out); }
void bench_morphos_playouts_13x13(double seconds, BenchReport *out) { playouts(13, "", false, seconds, out); }
void bench_morphos_playouts_19x19(double seconds, BenchReport *out) { playouts(19, "", false, seconds, out); }
void bench_morphos_playouts_mutators(double seconds, BenchReport *out)
{
    playouts(13, "minimorph,deepmorph,duomorph,remorph", false, seconds, out);
}
void bench_morphos_policy_playouts(double seconds, BenchReport *out) { playouts(9, "", true, seconds, out); }

void bench_morphos_legal_moves(double seconds, BenchReport *out)
{
    /* The mid-game position: 60 random turns from the empty 13x13 board
     * (seed 7), restarted until the game is still running. */
    Game *g = make_game(13, "");
    Rng rng;
    rng_seed(&rng, 7);
    State *s;
    for (;;) {
        s = state_new(g);
        Action acts[MAX_ACTIONS];
        for (int i = 0; i < 60 && !state_is_terminal(s); i++) {
            int k = state_legal_actions(s, acts);
            state_apply(s, acts[rng_below(&rng, (uint32_t)k)]);
        }
        if (!state_is_terminal(s))
            break;
        state_free(s);
    }
    MorphosState *m = (MorphosState *)s;
    long gens = 0, sum = 0;
    double t0 = bench_now(), t;
    Bb none;
    bb_zero(&none);
    do {
        for (int i = 0; i < 1000; i++) {
            /* Full generation: flip targets from scratch, then the list. */
            MorphosState w;
            morphos_scratch_copy(&w, m);
            morphos_weak(w.cfg, &w.stones[w.to_move ^ 1], &w.stones[w.to_move], &w.targets);
            Action acts[MAX_ACTIONS];
            int k = morphos_legal_actions(&w, acts);
            for (int j = 0; j < k; j++)
                sum += acts[j] & 1;
            gens++;
        }
        t = bench_now() - t0;
    } while (t < seconds);
    out->value = (double)gens / t;
    out->unit = "gens/s";
    snprintf(out->detail, sizeof out->detail, "13x13 after 60 random turns: %d legal actions (checksum %ld)",
             morphos_num_actions(m), sum % 10);
    state_free(s);
    game_free(g);
}
