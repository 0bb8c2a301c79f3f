#!/usr/bin/env bash
# A local cluster for trying several `morph serve` behind one address
# (docs/deploy.md): a PostgreSQL cluster of its own (initdb in a temporary
# folder, reached by a Unix socket there), N servers sharing its database,
# and HAProxy in front with health checks (/healthz) and timeouts a live
# stream survives. It runs until Ctrl-C (or SIGTERM), then stops everything
# and removes the folder.
#
#   scripts/cluster.sh [--servers N] [--port PORT] [--balance leastconn|game] [--pg URI]
#                      [--pg-set NAME=VALUE] [--per-client N] [--morph BIN] [--state FILE]
#                      [-- SERVE-FLAGS...]
#
#   --servers N    servers to start (default 3)
#   --port PORT    HAProxy's port on 127.0.0.1 (default 8080; 0 picks a free one)
#   --balance HOW  leastconn (default): each request to the server with the
#                  fewest connections; game: every request of a game to one
#                  server (a hash of /api/games/ID, consistent when one dies)
#   --pg URI       use this database instead of a cluster of its own
#   --pg-set NAME=VALUE  a setting of the cluster's own PostgreSQL (again for
#                  more), e.g. synchronous_commit=off
#   --per-client N HAProxy's limit of open connections per client address
#                  (default 32, as the servers' --max-connections-per-client)
#   --morph BIN    the morph binary (default: build/release/morph, built first)
#   --state FILE   write what was started, one KEY=VALUE a line (url, pg,
#                  serverK_url, serverK_pid, haproxy_pid), for scripts and tests
#   -- FLAGS       more flags for every `morph serve` (--ai-threads 1, limits...)
#
# Exits 0 when every server that was still running stopped cleanly; a server
# that died (kill -9 in the tests) is reported, not counted as a failure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
servers=3 port=8080 pg= morph= state= balance=leastconn per_client=32
extra=() pg_set=()
while [ $# -gt 0 ]; do
    case $1 in
        --servers) servers=${2:?}; shift 2 ;;
        --port) port=${2:?}; shift 2 ;;
        --balance) balance=${2:?}; shift 2 ;;
        --pg) pg=${2:?}; shift 2 ;;
        --pg-set) pg_set+=(-c "${2:?}"); shift 2 ;;
        --per-client) per_client=${2:?}; shift 2 ;;
        --morph) morph=${2:?}; shift 2 ;;
        --state) state=${2:?}; shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "cluster.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
[[ $servers =~ ^[1-9][0-9]?$ ]] || { echo "cluster.sh: --servers expects 1 to 99, got '$servers'" >&2; exit 2; }
[[ $port =~ ^[0-9]+$ ]] && [ "$port" -le 65535 ] || { echo "cluster.sh: --port expects 0 to 65535" >&2; exit 2; }
[[ $per_client =~ ^[1-9][0-9]{0,5}$ ]] || { echo "cluster.sh: --per-client expects 1 to 999999, got '$per_client'" >&2; exit 2; }
case $balance in
    leastconn) balance_lines="    balance leastconn" ;;
    game) balance_lines=$'    balance uri path-only depth 3
    hash-type consistent' ;;
    *) echo "cluster.sh: --balance expects leastconn or game, got '$balance'" >&2; exit 2 ;;
esac
if [ -z "$morph" ]; then
    bash "$root/scripts/setup.sh"
    make -C "$root" --no-print-directory -j2 VARIANT=release build >/dev/null
    morph=$root/build/release/morph
fi

dir=$(mktemp -d -t morph-cluster.XXXXXX)
chmod 755 "$dir"
server_pids=()
haproxy_pid=
own_pg=
# As root, PostgreSQL runs as the postgres user (initdb refuses root).
as_pg=()
[ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)

cleanup() {
    set +e
    local failed=0 k=0
    for pid in "${server_pids[@]}"; do
        k=$((k + 1))
        kill -TERM "$pid" 2>/dev/null
    done
    k=0
    for pid in "${server_pids[@]}"; do
        k=$((k + 1))
        wait "$pid"
        local code=$?
        if [ "$code" -eq 137 ]; then
            echo "cluster: server $k had been killed (SIGKILL)"
        elif [ "$code" -ne 0 ]; then
            echo "cluster: server $k stopped with $code; its log:" >&2
            tail -20 "$dir/server$k.log" >&2
            failed=1
        fi
    done
    [ -n "$haproxy_pid" ] && kill -TERM "$haproxy_pid" 2>/dev/null && wait "$haproxy_pid" 2>/dev/null
    [ -n "$own_pg" ] && "${as_pg[@]}" pg_ctl -D "$dir/pg" -m fast -w stop >/dev/null 2>&1
    rm -rf "$dir"
    exit $failed
}
trap cleanup EXIT
trap 'exit 0' INT TERM

# wait_for SECONDS COMMAND...: polls every 50 ms.
wait_for() {
    local limit=$(( $1 * 20 )) i=0
    shift
    until "$@" >/dev/null 2>&1; do
        i=$((i + 1))
        [ $i -ge $limit ] && return 1
        sleep 0.05
    done
}

# ---- PostgreSQL ----
if [ -z "$pg" ]; then
    pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    [ -x "$pgbin/initdb" ] || { echo "cluster.sh: no PostgreSQL server found (scripts/setup.sh installs it)" >&2; exit 1; }
    export PATH=$pgbin:$PATH
    mkdir "$dir/pg"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir" "$dir/pg"
    "${as_pg[@]}" initdb -D "$dir/pg" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    # No TCP: the socket lives in the folder, so two clusters never meet.
    "${as_pg[@]}" pg_ctl -D "$dir/pg" -l "$dir/postgresql.log" -w \
        -o "-c listen_addresses='' -k $dir -c max_connections=300 ${pg_set[*]}" start >/dev/null ||
        { cat "$dir/postgresql.log" >&2; exit 1; }
    own_pg=1
    "${as_pg[@]}" createdb -h "$dir" -U postgres morph
    pg="postgresql://postgres@/morph?host=$dir"
fi

# ---- the servers ----
for k in $(seq "$servers"); do
    "$morph" serve --port 0 --db "$pg" --trust-proxy 127.0.0.1 --web "$root/web" "${extra[@]}" \
        >"$dir/server$k.log" 2>&1 &
    server_pids+=($!)
    started() { grep -q '^Open http' "$dir/server$k.log" || ! kill -0 "${server_pids[$((k - 1))]}"; }
    if ! wait_for 30 started || ! grep -q '^Open http' "$dir/server$k.log"; then
        echo "cluster.sh: server $k did not start:" >&2
        cat "$dir/server$k.log" >&2
        exit 1
    fi
    server_ports[$k]=$(grep -oE '127\.0\.0\.1:[0-9]+' "$dir/server$k.log" | head -1 | cut -d: -f2)
done

# ---- HAProxy ----
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [ "$port" -eq 0 ]; then
    port=$((20000 + RANDOM % 40000))
    until port_free "$port"; do port=$((20000 + RANDOM % 40000)); done
fi
{
    cat <<EOF
# Written by scripts/cluster.sh; docs/deploy.md explains each line.
global
    maxconn 4000
    stats socket $dir/haproxy.sock mode 600 level admin

defaults
    mode http
    maxconn 3000
    option forwardfor
    option redispatch
    retries 2
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 10s
    timeout check 3s

frontend morph
    bind 127.0.0.1:$port
    option http-buffer-request
    stick-table type ip size 100k expire 60s store conn_cur
    tcp-request connection track-sc0 src
    tcp-request connection reject if { sc0_conn_cur gt $per_client }
    default_backend servers

backend servers
$balance_lines
    option httpchk GET /healthz
    http-check expect status 200
    default-server inter 1s fall 3 rise 2 on-marked-down shutdown-sessions
EOF
    for k in $(seq "$servers"); do
        echo "    server s$k 127.0.0.1:${server_ports[$k]} check"
    done
} >"$dir/haproxy.cfg"
haproxy -c -q -f "$dir/haproxy.cfg" || { echo "cluster.sh: HAProxy refuses its configuration" >&2; exit 1; }
haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
haproxy_pid=$!
url=http://127.0.0.1:$port
answers() { curl -sf "$url/healthz" || ! kill -0 "$haproxy_pid"; }
if ! wait_for 20 answers || ! kill -0 "$haproxy_pid" 2>/dev/null; then
    echo "cluster.sh: HAProxy does not answer on $url:" >&2
    cat "$dir/haproxy.log" >&2
    exit 1
fi

# ---- what was started ----
{
    echo "url=$url"
    echo "pg=$pg"
    echo "dir=$dir"
    echo "haproxy_pid=$haproxy_pid"
    for k in $(seq "$servers"); do
        echo "server${k}_url=http://127.0.0.1:${server_ports[$k]}"
        echo "server${k}_pid=${server_pids[$((k - 1))]}"
    done
} >"$dir/state"
[ -n "$state" ] && cp "$dir/state" "$state.tmp" && mv "$state.tmp" "$state"
echo "cluster: PostgreSQL $pg"
for k in $(seq "$servers"); do
    echo "cluster: server $k on http://127.0.0.1:${server_ports[$k]} (pid ${server_pids[$((k - 1))]}, log $dir/server$k.log)"
done
echo "cluster: HAProxy in front: open $url/ in a browser (Ctrl-C stops the cluster)"

# Until a signal; a server that dies is only reported (HAProxy routes around it).
while :; do
    sleep 1 &
    wait $! || true
done
