"""Compile the rules engine with mypyc: ``python -m firmware_py.build_engine``.

The engine is typed throughout (``mypy --strict``), so mypyc, mypy's compiler, turns the very same
sources into C extension modules: random games through the public ``Game`` then run about three times as
fast, and on the fast core about five times (the README has the figures measured), which is what lets a
Raspberry Pi check 10,000 random games per rule set overnight. The build needs mypy and a C compiler
(``pip install mypy``; ``gcc`` on Raspberry Pi OS); without them everything still runs, as Python.

The modules are built in a scratch folder, then moved into ``firmware_py/engine/_compiled`` together
with the fingerprint of their sources, written last: an interrupted build leaves no half-built engine,
and an engine edited after its build runs as Python until it is built again (see
:mod:`firmware_py.engine.compiled`). Rebuilding an up-to-date engine does nothing.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
from pathlib import Path

from firmware_py.engine.compiled import (
    FINGERPRINT,
    FOLDER,
    HERE,
    SUBPACKAGES,
    compiled_sources,
    fingerprint,
    is_up_to_date,
    source_name,
)

GROUP = "firmware_py.engine.native"
"""Name of mypyc's shared library for the compiled modules (``native__mypyc``, beside them)."""


class BuildError(Exception):
    """The engine could not be compiled; the message says why and what to install."""


def build(force: bool = False) -> bool:
    """Compile the engine unless the compiled one already matches the sources; True when it built.

    Raises:
        BuildError: mypy or a C compiler is missing, mypyc failed (its last lines are included), or the
            package's folder cannot be written.
    """
    if not force and is_up_to_date():
        return False
    wanted = fingerprint()
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as error:
        raise BuildError(
            f"compiling the engine needs mypy and setuptools ({error}): pip install mypy"
        ) from None
    if shutil.which(os.environ.get("CC", "cc")) is None:
        raise BuildError("compiling the engine needs a C compiler: apt install gcc (or set CC)")
    with tempfile.TemporaryDirectory(prefix="tock-engine-") as scratch:
        work = Path(scratch)
        _copy_sources(work / "src")
        output = io.StringIO()
        previous = Path.cwd()
        try:
            os.chdir(work / "src")  # mypyc names the modules after their paths
            with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
                setup(
                    name="tock-engine-compiled",
                    ext_modules=mypycify(
                        [f"firmware_py/engine/{source_name(p)}" for p in compiled_sources()],
                        group_name=GROUP,
                        target_dir=str(work / "c"),
                    ),
                    script_args=[
                        "build_ext",
                        "--build-lib",
                        str(work / "lib"),
                        "--build-temp",
                        str(work / "o"),
                    ],
                )
        except (SystemExit, Exception) as error:
            log = output.getvalue()
            hint = "; Python's C headers are missing: apt install python3-dev" if "Python.h" in log else ""
            tail = "\n".join(log.splitlines()[-15:])
            raise BuildError(f"mypyc could not compile the engine ({error}){hint}:\n{tail}") from None
        finally:
            os.chdir(previous)
        try:
            _install(work / "lib" / "firmware_py" / "engine", wanted)
        except OSError as error:
            raise BuildError(f"the compiled engine cannot be written into {FOLDER}: {error}") from None
    return True


def _copy_sources(src: Path) -> None:
    """The engine package alone, in a scratch folder: mypy must not see what sits beside an installed
    package (site-packages' other modules)."""
    package = src / "firmware_py" / "engine"
    package.mkdir(parents=True)
    (src / "firmware_py" / "__init__.py").write_text("", encoding="utf-8")
    for path in HERE.glob("*.py"):
        shutil.copy2(path, package / path.name)
    for name in SUBPACKAGES:
        (package / name).mkdir()
        for path in (HERE / name).glob("*.py"):
            shutil.copy2(path, package / name / path.name)


def _install(built: Path, wanted: str) -> None:
    """Put the built modules in place, their fingerprint written last, then swap them in whole."""
    staged = FOLDER.with_name(FOLDER.name + ".new")
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir()
    for module in built.iterdir():
        if module.is_dir():  # a subpackage's compiled modules
            shutil.copytree(module, staged / module.name)
        else:
            shutil.copy2(module, staged / module.name)
    (staged / FINGERPRINT).write_text(wanted + "\n", encoding="ascii")
    shutil.rmtree(FOLDER, ignore_errors=True)
    staged.rename(FOLDER)


def main() -> int:
    """The command: build, say what happened, exit 1 (with the reason) when it could not."""
    try:
        built = build(force="--force" in sys.argv[1:])
    except BuildError as error:
        print(f"The engine was not compiled and runs as Python: {error}", file=sys.stderr)
        return 1
    print(f"compiled engine {'built' if built else 'up to date'} in {FOLDER}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
