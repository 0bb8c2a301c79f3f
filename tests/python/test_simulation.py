"""OpenSpiel-style random simulation: thousands of seeded games of both
games. In every state of the games played through the Python API, every
legal action applies and names itself, clones and serialisations round-trip,
chance probabilities sum to 1; at the end the returns sum as the rules say.
The batch call plays thousands more in C, and replaying some of them with
the same Rng through the Python API gives the same games."""
import numpy as np
import pytest

import morph

GAMES = [
    ("morphos", {"size": 5}),
    ("morphos", {"size": 4, "mutators": ["minimorph"]}),
    ("morphos", {"size": 5, "mutators": ["deepmorph", "duomorph"]}),
    ("morphos", {"size": 5, "mutators": ["remorph"]}),
    ("morphos", {"size": 4, "mutators": ["minimorph", "metamorph"], "move-cap": 30}),
    ("morphos", {"size": 9, "move-cap": 20}),
    ("morpyam", {}),
    ("morpyam", {"players": 3, "variant": "flash"}),
    ("morpyam", {"players": 4, "variant": "plus", "rules": ["strict-call", "daversa"]}),
]


def check_state(state, game):
    """The invariants of one state; returns the legal actions (or outcomes)."""
    text = state.serialize()
    assert state.clone().serialize() == text
    back = game.deserialize_state(text)
    assert back.serialize() == text and back.current_player() == state.current_player()
    player = state.current_player()
    if player == morph.CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        assert back.chance_outcomes() == outcomes and state.legal_actions() == []
        return [a for a, _ in outcomes]
    legal = state.legal_actions()
    assert legal == sorted(set(legal)) and len(legal) > 0 and back.legal_actions() == legal
    assert state.chance_outcomes() == []
    for a in legal:
        name = state.action_to_string(a)
        assert state.string_to_action(name) == a
        after = state.clone()
        after.apply_action(a)
        assert after.history()[-1] == a
    return legal


def play_checked(game, seed, every_state):
    """One game through the Python API from morph.Rng(seed), as
    Game.random_games plays it; every_state: all checks in every state."""
    rng = morph.Rng(seed)
    state = game.new_initial_state()
    count = 0
    while not state.is_terminal():
        if every_state:
            check_state(state, game)
        if state.is_chance_node():
            a = state.sample_chance(rng)
            assert a in [x for x, _ in state.chance_outcomes()]
        else:
            legal = state.legal_actions()
            a = legal[rng.below(len(legal))]
        if every_state:
            assert state.describe(a)
        state.apply_action(a)
        count += 1
    assert len(state.history()) == count
    returns = state.returns()
    assert abs(sum(returns) - 1) < 1e-12  # winners share 1; a draw shares it among all
    result = state.result()
    assert result["returns"] == pytest.approx(returns)
    assert sorted(result["winners"]) == [p + 1 for p, r in enumerate(returns) if r > 0]
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    return state


@pytest.mark.parametrize("name,options", GAMES)
def test_every_state_of_seeded_games(name, options):
    game = morph.load_game(name, options)
    n = 2 if name == "morpyam" else 12
    for seed in range(n):
        play_checked(game, 1000 + seed, every_state=True)


@pytest.mark.parametrize("name,options", GAMES)
def test_the_batch_call_plays_what_the_python_loop_plays(name, options):
    game = morph.load_game(name, options)
    n = 600 if name == "morphos" else 150
    batch = game.random_games(n, seed=77)
    assert batch["returns"].shape == (n, game.num_players()) and batch["length"].shape == (n,)
    assert np.allclose(batch["returns"].sum(axis=1), 1)
    for i in range(n):
        won = [p for p in range(game.num_players()) if batch["winners"][i] >> p & 1]
        assert won and all(batch["returns"][i, p] == 1 / len(won) for p in won)
    for i in range(0, n, n // 10):
        state = play_checked(game, 77 + i, every_state=False)
        assert len(state.history()) == batch["length"][i]
        assert state.returns() == list(batch["returns"][i])
        points = (state.result().get("points") or [0] * game.num_players())
        assert points == list(batch["points"][i])
    again = game.random_games(n, seed=77)
    assert all(np.array_equal(again[k], batch[k]) for k in batch)


def test_thousands_of_games_of_each_game():
    morphos = morph.load_game("morphos", size=9)
    r = morphos.random_games(3000, seed=1)
    assert np.allclose(r["returns"].sum(axis=1), 1) and r["length"].min() > 0
    black = r["returns"][:, 0].mean()
    assert 0.35 < black < 0.65  # neither seat is favoured much by random play
    morpyam = morph.load_game("morpyam")
    r = morpyam.random_games(1000, seed=1)
    assert np.allclose(r["returns"].sum(axis=1), 1)
    assert (r["points"] >= 0).all() and r["length"].mean() > 100


def test_many_python_loop_games_of_small_boards():
    game = morph.load_game("morphos", size=5)
    wins = [0, 0]
    for seed in range(300):
        state = play_checked(game, seed, every_state=False)
        wins[state.returns().index(1.0)] += 1
    assert sum(wins) == 300 and min(wins) > 60
