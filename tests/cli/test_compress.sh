#!/usr/bin/env bash
# Compressed answers of morph serve, against curl: JSON answers in zstd to a
# client that lists it (as Chromium and Firefox do over HTTPS), else in gzip,
# and the page's files in gzip (Content-Encoding, Vary), the same bytes once
# decoded; as they are otherwise, and for small bodies;
# never the live streams (an event must leave at once). No fixed sleeps.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
serve_scratch
root=$(cd "$(dirname "$0")/../.." && pwd)
# the page's files: a script large enough to compress, a small one, an image
for i in $(seq 1 200); do echo "export const line$i = 'the same words again and again';"; done >"$tmp/web/big.js"
echo 'export const x = 1;' >"$tmp/web/small.js"
head -c 4000 /dev/urandom >"$tmp/web/noise.png"
start

gz=(-H 'Accept-Encoding: gzip')
# headers NAME URL [CURL ARGS]: the response headers of a GET, lower case
headers() { curl -s -o /dev/null -D - "${@:2}" "$1" | tr -d '\r' | tr 'A-Z' 'a-z'; }

# ---- the page's files ----
h=$(headers "$base/big.js" "${gz[@]}")
check_match "a script goes gzipped to a client that takes gzip" "content-encoding: gzip" "$h"
check_match "with Vary: Accept-Encoding" "vary: accept-encoding" "$h"
check_eq "inflated, the same script" "$(md5sum <"$tmp/web/big.js")" "$(curl -s "${gz[@]}" "$base/big.js" | gunzip | md5sum)"
check_eq "smaller on the wire" 1 "$(( $(curl -s "${gz[@]}" "$base/big.js" | wc -c) < $(wc -c <"$tmp/web/big.js") / 4 ))"
h=$(headers "$base/big.js")
if [[ "$h" != *content-encoding* ]]; then ok; else bad "a client without Accept-Encoding got: $h"; fi
check_match "and Vary there too, for caches" "vary: accept-encoding" "$h"
check_eq "as it is without gzip" "$(md5sum <"$tmp/web/big.js")" "$(curl -s "$base/big.js" | md5sum)"
h=$(headers "$base/big.js" -H 'Accept-Encoding: gzip;q=0, identity')
if [[ "$h" != *content-encoding* ]]; then ok; else bad "gzip;q=0 refuses gzip: $h"; fi
h=$(headers "$base/small.js" "${gz[@]}")
if [[ "$h" != *content-encoding* ]]; then ok; else bad "a small file goes as it is: $h"; fi
h=$(headers "$base/noise.png" "${gz[@]}")
if [[ "$h" != *content-encoding* && "$h" != *vary* ]]; then ok; else bad "an image goes as it is: $h"; fi
# a file changed on disk: the new one, compressed again
echo "export const changed = true;" >>"$tmp/web/big.js"
check_eq "a file changed is sent changed" "$(md5sum <"$tmp/web/big.js")" "$(curl -s "${gz[@]}" "$base/big.js" | gunzip | md5sum)"
check_eq "HEAD of a gzipped file" 200 "$(curl -s -I "${gz[@]}" -o /dev/null -w '%{http_code}' "$base/big.js")"

# the engine of the page, as make builds it
if [ -f "$root/web/engine/morph.wasm" ]; then
    mkdir -p "$tmp/web/engine" && cp "$root/web/engine/morph.wasm" "$tmp/web/engine/"
    h=$(headers "$base/engine/morph.wasm" "${gz[@]}")
    check_match "morph.wasm as application/wasm" "content-type: application/wasm" "$h"
    check_match "morph.wasm gzipped" "content-encoding: gzip" "$h"
    check_eq "inflated, the same engine" "$(md5sum <"$tmp/web/engine/morph.wasm")" \
        "$(curl -s "${gz[@]}" "$base/engine/morph.wasm" | gunzip | md5sum)"
fi

# ---- JSON answers ----
r=$(api POST /api/games '{"game":"morphos","options":{"size":9},"seats":[{"kind":"human","mine":true},{"kind":"human","mine":true}]}')
check_eq "a 9x9 game" 201 "$(status "$r")"
id=$(body "$r" | jq -r .id)
plain=$(curl -s "$base/api/games/$id")
h=$(headers "$base/api/games/$id" "${gz[@]}")
check_match "a state goes gzipped" "content-encoding: gzip" "$h"
check_match "JSON answers have Vary: Accept-Encoding" "vary: accept-encoding" "$h"
check_eq "inflated, the same state" "$plain" "$(curl -s "${gz[@]}" "$base/api/games/$id" | gunzip)"
wire=$(curl -s "${gz[@]}" "$base/api/games/$id" | wc -c)
check_eq "a 9x9 state in a third of its bytes or less" 1 "$(( wire * 3 < ${#plain} ))"
# zstd to a client that lists it: cheaper to make than gzip, and smaller
browser=(-H 'Accept-Encoding: gzip, deflate, br, zstd')
h=$(headers "$base/api/games/$id" "${browser[@]}")
check_match "a state goes in zstd to a client that lists it" "content-encoding: zstd" "$h"
check_match "with Vary: Accept-Encoding too" "vary: accept-encoding" "$h"
check_eq "decoded, the same state" "$plain" "$(curl -s --compressed "${browser[@]}" "$base/api/games/$id")"
zwire=$(curl -s "${browser[@]}" "$base/api/games/$id" | wc -c)
check_eq "in zstd no larger than in gzip" 1 "$(( zwire <= wire ))"
h=$(headers "$base/api/games/$id" -H 'Accept-Encoding: gzip, deflate, br')
check_match "gzip to a client without zstd (Safari)" "content-encoding: gzip" "$h"
h=$(headers "$base/api/games/$id" -H 'Accept-Encoding: zstd;q=0, gzip')
check_match "zstd;q=0 refuses zstd" "content-encoding: gzip" "$h"
h=$(headers "$base/api/games/$id" -H 'Accept-Encoding: *')
check_match "gzip for *" "content-encoding: gzip" "$h"
h=$(headers "$base/big.js" "${browser[@]}")
check_match "the page's files stay in gzip (kept compressed once)" "content-encoding: gzip" "$h"
h=$(headers "$base/api/games/$id")
if [[ "$h" != *content-encoding* ]]; then ok; else bad "a state without Accept-Encoding: $h"; fi
h=$(headers "$base/api/games/nosuchgame" "${gz[@]}")
if [[ "$h" != *content-encoding* ]]; then ok; else bad "a short error goes as it is: $h"; fi
# a lean answer to a move fits one TCP segment: it goes as it is
token=$(body "$r" | jq -r '.seats[0].token')
legal=$(jq -r '.legal[0].action' <<<"$plain")
lean=$(curl -s -D - -o "$tmp/lean" "${gz[@]}" -H 'Content-Type: application/json' -H "X-Seat-Token: $token" \
    -d "{\"action\":\"$legal\"}" "$base/api/games/$id/actions?lean=1" | tr -d '\r' | tr 'A-Z' 'a-z')
check_match "a lean answer to a move" "^http/1.1 200" "$lean"
check_eq "a lean answer under 1,400 bytes" 1 "$(( $(wc -c <"$tmp/lean") < 1400 ))"
if [[ "$lean" != *content-encoding* ]]; then ok; else bad "a lean answer was compressed: $lean"; fi
check_eq "a lean answer is JSON as it is" 1 "$(jq -r .count "$tmp/lean")"

# ---- live streams: never compressed ----
curl -s -N -D "$tmp/stream_headers" "${gz[@]}" "$base/api/games/$id/events" >"$tmp/stream" &
stream=$!
if wait_until 10 grep -q '^event: state' "$tmp/stream"; then ok; else bad "the stream's first event came as text"; fi
kill "$stream" 2>/dev/null
wait "$stream" 2>/dev/null
h=$(tr -d '\r' <"$tmp/stream_headers" | tr 'A-Z' 'a-z')
check_match "a stream is an event stream" "content-type: text/event-stream" "$h"
if [[ "$h" != *content-encoding* ]]; then ok; else bad "a stream was compressed: $h"; fi

kill "$server_pid"
wait "$server_pid"
check_eq "the server stops cleanly" 0 $?
finish
