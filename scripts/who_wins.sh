#!/usr/bin/env bash
# Solves the empty boards of docs/who-wins.md, one after the other on one
# thread, and prints a line per entry: the command, its JSON result, the CPU
# time and the load average before and after.
#     bash scripts/who_wins.sh SIZE BUDGET_SECONDS [MORPH_BINARY]
# e.g. bash scripts/who_wins.sh 4 600; MEMORY=4096 bash scripts/who_wins.sh 5 10800
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:?usage: scripts/who_wins.sh SIZE BUDGET_SECONDS [MORPH]}
budget=${2:?usage: scripts/who_wins.sh SIZE BUDGET_SECONDS [MORPH]}
morph=${3:-build/release/morph}
memory=${MEMORY:-} # megabytes of table; default: the command's own for the size
for mutators in "" minimorph; do
    for swap in --no-swap ""; do
        cmd="morph morphos solve --size $size${mutators:+ --mutators $mutators}${swap:+ $swap} --budget $budget${memory:+ --memory $memory} --json"
        load_before=$(cut -d' ' -f1-3 /proc/loadavg)
        # shellcheck disable=SC2086 # the flags are meant to split
        out=$( { /usr/bin/time -f 'cpu %U s user, %S s sys, %e s wall' "$morph" ${cmd#morph } 2>&1; } )
        echo "$cmd"
        echo "  $(echo "$out" | grep -v '^cpu')"
        echo "  $(echo "$out" | grep '^cpu'); load average before: $load_before, after: $(cut -d' ' -f1-3 /proc/loadavg)"
    done
done
