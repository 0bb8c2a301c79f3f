#!/usr/bin/env bash
# Hostile and unlucky input on the command line (issue 8, fault 7): numbers
# with spaces or signs, directories where files are expected, values far
# too long. Each gets a clear one-line error and a non-zero exit.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
ais="--players ai:random,ai:random --quiet"

# Numbers: digits only, no spaces, no sign, in range.
for seed in " -1" "-1" "+5" " 5" "5 " "9223372036854775808" "18446744073709551615" "0x10" ""; do
    re=${seed//+/\\+}
    check_error "play --seed '$seed'" "^morph: play: --seed expects a whole number from 0 to 2\^63-1, got '$re'$" \
        $MORPH play morphos --size 5 $ais --seed "$seed"
    check_error "gtp --seed '$seed'" "^morph: gtp: --seed expects a whole number from 0 to 2\^63-1, got '$re'$" \
        $MORPH gtp --seed "$seed"
    check_error "arena --seed '$seed'" "^morph: arena: --seed expects a whole number from 0 to 2\^63-1, got '$re'$" \
        $MORPH arena morphos --a random --b random --games 1 --seed "$seed"
done
check_error "watch --seed ' 5'" "^morph: watch: --seed expects a non-negative whole number, got ' 5'$" \
    $MORPH morpyam watch --seed " 5"
check_error "analyze --seed '+5'" "^morph: analyze: --seed expects a non-negative whole number, got '\+5'$" \
    $MORPH morpyam analyze --games 1 --seed "+5"
check_error "turn cap with a space" "^morph: play: option 'turn-cap' must be a whole number, got ' 5'$" \
    $MORPH play morpyam $ais --turn-cap " 5"
check_error "size with a sign" "^morph: play: option 'size' must be a whole number, got '\+5'$" \
    $MORPH play morphos $ais --size "+5"
check_error "arena --games with a space" "^morph: arena: --games expects a whole number from 1 to 10000000, got ' 2'$" \
    $MORPH arena morphos --a random --b random --games " 2"
check_error "mcts playouts with a sign" "^morph: arena: --a: AI parameter 'playouts' must be a whole number from 1 to 100000000, got '\+5'$" \
    $MORPH arena morphos --a mcts:playouts=+5 --b random --games 1
check_error "mcts playouts with a space" "^morph: arena: --a: AI parameter 'playouts' must be a whole number from 1 to 100000000, got ' 5'$" \
    $MORPH arena morphos --a "mcts:playouts= 5" --b random --games 1
check_error "mcts explore in hexadecimal" "^morph: arena: --a: AI parameter 'explore' must be a number from 0 to 10, got '0x1'$" \
    $MORPH arena morphos --a "mcts:explore=0x1" --b random --games 1
check_error "mcts explore with a space" "^morph: arena: --a: AI parameter 'explore' must be a number from 0 to 10, got ' 1'$" \
    $MORPH arena morphos --a "mcts:explore= 1" --b random --games 1
check_exit "mcts explore as a decimal" 0 $MORPH arena morphos --size 3 --a "mcts:explore=0.25,playouts=20" --b random --games 1 --seed 1 --quiet
check_error "bench seconds with a space" "^morph: bench: --seconds expects a number from 0.05 to 60, got ' 1'$" $MORPH bench --seconds " 1"
check_error "bench seconds with an exponent" "^morph: bench: --seconds expects a number from 0.05 to 60, got '1e0'$" $MORPH bench --seconds 1e0
check_match "engine seed as a string" "^\{\"ok\":false,\"error\":\"'seed' must be a whole number" \
    "$(echo '{"cmd":"new","game":"morphos","seed":" 5"}' | $MORPH engine)"
check_match "engine seed as a real" "^\{\"ok\":false,\"error\":\"'seed' must be a whole number" \
    "$(echo '{"cmd":"new","game":"morphos","seed":5.0}' | $MORPH engine)"

# Directories where a file is expected.
mkdir -p "$tmp/adir"
check_error "a directory as a layout file" "^morph: play: layout file '$tmp/adir' is a directory, expected a file of square codes$" \
    $MORPH play morpyam $ais --layout "$tmp/adir"
check_error "a directory as a layout to draw" "^morph: layout file '$tmp/adir' is a directory, expected a file of square codes$" \
    $MORPH morpyam layout --file "$tmp/adir"
check_error "a directory as a record" "^morph: record $tmp/adir: a directory, not a record file$" $MORPH replay "$tmp/adir"
check_error "a directory to resume" "^morph: record $tmp/adir: a directory, not a record file$" $MORPH play --resume "$tmp/adir"

# Values far too long are refused as such, never cut.
long=$(head -c 100000 /dev/zero | tr '\0' a)
check_error "a 100 KB AI level" "^morph: play: --players: the list is too long \(at most 1023 characters\)$" \
    $MORPH play morpyam --players "ai:$long" --quiet
spec=$(head -c 200 /dev/zero | tr '\0' a)
check_error "a 200-character AI spec" "^morph: play: player 2: AI spec 'a{40}\.\.\.' is too long \(at most 127 characters\)$" \
    $MORPH play morpyam --players "human,ai:$spec"
check_error "a long spec with parameters" "^morph: play: player 1: AI spec 'mcts:ms=1,a{30}\.\.\.' is too long \(at most 127 characters\)$" \
    $MORPH play morphos --players "ai:mcts:ms=1,$spec,human"
check_error "a long option name" "^morph: unknown argument '--a{38}\.\.\.' for play \(expected one of: " $MORPH play morphos "--$long"
check_error "a long option value" "^morph: play: value of option 'mutators' is too long \(at most 255 characters\)$" \
    $MORPH play morphos $ais --mutators "$long"

finish
