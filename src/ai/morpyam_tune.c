/* Self-play samples and the maximum-likelihood fit of the master's model
 * (see morpyam_tune.h). The model only scores what the threats leave: a
 * position's win chances are threat[q] + still * softmax(scores)[q], as in
 * mai_eval, and the fit maximises the likelihood of the players' actual
 * shares of the win under those chances. */
#include "morpyam_tune.h"
#include "../core/xalloc.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct GameSamples {
    TuneSample *v;
    int n, cap;
} GameSamples;

typedef struct PlayRun {
    const Game *g;
    const MaiModel *model;
    uint64_t seed;
    int games;
    atomic_int next;
    GameSamples *out;
} PlayRun;

/* What one thread keeps between games: a player per seat, the tables, and
 * the evaluations that describe positions: the master's threats (which do
 * not depend on the weights) and the expert's win chances. */
typedef struct Worker {
    MaiPlayer *seats[MAX_PLAYERS];
    MorpyamTables tables;
    MaiEval master, expert;
} Worker;

static void add_sample(GameSamples *gs, Worker *w, const MorpyamState *s)
{
    if (gs->n == gs->cap) {
        gs->cap = gs->cap ? 2 * gs->cap : 64;
        gs->v = xrealloc(gs->v, (size_t)gs->cap * sizeof *gs->v);
    }
    TuneSample *t = &gs->v[gs->n++];
    memset(t, 0, sizeof *t);
    MaiPos pos;
    mai_pos_of(s, &pos);
    double threat[MAX_PLAYERS], f[MAI_FEATURES];
    t->still = (float)mai_threats(&w->master, s, &pos, s->player, s->replay, threat);
    t->alive = s->alive;
    for (int q = 0; q < s->cfg->players; q++) {
        t->threat[q] = (float)threat[q];
        if (!(s->alive >> q & 1))
            continue;
        mai_features(&w->tables, s, &pos, q, s->player, f);
        for (int i = 0; i < MAI_FEATURES; i++)
            t->f[q][i] = (float)f[i];
        t->expert[q] = (float)mai_eval(&w->expert, s, &pos, q, s->player, s->replay);
    }
}

/* One game of self-play; the position at the start of every turn goes to gs. */
static void play_game(const PlayRun *run, Worker *w, uint64_t seed, GameSamples *gs)
{
    Rng dice;
    rng_seed(&dice, seed);
    State *st = state_new(run->g);
    int32_t last_turn = 0;
    while (!state_is_terminal(st)) {
        const MorpyamState *s = morpyam_state(st);
        if (s->turns != last_turn && (s->phase == MP_START || s->phase == MP_ROLL)) {
            last_turn = s->turns;
            add_sample(gs, w, s);
        }
        int p = state_player(st);
        state_apply(st, p == PLAYER_CHANCE ? state_sample_chance(st, &dice) : mai_player_choose(w->seats[p], s, NULL));
    }
    GameResult r;
    double shares[MAX_PLAYERS];
    state_result(st, &r);
    result_returns(&r, run->g->num_players, shares);
    for (int i = 0; i < gs->n; i++)
        for (int q = 0; q < run->g->num_players; q++)
            gs->v[i].result[q] = (float)shares[q];
    state_free(st);
}

static void *play_worker(void *arg)
{
    PlayRun *run = arg;
    const MorpyamConfig *cfg = morpyam_config(run->g);
    Worker *w = xcalloc(1, sizeof *w);
    mai_tables_init(&w->tables, cfg);
    mai_eval_init(&w->master, &w->tables, mai_master_model(cfg->players));
    mai_eval_init(&w->expert, &w->tables, NULL);
    for (int p = 0; p < cfg->players; p++)
        w->seats[p] = mai_player_new(cfg, run->model);
    for (int i; (i = atomic_fetch_add(&run->next, 1)) < run->games;)
        play_game(run, w, run->seed + 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1), &run->out[i]);
    for (int p = 0; p < MAX_PLAYERS; p++)
        mai_player_free(w->seats[p]);
    free(w);
    return NULL;
}

void mai_tune_play(const Game *g, const MaiModel *model, int games, uint64_t seed, int threads, TuneSet *out)
{
    PlayRun run = {.g = g, .model = model, .seed = seed, .games = games, .out = xcalloc((size_t)games, sizeof(GameSamples))};
    atomic_init(&run.next, 0);
    pthread_t tids[64];
    int started = 1;
    for (; started < threads && started < 64; started++)
        if (pthread_create(&tids[started], NULL, play_worker, &run) != 0)
            break; /* fewer threads: the same samples */
    play_worker(&run);
    for (int t = 1; t < started; t++)
        pthread_join(tids[t], NULL);
    size_t total = out->n;
    for (int i = 0; i < games; i++)
        total += (size_t)run.out[i].n;
    out->v = xrealloc(out->v, (total ? total : 1) * sizeof *out->v);
    for (int i = 0; i < games; i++) {
        memcpy(out->v + out->n, run.out[i].v, (size_t)run.out[i].n * sizeof *out->v);
        out->n += (size_t)run.out[i].n;
        free(run.out[i].v);
    }
    free(run.out);
}

void mai_tune_set_free(TuneSet *set)
{
    free(set->v);
    set->v = NULL;
    set->n = 0;
}

/* ---- the fit ---- */

#define L2 1e-4 /* on standardised weights: keeps collinear features tame */
#define RATE 0.05
#define FLOOR 1e-12 /* smallest chance a log is taken of */

typedef struct Scale {
    double mean[MAI_FEATURES], sd[MAI_FEATURES];
} Scale;

static void scale_of(const TuneSet *set, int players, Scale *sc)
{
    double sum[MAI_FEATURES] = {0}, sq[MAI_FEATURES] = {0}, n = 0;
    for (size_t i = 0; i < set->n; i++)
        for (int q = 0; q < players; q++) {
            if (!(set->v[i].alive >> q & 1))
                continue;
            for (int j = 0; j < MAI_FEATURES; j++) {
                sum[j] += set->v[i].f[q][j];
                sq[j] += (double)set->v[i].f[q][j] * set->v[i].f[q][j];
            }
            n++;
        }
    for (int j = 0; j < MAI_FEATURES; j++) {
        sc->mean[j] = n > 0 ? sum[j] / n : 0;
        double var = n > 0 ? sq[j] / n - sc->mean[j] * sc->mean[j] : 0;
        sc->sd[j] = var > 1e-12 ? sqrt(var) : 0; /* 0: a constant feature, left out */
    }
}

/* Mean log-loss of the standardised weights th over the set, and its
 * gradient when grad is not NULL. */
static double loss_of(const TuneSet *set, int players, const Scale *sc, const double th[MAI_FEATURES],
                      double grad[MAI_FEATURES])
{
    double total = 0;
    if (grad)
        memset(grad, 0, MAI_FEATURES * sizeof grad[0]);
    for (size_t i = 0; i < set->n; i++) {
        const TuneSample *t = &set->v[i];
        double z[MAX_PLAYERS][MAI_FEATURES], score[MAX_PLAYERS] = {0}, top = -1e300, sum = 0, sm[MAX_PLAYERS] = {0};
        for (int q = 0; q < players; q++) {
            if (!(t->alive >> q & 1))
                continue;
            for (int j = 0; j < MAI_FEATURES; j++) {
                z[q][j] = sc->sd[j] > 0 ? (t->f[q][j] - sc->mean[j]) / sc->sd[j] : 0;
                score[q] += th[j] * z[q][j];
            }
            if (score[q] > top)
                top = score[q];
        }
        for (int q = 0; q < players; q++)
            if (t->alive >> q & 1) {
                sm[q] = exp(score[q] - top);
                sum += sm[q];
            }
        double dscore[MAX_PLAYERS] = {0};
        for (int q = 0; q < players; q++)
            sm[q] /= sum;
        for (int q = 0; q < players; q++) {
            if (t->result[q] <= 0)
                continue;
            double p = t->threat[q] + t->still * sm[q];
            p = p > FLOOR ? p : FLOOR;
            total -= t->result[q] * log(p);
            if (!grad)
                continue;
            /* d p / d score[k] = still * sm[q] * ([q == k] - sm[k]) */
            double c = -t->result[q] / p * t->still * sm[q];
            for (int k = 0; k < players; k++)
                dscore[k] += c * ((q == k) - sm[k]);
        }
        if (grad)
            for (int q = 0; q < players; q++)
                if (t->alive >> q & 1)
                    for (int j = 0; j < MAI_FEATURES; j++)
                        grad[j] += dscore[q] * z[q][j];
    }
    double n = set->n > 0 ? (double)set->n : 1;
    if (grad)
        for (int j = 0; j < MAI_FEATURES; j++)
            grad[j] /= n;
    return total / n;
}

double mai_tune_loss(const TuneSet *set, int players, const MaiModel *model)
{
    Scale unit; /* the weights as they are, on the features as they are */
    for (int j = 0; j < MAI_FEATURES; j++) {
        unit.mean[j] = 0;
        unit.sd[j] = 1;
    }
    return loss_of(set, players, &unit, model->w, NULL);
}

static double expert_loss(const TuneSet *set, int players)
{
    double total = 0;
    for (size_t i = 0; i < set->n; i++)
        for (int q = 0; q < players; q++)
            if (set->v[i].result[q] > 0)
                total -= set->v[i].result[q] * log(set->v[i].expert[q] > FLOOR ? set->v[i].expert[q] : FLOOR);
    return set->n > 0 ? total / (double)set->n : 0;
}

void mai_tune_fit(const TuneSet *set, int players, int steps, MaiModel *model, TuneFit *report)
{
    Scale sc;
    scale_of(set, players, &sc);
    double th[MAI_FEATURES] = {0}, m[MAI_FEATURES] = {0}, v[MAI_FEATURES] = {0}, g[MAI_FEATURES];
    for (int step = 1; step <= steps; step++) {
        loss_of(set, players, &sc, th, g);
        for (int j = 0; j < MAI_FEATURES; j++)
            g[j] += 2 * L2 * th[j];
        double c1 = 1 - pow(0.9, step), c2 = 1 - pow(0.999, step);
        for (int j = 0; j < MAI_FEATURES; j++) {
            m[j] = 0.9 * m[j] + 0.1 * g[j];
            v[j] = 0.999 * v[j] + 0.001 * g[j] * g[j];
            th[j] -= RATE * (m[j] / c1) / (sqrt(v[j] / c2) + 1e-8);
        }
    }
    model->players = players;
    for (int j = 0; j < MAI_FEATURES; j++)
        model->w[j] = sc.sd[j] > 0 ? th[j] / sc.sd[j] : 0;
    report->loss = loss_of(set, players, &sc, th, NULL);
    report->expert_loss = expert_loss(set, players);
}
