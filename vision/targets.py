"""The issue's target table: every measure of the reader, for every group of set-ups (a marble material, a
light), printed side by side by ``make bench``.

Each measure is counted as :mod:`vision.bench` defines it; a set-up counts in several groups at once
(``all``, its material, its light), so one pass fills every row.

"Boards read perfectly" is judged with the game (:meth:`Counts.read_share`), as the table reads: the
camera says which holes changed and the colours it is sure of, and the legal moves settle the rest or
the table asks. The camera alone (every colour sure, nothing left to the game) is printed beside it for
information; it is not a target, as the reader leaves to the game by design the colours it cannot tell.

A Jack's swap of two marbles whose colours the reader is not sure of changes no hole: the colours seen
choose it over the board as it was only when they favour it by the engine's margin
(:data:`~firmware_py.engine.colour_evidence.COLOUR_MARGIN`), and the table asks otherwise. A game holds
few such swaps, so every still board also simulates one between every two such marbles of different
seats (:func:`vision.bench.swap_leads`): how many the colours would tell, and how far a wrong board ever
led the true one. That lead must stay under the margin, or a real swap could be read the wrong way round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from firmware_py.engine.colour_evidence import COLOUR_MARGIN

TARGETS = {
    "calibrated": 0.99,
    "perfect": 0.995,
    "wrong_board": 0,
    "place_error": 0.0001,
    "wrong_with_hand": 0,
    "wrong_accepted": 0,
    "delay_s": 0.5,
    "ms_per_frame": 8.0,
}


@dataclass
class Counts:
    """What was measured on one group of set-ups."""

    setups: int = 0
    calibrated: int = 0
    boards: int = 0
    """Boards to read; those of a set-up that failed calibration count, as not read."""
    perfect: int = 0
    """Boards read perfectly by the camera alone."""
    game_boards: int = 0
    """Boards of a game (one legal move after the board before), settled as the table does
    (:func:`vision.game_boards.settle`); those of a set-up that failed calibration count, as unsettled."""
    game_right: int = 0
    asked: int = 0
    wrong_boards: int = 0
    """Game boards the table would accept wrongly: the worst outcome."""
    places: int = 0
    """Places of the boards read ``ok``."""
    place_errors: int = 0
    hand_frames: int = 0
    wrong_with_hand: int = 0
    accepted: int = 0
    wrong_accepted: int = 0
    moves: int = 0
    delays: list[float] = field(default_factory=list)
    read_ms: list[float] = field(default_factory=list)
    swaps: int = 0
    """Jack's swaps simulated on the still boards read (see the module doc)."""
    swaps_told: int = 0
    """Of them, those the colours would choose over the board as it was by the engine's margin."""
    worst_wrong_lead: float | None = None
    """The most a swapped (wrong) board led the true one by the colours, over every swap simulated."""

    def add_swaps(self, leads: list[float]) -> None:
        """Count simulated swaps whose true boards led by ``leads`` (see :func:`vision.bench.swap_leads`)."""
        self.swaps += len(leads)
        self.swaps_told += sum(lead >= COLOUR_MARGIN for lead in leads)
        if leads:
            worst = -min(leads)
            self.worst_wrong_lead = (
                worst if self.worst_wrong_lead is None else max(worst, self.worst_wrong_lead)
            )

    def share(self, part: int, whole: int) -> str:
        return f"{part}/{whole} {100 * part / whole:.1f}%" if whole else "-"

    def row(self) -> list[str]:
        never = self.moves - len(self.delays)
        delay = f"{max(self.delays):.1f}s" if self.delays else "-"
        return [
            self.share(self.calibrated, self.setups),
            self.share(self.perfect, self.boards),
            self.share(self.game_right, self.game_boards),
            f"{self.asked}/{self.game_boards}",
            f"{self.wrong_boards}/{self.game_boards}",
            f"{100 * self.place_errors / self.places:.3f}%" if self.places else "-",
            f"{self.wrong_with_hand}/{self.hand_frames}",
            f"{self.wrong_accepted}/{self.accepted}",
            delay + (f" ({never} never)" if never else ""),
            f"{np.median(self.read_ms):.2f}" if self.read_ms else "-",
            (
                f"{self.share(self.swaps_told, self.swaps)}, worst wrong lead {self.worst_wrong_lead:+.1f}"
                if self.worst_wrong_lead is not None
                else "-"
            ),
        ]

    def read_share(self) -> float:
        """Boards read right: with the game where the boards came from one (what the table does), else
        by the camera alone."""
        if self.game_boards:
            return self.game_right / self.game_boards
        return self.perfect / max(self.boards, 1)

    def meets_targets(self) -> bool:
        return (
            self.setups > 0
            and self.calibrated / self.setups >= TARGETS["calibrated"]
            and self.read_share() >= TARGETS["perfect"]
            and self.wrong_boards <= TARGETS["wrong_board"]
            and self.place_errors / max(self.places, 1) <= TARGETS["place_error"]
            and self.wrong_with_hand <= TARGETS["wrong_with_hand"]
            and self.wrong_accepted <= TARGETS["wrong_accepted"]
            and len(self.delays) == self.moves
            and (not self.delays or max(self.delays) <= TARGETS["delay_s"])
            and bool(self.read_ms)
            and float(np.median(self.read_ms)) <= TARGETS["ms_per_frame"]
            and (self.worst_wrong_lead is None or self.worst_wrong_lead < COLOUR_MARGIN)
        )


HEADER = [
    "set-ups calibrated",
    "camera alone",
    "with the game",
    "asked",
    "wrong board",
    "place error",
    "wrong, hand",
    "wrong accepted",
    "move accepted",
    "ms/frame",
    "swaps told by colour",
]
TARGET_ROW = [
    f">= {100 * TARGETS['calibrated']:.0f}%",
    f">= {100 * TARGETS['perfect']:.1f}%",
    f">= {100 * TARGETS['perfect']:.1f}%",
    "",
    "0",
    f"<= {100 * TARGETS['place_error']:.2f}%",
    "0",
    "0",
    f"<= {TARGETS['delay_s']}s",
    f"<= {TARGETS['ms_per_frame']:.0f}",
    f"worst wrong lead < {COLOUR_MARGIN:g}",
]


class TargetTable:
    """Counts by group, in the order groups are first met (``all`` first)."""

    def __init__(self) -> None:
        self.groups: dict[str, Counts] = {"all": Counts()}

    def of(self, labels: Iterable[str]) -> list[Counts]:
        """The counts of ``all`` and of each group named."""
        return [self.groups["all"], *(self.groups.setdefault(label, Counts()) for label in labels)]

    @property
    def all(self) -> Counts:
        return self.groups["all"]

    def meets_targets(self) -> bool:
        """Every row meets every target: a target met on the whole but missed under one light or with
        one marble material is missed at the tables that have them (rows with no set-up are left out)."""
        rows = [counts for counts in self.groups.values() if counts.setups]
        return bool(self.all.setups) and all(counts.meets_targets() for counts in rows)

    def render(self) -> str:
        """The table, one row per group, then the targets."""
        rows = [["group", *HEADER]]
        rows += [[name, *counts.row()] for name, counts in self.groups.items()]
        rows.append(["target", *TARGET_ROW])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return "\n".join(
            "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows
        )
