#!/usr/bin/env bash
# The load test of morph serve (docs/web.md, "Load test"); not part of
# make test. It builds the release binary and the load generator, starts a
# server on a free loopback port with a fresh database, plays 1,000 Morphos
# 9x9 games and 200 Morpyam games at once (scripted hot-seat clients playing
# random legal moves with a think time), reports move latency, moves per
# second and the server's memory, then exports every stored game as a record
# and checks that each replays with `morph replay`, with exactly the actions
# the clients had acknowledged (none lost, none doubled) and the same result.
#
#   tests/load/run.sh [--morphos N] [--morpyam M] [--think MIN_MS,MAX_MS] [--duration S]
#
# Needs libcurl (libcurl4-gnutls-dev) for the load generator: installed here
# when missing, like scripts/setup.sh does.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
args=("$@")

if ! pkg-config --exists libcurl; then
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends libcurl4-gnutls-dev
fi
bash scripts/setup.sh
make --no-print-directory -j2 VARIANT=release build >/dev/null
morph=$root/build/release/morph
tmp=$(mktemp -d)
gen=$tmp/loadgen
cc -O2 -std=c17 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter -o "$gen" tests/load/loadgen.c $(pkg-config --cflags --libs libcurl jansson) -lm

server_pid=
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
"$morph" serve --port 0 --db "$tmp/load.db" --threads 4 --games-per-minute 1000000 --requests-per-second 1000000 \
    --max-connections 10000 --max-connections-per-client 10000 >"$tmp/out" 2>"$tmp/err" &
server_pid=$!
for _ in $(seq 500); do grep -q '^Open http' "$tmp/out" && break; sleep 0.02; done
url=$(grep -oE 'http://[0-9.:]+' "$tmp/out")
echo "server: $url (pid $server_pid), database $tmp/load.db"

# RSS sampled every second while the load runs; the peak is reported.
peak=0
( while kill -0 "$server_pid" 2>/dev/null; do
      awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status" 2>/dev/null
      sleep 1
  done ) >"$tmp/rss" &
sampler=$!
set +e
"$gen" "$url" --games "$tmp/games.tsv" "${args[@]}" | tee "$tmp/report"
status=${PIPESTATUS[0]}
set -e
kill "$sampler" 2>/dev/null || true
peak=$(sort -n "$tmp/rss" | tail -1)
echo "server memory: peak RSS $((peak / 1024)) MiB ($(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status") kB high-water mark)"
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=

# Every stored game as a record, each replayed and compared.
"$morph" serve --db "$tmp/load.db" --export "$tmp/records"
games=$(wc -l <"$tmp/games.tsv")
bad=0
checked=0
# every record through the rules (morph replay), then one jq pass over them all
for f in "$tmp/records"/*.json; do
    "$morph" replay --quiet "$f" >/dev/null 2>>"$tmp/replay-errors" || bad=$((bad + 1))
done
jq -r '[(input_filename | sub(".*/"; "") | sub("\\.json$"; "")), (.actions | length), (.result | tojson)] | @tsv' \
    "$tmp/records"/*.json | sort >"$tmp/stored.tsv"
while IFS=$'\t' read -r id game acked result; do
    line=$(grep "^$id"$'\t' "$tmp/stored.tsv" || true)
    n=$(cut -f2 <<<"$line")
    stored_result=$(cut -f3 <<<"$line")
    if [ "$n" != "$acked" ]; then
        echo "FAIL $id ($game): ${n:-no} actions stored, $acked acknowledged"; bad=$((bad + 1)); continue
    fi
    if [ "$result" != null ] && [ "$(jq -cS . <<<"$stored_result")" != "$(jq -cS . <<<"$result")" ]; then
        echo "FAIL $id: stored result $stored_result, the client saw $result"; bad=$((bad + 1)); continue
    fi
    checked=$((checked + 1))
done <"$tmp/games.tsv"
[ -s "$tmp/replay-errors" ] && head -5 "$tmp/replay-errors"
stored=$(ls "$tmp/records" | wc -l)
echo "replay check: $checked of $games games replay with morph replay, with every acknowledged action once and the same result ($stored records exported); $bad failed"
[ "$bad" -eq 0 ] && [ "$stored" -eq "$games" ] && [ "$status" -eq 0 ]
