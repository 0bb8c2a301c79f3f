/* morph bench: runs the fixed workloads of bench/ and reports their rates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/bench.h"
#include "cli.h"

static const char about[] =
    "Usage: morph bench [--json] [--quick] [--only NAME[,NAME...]] [--seconds S]\n"
    "\n"
    "Runs fixed workloads on one core (unless a workload says otherwise) and\n"
    "reports each as a rate or a time (its unit printed beside it). Workloads are\n"
    "described in docs/bench.md.\n"
    "\n";

static void more(FILE *out, const CliArgs *args)
{
    fprintf(out, "\nWorkloads:\n");
    for (const BenchWorkload *w = bench_workloads; w->name; w++)
        cli_help_item(out, 28, w->name, w->description);
}

int cmd_bench(int argc, char **argv)
{
    bool json = false;
    double seconds = 2.0;
    const char *only = NULL;
    const CliFlag flags[] = {
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "one JSON object:\n{\"workloads\":[{\"name\",\"value\",\"unit\",\"detail\"}...]}"},
        {.name = "--quick", .kind = CLI_PRESET, .out = &seconds, .lo = 0.2,
         .help = "about 0.2 s per workload instead of 2 s (a smoke test)"},
        {.name = "--seconds", .kind = CLI_DECIMAL, .out = &seconds, .value = "S", .lo = 0.05, .hi = 60,
         .expects = "expects a number from 0.05 to 60", .help = "time per workload in seconds (0.05 to 60)"},
        {.name = "--only", .kind = CLI_TEXT, .out = &only, .value = "LIST",
         .help = "run only the named workloads (see the list below)"},
        {0},
    };
    const CliArgs args = {.prefix = "bench", .flags = flags, .column = 15,
                          .unknown = "unknown argument '%s' (see morph bench --help)", .about = about, .more = more, .help_in_turn = true};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
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
