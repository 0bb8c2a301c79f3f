"""Pickling and copying (issue 32, item 3): every object of the package that
owns a C object is either an independent copy under pickle, copy.copy and
copy.deepcopy, or refuses with a clear error. Run under the ASan build of
libmorph.so (tests/cli/test_python.sh), a copy sharing its original's C
object shows as a use-after-free once the original is gone."""
import copy
import gc
import pickle

import pytest

import morph
from morph import pyspiel

COPIERS = {
    "pickle": lambda x: pickle.loads(pickle.dumps(x)),
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
}


def played(game, n, seed=3):
    """A state after n actions drawn from a seeded stream."""
    rng = morph.Rng(seed)
    state = game.new_initial_state()
    for _ in range(n):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return state


def forget(obj):
    """Drops the last reference to obj, so its C object is freed now."""
    del obj
    gc.collect()


@pytest.mark.parametrize("how", sorted(COPIERS))
@pytest.mark.parametrize("load", [lambda: morph.load_game("morphos", size=5, mutators=["duomorph"]),
                                  lambda: morph.load_game("morpyam", players=3, variant="plus"),
                                  lambda: pyspiel.load_game("morphos(size=5,mutators=minimorph+duomorph)"),
                                  lambda: pyspiel.load_game("morpyam(players=4)")])
def test_a_game_copy_is_a_game_of_its_own(how, load):
    game = load()
    twin = COPIERS[how](game)
    assert twin is not game and twin._h != game._h
    assert type(twin) is type(game) and str(twin) == str(game) and twin.options == game.options
    forget(game)
    state = played(twin, 30)  # on freed memory if the copy shared the C game
    assert len(state.history()) == 30 or state.is_terminal()


@pytest.mark.parametrize("how", sorted(COPIERS))
@pytest.mark.parametrize("load", [lambda: morph.load_game("morphos", size=5),
                                  lambda: morph.load_game("morpyam"),
                                  lambda: pyspiel.load_game("morphos(size=5)"),
                                  lambda: pyspiel.load_game("morpyam(players=3)")])
def test_a_state_copy_moves_on_its_own(how, load):
    game = load()
    state = played(game, 12)
    twin = COPIERS[how](state)
    assert twin._h != state._h and type(twin) is type(state)
    assert str(twin) == str(state) and twin.history() == state.history() and twin.serialize() == state.serialize()
    before = str(state)
    if twin.is_chance_node():
        twin.apply_action(twin.chance_outcomes()[0][0])
    else:
        twin.apply_action(twin.legal_actions()[0])
    assert str(state) == before and len(twin.history()) == 13 and len(state.history()) == 12
    forget(state)
    forget(game)
    assert len(played_on(twin, 10).history()) == 23


def played_on(state, n):
    rng = morph.Rng(5)
    for _ in range(n):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return state


def test_a_state_read_from_a_text_pickles_with_its_history_since():
    game = morph.load_game("morphos", size=5)
    state = game.deserialize_state(played(game, 6).serialize())
    state.apply_action(state.legal_actions()[0])
    twin = pickle.loads(pickle.dumps(state))
    assert twin.serialize() == state.serialize() and twin.history() == state.history() and len(twin.history()) == 1
    with pytest.raises(ValueError, match="read from a text"):
        twin.history_str()


def test_a_record_pickles_with_its_game_and_state(tmp):
    game = morph.load_game("morphos", size=5)
    state = game.play(seed=4)
    path = tmp / "game.json"
    state.save_record(path)
    record = morph.load_record(path)
    twin = pickle.loads(pickle.dumps(record))
    assert twin.state.history() == record.state.history() and twin.actions == record.actions
    assert twin.state._h != record.state._h and twin.state.get_game() is twin.game
    forget(record)
    assert twin.state_at(3).history() == twin.state.history()[:3]


@pytest.mark.parametrize("how", ["copy", "deepcopy"])
def test_an_rng_copy_draws_the_same_stream_independently(how):
    rng = morph.Rng(11)
    rng.below(1000)
    twin = COPIERS[how](rng)
    ahead = [rng.below(1000) for _ in range(5)]
    forget(rng)
    assert [twin.below(1000) for _ in range(5)] == ahead


def test_an_rng_refuses_to_pickle_and_says_what_to_do():
    with pytest.raises(TypeError, match="cannot be pickled.*morph.Rng\\(seed\\)"):
        pickle.dumps(morph.Rng(1))


def test_a_subclass_keeps_its_class_and_attributes_through_copies():
    class Noted(pyspiel.State):
        pass

    class NotedGame(pyspiel.Game):
        state_class = Noted

    game = pyspiel.load_game("morphos(size=5)")
    game.__class__ = NotedGame
    state = game.new_initial_state()
    assert type(state) is Noted
    state.note = ["first"]
    for twin in (state.clone(), copy.copy(state), copy.deepcopy(state), state.child(state.legal_actions()[0])):
        assert type(twin) is Noted and twin.note == ["first"]
    assert copy.deepcopy(state).note is not state.note
    assert type(game.deserialize_state(state.serialize())) is Noted
