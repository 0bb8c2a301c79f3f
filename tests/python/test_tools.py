"""The solver, post-game analysis and records: the same answers as `morph
morphos solve --json`, `morph analyze --json` and `morph replay`."""
import json
import os

import pytest

import morph
from conftest import run_morph


def cli_json(*args):
    return json.loads(run_morph(*args))


def without_seconds(d):
    return {k: v for k, v in d.items() if k != "seconds"}


@pytest.mark.parametrize("size,mutators,moves,swap", [
    (3, [], "", True),
    (3, [], "", False),
    (3, [], "b2", True),
    (3, [], "b2,swap", True),
    (3, ["minimorph"], "", False),
    (4, [], "b2,c3", True),
])
def test_solve_is_morph_morphos_solve_json(size, mutators, moves, swap):
    game = morph.load_game("morphos", size=size, mutators=mutators)
    state = game.new_initial_state()
    if moves:
        state.apply_text(moves)
    got = morph.solve(state, nodes=200000, swap=swap)
    args = ["morphos", "solve", "--size", str(size), "--json", "--nodes", "200000"]
    if mutators:
        args += ["--mutators", ",".join(mutators)]
    if moves:
        args += ["--moves", moves]
    if not swap:
        args += ["--no-swap"]
    assert without_seconds(got) == without_seconds(cli_json(*args))
    assert got["seconds"] >= 0


def test_solve_first_moves_of_3x3():
    state = morph.load_game("morphos", size=3).new_initial_state()
    with_swap = morph.solve(state)
    assert with_swap["result"] == "loss" and with_swap["complete"] and with_swap["winning_moves"] == []
    without = morph.solve(state, swap=False, budget=60, threads=2, memory=16)
    assert without["result"] == "win" and len(without["winning_moves"]) == 9


@pytest.mark.parametrize("make,kwargs,message", [
    (lambda: morph.load_game("morpyam").new_initial_state(), {}, "solves Morphos positions, not morpyam"),
    (lambda: morph.load_game("morphos", size=9).new_initial_state(), {}, "7"),
    (lambda: morph.load_game("morphos", size=5, mutators=["duomorph"]).new_initial_state(), {}, "duomorph"),
    (lambda: morph.load_game("morphos", size=3).new_initial_state(), {"threads": 0}, "threads: expects 1 to 16"),
    (lambda: morph.load_game("morphos", size=3).new_initial_state(), {"memory": 8}, "memory: expects"),
    (lambda: morph.load_game("morphos", size=3).new_initial_state(), {"budget": 0}, "budget: expects"),
    (lambda: morph.load_game("morphos", size=3).new_initial_state(), {"nodes": -5}, "nodes: expects"),
])
def test_solve_refuses(make, kwargs, message):
    with pytest.raises(ValueError, match=message):
        morph.solve(make(), **kwargs)


def test_solve_refuses_swap_false_after_a_swap_and_a_finished_game():
    state = morph.load_game("morphos", size=3).new_initial_state()
    state.apply_text("b2,swap")
    with pytest.raises(ValueError, match="follows a swap"):
        morph.solve(state, swap=False)
    state.apply_text("resign")
    with pytest.raises(ValueError, match="the game is over"):
        morph.solve(state)


def test_analyze_is_morph_analyze_json(tmp):
    for name, options, players, take in (("morphos", {"size": 4}, ["random", "greedy"], str),
                                         ("morpyam", {"turn-cap": 2}, ["greedy", "random"], None)):
        game = morph.load_game(name, options)
        state = game.play(seed=21, players=players)
        path = tmp / ("%s.json" % name)
        state.save_record(path)
        want = cli_json("analyze", str(path), "--json", "--budget", "0.01", "--seed", "3")
        assert want["decisions"] and want["seats"][0]["seat"] == 1
        assert "P1 (%s)" % players[0] in json.dumps(want)
        # a file (its name or a path), a State, a Record: the same analysis
        subject = take(path) if take else state
        assert morph.analyze(subject, budget=0.01, seed=3) == want
    assert morph.analyze(morph.load_record(path), budget=0.01, seed=3) == want


def test_analyze_refuses(tmp):
    with pytest.raises(ValueError, match="budget: expects seconds from 0.01 to 600"):
        morph.analyze(morph.load_game("morphos", size=3).play(seed=1), budget=0)
    with pytest.raises(ValueError, match="cannot read"):
        morph.analyze(str(tmp / "missing.json"))


def test_records_round_trip_with_morph_replay(tmp):
    game = morph.load_game("morpyam", players=3, variant="flash")
    state = game.play(seed=5, players=["greedy", "random", "random"])
    path = tmp / "flash.json"
    state.save_record(path)
    replayed = run_morph("replay", str(path))  # exits 0: the record checks
    assert "result: player %d wins by %s" % (state.result()["winners"][0], state.result()["how"]) in replayed
    record = morph.load_record(path)
    assert record.state.history() == state.history() and record.state.serialize() == state.serialize()
    assert record.game.options == game.options and record.seed == 5
    assert record.players == [{"kind": "ai", "ai": "greedy"}, {"kind": "ai", "ai": "random"},
                              {"kind": "ai", "ai": "random"}]
    assert record.doc["chance"] == "seed" and record.actions == state.history_str()
    assert record.state_at(0).serialize() == game.new_initial_state().serialize()
    assert record.state_at(len(record.actions)).serialize() == state.serialize()
    again = record.state.to_record()
    assert again["actions"] == record.actions and again["players"] == record.players and again["seed"] == 5
    assert morph.read_record(record.doc).state.serialize() == state.serialize()
    assert morph.read_record(json.dumps(record.doc)).state.history() == state.history()


def test_a_record_of_a_python_game_is_typed_unless_the_seed_drew_it(tmp):
    game = morph.load_game("morpyam")
    state = game.new_initial_state()
    state.apply_text("die 6,die 1,roll,dice 1 2 3 4 5")
    doc = state.to_record(players=["human", "ai:greedy"], seed=4)
    assert doc["chance"] == "typed" and doc["actions"][:2] == ["die 6", "die 1"]
    assert doc["players"] == [{"kind": "human"}, {"kind": "ai", "ai": "greedy"}] and doc["result"] is None
    path = tmp / "typed.json"
    state.save_record(path, players=["human", "human"])
    assert morph.load_record(path).state.serialize() == state.serialize()
    with pytest.raises(ValueError, match="player 2: expected 'human' or 'ai:LEVEL'"):
        state.to_record(players=["human", "robot"])
    with pytest.raises(ValueError, match="expected 2 entries"):
        state.to_record(players=["human"])


def test_bad_records_get_the_librarys_one_line_message(tmp):
    good = morph.load_game("morphos", size=5).play(seed=2).to_record()
    cases = [
        ({**good, "format": "x"}, "'format' must be \"morph-record\""),
        ({**good, "actions": good["actions"][:3] + ["zz"] + good["actions"][4:]}, r"actions\[3\]"),
        ({**good, "result": {"winners": [1], "how": "resign", "returns": [1.0, 0.0]}}, "result"),
        ({**good, "game": "chess"}, "unknown 'game'"),
    ]
    for doc, message in cases:
        path = tmp / "bad.json"
        path.write_text(json.dumps(doc))
        with pytest.raises(ValueError, match=message) as e:
            morph.load_record(path)
        assert "\n" not in str(e.value)
        with pytest.raises(ValueError, match=message):
            morph.read_record(doc)
    (tmp / "junk.json").write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        morph.load_record(tmp / "junk.json")
    with pytest.raises(ValueError, match="a directory"):
        morph.load_record(tmp)
    with pytest.raises(ValueError, match="malformed JSON"):
        morph.read_record("{not json")


def test_save_record_reports_the_write_error(tmp):
    state = morph.load_game("morphos", size=3).new_initial_state()
    with pytest.raises(ValueError, match="cannot"):
        state.save_record(tmp / "no" / "such" / "dir.json")
    assert not os.path.exists(tmp / "no")


def test_ai_levels_and_choices():
    names = [l["level"] for l in morph.ai.levels("morpyam")]
    assert names == ["random", "greedy", "expert", "master"]
    morphos = {l["level"]: l for l in morph.ai.levels(morph.load_game("morphos", size=5))}
    assert list(morphos) == ["random", "greedy", "mcts"] and morphos["mcts"]["default_ms"] == 1000
    assert morph.ai.spec("mcts", ms=100, threads=2) == "mcts:ms=100,threads=2"
    state = morph.load_game("morphos", size=5).new_initial_state()
    for level, params in (("random", {}), ("greedy", {}), ("mcts", {"ms": 30}),
                          ("mcts", {"playouts": 200, "threads": 2})):
        assert morph.ai.choose(state, level, **params) in state.legal_actions()
    with pytest.raises(ValueError, match="AI level 'master' does not play morphos"):
        morph.ai.choose(state, "master")
    with pytest.raises(ValueError, match="ms"):
        morph.ai.choose(state, "mcts", ms=0)
    with pytest.raises(ValueError, match="unknown game"):
        morph.ai.levels("chess")
    y = morph.load_game("morpyam").new_initial_state()
    with pytest.raises(ValueError, match="a chance node: nothing to decide"):
        morph.ai.choose(y, "master")
    y.apply_text("die 5,die 2")
    assert y.action_to_string(morph.ai.choose(y, "master")) in ("roll",) + tuple(
        y.action_to_string(a) for a in y.legal_actions())


def test_the_interpreter_runs_on_while_the_ai_thinks():
    import threading
    import time
    state = morph.load_game("morphos", size=7).new_initial_state()
    span = {}

    def think():
        span["start"] = time.monotonic()
        span["action"] = morph.ai.choose(state, "mcts", ms=600)
        span["end"] = time.monotonic()

    thread = threading.Thread(target=think)
    ticks = []
    thread.start()
    while thread.is_alive():
        ticks.append(time.monotonic())
    thread.join()
    # the middle of the search: a call holding the lock lets nothing run then (the main thread
    # may run a moment before the call starts and after it returns, before "end" is set)
    length = span["end"] - span["start"]
    during = [t for t in ticks if span["start"] + 0.2 * length < t < span["start"] + 0.8 * length]
    assert span["action"] in state.legal_actions()
    # the main thread ran while the search did: the lock was released (a call holding it gives 0;
    # on a loaded machine the thread may get the core only now and then, so any tick counts)
    assert len(during) > 0
