"""Agreement with the command line: `morph engine` and `morph play` on the
same seeds see the same games as the Python API (legal actions, chance
outcomes and probabilities, sentences, drawings, serialisations, results,
AI choices)."""
import json
import re

import pytest

import morph
from conftest import Engine, run_morph

LOCKSTEP = [
    ("morphos", {"size": 5}),
    ("morphos", {"size": 5, "mutators": ["duomorph", "remorph"]}),
    ("morpyam", {}),
    ("morpyam", {"players": 3, "variant": "plus", "turn-cap": 40}),
]


def engine_legal(state):
    if state.is_chance_node():
        return {"chance": True, "outcomes": [{"action": state.action_to_string(a), "probability": p}
                                              for a, p in state.chance_outcomes()]}
    return {"chance": False, "actions": [state.action_to_string(a) for a in state.legal_actions()]}


def same_legal(got, want):
    assert got["chance"] == want["chance"]
    if want["chance"]:
        assert [o["action"] for o in got["outcomes"]] == [o["action"] for o in want["outcomes"]]
        for g, w in zip(got["outcomes"], want["outcomes"]):
            assert g["probability"] == pytest.approx(w["probability"], rel=1e-10)
    else:
        assert got["actions"] == want["actions"]


@pytest.mark.parametrize("name,options", LOCKSTEP)
def test_lockstep_with_morph_engine(engine, name, options):
    game = morph.load_game(name, options)
    for seed in (1, 2) if name == "morphos" else (1,):
        reply = engine("new", game=name, options=options, seed=seed)
        assert reply["ok"] and reply["options"] == game.options
        state = game.new_initial_state()
        rng = morph.Rng(seed)
        steps = 0
        while True:
            st = engine("state")
            player = state.current_player()
            assert st["player"] == (player + 1 if player >= 0 else None)
            assert st["chance"] == state.is_chance_node() and st["terminal"] == state.is_terminal()
            assert st["serialized"] == state.serialize()
            assert st["text"] == str(state)
            assert st["result"] == state.result()
            same_legal(st["legal"], engine_legal(state))
            if state.is_terminal():
                assert st["history"] == state.history_str()
                words = engine("words")
                assert words["summary"] == state.describe_result()
                assert words["marks"] == state.marks() and words["legend"] == state.legend()
                assert words["rules"] == state.rules()
                break
            if state.is_chance_node():
                a = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                a = legal[rng.below(len(legal))]
            text = state.action_to_string(a)
            if steps % 7 == 0:  # a refused text: the same reason
                for bad in ("a1", "c3", "reroll 6", "zz", "xb2"):
                    words = engine("words", action=bad)
                    why = state.why_not(bad)
                    assert words.get("why") == why and (why is None) == ("described" in words)
            reply = engine("play", action=text)
            assert reply["ok"] and reply["played"] == [text]
            assert reply["described"] == [state.describe(a)]
            state.apply_action(a)
            steps += 1


@pytest.mark.parametrize("name,options,players", [
    ("morphos", {"size": 5}, ["random", "greedy"]),
    ("morpyam", {"turn-cap": 60}, ["random", "random"]),
    ("morpyam", {"players": 3}, ["greedy", "random", "greedy"]),
])
def test_seeded_ai_games_are_the_engines_and_morph_plays(engine, tmp, name, options, players):
    game = morph.load_game(name, options)
    batch = game.play_games(3, seed=40, players=players)
    for i, seed in enumerate(range(40, 43)):
        state = game.play(seed=seed, players=players)
        engine("new", game=name, options=options, seed=seed, players=["ai:" + p for p in players],
               auto_chance=True)
        for _ in range(5000):
            reply = engine("genmove", play=True)
            assert reply["ok"], reply
            if reply["terminal"]:
                break
        st = engine("state")
        assert st["history"] == state.history_str()
        assert st["result"] == state.result()
        assert list(batch["returns"][i]) == state.returns()
        assert batch["length"][i] == len(state.history())
        record = tmp / ("g%d.json" % seed)
        run_morph("play", name, *sum((["--" + k, ",".join(v) if isinstance(v, list) else str(v)]
                                      for k, v in options.items()), []),
                  "--players", ",".join("ai:" + p for p in players), "--seed", str(seed), "--quiet",
                  "--record", str(record))
        played = json.loads(record.read_text())
        assert played["actions"] == state.history_str() and played["chance"] == "seed"
        assert state.to_record()["actions"] == played["actions"]


def untimed(explanation):
    """An explanation without the time its search took ("in 5 ms"), which
    depends on the machine's load, not on the choice."""
    return re.sub(r"\b\d+ ms\b", "N ms", explanation)


@pytest.mark.parametrize("name,options,levels", [
    ("morphos", {"size": 5}, ["random", "greedy", "mcts:playouts=300"]),
    ("morpyam", {}, ["random", "greedy", "expert", "master"]),
])
def test_ai_choices_are_genmoves(engine, name, options, levels):
    game = morph.load_game(name, options)
    seed = 9
    engine("new", game=name, options=options, seed=seed)
    full = game.play(seed=seed)
    state = game.new_initial_state()
    checked = 0
    for k, a in enumerate(full.history()[:60]):
        if state.is_player_node() and k % 4 == 0:
            for level in levels:
                want = engine("genmove", level=level)
                assert want["ok"], want
                level_name, _, params = level.partition(":")
                kwargs = dict(p.split("=") for p in params.split(",")) if params else {}
                got, why = morph.ai.choose(state, level_name, seed=morph.seed_derive(seed, 3, k), explain=True,
                                           **kwargs)
                assert state.action_to_string(got) == want["action"]
                assert untimed(why) == untimed(want["explanation"])
                checked += 1
        reply = engine("play", action=state.action_to_string(a))
        assert reply["ok"]
        state.apply_action(a)
    assert checked >= 3 * len(levels)
