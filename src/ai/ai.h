/* AI players. An AI is made from a spec such as "random", "greedy",
 * "expert" or "mcts:ms=200,threads=2" and chooses actions only among the
 * library's legal actions. Each AI has its own Rng, seeded by the caller, so
 * games with AIs are reproducible. */
#ifndef MORPH_AI_H
#define MORPH_AI_H

#include "../core/game.h"

typedef struct Ai Ai;

/* The most decisions a plan holds (a Morpyam call and its reroll, a
 * Morphos returned stone, move and second stone). */
#define AI_PLAN_MAX 8

/* Advice for a person at a decision node (a hint): what the AI would do
 * now, the decisions it would make in a row from there (until a chance
 * event, another seat's turn or the end), and the chance the advice rests
 * on. ai_advise fills it; ai_advice_free releases the texts. */
typedef struct AiAdvice {
    Action action;            /* the decision to make now: plan[0] */
    Action plan[AI_PLAN_MAX];
    int plan_len;
    /* 0..1, what words states: Morpyam expert, the chance of covering cell
     * by the end of the turn; Morphos mcts, the share of the simulated
     * games won after the move. -1 when the level gives none. */
    double chance;
    int cell;                 /* the cell the plan aims at (game.h numbering), -1 none */
    StrBuf words;             /* one line for people: "call suite, keep 2 3 4 5, reroll 2: 33% to cover b4 (appel)" */
    StrBuf detail;            /* the level's technical explanation (expected values, visits, pv) */
} AiAdvice;

/* What a level says of one decision for analysis (ai_judge): the best
 * decision it found and the deciding seat's chance to win before (with the
 * best decision) and after the decision played, 0..1 (a draw counts half
 * of a two-player win, as the game's returns do). */
typedef struct AiJudgement {
    Action best;
    double before, after;
    /* Half-widths of the 95% intervals of before, after and before - after;
     * 0 when the level gives none (a search's value has no sampling error). */
    double before_error, after_error, loss_error;
    /* 1: a proven win for the deciding seat, -1 a proven loss, 0 unproven. */
    int before_proven, after_proven;
    long work; /* the level's units of work spent: playouts, games played */
} AiJudgement;

typedef struct AiOps {
    const char *name;    /* the level: "random", "greedy", ... */
    const char *summary; /* one line for --help */
    /* Which games the level plays; NULL means every game. */
    const char *games;
    /* A level that thinks for a time takes it as ms=N in its spec, and
     * default_ms is its time when none is given; 0 for a level that does
     * not (a server offers the time as a setting, hints give it one). */
    int default_ms;
    /* Whether the spec takes threads=N (a server pins its AI seats to one
     * thread each: its workers are the parallelism). */
    bool takes_threads;
    /* params: the part of the spec after ':' ("" when none), comma-separated
     * key=value pairs. False with a one-line message. */
    bool (*create)(Ai *ai, const char *params, char *err, size_t errlen);
    /* Chooses an action for the player to move in s (a decision node). When
     * explain is non-NULL, appends a short human explanation. */
    Action (*choose)(Ai *ai, const State *s, StrBuf *explain);
    /* Optional: told every action applied to the game (any player, chance
     * included), e.g. for tree reuse. s is the state before a. */
    void (*observe)(Ai *ai, const State *s, Action a);
    /* Optional: ai->rng was just reseeded (ai_reseed); a level with random
     * streams of its own derives them again from it. */
    void (*reseed)(Ai *ai);
    void (*destroy)(Ai *ai);
    /* Optional: advice for a person (see AiAdvice; out is zeroed, cell -1,
     * chance -1). Without it ai_advise uses choose. v names the seats in
     * sentences taken from the game's describe. */
    void (*advise)(Ai *ai, const State *s, const Voice *v, AiAdvice *out);
    /* Optional: judges decision played of the seat to move in s (a decision
     * node) for analysis, out zeroed. budget is the decision's time in
     * seconds of one core, which the level turns into a fixed amount of work
     * by its nominal speed, so that the judgement depends only on the
     * position, the Ai's seed and the budget, never on the machine. Without
     * it ai_judge plays the level against itself (judge.c). */
    void (*judge)(Ai *ai, const State *s, Action played, double budget, AiJudgement *out);
    /* Optional: what a person should know of the level before the game's
     * first move, in g's configuration, as words that follow its name
     * (Morphos: which first stones it takes over by the swap, "swaps a
     * first stone placed in the middle of the board, from c3 to g7, ...").
     * Appends nothing when there is nothing to say. */
    void (*opening_words)(const Game *g, StrBuf *out);
} AiOps;

struct Ai {
    const AiOps *ops;
    const Game *game;
    Rng rng;
    void *data; /* the level's own data */
    char spec[128];
};

/* Creates an AI from a spec "LEVEL" or "LEVEL:key=value,..." for game g
 * (levels.c, which finds the level); NULL with "unknown AI level 'x'
 * (expected ...)" or a parameter error. */
Ai *ai_new(const char *spec, const Game *g, uint64_t seed, char *err, size_t errlen);
void ai_free(Ai *ai);
static inline Action ai_choose(Ai *ai, const State *s, StrBuf *explain) { return ai->ops->choose(ai, s, explain); }
void ai_observe(Ai *ai, const State *s, Action a);
/* Restarts every random stream of the AI from seed, so that its next choice
 * depends only on the position and seed (sessions reseed before each
 * decision: a resumed game then continues exactly as the uninterrupted one). */
void ai_reseed(Ai *ai, uint64_t seed);

/* Advice for the player to move in s (a decision node): the level's advise
 * hook, or else its choices in a row with their explanation. It searches
 * like choose and may change the AI's own state (a search tree): hints use
 * an AI of their own, seeded apart from the game's. */
void ai_advise(Ai *ai, const State *s, const Voice *v, AiAdvice *out);
void ai_advice_free(AiAdvice *a);

/* Judges decision played (legal in s, a decision node) for analysis: the
 * level's judge hook, or else seeded self-play of the level from s after
 * the level's own choice and after played (ai_judge_selfplay). The result
 * depends on the position, the Ai's seed and the budget only. */
void ai_judge(Ai *ai, const State *s, Action played, double budget, AiJudgement *out);

/* Judging by self-play: games played out from s after the level's choice
 * and after played, the level deciding for every seat. The i-th game after
 * either decision meets the same chance (chance(ctx, state, seed_i) draws
 * the outcome of the chance node state for game i; NULL: the game's
 * sample_chance from a stream of seed_i), so the two estimates are paired
 * and their difference has a small error. games per decision judged. */
typedef Action (*AiJudgeChance)(void *ctx, const State *s, uint64_t seed);
void ai_judge_selfplay(Ai *ai, const State *s, Action played, int games, AiJudgeChance chance, void *ctx,
                       AiJudgement *out);
/* "31%", "<1%", ">99%", "100%": a chance for people. */
void ai_percent_words(double p, StrBuf *out);
/* The same as a share of games in a sentence: "about 31%", "more than
 * 99%", "less than 1%", "all", "none" (never "about >99%"). */
void ai_share_words(double p, StrBuf *out);

/* ---- the registry of levels (levels.c) ---- */

/* Every level of this build, in the order --help lists them; NULL-terminated. */
const AiOps *const *ai_list(void);
/* Whether level plays the game called game (its games, or every game). */
bool ai_plays(const AiOps *level, const char *game);
/* The level called name when it plays game, else NULL. */
const AiOps *ai_level(const char *name, const char *game);
/* The levels that play game, as "random, greedy, ...". */
void ai_levels_text(const char *game, char *out, size_t outlen);

/* Which level plays a game where nobody named one: one entry a game in
 * levels.c, whose levels all play that game. */
typedef struct AiGameLevels {
    const char *game;
    /* an AI seat nobody chose a level for (morph play's default seats, the
     * server's default table and the page's "Against the AI" form) */
    const char *default_level;
    /* the level a newcomer meets first: the page's one-click "Play the AI"
     * before a level was ever chosen (a level people of any strength can
     * play, never the strongest) */
    const char *gentle_level;
    /* hints: morph play's `hint`, the web page's Hint button */
    const char *hint_level;
    /* the best this build plays the game: a program's opponent when it
     * names no level (morph gtp) */
    const char *strongest_level;
    /* analysis (morph analyze, the web page's Analyse): its judge hook, or
     * self-play of it */
    const char *analysis_level;
} AiGameLevels;
/* The entry of game; a game without one (a test's toy game) gets random
 * for everything, since random plays every game. */
const AiGameLevels *ai_game_levels(const char *game);
/* The AI spec of a hint in game: its hint level, given ms milliseconds when
 * the level thinks for a time ("expert", "mcts:ms=1000"). */
void ai_hint_spec(const char *game, int ms, char *out, size_t outlen);

/* A level as people meet it in a game (the web page's form, the names of
 * AI seats): a label by strength, what it does in that game's own words,
 * and its rating as docs/ai.md measured it (level_words.c). */
typedef struct AiLevelWords {
    const char *game;
    const char *level;
    const char *label;   /* "Beginner" .. "Strongest" */
    const char *summary; /* one sentence */
    const char *rating;  /* "Elo +42, the expert = 0" */
} AiLevelWords;
/* The words of level in game, or NULL (a test's toy game). */
const AiLevelWords *ai_level_words(const char *game, const char *level);

/* Reads "key=value,key=value" params; calls on_pair for each. */
bool ai_parse_params(const char *params, bool (*on_pair)(void *ctx, const char *key, const char *value, char *err, size_t errlen),
                     void *ctx, char *err, size_t errlen);

#endif
