/* Game records: one JSON format for every game (docs/records.md). A record
 * holds the game, its effective options, the players, the seed, every
 * atomic action in order (chance outcomes included, so a game replays
 * without the seed), the result and timestamps.
 *
 * Writing is atomic (a temporary file in the same directory, flushed and
 * synced, then renamed over the record), so a reader always finds the last
 * complete record. Loading checks everything and replays the actions through
 * the rules; the first problem is reported in one line. */
#ifndef MORPH_RECORD_H
#define MORPH_RECORD_H

#include <jansson.h>

#include "session.h"

#define RECORD_FORMAT "morph-record"
#define RECORD_VERSION 1
/* "chance": every chance outcome drawn by morph from the seed (checked when
 * loading), or some typed (real dice, or given by a program). */
#define RECORD_CHANCE_SEED "seed"
#define RECORD_CHANCE_TYPED "typed"

/* The record of a session. created is the ISO 8601 UTC time the game
 * started (NULL: now); updated is now. */
json_t *record_from_session(const Session *s, const char *created);
/* The record of a game still running somewhere that keeps its seed secret
 * (a server's: the seed tells the dice and the AIs' choices to come): as
 * record_from_session with "seed": null. It replays (its chance outcomes
 * are in "actions") but cannot be resumed. */
json_t *record_withholding_seed(const Session *s, const char *created);
/* Whether a parsed record withholds its seed ("seed": null). */
bool record_seed_withheld(const json_t *doc);

/* How hard a write tries: both are atomic (temp file + rename), so a killed
 * process leaves the previous or the new record, never half of one; durable
 * also syncs file and directory to disk, against power loss, which costs
 * milliseconds: right at a person's pace, too slow for hundreds of AI moves a
 * second. */
typedef enum RecordSync { RECORD_DURABLE, RECORD_ATOMIC } RecordSync;

/* Writes doc to path atomically; false with a one-line message. The
 * temporary file is PATH.tmp.PID.XXXXXX in the same directory, created by
 * mkstemp (O_EXCL: never a file or link that was already there) with the
 * mode of the record it replaces. */
bool record_write(const char *path, const json_t *doc, RecordSync sync, char *err, size_t errlen);
/* The same for any text (written as it is); what names the file in messages
 * ("cannot write WHAT 'PATH': ..."). */
bool file_write_atomic(const char *path, const char *text, const char *what, RecordSync sync, char *err, size_t errlen);

/* Removes the temporary files of path that a killed process left behind:
 * named PATH.tmp.PID.XXXXXX, regular files of this user, whose PID is no
 * running process. Returns how many. */
int record_remove_stale_temps(const char *path);

/* What a record may replace at path before the first write of a session
 * (created: the game's start time as in its record). */
typedef enum RecordPath {
    RECORD_PATH_FREE,      /* nothing there */
    RECORD_PATH_SAME_GAME, /* a record of this game (same game, options, players, seed, start time) */
    RECORD_PATH_OTHER,     /* a file that is not a record of this game (or cannot be read) */
    RECORD_PATH_READ_ONLY, /* a record of this game without write permission */
    RECORD_PATH_LINK,      /* a symbolic link (writing replaces the link, not its target) */
    RECORD_PATH_NOT_FILE,  /* a directory, a device, a pipe... */
} RecordPath;
RecordPath record_path_check(const char *path, const Session *s, const char *created);

/* record_from_session + record_write: what a client calls after every move. */
bool record_save(const Session *s, const char *path, const char *created, RecordSync sync, char *err,
                 size_t errlen);

/* Where a record failed to load. */
typedef struct RecordError {
    char message[ERR_MAX + 256]; /* "record F: actions[12] 'x' is illegal: ..." */
    int index;                   /* the failing action's index, or -1 */
} RecordError;

/* Checks a parsed record and replays it into a new session (AIs of the
 * recorded players, chance continuing from the recorded seed; seed 0 when
 * the record withholds it, its outcomes then taken as given). name is the
 * file name used in messages. With check_result, the stored result must equal
 * the replayed one. NULL with e filled. */
Session *record_load_json(const json_t *doc, const char *name, bool check_result, RecordError *e);

/* Reads, parses and loads the record at path; *doc_out (when non-NULL)
 * receives the parsed document (the caller releases it). */
Session *record_load(const char *path, bool check_result, json_t **doc_out, RecordError *e);

/* json_equal, except that numbers compare by value: a tool that rewrites
 * 1.0 as 1 does not change a result. */
bool record_same_json(const json_t *a, const json_t *b);

/* Writes the current UTC time as "YYYY-MM-DDTHH:MM:SSZ" (21 bytes). */
void record_now(char out[21]);

#endif
