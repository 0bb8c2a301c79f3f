/* SQLite's default page cache with truncations that have nothing to drop
 * skipped (sqlite_pcache.h). */
#include "sqlite_pcache.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>

/* A cache: SQLite's own, and what bounds the page numbers it holds. */
typedef struct Cache {
    sqlite3_pcache *inner;
    unsigned max;   /* no page held has a larger number */
    unsigned spare; /* 0, or a number taken past max by a swap of numbers */
    unsigned below; /* while spare: no other page held has a larger number */
} Cache;

static sqlite3_pcache_methods2 inner;
static SqlitePcacheCounts counts;

/* A page now held under number key. */
static void holds(Cache *c, unsigned key)
{
    if (key > c->max)
        c->max = key;
    if (c->spare && key > c->below)
        c->below = key;
}

static int init(void *arg)
{
    return inner.xInit(arg);
}

static void shutdown(void *arg)
{
    inner.xShutdown(arg);
}

static sqlite3_pcache *create(int page_size, int extra_size, int purgeable)
{
    Cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->inner = inner.xCreate(page_size, extra_size, purgeable);
    if (!c->inner) {
        free(c);
        return NULL;
    }
    return (sqlite3_pcache *)c;
}

static void cache_size(sqlite3_pcache *p, int pages)
{
    inner.xCachesize(((Cache *)p)->inner, pages);
}

static int page_count(sqlite3_pcache *p)
{
    return inner.xPagecount(((Cache *)p)->inner);
}

static sqlite3_pcache_page *fetch(sqlite3_pcache *p, unsigned key, int create_flag)
{
    Cache *c = (Cache *)p;
    sqlite3_pcache_page *page = inner.xFetch(c->inner, key, create_flag);
    if (page && create_flag)
        holds(c, key);
    return page;
}

static void unpin(sqlite3_pcache *p, sqlite3_pcache_page *page, int discard)
{
    inner.xUnpin(((Cache *)p)->inner, page, discard);
}

static void rekey(sqlite3_pcache *p, sqlite3_pcache_page *page, unsigned old_key, unsigned new_key)
{
    Cache *c = (Cache *)p;
    inner.xRekey(c->inner, page, old_key, new_key);
    if (c->spare && old_key == c->spare) { /* the page leaves the spare number */
        c->spare = 0;
        c->max = c->below;
        __atomic_add_fetch(&counts.spares, 1, __ATOMIC_RELAXED);
    }
    if (!c->spare && new_key > c->max) {
        c->spare = new_key;
        c->below = c->max;
        c->max = new_key;
    } else {
        holds(c, new_key);
    }
}

/* Drops the pages numbered limit or more: passed on only when there may be
 * some. */
static void truncate_at(sqlite3_pcache *p, unsigned limit)
{
    Cache *c = (Cache *)p;
    if (limit > c->max) {
        __atomic_add_fetch(&counts.skipped, 1, __ATOMIC_RELAXED);
        return;
    }
    __atomic_add_fetch(&counts.passed, 1, __ATOMIC_RELAXED);
    inner.xTruncate(c->inner, limit);
    c->max = limit ? limit - 1 : 0;
    if (c->spare >= limit)
        c->spare = 0;
    if (c->below > c->max)
        c->below = c->max;
}

static void destroy(sqlite3_pcache *p)
{
    Cache *c = (Cache *)p;
    inner.xDestroy(c->inner);
    free(c);
}

static void shrink(sqlite3_pcache *p)
{
    inner.xShrink(((Cache *)p)->inner);
}

static bool installed;

static void install_once(void)
{
    static const sqlite3_pcache_methods2 wrapper = {
        .iVersion = 1,
        .xInit = init,
        .xShutdown = shutdown,
        .xCreate = create,
        .xCachesize = cache_size,
        .xPagecount = page_count,
        .xFetch = fetch,
        .xUnpin = unpin,
        .xRekey = rekey,
        .xTruncate = truncate_at,
        .xDestroy = destroy,
        .xShrink = shrink,
    };
    if (sqlite3_config(SQLITE_CONFIG_GETPCACHE2, &inner) != SQLITE_OK || !inner.xCreate)
        return;
    sqlite3_pcache_methods2 mine = wrapper;
    mine.pArg = inner.pArg;
    installed = sqlite3_config(SQLITE_CONFIG_PCACHE2, &mine) == SQLITE_OK;
}

bool sqlite_pcache_install(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_once);
    return installed;
}

SqlitePcacheCounts sqlite_pcache_counts(void)
{
    return (SqlitePcacheCounts){
        .passed = __atomic_load_n(&counts.passed, __ATOMIC_RELAXED),
        .skipped = __atomic_load_n(&counts.skipped, __ATOMIC_RELAXED),
        .spares = __atomic_load_n(&counts.spares, __ATOMIC_RELAXED),
    };
}
