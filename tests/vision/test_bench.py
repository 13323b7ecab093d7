"""The benchmark's target table counts what it says (``make bench`` prints it; no figure is asserted)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firmware_py.engine.colour_evidence import COLOUR_MARGIN
from tests.vision.conftest import replay_move_by_hand
from vision import bench
from vision.bench import (
    SYNTHETIC_BENCH_SEEDS,
    SYNTHETIC_HELD_OUT_SEEDS,
    SYNTHETIC_TUNING_SEEDS,
    run_boards,
    run_hands,
)
from vision.reader import BoardReading
from vision.stabiliser import Stabiliser
from vision.targets import Counts, TargetTable


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
    assert set(SYNTHETIC_BENCH_SEEDS) <= set(SYNTHETIC_HELD_OUT_SEEDS)


HAND_RESTING_UNSEEN = {
    "bit_generator": "PCG64",
    "state": {
        "state": 312282645996804468251654592005893516991,
        "inc": 222003063171874261427395693950637096479,
    },
    "has_uint32": 1,
    "uinteger": 1489207122,
}
"""The random state that draws the 31st move by hand of the synthetic camera's tuning seed 3: the hand
puts the marble down and rests on it, seen neither at the board's edge nor over the holes, so the board
after the move is read and reported still before the hand leaves. (Found again once the synthetic
marbles kept their own shade from frame to frame: the 2nd move, as the camera drew it before, showed it.)
It is replayed without the strip, so that the bench's count does not hang on where the strip runs."""


def test_a_move_reported_while_the_hand_still_rests_on_the_marble_is_accepted_with_no_delay() -> None:
    """The table accepts the move from that report; no new report comes when the hand leaves (the board
    does not change), so the move was accepted, before the hand left, and is not counted as never."""
    result = replay_move_by_hand(HAND_RESTING_UNSEEN, edge_strip=False)
    assert result.never_accepted == 0 and result.delays == [0.0]
    assert result.wrong_accepted == 0 and result.wrong_with_hand == 0


class _InventingStabiliser(Stabiliser):
    """Reports what the real one does, with one marble more where the board has none: a consensus
    wrong though every frame it reports on is read right."""

    def push(self, reading: BoardReading) -> BoardReading | None:
        stable = super().push(reading)
        if stable is None:
            return None
        empty = next(p for p in reading.confidence if p not in stable.layout and p not in stable.uncertain)
        return replace(stable, layout={**stable.layout, empty: "A"})


def test_a_wrong_layout_reported_by_the_stabiliser_counts_as_accepted_wrong_even_on_a_right_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The count judges what the stabiliser reports, not the frame it reports on (which a consensus of
    still frames may differ from)."""
    monkeypatch.setattr(bench, "Stabiliser", _InventingStabiliser)
    result = replay_move_by_hand(HAND_RESTING_UNSEEN)
    assert result.wrong_with_hand == 0 and result.accepted > 0
    assert result.wrong_accepted == result.accepted


def _met(counts: Counts) -> Counts:
    """``counts`` filled with one set-up whose boards of a game were all settled right."""
    counts.setups = counts.calibrated = 1
    counts.boards = counts.game_boards = counts.game_right = 200
    counts.read_ms = [5.0]
    return counts


def test_a_target_missed_under_one_light_is_missed_though_the_whole_meets_it() -> None:
    table = TargetTable()
    every, lamp, even = table.of(["light: lamp"]) + table.of(["light: even light"])[1:]
    for counts in (every, lamp, even):
        _met(counts)
    assert table.meets_targets()
    lamp.game_right = 198  # 99 % of the lamp's boards: the whole stays above 99.5 % if it counts 400
    every.boards = every.game_boards = 400
    every.game_right = 398
    assert every.meets_targets() and not lamp.meets_targets()
    assert not table.meets_targets()


def test_boards_read_right_with_the_game_meet_the_target_though_the_camera_alone_misses_colours() -> None:
    """The reader leaves to the game the colours it is unsure of: the camera alone is information."""
    counts = _met(Counts())
    counts.perfect = 100
    assert counts.meets_targets()
    counts.game_right = 198  # 99 %
    assert not counts.meets_targets()


def test_a_swap_is_simulated_between_every_two_marbles_of_unsure_colour_and_different_seats() -> None:
    """The lead is the true board's over the same board with the two swapped, by the colours seen."""
    reading = BoardReading(
        "ok",
        uncertain=("A5", "B12", "C3", "D1"),
        unsure_colour=("A5", "B12", "C3", "D1"),
        colour_evidence={
            "A5": {"A": -1.0, "B": -6.0},
            "B12": {"A": -2.0, "B": -0.5},
            "C3": {"A": -3.0, "B": -1.0},
            "D1": {"C": 0.0},  # nothing known of A or B there: no swap with it is weighed
        },
    )
    truth = {"A5": "A", "B12": "B", "C3": "B", "D1": "C"}
    # A5 with B12: (-1 - 0.5) - (-6 - 2) = 6.5; A5 with C3: (-1 - 1) - (-6 - 3) = 7; B12 and C3 alike
    assert bench.swap_leads(reading, truth) == [6.5, 7.0]


def test_a_wrong_board_leading_by_the_engines_margin_in_a_simulated_swap_misses_the_target() -> None:
    """Such a swap at the table would be taken the wrong way round: the margin is not safe there."""
    counts = _met(Counts())
    counts.add_swaps([20.0, 3.0, -4.5])
    assert (counts.swaps, counts.swaps_told, counts.worst_wrong_lead) == (3, 1, 4.5)
    assert counts.meets_targets() and "1/3 33.3%, worst wrong lead +4.5" in counts.row()
    counts.add_swaps([-COLOUR_MARGIN])
    assert counts.worst_wrong_lead == COLOUR_MARGIN and not counts.meets_targets()
