"""Vision: per-place error, perfect boards, false readings under an arm, ms per 1280x960 frame."""

from __future__ import annotations

from vision.bench import run_bench


def main() -> bool:
    """Read 500 rendered frames of mixed difficulty on the 4-seat board (the targets), then 200 on the
    6-seat board (for information), and print the figures."""
    result = run_bench(500, model="tock4", seed=0)
    print(result.report())
    print("-- tock6 (information, not a target)")
    print(run_bench(200, model="tock6", seed=1).report())
    return result.meets_targets()
