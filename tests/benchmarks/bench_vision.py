"""Vision: per-place error, perfect boards, false readings under an arm, ms per 1280x960 frame."""

from __future__ import annotations

from vision.bench import run_bench


def main() -> bool:
    """Read 500 rendered frames of mixed difficulty and print the figures against the targets."""
    result = run_bench(500, seed=0)
    print(result.report())
    return result.meets_targets()
