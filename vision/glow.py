"""Whose marble it is by the coloured light it throws on the wood beside it.

Seen from above, a clear tinted glass marble shows the dark hole under it and the lamp's highlight, and
hardly any colour of its own. But the light that passes through it comes out tinted: beside the marble,
on the wood, lies a red or a green glow (its coloured shadow and the caustic the glass focuses in it).
A person at the table sees at once which marble is red by that glow, and so can the camera.

Around every hole, points on the board's surface are watched: rings from just outside the marble to a
little over two marble radii, each point kept for the nearest hole that holds a marble (an empty hole
throws no glow: a lamp may lay a marble's glow over the wood toward its empty neighbour), and none over a
hole's dark disc. A point's *chroma* is the hue of its change since the empty board (the log of the ratio
of each channel to the empty board's, less their mean): a grey shadow has none, a tinted glow has its
glass's hue. A marble's glow is the mean chroma of the most coloured quarter of its points, leaving out
the points any marble may lie over as the camera sees it (its own, or a neighbour's). Calibration learns
each seat's glow from the marbles of the starting layout, and how far a marble's glow strays from its
seat's; a seat is then weighed by how near the glow seen is to it (a log-likelihood, capped per hole so
that one hole alone never decides a board).

Painted marbles throw some of their colour too (the light they scatter onto the wood). Seats whose glows
cannot be told apart (the red and the orange, the blue and the purple of the six-seat board; two seats
under a low desk lamp, whose long shadows fall over the next holes) are weighed as one: the glow tells
such a group from the other seats, never its seats from each other. Where every seat is in one group,
nothing is learnt.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.geometry import BoardGeometry
from vision.markers import project
from vision.sampling import distances
from vision.seat_hues import SeatHues

RINGS = (1.1, 1.4, 1.7, 2.0, 2.3)
"""Radii of the rings of watched points, in marble radii from the hole's centre."""
RING_POINTS = 24
GLOWING_SHARE = 0.25
"""The share of a hole's points, the most coloured, whose mean chroma is its glow."""
LEAST_POINTS = 8
"""Fewer points left around a hole than this, and its glow says nothing."""
CAP = 8.0
"""The most one hole's glow can favour one seat over another (log-likelihood): a swap is chosen only
when both of its holes agree (the engine's margin is 12)."""
OFFSET = 4.0
"""Levels added to each channel before the log: dark pixels' noise stays small."""
HOLE_MARGIN = 1.0
"""Millimetres beyond a hole's radius within which a point is taken for the hole's dark disc (whose noise,
brought up by the log, looks coloured), not for wood."""
NEAREST = 6
"""Holes nearest each watched point that may claim it: the point's own hole is always among them (rings
reach 2.3 marble radii, a little over the pitch)."""


def _ring_offsets() -> np.ndarray:
    angles = np.arange(RING_POINTS) * 2 * np.pi / RING_POINTS
    circle = np.column_stack([np.cos(angles), np.sin(angles)])
    return np.concatenate([radius * circle for radius in RINGS])


class GlowPlan:
    """The watched points around every hole for one camera pose, and the marbles that may hide them.

    Args:
        geometry: the board.
        board_h: homography from board millimetres (board surface) to pixels.
        centre_h: homography from board millimetres at a resting marble's centre height to pixels.
        size: (width, height) of the frames.
    """

    def __init__(
        self, geometry: BoardGeometry, board_h: np.ndarray, centre_h: np.ndarray, size: tuple[int, int]
    ) -> None:
        centres = geometry.centres
        radius_mm = geometry.marble_diameter / 2
        points = (centres[:, None, :] + radius_mm * _ring_offsets()[None]).reshape(-1, 2)
        places = len(centres)
        apart = distances(points, centres)
        nearest = np.argsort(apart, axis=1)[:, :NEAREST].reshape(places, -1, NEAREST)
        self._nearest = nearest
        """``(places, points, NEAREST)``: the holes nearest each point, nearest first."""
        mine = nearest == np.arange(places)[:, None, None]
        self._rank = np.where(mine.any(axis=2), mine.argmax(axis=2), NEAREST)
        """``(places, points)``: where the point's own hole comes among them."""
        pixels = project(board_h, points).reshape(places, -1, 2)
        width, height = size
        inside = (pixels[..., 0] >= 1) & (pixels[..., 0] < width - 2)
        inside &= (pixels[..., 1] >= 1) & (pixels[..., 1] < height - 2)
        over_hole = (apart <= geometry.hole_radius + HOLE_MARGIN).any(axis=1).reshape(places, -1)
        self.usable = inside & ~over_hole & (self._rank < NEAREST)
        """``(places, points)``: the points of each hole over bare wood, inside the frame."""
        holes_px = project(board_h, centres)
        reach = np.linalg.norm(project(board_h, centres + [radius_mm, 0.0]) - holes_px, axis=1)
        seen_as_marble = distances(pixels.reshape(-1, 2), project(centre_h, centres)) <= reach[None]
        self.under = seen_as_marble.reshape(places, -1, places)
        """``(places, points, places)``: the point lies where the last place's marble is seen (within a
        marble's radius of the image of its centre)."""
        x = np.clip(np.rint(pixels[..., 0]), 1, width - 2).astype(np.intp)
        y = np.clip(np.rint(pixels[..., 1]), 1, height - 2).astype(np.intp)
        cross = np.array([0, 1, -1, width, -width])
        self._index = np.ascontiguousarray(((y * width + x)[..., None] + cross).transpose(2, 0, 1))
        """``(5, places, points)``: each point and its 4 neighbours (averaged: grain and noise), the pixel
        of the cross first so that :meth:`gather` sums whole planes (a tenth of a millisecond a frame)."""

    def gather(self, frame: np.ndarray, places: Sequence[int]) -> np.ndarray:
        """``(len(places), points, 3)`` float32 BGR of the watched points of ``places``."""
        flat = frame.reshape(-1, 3)
        return np.asarray(
            np.take(flat, self._index[:, list(places)], axis=0).sum(axis=0, dtype=np.float32) / 5
        )

    def open_points(self, places: Sequence[int], bodies: np.ndarray) -> np.ndarray:
        """``(len(places), points)`` bool: the usable points of ``places`` (each holding a marble) nearer
        it than any other marble of ``bodies`` (``(places,)`` bool: holes that hold or may hold one), that
        no such marble nor their own may lie over."""
        chosen = list(places)
        marbles = bodies.copy()
        marbles[chosen] = True
        rank = self._rank[chosen]
        before = np.arange(NEAREST)[None, None, :] < rank[:, :, None]
        claimed = (marbles[self._nearest[chosen]] & before).any(axis=2)
        hidden = self.under[chosen][:, :, bodies].any(axis=2) | self.under[chosen, :, chosen]
        return np.asarray(self.usable[chosen] & ~claimed & ~hidden)


def chroma(now: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """``(..., 3)``: the hue of each point's change since the empty board (see the module doc)."""
    change = np.log(now + OFFSET) - np.log(empty + OFFSET)
    return np.asarray(change - change.mean(axis=-1, keepdims=True))


def glows(tints: np.ndarray, open_points: np.ndarray) -> list[np.ndarray | None]:
    """Each place's glow (mean chroma of its most coloured open points), or ``None`` if too few."""
    strength = np.where(open_points, np.linalg.norm(tints, axis=2), -1.0)
    ranked = np.take_along_axis(tints, np.argsort(-strength, axis=1)[:, :, None], axis=1)
    counts = open_points.sum(axis=1)
    kept = np.maximum(LEAST_POINTS, (counts * GLOWING_SHARE).astype(int))
    within = np.arange(tints.shape[1])[None, :] < kept[:, None]
    means = (ranked * within[:, :, None]).sum(axis=1) / kept[:, None]
    return [means[i] if counts[i] >= LEAST_POINTS else None for i in range(len(tints))]


@dataclass(frozen=True)
class GlowLook(SeatHues):
    """The empty board at the watched points, and each seat's glow learnt at calibration (a direction of
    chroma, see :mod:`vision.seat_hues`)."""

    empty: np.ndarray
    """``(places, points, 3)`` float32 BGR of the empty board."""

    @classmethod
    def learn(
        cls,
        plan: GlowPlan,
        empty: np.ndarray,
        frame: np.ndarray,
        layout: Mapping[str, str],
        ids: Sequence[str],
    ) -> GlowLook | None:
        """Learn from the empty board and a frame of marbles in known places; ``None`` when no seat's glow
        can be told from the others' (see :data:`vision.seat_hues.LEAST_HUE_APART`), or too few marbles
        show one."""
        every = list(range(len(ids)))
        empty_points = plan.gather(empty, every)
        held = [ids.index(p) for p in layout]
        bodies = np.zeros(len(ids), bool)
        bodies[held] = True
        seen = glows(chroma(plan.gather(frame, held), empty_points[held]), plan.open_points(held, bodies))
        by_seat: dict[str, list[np.ndarray]] = {}
        for place, glow in zip(layout, seen, strict=True):
            if glow is not None:
                by_seat.setdefault(layout[place], []).append(glow)
        hues = SeatHues.learnt(by_seat)
        if hues is None:
            return None
        return cls(hues.seats, hues.stray, hues.groups, np.ascontiguousarray(empty_points, np.float32))

    def evidence(
        self, plan: GlowPlan, frame: np.ndarray, places: Sequence[int], bodies: np.ndarray
    ) -> list[dict[str, float] | None]:
        """For each of ``places``, seat -> log-likelihood of its glow (the best seat at 0, none below
        ``-CAP``), or ``None`` when too little of its glow is open to view.

        Args:
            bodies: ``(places,)`` bool, the holes that hold or may hold a marble (their marbles may hide
                the wood around them).
        """
        chosen = list(places)
        seen = glows(chroma(plan.gather(frame, chosen), self.empty[chosen]), plan.open_points(chosen, bodies))
        return self.weigh(seen, CAP)

    def to_data(self) -> dict[str, Any]:
        empty = np.ascontiguousarray(self.empty, np.float32)
        return {
            "shape": list(empty.shape),
            "data": base64.b64encode(empty.astype(np.float16).tobytes()).decode(),
            **self.hues_to_data(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], places: int) -> GlowLook:
        """Read what :meth:`to_data` wrote, for a board of ``places`` holes.

        Raises:
            ValueError: the data is damaged (a wrong shape, a seat's glow not a hue, no spread).
        """
        shape = tuple(int(n) for n in data["shape"])
        if len(shape) != 3 or shape[0] != places or shape[2] != 3:
            raise ValueError(f"glow points of shape {shape} for a board of {places} holes")
        empty = np.frombuffer(base64.b64decode(data["data"]), np.float16).reshape(shape)
        hues = SeatHues.hues_from_data(data, "glows")
        return cls(hues.seats, hues.stray, hues.groups, empty.astype(np.float32))
