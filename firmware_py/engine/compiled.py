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
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = HERE / "_compiled"
"""The compiled modules (one extension module each, plus mypyc's shared library)."""
FINGERPRINT = "SOURCES"
"""File in ``FOLDER``: the fingerprint of the sources and the Python the build is for."""
NOT_COMPILED = ("__init__.py", "compiled.py")
"""The package's own files, always run as Python."""


def compiled_sources() -> list[Path]:
    """The engine modules that are compiled, in a fixed order."""
    return sorted(p for p in HERE.glob("*.py") if p.name not in NOT_COMPILED)


def fingerprint() -> str:
    """What a build must have been made from: these sources, byte for byte, for this Python."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    for path in compiled_sources():
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
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
    """Whether the engine running now is the compiled one (what ``make bench`` reports)."""
    from firmware_py.engine import game

    return not game.__file__.endswith(".py") if game.__file__ else False


def engine_kind() -> str:
    """``compiled`` or ``Python``: which engine runs, for figures that depend on it."""
    return "compiled" if is_compiled() else "Python"
