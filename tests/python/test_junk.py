"""Random junk into every call that takes outside input: always the
library's one-line message as a ValueError (or a TypeError for a value of
the wrong type), never a crash of the interpreter (the sanitizer build
aborts on any bad memory access)."""
import json
import random

import pytest

import morph

SEEDS = range(3)


def junk_text(rng):
    kind = rng.randrange(5)
    if kind == 0:
        return bytes(rng.randrange(1, 256) for _ in range(rng.randrange(0, 60)))
    if kind == 1:
        return "".join(chr(rng.choice([rng.randrange(1, 128), rng.randrange(128, 0x3000)]))
                       for _ in range(rng.randrange(0, 40)))
    if kind == 2:
        return rng.choice(["c3", "a1,b2", "swap", "resign", "resign 9", "timeout 1", "reroll 6", "dice 1 2 3 4 5",
                           "die 7", "call suite", "place a1", "x" * 300, ",", ",,,", "pass", "roll", "xb1"])
    if kind == 3:
        return ",".join(rng.choice(["c3", "", "b2", "die 3", "zz", "roll"]) for _ in range(rng.randrange(1, 20)))
    return "%s %d" % (rng.choice(["keep", "reroll", "place", "put", "deal", "call"]), rng.randrange(-99, 99999))


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        if not chars:
            break
        i = rng.randrange(len(chars))
        choice = rng.randrange(3)
        if choice == 0:
            chars[i] = chr(rng.randrange(32, 127))
        elif choice == 1:
            del chars[i]
        else:
            chars.insert(i, rng.choice("0123456789=,/- .x"))
    return "".join(chars)


def refused(call, *args, **kwargs):
    """Runs call; a refusal must be one line."""
    try:
        return call(*args, **kwargs)
    except (ValueError, TypeError) as e:
        assert "\n" not in str(e) and str(e)
        return None


def positions():
    for name, options in (("morphos", {"size": 5, "mutators": ["duomorph", "remorph"]}), ("morpyam", {}),
                          ("morpyam", {"players": 4, "variant": "plus"}), ("morphos", {"size": 3})):
        game = morph.load_game(name, options)
        full = game.play(seed=4)
        state = game.new_initial_state()
        for k, a in enumerate(full.history()):
            if k % max(1, len(full.history()) // 6) == 0:
                yield game, state.clone()
            state.apply_action(a)
        yield game, state


@pytest.mark.parametrize("seed", SEEDS)
def test_junk_into_states(seed):
    rng = random.Random(seed)
    for game, state in positions():
        serialized = state.serialize()
        for _ in range(60):
            text = junk_text(rng)
            refused(state.clone().string_to_action, text)
            work = state.clone()
            if refused(work.apply_text, text) is None:
                assert work.serialize() == serialized  # all or nothing
            why = refused(state.why_not, text)
            assert why is None or isinstance(why, str)
            refused(state.describe, text)
            refused(game.deserialize_state, text)
            refused(game.deserialize_state, mutate(rng, serialized))
            number = rng.choice([rng.randrange(-2**31, 2**31), rng.randrange(-5, 4000)])
            applied = state.clone()
            if refused(applied.apply_action, number) is None and len(applied.history()) > len(state.history()):
                # it applied: a legal action, or a resignation (never listed)
                listed = state.legal_actions() + [a for a, _ in state.chance_outcomes()]
                assert number in listed or state.action_to_string(number).startswith(("resign", "timeout"))
            refused(state.action_to_string, rng.randrange(-10, 5000))
            refused(state.describe, rng.randrange(-10, 5000))
            refused(morph.ai.choose, state, text if isinstance(text, str) else "random", seed=rng.randrange(2**64))
        assert state.serialize() == serialized


@pytest.mark.parametrize("seed", SEEDS)
def test_junk_games_options_and_specs(seed):
    rng = random.Random(100 + seed)
    for _ in range(150):
        text = junk_text(rng)
        refused(morph.load_game, text)
        key = rng.choice(["size", "mutators", "move-cap", "players", "variant", "rules", "grid", "turn-cap", text])
        if isinstance(key, bytes):
            key = key.decode("latin-1")
        value = rng.choice([text if isinstance(text, str) else "x", rng.randrange(-2**40, 2**40), [text], 1.5,
                            None, {"a": 1}, [1, 2], True])
        refused(morph.load_game, rng.choice(["morphos", "morpyam"]), {key: value})
        refused(morph.ai.levels, text)
        game = morph.load_game("morphos", size=3)
        refused(game.play, seed=rng.randrange(-5, 2**64), players=[text, "random"])
        refused(game.random_games, rng.randrange(-3, 3), seed=rng.randrange(2**64))
        refused(game.play_games, 1, seed=rng.randrange(2**62, 2**64), players="random")
        refused(game.new_initial_state().to_record, players=[text, text])
        refused(morph.Rng(rng.randrange(2**64)).below, rng.randrange(-3, 2**33))


@pytest.mark.parametrize("seed", SEEDS)
def test_junk_records(seed, tmp):
    rng = random.Random(200 + seed)
    good = morph.load_game("morpyam", turn_cap=3).play(seed=seed).to_record()
    text = json.dumps(good)
    assert morph.read_record(text).actions == good["actions"]
    path = tmp / "r.json"
    for _ in range(80):
        bad = mutate(rng, text)
        refused(morph.read_record, bad)
        path.write_text(bad)
        refused(morph.load_record, path)
        doc = dict(good)
        doc[rng.choice(list(doc))] = rng.choice([None, 7, "x", [], {}, [junk_text(rng) if False else "zz"], -1])
        refused(morph.read_record, doc)
        refused(morph.load_record, junk_text(rng))
        refused(morph.analyze, str(tmp / "none.json"))
    state = morph.load_game("morphos", size=3).new_initial_state()
    huge = [2**64, -2**64, 2**200, float("nan"), float("inf"), "7", None, 1.5]
    for value in huge:  # numbers no C type holds, and values of the wrong kind
        refused(morph.solve, state, nodes=value)
        refused(morph.solve, state, threads=value)
        refused(morph.solve, state, memory=value)
        refused(morph.solve, state, budget=value)
        refused(morph.analyze, state, budget=value)
        refused(morph.analyze, state, seed=value)
        refused(morph.ai.choose, state, "random", seed=value)
        refused(morph.Rng, value)
        refused(morph.Rng(1).below, value)
        refused(state.clone().apply_action, value)
        refused(state.legal_actions, value)
        refused(morph.load_game("morphos", size=3).random_games, value)
        refused(morph.load_game("morphos", size=3).random_games, 2, seed=value)
        refused(morph.load_game, "morphos", size=value)
    for _ in range(40):
        refused(morph.solve, state, budget=rng.choice([None, -1, 0, 1e9, 0.01]),
                nodes=rng.choice([None, -1, 0, 10**13, 100]), threads=rng.randrange(-2, 20),
                memory=rng.choice([None, 1, 15, 16, 70000]), swap=rng.random() < 0.5)
