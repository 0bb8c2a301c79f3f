"""A match of random against mcts on Morphos, the seats swapped every game;
prints each game's result and the score.

    python3 python/examples/match.py --games 10 --ms 100
"""
import argparse

import morph

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--games", type=int, default=10)
parser.add_argument("--size", type=int, default=7)
parser.add_argument("--ms", type=int, default=100, help="mcts's time a decision")
parser.add_argument("--playouts", type=int, help="mcts's playouts a decision instead (the same every run)")
args = parser.parse_args()

game = morph.load_game("morphos", size=args.size)
mcts = {"playouts": args.playouts} if args.playouts else {"ms": args.ms}
score = {"mcts": 0, "random": 0}
for i in range(args.games):
    seats = ["mcts", "random"] if i % 2 == 0 else ["random", "mcts"]
    state = game.new_initial_state()
    while not state.is_terminal():
        level = seats[state.current_player()]
        params = mcts if level == "mcts" else {}
        state.apply_action(morph.ai.choose(state, level, seed=1000 * i + len(state.history()), **params))
    winner = seats[state.returns().index(max(state.returns()))]
    score[winner] += 1
    print("game %d: %s (first) against %s (second): %s wins, %s" % (i + 1, seats[0], seats[1], winner,
                                                                 state.result()["how"]))
print("score: mcts %d, random %d" % (score["mcts"], score["random"]))
