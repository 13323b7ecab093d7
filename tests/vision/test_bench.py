"""The benchmark's target table counts what it says (``make bench`` prints it; no figure is asserted)."""

from __future__ import annotations

from vision.bench import SYNTHETIC_HELD_OUT_SEEDS, SYNTHETIC_TUNING_SEEDS, run_boards, run_hands
from vision.targets import TargetTable


def test_the_synthetic_camera_fills_every_row_of_the_target_table() -> None:
    table = TargetTable()
    boards = run_boards(4, seed=5, per_setup=2, size=(640, 480), table=table)
    hands = run_hands(1, seed=6, size=(640, 480), table=table)
    every = table.all
    assert every.setups == boards.setups + hands.sequences + hands.calibration_failures
    assert every.boards == 4 and every.moves == 1
    assert every.hand_frames == hands.hand_frames and every.accepted == hands.accepted
    assert every.perfect == boards.perfect
    # every board of the 4-seat board is a board of a game, settled as the table does
    assert every.game_boards == 4 == sum(boards.outcomes.values())
    assert every.game_right == boards.outcomes["right"] and every.asked == boards.outcomes["asked"]
    assert every.wrong_boards == boards.outcomes["wrong"]
    assert len(every.read_ms) == 4 - len(boards.calibration_failures) * 2 + hands.frames
    lights = [g for g in table.groups if g.startswith("light: ")]
    boards_rows = [g for g in table.groups if g.startswith("board: ")]
    assert lights and boards_rows
    assert sum(table.groups[g].boards for g in lights) == 4
    rendered = table.render().splitlines()
    assert rendered[0].startswith("group") and rendered[-1].startswith("target")
    assert "camera alone" in rendered[0] and "with the game" in rendered[0] and "wrong board" in rendered[0]


def test_synthetic_seeds_are_split_between_tuning_and_held_out() -> None:
    assert not set(SYNTHETIC_TUNING_SEEDS) & set(SYNTHETIC_HELD_OUT_SEEDS)
