/* Post-game analyses the server runs (docs/web-api.md, "Analysis"): each
 * a background job of the worker pool (work_pool_push_background), so it
 * never holds up the moves of live games, with a budget a decision and a
 * time limit. The analysis of a stored game is kept in the store when it is
 * done; that of a record uploaded by the page lives in memory only (the
 * latest few), under a random id. Each has a live stream (a payload feed,
 * feed.h): its progress, then its result, which the page follows. The
 * queue is shared fairly between addresses (fair_pool.h): an address has
 * at most ANALYSES_PER_CLIENT analyses waiting or running, the one with the
 * least load goes first, a full queue makes room for an address that holds
 * none, and a finished game's own players go before everyone else. On a
 * server that follows an analysis another server runs (a shared store),
 * the stream holds "progress" with nothing done, then the result once it
 * is stored: progress is not sent between servers. */
#ifndef MORPH_ANALYSES_H
#define MORPH_ANALYSES_H

#include <jansson.h>
#include <stdbool.h>

#include "../base/fair_pool.h"
#include "../base/feed.h"
#include "../store/store.h"
#include "../base/token.h"

/* bytes of a seat's name in sentences: a guest's name of 80 and its seat */
#define ROOM_NAME_MAX 96
/* At most this many analyses wait (one more runs), and this many of one
 * address wait or run. */
#define ANALYSES_WAITING_MAX 8
#define ANALYSES_PER_CLIENT 2
/* Finished analyses of uploaded records kept in memory. */
#define ANALYSES_KEPT 16
#define ANALYSIS_ID_LEN INVITE_LEN /* an upload's id: 130 random bits */
/* The analysis seed: the same game, budget and seed, the same analysis. */
#define ANALYSES_SEED 1

typedef struct Analyses Analyses;

/* budget: seconds a decision (analysis.h); max_seconds: the longest an
 * analysis runs (then it stops, complete false, and is kept as it is).
 * Analyses run one at a time on a worker of their own at CPU priority nice
 * (the server's: 19, the lowest, so they never hold up the moves of live
 * games). */
Analyses *analyses_new(Store *store, double budget, double max_seconds, int nice);
/* Asks the running analysis to stop; waiting ones never start. */
void analyses_stop(Analyses *a);
void analyses_free(Analyses *a);

enum { ANALYSES_STARTED, ANALYSES_ALREADY, ANALYSES_BUSY, ANALYSES_CLIENT_FULL, ANALYSES_STORE_DOWN };

/* Who asks for an analysis: the address it is counted against, and
 * whether it is one of the finished game's own players (who go first). */
typedef struct AnalysisAsker {
    const char *client;
    bool player;
} AnalysisAsker;

/* Starts the analysis key (a stored game's id when stored, else a new
 * upload id written to key) of texts, the n actions of a game with g's
 * name and options; names[p] are the seats' names in sentences. Nothing is
 * taken. ANALYSES_ALREADY when key is waiting or running (here, or on
 * another server of a shared store, which holds its work: this server then
 * follows it); ANALYSES_CLIENT_FULL when the asker's address has
 * ANALYSES_PER_CLIENT waiting or running; ANALYSES_BUSY when
 * ANALYSES_WAITING_MAX wait and none of them may give way (a queued
 * analysis given way for another's ends "failed", to be asked again);
 * ANALYSES_STORE_DOWN when the shared store did not answer. Over a shared
 * store a stored game's analysis is work of the store (WORK_ANALYSIS):
 * started by the server that takes it, ended by its save, taken over by
 * another server (claim_work, then analyses_start again) when its server
 * dies or stops before the end. */
int analyses_start(Analyses *a, char key[ANALYSIS_ID_LEN + 1], bool stored, const Game *g, char *const *texts, int n,
                   const char *const *names, const AnalysisAsker *asker);
/* The analysis key as the API shows it: {"status":"queued"|"running",
 * "done","total"} or {"status":"done","analysis":{...}} (a stored one read
 * from the store), as JSON text; NULL when there is none (err says why
 * when the store failed). */
char *analyses_status(Analyses *a, const char *key, bool stored, char *err, size_t errlen);
/* The live stream of the analysis key (a reference): events "progress"
 * (data as analyses_status's while it waits or runs), then the last, "done"
 * or "failed"; a stored one found only in the store is a stream of its
 * "done" alone. NULL when there is none (err says why when the store
 * failed). */
Feed *analyses_feed(Analyses *a, const char *key, bool stored, char *err, size_t errlen);
/* The store has key's analysis, or it may have (key NULL: any; notes were
 * lost): the analyses followed here on another server end with their
 * result ("done"), or "failed" when their work ended without one. The
 * cluster calls it on each note of an analysis and every few seconds. */
void analyses_heard(Analyses *a, const char *key);

#endif
