#!/usr/bin/env bash
# The morph command itself: help, version, unknown commands.
. "$(dirname "$0")/lib.sh"

check_match "version" '^morph [0-9]+\.[0-9]+\.[0-9]+$' "$($MORPH --version)"
check_match "help lists bench" 'bench' "$($MORPH --help)"
check_eq "version command" "$($MORPH --version)" "$($MORPH version)"
check_match "help lists every command" 'play.*morpyam.*morphos.*replay.*engine.*arena.*gtp.*bench.*version' "$($MORPH --help | tr '\n' ' ')"
check_error "version takes no arguments" "version takes no arguments, got 'x'" $MORPH version x
check_exit "help exits 0" 0 $MORPH --help
check_error "unknown command" "unknown command 'frobnicate' \(expected one of:" $MORPH frobnicate
check_exit "no command is a usage error" 2 $MORPH
check_match "bench help" 'Usage: morph bench' "$($MORPH bench --help)"
check_error "bench bad option" "unknown argument '--nope'" $MORPH bench --nope
check_error "bench bad workload" "unknown workload 'nope'" $MORPH bench --only nope
check_error "bench seconds nan" "bench: --seconds expects a number from 0.05 to 60, got 'nan'" $MORPH bench --seconds nan
check_error "bench seconds junk" "bench: --seconds expects a number from 0.05 to 60, got '1x'" $MORPH bench --seconds 1x

# Every --help fits a terminal 80 columns wide.
for cmd in "" play serve replay engine gtp arena bench morpyam morphos "morpyam figures" "morpyam odds" \
    "morpyam score" "morpyam layout" "morpyam watch" "morpyam analyze" "morphos legal" "morphos deadlocks" \
    "morphos show" "morphos fit-priors" "morphos solve" "morphos puzzles"; do
    # shellcheck disable=SC2086 # the subcommand words are meant to split
    long=$($MORPH $cmd --help 2>&1 | LC_ALL=C.UTF-8 awk 'length($0) > 80')
    if [ -z "$long" ]; then ok; else bad "morph $cmd --help: lines wider than 80 columns:"$'\n'"$long"; fi
done

finish
