"""What the Python suite shares: the package imported from the source tree
(python/), the morph binary of the build under test (MORPH, as tests/run.sh
sets it) and a `morph engine` to agree with."""
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir, os.pardir))
sys.path.insert(0, os.path.join(ROOT, "python"))
MORPH = os.environ.get("MORPH") or os.path.join(ROOT, "build", "asan", "morph")


def run_morph(*args, check=True):
    """Runs the morph binary; its stdout."""
    done = subprocess.run([MORPH, *args], capture_output=True, text=True, timeout=300)
    if check and done.returncode != 0:
        raise AssertionError("morph %s: %s" % (" ".join(args), done.stderr))
    return done.stdout


class Engine:
    """`morph engine` over pipes: one request, one reply."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([MORPH, "engine", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)

    def __call__(self, cmd, **fields):
        fields["cmd"] = cmd
        self.proc.stdin.write(json.dumps(fields) + "\n")
        reply = json.loads(self.proc.stdout.readline())
        return reply

    def close(self):
        self.proc.stdin.close()
        assert self.proc.wait(timeout=60) == 0


@pytest.fixture
def engine():
    e = Engine()
    yield e
    e.close()


@pytest.fixture
def tmp(tmp_path):
    return tmp_path
