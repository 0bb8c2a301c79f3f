#!/usr/bin/env bash
# The load test of morph serve (docs/web.md, "Load test"); not part of
# make test. It builds the release binary and the load generator, starts a
# server on a free loopback port with a fresh database, plays 1,000 Morphos
# 9x9 games and 200 Morpyam games at once (scripted hot-seat clients playing
# random legal moves with a think time), reports move latency, moves per
# second, the server's memory and CPU, the load generator's and the whole
# machine's (busy, idle, stolen by the host), then exports every stored game as a record
# and checks that each replays with `morph replay`, with exactly the actions
# the clients had acknowledged (none lost, none doubled) and the same result.
#
#   tests/load/run.sh [--cluster N [--balance leastconn|game] [--pg-set NAME=VALUE]] [--morphos N] [--morpyam M]
#                     [--think MIN_MS,MAX_MS] [--duration S] [--ramp S] [--size N] [--lean] [--morph PATH]
#                     [--serve-args "FLAGS"]
#
# --lean: the clients play as the page with its engine does (lean answers,
# the game followed with the library); --size: the Morphos board; --morph:
# another build of morph to load (an older one, for a before/after in one
# sitting); --serve-args: more flags for morph serve (e.g. "--request-s 1");
# --ramp: the seconds over which the games are created (default 20, the
# longest think time, or 2 ms a game), before the --duration of play.
#
# --cluster N: the same load on N servers over one PostgreSQL database behind
# HAProxy (scripts/cluster.sh: its own PostgreSQL cluster, each request
# balanced to the server with the fewest connections), memory summed over
# the servers; the export and replay check read the PostgreSQL database.
#
# Needs libcurl (libcurl4-gnutls-dev) for the load generator: installed here
# when missing, like scripts/setup.sh does.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
cluster=0
other_morph=
args=() pg_set=() serve_args=()
while [ $# -gt 0 ]; do
    if [ "$1" = --cluster ]; then
        cluster=${2:?--cluster expects a number of servers}
        shift 2
    elif [ "$1" = --morph ]; then
        other_morph=${2:?--morph expects a binary}
        shift 2
    elif [ "$1" = --serve-args ]; then
        read -r -a serve_args <<<"${2?--serve-args expects flags}"
        shift 2
    elif [ "$1" = --pg-set ] || [ "$1" = --balance ]; then
        pg_set+=("$1" "${2:?}")
        shift 2
    else
        args+=("$1")
        shift
    fi
done

if ! pkg-config --exists libcurl; then
    sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get install -y -qq --no-install-recommends libcurl4-gnutls-dev
fi
bash scripts/setup.sh
make --no-print-directory -j2 VARIANT=release build >/dev/null
morph=${other_morph:-$root/build/release/morph}
tmp=$(mktemp -d)
gen=$tmp/loadgen
# the generator follows games with the library in --lean mode (follow.c)
cc -O2 -std=c17 -D_GNU_SOURCE -Wall -Wextra -Wno-unused-parameter -o "$gen" tests/load/loadgen.c tests/load/follow.c \
    build/release/libmorphfront.a build/release/libmorphai.a build/release/libmorph.a \
    $(pkg-config --cflags --libs libcurl jansson) -lm -pthread

server_pid=
cluster_pid=
sampler=
cleanup() {
    [ -n "$sampler" ] && kill "$sampler" 2>/dev/null
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
    [ -n "$cluster_pid" ] && kill -TERM "$cluster_pid" 2>/dev/null && wait "$cluster_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
# The limits are lifted for the load; only the flags this binary's `serve
# --help` lists are passed, so that an older build (back to c032059) starts.
limits=()
serve_help=$("$morph" serve --help 2>&1 || true)
for pair in games-per-minute=1000000 requests-per-second=1000000 max-connections=100000 \
            max-connections-per-client=100000 running-per-client=1000000 max-streams=100000 \
            max-streams-per-client=100000; do
    flag=--${pair%%=*}
    grep -q -- "$flag " <<<"$serve_help" && limits+=("$flag" "${pair#*=}")
done
if [ "$cluster" -gt 0 ]; then
    bash scripts/cluster.sh --servers "$cluster" --port 0 --per-client 10000 --morph "$morph" --state "$tmp/state" \
        "${pg_set[@]}" -- \
        "${limits[@]}" >"$tmp/cluster.out" 2>&1 &
    cluster_pid=$!
    for _ in $(seq 1200); do [ -s "$tmp/state" ] && break; sleep 0.05; done
    [ -s "$tmp/state" ] || { cat "$tmp/cluster.out"; exit 1; }
    . "$tmp/state"
    server_pids=$(grep -oE '^server[0-9]+_pid=[0-9]+' "$tmp/state" | cut -d= -f2 | tr '\n' ' ')
    db=$pg
    echo "cluster: $cluster server(s) behind HAProxy at $url, database $pg"
else
    "$morph" serve --port 0 --db "$tmp/load.db" --threads 4 "${limits[@]}" "${serve_args[@]}" >"$tmp/out" 2>"$tmp/err" &
    server_pid=$!
    for _ in $(seq 500); do grep -q '^Open http' "$tmp/out" && break; sleep 0.02; done
    url=$(grep -oE 'http://[0-9.:]+' "$tmp/out")
    server_pids=$server_pid
    db=$tmp/load.db
    echo "server: $url (pid $server_pid), database $tmp/load.db"
fi

# RSS of the servers (summed) sampled every second while the load runs; the
# peak is reported.
peak=0
( while :; do
      total=0
      for pid in $server_pids; do
          kb=$(awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
          total=$((total + ${kb:-0}))
      done
      echo "$total"
      sleep 1
  done ) >"$tmp/rss" &
sampler=$!

# cpu_ms PID...: the CPU time (user + system) the processes used so far.
cpu_ms() {
    local tick total=0 pid
    tick=$(getconf CLK_TCK)
    for pid in "$@"; do
        [ -r "/proc/$pid/stat" ] || continue
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
    done
    echo $((total * 1000 / tick))
}
# The cluster's processes by part: the servers, HAProxy, PostgreSQL (its
# postmaster and every backend).
postgres_pids() {
    local pm
    pm=$(head -1 "$dir/pg/postmaster.pid" 2>/dev/null) || return 0
    echo "$pm $(ps -o pid= --ppid "$pm" | tr '\n' ' ')"
}
# The whole machine's CPU time: user nice system idle iowait irq softirq
# steal, summed over its CPUs (/proc/stat). A virtual machine's steal is the
# time its host gave to others: latencies measured while it is high say
# more about the host than about morph.
machine_cpu() { awk '/^cpu / {print $2, $3, $4, $5, $6, $7, $8, $9; exit}' /proc/stat; }
before_machine=$(machine_cpu)
before_servers=$(cpu_ms $server_pids)
if [ "$cluster" -gt 0 ]; then
    before_haproxy=$(cpu_ms "$haproxy_pid")
    before_pg=$(cpu_ms $(postgres_pids))
fi
set +e
"$gen" "$url" --games "$tmp/games.tsv" "${args[@]}" | tee "$tmp/report"
status=${PIPESTATUS[0]}
set -e
kill "$sampler" 2>/dev/null || true
sampler=
peak=$(sort -n "$tmp/rss" | tail -1)
echo "server memory: peak RSS $((peak / 1024)) MiB (summed over the servers: $server_pids)"
moves=$(grep -oE '^moves: [0-9]+' "$tmp/report" | grep -oE '[0-9]+$')
per_move() { awk -v ms="$1" -v n="${moves:-0}" 'BEGIN {printf "%.1f s, %.3f ms a move", ms / 1000, n ? ms / n : 0}'; }
servers_ms=$(( $(cpu_ms $server_pids) - before_servers ))
echo "CPU: the servers $(per_move "$servers_ms")"
echo "$before_machine $(machine_cpu)" | awk -v n="$(nproc)" '{
    for (i = 1; i <= 8; i++) { d[i] = $(i + 8) - $i; all += d[i] }
    if (all > 0)
        printf "machine: %d CPUs, %.0f%% busy, %.0f%% idle, %.0f%% stolen by the host (steal)\n", n,
               100 * (d[1] + d[2] + d[3] + d[6] + d[7]) / all, 100 * (d[4] + d[5]) / all, 100 * d[8] / all
}'
if [ "$cluster" -gt 0 ]; then
    haproxy_ms=$(( $(cpu_ms "$haproxy_pid") - before_haproxy ))
    pg_ms=$(( $(cpu_ms $(postgres_pids)) - before_pg ))
    echo "CPU: PostgreSQL $(per_move "$pg_ms"); HAProxy $(per_move "$haproxy_ms")"
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    for k in $(seq "$cluster"); do
        { grep -vE '^(morph serve: (database|page)|Open http)' "$dir/server$k.log" || true; } |
            sed "s/^/server $k: /" | head -20
    done
else
    kill -TERM "$server_pid"
    wait "$server_pid" || true
    server_pid=
fi

# Every stored game as a record, each replayed and compared. The records
# are checked by this tree's morph (records keep their format across builds),
# many to a run and one run a core, so that 100,000 take minutes.
"$morph" serve --db "$db" --export "$tmp/records"
checker=$root/build/release/morph
games=$(wc -l <"$tmp/games.tsv")
find "$tmp/records" -name '*.json' -print0 |
    xargs -0 -r -n 1000 -P "$(nproc)" "$checker" replay --quiet 2>>"$tmp/replay-errors" || true
bad=$(grep -c '^morph: record ' "$tmp/replay-errors" || true)
# each record's id, actions and result, in one jq pass a thousand files
find "$tmp/records" -name '*.json' -print0 |
    xargs -0 -r -n 1000 jq -r '[(input_filename | sub(".*/"; "") | sub("\\.json$"; "")), (.actions | length),
        (.result | if . == null then "null" else (del(.text) | tojson) end)] | @tsv' >"$tmp/stored.tsv"
# the clients' lines (id, game, acknowledged, result) against the stored ones,
# results compared with sorted keys
mismatches=$(jq -nrR --rawfile stored "$tmp/stored.tsv" '
    (reduce ($stored | split("\n")[] | select(length > 0) | split("\t")) as $r ({}; .[$r[0]] = $r)) as $by_id
    | inputs | split("\t") as [$id, $game, $acked, $result]
    | ($by_id[$id]) as $s
    | if $s == null then "FAIL \($id) (\($game)): no record stored"
      elif $s[1] != $acked then "FAIL \($id) (\($game)): \($s[1]) actions stored, \($acked) acknowledged"
      elif $result != "null" and ($s[2] | fromjson) != ($result | fromjson | del(.text))
        then "FAIL \($id): stored result \($s[2]), the client saw \($result)"
      else empty end' "$tmp/games.tsv")
[ -n "$mismatches" ] && head -20 <<<"$mismatches"
bad=$((bad + $(grep -c '^FAIL' <<<"$mismatches" || true)))
checked=$((games - $(grep -c '^FAIL' <<<"$mismatches" || true)))
[ -s "$tmp/replay-errors" ] && head -5 "$tmp/replay-errors"
stored=$(find "$tmp/records" -name '*.json' | wc -l)
echo "replay check: $checked of $games games replay with morph replay, with every acknowledged action once and the same result ($stored records exported); $bad failed"
[ "$bad" -eq 0 ] && [ "$stored" -eq "$games" ] && [ "$status" -eq 0 ]
