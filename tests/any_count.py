"""`make lint`'s check that the table and the wiring root stay typed: ``Any`` written at most
:data:`LIMIT` times in all of :data:`PACKAGES`.

The table's values (its turn, log lines, answers, views) are typed so that the pages, the parts and
the tests agree on their shapes; an ``Any`` is left only where a value is opaque JSON handed on as it
is (a board model's geometry file, the set-up page's options).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("firmware_py/table", "firmware_py/app")
LIMIT = 10
"""How many times ``Any`` may be written in those packages, imports included."""
WORD = re.compile(r"\bAny\b")


def counts(root: Path = ROOT) -> dict[str, int]:
    """Module -> how many times it writes ``Any`` (modules without any left out)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            n = len(WORD.findall(path.read_text(encoding="utf-8")))
            if n:
                found[path.relative_to(root).as_posix()] = n
    return found


def problem(root: Path = ROOT) -> str | None:
    """What is wrong (too many, and where), or None."""
    found = counts(root)
    total = sum(found.values())
    if total <= LIMIT:
        return None
    where = ", ".join(f"{name} {n}" for name, n in sorted(found.items(), key=lambda item: -item[1]))
    return f"'Any' written {total} times in {' and '.join(PACKAGES)}, at most {LIMIT}: {where}"


if __name__ == "__main__":
    wrong = problem()
    print(
        wrong or f"'Any' written {sum(counts().values())} times in {' and '.join(PACKAGES)} (at most {LIMIT})"
    )
    sys.exit(1 if wrong else 0)
