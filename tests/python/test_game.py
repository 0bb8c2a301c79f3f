"""Games and states: every method of the OpenSpiel-shaped API on both games."""
import copy
import json

import numpy as np
import pytest

import morph


def test_games_lists_both_with_their_options():
    names = [g["name"] for g in morph.games()]
    assert names == ["morpyam", "morphos"]
    morphos = morph.games()[1]
    assert [o["key"] for o in morphos["options"]] == ["size", "mutators", "move-cap"]
    assert morphos["dice"] is False and morph.games()[0]["dice"] is True


def test_load_game_options_as_keywords_or_a_dict():
    g = morph.load_game("morphos", size=9, mutators=["minimorph"])
    assert g.name == "morphos" and g.num_players() == 2 and not g.has_dice
    assert g.options == {"size": 9, "mutators": ["minimorph"], "move-cap": 0}
    assert morph.load_game("morphos", {"size": 7, "move-cap": 50}).options["move-cap"] == 50
    assert morph.load_game("morphos", size=7, move_cap=50).options["move-cap"] == 50
    y = morph.load_game("morpyam", players=3, variant="flash")
    assert y.num_players() == 3 and y.has_dice and y.options["variant"] == "flash"
    assert "load_game('morphos'" in repr(g)


@pytest.mark.parametrize("name,options,message", [
    ("chess", {}, "unknown game 'chess' (expected morpyam or morphos)"),
    ("morphos", {"size": 2}, "option 'size' must be 3 to 19, got 2"),
    ("morphos", {"colour": "red"}, "unknown option 'colour'"),
    ("morpyam", {"variant": "fast"}, "variant"),
    ("morphos", {"size": 1.5}, "must be a whole number, a string or an array of strings"),
])
def test_bad_games_are_value_errors_with_the_librarys_message(name, options, message):
    with pytest.raises(ValueError) as e:
        morph.load_game(name, options)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_a_morphos_game_step_by_step():
    g = morph.load_game("morphos", size=5)
    s = g.new_initial_state()
    assert s.current_player() == 0 and not s.is_terminal() and not s.is_chance_node() and s.is_player_node()
    assert s.legal_actions() == list(range(0, 5)) + list(range(6, 11)) + list(range(12, 17)) + \
        list(range(18, 23)) + list(range(24, 29))
    assert s.legal_actions(1) == []
    assert s.chance_outcomes() == []
    c3 = s.string_to_action("c3")
    assert s.string_to_action(0, "c3") == c3
    assert s.action_to_string(c3) == "c3" and s.action_to_string(0, c3) == "c3"
    assert s.describe(c3) == "Black places a stone on c3" == s.describe("c3")
    s.apply_action(c3)
    assert s.current_player() == 1
    assert s.history() == [c3] and s.history_str() == ["c3"]
    swap = s.string_to_action("swap")
    assert swap in s.legal_actions()
    assert s.returns() == [0.0, 0.0] and s.result() is None and s.describe_result() is None
    assert s.why_not("c3") == "c3 is taken"
    assert s.why_not("a1") is None
    with pytest.raises(ValueError, match="illegal move 'c3'"):
        s.apply_text("c3")
    assert s.apply_text("a1") == 1
    assert s.history_str() == ["c3", "a1"]
    text = str(s)
    assert "a" in text and "5" in text and "\n" in text


def test_a_morpyam_game_has_chance_nodes_with_exact_probabilities():
    g = morph.load_game("morpyam")
    s = g.new_initial_state()
    assert s.current_player() == morph.CHANCE == -1 and s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert [s.action_to_string(a) for a, _ in outcomes] == ["die %d" % v for v in range(1, 7)]
    assert all(p == 1 / 6 for _, p in outcomes)
    assert s.legal_actions() == []
    assert s.describe(outcomes[3][0]) == "P1 rolls 4 for the first player"
    s.apply_text("die 4,die 1")
    assert s.current_player() == 0
    assert s.action_to_string(s.legal_actions()[0]) in ("roll", "call carre")
    s.apply_text("roll")
    dice = s.chance_outcomes()
    assert len(dice) == 252 and abs(sum(p for _, p in dice) - 1) < 1e-12
    assert min(p for _, p in dice) == pytest.approx(1 / 6**5, rel=1e-12)


def test_terminal_state_returns_and_result():
    g = morph.load_game("morphos", size=3)
    s = g.new_initial_state()
    s.apply_text("resign")
    assert s.is_terminal() and s.current_player() == morph.TERMINAL == -2
    assert s.returns() == [0.0, 1.0]
    assert s.result() == {"winners": [2], "how": "resign", "returns": [0.0, 1.0]}
    assert "resign" in s.describe_result().lower() or "White" in s.describe_result()
    assert s.legal_actions() == [] and s.chance_outcomes() == []
    with pytest.raises(ValueError, match="the game is over"):
        s.apply_action(0)


def test_resign_and_leave_texts_are_actions():
    s = morph.load_game("morpyam", players=3).new_initial_state()
    leave = s.string_to_action("resign 2")
    assert s.action_to_string(leave) == "resign 2"
    s.apply_action(leave)
    assert s.history_str() == ["resign 2"]
    with pytest.raises(ValueError, match="names a seat from 1 to 3"):
        s.string_to_action("resign 7")


def test_clone_is_independent_and_copy_works():
    s = morph.load_game("morphos", size=5).new_initial_state()
    s.apply_text("b2")
    c = s.clone()
    c.apply_text("c3")
    assert s.history_str() == ["b2"] and c.history_str() == ["b2", "c3"]
    d = copy.deepcopy(c)
    assert d.serialize() == c.serialize() and d is not c and copy.copy(c).history() == c.history()


def test_serialize_round_trip_and_a_read_state_has_no_history():
    g = morph.load_game("morpyam")
    s = g.play(seed=3)
    mid = g.new_initial_state()
    for a in s.history()[:40]:
        mid.apply_action(a)
    back = g.deserialize_state(mid.serialize())
    assert back.serialize() == mid.serialize()
    assert back.legal_actions() == mid.legal_actions() and back.chance_outcomes() == mid.chance_outcomes()
    assert str(back) == str(mid)
    assert back.history() == []
    with pytest.raises(ValueError, match="read from a text"):
        back.to_record()
    with pytest.raises(ValueError):
        g.deserialize_state("not a state")


def test_states_of_a_game_outlive_the_name_that_held_it():
    s = morph.load_game("morphos", size=4).new_initial_state()
    import gc
    gc.collect()
    assert s.get_game().name == "morphos" and len(s.legal_actions()) == 16


def test_apply_action_refuses_what_is_not_legal():
    s = morph.load_game("morphos", size=5).new_initial_state()
    for bad in (-1, 5, 400, 511, 512, 999, 1000, 1001, 2**31 - 1):
        with pytest.raises(ValueError, match="illegal action"):
            s.apply_action(bad)
    with pytest.raises(ValueError):
        s.apply_action(2**40)
    with pytest.raises(TypeError):
        s.apply_action("c3")
    with pytest.raises(ValueError, match="not legal here"):
        s.action_to_string(999)
    with pytest.raises(ValueError, match="not legal here"):
        s.describe(999)
    assert s.history() == []


def test_legend_rules_and_marks_are_the_librarys():
    g = morph.load_game("morpyam")
    s = g.new_initial_state()
    legend = s.legend()
    assert {"code": "CA", "name": "square"}.items() <= legend[next(i for i, e in enumerate(legend) if e["code"] == "CA")].items()
    assert s.rules().startswith("Morpyam") and s.rules() == g.rules()
    m = s.marks()
    assert m["width"] == 6 and m["height"] == 6 and isinstance(m["marks"], list)


def test_observation_planes_of_morphos():
    g = morph.load_game("morphos", size=5)
    assert g.observation_tensor_shape() == (12, 5, 5)
    s = g.new_initial_state()
    o = s.observation_tensor()
    assert o.dtype == np.float32 and o.shape == (12, 5, 5)
    assert o[4].sum() == 25 and o[6].min() == 1 and o[8].min() == 1 and o[:4].sum() == 0
    s.apply_text("b3")  # b3: column 1, row 2
    o = s.observation_tensor()
    assert o[0, 2, 1] == 1 and o[0].sum() == 1 and o[4, 2, 1] == 0 and o[4].sum() == 24
    assert o[6].max() == 0 and o[7].min() == 1  # White to move, may swap
    s.apply_text("swap")
    o = s.observation_tensor()
    assert o[8].max() == 0 and o[0, 2, 1] == 1  # the stone stays; seat 0 now plays White
    assert o[6].max() == 0 and o[7].max() == 0  # White (now seat 0) to move, no swap any more


def drawn_cells(state, n):
    """The cells of str(state) by letter: B/W stones, b/w weak stones (lower case)."""
    cells = {}
    for line in str(state).splitlines():
        parts = line.split()
        if len(parts) == n + 2 and parts[0].isdigit() and parts[0] == parts[-1]:
            for col, code in enumerate(parts[1:-1]):
                cells.setdefault(code, set()).add("abcdefghijklmnopqrs"[col] + parts[0])
    return cells


def plane_cells(plane):
    return {"abcdefghijklmnopqrs"[c] + str(r + 1) for r in range(plane.shape[0]) for c in range(plane.shape[1])
            if plane[r, c]}


@pytest.mark.parametrize("options", [{"size": 5}, {"size": 6, "mutators": ["minimorph", "duomorph"]}])
def test_stones_weak_stones_and_flips_in_the_tensor(options):
    g = morph.load_game("morphos", options)
    n = options["size"]
    for seed in (11, 12):
        s = g.play(seed=seed)
        replay = g.new_initial_state()
        for a in s.history():
            o = replay.observation_tensor()
            drawn = drawn_cells(replay, n)
            assert plane_cells(o[0]) == drawn.get("B", set()) | drawn.get("b", set())
            assert plane_cells(o[1]) == drawn.get("W", set()) | drawn.get("w", set())
            assert plane_cells(o[2]) == drawn.get("b", set()) and plane_cells(o[3]) == drawn.get("w", set())
            texts = [replay.action_to_string(x) for x in replay.legal_actions()]
            assert plane_cells(o[5]) == {t[1:] for t in texts if t.startswith("x")}
            assert plane_cells(o[4]) == {t for t in texts if t[0].isalpha() and t[1:].isdigit()}
            replay.apply_action(a)
        assert replay.is_terminal() and replay.observation_tensor()[4:8].sum() == 0


def test_observation_planes_of_morpyam():
    g = morph.load_game("morpyam")
    assert g.observation_tensor_shape() == (47, 6, 6)
    s = g.new_initial_state()
    o = s.observation_tensor()
    assert o[:15].sum() == 36 and o[:15].sum(axis=0).min() == 1  # every square has one kind
    assert o[15:17].sum() == 0  # no tokens
    s.apply_text("die 4,die 1,roll")
    o = s.observation_tensor()
    assert o[18].min() == 1 and o[19].max() == 0  # P1's turn (rolling)
    s.apply_text("dice 3 4 4 4 4")
    o = s.observation_tensor()
    dice = o[20:26, 0, 0]
    assert list(np.round(dice * 5).astype(int)) == [0, 0, 1, 4, 0, 0]
    assert o[32 + 1].min() == 1  # one roll made
    placeable = sorted("abcdef"[c] + str(r + 1) for r in range(6) for c in range(6) if o[17, r, c])
    places = sorted(s.action_to_string(a)[len("place "):] for a in s.legal_actions()
                    if s.action_to_string(a).startswith("place"))
    assert placeable == places
    assert o[43].min() == 1 and o[44].min() == 1  # 17 of 17 tokens in hand


def test_three_players_have_more_planes():
    g = morph.load_game("morpyam", players=3)
    assert g.observation_tensor_shape() == (51, 6, 6)
    assert g.new_initial_state().observation_tensor().shape == (51, 6, 6)


def test_every_game_of_the_registry_has_observation_planes():
    # src/capi/observe.c lists one Observer a game (docs/architecture.md, "Adding a third game")
    for info in morph.games():
        planes, height, width = morph.load_game(info["name"]).observation_tensor_shape()
        assert planes > 0 and height > 0 and width > 0
