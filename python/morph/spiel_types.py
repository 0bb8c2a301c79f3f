"""What morph.pyspiel shares with OpenSpiel beyond games and states: the
player ids, GameType with its enumerations, the Bot base class and game
strings ("morphos(size=5,mutators=minimorph+duomorph)"). Values and names are
OpenSpiel's (open_spiel/spiel.h, spiel_bots.h), so that code written against
pyspiel compares and pickles them as it expects (docs/python.md, "Coming
from OpenSpiel")."""
import dataclasses
import enum
import re

INVALID_ACTION = -1


class PlayerId(enum.IntEnum):
    """OpenSpiel's special players; seats are 0 .. num_players()-1."""
    DEFAULT_PLAYER_ID = 0
    CHANCE = -1
    SIMULTANEOUS = -2
    INVALID = -3
    TERMINAL = -4
    MEAN_FIELD = -5


@dataclasses.dataclass(frozen=True)
class GameType:
    """What kind of game a game is (OpenSpiel's GameType): compared and
    pickled by value."""

    class Dynamics(enum.IntEnum):
        SIMULTANEOUS = 0
        SEQUENTIAL = 1
        MEAN_FIELD = 2

    class ChanceMode(enum.IntEnum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.IntEnum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.IntEnum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.IntEnum):
        REWARDS = 0
        TERMINAL = 1

    short_name: str
    long_name: str
    dynamics: "GameType.Dynamics"
    chance_mode: "GameType.ChanceMode"
    information: "GameType.Information"
    utility: "GameType.Utility"
    reward_model: "GameType.RewardModel"
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool
    parameter_specification: dict
    default_loadable: bool = True
    provides_factored_observation_string: bool = False
    is_concrete: bool = True
    action_structs_only: bool = False  # actions are integers (OpenSpiel's newer field)

    def __hash__(self):  # parameter_specification is a dict
        return hash(self.short_name)


class Bot:
    """OpenSpiel's Bot: step(state) is a subclass's; the rest does what
    OpenSpiel's base class does (nothing, or refuses)."""

    def step(self, state):
        raise NotImplementedError("a Bot subclass defines step(state)")

    def step_with_policy(self, state):
        raise NotImplementedError("step_with_policy is not implemented by this bot")

    def restart(self):
        pass

    def restart_at(self, state):
        raise NotImplementedError("restart_at(state) is not implemented by this bot")

    def inform_action(self, state, player_id, action):
        pass

    def inform_actions(self, state, actions):
        pass

    def provides_force_action(self):
        return False

    def force_action(self, state, action):
        raise NotImplementedError("force_action is not implemented by this bot")

    def provides_policy(self):
        return False

    def get_policy(self, state):
        raise NotImplementedError("get_policy is not implemented by this bot")

    def is_clonable(self):
        return False

    def clone(self):
        raise NotImplementedError("this bot cannot be cloned")


_GAME_STRING = re.compile(r"\s*([a-z_][a-z0-9_]*)\s*(?:\((.*)\))?\s*$", re.S)


def parse_game_string(text):
    """(name, {key: text}) of "name" or "name(key=value,...)": keys as
    written, values as text. ValueError naming what was expected."""
    match = _GAME_STRING.match(text)
    if not match:
        raise ValueError("game string %r: expected name or name(key=value,...)" % text[:80])
    name, inside = match.group(1), match.group(2)
    params = {}
    for part in inside.split(",") if inside and inside.strip() else []:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError("game string %r: expected key=value, got %r" % (text[:80], part[:40]))
        if key.strip() in params:
            raise ValueError("game string %r: %s is given twice" % (text[:80], key.strip()))
        params[key.strip()] = value.strip()
    return name, params


def option_value(spec, value, game):
    """A parameter of OpenSpiel's form (text of a game string, int, bool,
    or str joined with '+' for lists) as morph's option spec takes it."""
    key, kind = spec["key"], spec["kind"]
    if kind == "int":
        if isinstance(value, bool):
            return int(value)
        if isinstance(value, int):
            return value
        if isinstance(value, str) and re.fullmatch(r"-?[0-9]+", value.strip()):
            return int(value)
        raise ValueError("%s option '%s': expected a whole number, got %r" % (game, key, value))
    if kind == "list":
        if isinstance(value, (list, tuple)):
            return list(value)
        if isinstance(value, str):
            return [item for item in value.replace(",", "+").split("+") if item]
        raise ValueError("%s option '%s': expected names joined with '+', got %r" % (game, key, value))
    if isinstance(value, str):
        return value
    raise ValueError("%s option '%s': expected text, got %r" % (game, key, value))


def option_text(kind, value):
    """The text of an option in a game string: lists joined with '+', and
    commas (which end a parameter) written as spaces (a Morpyam grid)."""
    if kind == "list":
        return "+".join(value)
    return str(value).replace(",", " ")
