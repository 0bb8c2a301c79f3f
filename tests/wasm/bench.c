/* The Morphos playouts of `morph bench` (bench/morphos_rules.c, the same
 * loop) built to WebAssembly, for the comparison of docs/bench.md: the
 * engine in a browser against the native build (tests/wasm/bench.mjs,
 * make bench-wasm). */
#include <time.h>

#include "../../bench/bench.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Random playouts a second from the empty board of size 9, 13 or 19, for
 * about seconds of wall time. */
__attribute__((export_name("bench_playouts"))) double bench_playouts(int size, double seconds);

double bench_playouts(int size, double seconds)
{
    BenchReport r;
    if (size == 13)
        bench_morphos_playouts_13x13(seconds, &r);
    else if (size == 19)
        bench_morphos_playouts_19x19(seconds, &r);
    else
        bench_morphos_playouts_9x9(seconds, &r);
    return r.value;
}
