"""Who wins after each first move of a small Morphos board, by the exact
solver: a table of the board, each point W (the first player wins by
playing there), L (loses) or D (draw), for perfect play.

    python3 python/examples/first_moves.py --size 4 --no-swap
"""
import argparse

import morph

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--size", type=int, default=4, help="3 to 7 (5 and more take long)")
parser.add_argument("--mutators", default="", help="e.g. minimorph")
parser.add_argument("--no-swap", action="store_true", help="White is not offered the swap")
args = parser.parse_args()

game = morph.load_game("morphos", size=args.size, mutators=[m for m in args.mutators.split(",") if m])
state = game.new_initial_state()
report = morph.solve(state, swap=not args.no_swap)
letters = {"win": "W", "loss": "L", "draw": "D", "unknown": "?"}
columns = "abcdefg"[:args.size]
print("   " + " ".join(columns))
for row in range(args.size, 0, -1):
    print("%2d " % row + " ".join(letters[report["moves"]["%s%d" % (c, row)]] for c in columns))
verdict = {"win": "wins", "loss": "loses", "draw": "draws", "unknown": "is not solved yet"}[report["result"]]
print("%s, to move, %s: %d winning first moves (%d nodes searched)" % (
    report["to_move"].capitalize(), verdict, len(report["winning_moves"]), report["nodes"]))
