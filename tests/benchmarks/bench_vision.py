"""Vision on rendered set-ups: accuracy on plain and painted boards under lamps, glare, sizes and tilts;
hands over the board; CPU time per 1280x960 frame."""

from __future__ import annotations

from vision.bench import run_boards, run_hands


def main() -> bool:
    """360 boards from 120 calibrated set-ups and 20 moves made by hand on the 4-seat board (the
    targets), then 90 boards on the 6-seat board (for information), and print the figures."""
    size = (1280, 960)
    boards = run_boards(360, model="tock4", seed=0, size=size)
    print(boards.report(size))
    hands = run_hands(20, model="tock4", seed=1, size=size)
    print(hands.report())
    print("-- tock6 (information, not a target)")
    print(run_boards(90, model="tock6", seed=2, size=size).report(size))
    return boards.meets_targets() and hands.meets_targets()
