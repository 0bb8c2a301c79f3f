"""Random games per second through the Python package, in the manner of
`morph bench` (docs/python.md, "Speed"): the batch call (Game.random_games,
the loop of `morph bench` in C), the same games through a Python loop over
the API (morph.Rng, so both play exactly the same games), sessions of
random AIs (Game.play_games, as `morph play` runs them), a random-playout
loop written the OpenSpiel way over morph.pyspiel (legal_actions,
chance_outcomes, apply_action, Python's random), whose games differ, so the
two loops are compared in the game's actions a second (a roll counts one
in both, though morph.pyspiel draws it die by die); and the batch calls for
training (observation_tensors, legal_actions_masks) in states a second.
Each workload runs for about --seconds of wall time on one core.

    python3 python/bench.py --seconds 2
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import morph  # noqa: E402
from morph import pyspiel  # noqa: E402

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
    """One game through the package's own API; its atomic actions."""
    rng = morph.Rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return len(state.history())


def openspiel_loop(game, seed):
    """One game as OpenSpiel's examples play it, on a morph.pyspiel game;
    the game's own actions, counted as the package's loop counts them (a
    roll of five dice, drawn die by die, is one)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return len(morph.State.history(state))


def interleaved(seconds, game, spiel):
    """The package's loop and the OpenSpiel loop game by game, so that a
    change of load falls on both: actions a second of each, in this
    process's CPU time (a shared machine's load stays out of the ratio)."""
    done, spent, seed = [0, 0], [0.0, 0.0], 1
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i, (loop, g) in enumerate(((python_loop, game), (openspiel_loop, spiel))):
            t0 = time.process_time()
            done[i] += loop(g, seed)
            spent[i] += time.process_time() - t0
        seed += 1
    return done[0] / spent[0], done[1] / spent[1]


def spiel_string(name, options):
    return "%s(%s)" % (name, ",".join("%s=%s" % kv for kv in options.items()))


def random_state(game, seed):
    """A state some way into a random game: a batch of positions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(seed % 40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    print("load average %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    for name, options in WORKLOADS:
        game = morph.load_game(name, options)
        label = name + ("" if not options else " " + " ".join("%s %s" % kv for kv in options.items()))
        spiel = pyspiel.load_game(spiel_string(name, options))
        batch = timed(args.seconds, lambda done: len(game.random_games(500, seed=1 + done)["length"]))
        loop, openspiel = interleaved(2 * args.seconds, game, spiel)
        sessions = timed(args.seconds, lambda done: len(game.play_games(20, seed=1 + done)["length"]))
        states = [random_state(spiel, seed) for seed in range(256)]
        tensors = timed(args.seconds, lambda done: len(pyspiel.observation_tensors(states)))
        masks = timed(args.seconds, lambda done: len(pyspiel.legal_actions_masks(states)))
        single = timed(args.seconds, lambda done: len([s.observation_tensor() for s in states]))
        print("%-16s batch (random_games) %10.0f games/s" % (label, batch))
        print("%-16s Python loop          %10.0f actions/s" % (label, loop))
        print("%-16s OpenSpiel loop       %10.0f actions/s (%.2f times slower)" % (label, openspiel, loop / openspiel))
        print("%-16s sessions (play_games) %9.0f games/s" % (label, sessions))
        print("%-16s observation_tensors  %10.0f states/s (256 a call)" % (label, tensors))
        print("%-16s legal_actions_masks  %10.0f states/s (256 a call)" % (label, masks))
        print("%-16s observation_tensor   %10.0f states/s (one a call, a list each)" % (label, single))


if __name__ == "__main__":
    main()
