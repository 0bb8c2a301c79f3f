#!/usr/bin/env bash
# The engine of the page (web/engine/morph.wasm) in Node.js against the same
# calls built natively (BUILD/engine_native): seeded random and AI games of
# both games, game by game, and the calls the page makes
# (tests/wasm/agree.mjs). `make` builds both when the toolchain is there
# (scripts/setup.sh installs it).
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
root=$(cd "$here/../.." && pwd)
build=$(cd "$(dirname "$MORPH")" && pwd)

if [ ! -f "$root/web/engine/morph.wasm" ] || [ ! -x "$build/engine_native" ]; then
    bad "web/engine/morph.wasm or $build/engine_native is missing: run scripts/setup.sh, then make (make wasm says what is missing)"
    finish
    exit
fi

# The file served to the page: wasm, within the size aimed at (400 KB gzipped).
size=$(gzip -9 -c "$root/web/engine/morph.wasm" | wc -c)
if [ "$size" -lt 400000 ]; then ok; else bad "morph.wasm is $size bytes gzipped, over 400,000"; fi
check_eq "morph.wasm starts as WebAssembly" "0061736d" "$(head -c 4 "$root/web/engine/morph.wasm" | od -An -tx1 | tr -d ' \n')"

out=$(node "$root/tests/wasm/agree.mjs" "$build" 2>&1)
code=$?
line=$(printf '%s\n' "$out" | grep -E '^agree: [0-9]+ passed, [0-9]+ failed$' | tail -1)
p=$(echo "$line" | sed -nE 's/^agree: ([0-9]+) passed.*/\1/p')
f=$(echo "$line" | sed -nE 's/.* ([0-9]+) failed$/\1/p')
printf '%s\n' "$out" | grep -v '^agree: [0-9]* passed'
passed=$((passed + ${p:-0}))
failed=$((failed + ${f:-0}))
if [ "$code" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then bad "agree.mjs exited with $code"; fi
finish
