"""Games and states in the shape of OpenSpiel's (docs/python.md).

Every object here owns a C object of the library; copying or pickling one
makes another C object (a game from its name and options, a state from its
history or its text, a stream in the same place), never a second owner of
the same: each frees its own."""
import copy
import ctypes
import json
import operator
import os
from ctypes import byref, c_double, c_float, c_int, c_int32, c_uint32

from . import _lib
from ._lib import lib, take, text_arg

CHANCE = -1
TERMINAL = -2


def games():
    """Every game of the library: name, summary, dice, options (key, kind,
    default, help)."""
    return json.loads(take(lib.morph_games_json()))


def load_game(name, options=None, **kwargs):
    """The game called name with its options, as keyword arguments
    (load_game("morphos", size=9, mutators=["minimorph"])) or a dict as
    records hold them ({"size": 9, "move-cap": 200}); an underscore in a
    keyword stands for a hyphen (move_cap=200)."""
    return _load_game(Game, name, options, kwargs)


def _load_game(cls, name, options, kwargs):
    """load_game making an object of cls (Game or a subclass)."""
    opts = dict(options or {})
    for key, value in kwargs.items():
        opts[key.replace("_", "-")] = value
    try:
        text = json.dumps(opts)
    except (TypeError, ValueError):
        raise ValueError("options are whole numbers, strings or lists of strings") from None
    handle = lib.morph_game_new(text_arg(name, "game name"), text_arg(text, "options"))
    if not handle:
        _lib.fail()
    return cls(handle)


def _check_seed(seed, top=2**63 - 1):
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= top:
        raise ValueError("seed: expects a whole number from 0 to 2^63-1")
    return seed


def _seat_specs(game, players):
    """One AI spec a seat: a name ("greedy") or a list of them."""
    n = game.num_players()
    if players is None:
        players = "random"
    if isinstance(players, (str, bytes)):
        players = [players] * n
    players = list(players)
    if len(players) != n:
        raise ValueError("players: expected %d AI specs (one a seat), got %d" % (n, len(players)))
    return _lib.specs_arg(players, "players")


class Rng:
    """A seeded stream of the library (xoshiro256** seeded through
    splitmix64): the one Game.random_games draws from."""

    def __init__(self, seed=0):
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise ValueError("seed: expects a whole number from 0 to 2^64-1")
        self._h = lib.morph_rng_new(seed)

    def __del__(self):
        if getattr(self, "_h", None) and lib is not None:
            lib.morph_rng_free(self._h)
            self._h = None

    def __copy__(self):
        """A stream in the same place, going on independently."""
        twin = Rng.__new__(Rng)
        twin._h = lib.morph_rng_clone(self._h)
        return twin

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        raise TypeError("a morph.Rng cannot be pickled (its place in the stream lives in the library): "
                        "pickle its seed and make a new morph.Rng(seed), or copy.copy() it in this process")

    def below(self, bound):
        """Uniform in [0, bound), without bias."""
        if type(bound) is not int or not 1 <= bound < 2**32:
            raise ValueError("bound: expects a whole number from 1 to 2^32-1")
        return lib.morph_rng_below(self._h, bound)


class Game:
    """A rule set with its options (OpenSpiel's Game). new_initial_state,
    deserialize_state and play make states of the class state_class (a
    subclass of Game may name a subclass of State there)."""

    state_class = None  # State, once defined below

    def __init__(self, handle):
        self._h = handle
        info = json.loads(take(lib.morph_game_json(handle)))
        self.name = info["name"]
        self.options = info["options"]
        self._players = info["players"]
        self.has_dice = info["dice"]
        self._shape = tuple(info["observation"])

    def __del__(self):
        if getattr(self, "_h", None) and lib is not None:
            lib.morph_game_free(self._h)
            self._h = None

    def __repr__(self):
        return "morph.load_game(%r, %s)" % (self.name, json.dumps(self.options))

    __str__ = __repr__

    def __reduce__(self):
        """Pickled as its name and options: load_game makes it anew."""
        return load_game, (self.name, self.options)

    def __copy__(self):
        """Another game of the same rules, with its own C object."""
        make, args = self.__reduce__()
        return make(*args)

    def __deepcopy__(self, memo):
        return self.__copy__()

    def _state(self, handle):
        """The state_class object over handle (the library's, taken)."""
        if not handle:
            _lib.fail()
        return (self.state_class or State)._wrap(self, handle)

    def num_players(self):
        return self._players

    def new_initial_state(self):
        return self._state(lib.morph_state_new(self._h))

    def deserialize_state(self, text):
        """The state of a text from State.serialize(); its history starts
        there (history() is empty, and it has no record)."""
        return self._state(lib.morph_state_deserialize(self._h, text_arg(text)))

    def observation_tensor_shape(self):
        """(planes, height, width) of State.observation_tensor()."""
        return self._shape

    def rules(self):
        return take(lib.morph_game_rules(self._h))

    def legend(self):
        """The codes of the drawings: [{"code", "name", "words"}]."""
        return json.loads(take(lib.morph_game_legend_json(self._h)))

    def play(self, seed=0, players=None):
        """Plays one game to the end in C, every seat an AI (players: one
        spec, or one a seat; default random), chance from the seed: the game
        `morph play GAME --players ai:SPEC,... --seed SEED` plays. Returns the
        final State, its whole history included."""
        return self._state(lib.morph_play_game(self._h, _seat_specs(self, players), _check_seed(seed)))

    def play_games(self, n, seed=0, players=None):
        """Plays games seed .. seed + n - 1 to the end in C, each as play()
        plays it (the AIs of players, default random, in sessions as morph
        play runs them), and returns their results as numpy arrays (see
        random_games)."""
        return self._batch(n, seed, lambda *out: lib.morph_play_games(self._h, _seat_specs(self, players), seed, n,
                                                                       *out))

    def random_games(self, n, seed=0):
        """Plays n games to the end in C, the fastest way: game i draws
        from a morph.Rng(seed + i), each decision legal_actions()[rng.below(
        len(legal))] and each chance outcome state.sample_chance(rng) (the
        loop of `morph bench`). Returns numpy arrays: returns (n x players),
        length (atomic actions, chance included), winners (bit p: seat p
        won) and points (n x players; zeros in games without points)."""
        return self._batch(n, seed, lambda *out: lib.morph_random_games(self._h, seed, n, *out))

    def _batch(self, n, seed, run):
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n < 2**31:
            raise ValueError("n: expects a number of games from 1")
        _check_seed(seed, 2**63 - 1)
        import numpy as np  # only here and in observation_tensor: the rest needs no numpy
        p = self._players
        returns = np.zeros((n, p), dtype=np.float64)
        points = np.zeros((n, p), dtype=np.int32)
        lengths = np.zeros(n, dtype=np.int32)
        winners = np.zeros(n, dtype=np.uint32)
        if run(returns.ctypes.data_as(ctypes.POINTER(c_double)), lengths.ctypes.data_as(ctypes.POINTER(c_int32)),
               winners.ctypes.data_as(ctypes.POINTER(c_uint32)), points.ctypes.data_as(ctypes.POINTER(c_int32))) < 0:
            _lib.fail()
        return {"returns": returns, "length": lengths, "winners": winners, "points": points}


def _action_arg(action):
    if type(action) is int and -2**31 <= action < 2**31:
        return action
    if isinstance(action, bool) or not hasattr(action, "__index__"):  # numpy integers have it
        raise TypeError("an action is an integer, not %s" % type(action).__name__)
    action = operator.index(action)
    if not -2**31 <= action < 2**31:
        raise ValueError("illegal action %d: not an action of this game" % action)
    return action


class State:
    """A position of a game with the actions applied since it was made
    (OpenSpiel's State). A subclass's objects are made by the calls that
    make states (clone, Game.new_initial_state when the game names the
    subclass in state_class); their own attributes are copied shallowly by
    clone and pickled with them."""

    __slots__ = ("_h", "_game")

    def __init__(self, game, handle):
        self._game = game
        self._h = handle

    @classmethod
    def _wrap(cls, game, handle):
        """An object of cls over handle, without calling a subclass's
        __init__ (which may take other arguments)."""
        state = cls.__new__(cls)
        State.__init__(state, game, handle)
        state._moved()
        return state

    def _moved(self):
        """Called when the C state changed other than by apply_action: a
        subclass that keeps something of it (morph.pyspiel keeps the player
        to move) refreshes it here."""

    def __del__(self):
        if getattr(self, "_h", None) and lib is not None:
            lib.morph_state_free(self._h)
            self._h = None

    def get_game(self):
        return self._game

    def num_players(self):
        return self._game.num_players()

    # ---- the rules ----

    def current_player(self):
        """The seat to move (0-based), morph.CHANCE or morph.TERMINAL."""
        return lib.morph_state_player(self._h)

    def is_terminal(self):
        return lib.morph_state_player(self._h) == TERMINAL

    def is_chance_node(self):
        return lib.morph_state_player(self._h) == CHANCE

    def is_player_node(self):
        return lib.morph_state_player(self._h) >= 0

    def legal_actions(self, player=None):
        """The legal decisions of the seat to move (of player, when given:
        none when it is not to move), ascending; none at chance and at the
        end. Resigning is always legal and never listed (OpenSpiel's and the
        library's convention)."""
        if player is not None and player != self.current_player():
            return []
        buf = _lib.buffers()[0]
        n = lib.morph_state_legal(self._h, buf)
        return buf[:n]

    def chance_outcomes(self):
        """[(action, probability)] at a chance node, exact; [] elsewhere."""
        acts, probs = _lib.buffers()
        n = lib.morph_state_chance(self._h, acts, probs)
        return list(zip(acts[:n], probs[:n]))

    def sample_chance(self, rng):
        """A chance outcome drawn with rng (a morph.Rng) with the
        probabilities of chance_outcomes()."""
        out = c_int32()
        if lib.morph_state_sample_chance(self._h, rng._h, byref(out)) < 0:
            _lib.fail()
        return out.value

    def apply_action(self, action):
        """Applies a legal decision, a chance outcome, or a resignation
        (string_to_action("resign")); ValueError for anything else."""
        if lib.morph_state_apply(self._h, _action_arg(action)) < 0:
            _lib.fail()

    def apply_text(self, text):
        """Applies an action text, or several joined by commas ("c3,c4"),
        all or nothing; returns how many atomic actions. ValueError with the
        library's message (why_not(text) gives the reason in words)."""
        n = lib.morph_state_apply_text(self._h, text_arg(text))
        self._moved()
        if n < 0:
            _lib.fail()
        return n

    def action_to_string(self, *args):
        """The text of an action legal here: action_to_string(action), or
        OpenSpiel's action_to_string(player, action)."""
        action = args[-1] if len(args) in (1, 2) else None
        if action is None:
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        return take(lib.morph_state_action_text(self._h, _action_arg(action)))

    def string_to_action(self, *args):
        """The action of a text (one action) legal here: string_to_action(text),
        or string_to_action(player, text)."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        out = c_int32()
        if lib.morph_state_parse_action(self._h, text_arg(args[-1]), byref(out)) < 0:
            _lib.fail()
        return out.value

    def returns(self):
        """Per seat: winners share 1 and the others get 0 once the game is
        over (a draw shares it among all); zeros while it runs."""
        out = (c_double * 4)()
        n = lib.morph_state_returns(self._h, out)
        return out[:n]

    returns_share = returns  # the same under the name morph.pyspiel keeps it

    def result(self):
        """None while the game runs, else {"winners" (1-based), "how",
        "returns", and "points" in games with points}, as records hold it."""
        return json.loads(take(lib.morph_state_result_json(self._h)))

    def clone(self):
        """An independent copy, of this object's class (its own attributes
        copied shallowly)."""
        twin = type(self)._wrap(self._game, lib.morph_state_clone(self._h))
        if hasattr(self, "__dict__"):
            twin.__dict__.update(self.__dict__)
        return twin

    __copy__ = clone

    def __deepcopy__(self, memo):
        twin = type(self)._wrap(self._game, lib.morph_state_clone(self._h))
        if hasattr(self, "__dict__"):
            twin.__dict__.update(copy.deepcopy(self.__dict__, memo))
        return twin

    def __reduce__(self):
        """Pickled as its game, the text it was read from ("" for the
        initial state) and its history since, replayed when unpickled; the
        seats and seed of a record are not kept."""
        form = (take(lib.morph_state_origin(self._h)), State.history(self))
        return _unpickle_state, (self._game, type(self), form), getattr(self, "__dict__", None) or None

    def serialize(self):
        """The game's one-line text of the position (morph engine's
        "serialized"); game.deserialize_state() reads it back."""
        return take(lib.morph_state_serialize(self._h))

    def history(self):
        """Every atomic action applied since the state was made (chance
        outcomes included), in order."""
        n = lib.morph_state_history(self._h, None, 0)
        buf = (c_int32 * max(n, 1))()
        lib.morph_state_history(self._h, buf, n)
        return buf[:n]

    def history_texts(self):
        """The texts of history() as records write them (each in the
        position before it); history_str() is the same in morph.State."""
        return State.history_str(self)

    def history_str(self):
        """The texts of history() as records write them (each in the
        position before it)."""
        if not lib.morph_state_from_start(self._h):
            raise ValueError("this state was read from a text: its history before that is unknown")
        replay = State._wrap(self._game, lib.morph_state_new(self._game._h))
        texts = []
        for action in State.history(self):
            texts.append(State.action_to_string(replay, action))
            State.apply_action(replay, action)
        return texts

    def __str__(self):
        return take(lib.morph_state_render(self._h))

    def __repr__(self):
        return "<morph.State of %s: %s>" % (self._game.name, self.serialize())

    # ---- for learning ----

    def observation_tensor(self):
        """The position as a float32 array of shape
        game.observation_tensor_shape(): (planes, rows, columns), row 0 the
        bottom row (rank 1), column 0 file a; docs/python.md lists the
        planes of each game."""
        import numpy as np
        out = np.zeros(Game.observation_tensor_shape(self._game), dtype=np.float32)
        if lib.morph_state_observation(self._h, out.ctypes.data_as(ctypes.POINTER(c_float)), out.size) < 0:
            _lib.fail()
        return out

    observation_planes = observation_tensor  # the same under the name morph.pyspiel keeps it

    # ---- words for people ----

    def describe(self, action):
        """The game's sentence for an action legal here (an integer, or one
        action's text), seats named P1..P4: "Black places a stone on c3"."""
        if isinstance(action, (str, bytes)):
            action = self.string_to_action(action)
        return take(lib.morph_state_describe(self._h, _action_arg(action)))

    def why_not(self, text):
        """Why a text (one action, or several joined by commas) is not legal
        here, in the player's terms ("c3 is taken"); None when it is legal."""
        legal = c_int()
        pointer = lib.morph_state_why_not(self._h, text_arg(text), byref(legal))
        return None if legal.value else take(pointer)

    def legend(self):
        """The codes of str(state): [{"code", "name", "words"}]."""
        return self._game.legend()

    def rules(self):
        return self._game.rules()

    def marks(self):
        """What a drawing highlights: {"width", "height", "marks": [{"kind",
        "player", "points", "cells", "label"}]}."""
        return json.loads(take(lib.morph_state_marks_json(self._h)))

    def describe_result(self):
        """How the game ended, in lines; None while it runs."""
        if not self.is_terminal():
            return None
        return take(lib.morph_state_describe_result(self._h))

    # ---- records ----

    def to_record(self, players=None, seed=None):
        """The record of this game (docs/records.md) as a dict: players one
        "human" or "ai:SPEC" a seat (default: as the state knows them, from a
        record or Game.play, else human), seed the session's."""
        return json.loads(take(lib.morph_record_json(self._h, _players_arg(self, players), _seed_arg(seed))))

    def save_record(self, path, players=None, seed=None):
        """Writes to_record() to path atomically (as morph play does)."""
        if lib.morph_record_save(self._h, _players_arg(self, players), _seed_arg(seed),
                                 text_arg(os.fspath(path), "path")) < 0:
            _lib.fail()


def _players_arg(state, players):
    if players is None:
        return None
    players = list(players)
    if len(players) != state.num_players():
        raise ValueError("players: expected %d entries (one a seat), got %d" % (state.num_players(), len(players)))
    return _lib.specs_arg(players, "players")


def _seed_arg(seed):
    return -1 if seed is None else _check_seed(seed)


def _unpickle_state(game, cls, form):
    """The state a pickle holds (State.__reduce__): the text it was read
    from read back (or the initial state), and its history replayed."""
    origin, actions = form
    handle = lib.morph_state_deserialize(game._h, text_arg(origin)) if origin else lib.morph_state_new(game._h)
    if not handle:
        _lib.fail()
    state = cls._wrap(game, handle)
    for action in actions:
        if lib.morph_state_apply(state._h, _action_arg(action)) < 0:
            _lib.fail()
    state._moved()
    return state
