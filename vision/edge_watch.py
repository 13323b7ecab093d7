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

Those points were left out around every hole, and with only a short stretch of a marble's shade: under a
low lamp, the shadows of marbles in the holes next to the edge still fell past them (on seeds 2006 to
2032, 18 frames without a hand were taken for one, on five set-ups, and their moves never settled). So
calibration now measures how far a marble's shade reaches around it in every direction
(:func:`shade_reach`), and only the holes the frame's own reading finds a marble in leave their points
out. A lamp's shadows turn across the board (they point away from it), so each hole takes the shade of
the calibration marbles nearest it (:data:`NEAREST_SHADES`): the median over the whole board fell
short of two pegs' shadows next to the edge on peg-desk-2071. Fingers over the holes next to the edge
read as marbles too: a change there whose hue moved past a shade's noise still counts
(:data:`SHADE_HUE_NOISE`).

Light skin in its own shade over light wood changes the hue no more than a shadow does (milky-window-2025,
fingers over the top edge in daylight, then read as marbles of seats A and D over the holes). What a
shade keeps and a finger hides is the board's grain: where calibration's two pictures show the same grain
at a point (:data:`TEXTURE_REPEATS`; a painted or plain board shows none, and the test then says
nothing), a run of changed points of which :data:`LOST_POINTS` lost it is a hand too. On seeds 2006 to
2032 (540 set-ups), with both: no frame without a hand taken for one (7,020; 18 before), 5,277 of 6,480
frames with a hand seen (4,978 before).
"""

from __future__ import annotations

import base64
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import cv2
import numpy as np

from vision.classify import SATURATED, nan_median
from vision.geometry import BoardGeometry
from vision.lift import SHADE_SMOOTHING, log_ratio
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
SHADE_DIRECTIONS = 24
"""Directions around a marble in which calibration measures how far its shade reaches."""
SHADE_CHANGE = float(np.log(1.25))
"""Change of the light (log ratio of the colours' mean to the empty board's) past which a pixel beside a
marble lies in its shade or its caustic."""
SHADE_MAX = 7.0
"""Farthest a marble's shade is followed, in marble radii (a low lamp's shadow reaches about 5 on the
photoreal set-ups)."""
NEAREST_SHADES = 4
"""Marbles of the calibration picture nearest a hole whose shades tell how far a marble's shade reaches
there (a reserve's four)."""
SHADE_HUE_NOISE = 2.0
"""Levels (0..255) of noise in a point's colours: a shade's hue changes up to :data:`HUE_CHANGED` plus
this over the point's level (a shadow two thirds dark in an evening light changed the hue of the points
under it by up to 0.36: milky-evening-2030)."""
TEXTURE_PX = 4
"""Half the side, in pixels, of the square of grain kept around each strip point."""
TEXTURE_REPEATS = 0.5
"""Correlation of a point's grain between calibration's two frames from which the board shows grain
there (camera noise alone correlates near 0; a painted or plain board shows none)."""
TEXTURE_LOST = 0.2
"""Correlation with calibration's grain under which a changed point no longer shows the board: a shade
keeps the grain, only darker; a finger or a sleeve hides it."""
LOST_POINTS = 5
"""Changed points of a run that lost their grain for it to be a hand, whatever its hue (light skin over
light wood in the shade changes hue no more than a shadow does: milky-window-2025)."""
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


def shade_reach(
    frame: np.ndarray, empty: np.ndarray, centres: np.ndarray, radii: np.ndarray, holes: np.ndarray
) -> np.ndarray:
    """``(len(holes), SHADE_DIRECTIONS)``: how far, in marble radii from a marble's centre, its shade and
    caustic reach in each direction (the angle in the picture, from its x axis towards its y axis) at
    each of ``holes`` (pixels), the median over the :data:`NEAREST_SHADES` marbles nearest it of those at
    ``centres`` (radii ``radii``, pixels) in ``frame`` against the ``empty`` board's.

    A lamp's shadows point away from it, so their direction turns across the board: the median over
    every marble of the board fell short of both pegs' shadows next to the edge on peg-desk-2071 (a desk
    lamp), whose shades were then taken for a hand. A direction's reach ends at the first pixel whose
    light changed less than :data:`SHADE_CHANGE`, passing over the other marbles (a reserve's marbles
    touch). The light is smoothed as the lift's shade is (:data:`vision.lift.SHADE_SMOOTHING`): a
    shadow's change is smooth, the grain's noise is not."""
    if not len(centres):
        return np.ones((len(holes), SHADE_DIRECTIONS))
    smoothing = SHADE_SMOOTHING * float(np.median(radii))
    change = np.abs(cv2.GaussianBlur(log_ratio(frame, empty).mean(axis=2), (0, 0), smoothing))
    height, width = change.shape
    angles = np.arange(SHADE_DIRECTIONS) * 2 * np.pi / SHADE_DIRECTIONS
    rays = np.column_stack([np.cos(angles), np.sin(angles)])
    steps = np.linspace(1.0, SHADE_MAX, 61)
    reaches = []
    for i, (centre, radius) in enumerate(zip(centres, radii, strict=True)):
        points = centre + rays[:, None, :] * (steps[None, :, None] * radius)
        x = np.clip(np.rint(points[..., 0]).astype(np.intp), 0, width - 1)
        y = np.clip(np.rint(points[..., 1]).astype(np.intp), 0, height - 1)
        others = np.delete(np.arange(len(centres)), i)
        on_other = np.linalg.norm(points[:, :, None, :] - centres[others], axis=3) < radii[others] * 1.05
        shaded = (change[y, x] > SHADE_CHANGE) | on_other.any(axis=2)
        first_gap = np.argmin(np.column_stack([shaded, np.zeros(len(rays), bool)]), axis=1)
        reaches.append(np.where(first_gap > 0, steps[np.maximum(first_gap - 1, 0)], 1.0))
    nearest = np.argsort(np.linalg.norm(holes[:, None, :] - centres[None], axis=2), axis=1)
    return np.asarray(np.median(np.array(reaches)[nearest[:, :NEAREST_SHADES]], axis=1))


@dataclass(frozen=True)
class MarbleOutlines:
    """Where a marble resting in each hole shows in the picture, as the reader samples it, with the shade
    and caustic it throws around it. (Reaching on up to its crown, the outline would leave out so much of
    the edge next to homes and reserves that hands there go unseen: on the looked-at photoreal seeds
    2006-2021, 11 frames with a hand were then read wrong.) Under a low lamp, the shadows of marbles in
    the holes next to the edge fall over the strip: on the photoreal seeds 2006 to 2032, 18 frames
    without a hand were taken for one (milky-evening-2030, three marbles' shadows side by side; desk
    lamps)."""

    holes: np.ndarray
    """``(places, 2)`` each hole's centre on the board surface, in pixels."""
    centres: np.ndarray
    """``(places, 2)`` the centre of a marble resting in each hole, in pixels."""
    radius: np.ndarray
    """``(places,)`` a marble's radius in pixels at each hole."""
    reach: np.ndarray = field(default_factory=lambda: np.ones((1, SHADE_DIRECTIONS)))
    """``(places, SHADE_DIRECTIONS)`` how far a marble's shade reaches around it at each hole (see
    :func:`shade_reach`); one row: the same at every hole."""

    def covering(self, pixels: np.ndarray) -> np.ndarray:
        """``(n, places)`` bool: which of ``pixels`` a marble in each hole covers itself (within
        :data:`MARBLE_CLEARANCE_PX`), from its hole up to its centre."""
        clearance = self.radius[None, :] + MARBLE_CLEARANCE_PX
        return np.asarray(_segment_distance(pixels, self.holes, self.centres) <= clearance)

    def hiding(self, pixels: np.ndarray) -> np.ndarray:
        """``(n, places)`` bool: which of ``pixels`` a marble in each hole may change, itself or by its
        shade (within :data:`MARBLE_CLEARANCE_PX`)."""
        on_marble = self.covering(pixels)
        offset = pixels[:, None, :] - self.centres[None]
        distance = np.linalg.norm(offset, axis=2) / self.radius[None, :]
        turn = np.mod(np.arctan2(offset[..., 1], offset[..., 0]), 2 * np.pi) * SHADE_DIRECTIONS / (2 * np.pi)
        below = np.floor(turn).astype(np.intp) % SHADE_DIRECTIONS
        share = turn - np.floor(turn)
        reaches = np.broadcast_to(self.reach, (len(self.centres), SHADE_DIRECTIONS))
        hole = np.arange(len(self.centres))[None, :]
        reach = reaches[hole, below] * (1 - share) + reaches[hole, (below + 1) % SHADE_DIRECTIONS] * share
        in_shade = distance <= reach + MARBLE_CLEARANCE_PX / self.radius[None, :]
        return np.asarray(on_marble | in_shade)


def _segment_distance(pixels: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """``(n, m)`` distance of each of ``pixels`` ``(n, 2)`` from each segment ``starts[m]``-``ends[m]``."""
    axis = ends - starts
    along = np.einsum("nmk,mk->nm", pixels[:, None, :] - starts[None], axis)
    t = np.clip(along / np.maximum(np.einsum("mk,mk->m", axis, axis), 1e-9), 0.0, 1.0)
    nearest = starts[None] + t[..., None] * axis[None]
    return np.asarray(np.linalg.norm(pixels[:, None, :] - nearest, axis=2))


def _grain(frame: np.ndarray, pixels: np.ndarray) -> np.ndarray:
    """``(n, side * side)`` uint8: the grey square of :data:`TEXTURE_PX` around each pixel (clipped to the
    frame)."""
    height, width = frame.shape[:2]
    span = np.arange(-TEXTURE_PX, TEXTURE_PX + 1)
    x = np.clip(np.rint(pixels[:, 0]).astype(np.intp)[:, None, None] + span[None, None, :], 0, width - 1)
    y = np.clip(np.rint(pixels[:, 1]).astype(np.intp)[:, None, None] + span[None, :, None], 0, height - 1)
    grey = np.rint(frame[y, x].astype(np.float32).mean(axis=3))
    return np.asarray(grey, np.uint8).reshape(len(pixels), (2 * TEXTURE_PX + 1) ** 2)


def _correlation(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``(n,)`` the normalised correlation of the grain squares ``a`` and ``b`` (see :func:`_grain`)."""
    a, b = (np.asarray(g, np.float32) for g in (a, b))
    a, b = a - a.mean(axis=1, keepdims=True), b - b.mean(axis=1, keepdims=True)
    return np.asarray((a * b).sum(axis=1) / np.sqrt((a * a).sum(axis=1) * (b * b).sum(axis=1) + 1e-6))


def _longest(side: np.ndarray, changed: np.ndarray, signs: list[tuple[np.ndarray, int]]) -> int:
    """The most ``changed`` points within :data:`WINDOW_MM` of one ``side``, counted only where one of
    the ``signs`` (flags, and how many of them a window needs) is there too."""
    longest = 0
    for k in np.unique(side):
        along = side == k
        counts = _window_sums(changed[along])
        shown = np.zeros(len(counts), bool)
        for flags, need in signs:
            shown |= _window_sums(flags[along]) >= need
        longest = max(longest, int(counts[shown].max(initial=0)))
    return longest


@dataclass(frozen=True)
class EdgeStrip:
    """The board's edge strip as calibration saw it: where its points are in the frame, and their look."""

    pixels: np.ndarray
    """``(n, 2)`` where the strip's points are in the frame."""
    side: np.ndarray
    """``(n,)`` the board side each point lies on."""
    reference: np.ndarray
    """``(n, 3)`` float32 BGR of each point in the calibration picture."""
    hidden_by: np.ndarray | None = None
    """``(n, places)`` bool: the points a marble in each hole, or its shade, may change (see
    :class:`MarbleOutlines`); ``None``: none. Seen from a tilted camera, a marble in a hole near the edge
    stands out over the strip (clear-desk-2016 and 2020, two glass marbles over 36 and 39 mm), and under a
    low lamp its shadow falls over it. Only the holes a reading finds a marble in leave their points out
    (see :meth:`crossed_mm`). A strip saved before the holes were told apart has one column, for any
    hole."""
    grain: np.ndarray | None = None
    """``(n, side * side)`` uint8: the grain around each point in the calibration picture (see
    :func:`_grain`); ``None``: not kept (a single calibration picture cannot tell grain from
    noise)."""
    grained: np.ndarray | None = None
    """``(n,)`` bool: the board shows the same grain there in calibration's two pictures
    (:data:`TEXTURE_REPEATS`)."""
    under_marble: np.ndarray | None = None
    """``(n, places)`` bool: the points of :attr:`hidden_by` a marble in each hole covers with its own body
    rather than its shade; ``None``: not told apart (a strip saved before)."""

    @classmethod
    def learn(
        cls,
        frame: np.ndarray,
        geometry: BoardGeometry,
        board_h: np.ndarray,
        marbles: MarbleOutlines | None = None,
        again: np.ndarray | None = None,
    ) -> EdgeStrip:
        """The strip of ``geometry`` where ``board_h`` (board millimetres to pixels) puts it, as ``frame``
        shows it (a picture with no hand over the board), with the points each hole's marble (``marbles``)
        may change, and the board's grain where ``again``, a second such picture, shows the same."""
        points, side = strip_points(geometry, _inset(geometry, board_h))
        pixels = project(board_h, points)
        hidden = None if marbles is None else marbles.hiding(pixels)
        under = None if marbles is None else marbles.covering(pixels)
        grain = grained = None
        if again is not None:
            grain = _grain(frame, pixels)
            grained = _correlation(grain, _grain(again, pixels)) >= TEXTURE_REPEATS
        return cls(pixels, side, _sample(frame, pixels), hidden, grain, grained, under)

    @cached_property
    def _windows(self) -> np.ndarray:
        return _light_windows(self.side)

    def _hidden(self, present: np.ndarray | None, mask: np.ndarray | None) -> np.ndarray:
        """``(n,)`` bool: the points of ``mask`` (:attr:`hidden_by` or :attr:`under_marble`) that a marble
        in a hole of ``present`` ``(places,)`` (bool; ``None``: any hole) changes; none without a mask."""
        if mask is None:
            return np.zeros(len(self.pixels), bool)
        if present is None or mask.shape[1] != len(present):
            return np.asarray(mask.any(axis=1))
        return np.asarray(mask[:, present].any(axis=1))

    def crossed_mm(self, frame: np.ndarray, present: np.ndarray | None = None) -> float:
        """The most edge, in millimetres within :data:`WINDOW_MM` of one side, whose colour changed past
        :data:`CHANGED` since calibration, counted only where :data:`HUE_POINTS` of its points changed
        hue too, or :data:`LOST_POINTS` of them lost the board's grain; the points that a marble in a hole
        of ``present`` ``(places,)`` (bool; ``None``: any hole) may change are left out, unless their hue
        changed past a shade's (:data:`SHADE_HUE_NOISE`)."""
        now = _sample(frame, self.pixels)
        # a channel clipped white, then or now, says nothing of what lies there; a hue needs them all
        seen = (now < SATURATED) & (self.reference < SATURATED)
        ratio = np.log(np.maximum(now, LEVEL_FLOOR) / np.maximum(self.reference, LEVEL_FLOOR))
        with np.errstate(invalid="ignore"):
            level = np.where(seen, ratio, 0.0).sum(axis=1) / seen.sum(axis=1)
        hue = np.where(seen.all(axis=1, keepdims=True), ratio - level[:, None], np.nan)
        # each against the light along its side around it: it changes smoothly along the edge (a lamp's
        # pool, a person's shadow), where a hand is a bump a few centimetres wide
        windows = self._windows
        level_change = np.nan_to_num(level - nan_median(level[windows], axis=1))
        hue_change = np.nan_to_num(np.linalg.norm(hue - nan_median(hue[windows], axis=1), axis=1))
        # A marble's shade darkens the wood and keeps its hue, but for the noise of a dark point: a hand
        # whose hue changed past that, where a marble read in a hole might shade the strip (fingers over
        # the holes next to the edge read as marbles), still counts. Not over the own body of a marble
        # read in its hole, whose colour is not the wood's (a blue ball over the strip, under a desk lamp:
        # wood-desk-2049); with no holes read (``present`` unknown) no body is known to be there.
        noise = SHADE_HUE_NOISE / np.maximum(now.mean(axis=1), 1.0)
        body = None if present is None else self.under_marble
        hued = (hue_change > HUE_CHANGED + noise) & ~self._hidden(present, body)
        free = ~self._hidden(present, self.hidden_by) | hued
        # the norm of the whole change: the level counts once per channel, as the hue's three parts do
        changed = (np.sqrt(3 * level_change**2 + hue_change**2) > CHANGED) & free
        signs = [((hue_change > HUE_CHANGED) & free, HUE_POINTS)]
        if self.grain is not None and self.grained is not None:
            looked = np.flatnonzero(changed & self.grained)  # a grain is compared only where it counts
            lost = np.zeros(len(changed), bool)
            lost[looked] = _correlation(self.grain[looked], _grain(frame, self.pixels[looked])) < TEXTURE_LOST
            signs.append((lost, LOST_POINTS))
        return _longest(self.side, changed, signs) * STEP_MM

    def covered(self, frame: np.ndarray, present: np.ndarray | None = None) -> bool:
        """Whether a hand or an arm crosses the board's edge in ``frame`` (``present``: see
        :meth:`crossed_mm`)."""
        return self.crossed_mm(frame, present) >= ARM_MM

    def carried_over(self, before_h: np.ndarray, after_h: np.ndarray) -> EdgeStrip:
        """The strip where the board now lies (``before_h`` and ``after_h`` map board millimetres to
        pixels before and after a bump), with the look calibration saw at the same places of the board."""
        pixels = project(after_h @ np.linalg.inv(before_h), self.pixels)
        return replace(self, pixels=pixels)

    def to_data(self) -> dict[str, Any]:
        reference = np.ascontiguousarray(self.reference, np.float32)
        data: dict[str, Any] = {
            "pixels": np.round(self.pixels, 2).tolist(),
            "side": self.side.astype(int).tolist(),
            "reference": base64.b64encode(reference.tobytes()).decode(),
        }
        for key, mask in (("hidden_by", self.hidden_by), ("under_marble", self.under_marble)):
            if mask is not None:
                bits = base64.b64encode(np.packbits(mask, axis=1).tobytes()).decode()
                data[key] = {"places": int(mask.shape[1]), "bits": bits}
        if self.grain is not None and self.grained is not None:
            data["grain"] = base64.b64encode(np.ascontiguousarray(self.grain, np.uint8).tobytes()).decode()
            data["grained"] = self.grained.astype(int).tolist()
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> EdgeStrip:
        pixels = np.array(data["pixels"], np.float64).reshape(-1, 2)
        count = len(pixels)
        reference = np.frombuffer(base64.b64decode(data["reference"]), np.float32).reshape(-1, 3)
        side = np.array(data["side"], np.intp)
        hidden, under = (_unpack(data.get(key), count) for key in ("hidden_by", "under_marble"))
        if hidden is None and data.get("marble_free") is not None:  # saved before the holes were told apart
            hidden = ~np.array(data["marble_free"], bool)[:, None]
        grain = grained = None
        if data.get("grain") is not None:
            square = (2 * TEXTURE_PX + 1) ** 2  # a grain of another size would fail every frame's reading
            grain = np.frombuffer(base64.b64decode(data["grain"]), np.uint8).reshape(count, square).copy()
            grained = np.array(data["grained"], bool)
        if (
            len(reference) != count
            or len(side) != count
            or any(mask is not None and len(mask) != count for mask in (hidden, under))
            or (grained is not None and len(grained) != count)
        ):
            raise ValueError("the edge strip's points, sides and looks differ in number")
        return cls(pixels, side, reference.copy(), hidden, grain, grained, under)


def _unpack(packed: dict[str, Any] | None, count: int) -> np.ndarray | None:
    """``(count, places)`` bool: a mask of the strip's points by hole as :meth:`EdgeStrip.to_data` packs
    it, or ``None``."""
    if packed is None:
        return None
    bits = np.frombuffer(base64.b64decode(packed["bits"]), np.uint8)
    return np.unpackbits(bits.reshape(count, -1), axis=1, count=int(packed["places"])).astype(bool)
