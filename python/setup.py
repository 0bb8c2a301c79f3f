"""Installs the morph package with the library inside it:
`pip install --no-build-isolation --no-index ./python` (or `make python`)
works offline with Debian's setuptools. The library is build/release/
libmorph.so of this source tree (made with `make` when missing or stale),
or the file MORPH_LIBRARY names."""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        library = os.environ.get("MORPH_LIBRARY")
        if not library:
            library = os.path.join(ROOT, "build", "release", "libmorph.so")
            subprocess.run(["make", "-C", ROOT, "--no-print-directory", "build/release/libmorph.so"], check=True)
        if not os.path.exists(library):
            raise SystemExit("morph: no library at %s" % library)
        shutil.copy2(library, os.path.join(self.build_lib, "morph", "libmorph.so"))


class BinaryDistribution(Distribution):
    """The package carries a compiled library: its wheel is for this platform."""

    def has_ext_modules(self):
        return True


setup(
    name="morph",
    version="0.2.0",
    description="The morph games library (Morpyam, Morphos): rules, words, AI, solver and records, "
                "in the shape of OpenSpiel's API",
    packages=["morph"],
    python_requires=">=3.9",
    install_requires=["numpy"],
    cmdclass={"build_py": BuildWithLibrary},
    distclass=BinaryDistribution,
    zip_safe=False,
)
