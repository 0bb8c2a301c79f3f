"""The exact Morphos solver and post-game analysis, answering what the
command line's --json prints."""
import json
import os

from . import _lib
from ._lib import lib, take, text_arg
from .game import State
from .record import Record


def solve(state, budget=None, nodes=None, threads=1, memory=None, swap=True):
    """`morph morphos solve --json` of a Morphos position (boards 3 to 7,
    standard rules or minimorph): {"to_move", "result", "winning_moves",
    "moves": {action: result}, "nodes", "seconds", "complete", "bounds"},
    results for the player to move. budget in seconds, nodes, threads,
    memory (MB) as the command's flags; swap=False is --no-swap."""
    seconds = 0.0 if budget is None else float(budget)
    if budget is not None and not seconds >= 0.001:
        raise ValueError("budget: expects seconds from 0.001 to 10000000")
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or not 1 <= nodes <= 10**12):
        raise ValueError("nodes: expects 1 to 1000000000000")
    for name, value in (("threads", threads), ("memory", memory or 0)):
        if isinstance(value, bool) or not isinstance(value, int) or not -2**31 <= value < 2**31:
            raise ValueError("%s: expects a whole number" % name)
    return json.loads(take(lib.morph_solve_json(state._h, seconds, nodes or 0, threads, memory or 0, not swap)))


def analyze(record, budget=0.5, seed=1):
    """`morph analyze --json` of a record (a file, a Record from
    load_record, or a State whose history starts at the beginning): every
    decision judged by the game's analysis level, budget seconds a
    decision, the level seeded with seed."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError("seed: expects a whole number from 0 to 2^63-1")
    budget = float(budget)
    if isinstance(record, Record):
        record = record.state
    if isinstance(record, State):
        return json.loads(take(lib.morph_analyze_state_json(record._h, budget, seed)))
    return json.loads(take(lib.morph_analyze_json(text_arg(os.fspath(record), "path"), budget, seed)))
