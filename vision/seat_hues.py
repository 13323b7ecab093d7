"""Seats told apart by a hue seen beside their marbles: each seat's direction of chroma, learnt from the
marbles of the starting layout, and how near a hue seen lies to each.

Two cues of a clear glass marble's colour work this way: the coloured light on the wood around it
(:mod:`vision.glow`) and the bright spot of light it focuses there (:mod:`vision.caustic`). A cue's
strength varies (a neighbour's marble may hide much of it, the lamp may be near or far), its hue much
less. So each seat's cue is a direction of chroma, and a cue seen is weighed by how far it lies from
each seat's direction, whatever its strength (a cue pointing away lies as far as it is long). Seats whose
cues cannot be told apart (the red and the orange, the blue and the purple of the six-seat board; two
seats under a low desk lamp, whose long shadows fall over the next holes) are weighed as one: the cue
tells such a group from the other seats, never its seats from each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

LEAST_SEPARATION = 3.0
"""The cues of two seats must lie this many strays apart to be told apart."""
LEAST_HUE_APART = 0.6
"""Two seats' cues must differ in hue by at least this sine (37 degrees) to be told apart. On the
six-seat board, the red and the orange glass's glows lay 1 to 23 degrees apart, the blue and the purple
22 to 49 (clear glass, looked-at seeds 2070 and 2071). Under a low desk lamp, whose long shadows fall over
the next holes, the glows learnt lay 14 to 32 degrees apart for some two seats, and a glow misled (a
Jack's swap simulated on clear-desk-0 led the wrong way by 11); in ceiling, window and evening light, 46
degrees or more (clear-ceiling-0, clear-ceiling-2017, clear-window-2007, clear-evening-2009 and 2013)."""
LEAST_STRAY = 0.01
"""Floor of a cue's stray from its seat's (chroma, natural log): a few marbles may agree too well."""


@dataclass(frozen=True)
class SeatHues:
    """Each seat's direction of a cue, learnt at calibration."""

    seats: dict[str, np.ndarray]
    """Seat letter -> the unit direction of its marbles' cues (chroma)."""
    stray: float
    """How far a marble's cue strays from its seat's direction (root mean square)."""
    groups: tuple[str, ...]
    """The seats whose cues cannot be told apart, each group as one string of seat letters (``"AF"``);
    a seat told apart from every other is a group of its own."""

    @staticmethod
    def learnt(by_seat: Mapping[str, Sequence[np.ndarray]]) -> SeatHues | None:
        """The seats' directions from the cues of the starting layout's marbles, seat by seat; ``None``
        when fewer than two seats show one on two marbles, or no seat's can be told from the others'."""
        if len(by_seat) < 2 or min(len(v) for v in by_seat.values()) < 2:
            return None
        seats = {}
        for seat, found in by_seat.items():
            mean = np.mean(found, axis=0)
            seats[seat] = mean / max(float(np.linalg.norm(mean)), 1e-9)
        strays = [off_squared(np.array(found), seats[seat][None])[:, 0] for seat, found in by_seat.items()]
        stray = max(float(np.sqrt(np.concatenate(strays).mean())), LEAST_STRAY)
        typical = float(np.median([np.linalg.norm(g) for found in by_seat.values() for g in found]))
        units = np.array(list(seats.values()))
        apart = np.sqrt(off_squared(units, units))
        alike = (apart < LEAST_HUE_APART) | (typical * apart < LEAST_SEPARATION * stray)
        groups = _groups(list(seats), alike)
        return SeatHues(seats, stray, groups) if len(groups) >= 2 else None

    def weigh(self, shown: Sequence[np.ndarray | None], cap: float) -> list[dict[str, float] | None]:
        """For each cue of ``shown`` (``None``: none seen), seat -> log-likelihood (the best seat at 0,
        none below ``-cap``, so that one hole alone never decides a board)."""
        seats = list(self.seats)
        cues = np.array([np.zeros(3) if cue is None else cue for cue in shown]).reshape(-1, 3)
        scores = -off_squared(cues, np.array([self.seats[s] for s in seats])) / (2 * self.stray**2)
        for group in self.groups:  # a group's seats all take its best
            members = [seats.index(s) for s in group]
            scores[:, members] = scores[:, members].max(axis=1, keepdims=True)
        weighed = np.maximum(scores - scores.max(axis=1, keepdims=True), -cap)
        return [
            None if cue is None else {s: float(weighed[row, k]) for k, s in enumerate(seats)}
            for row, cue in enumerate(shown)
        ]

    def hues_to_data(self) -> dict[str, Any]:
        return {
            "seats": {s: [round(float(v), 6) for v in u] for s, u in self.seats.items()},
            "stray": round(self.stray, 6),
            "groups": list(self.groups),
        }

    @staticmethod
    def hues_from_data(data: Mapping[str, Any], cue: str) -> SeatHues:
        """Read what :meth:`hues_to_data` wrote of the seats' ``cue`` (a word for errors: ``"glows"``).

        Raises:
            ValueError: the data is damaged.
        """
        seats = {str(s): np.array(u, np.float64) for s, u in data["seats"].items()}
        stray = float(data["stray"])
        saved_groups = data.get("groups", list(seats))  # saved before groups: each seat alone
        if not isinstance(saved_groups, list):
            raise ValueError(f"the seats' {cue} groups are damaged")
        groups = tuple(str(g) for g in saved_groups)
        if len(seats) < 2 or any(u.shape != (3,) for u in seats.values()) or not stray > 0:
            raise ValueError(f"the seats' {cue} are damaged")
        if sorted("".join(groups)) != sorted(seats) or len(groups) < 2:
            raise ValueError(f"the seats' {cue} groups are damaged")
        return SeatHues(seats, stray, groups)


def off_squared(cues: np.ndarray, directions: np.ndarray) -> np.ndarray:
    """``(len(cues), len(directions))``: how far each cue lies from the ray of each unit direction,
    squared (its whole length if it points away)."""
    along = np.maximum(cues @ directions.T, 0.0)
    return np.asarray(np.maximum((cues**2).sum(axis=1)[:, None] - along**2, 0.0))


def _groups(seats: list[str], alike: np.ndarray) -> tuple[str, ...]:
    """The seats joined wherever two are ``alike`` (``(seats, seats)`` bool), directly or through others."""
    found: list[str] = []
    for k, seat in enumerate(seats):
        if any(seat in group for group in found):
            continue
        group, todo = {k}, [k]
        while todo:
            new = {int(i) for i in np.flatnonzero(alike[todo.pop()])} - group
            group |= new
            todo += list(new)
        found.append("".join(seats[i] for i in sorted(group)))
    return tuple(found)
