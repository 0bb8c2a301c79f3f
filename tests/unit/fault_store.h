/* A store that wraps a real one and makes chosen writes fail, as a full
 * disk would: fault injection for the server's tests and its fuzzer
 * (fuzz/fuzz_api.c, through fuzz/api_harness.h). Once `skip` writes have
 * gone through, the next `fail` writes (create, append, truncate, claim, and
 * those of accounts, the lobby and chat) fail with "database or disk is
 * full" and change nothing; reads always go through. Give it to a server as
 * ServerConfig.store. */
#ifndef MORPH_FAULT_STORE_H
#define MORPH_FAULT_STORE_H

#include <stdio.h>

#include "../../src/server/store/store.h"

typedef struct FaultStore {
    Store base;
    StoreOps ops; /* the real store's, with its writes wrapped */
    Store *real;
    int skip;   /* writes to let through first */
    int fail;   /* writes then to fail */
    int failed; /* writes failed so far */
} FaultStore;

static inline bool fault_now(Store *st, char *err, size_t errlen)
{
    FaultStore *f = (FaultStore *)st;
    if (f->fail <= 0)
        return false;
    if (f->skip > 0) {
        f->skip--;
        return false;
    }
    f->fail--;
    f->failed++;
    snprintf(err, errlen, "database or disk is full");
    return true;
}

#define FAULT_REAL(st) (((FaultStore *)(st))->real)

static bool fault_create(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    return !fault_now(st, err, errlen) && FAULT_REAL(st)->ops->create(FAULT_REAL(st), g, err, errlen);
}

static bool fault_append(Store *st, const StoredGame *g, int from, char *err, size_t errlen)
{
    return !fault_now(st, err, errlen) && FAULT_REAL(st)->ops->append(FAULT_REAL(st), g, from, err, errlen);
}

static bool fault_truncate(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    return !fault_now(st, err, errlen) && FAULT_REAL(st)->ops->truncate(FAULT_REAL(st), g, err, errlen);
}

static bool fault_claim(Store *st, const StoredGame *g, int seat, char *err, size_t errlen)
{
    return !fault_now(st, err, errlen) && FAULT_REAL(st)->ops->claim(FAULT_REAL(st), g, seat, err, errlen);
}

static bool fault_load(Store *st, const char *id, StoredGame *out, bool *found, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->load(FAULT_REAL(st), id, out, found, err, errlen);
}

static bool fault_load_since(Store *st, const char *id, int from, StoredGame *out, bool *found, char *err,
                             size_t errlen)
{
    return FAULT_REAL(st)->ops->load_since(FAULT_REAL(st), id, from, out, found, err, errlen);
}

static bool fault_peek(Store *st, const char *id, int64_t *version, bool *found, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->peek(FAULT_REAL(st), id, version, found, err, errlen);
}

static void fault_release_memory(Store *st)
{
    if (FAULT_REAL(st)->ops->release_memory)
        FAULT_REAL(st)->ops->release_memory(FAULT_REAL(st));
}

static bool fault_ping(Store *st, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->ping(FAULT_REAL(st), err, errlen);
}

static void fault_describe(Store *st, char *out, size_t outlen)
{
    FAULT_REAL(st)->ops->describe(FAULT_REAL(st), out, outlen);
}

static bool fault_watch(Store *st, void (*heard)(void *ctx, const StoreNote *note), void *ctx, char *err,
                        size_t errlen)
{
    return FAULT_REAL(st)->ops->watch(FAULT_REAL(st), heard, ctx, err, errlen);
}

static void fault_notify(Store *st, const StoreNote *note)
{
    FAULT_REAL(st)->ops->notify(FAULT_REAL(st), note);
}

static bool fault_heartbeat(Store *st, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->heartbeat(FAULT_REAL(st), err, errlen);
}

static bool fault_claim_work(Store *st, StoreWork *out, int max, int *n, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->claim_work(FAULT_REAL(st), out, max, n, err, errlen);
}

static bool fault_work_take(Store *st, const char *game_id, int kind, bool *taken, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->work_take(FAULT_REAL(st), game_id, kind, taken, err, errlen);
}

static bool fault_work_end(Store *st, const char *game_id, int kind, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->work_end(FAULT_REAL(st), game_id, kind, err, errlen);
}

static bool fault_work_held(Store *st, const char *game_id, int kind, bool *held, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->work_held(FAULT_REAL(st), game_id, kind, held, err, errlen);
}

static void fault_leave(Store *st)
{
    FAULT_REAL(st)->ops->leave(FAULT_REAL(st));
}

static const char *fault_server_id(Store *st)
{
    return FAULT_REAL(st)->ops->server_id(FAULT_REAL(st));
}

static bool fault_find_invite(Store *st, const char *code, char id[GAME_ID_LEN + 1], int *seat, bool *found,
                              char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->find_invite(FAULT_REAL(st), code, id, seat, found, err, errlen);
}

static bool fault_each_clocked(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->each_clocked(FAULT_REAL(st), fn, ctx, err, errlen);
}

static bool fault_each_abandoned(Store *st, const char *before, int limit, void (*fn)(void *ctx, const char *id),
                                 void *ctx, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->each_abandoned(FAULT_REAL(st), before, limit, fn, ctx, err, errlen);
}

static bool fault_count_playing(Store *st, const char *since, int *games, int *people, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->count_playing(FAULT_REAL(st), since, games, people, err, errlen);
}

static bool fault_list(Store *st, int status, const char *before, const char *before_id, int limit, GameSummary *out,
                       int *n, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->list(FAULT_REAL(st), status, before, before_id, limit, out, n, err, errlen);
}

static bool fault_each_game(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return FAULT_REAL(st)->ops->each_game(FAULT_REAL(st), fn, ctx, err, errlen);
}

/* The operations of accounts, ratings, the lobby and chat: writes fail
 * like the others, reads go through. */
#define FAULT_WRITE(name, params, args)                                                                             \
    static bool fault_##name params                                                                              \
    {                                                                                                            \
        return !fault_now(st, err, errlen) && FAULT_REAL(st)->ops->name args;                                    \
    }
#define FAULT_READ(name, params, args)                                                                              \
    static bool fault_##name params                                                                              \
    {                                                                                                            \
        return FAULT_REAL(st)->ops->name args;                                                                   \
    }
FAULT_WRITE(save_clock, (Store *st, const char *id, const int64_t left[MAX_PLAYERS], int seats, char *err, size_t errlen),
            (FAULT_REAL(st), id, left, seats, err, errlen))
FAULT_WRITE(unlist, (Store *st, const char *id, char *err, size_t errlen), (FAULT_REAL(st), id, err, errlen))
FAULT_WRITE(account_create, (Store *st, const Account *a, AccountId *id, bool *taken, char *err, size_t errlen),
            (FAULT_REAL(st), a, id, taken, err, errlen))
FAULT_READ(account_find, (Store *st, const char *name, AccountId id, Account *out, bool *found, char *err, size_t errlen),
           (FAULT_REAL(st), name, id, out, found, err, errlen))
FAULT_WRITE(account_password, (Store *st, AccountId id, const char *hash, const char *keep, char *err, size_t errlen),
            (FAULT_REAL(st), id, hash, keep, err, errlen))
FAULT_WRITE(session_create, (Store *st, const char *id_hash, AccountId account, const char *created, const char *expires,
                             char *err, size_t errlen),
            (FAULT_REAL(st), id_hash, account, created, expires, err, errlen))
FAULT_READ(session_find, (Store *st, const char *id_hash, const char *now, Account *out, bool *found, char *err,
                          size_t errlen),
           (FAULT_REAL(st), id_hash, now, out, found, err, errlen))
FAULT_WRITE(session_delete, (Store *st, const char *id_hash, AccountId account, char *err, size_t errlen),
            (FAULT_REAL(st), id_hash, account, err, errlen))
FAULT_WRITE(token_create, (Store *st, const StoredToken *t, int max, bool *full, char *err, size_t errlen),
            (FAULT_REAL(st), t, max, full, err, errlen))
FAULT_READ(tokens_of, (Store *st, AccountId account, StoredToken *out, int max, int *n, char *err, size_t errlen),
           (FAULT_REAL(st), account, out, max, n, err, errlen))
FAULT_WRITE(token_revoke, (Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen),
            (FAULT_REAL(st), id, account, found, err, errlen))
FAULT_READ(token_find, (Store *st, const char *hash, StoredToken *t, Account *a, bool *found, char *err, size_t errlen),
           (FAULT_REAL(st), hash, t, a, found, err, errlen))
FAULT_WRITE(account_make_bot, (Store *st, AccountId id, bool *played, char *err, size_t errlen),
            (FAULT_REAL(st), id, played, err, errlen))
FAULT_READ(ratings_of, (Store *st, AccountId account, StoredRating *out, int max, int *n, char *err, size_t errlen),
           (FAULT_REAL(st), account, out, max, n, err, errlen))
FAULT_READ(rating_history, (Store *st, AccountId account, const char *game, RatingPoint *out, int max, int *n, char *err,
                            size_t errlen),
           (FAULT_REAL(st), account, game, out, max, n, err, errlen))
FAULT_READ(leaderboard, (Store *st, const char *game, int whom, int offset, int limit, LeaderRow *out, int *n,
                         char *err, size_t errlen),
           (FAULT_REAL(st), game, whom, offset, limit, out, n, err, errlen))
FAULT_READ(games_of, (Store *st, AccountId account, bool running, int limit, GameSummary *out, int *n, char *err,
                      size_t errlen),
           (FAULT_REAL(st), account, running, limit, out, n, err, errlen))
FAULT_WRITE(challenge_create, (Store *st, const StoredChallenge *c, char *err, size_t errlen),
            (FAULT_REAL(st), c, err, errlen))
FAULT_WRITE(challenge_delete, (Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen),
            (FAULT_REAL(st), id, account, found, err, errlen))
FAULT_WRITE(challenge_renew, (Store *st, const char *id, const char *expires, char *err, size_t errlen),
            (FAULT_REAL(st), id, expires, err, errlen))
FAULT_READ(challenges, (Store *st, const char *now, StoredChallenge *out, int max, int *n, char *err, size_t errlen),
           (FAULT_REAL(st), now, out, max, n, err, errlen))
FAULT_WRITE(chat_append, (Store *st, const char *game_id, ChatMessage *m, char *err, size_t errlen),
            (FAULT_REAL(st), game_id, m, err, errlen))
FAULT_READ(chat_list, (Store *st, const char *game_id, int channel, int after, int limit, ChatMessage *out, int *n,
                       char *err, size_t errlen),
           (FAULT_REAL(st), game_id, channel, after, limit, out, n, err, errlen))
FAULT_WRITE(seat_mute, (Store *st, const char *game_id, int seat, bool muted, char *err, size_t errlen),
            (FAULT_REAL(st), game_id, seat, muted, err, errlen))
FAULT_WRITE(analysis_save, (Store *st, const char *game_id, const char *json, const char *created, char *err,
                            size_t errlen),
            (FAULT_REAL(st), game_id, json, created, err, errlen))
FAULT_READ(analysis_load, (Store *st, const char *game_id, char **json, char *err, size_t errlen),
           (FAULT_REAL(st), game_id, json, err, errlen))

/* The real store stays open: its owner closes it. */
static void fault_close(Store *st)
{
}

static const StoreOps fault_store_ops = {
    .name = "faults",
    .create = fault_create,
    .append = fault_append,
    .truncate = fault_truncate,
    .claim = fault_claim,
    .load = fault_load,
    .load_since = fault_load_since,
    .peek = fault_peek,
    .ping = fault_ping,
    .release_memory = fault_release_memory,
    .describe = fault_describe,
    .find_invite = fault_find_invite,
    .each_clocked = fault_each_clocked,
    .each_abandoned = fault_each_abandoned,
    .unlist = fault_unlist,
    .list = fault_list,
    .count_playing = fault_count_playing,
    .each_game = fault_each_game,
    .save_clock = fault_save_clock,
    .account_create = fault_account_create,
    .account_find = fault_account_find,
    .account_password = fault_account_password,
    .session_create = fault_session_create,
    .session_find = fault_session_find,
    .session_delete = fault_session_delete,
    .token_create = fault_token_create,
    .tokens_of = fault_tokens_of,
    .token_revoke = fault_token_revoke,
    .token_find = fault_token_find,
    .account_make_bot = fault_account_make_bot,
    .ratings_of = fault_ratings_of,
    .rating_history = fault_rating_history,
    .leaderboard = fault_leaderboard,
    .games_of = fault_games_of,
    .challenge_create = fault_challenge_create,
    .challenge_delete = fault_challenge_delete,
    .challenge_renew = fault_challenge_renew,
    .challenges = fault_challenges,
    .chat_append = fault_chat_append,
    .chat_list = fault_chat_list,
    .seat_mute = fault_seat_mute,
    .analysis_save = fault_analysis_save,
    .analysis_load = fault_analysis_load,
    .close = fault_close,
};

/* The fault store is shared when the real one is, forwarding what several
 * servers need. */
static inline void fault_store_init(FaultStore *f, Store *real)
{
    *f = (FaultStore){.ops = fault_store_ops, .real = real};
    f->base.ops = &f->ops;
    if (real->ops->shared) {
        f->ops.shared = true;
        f->ops.watch = fault_watch;
        f->ops.notify = fault_notify;
        f->ops.heartbeat = fault_heartbeat;
        f->ops.claim_work = fault_claim_work;
        f->ops.work_take = fault_work_take;
        f->ops.work_end = fault_work_end;
        f->ops.work_held = fault_work_held;
        f->ops.leave = fault_leave;
        f->ops.server_id = fault_server_id;
    }
}

#endif
