"""The package installs offline with pip and Debian's setuptools, carrying
the library inside it; the one-liner of the README works."""
import os
import shutil
import subprocess
import sys

from conftest import ROOT


def test_pip_installs_the_package_with_its_library(tmp):
    env = dict(os.environ)  # MORPH_LIBRARY names the library under test: setup.py copies it
    # a copy of python/, as pip builds in place and this tree is not the test's to write
    shutil.copytree(os.path.join(ROOT, "python"), tmp / "src", ignore=shutil.ignore_patterns("build", "*.egg-info"))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--no-index", "--no-deps",
                           "--target", str(tmp / "site"), str(tmp / "src")], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp / "site" / "morph" / "libmorph.so").exists()
    run = dict(env, PYTHONPATH=str(tmp / "site"))
    del run["MORPH_LIBRARY"]  # the installed package finds the library beside itself
    out = subprocess.run([sys.executable, "-c", "import morph; print(morph.__file__); "
                          "print(morph.load_game('morpyam').new_initial_state())"],
                         capture_output=True, text=True, env=run, cwd=str(tmp), timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(str(tmp / "site" / "morph" / "__init__.py"))
    assert "rolling one die each for the first player" in out.stdout


def test_the_readme_one_liner_from_the_build_tree():
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"))
    out = subprocess.run([sys.executable, "-c", "import morph; print(morph.load_game('morpyam').new_initial_state())"],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].split() == ["a", "b", "c", "d", "e", "f"]
