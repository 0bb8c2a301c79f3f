"""morph.pyspiel holds OpenSpiel's contract (issue 35, docs/python.md
"Coming from OpenSpiel"): every name with OpenSpiel's meaning, dense ids,
zero-sum returns, chance nodes, game strings, serialisation, batches, and an
MCTS and an alpha-beta written only against those names (spiel_algorithms)."""
import pickle
import random

import numpy as np
import pytest

import morph
from morph import pyspiel
from spiel_algorithms import alpha_beta, mcts


def random_game(game, seed, stop=None):
    """A state played by a seeded random.Random the OpenSpiel way, to the
    end or for stop actions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (stop is None or len(state.history()) < stop):
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def test_player_ids_and_invalid_action_are_openspiels():
    ids = pyspiel.PlayerId
    assert (ids.CHANCE, ids.SIMULTANEOUS, ids.INVALID, ids.TERMINAL, ids.MEAN_FIELD) == (-1, -2, -3, -4, -5)
    assert pyspiel.INVALID_ACTION == -1


def test_registered_games_and_their_types():
    types = {t.short_name: t for t in pyspiel.registered_games()}
    assert sorted(types) == ["morphos", "morpyam"]
    G = pyspiel.GameType
    morphos, morpyam = types["morphos"], types["morpyam"]
    assert morphos.chance_mode == G.ChanceMode.DETERMINISTIC and morpyam.chance_mode == G.ChanceMode.EXPLICIT_STOCHASTIC
    for t in types.values():
        assert t.dynamics == G.Dynamics.SEQUENTIAL and t.information == G.Information.PERFECT_INFORMATION
        assert t.utility == G.Utility.ZERO_SUM and t.reward_model == G.RewardModel.TERMINAL
        assert t.provides_observation_tensor and t.provides_observation_string and t.default_loadable
        assert not t.provides_information_state_tensor and t.provides_information_state_string
        assert pickle.loads(pickle.dumps(t)) == t
    assert (morphos.min_num_players, morphos.max_num_players) == (2, 2)
    assert (morpyam.min_num_players, morpyam.max_num_players) == (2, 4)
    assert morphos.parameter_specification == {"size": 13, "mutators": [], "move-cap": 0}
    assert morpyam.parameter_specification["rolloff-cap"] == 100
    assert pyspiel.load_game("morpyam(players=3)").get_type() == morpyam


@pytest.mark.parametrize("text,options", [
    ("morphos(size=5,mutators=minimorph+duomorph)", {"size": 5, "mutators": ["minimorph", "duomorph"]}),
    ("morphos()", {"size": 13, "mutators": []}),
    ("morphos(size=7,move-cap=40)", {"size": 7, "move-cap": 40}),
    ("morpyam(players=4,variant=plus,rules=strict-call+daversa,turn-cap=50)",
     {"players": 4, "variant": "plus", "rules": ["strict-call", "daversa"], "turn-cap": 50}),
])
def test_game_strings_round_trip(text, options):
    game = pyspiel.load_game(text)
    for key, value in options.items():
        assert game.options[key] == value
    assert str(game) == text and pyspiel.load_game(str(game)) == game
    assert game.get_parameters() == game.options


def test_game_strings_in_other_spellings_name_the_same_game():
    five = pyspiel.load_game("morphos(size=5)")
    assert pyspiel.load_game("morphos", {"size": 5}) == five == pyspiel.load_game("morphos(size=5,mutators=)")
    assert pyspiel.load_game(" morphos ( size = 5 ) ") == five
    assert str(pyspiel.load_game("morphos", {"size": 5, "move_cap": 20})) == "morphos(size=5,move-cap=20)"
    assert str(pyspiel.load_game("morphos(size=13)")) == "morphos()"
    assert str(pyspiel.load_game("morpyam", {"rules": ["daversa"]})) == "morpyam(rules=daversa)"


def test_a_grid_goes_into_a_game_string_without_commas():
    layout = "/".join(["1,2,3,4,5,6"] * 6)
    custom = pyspiel.load_game("morpyam", {"grid": layout})
    assert str(custom) == "morpyam(grid=%s)" % layout.replace(",", " ")
    again = pyspiel.load_game(str(custom))
    assert again == custom and str(again.new_initial_state()) == str(custom.new_initial_state())


@pytest.mark.parametrize("text,message", [
    ("chess", "unknown game 'chess' (expected morphos or morpyam)"),
    ("morphos(size=5", "expected name or name(key=value,...)"),
    ("morphos(size)", "expected key=value, got 'size'"),
    ("morphos(size=5,size=7)", "size is given twice"),
    ("morphos(colour=red)", "unknown option 'colour' of morphos (expected size, mutators, move-cap)"),
    ("morphos(size=five)", "morphos option 'size': expected a whole number, got 'five'"),
    ("morphos(size=2)", "option 'size' must be 3 to 19, got 2"),
    ("morpyam(players=7)", "option 'players' must be 2, 3 or 4"),
])
def test_bad_game_strings_say_what_was_expected(text, message):
    with pytest.raises(ValueError) as e:
        pyspiel.load_game(text)
    assert message in str(e.value)


@pytest.mark.parametrize("text,distinct,outcomes", [
    ("morphos(size=3)", 20, 0), ("morphos(size=5)", 52, 0), ("morphos(size=19)", 724, 0),
    ("morpyam()", 506, 89), ("morpyam(players=4,variant=flash)", 506, 89), ("morpyam(variant=plus)", 1046, 104),
])
def test_action_ids_are_dense(text, distinct, outcomes):
    game = pyspiel.load_game(text)
    assert game.num_distinct_actions() == distinct and game.max_chance_outcomes() == outcomes
    seen_decisions, seen_outcomes = set(), set()
    for seed in range(3):
        state = random_game(game, seed)
        replay = game.new_initial_state()
        for action in state.history():
            if replay.is_chance_node():
                assert replay.legal_actions() == [a for a, _ in replay.chance_outcomes()]
                seen_outcomes.add(action)
            else:
                legal = replay.legal_actions()
                assert legal == sorted(legal) and action in legal
                assert replay.legal_actions_mask() == [int(a in legal) for a in range(distinct)]
                seen_decisions.add(action)
            replay.apply_action(action)
    assert seen_decisions and max(seen_decisions) < distinct and min(seen_decisions) >= 0
    assert not outcomes or (seen_outcomes and max(seen_outcomes) < outcomes)


def test_ids_name_the_same_actions_as_morphs_integers():
    game = pyspiel.load_game("morphos(size=5,mutators=duomorph)")
    plain = morph.load_game("morphos", size=5, mutators=["duomorph"])
    spiel_state, state = random_game(game, 4, stop=12), plain.new_initial_state()
    texts = spiel_state.history_texts()
    for text in texts:
        state.apply_text(text)
    assert str(state) == str(spiel_state) and len(texts) == 12
    assert spiel_state.position_text() == state.serialize()
    for action in spiel_state.legal_actions():
        text = spiel_state.action_to_string(spiel_state.current_player(), action)
        assert text == spiel_state.action_to_string(action) and spiel_state.string_to_action(text) == action
        assert spiel_state.describe(action) == state.describe(text)


def test_chance_nodes_list_their_outcome_ids():
    game = pyspiel.load_game("morpyam(variant=plus)")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert state.legal_actions() == [a for a, _ in outcomes] == state.legal_actions(pyspiel.PlayerId.CHANCE)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12 and all(a < game.max_chance_outcomes() for a, _ in outcomes)
    assert len(state.legal_actions_mask()) == game.max_chance_outcomes() and state.legal_actions(0) == []
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0])
    rolled = random_game(pyspiel.load_game("morpyam"), 2, stop=40)
    while not rolled.is_chance_node():
        legal = rolled.legal_actions()
        rolled.apply_action(legal[0])
    assert 0 < len(rolled.chance_outcomes()) <= 56
    first = rolled.chance_outcomes()
    first.clear()  # a caller's list is its own
    assert rolled.chance_outcomes()
    assert rolled.sample_chance(morph.Rng(1)) in rolled.legal_actions()
    with pytest.raises(ValueError, match="not a chance outcome of this state"):
        rolled.apply_action(game.max_chance_outcomes())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_returns_are_zero_sum_with_one_for_a_lone_winner(players):
    game = pyspiel.load_game("morpyam(players=%d)" % players)
    assert game.min_utility() == -1 / (players - 1) and game.max_utility() == 1 and game.utility_sum() == 0
    state = random_game(game, 6)
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL == -4
    share = state.returns_share()
    returns = state.returns()
    assert returns == [(players * r - 1) / (players - 1) for r in share] and abs(sum(returns)) < 1e-12
    assert [state.player_return(p) for p in range(players)] == returns == state.rewards()
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
    assert state.legal_actions() == [] and all(state.legal_actions(p) == [] for p in range(players))
    if share.count(0.0) == players - 1:
        assert sorted(returns) == [-1 / (players - 1)] * (players - 1) + [1.0]


def test_two_players_get_plus_and_minus_one_and_a_draw_zero():
    state = random_game(pyspiel.load_game("morphos(size=5)"), 1)
    assert sorted(state.returns()) == [-1.0, 1.0] and sorted(state.returns_share()) == [0.0, 1.0]
    draw = random_game(pyspiel.load_game("morphos(size=4,move-cap=3)"), 1)
    assert draw.is_terminal() and draw.returns() == [0.0, 0.0] and draw.returns_share() == [0.5, 0.5]
    running = pyspiel.load_game("morphos(size=5)").new_initial_state()
    assert running.returns() == [0.0, 0.0] == running.rewards()


def test_state_names_of_openspiel():
    game = pyspiel.load_game("morphos(size=5)")
    state = random_game(game, 3, stop=5)
    assert not state.is_simultaneous_node() and not state.is_mean_field_node() and state.is_player_node()
    assert state.move_number() == 5 == len(state.history()) and not state.is_initial_state()
    assert game.new_initial_state().is_initial_state() and game.new_initial_states()[0].is_initial_state()
    assert state.history_str() == ", ".join(map(str, state.history()))
    assert state.information_state_string(0) == state.history_str() == state.information_state_string()
    assert state.observation_string(1) == str(state) and state.num_distinct_actions() == 52
    child = state.child(state.legal_actions()[0])
    assert child.history() == state.history() + [state.legal_actions()[0]] and len(state.history()) == 5
    assert state.get_game() is game
    with pytest.raises(ValueError, match="expected a seat from 0 to 1"):
        state.observation_tensor(2)
    with pytest.raises(ValueError, match="simultaneous"):
        state.apply_actions([0, 1])
    with pytest.raises(ValueError, match="ids of decisions are 0 to 51"):
        state.action_to_string(0, 52)
    with pytest.raises(ValueError, match="illegal action 52"):
        state.apply_action(52)


def test_serialisation_keeps_the_history():
    game = pyspiel.load_game("morpyam(players=3)")
    state = random_game(game, 8, stop=60)
    text = state.serialize()
    assert text == "".join("%d\n" % a for a in state.history())
    again = game.deserialize_state(text)
    assert again.history() == state.history() and str(again) == str(state)
    assert game.deserialize_state("").is_initial_state() and game.deserialize_state("\n").is_initial_state()
    both = pyspiel.serialize_game_and_state(game, state)
    assert both.startswith("# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n")
    new_game, new_state = pyspiel.deserialize_game_and_state(both)
    assert new_game == game and new_state.history() == state.history() and str(new_state) == str(state)


def roll_nodes(game, sizes):
    """{number of whole outcomes: a state at a roll with that many} for
    each of sizes, found along random games."""
    found, seed = {}, 0
    while len(found) < len(sizes):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal() and len(found) < len(sizes):
            if state.is_chance_node():
                whole = len(morph.State.chance_outcomes(state))
                if whole in sizes and whole not in found and morph.State.history(state)[-1:] != [3000]:
                    found[whole] = state.clone()
                actions, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        seed += 1
    return found


@pytest.mark.parametrize("text", ["morpyam()", "morpyam(players=3,variant=plus)"])
def test_a_roll_drawn_in_parts_comes_out_as_the_game_rolls_it(text):
    """Exact: following every path of parts from a roll of 1 to 5 dice, the
    product of the probabilities met is the game's probability of the
    whole roll it applies, and every roll is reached by one path."""
    game = pyspiel.load_game(text)
    for whole, state in sorted(roll_nodes(game, (21, 56, 126, 252)).items()):
        expected = dict(morph.State.chance_outcomes(state))
        assert len(expected) == whole and abs(sum(expected.values()) - 1) < 1e-12
        reached, paths = {}, [(state, 1.0, 0)]
        while paths:
            node, p, depth = paths.pop()
            if not node.is_chance_node() or morph.State.history(node) != morph.State.history(state):
                roll = morph.State.history(node)[len(morph.State.history(state))]
                assert roll not in reached and depth == (2 if whole > 56 else 1)
                reached[roll] = p
                continue
            outcomes = node.chance_outcomes()
            assert 0 < len(outcomes) <= 56 and abs(sum(q for _, q in outcomes) - 1) < 1e-12
            assert node.legal_actions() == [a for a, _ in outcomes] == sorted(a for a, _ in outcomes)
            paths += [(node.child(a), p * q, depth + 1) for a, q in outcomes]
        assert reached.keys() == expected.keys()
        assert max(abs(reached[r] - expected[r]) for r in expected) < 1e-15


def test_a_roll_half_drawn_is_serialised_and_cloned_half_drawn():
    game = pyspiel.load_game("morpyam")
    state = roll_nodes(game, (252,))[252]
    before = len(state.history())
    first = state.chance_outcomes()
    assert len(first) == 21 and state.action_to_string(first[0][0]) == "dice 1 1"
    state.apply_action(first[4][0])  # the lowest two dice show 1 and 5
    assert state.is_chance_node() and len(state.history()) == before + 1 and state.move_number() == before + 1
    rest = state.chance_outcomes()
    assert [state.action_to_string(a) for a, _ in rest] == ["dice 5 5 5", "dice 5 5 6", "dice 5 6 6", "dice 6 6 6"]
    assert state.string_to_action("dice 5 6 6") == rest[2][0] and state.describe(rest[2][0]) == "dice 5 6 6"
    for twin in (game.deserialize_state(state.serialize()), state.clone(), pickle.loads(pickle.dumps(state))):
        assert twin.history() == state.history() and twin.chance_outcomes() == rest
        twin.apply_action(rest[2][0])
        assert twin.history_texts()[-1] == "dice 1 5 5 6 6" and not twin.is_chance_node()
    with pytest.raises(ValueError, match="not a chance outcome of this state"):
        state.apply_action(first[0][0])  # 1 1 is not among the dice still to draw
    with pytest.raises(ValueError, match="'dice 1 2 3' is not a chance outcome of this state"):
        state.string_to_action("dice 1 2 3")
    rng, counts = morph.Rng(7), {}
    for _ in range(6000):  # sample_chance draws the others as chance_outcomes weighs them
        drawn = state.sample_chance(rng)
        counts[drawn] = counts.get(drawn, 0) + 1
    for action, p in rest:
        assert abs(counts.get(action, 0) / 6000 - p) < 5 * (p * (1 - p) / 6000) ** 0.5 + 1e-9


def test_a_state_from_morphs_position_text_keeps_its_start_and_history_since():
    game = pyspiel.load_game("morphos(size=5)")
    position = random_game(game, 2, stop=6).position_text()
    state = game.deserialize_state(position)
    state.apply_action(state.legal_actions()[0])
    text = state.serialize()
    assert text == "starting_state=%s\n%d\n" % (position, state.history()[0])
    again = game.deserialize_state(text)
    assert again.history() == state.history() and again.position_text() == state.position_text()


@pytest.mark.parametrize("text,message", [
    ("3\nx\n", "line 2: expected an action id, got 'x'"),
    ("999\n", "illegal action 999"),
    ("morphos nonsense\n3\n", "expected action ids one a line after its first line"),
])
def test_bad_serialised_states_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game("morphos(size=5)").deserialize_state(text)
    with pytest.raises(ValueError, match="expected a \\[Game\\] and a \\[State\\] section"):
        pyspiel.deserialize_game_and_state("[Meta]\nVersion: 1\n")


@pytest.mark.parametrize("text", ["morphos(size=5,mutators=minimorph)", "morpyam(players=3)"])
def test_observation_tensors_flat_and_in_batches(text):
    game = pyspiel.load_game(text)
    states = [random_game(game, seed, stop=seed * 7) for seed in range(6)]
    size = game.observation_tensor_size()
    assert size == int(np.prod(game.observation_tensor_shape())) and len(game.observation_tensor_shape()) == 3
    batch = pyspiel.observation_tensors(states)
    masks = pyspiel.legal_actions_masks(states)
    assert batch.shape == (6, size) and batch.dtype == np.float32
    assert masks.shape == (6, game.num_distinct_actions()) and masks.dtype == np.uint8
    for i, state in enumerate(states):
        flat = state.observation_tensor(0)
        assert isinstance(flat, list) and len(flat) == size and flat == state.observation_tensor(1)
        assert np.array_equal(batch[i], np.array(flat, dtype=np.float32))
        assert np.array_equal(state.observation_planes().reshape(-1), batch[i])
        expected = state.legal_actions_mask() if state.is_player_node() else [0] * game.num_distinct_actions()
        assert masks[i].tolist() == expected
    other = pyspiel.load_game("morphos(size=7)").new_initial_state()
    with pytest.raises(ValueError, match="state 1 of the batch"):
        pyspiel.observation_tensors([states[0], other])
    with pytest.raises(ValueError, match="one game a batch"):
        pyspiel.legal_actions_masks([states[0], other])


@pytest.mark.parametrize("text", ["morphos(size=3,mutators=duomorph+remorph)", "morphos(size=4,mutators=remorph)",
                                  "morphos(size=5)", "morphos(size=4,mutators=deepmorph,move-cap=6)"])
def test_max_game_length_bounds_every_game(text):
    game = pyspiel.load_game(text)
    bound = game.max_game_length()
    cap = game.options["move-cap"] or 4 * game.options["size"] ** 2
    assert bound == cap * (1 + ("duomorph" in text) + ("remorph" in text))
    assert max(len(random_game(game, seed).history()) for seed in range(40)) <= bound


@pytest.mark.parametrize("text", ["morpyam(turn-cap=6,rolloff-cap=1)", "morpyam(players=4,turn-cap=5,rolloff-cap=2)",
                                  "morpyam(players=3,variant=plus,turn-cap=3,rolloff-cap=1)"])
def test_morpyam_length_is_bounded_by_its_caps(text):
    game = pyspiel.load_game(text)
    o = game.options
    plus = o["variant"] == "plus"
    assert game.max_game_length() == (72 * plus + (1 + plus) * o["rolloff-cap"] * o["players"]
                                      + 13 * o["turn-cap"] + o["players"])
    assert max(len(random_game(game, seed).history()) for seed in range(40)) <= game.max_game_length()
    assert pyspiel.load_game("morpyam").max_game_length() == 100 * 2 + 1000 * 13 + 2


def test_the_bot_base_class_does_what_openspiels_does():
    class Fixed(pyspiel.Bot):
        def step(self, state):
            return state.legal_actions()[0]

    bot = Fixed()
    state = pyspiel.load_game("morphos(size=3)").new_initial_state()
    assert bot.step(state) == 0 and not bot.provides_policy() and not bot.is_clonable()
    bot.inform_action(state, 0, 0)
    bot.restart()
    with pytest.raises(NotImplementedError):
        bot.restart_at(state)


def test_alpha_beta_on_pyspiel_names_solves_morphos_3x3_as_morph_solve():
    game = pyspiel.load_game("morphos(size=3)")
    root = game.new_initial_state()
    value, _ = alpha_beta(root, root.current_player())
    assert morph.solve(morph.load_game("morphos", size=3).new_initial_state())["result"] == "loss"
    assert value == -1.0
    after = root.child(root.string_to_action("a1"))
    value, best = alpha_beta(after, after.current_player())
    solved = morph.solve(morph.load_game("morphos", size=3).deserialize_state(after.position_text()))
    assert solved["result"] == "win" and value == 1.0 and after.action_to_string(best) in solved["winning_moves"]


def test_mcts_on_pyspiel_names_beats_random_on_morphos_5x5():
    game = pyspiel.load_game("morphos(size=5)")
    wins = 0
    for seed in range(6):
        rng = random.Random(seed)
        seat = seed % 2  # the search plays each colour in turn
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                state.apply_action(mcts(state, 60, rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        wins += state.returns()[seat] == 1.0
    assert wins >= 5


@pytest.mark.parametrize("seed", range(3))
def test_junk_into_pyspiel_is_refused_in_one_line(seed):
    rng = random.Random(seed)
    game = pyspiel.load_game("morpyam(players=3)")
    state = random_game(game, seed, stop=30)
    good = pyspiel.serialize_game_and_state(game, state)
    pieces = ["morphos", "morpyam", "(", ")", "=", ",", "+", "size", "players", "9", "-1", "x", " ", "\n", "[Game]",
              "[State]", "[Meta]", "starting_state=", "\0", "é", "99999999999999999999"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        if rng.randrange(3) == 0:
            cut = rng.randrange(len(good))
            text = good[:cut] + text + good[cut + rng.randrange(0, 20):]
        for call in (pyspiel.load_game, game.deserialize_state, pyspiel.deserialize_game_and_state,
                     state.string_to_action):
            try:
                call(text)
            except (ValueError, TypeError) as e:
                assert "\n" not in str(e)
    for number in [rng.randrange(-2**31, 2**31) for _ in range(100)] + [2**40, -1, 10**30, 1.5, "3", None, True]:
        for call in (state.apply_action, state.action_to_string, state.describe, state.legal_actions_mask,
                     state.observation_tensor):
            try:
                call(number)
            except (ValueError, TypeError, OverflowError) as e:
                assert "\n" not in str(e)
