/* SQLite's own page cache, with one cost taken off its commits.
 *
 * When a b-tree page splits, SQLite may swap the numbers of two new pages
 * through a spare number, the page of the pending byte (262,145 for pages
 * of 4 KiB). Its page cache then holds a largest page number far past the
 * end of the database until the next truncation, and the truncation every
 * commit asks for (drop the pages past the database's end) scans the whole
 * hash of the cache instead of a few slots. With a cache of 64 MiB and
 * 100,000 games, that scan was 18% of the server's CPU (docs/bench.md).
 *
 * This wraps the default page cache and keeps, per cache, a bound on the
 * largest page number it holds that forgets the spare number once the page
 * has left it: a truncation past that bound has nothing to drop and is not
 * passed on. Every other call goes to SQLite's cache as it is. */
#ifndef MORPH_SQLITE_PCACHE_H
#define MORPH_SQLITE_PCACHE_H

#include <stdbool.h>

/* Installs the wrapper, once per process; must run before SQLite is first
 * used (sqlite3_config). False when it could not (SQLite already in use):
 * SQLite's cache then works alone, as correct, only slower. */
bool sqlite_pcache_install(void);

/* Since the start, for tests: truncations passed on, truncations skipped,
 * and spare numbers forgotten once their page left them. */
typedef struct SqlitePcacheCounts {
    long passed, skipped, spares;
} SqlitePcacheCounts;
SqlitePcacheCounts sqlite_pcache_counts(void);

#endif
