"""The AI levels of the library (docs/ai.md): one choice at a time."""
import json
from ctypes import byref, c_int32, c_void_p

from . import _lib
from ._lib import lib, take, text_arg


def levels(game):
    """The levels that play a game (a Game or its name): [{"level",
    "summary", "default_ms", "threads"}]."""
    name = game if isinstance(game, (str, bytes)) else game.name
    return json.loads(take(lib.morph_ai_levels_json(text_arg(name, "game"))))


def spec(level, **params):
    """The AI spec of a level and its parameters, as the command line takes
    it: spec("mcts", ms=100, threads=2) is "mcts:ms=100,threads=2"."""
    parts = []
    for key, value in params.items():
        if isinstance(value, bool):
            value = int(value)
        parts.append("%s=%s" % (key, value))
    return level + (":" + ",".join(parts) if parts else "")


def choose(state, level, seed=0, explain=False, **params):
    """The action the AI level (with the parameters the command line takes:
    choose(state, "mcts", ms=100), choose(state, "mcts", playouts=2000,
    threads=2)) chooses for the seat to move, its random streams seeded with
    seed. The interpreter lock is released while it thinks. With explain,
    (action, the level's explanation)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError("seed: expects a whole number from 0 to 2^64-1")
    out = c_int32()
    why = c_void_p()
    if lib.morph_ai_choose(state._h, text_arg(spec(level, **params), "level"), seed, byref(out),
                           byref(why) if explain else None) < 0:
        _lib.fail()
    if explain:
        return out.value, take(why.value)
    return out.value
