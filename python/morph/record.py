"""Game records (docs/records.md) in and out."""
import json
import os
from ctypes import byref, c_void_p

from . import _lib
from ._lib import lib, take, text_arg
from .game import Game, State


class Record:
    """A loaded record: its game, the state at its end (every action in its
    history), and the document itself (doc)."""

    def __init__(self, game, state, doc):
        self.game = game
        self.state = state
        self.doc = doc
        self.players = doc["players"]
        self.seed = doc["seed"]
        self.actions = doc["actions"]
        self.result = doc.get("result")

    def state_at(self, k):
        """The position after the first k actions."""
        if not 0 <= k <= len(self.actions):
            raise ValueError("k: expects 0 to %d (the record's actions)" % len(self.actions))
        state = self.game.new_initial_state()
        for action in self.state.history()[:k]:
            state.apply_action(action)
        return state

    def __repr__(self):
        return "<morph.Record of %s: %d actions>" % (self.game.name, len(self.actions))


def _loaded(handle, game, doc):
    if not handle:
        _lib.fail()
    g = Game(game.value)
    return Record(g, State(g, handle), json.loads(take(doc.value)))


def load_record(path):
    """Loads a record file checked as `morph replay` checks it: every field,
    every action replayed through the rules, chance drawn from the seed where
    the record says so, the stored result. ValueError with the library's
    one-line message otherwise."""
    game, doc = c_void_p(), c_void_p()
    handle = lib.morph_record_load(text_arg(os.fspath(path), "path"), byref(game), byref(doc))
    return _loaded(handle, game, doc)


def read_record(doc):
    """The same for a record given as a dict or its JSON text (what GET
    /api/games/ID/record of morph serve answers)."""
    if not isinstance(doc, (str, bytes)):
        doc = json.dumps(doc)
    game, out = c_void_p(), c_void_p()
    handle = lib.morph_record_load_text(text_arg(doc, "record"), byref(game), byref(out))
    return _loaded(handle, game, out)
