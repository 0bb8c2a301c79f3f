/* The checkpoint thread of the SQLite store: copies the WAL into the
 * database file every second, on a connection of its own, and starts the
 * WAL again once it is past --wal-mib (docs/web.md, "Storage"). */
#include "store_sqlite_internal.h"

#include <time.h>

enum { WAL_TAIL_FRAMES = 128 }; /* what the last pass copies with the writers held off, about */

/* Writes the WAL's and the database file's pages out to the disk, through
 * the checkpoint connection's own handles (never a descriptor of ours: closing
 * one would drop SQLite's locks on the file), with the writers going on. The
 * last pass of a restart syncs both again with the writers held off; it then
 * finds only what came since to write. */
static void flush_files(SqliteStore *s)
{
    const int ops[] = {SQLITE_FCNTL_JOURNAL_POINTER, SQLITE_FCNTL_FILE_POINTER};
    for (int i = 0; i < 2; i++) {
        sqlite3_file *f = NULL;
        if (sqlite3_file_control(s->checkpoint_db, "main", ops[i], &f) == SQLITE_OK && f && f->pMethods)
            f->pMethods->xSync(f, SQLITE_SYNC_NORMAL);
    }
}

void *sq_checkpoint_main(void *arg)
{
    SqliteStore *s = arg;
    pthread_mutex_lock(&s->stop_lock);
    while (!s->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&s->stop_cond, &s->stop_lock, &until);
        if (s->stopping)
            break;
        pthread_mutex_unlock(&s->stop_lock);
        /* PASSIVE: copies what no reader needs, never blocks a writer. */
        int frames = 0, copied = 0;
        sqlite3_wal_checkpoint_v2(s->checkpoint_db, NULL, SQLITE_CHECKPOINT_PASSIVE, &frames, &copied);
        /* The WAL starts again from its beginning only after a checkpoint
         * that copied all of it; while moves keep coming, each pass ends
         * with new frames behind it, and the file grew for ever (2 GB in 70
         * s of the load test). Once it passes --wal-mib, passes follow one
         * another until few frames are left behind, and those are copied
         * with the writers held off (s->lock), after the files were synced
         * with the writers going on (flush_files): 3 to 40 ms on the test
         * machine, 20 to 110 ms before that sync. Rarely, not at every pass: overwritten
         * pages of a WAL that starts again often are still being written
         * out, and its writes wait for them (docs/web.md). */
        if (frames > s->wal_restart_frames) {
            int behind = frames, passes = 0;
            for (; passes < 6 && behind > WAL_TAIL_FRAMES; passes++) {
                int before = frames;
                sqlite3_wal_checkpoint_v2(s->checkpoint_db, NULL, SQLITE_CHECKPOINT_PASSIVE, &frames, &copied);
                behind = frames - before;
            }
            flush_files(s);
            pthread_mutex_lock(&s->lock);
            sqlite3_wal_checkpoint_v2(s->checkpoint_db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
            pthread_mutex_unlock(&s->lock);
        }
        pthread_mutex_lock(&s->stop_lock);
    }
    pthread_mutex_unlock(&s->stop_lock);
    return NULL;
}
