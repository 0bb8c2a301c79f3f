#!/usr/bin/env bash
# Game-independent front-end behaviour: argument errors of replay, engine and
# arena, and the engine's replies to malformed requests.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check_match "help lists replay, engine, arena" 'replay.*engine.*arena' "$($MORPH --help | tr '\n' ' ')"
check_match "replay help" '^Usage: morph replay FILE \[--json\] \[--quiet\]' "$($MORPH replay --help)"
check_error "replay needs a file" 'replay: expected a record file' $MORPH replay
check_exit "replay without a file is a usage error" 2 $MORPH replay
check_error "replay unknown flag" "replay: unknown argument '--frob'" $MORPH replay --frob x.json
# Bad flag values are read by one parser (src/cli/cli.c): the value quoted, long ones cut.
long=$(printf 'a%.0s' {1..60})
check_error "replay --at quotes an excerpt" "^morph: replay: --at expects a number of actions \(0 or more\), got 'a{40}\.\.\.'$" \
    $MORPH replay x.json --at "$long"
check_error "replay --color quotes an excerpt" "^morph: replay: --color expects auto, always or never, got 'a{40}\.\.\.'$" \
    $MORPH replay x.json --color "$long"
check_error "play names every flag of its table" "^morph: unknown argument '--frob' for play \(expected one of: --players, --seed, --record, --force, --resume, --dice, --color, --verbose, --quiet, --size, --mutators, --move-cap\)$" \
    $MORPH play morphos --frob
check_error "replay missing file" "record $tmp/none.json: cannot read: No such file or directory" \
    $MORPH replay "$tmp/none.json"
printf '{"format":"morph-record","version":1,"game":"morph' >"$tmp/cut.json"
check_error "replay truncated file" "^morph: record $tmp/cut.json: not valid JSON \(truncated or damaged\?\) at line 1: " \
    $MORPH replay "$tmp/cut.json"
check_eq "replay --json truncated" '{"valid":false,"error":"record '"$tmp"'/cut.json: not valid JSON (truncated or damaged?) at line 1: premature end of input near '"'"'\"morph'"'"'","index":null}' \
    "$($MORPH replay --json "$tmp/cut.json" 2>/dev/null)"
check_exit "replay truncated exits 1" 1 $MORPH replay "$tmp/cut.json"
echo '{"format":"pgn"}' >"$tmp/pgn.json"
check_error "replay wrong format" "record $tmp/pgn.json: 'format' must be \"morph-record\"" $MORPH replay "$tmp/pgn.json"
echo '{"format":"morph-record","version":1,"game":"go"}' >"$tmp/go.json"
check_error "replay unknown game" "record $tmp/go.json: unknown 'game' 'go'" $MORPH replay "$tmp/go.json"

check_match "engine help" '^Usage: morph engine \[--level SPEC\]' "$($MORPH engine --help)"
check_error "engine unknown flag" "engine: unknown argument '--fast'" $MORPH engine --fast
out=$(printf '%s\n' '{"id":1,"cmd":"state"}' 'not json' '' '{"id":"b","cmd":"dance"}' '[1,2]' \
    '{"id":3,"cmd":"new"}' '{"id":4,"cmd":"new","game":"go"}' '{"id":5,"cmd":"quit"}' '{"id":6,"cmd":"state"}' | $MORPH engine)
expected=$(cat <<'END'
{"id":1,"ok":false,"error":"no game yet (send \"new\" first)"}
{"ok":false,"error":"malformed JSON at column 3: '[' or '{' expected near 'not'"}
{"id":"b","ok":false,"error":"unknown command 'dance' (expected new, play, chance, legal, state, genmove, hint, words, undo, record, save, load or quit)"}
{"ok":false,"error":"a request must be a JSON object with \"cmd\""}
{"id":3,"ok":false,"error":"'new' needs \"game\" (a string)"}
{"id":4,"ok":false,"error":"unknown game 'go'"}
{"id":5,"ok":true}
END
)
check_eq "engine errors keep it running, quit ends it" "$expected" "$out"
check_exit "engine ends cleanly at end of input" 0 $MORPH engine </dev/null

check_match "arena help" '^Usage: morph arena GAME --a SPEC --b SPEC --games N' "$($MORPH arena --help)"
check_error "arena needs a game" 'arena: expected a game first' $MORPH arena --a random
check_error "arena unknown game" "arena: unknown game 'go'" $MORPH arena go --a random --b random --games 2

finish
