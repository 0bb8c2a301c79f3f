#!/usr/bin/env bash
# Runs fuzz targets (fuzz/README.md):
#     bash fuzz/run.sh BUILD_DIR SECONDS [NAME...]
# Each target (all of them by default) fuzzes for SECONDS from its seed
# corpus (fuzz/corpus/NAME) and regressions (fuzz/regressions/NAME), with
# its dictionary; new inputs go to BUILD_DIR/corpus/NAME, crashes to
# BUILD_DIR/crashes/. Prints each target's final statistics (executions,
# coverage) and exits 1 when a target failed.
set -u
build=${1:?usage: fuzz/run.sh BUILD_DIR SECONDS [NAME...]}
build=$(cd "$build" && pwd) # absolute: some targets work in a scratch directory
seconds=${2:?usage: fuzz/run.sh BUILD_DIR SECONDS [NAME...]}
shift 2
here=$(cd "$(dirname "$0")" && pwd)
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for f in "$here"/fuzz_*.c; do n=$(basename "$f" .c); names+=("${n#fuzz_}"); done
fi
mkdir -p "$build/crashes"
failed=0
for name in "${names[@]}"; do
    bin=$build/fuzz_$name
    [ -x "$bin" ] || { echo "$name: no binary $bin (make fuzz-build)"; failed=1; continue; }
    work=$build/corpus/$name
    mkdir -p "$work"
    dict=()
    [ -f "$here/dict/$name.dict" ] && dict=(-dict="$here/dict/$name.dict")
    seeds=("$here/corpus/$name")
    [ -d "$here/regressions/$name" ] && seeds+=("$here/regressions/$name")
    log=$build/$name.log
    echo "== $name: fuzzing for $seconds s"
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$build/crashes/$name-" "${dict[@]}" "$work" "${seeds[@]}" >"$log" 2>&1
    code=$?
    grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1
    grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' "$log"
    if [ $code -ne 0 ]; then
        failed=1
        echo "$name: FAILED (exit $code), see $log; the input is in $build/crashes/"
        grep -E 'ERROR|invariant failed|SUMMARY' "$log" | head -5
    fi
done
exit $failed
