#!/usr/bin/env bash
# Games that nobody plays (issue 24, item 5; docs/web.md "Idle games"); not
# part of make test. Starts morph serve (release build) on a free loopback
# port with a fresh database, makes GAMES Morphos games against the page's
# default AI (greedy) from ADDRESSES loopback addresses (127.0.0.2 ...), one
# move each, then leaves them, and reports the server's memory (VmRSS of
# /proc/PID/status): empty, with the games, after the idle time, once every
# game was asked for again (each compared with its state before: the same),
# and after a restart (how many games it loaded).
#
#   tests/load/idle.sh [--games N] [--addresses K] [--idle S] [--morph PATH]
#
# --morph: another binary (the figures before the fix were taken with the
# build of the commit before it, which has no --idle-s: it then waits as long
# and reports the same points). Bounded: at most 20,000 games, 250
# addresses, an idle time of 600 s; only loopback addresses are used.
set -euo pipefail
cd "$(dirname "$0")/../.."
games=2000 addresses=200 idle=5 morph=
while [ $# -gt 0 ]; do
    case $1 in
    --games) games=${2:?}; shift 2 ;;
    --addresses) addresses=${2:?}; shift 2 ;;
    --idle) idle=${2:?}; shift 2 ;;
    --morph) morph=${2:?}; shift 2 ;;
    *) echo "usage: $0 [--games N] [--addresses K] [--idle S] [--morph PATH]" >&2; exit 2 ;;
    esac
done
[ "$games" -ge 1 ] && [ "$games" -le 20000 ] && [ "$addresses" -ge 1 ] && [ "$addresses" -le 250 ] &&
    [ "$idle" -ge 1 ] && [ "$idle" -le 600 ] || { echo "$0: out of bounds (see its header)" >&2; exit 2; }
if [ -z "$morph" ]; then
    make --no-print-directory -j2 VARIANT=release build >/dev/null
    morph=$PWD/build/release/morph
fi
tmp=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

flags=(--port 0 --db "$tmp/db/morph.db" --ai-threads 2 --games-per-minute 100000 --requests-per-second 100000)
# (the help read whole first: grep -q in a pipe would stop it early, and
# pipefail would then take the flag for missing)
help=$("$morph" serve --help)
[[ $help == *--idle-s* ]] && flags+=(--idle-s "$idle")
[[ $help == *--running-per-client* ]] && flags+=(--running-per-client 100000)

start() {
    [ -f "$tmp/out" ] && cat "$tmp/out" >>"$tmp/out.before"
    "$morph" serve "${flags[@]}" >"$tmp/out" 2>"$tmp/err" &
    server_pid=$!
    for _ in $(seq 200); do grep -q '^Open http' "$tmp/out" 2>/dev/null && break; sleep 0.1; done
    grep -q '^Open http' "$tmp/out" || { cat "$tmp/out" "$tmp/err"; exit 1; }
    base=http://127.0.0.1:$(grep -oE '127\.0\.0\.1:[0-9]+' "$tmp/out" | cut -d: -f2)
}
# VmRSS, and the part of it that is the process's own (not files such as
# the libraries' code, which reading pages in once adds)
rss() { awk '/^VmRSS/ {r = $2} /^RssAnon/ {a = $2} END {printf "%.1f MiB (anonymous %.1f MiB)", r / 1024, a / 1024}' \
    "/proc/$server_pid/status"; }

start
sleep 1
echo "empty server: $(rss)"

# One address's share of the games: made, one move each, ids kept.
play() {
    local addr=$1 n=$2
    for _ in $(seq "$n"); do
        local made id token move
        made=$(curl -s --interface "$addr" -X POST "$base/api/games" -H 'Content-Type: application/json' \
            -d '{"game":"morphos","seats":[{"kind":"human","mine":true},{"kind":"ai","level":"greedy"}],"listed":true}')
        id=$(jq -r .id <<<"$made")
        token=$(jq -r '.seats[0].token' <<<"$made")
        move=$(jq -r '.state.legal[0].action' <<<"$made")
        curl -s -o /dev/null --interface "$addr" -X POST "$base/api/games/$id/actions" -H "X-Seat-Token: $token" \
            -H 'Content-Type: application/json' -d "{\"action\":\"$move\"}"
        echo "$id" >>"$tmp/ids.$addr"
    done
}
started=$(date +%s)
per=$(( (games + addresses - 1) / addresses ))
left=$games
pids=()
for k in $(seq 0 $((addresses - 1))); do
    n=$(( left < per ? left : per ))
    [ "$n" -gt 0 ] || break
    left=$((left - n))
    play "127.0.0.$((2 + k))" "$n" &
    pids+=($!)
    if [ "${#pids[@]}" -eq 16 ]; then wait "${pids[@]}"; pids=(); fi
done
[ "${#pids[@]}" -eq 0 ] || wait "${pids[@]}"
cat "$tmp"/ids.* >"$tmp/ids"
made=$(wc -l <"$tmp/ids")
sleep 2 # the AIs' answers
echo "$made games made from $addresses addresses, one move each, in $(( $(date +%s) - started )) s: $(rss)"
mkdir "$tmp/before" "$tmp/after"
while read -r id; do curl -s "$base/api/games/$id" | jq -S 'del(.clock)' >"$tmp/before/$id"; done <"$tmp/ids"
echo "every game read once: $(rss)"

sleep $((idle + idle / 4 + 3))
echo "after the idle time ($idle s): $(rss)"
while read -r id; do curl -s "$base/api/games/$id" | jq -S 'del(.clock)' >"$tmp/after/$id"; done <"$tmp/ids"
same=0
while read -r id; do cmp -s "$tmp/before/$id" "$tmp/after/$id" && same=$((same + 1)); done <"$tmp/ids"
echo "every game asked for again: $same of $made the same as before: $(rss)"

kill -TERM "$server_pid"; wait "$server_pid" || true
start
sleep 1
echo "after a restart: $(head -1 "$tmp/out" | sed 's/^morph serve: database [^;]*; //'): $(rss)"
