/* morph bench: runs the fixed workloads of bench/ and reports their rates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/bench.h"
#include "cli.h"
#include "../core/number.h"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: morph bench [--json] [--quick] [--only NAME[,NAME...]] [--seconds S]\n"
            "\n"
            "Runs fixed workloads on one core (unless a workload says otherwise) and\n"
            "reports each as a rate. Workloads are described in docs/bench.md.\n"
            "\n"
            "  --json       one JSON object:\n"
            "               {\"workloads\":[{\"name\",\"value\",\"unit\",\"detail\"}...]}\n"
            "  --quick      about 0.2 s per workload instead of 2 s (a smoke test)\n"
            "  --seconds S  time per workload in seconds (0.05 to 60)\n"
            "  --only LIST  run only the named workloads (see the list below)\n"
            "\nWorkloads:\n");
    for (const BenchWorkload *w = bench_workloads; w->name; w++)
        cli_help_item(out, 28, w->name, w->description);
}

int cmd_bench(int argc, char **argv)
{
    bool json = false;
    double seconds = 2.0;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (strcmp(argv[i], "--json") == 0) {
            json = true;
        } else if (strcmp(argv[i], "--quick") == 0) {
            seconds = 0.2;
        } else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            double s;
            if (!number_parse_decimal(argv[++i], 0.05, 60, &s))
                return cli_fail(EXIT_USAGE, "bench: --seconds expects a number from 0.05 to 60, got '%s'", cli_quote(argv[i]));
            seconds = s;
        } else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else {
            return cli_fail(EXIT_USAGE, "bench: unknown argument '%s' (see morph bench --help)", cli_quote(argv[i]));
        }
    }
    if (only) {
        /* Refuse names that match nothing rather than running nothing. */
        char copy[512];
        if (strlen(only) >= sizeof copy)
            return cli_fail(EXIT_USAGE, "bench: --only: the list is too long (at most %zu characters)", sizeof copy - 1);
        snprintf(copy, sizeof copy, "%s", only);
        for (char *name = strtok(copy, ","); name; name = strtok(NULL, ",")) {
            const BenchWorkload *w = bench_workloads;
            while (w->name && strcmp(w->name, name) != 0)
                w++;
            if (!w->name)
                return cli_fail(EXIT_USAGE, "bench: unknown workload '%s' (see morph bench --help)", cli_quote(name));
        }
    }
    if (cli_arguments_only)
        return EXIT_OK;
    json_t *list = json_array();
    for (const BenchWorkload *w = bench_workloads; w->name; w++) {
        if (only && !list_contains(only, w->name))
            continue;
        BenchReport r = {0};
        w->run(seconds, &r);
        if (json) {
            json_array_append_new(list, json_pack("{s:s,s:f,s:s,s:s}", "name", w->name, "value", r.value,
                                                  "unit", r.unit, "detail", r.detail));
        } else {
            /* small values (a median of milliseconds) keep three decimals */
            printf("%-28s %14.*f %-10s %s\n", w->name, r.value < 10 ? 3 : 1, r.value, r.unit, r.detail);
            fflush(stdout);
        }
    }
    if (json)
        cli_print_json(json_pack("{s:o}", "workloads", list));
    else
        json_decref(list);
    return EXIT_OK;
}
