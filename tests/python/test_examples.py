"""The three examples of docs/python.md (python/examples) run and say what
the documentation shows."""
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from conftest import MORPH, ROOT

EXAMPLES = os.path.join(ROOT, "python", "examples")


def run_example(name, *args):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    done = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_match_random_against_mcts():
    out = run_example("match.py", "--games", "2", "--size", "5", "--playouts", "300")
    assert out.splitlines()[0].startswith("game 1: mcts (first) against random (second): ")
    assert out.splitlines()[1].startswith("game 2: random (first) against mcts (second): ")
    assert out.splitlines()[-1] == "score: mcts 2, random 0"


def test_first_moves_of_3x3():
    out = run_example("first_moves.py", "--size", "3", "--no-swap").splitlines()
    assert out[:4] == ["   a b c", " 3 W W W", " 2 W W W", " 1 W W W"]
    assert re.fullmatch(r"Black, to move, wins: 9 winning first moves \(\d+ nodes searched\)", out[4])
    out = run_example("first_moves.py", "--size", "3").splitlines()
    assert out[1:4] == [" 3 L L L", " 2 L L L", " 1 L L L"]
    assert out[4].startswith("Black, to move, loses: 0 winning first moves")


@pytest.fixture
def server(tmp):
    """morph serve on a free port with a scratch database, as tests/cli/serve.sh starts it."""
    (tmp / "web").mkdir()
    (tmp / "web" / "index.html").write_text("<!doctype html><title>morph</title>")
    out = open(tmp / "out", "w")
    proc = subprocess.Popen([MORPH, "serve", "--port", "0", "--db", str(tmp / "morph.db"), "--web", str(tmp / "web"),
                             "--ai-threads", "1"], stdout=out, stderr=subprocess.DEVNULL)
    try:
        for _ in range(1000):
            found = re.search(r"127\.0\.0\.1:(\d+)", (tmp / "out").read_text())
            if found:
                break
            assert proc.poll() is None, "morph serve stopped"
            time.sleep(0.02)
        assert found, "morph serve did not start"
        yield "http://127.0.0.1:" + found.group(1)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        out.close()


def test_http_bot_plays_a_game_on_morph_serve(server):
    out = run_example("http_bot.py", server).splitlines()
    assert len(out) >= 4 and all(line.startswith(("Black ", "White ")) for line in out[:-1])  # a swap changes colours
    assert re.match(r"^(Black|White) \((P[12]|Beginner AI)\) wins", out[-1])  # the AI seat named by its level
