/* The fair pool of slow requests (fair_pool.h): with one worker held by a
 * first job, the jobs queued meanwhile run in the order of their clients'
 * load (a newcomer before a client with several waiting, an urgent job
 * before all), a client has at most per_client jobs, a full queue makes
 * room for a client that holds less by dropping the newest job of the one
 * that holds most (one waiting each before two for anyone), and freeing
 * the pool drops the waiting jobs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <string.h>

#include "../../src/server/base/fair_pool.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static char ran[64], dropped[64]; /* the names of the jobs, in order */
static bool gate_open, gate_entered;

typedef struct Job {
    char name;
    bool gate;  /* waits for the gate to open */
    bool done;
} Job;

static void run(void *arg)
{
    Job *j = arg;
    pthread_mutex_lock(&lock);
    if (j->gate) {
        gate_entered = true;
        pthread_cond_broadcast(&changed);
        while (!gate_open)
            pthread_cond_wait(&changed, &lock);
    }
    ran[strlen(ran)] = j->name;
    pthread_mutex_unlock(&lock);
}

static void release(void *arg)
{
    Job *j = arg;
    pthread_mutex_lock(&lock);
    if (!strchr(ran, j->name))
        dropped[strlen(dropped)] = j->name;
    j->done = true;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
}

static void reset(void)
{
    memset(ran, 0, sizeof ran);
    memset(dropped, 0, sizeof dropped);
    gate_open = gate_entered = false;
}

/* Starts the gate job of client "a" and waits until the worker holds it. */
static void hold_worker(FairPool *p, Job *gate)
{
    assert_int_equal(fair_pool_push(p, "a", false, run, release, gate), FAIR_QUEUED);
    pthread_mutex_lock(&lock);
    while (!gate_entered)
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
}

static void open_gate_and_wait(Job *jobs, int n)
{
    pthread_mutex_lock(&lock);
    gate_open = true;
    pthread_cond_broadcast(&changed);
    for (int i = 0; i < n; i++)
        while (!jobs[i].done)
            pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
}

static void newcomers_and_urgent_jobs_go_first(void **state)
{
    reset();
    FairPool *p = fair_pool_new(1, 3, 16, 0);
    Job jobs[] = {{.name = '1', .gate = true}, {.name = '2'}, {.name = '3'},
                  {.name = 'b'}, {.name = 'c'}, {.name = 'd'}};
    hold_worker(p, &jobs[0]);
    assert_int_equal(fair_pool_push(p, "a", false, run, release, &jobs[1]), FAIR_QUEUED);
    assert_int_equal(fair_pool_push(p, "a", false, run, release, &jobs[2]), FAIR_QUEUED);
    /* a's third job is its limit */
    Job extra = {.name = 'x'};
    assert_int_equal(fair_pool_push(p, "a", false, run, release, &extra), FAIR_CLIENT_FULL);
    assert_int_equal(fair_pool_push(p, "b", false, run, release, &jobs[3]), FAIR_QUEUED);
    assert_int_equal(fair_pool_push(p, "c", false, run, release, &jobs[4]), FAIR_QUEUED);
    assert_int_equal(fair_pool_push(p, "d", true, run, release, &jobs[5]), FAIR_QUEUED);
    open_gate_and_wait(jobs, 6);
    /* d urgent; b and c before a's second and third; a's in order */
    assert_string_equal(ran, "1dbc23");
    assert_string_equal(dropped, "");
    fair_pool_free(p);
}

static void a_full_queue_makes_room_for_who_holds_less(void **state)
{
    reset();
    FairPool *p = fair_pool_new(1, 3, 2, 0);
    Job jobs[] = {{.name = '1', .gate = true}, {.name = '2'}, {.name = '3'}, {.name = 'b'},
                  {.name = 'c'}, {.name = 'd'}, {.name = 'e'}};
    hold_worker(p, &jobs[0]);
    assert_int_equal(fair_pool_push(p, "a", false, run, release, &jobs[1]), FAIR_QUEUED);
    assert_int_equal(fair_pool_push(p, "a", false, run, release, &jobs[2]), FAIR_QUEUED);
    /* full: b takes the place of a's newest (a holds three, b none) */
    assert_int_equal(fair_pool_push(p, "b", false, run, release, &jobs[3]), FAIR_QUEUED);
    assert_string_equal(dropped, "3");
    /* then c of a's other one (a still holds two) */
    assert_int_equal(fair_pool_push(p, "c", false, run, release, &jobs[4]), FAIR_QUEUED);
    assert_string_equal(dropped, "32");
    /* b and c hold one each: d finds no room */
    assert_int_equal(fair_pool_push(p, "d", false, run, release, &jobs[5]), FAIR_FULL);
    /* but an urgent job does */
    assert_int_equal(fair_pool_push(p, "e", true, run, release, &jobs[6]), FAIR_QUEUED);
    assert_string_equal(dropped, "32c");
    pthread_mutex_lock(&lock);
    gate_open = true;
    pthread_cond_broadcast(&changed);
    while (!jobs[3].done || !jobs[6].done)
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    assert_string_equal(ran, "1eb");
    fair_pool_free(p);
}

/* A client with two jobs waiting gives way to one with none waiting, even
 * one that used the pool a little before. */
static void one_waiting_each_before_two_for_anyone(void **state)
{
    reset();
    FairPool *p = fair_pool_new(1, 3, 2, 0);
    Job first = {.name = 'n'};
    assert_int_equal(fair_pool_push(p, "n", false, run, release, &first), FAIR_QUEUED);
    pthread_mutex_lock(&lock);
    while (!first.done)
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    Job jobs[] = {{.name = '1', .gate = true}, {.name = '2'}, {.name = '3'}, {.name = 'm'}};
    assert_int_equal(fair_pool_push(p, "z", false, run, release, &jobs[0]), FAIR_QUEUED);
    pthread_mutex_lock(&lock);
    while (!gate_entered)
        pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    assert_int_equal(fair_pool_push(p, "a", false, run, release, &jobs[1]), FAIR_QUEUED);
    assert_int_equal(fair_pool_push(p, "a", false, run, release, &jobs[2]), FAIR_QUEUED);
    assert_int_equal(fair_pool_push(p, "n", false, run, release, &jobs[3]), FAIR_QUEUED);
    assert_string_equal(dropped, "3");
    open_gate_and_wait(jobs, 4);
    assert_string_equal(ran, "n12m"); /* then the least load first: a has used nothing yet */
    fair_pool_free(p);
}

static void freeing_drops_the_waiting_jobs(void **state)
{
    reset();
    FairPool *p = fair_pool_new(1, 2, 8, 0);
    Job jobs[] = {{.name = '1', .gate = true}, {.name = 'b'}, {.name = 'c'}};
    hold_worker(p, &jobs[0]);
    assert_int_equal(fair_pool_push(p, "b", false, run, release, &jobs[1]), FAIR_QUEUED);
    assert_int_equal(fair_pool_push(p, "c", false, run, release, &jobs[2]), FAIR_QUEUED);
    pthread_mutex_lock(&lock);
    gate_open = true; /* the running job ends; the pool stops before or after b */
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    fair_pool_free(p);
    for (int i = 0; i < 3; i++)
        assert_true(jobs[i].done);
    assert_int_equal(strlen(ran) + strlen(dropped), 3);
    assert_int_equal(ran[0], '1');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(newcomers_and_urgent_jobs_go_first),
        cmocka_unit_test(a_full_queue_makes_room_for_who_holds_less),
        cmocka_unit_test(one_waiting_each_before_two_for_anyone),
        cmocka_unit_test(freeing_drops_the_waiting_jobs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
