/* What wasi-libc lacks and the library calls: madvise, advice about memory
 * that the solver's table gives (huge pages, pages handed back). WASI's
 * mmap is emulated by malloc, so there is nothing to advise: refused, the
 * table is cleared by writing instead (solver_table.c). */
#ifdef __wasm__
#include <errno.h>
#include <stddef.h>

int madvise(void *addr, size_t len, int advice);

int madvise(void *addr, size_t len, int advice)
{
    (void)addr, (void)len, (void)advice;
    errno = ENOSYS;
    return -1;
}
#else
typedef int engine_compat_native; /* nothing is missing natively */
#endif
