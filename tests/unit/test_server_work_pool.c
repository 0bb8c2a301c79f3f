/* The worker pool (src/server/base/work_pool.h): a background job (a post-game
 * analysis) never holds up a job of the workers, background jobs run one
 * at a time in order at the lowest CPU priority, and freeing the pool
 * releases what never ran. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../../src/server/base/work_pool.h"

typedef struct Gate {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    bool open;        /* the blocking job may finish */
    int ran[8], nran; /* the order jobs ran in */
    int running, most_running;
    int nice;         /* the background worker's nice value */
    int released;
} Gate;

static Gate gate = {.lock = PTHREAD_MUTEX_INITIALIZER, .changed = PTHREAD_COND_INITIALIZER};

typedef struct Job {
    int id;
    bool blocks;
} Job;

static void run(void *arg)
{
    Job *j = arg;
    pthread_mutex_lock(&gate.lock);
    if (++gate.running > gate.most_running)
        gate.most_running = gate.running;
    gate.nice = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    pthread_cond_broadcast(&gate.changed); /* a job started */
    while (j->blocks && !gate.open)
        pthread_cond_wait(&gate.changed, &gate.lock);
    gate.ran[gate.nran++] = j->id;
    gate.running--;
    pthread_cond_broadcast(&gate.changed);
    pthread_mutex_unlock(&gate.lock);
}

static void release(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&gate.lock);
    gate.released++;
    pthread_mutex_unlock(&gate.lock);
}

static void wait_ran(int n)
{
    pthread_mutex_lock(&gate.lock);
    while (gate.nran < n)
        pthread_cond_wait(&gate.changed, &gate.lock);
    pthread_mutex_unlock(&gate.lock);
}

static void background_never_holds_up_jobs(void **unused)
{
    (void)unused;
    WorkPool *p = work_pool_new(1);
    Job slow = {1, true}, next = {2, false}, after = {3, false}, move = {4, false};
    work_pool_push_background(p, run, release, &slow);
    work_pool_push_background(p, run, release, &next);
    work_pool_push_background(p, run, release, &after);
    /* The background worker is stuck in job 1; a worker's job runs at once. */
    work_pool_push(p, run, release, &move);
    wait_ran(1);
    pthread_mutex_lock(&gate.lock);
    assert_int_equal(gate.ran[0], 4);
    assert_int_equal(gate.nran, 1);
    gate.open = true;
    pthread_cond_broadcast(&gate.changed);
    pthread_mutex_unlock(&gate.lock);
    wait_ran(4);
    /* Background jobs one at a time, in the order given, at nice 19. */
    assert_int_equal(gate.ran[1], 1);
    assert_int_equal(gate.ran[2], 2);
    assert_int_equal(gate.ran[3], 3);
    assert_int_equal(gate.nice, 19);
    assert_true(gate.most_running <= 2);
    work_pool_free(p);
    assert_int_equal(gate.released, 4);
}

static void freeing_releases_what_never_ran(void **unused)
{
    (void)unused;
    gate.open = false;
    gate.nran = 0;
    gate.released = 0;
    WorkPool *p = work_pool_new(1);
    Job slow = {1, true}, waiting = {2, false};
    work_pool_push_background(p, run, release, &slow);
    work_pool_push_background(p, run, release, &waiting);
    pthread_mutex_lock(&gate.lock);
    while (gate.running == 0)
        pthread_cond_wait(&gate.changed, &gate.lock);
    gate.open = true; /* job 1 finishes; job 2 may or may not start before the pool stops */
    pthread_cond_broadcast(&gate.changed);
    pthread_mutex_unlock(&gate.lock);
    work_pool_free(p);
    assert_int_equal(gate.released, 2);
    assert_true(gate.nran >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(background_never_holds_up_jobs),
        cmocka_unit_test(freeing_releases_what_never_ran),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
