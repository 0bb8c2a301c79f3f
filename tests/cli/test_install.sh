#!/usr/bin/env bash
# make install into a temporary prefix (DESTDIR and PREFIX), then the
# installed morph: it runs, it finds its page under PREFIX/share/morph/web
# when served from there, and once it is on the PATH the messages name it
# plain `morph`. The build under test is installed (VARIANT taken from the
# path of $MORPH, build/VARIANT/morph), so nothing is compiled again.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
variant=$(basename "$(dirname "$MORPH")")
tmp=$(mktemp -d)
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

out=$(make --no-print-directory -C "$root" install VARIANT="$variant" DESTDIR="$tmp/stage" PREFIX=/opt/morph 2>&1)
check_eq "make install with DESTDIR and PREFIX exits 0" 0 $?
check_exit "the binary under DESTDIR/PREFIX/bin" 0 test -x "$tmp/stage/opt/morph/bin/morph"
check_exit "the page under DESTDIR/PREFIX/share/morph/web" 0 test -f "$tmp/stage/opt/morph/share/morph/web/index.html"
check_eq "every file of the page installed" "$(cd "$root/web" && find . -type f | sort)" \
    "$(cd "$tmp/stage/opt/morph/share/morph/web" && find . -type f | sort)"

out=$(make --no-print-directory -C "$root" install VARIANT="$variant" PREFIX="$tmp/prefix" 2>&1)
check_eq "make install PREFIX=DIR exits 0" 0 $?
installed=$tmp/prefix/bin/morph
check_eq "the installed morph runs" "$($MORPH --version)" "$("$installed" --version)"

# Served from the prefix, away from the source tree, the page is found
# next to the binary.
cd "$tmp"
"$installed" serve --port 0 --db "$tmp/db/morph.db" >"$tmp/out" 2>"$tmp/err" &
server_pid=$!
for _ in $(seq 500); do grep -q '^Open http' "$tmp/out" && break; sleep 0.02; done
check_match "the installed page is served" "page $tmp/prefix/share/morph/web" "$(cat "$tmp/out")"
port=$(grep -oE '127\.0\.0\.1:[0-9]+' "$tmp/out" | cut -d: -f2)
check_match "the page answers" "<!doctype html>" "$(curl -s "http://127.0.0.1:$port/" | tr 'A-Z' 'a-z')"
kill "$server_pid" && wait "$server_pid" 2>/dev/null
server_pid=

# On the PATH, messages print the command people can type again.
out=$(printf 'quit\n' | PATH="$tmp/prefix/bin:$PATH" morph play morphos --size 5 --seed 1 \
    --players human,ai:random --record "$tmp/g.json" 2>&1)
check_match "messages name the installed morph" "Continue it with: morph play --resume \\\\ $tmp/g.json" \
    "$(tr '\n' ' ' <<<"$out" | tr -s ' ')"

finish
