"""Where the compiled engine lives, and whether it was compiled from these very sources.

``python -m firmware_py.build_engine`` compiles the engine's modules with mypyc (the same typed
sources, turned into C extension modules; the README has the measured speed) into the folder
``_compiled`` beside them, with a fingerprint of the sources. ``firmware_py.engine`` puts that folder
first on its module path only when the fingerprint matches: an engine edited since its last build, a
build for another Python, or no build at all simply run as Python, so the compiled engine can never be
stale. Set ``TOCK_ENGINE=python`` to run the Python sources even when a build is there.

Not compiled itself: it is read before the package knows where its modules come from.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "_compiled"
"""The compiled modules (one extension module each, plus mypyc's shared library)."""
FINGERPRINT = "SOURCES"
"""File in ``FOLDER``: the fingerprint of the sources and the Python the build is for."""
NOT_COMPILED = ("__init__.py", "compiled.py")
"""The packages' own files (the engine's and its fast core's), always run as Python."""
SUBPACKAGES = ("fast",)
"""The engine's subpackages, compiled with it (each into a folder of its name in ``FOLDER``)."""


def compiled_sources() -> list[Path]:
    """The engine modules that are compiled (its subpackages' included), in a fixed order."""
    folders = [HERE, *(HERE / name for name in SUBPACKAGES)]
    return sorted(p for folder in folders for p in folder.glob("*.py") if p.name not in NOT_COMPILED)


def source_name(path: Path) -> str:
    """A source's path inside the engine package (``game.py``, ``fast/state.py``)."""
    return path.relative_to(HERE).as_posix()


def fingerprint() -> str:
    """What a build must have been made from: these sources, byte for byte, for this Python."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    for path in compiled_sources():
        digest.update(source_name(path).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_up_to_date() -> bool:
    """Whether the compiled modules were built from these sources for this Python."""
    try:
        built = (FOLDER / FINGERPRINT).read_text(encoding="ascii").strip()
    except OSError:
        return False
    return built == fingerprint()


def usable_folder() -> Path | None:
    """The compiled modules' folder when they match the sources and are wanted; None otherwise."""
    if os.environ.get("TOCK_ENGINE", "").lower() == "python" or not is_up_to_date():
        return None
    return FOLDER


def is_compiled() -> bool:
    """Whether the engine running now is the compiled one (what ``make bench`` reports): where its
    ``game`` module is loaded from, found without importing it (this module sits below the rules)."""
    spec = importlib.util.find_spec("firmware_py.engine.game")
    origin = spec.origin if spec is not None else None
    return origin is not None and not origin.endswith(".py")


def engine_kind() -> str:
    """``compiled`` or ``Python``: which engine runs, for figures that depend on it."""
    return "compiled" if is_compiled() else "Python"
