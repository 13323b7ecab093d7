"""``make bench``: run every ``tests/benchmarks/bench_*.py`` module's ``main()`` and print its figures.

Benchmarks print measurements against the targets of design.md; they are never part of ``make test``,
so no test depends on timing.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import tests.benchmarks as package


def main() -> int:
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__) if m.name.startswith("bench_"))
    if len(sys.argv) > 1:
        names = [n for n in names if any(arg in n for arg in sys.argv[1:])]
    failures = 0
    for name in names:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        module = importlib.import_module(f"tests.benchmarks.{name}")
        ok = module.main()
        print(f"   ({time.perf_counter() - started:.1f} s)", flush=True)
        failures += ok is False
    print(f"{len(names)} benchmarks run, {failures} missed their target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
