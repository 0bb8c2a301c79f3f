/* The Go Text Protocol (version 2) for Morphos (docs/gtp.md) as a line
 * handler, kept apart from stdin/stdout so tests and other front ends can
 * drive it directly. GTP colours are the colours of the stones, as GUIs
 * expect: `b` is whoever holds Black (the first player, or after a swap
 * the swapper), `w` whoever holds White. */
#ifndef MORPH_GTP_H
#define MORPH_GTP_H

#include "../core/strbuf.h"
#include "../front/session.h"

/* The game GTP plays: the one game of ours that GTP's board, colours and
 * moves fit (external.c and morph arena check the same). */
#define GTP_GAME "morphos"

typedef struct Gtp {
    Session *session;  /* the current game (never NULL after gtp_init) */
    Options opts;      /* morphos options of the next game: size, mutators, move-cap */
    char ai[128];      /* the genmove AI spec */
    uint64_t seed;     /* base seed; game k uses one derived from (seed, k) */
    uint64_t games;    /* games started so far */
    /* Clock: time_settings in seconds, time_left per GTP colour (stones). */
    bool timed;
    long main_s, byo_s, byo_stones;
    long left_s[2], stones_left[2];
    bool quit;         /* set by "quit" */
} Gtp;

/* The AI genmove uses when none is given: the strongest level of
 * GTP_GAME (ai_game_levels). */
const char *gtp_default_ai(void);

/* Starts a Morphos game with opts (size, mutators, move-cap) and the AI
 * spec; false with a one-line message for bad options or an unknown AI. */
bool gtp_init(Gtp *g, const Options *opts, const char *ai, uint64_t seed, char *err, size_t errlen);
void gtp_free(Gtp *g);

/* The budget in ms genmove gives each decision of the turn of colour, from the
 * clock (docs/gtp.md, "Time"); 0 when there is no clock or no limit. */
long gtp_budget_ms(const Gtp *g, int colour);

/* Handles one input line and appends its whole response ("=id text\n\n" or
 * "?id message\n\n") to out; a blank or comment-only line appends nothing. */
void gtp_handle_line(Gtp *g, const char *line, StrBuf *out);

#endif
