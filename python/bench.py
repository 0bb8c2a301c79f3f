"""Random games per second through the Python package, in the manner of
`morph bench` (docs/python.md, "Speed"): the batch call (Game.random_games,
the loop of `morph bench` in C), the same games through a Python loop over
the API (morph.Rng, so both play exactly the same games), and sessions of
random AIs (Game.play_games, as `morph play` runs them). Each workload runs
for about --seconds of wall time on one core.

    python3 python/bench.py --seconds 2
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import morph  # noqa: E402

WORKLOADS = [("morpyam", {}), ("morphos", {"size": 9})]


def timed(seconds, step):
    """Calls step() until seconds passed; games per second."""
    games, start = 0, time.perf_counter()
    while True:
        games += step(games)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def python_loop(game, seed):
    rng = morph.Rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print("load average %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    for name, options in WORKLOADS:
        game = morph.load_game(name, options)
        label = name + ("" if not options else " " + " ".join("%s %s" % kv for kv in options.items()))
        batch = timed(args.seconds, lambda done: len(game.random_games(500, seed=1 + done)["length"]))
        loop = timed(args.seconds, lambda done: python_loop(game, 1 + done))
        sessions = timed(args.seconds, lambda done: len(game.play_games(20, seed=1 + done)["length"]))
        print("%-16s batch (random_games) %10.0f games/s" % (label, batch))
        print("%-16s Python loop          %10.0f games/s" % (label, loop))
        print("%-16s sessions (play_games) %9.0f games/s" % (label, sessions))


if __name__ == "__main__":
    main()
