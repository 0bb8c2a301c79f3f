"""Loading libmorph.so and declaring its C API (src/capi/morph_api.h).

The library is looked for, in order: the file named by the environment
variable MORPH_LIBRARY; libmorph.so beside this package (an installed
package carries it); build/release/libmorph.so of the source tree this
package sits in. ctypes releases the interpreter lock during every call.
"""
import ctypes
import os
import threading
from ctypes import POINTER, c_char_p, c_double, c_float, c_int, c_int32, c_int64, c_longlong, c_size_t, c_uint32, \
    c_uint64, c_uint8, c_void_p

MAX_ACTIONS = 1024


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    named = os.environ.get("MORPH_LIBRARY")
    if named:
        return [named]
    return [os.path.join(here, "libmorph.so"),
            os.path.join(here, os.pardir, os.pardir, "build", "release", "libmorph.so")]


def _load():
    tried = []
    for path in _candidates():
        path = os.path.normpath(path)
        if os.path.exists(path):
            return ctypes.CDLL(path)
        tried.append(path)
    raise ImportError("morph: libmorph.so not found (tried %s); build it with `make` in the source tree, "
                      "or name it with MORPH_LIBRARY" % ", ".join(tried))


lib = _load()

_game = c_void_p
_state = c_void_p
_text = c_void_p  # a char * the caller frees with morph_free
_specs = POINTER(c_char_p)

_signatures = {
    "morph_error": (c_char_p, []),
    "morph_free": (None, [c_void_p]),
    "morph_version": (c_char_p, []),
    "morph_seed_derive": (c_uint64, [c_uint64, c_uint64, c_uint64]),
    "morph_games_json": (_text, []),
    "morph_game_new": (_game, [c_char_p, c_char_p]),
    "morph_game_free": (None, [_game]),
    "morph_game_json": (_text, [_game]),
    "morph_game_num_players": (c_int, [_game]),
    "morph_game_rules": (_text, [_game]),
    "morph_game_legend_json": (_text, [_game]),
    "morph_state_new": (_state, [_game]),
    "morph_state_clone": (_state, [_state]),
    "morph_state_free": (None, [_state]),
    "morph_state_player": (c_int, [_state]),
    "morph_state_legal": (c_int, [_state, POINTER(c_int32)]),
    "morph_state_chance": (c_int, [_state, POINTER(c_int32), POINTER(c_double)]),
    "morph_state_apply": (c_int, [_state, c_int32]),
    "morph_state_apply_text": (c_int, [_state, c_char_p]),
    "morph_state_action_text": (_text, [_state, c_int32]),
    "morph_state_parse_action": (c_int, [_state, c_char_p, POINTER(c_int32)]),
    "morph_state_returns": (c_int, [_state, POINTER(c_double)]),
    "morph_state_result_json": (_text, [_state]),
    "morph_state_serialize": (_text, [_state]),
    "morph_state_deserialize": (_state, [_game, c_char_p]),
    "morph_state_render": (_text, [_state]),
    "morph_state_history": (c_int, [_state, POINTER(c_int32), c_int]),
    "morph_state_from_start": (c_int, [_state]),
    "morph_state_origin": (_text, [_state]),
    "morph_game_observation_shape": (c_int, [_game, POINTER(c_int32)]),
    "morph_state_observation": (c_int, [_state, POINTER(c_float), c_size_t]),
    "morph_states_observations": (c_int, [POINTER(_state), c_int, POINTER(c_float), c_size_t]),
    "morph_game_num_distinct_actions": (c_int, [_game]),
    "morph_game_max_chance_outcomes": (c_int, [_game]),
    "morph_game_max_game_length": (c_longlong, [_game]),
    "morph_game_action_id": (c_int32, [_game, c_int32]),
    "morph_game_action_of": (c_int32, [_game, c_int32, c_int]),
    "morph_state_legal_ids": (c_int, [_state, POINTER(c_int32)]),
    "morph_state_chance_ids": (c_int, [_state, POINTER(c_int32), POINTER(c_double)]),
    "morph_state_chance_key": (c_int, [_state, POINTER(c_uint64)]),
    "morph_state_apply_id": (c_int, [_state, c_int32]),
    "morph_state_history_ids": (c_int, [_state, POINTER(c_int32), c_int]),
    "morph_state_outcome_text": (_text, [_state, c_int32]),
    "morph_states_legal_masks": (c_int, [POINTER(_state), c_int, POINTER(c_uint8)]),
    "morph_state_describe": (_text, [_state, c_int32]),
    "morph_state_why_not": (_text, [_state, c_char_p, POINTER(c_int)]),
    "morph_state_marks_json": (_text, [_state]),
    "morph_state_describe_result": (_text, [_state]),
    "morph_ai_levels_json": (_text, [c_char_p]),
    "morph_ai_choose": (c_int, [_state, c_char_p, c_uint64, POINTER(c_int32), POINTER(c_void_p)]),
    "morph_play_games": (c_int, [_game, _specs, c_uint64, c_int, POINTER(c_double), POINTER(c_int32),
                                 POINTER(c_uint32), POINTER(c_int32)]),
    "morph_play_game": (_state, [_game, _specs, c_uint64]),
    "morph_rng_new": (c_void_p, [c_uint64]),
    "morph_rng_clone": (c_void_p, [c_void_p]),
    "morph_rng_free": (None, [c_void_p]),
    "morph_rng_below": (c_uint32, [c_void_p, c_uint32]),
    "morph_state_sample_chance": (c_int, [_state, c_void_p, POINTER(c_int32)]),
    "morph_state_sample_id": (c_int, [_state, c_void_p, POINTER(c_int32)]),
    "morph_random_games": (c_int, [_game, c_uint64, c_int, POINTER(c_double), POINTER(c_int32), POINTER(c_uint32),
                                   POINTER(c_int32)]),
    "morph_record_load": (_state, [c_char_p, POINTER(c_void_p), POINTER(c_void_p)]),
    "morph_record_load_text": (_state, [c_char_p, POINTER(c_void_p), POINTER(c_void_p)]),
    "morph_record_json": (_text, [_state, _specs, c_int64]),
    "morph_record_save": (c_int, [_state, _specs, c_int64, c_char_p]),
    "morph_solve_json": (_text, [_state, c_double, c_longlong, c_int, c_int, c_int]),
    "morph_analyze_json": (_text, [c_char_p, c_double, c_uint64]),
    "morph_analyze_state_json": (_text, [_state, c_double, c_uint64]),
}
for _name, (_res, _args) in _signatures.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args


_local = threading.local()


def buffers():
    """This thread's arrays for lists of actions and probabilities (a list
    is copied out of them before the next call)."""
    try:
        return _local.buffers
    except AttributeError:
        _local.buffers = ((c_int32 * MAX_ACTIONS)(), (c_double * MAX_ACTIONS)())
        return _local.buffers


def error():
    """The library's message for the last failing call of this thread."""
    return lib.morph_error().decode("utf-8", "replace")


def fail():
    raise ValueError(error())


def text_arg(text, what="text"):
    """A str (or bytes) for the library: UTF-8, without NUL bytes, which C
    strings cannot hold."""
    if isinstance(text, str):
        data = text.encode("utf-8", "surrogatepass")
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
    else:
        raise TypeError("%s must be a string, not %s" % (what, type(text).__name__))
    if b"\0" in data:
        raise ValueError("%s holds a NUL byte" % what)
    return data


def take(pointer):
    """The Python text of a char * the library returned (freed here); a
    NULL raises the library's message."""
    if not pointer:
        fail()
    try:
        return ctypes.string_at(pointer).decode("utf-8", "replace")
    finally:
        lib.morph_free(pointer)


def specs_arg(specs, what="players"):
    """A NULL-free array of C strings, or None."""
    if specs is None:
        return None
    items = [text_arg(s, what) for s in specs]
    return (c_char_p * len(items))(*items)
