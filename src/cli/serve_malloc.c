/* morph serve's one malloc setting (docs/web.md, "Idle games").
 *
 * glibc keeps in each thread a cache of freed blocks (the tcache: up to 7
 * of each size up to 1 KiB) that neither free nor malloc_trim gives back
 * while the thread lives. The threads of libmicrohttpd's pool live as long
 * as the server, and once idle games have left memory their caches keep
 * about a megabyte each of the rooms' pages resident: the blocks are few,
 * but spread over every page the rooms had used. glibc reads the cache's
 * size only from GLIBC_TUNABLES when a process starts, so serve starts
 * itself again, once, with the cache off; nothing else changes (the pid,
 * the arguments, the environment but that variable). A GLIBC_TUNABLES that
 * already sets the cache's size is left as it is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"

#define TCACHE_OFF "glibc.malloc.tcache_count=0"

void serve_restart_without_thread_caches(char **argv)
{
#if defined(__GLIBC__) && defined(__linux__)
    const char *had = getenv("GLIBC_TUNABLES");
    if (had && strstr(had, "glibc.malloc.tcache_count"))
        return;
    char value[4096];
    int n = snprintf(value, sizeof value, "%s%s%s", had ? had : "", had && *had ? ":" : "", TCACHE_OFF);
    if (n < 0 || (size_t)n >= sizeof value || setenv("GLIBC_TUNABLES", value, 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    /* not restarted (no /proc): serve as it is, with the caches */
    if (had)
        setenv("GLIBC_TUNABLES", had, 1);
    else
        unsetenv("GLIBC_TUNABLES");
#else
    (void)argv;
#endif
}
