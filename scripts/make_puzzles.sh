#!/usr/bin/env bash
# Regenerates the puzzle suite data/puzzles/morphos.txt (docs/puzzles.md) with
# the release build: 100 puzzles each on 4x4, 5x5 and 6x6 with standard
# rules, 50 each on 5x5 and 6x6 with minimorph. Deterministic: the same
# solver gives the same file. About an hour on one core.
#     bash scripts/make_puzzles.sh [MORPH_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
morph=${1:-build/release/morph}
out=data/puzzles/morphos.txt
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
    echo "# The Morphos puzzle suite of morph (docs/puzzles.md): made by scripts/make_puzzles.sh,"
    echo "# one block per command below. Each line: a position, the player to move, and every"
    echo "# legal action classified by the exact solver (win, loss, draw)."
    "$morph" morphos puzzles --size 4 --count 100 --seed 1
    "$morph" morphos puzzles --size 5 --count 100 --seed 2
    "$morph" morphos puzzles --size 6 --count 100 --seed 3
    "$morph" morphos puzzles --size 5 --count 50 --seed 4 --mutators minimorph
    "$morph" morphos puzzles --size 6 --count 50 --seed 5 --mutators minimorph
} >"$tmp"
mv "$tmp" "$out"
chmod 644 "$out"
trap - EXIT
echo "wrote $out: $(grep -vc '^#' "$out") puzzles"
