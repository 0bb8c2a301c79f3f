/* The page's engine runs on one thread (wasi-libc has no threads): the
 * few calls of pthread.h the AI makes, for a single thread. A thread that
 * cannot be started is how the AI's code already falls back to searching
 * on the calling thread (mcts.c, solver.c), so no rule or search changes. */
#ifndef MORPH_WASM_PTHREAD_H
#define MORPH_WASM_PTHREAD_H

#include <errno.h>

typedef int pthread_t;
typedef int pthread_attr_t;
typedef int pthread_once_t;
#define PTHREAD_ONCE_INIT 0

static inline int pthread_once(pthread_once_t *once, void (*init)(void))
{
    if (!*once) {
        *once = 1;
        init();
    }
    return 0;
}

static inline int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*run)(void *), void *arg)
{
    (void)t, (void)attr, (void)run, (void)arg;
    return EAGAIN;
}

static inline int pthread_join(pthread_t t, void **result)
{
    (void)t, (void)result;
    return ESRCH;
}

#endif
