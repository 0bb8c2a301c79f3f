"""OpenSpiel's Python API over morph's games: with
sys.modules["pyspiel"] = morph.pyspiel, code written for OpenSpiel (its
MCTS, minimax, evaluate_bots, rl_environment) runs on Morphos and Morpyam
unchanged. Names, values and meanings are OpenSpiel's:

- actions are dense ids: decisions 0 .. num_distinct_actions()-1, chance
  outcomes numbered apart, 0 .. max_chance_outcomes()-1 (the library's
  numbering, src/capi/spaces.h);
- current_player() is PlayerId.TERMINAL (-4) at the end;
- returns() are zero-sum: +1 and -1 with two players (0 each in a draw), and
  with n players (n * share - 1) / (n - 1) of morph's share (winners share
  1), so a lone winner gets +1 and each other player -1 / (n - 1);
- games are named by game strings: "morphos(size=5,mutators=minimorph+duomorph)".

morph's own meanings stay reachable under other names (returns_share,
observation_planes, history_texts, describe, to_record...): docs/python.md,
"Coming from OpenSpiel", has the table."""
import ctypes
import operator
import threading
from ctypes import c_float, c_int32, c_uint8, c_uint64, c_void_p

from . import _lib
from . import game as _morph
from ._lib import lib, take
from .spiel_types import INVALID_ACTION, Bot, GameType, PlayerId, option_text, option_value, parse_game_string

__all__ = ["Bot", "Game", "GameType", "INVALID_ACTION", "PlayerId", "State", "deserialize_game_and_state",
           "legal_actions_masks", "load_game", "observation_tensors", "registered_games",
           "serialize_game_and_state"]

_TERMINAL = PlayerId.TERMINAL.value
_CHANCE = _morph.CHANCE
_ILLEGAL = -3  # MORPH_ILLEGAL of morph_api.h
_LONG_NAMES = {"morphos": "Morphos", "morpyam": "Morpyam"}
_MAX_PLAYERS = {"morphos": 2, "morpyam": 4}


def _specs():
    """{game name: [option spec]} of the library (morph.games())."""
    return {g["name"]: g for g in _morph.games()}


def _default(spec):
    return option_value(spec, spec["default"], "")


def _game_type(info):
    name = info["name"]
    dice = info["dice"]
    return GameType(
        short_name=name, long_name=_LONG_NAMES.get(name, name), dynamics=GameType.Dynamics.SEQUENTIAL,
        chance_mode=GameType.ChanceMode.EXPLICIT_STOCHASTIC if dice else GameType.ChanceMode.DETERMINISTIC,
        information=GameType.Information.PERFECT_INFORMATION, utility=GameType.Utility.ZERO_SUM,
        reward_model=GameType.RewardModel.TERMINAL, max_num_players=_MAX_PLAYERS.get(name, 2), min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={o["key"]: _default(o) for o in info["options"]})


def registered_games():
    """The GameType of every game of the library."""
    return sorted((_game_type(info) for info in _specs().values()), key=lambda t: t.short_name)


def load_game(game_string, params=None):
    """A game from its game string ("morphos", "morphos(size=5)") and/or a
    dict of parameters (load_game("morpyam", {"players": 3})). Keys are
    morph's option names; an underscore may stand for a hyphen (move_cap)."""
    if not isinstance(game_string, str):
        raise TypeError("load_game expects a game string, not %s" % type(game_string).__name__)
    name, texts = parse_game_string(game_string)
    specs = _specs()
    if name not in specs:
        raise ValueError("unknown game '%s' (expected %s)" % (name, " or ".join(sorted(specs))))
    given = dict(texts)
    given.update(params or {})
    by_key = {o["key"]: o for o in specs[name]["options"]}
    options = {}
    for key, value in given.items():
        spec = by_key.get(key) or by_key.get(str(key).replace("_", "-"))
        if spec is None:
            raise ValueError("unknown option '%s' of %s (expected %s)" % (key, name, ", ".join(by_key)))
        options[spec["key"]] = option_value(spec, value, name)
    return _morph._load_game(Game, name, options, {})


class Game(_morph.Game):
    """OpenSpiel's Game over a morph game (morph.Game's methods remain)."""

    def __init__(self, handle):
        super().__init__(handle)
        specs = _specs()[self.name]
        self._type = _game_type(specs)
        parts = ["%s=%s" % (o["key"], option_text(o["kind"], self.options[o["key"]])) for o in specs["options"]
                 if o["key"] in self.options and self.options[o["key"]] != _default(o)]
        self._string = "%s(%s)" % (self.name, ",".join(parts))
        self._distinct = lib.morph_game_num_distinct_actions(handle)
        self._outcomes = lib.morph_game_max_chance_outcomes(handle)
        self._tensor_size = 1
        for dim in self._shape:
            self._tensor_size *= dim
        self._chance_lists = {}  # chance_outcomes' lists by the bytes of their ids and probabilities

    state_class = None  # State, below

    def __str__(self):
        return self._string

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, Game) and str(other) == self._string

    def __hash__(self):
        return hash(self._string)

    def __reduce__(self):
        return load_game, (self._string,)

    def get_type(self):
        return self._type

    def get_parameters(self):
        """Every option with its effective value (lists as lists)."""
        return dict(self.options)

    def num_distinct_actions(self):
        return self._distinct

    def max_chance_outcomes(self):
        return self._outcomes

    def max_game_length(self):
        """No game is longer (atomic actions, chance outcomes included): a
        bound the rules give (Morphos's move-cap, Morpyam's turn-cap and
        rolloff-cap)."""
        bound = lib.morph_game_max_game_length(self._h)
        if bound < 0:
            raise ValueError("%s: the rules bound no game length" % self._string)
        return bound

    max_move_number = max_game_length
    max_history_length = max_game_length

    def min_utility(self):
        return -1.0 / (self._players - 1)

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return 0.0

    def observation_tensor_shape(self):
        """[planes, rows, columns] of the flat observation_tensor()."""
        return list(self._shape)

    def observation_tensor_size(self):
        return self._tensor_size

    def information_state_tensor_shape(self):
        raise ValueError("%s provides no information state tensor (perfect information: use the observation)"
                         % self.name)

    information_state_tensor_size = information_state_tensor_shape

    def new_initial_states(self):
        """[new_initial_state()]: morph's games have one start."""
        return [self.new_initial_state()]

    def deserialize_state(self, text):
        """A state from State.serialize() (its history kept), or from
        morph's one-line position text (its history starts there)."""
        lines = [line for line in text.split("\n") if line.strip()]
        origin = ""
        if lines and lines[0].startswith("starting_state="):
            origin = lines.pop(0)[len("starting_state="):]
        elif lines and not lines[0].strip().lstrip("-").isdigit():
            if len(lines) > 1:
                raise ValueError("serialised state: expected action ids one a line after its first line, got %r"
                                 % lines[1][:40])
            origin, lines = lines[0], []
        state = self._state(lib.morph_state_deserialize(self._h, _lib.text_arg(origin)) if origin
                            else lib.morph_state_new(self._h))
        for number, line in enumerate(lines, 1):
            if not line.strip().lstrip("-").isdigit():
                raise ValueError("serialised state, line %d: expected an action id, got %r" % (number, line[:40]))
            state.apply_action(int(line))
        return state


class State(_morph.State):
    """OpenSpiel's State over a morph state: dense ids, OpenSpiel's player
    ids and zero-sum returns (morph.State's other methods remain, taking
    and giving dense ids too)."""

    __slots__ = ("_player",)  # the library's player to move, kept after every change (one call fewer an action)

    def _moved(self):
        self._player = lib.morph_state_player(self._h)

    # ---- the rules, in ids ----

    def current_player(self):
        player = self._player
        return _TERMINAL if player == _morph.TERMINAL else player

    def is_terminal(self):
        return self._player == _morph.TERMINAL

    def is_chance_node(self):
        return self._player == _morph.CHANCE

    def is_player_node(self):
        return self._player >= 0

    def is_simultaneous_node(self):
        return False

    def is_mean_field_node(self):
        return False

    def is_initial_state(self):
        return lib.morph_state_from_start(self._h) and not lib.morph_state_history_ids(self._h, None, 0)

    def legal_actions(self, player=None):
        """Ids of the decisions of the seat to move, ascending ([] when
        player is given and not to move); at a chance node the ids of the
        outcomes that can happen."""
        if player is not None and player != self.current_player():
            return []
        buf = _lib.buffers()[0]
        n = lib.morph_state_legal_ids(self._h, buf)
        return buf[:n]

    def legal_actions_mask(self, player=None):
        """0/1 a decision id (a chance outcome id at a chance node)."""
        size = self._game._outcomes if self.is_chance_node() else self._game._distinct
        mask = [0] * size
        for action in self.legal_actions(player):
            mask[action] = 1
        return mask

    def chance_outcomes(self):
        """[(id, probability)] of the outcomes that can happen; [] away
        from chance. A roll of four or five dice is drawn in two: its
        lowest two dice (21 outcomes), then the others given them (at most
        56), so that the roll comes out as the game rolls it (docs/python.md,
        "Chance in parts"). The lists are kept by the game under the
        library's hash of them: the same distribution is not built twice in
        Python."""
        if self._player != _CHANCE:
            return []
        key = _key()
        n = lib.morph_state_chance_key(self._h, key)
        if not n:
            return []
        kept = self._game._chance_lists
        outcomes = kept.get(key.value)
        if outcomes is None or len(outcomes) != n:
            ids, probabilities = _lib.buffers()
            lib.morph_state_chance_ids(self._h, ids, probabilities)
            if len(kept) >= 4096:
                kept.clear()
            outcomes = kept[key.value] = tuple(zip(ids[:n], probabilities[:n]))
        return list(outcomes)

    def apply_action(self, action):
        """Applies a decision's id, or an outcome's id at a chance node."""
        if type(action) is not int or not -0x80000000 <= action <= 0x7fffffff:  # the common case without a call
            action = _morph._action_arg(action)
        player = lib.morph_state_apply_id(self._h, action)
        if player == _ILLEGAL:
            _lib.fail()
        self._player = player

    def apply_actions(self, actions):
        raise ValueError("apply_actions is for simultaneous nodes; %s has none: use apply_action" % self._game.name)

    def child(self, action):
        twin = self.clone()
        twin.apply_action(action)
        return twin

    def sample_chance(self, rng):
        """An outcome's id drawn with rng (a morph.Rng) as chance_outcomes()
        weighs them."""
        out = ctypes.c_int32()
        if lib.morph_state_sample_id(self._h, rng._h, ctypes.byref(out)) < 0:
            _lib.fail()
        return out.value

    def _action(self, player, action):
        """The library's integer of an id, a chance outcome's when player is
        CHANCE (or, without a player, at a chance node)."""
        chance = self.is_chance_node() if player is None else player == PlayerId.CHANCE
        number = lib.morph_game_action_of(self._game._h, _morph._action_arg(action), chance)
        if number < 0:
            top = self._game._outcomes if chance else self._game._distinct
            raise ValueError("illegal action %d: ids of %s are 0 to %d" % (action, "chance outcomes" if chance
                                                                           else "decisions", top - 1))
        return number

    def action_to_string(self, *args):
        """The text of an id legal here: action_to_string(player, action)
        or action_to_string(action). A die of a roll drawn die by die is
        "die 3"."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(player, action) or action_to_string(action)")
        player = args[0] if len(args) == 2 else None
        number = self._action(player, args[-1])
        if self.is_chance_node():
            return take(lib.morph_state_outcome_text(self._h, _morph._action_arg(args[-1])))
        return take(lib.morph_state_action_text(self._h, number))

    def string_to_action(self, *args):
        """The id of an action's text: string_to_action(player, text) or
        string_to_action(text). At a chance node, the text of an outcome
        chance_outcomes() lists (action_to_string's)."""
        if self.is_chance_node():
            text = args[-1].decode() if isinstance(args[-1], bytes) else str(args[-1])
            for action, _ in self.chance_outcomes():
                if self.action_to_string(action) == text.strip():
                    return action
            raise ValueError("%r is not a chance outcome of this state (expected the text of one that "
                             "chance_outcomes lists, as %r)" % (text[:40], self.action_to_string(action)))
        number = _morph.State.string_to_action(self, *args)
        return lib.morph_game_action_id(self._game._h, number)

    def describe(self, action):
        """The library's sentence about an action; for a die of a roll
        drawn die by die (one part of the roll), its text."""
        if isinstance(action, (str, bytes)):
            action = self.string_to_action(action)
        number = self._action(None, action)
        if self.is_chance_node():
            text = self.action_to_string(action)  # refuses an outcome that cannot come next
            sentence = lib.morph_state_describe(self._h, number)  # NULL for a part of a roll
            return take(sentence) if sentence else text
        return take(lib.morph_state_describe(self._h, number))

    # ---- results ----

    def returns(self):
        """Zero-sum: (n * share - 1) / (n - 1) of morph's share of seat p
        (+1/-1 with two players, 0 each in a draw); zeros while it runs."""
        share = _morph.State.returns(self)
        if self._player != _morph.TERMINAL:
            return [0.0] * len(share)
        n = len(share)
        return [(n * r - 1.0) / (n - 1) for r in share]

    def player_return(self, player):
        return self.returns()[player]

    def rewards(self):
        """OpenSpiel's terminal reward model: returns() at the end, zeros
        before."""
        return self.returns()

    def move_number(self):
        """Atomic actions applied since the start (chance included)."""
        return lib.morph_state_history_ids(self._h, None, 0)

    # ---- history and serialisation ----

    def history(self):
        n = lib.morph_state_history_ids(self._h, None, 0)
        buf = (c_int32 * max(n, 1))()
        lib.morph_state_history_ids(self._h, buf, n)
        return buf[:n]

    def history_str(self):
        """history() as OpenSpiel writes it: "3, 17, 4"."""
        return ", ".join(map(str, self.history()))

    def serialize(self):
        """OpenSpiel's form: the history's ids one a line, after a line
        "starting_state=TEXT" when the state was read from morph's position
        text; Game.deserialize_state reads it back, history included.
        morph's one-line position text is position_text()."""
        origin = take(lib.morph_state_origin(self._h))
        head = "starting_state=%s\n" % origin if origin else ""
        return head + "".join("%d\n" % a for a in self.history())

    def __reduce__(self):
        """Pickled as its game and serialize()'s text (a roll drawn in
        parts stays half drawn), read back by Game.deserialize_state."""
        return _unpickle_state, (self._game, self.serialize()), getattr(self, "__dict__", None) or None

    def position_text(self):
        """morph's one-line text of the position (morph.State.serialize)."""
        return _morph.State.serialize(self)

    def information_state_string(self, player=None):
        """Perfect information: the history (history_str())."""
        self._check_player(player)
        return self.history_str()

    def observation_string(self, player=None):
        """Perfect information: the drawing (str(state)), the same for every
        player."""
        self._check_player(player)
        return str(self)

    # ---- learning ----

    def observation_tensor(self, player=None):
        """The position as a flat list of floats (observation_tensor_shape()
        gives its shape); every player observes the whole position, so the
        player changes nothing. observation_planes() is the numpy array."""
        self._check_player(player)
        return _morph.State.observation_tensor(self).reshape(-1).tolist()  # numpy makes the list 20 times faster than ctypes

    def num_distinct_actions(self):
        return self._game._distinct

    def _check_player(self, player):
        """None (the position is the same for all), or a seat."""
        if player is None:
            return
        seat = operator.index(player) if hasattr(player, "__index__") and not isinstance(player, bool) else -1
        if not 0 <= seat < self.num_players():
            raise ValueError("player %r: expected a seat from 0 to %d" % (player, self.num_players() - 1))

    def __repr__(self):
        return "<morph.pyspiel.State of %s: %s>" % (self._game, self.history_str())


Game.state_class = State
_keys = threading.local()


def _key():
    """This thread's c_uint64 for morph_state_chance_key."""
    try:
        return _keys.key
    except AttributeError:
        _keys.key = c_uint64()
        return _keys.key


def _unpickle_state(game, text):
    return game.deserialize_state(text)


def serialize_game_and_state(game, state):
    """OpenSpiel's text holding a game and a state."""
    return ("# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
            "[Game]\n%s\n[State]\n%s\n" % (game, state.serialize()))


def deserialize_game_and_state(text):
    """(game, state) of serialize_game_and_state's text."""
    sections, current = {}, None
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        if line in ("[Meta]", "[Game]", "[State]"):
            current = line
            sections[current] = []
        elif current is None:
            raise ValueError("serialised game and state: expected [Meta], got %r" % line[:40])
        else:
            sections[current].append(line)
    if "[Game]" not in sections or "[State]" not in sections:
        raise ValueError("serialised game and state: expected a [Game] and a [State] section")
    game = load_game("\n".join(sections["[Game]"]))
    return game, game.deserialize_state("\n".join(sections["[State]"]))


def _handles(states):
    states = list(states)
    if not states or not all(isinstance(s, _morph.State) for s in states):
        raise ValueError("expected a non-empty list of states")
    return states, (c_void_p * len(states))(*[s._h for s in states])


def observation_tensors(states):
    """The flat observation tensors of many states of one game, as one
    float32 numpy array (len(states) x observation_tensor_size()), filled
    in C: a batch for training."""
    import numpy as np
    states, handles = _handles(states)
    size = states[0]._game._tensor_size
    out = np.zeros((len(states), size), dtype=np.float32)
    if lib.morph_states_observations(handles, len(states), out.ctypes.data_as(ctypes.POINTER(c_float)), size) < 0:
        _lib.fail()
    return out


def legal_actions_masks(states):
    """The legal masks of many states of one game as one uint8 numpy array
    (len(states) x num_distinct_actions()): 1 at the legal decision ids,
    rows of zeros at chance nodes and at the end."""
    import numpy as np
    states, handles = _handles(states)
    out = np.zeros((len(states), lib.morph_game_num_distinct_actions(states[0]._game._h)), dtype=np.uint8)
    if lib.morph_states_legal_masks(handles, len(states), out.ctypes.data_as(ctypes.POINTER(c_uint8))) < 0:
        _lib.fail()
    return out

