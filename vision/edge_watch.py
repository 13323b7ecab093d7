"""Is a hand over the board? Told at the board's edge, where no marble ever lies.

Fingers resting over holes can look like marbles: a finger over an empty hole like a wooden ball, and a
marble in the fingers' shade like an empty hole. Hole by hole, nothing tells them apart for sure. But a
hand on the board always comes from outside it: the wrist, the forearm or the fingers cross the board's
edge in the picture, whether the hand rests on a marble or hovers above the board. A person glances at
the hand, not at the holes, to know that the board is not to be read yet.

So a strip of points just inside the board's edge (no hole there; the corners are the markers') is
kept from calibration, and in every frame each point's colour is compared with it, light normalised by
the change of the wood along that side around it (a cloud, the exposure, a lamp's pool, a person's
shadow: light changes smoothly along the edge, where a hand is a bump a few centimetres wide). Within a
hand's width of one side, enough changed points for a wrist or four fingers, some of them changed in
hue too (skin, a sleeve: not the wood in a shade), are an arm over the edge; the board is then not read.

Measured on the looked-at photoreal set-ups of seeds 2006 and 2007 (40) and the 6 committed ones: no
frame without a hand came near (21 mm at most, against 30), and 373 of the 486 frames with a hand were
seen, among them every frame that the holes alone read wrongly. On the 2D synthetic camera's tuning
seeds 7 and 9 (720 boards without a hand, a soft shadow moving over many), none was taken for a hand.
A hand is missed where it crosses the edge over a marker's corner, or hovers with little of it over
the edge: the holes' own reading still guards those frames. Over seeds 2006 to 2013 (160 set-ups,
measured later), no frame without a hand came past 21 mm either (2,080 frames), 1,463 of 1,920 frames
with a hand were seen, and two were missed that the holes read wrongly: four fingers hanging over the top
edge (clear-window-2013), counted 21 mm, as the light along that side is taken partly in their shade.
The holes now guard those two as well: the finger over an empty hole shows the colour it is read as
over the bare wood beside the hole too (see :func:`vision.classify.over_wood`).

Seen from a tilted camera, a marble in a hole near the edge stands out over the strip, and two glass
marbles side by side darkened 36 to 39 mm of it (clear-desk-2016 and 2020): the points a marble in a
hole may hide are left out (see :class:`MarbleOutlines`). Over seeds 2006 to 2021 (320 set-ups), the
frames without a hand taken for one went from 8 to 3 (the three story frames of clear-desk-2016, at 36
mm), and 2,896 of the 3,840 frames with a hand were seen (2,986 before); none of them was read wrong.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from vision.classify import SATURATED, nan_median
from vision.geometry import BoardGeometry
from vision.markers import project

INSET_MM = 3.0
"""Least distance of the strip from the board's edge."""
INSET_PX = 4.0
"""Least distance of the strip from the board's edge in the picture, so that blur and a pixel of error
in locating the board never mix the table into its points (on a board seen small, the strip moves in)."""
MAX_INSET_MM = 8.0
"""Largest distance of the strip from the board's edge: the holes nearest the edge are 18 mm from it,
and a marble's outline reaches 8 mm around its hole's centre."""
STEP_MM = 3.0
"""Spacing of the strip's points."""
CHANGED = 0.35
"""Change of a point's colour (norm of the per-channel log-ratio, against the change of the light along
its side around it) past which something other than the board's wood lies there."""
HUE_CHANGED = 0.12
"""Change of a point's hue (the log-ratio's norm once its mean over the channels is taken away) past
which its light is no longer the wood's under a shade: skin, a sleeve."""
HUE_POINTS = 3
"""Points of a run whose hue changed for it to be a hand rather than a shadow (a person leaning over the
board darkens the wood along its edge, hue kept)."""
LIGHT_WINDOW_MM = 180.0
"""Stretch of a side the light at a point is measured over: twice a forearm's width or more, so that
the wood beside an arm, not the arm, sets it."""
WINDOW_MM = 60.0
"""Stretch of the edge a hand is looked for in: about a hand's width, so that spread fingers, with wood
between them, count together."""
ARM_MM = 30.0
"""Edge changed within :data:`WINDOW_MM` from which an arm or a hand crosses it: narrower than a wrist
(about 55 mm) or four fingers side by side, wider than a marble's shadow at the edge."""
LEVEL_FLOOR = 4.0
"""Least level (0..255) a channel is taken at, so that black pixels give finite ratios."""
MARBLE_CLEARANCE_PX = 3.0
"""Least distance, in pixels, of a strip point that counts from a marble's outline (blur, noise)."""
SPREAD_PX = np.array([[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]])
"""Pixel offsets averaged at each point (grain and sensor noise)."""


def strip_points(geometry: BoardGeometry, inset: float = INSET_MM) -> tuple[np.ndarray, np.ndarray]:
    """The strip's points in board millimetres ``(n, 2)``, ``inset`` millimetres inside the board's
    edge, going round the board, and the side each lies on ``(n,)``."""
    width, height = geometry.size_mm
    sides = []
    for x0, y0, x1, y1 in (
        (0.0, inset, width, inset),
        (width - inset, 0.0, width - inset, height),
        (width, height - inset, 0.0, height - inset),
        (inset, height, inset, 0.0),
    ):
        length = float(np.hypot(x1 - x0, y1 - y0))
        steps = np.arange(STEP_MM / 2, length, STEP_MM) / length
        sides.append(np.column_stack([x0 + (x1 - x0) * steps, y0 + (y1 - y0) * steps]))
    side = np.concatenate([np.full(len(points), k) for k, points in enumerate(sides)])
    points = np.vstack(sides)
    keep = np.ones(len(points), bool)
    for marker in geometry.markers:
        keep &= np.max(np.abs(points - marker.centre), axis=1) > marker.reach
    return points[keep], side[keep]


def _inset(geometry: BoardGeometry, board_h: np.ndarray) -> float:
    """How far inside the board's edge the strip runs, in millimetres: at least :data:`INSET_PX` in
    the picture where the board is seen smallest, within :data:`INSET_MM` to :data:`MAX_INSET_MM`."""
    width, height = geometry.size_mm
    middles = np.array([[width / 2, 0.0], [width, height / 2], [width / 2, height], [0.0, height / 2]])
    steps = [project(board_h, middles + offset) - project(board_h, middles) for offset in ([1, 0], [0, 1])]
    px_per_mm = float(min(np.linalg.norm(step, axis=1).min() for step in steps))
    return float(np.clip(INSET_PX / max(px_per_mm, 1e-6), INSET_MM, MAX_INSET_MM))


def _light_windows(side: np.ndarray) -> np.ndarray:
    """``(n, w)``: for each point, the points whose median is the light there (see
    :meth:`EdgeStrip.crossed_mm`): every third point of its side within :data:`LIGHT_WINDOW_MM` around
    it (the light varies slower than that), the side's end repeated where the window runs past it."""
    half = max(int(LIGHT_WINDOW_MM / STEP_MM / 2), 1)
    offsets = np.arange(-half, half + 1, 3)
    windows = np.zeros((len(side), len(offsets)), np.intp)
    for k in np.unique(side):
        members = np.flatnonzero(side == k)
        spots = np.clip(np.arange(len(members))[:, None] + offsets[None, :], 0, len(members) - 1)
        windows[members] = members[spots]
    return windows


def _sample(frame: np.ndarray, pixels: np.ndarray) -> np.ndarray:
    """``(n, 3)`` mean BGR around each pixel (clipped to the frame)."""
    height, width = frame.shape[:2]
    spread = np.rint(pixels)[:, None, :].astype(np.intp) + SPREAD_PX[None]
    x = np.clip(spread[..., 0], 0, width - 1)
    y = np.clip(spread[..., 1], 0, height - 1)
    return np.asarray(frame[y, x].astype(np.float32).mean(axis=1))


def _window_sums(flags: np.ndarray) -> np.ndarray:
    """For every stretch of :data:`WINDOW_MM` along a side, how many of its points are flagged."""
    width = max(int(WINDOW_MM / STEP_MM), 1)
    total = np.concatenate([[0], np.cumsum(flags)])
    return np.asarray(total[min(width, len(flags)) :] - total[: len(total) - min(width, len(flags))])


@dataclass(frozen=True)
class MarbleOutlines:
    """Where a marble resting in each hole shows in the picture, as the reader samples it, with the shade
    it throws: around the line from its hole up to its centre and on by the shade's offset, as wide as
    the marble. (Reaching on up to its crown, the outline would leave out so much of the edge next to
    homes and reserves that hands there go unseen: on the looked-at photoreal seeds 2006-2021, 11 frames
    with a hand were then read wrong.) Under a low desk lamp, a glass marble's long shadow over the strip
    is no hand (clear-desk-2020: two marbles' shadows taken for an arm once the marbles were placed on
    their holes rather than in their shadows)."""

    holes: np.ndarray
    """``(places, 2)`` each hole's centre on the board surface, in pixels."""
    centres: np.ndarray
    """``(places, 2)`` the centre of a marble resting in each hole, in pixels."""
    radius: np.ndarray
    """``(places,)`` a marble's radius in pixels at each hole."""
    shade: np.ndarray = field(default_factory=lambda: np.zeros(2))
    """``(2,)`` pixels from a marble's centre to the middle of its change with its shade (see
    :func:`vision.lift.shade_offset`)."""

    def leave_free(self, pixels: np.ndarray) -> np.ndarray:
        """``(n,)`` bool: which of ``pixels`` lie farther than :data:`MARBLE_CLEARANCE_PX` from every
        outline."""
        reach = self.radius[None, :] + MARBLE_CLEARANCE_PX
        near_marble = _segment_distance(pixels, self.holes, self.centres) <= reach
        near_shade = _segment_distance(pixels, self.centres, self.centres + self.shade) <= reach
        return np.asarray(~np.any(near_marble | near_shade, axis=1))


def _segment_distance(pixels: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """``(n, m)`` distance of each of ``pixels`` ``(n, 2)`` from each segment ``starts[m]``-``ends[m]``."""
    axis = ends - starts
    along = np.einsum("nmk,mk->nm", pixels[:, None, :] - starts[None], axis)
    t = np.clip(along / np.maximum(np.einsum("mk,mk->m", axis, axis), 1e-9), 0.0, 1.0)
    nearest = starts[None] + t[..., None] * axis[None]
    return np.asarray(np.linalg.norm(pixels[:, None, :] - nearest, axis=2))


@dataclass(frozen=True)
class EdgeStrip:
    """The board's edge strip as calibration saw it: where its points are in the frame, and their look."""

    pixels: np.ndarray
    """``(n, 2)`` where the strip's points are in the frame."""
    side: np.ndarray
    """``(n,)`` the board side each point lies on."""
    reference: np.ndarray
    """``(n, 3)`` float32 BGR of each point in the calibration picture."""
    marble_free: np.ndarray | None = None
    """``(n,)`` bool: no marble in any hole can hide the point from the camera (None: none can hide
    any). Seen from a tilted camera, a marble in a hole near the edge stands out over the strip: its
    change there is no hand's (clear-desk-2016 and 2020, two glass marbles over 36 and 39 mm)."""

    @classmethod
    def learn(
        cls,
        frame: np.ndarray,
        geometry: BoardGeometry,
        board_h: np.ndarray,
        marbles: MarbleOutlines | None = None,
    ) -> EdgeStrip:
        """The strip of ``geometry`` where ``board_h`` (board millimetres to pixels) puts it, as ``frame``
        shows it (a picture with no hand over the board), its points that ``marbles`` may hide left
        out."""
        points, side = strip_points(geometry, _inset(geometry, board_h))
        pixels = project(board_h, points)
        free = None if marbles is None else marbles.leave_free(pixels)
        return cls(pixels, side, _sample(frame, pixels), free)

    @cached_property
    def _windows(self) -> np.ndarray:
        return _light_windows(self.side)

    def crossed_mm(self, frame: np.ndarray) -> float:
        """The most edge, in millimetres within :data:`WINDOW_MM` of one side, whose colour changed past
        :data:`CHANGED` since calibration, counted only where :data:`HUE_POINTS` of its points changed
        hue too."""
        now = _sample(frame, self.pixels)
        # a channel clipped white, then or now, says nothing of what lies there; a hue needs them all
        seen = (now < SATURATED) & (self.reference < SATURATED)
        log_ratio = np.log(np.maximum(now, LEVEL_FLOOR) / np.maximum(self.reference, LEVEL_FLOOR))
        with np.errstate(invalid="ignore"):
            level = np.where(seen, log_ratio, 0.0).sum(axis=1) / seen.sum(axis=1)
        hue = np.where(seen.all(axis=1, keepdims=True), log_ratio - level[:, None], np.nan)
        # each against the light along its side around it: it changes smoothly along the edge (a lamp's
        # pool, a person's shadow), where a hand is a bump a few centimetres wide
        windows = self._windows
        level_change = np.nan_to_num(level - nan_median(level[windows], axis=1))
        hue_change = np.nan_to_num(np.linalg.norm(hue - nan_median(hue[windows], axis=1), axis=1))
        # the norm of the whole change: the level counts once per channel, as the hue's three parts do
        free = True if self.marble_free is None else self.marble_free
        changed = (np.sqrt(3 * level_change**2 + hue_change**2) > CHANGED) & free
        hued = (hue_change > HUE_CHANGED) & free
        longest = 0
        for side in np.unique(self.side):
            along = self.side == side
            counts = _window_sums(changed[along]), _window_sums(hued[along])
            longest = max(longest, int(counts[0][counts[1] >= HUE_POINTS].max(initial=0)))
        return longest * STEP_MM

    def covered(self, frame: np.ndarray) -> bool:
        """Whether a hand or an arm crosses the board's edge in ``frame``."""
        return self.crossed_mm(frame) >= ARM_MM

    def carried_over(self, before_h: np.ndarray, after_h: np.ndarray) -> EdgeStrip:
        """The strip where the board now lies (``before_h`` and ``after_h`` map board millimetres to
        pixels before and after a bump), with the look calibration saw at the same places of the board."""
        pixels = project(after_h @ np.linalg.inv(before_h), self.pixels)
        return EdgeStrip(pixels, self.side, self.reference, self.marble_free)

    def to_data(self) -> dict[str, Any]:
        reference = np.ascontiguousarray(self.reference, np.float32)
        return {
            "pixels": np.round(self.pixels, 2).tolist(),
            "side": self.side.astype(int).tolist(),
            "reference": base64.b64encode(reference.tobytes()).decode(),
            **({} if self.marble_free is None else {"marble_free": self.marble_free.astype(int).tolist()}),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> EdgeStrip:
        pixels = np.array(data["pixels"], np.float64).reshape(-1, 2)
        reference = np.frombuffer(base64.b64decode(data["reference"]), np.float32).reshape(-1, 3)
        side = np.array(data["side"], np.intp)
        free = None if data.get("marble_free") is None else np.array(data["marble_free"], bool)
        if (
            len(reference) != len(pixels)
            or len(side) != len(pixels)
            or (free is not None and len(free) != len(pixels))
        ):
            raise ValueError("the edge strip's points, sides and looks differ in number")
        return cls(pixels, side, reference.copy(), free)
