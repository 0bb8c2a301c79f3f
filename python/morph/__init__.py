"""morph for Python: the rules, words, AI, solver and records of the morph
library (libmorph.so), in the shape of OpenSpiel's API (docs/python.md).

    import morph
    game = morph.load_game("morphos", size=9, mutators=["minimorph"])
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    print(state)
"""
from . import ai, pyspiel
from ._lib import lib as _lib_handle
from .game import CHANCE, TERMINAL, Game, Rng, State, games, load_game
from .record import Record, load_record, read_record
from .tools import analyze, solve

__version__ = _lib_handle.morph_version().decode()


def seed_derive(seed, a, b):
    """A seed mixed from a base seed and two indices as sessions mix theirs
    (morph engine seeds an AI it is asked for at history position k with
    seed_derive(seed, 3, k))."""
    return _lib_handle.morph_seed_derive(seed, a, b)


__all__ = ["CHANCE", "TERMINAL", "Game", "State", "Record", "Rng", "ai", "analyze", "games", "load_game", "load_record",
           "pyspiel", "read_record", "seed_derive", "solve"]
