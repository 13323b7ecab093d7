"""`make lint`'s size check: no module of the project over :data:`LIMIT` lines."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("firmware_py", "vision", "web", "hardware")
LIMIT = 600
"""Lines a module may hold: beyond it a module holds more than one idea."""


def problems(root: Path = ROOT) -> list[str]:
    """Every module over the limit, with its length."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > LIMIT:
                found.append(f"{path.relative_to(root).as_posix()}: {lines} lines, at most {LIMIT}")
    return found


if __name__ == "__main__":
    wrong = problems()
    print("\n".join(wrong) or f"every module within {LIMIT} lines")
    sys.exit(1 if wrong else 0)
