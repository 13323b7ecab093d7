"""Vision on rendered set-ups, on seeds the reader was never tuned on: the issue's target table for the
2D synthetic camera (plain and painted boards under lamps, glare and even light; hands) and for the
photoreal camera (ray-traced glass, cat's-eye, milky, wooden marbles and pegs under four lights), per
marble material and per light, the camera alone and with the game (each board of a game settled against
the legal moves as the table does); CPU time per 1280x960 frame."""

from __future__ import annotations

import time

from vision.bench import SYNTHETIC_BENCH_SEEDS, run_boards, run_hands
from vision.geometry import BoardGeometry
from vision.photoreal_bench import photoreal_report
from vision.targets import TargetTable


def main() -> bool:
    """360 boards from 120 calibrated set-ups and 20 moves made by hand on the 4-seat board, then 90
    boards on the 6-seat board (for information), then the photoreal set; print the figures and the CPU
    time each part took."""
    size = (1280, 960)
    seeds = SYNTHETIC_BENCH_SEEDS
    table = TargetTable()
    started = time.process_time()
    boards = run_boards(360, model="tock4", seed=seeds[0], size=size, table=table)
    print(boards.report(size))
    hands = run_hands(20, model="tock4", seed=seeds[1], size=size, table=table)
    print(hands.report())
    print(f"-- 2D synthetic camera, held-out seeds {seeds[0]} and {seeds[1]}: target table")
    print(table.render())
    print(f"   (rendering and reading: {time.process_time() - started:.0f} CPU s)")
    started = time.process_time()
    print("-- tock6 (information, not a target)")
    print(run_boards(90, model="tock6", seed=seeds[2], size=size).report(size))
    print(f"   ({time.process_time() - started:.0f} CPU s)")
    started = time.process_time()
    print("-- photoreal camera: target table")
    text, photoreal_ok = photoreal_report(BoardGeometry.from_model("tock4"))
    print(text)
    print(f"   (reading the set: {time.process_time() - started:.0f} CPU s)")
    return table.meets_targets() and photoreal_ok
