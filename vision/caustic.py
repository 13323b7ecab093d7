"""Whose clear glass marble it is by the bright spot of light it focuses beside it.

A glass marble is a lens: the lamp's light that passes through it comes out focused into a small bright
spot, beyond the marble from the lamp, in the middle of its shadow, tinted with the glass's colour. Under
a low desk lamp a clear glass marble seen from above shows no colour of its own, and its glow
(:mod:`vision.glow`) spreads over long shadows that fall on the next holes; but the spot is still there,
red, blue, green or yellow, and a person at the table sees it at once.

Around each hole, in a window of the frame, the spot is the brightest bump of the change of brightness
since the empty board (the change less its morphological opening: what stands out of the shadow around
it, and is smaller than the opening), weighed by how coloured the pixel is (a lamp's white highlight on
the glass or the varnish stands out as much, but is not coloured). It is looked for the way the
marble's shadow points (within :data:`SECTOR`), from :data:`INNER` to :data:`OUTER` marble radii of the
marble's centre as seen, off every other marble as seen and every hole's dark disc (whose noise the
change brings up), and only in a lamp's long shadows (:func:`shadow_ways`). Its hue is the frame's own chroma
there, not the change's: against the warm wood, a white highlight's change looks blue. Each seat's spot
is learnt from the marbles of the starting layout (:mod:`vision.seat_hues`).
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.geometry import BoardGeometry
from vision.markers import project
from vision.sampling import distances
from vision.seat_hues import SeatHues, off_squared

INNER, OUTER = 0.6, 1.9
"""Radii, in marble radii from the marble's centre as seen, between which its spot is looked for."""
SECTOR = np.radians(70)
"""Most angle between the way a marble's shadow points and the way its spot lies from it (the way the
shadow points is measured over the shadows of the reserve's four marbles, which overlap; see
:class:`SpotLook` for what other angles gave)."""
OPENING = 0.63
"""Side of the square opening that the spot stands out of, in marble radii (9 pixels for a marble of
14)."""
CAP = 6.0
"""The most one hole's spot can favour one seat over another (log-likelihood; the glow's cap is 8, the
engine's margin 12): at 8, a wrong board led a simulated swap by 11.1, at 5 and 6 by 7.0 and 7.1, with
55 % and 57 % of the swaps told (the looked-at set-ups of :class:`SpotLook`, before a spot had to be
learnt for every seat)."""
OFFSET = 4.0
"""Levels added to each channel before the log: dark pixels' noise stays small."""
HOLE_MARGIN = 1.0
"""Millimetres beyond a hole's radius within which a pixel is taken for the hole's dark disc."""
LEAST_PIXELS = 40
"""Fewer pixels left around a hole than this, and its spot says nothing."""
LEAST_LEAN = 0.05
"""Least mean lean of a hole's marbles' shadows, in marble radii, for them to point one way (see
:func:`shadow_ways`). A reserve's four marbles cast one shadow between them, which leans less: 0.08 and
0.09 for one reserve each of clear-desk-2076 and 2077, whose spots were then not learnt with 0.1."""
LONG_SHADOWS = 0.15
"""Least lean of the board's shadows (the median over its holes, as :data:`LEAST_LEAN`) for the light to
be a lamp that focuses a spot in them. A low desk lamp's leaned 0.17 to 0.38 (clear glass, seeds 2042 to
2063 and 2070 to 2077, looked at); a window's daylight 0.06 to 0.11, the evening light 0.04 to 0.13, a
ceiling lamp 0.02 and 0.03 (seeds 2070, 2071 and 2075 to 2077). In window light a spot learnt from noise
(clear-window-2075, its shadows leaning 0.08) took a Jack's swap from a lead of 21.8 to 9.8."""
ASTRAY = 2.5
"""How many times as far from its seat's direction as the median marble's a spot found at calibration
may lie and still be its marble's (see :func:`_agreeing`)."""
LEVELS = 40.0
"""Steps per unit of log brightness in which the empty board is kept (a step is 2.5 % of brightness)."""


class SpotPlan:
    """The window watched around every hole for one camera pose, and which of its pixels may hold the spot.

    Args:
        geometry: the board.
        board_h: homography from board millimetres to pixels, on the board's surface.
        centre_h: the same at the height of a resting marble's centre.
        size: (width, height) of the frames.
        shadows: ``(places, 2)``: the way each hole's marble's shadow points in the picture (a unit
            vector, or zero where no shadow points one way): its spot lies that way (none is looked for
            where the shadow points no way: a lamp high above focuses it under the marble).
        half: half the side of every window, in pixels (a calibration's windows keep theirs), or ``None``
            to fit the largest marble seen.
    """

    def __init__(
        self,
        geometry: BoardGeometry,
        board_h: np.ndarray,
        centre_h: np.ndarray,
        size: tuple[int, int],
        shadows: np.ndarray,
        half: int | None = None,
    ) -> None:
        centres = geometry.centres
        radius_mm = geometry.marble_diameter / 2
        self.shadows = np.asarray(shadows, np.float64).reshape(len(centres), 2)
        self.centres_px = project(centre_h, centres)
        holes_px = project(board_h, centres)
        self.radii_px = np.linalg.norm(
            project(centre_h, centres + [radius_mm, 0.0]) - self.centres_px, axis=1
        )
        self.half = int(np.ceil(OUTER * self.radii_px.max())) + 2 if half is None else half
        side = 2 * self.half + 1
        width, height = size
        origins = np.rint(self.centres_px).astype(int) - self.half
        self.inside = (origins[:, 0] >= 0) & (origins[:, 1] >= 0)
        self.inside &= (origins[:, 0] + side <= width) & (origins[:, 1] + side <= height)
        """``(places,)``: the window lies in the frame."""
        origins = np.clip(origins, 0, [width - side, height - side])
        grid = np.arange(side)
        self._origins = origins
        """``(places, 2)``: each window's first column and row in the frame."""
        xs = origins[:, 0, None, None] + grid[None, None, :]
        ys = origins[:, 1, None, None] + grid[None, :, None]
        own = np.hypot(xs - self.centres_px[:, 0, None, None], ys - self.centres_px[:, 1, None, None])
        ring = (own > INNER * self.radii_px[:, None, None]) & (own < OUTER * self.radii_px[:, None, None])
        along = (xs - self.centres_px[:, 0, None, None]) * self.shadows[:, 0, None, None]
        along = along + (ys - self.centres_px[:, 1, None, None]) * self.shadows[:, 1, None, None]
        pointed = np.linalg.norm(self.shadows, axis=1) > 0.5
        ring &= pointed[:, None, None] & (along >= np.cos(SECTOR) * own)
        hole_r = (geometry.hole_radius + HOLE_MARGIN) / radius_mm * self.radii_px
        near = distances(self.centres_px, self.centres_px) < 2 * (OUTER + 1) * self.radii_px.max()
        self.neighbours: list[np.ndarray] = []
        """Per place, the other places whose marbles or holes may lie in its window."""
        under = []  # per place, (len(neighbours), side, side): the pixel lies where their marbles are seen
        for p in range(len(centres)):
            others = np.flatnonzero(near[p] & (np.arange(len(centres)) != p))
            for q in [p, *others]:
                ring[p] &= np.hypot(xs[p] - holes_px[q, 0], ys[p] - holes_px[q, 1]) > hole_r[q]
            theirs = np.hypot(
                xs[p][None] - self.centres_px[others, 0, None, None],
                ys[p][None] - self.centres_px[others, 1, None, None],
            )
            self.neighbours.append(others)
            under.append(theirs <= self.radii_px[others, None, None])
        self._kernel = cv2.getStructuringElement(
            cv2.MORPH_RECT, (_odd(OPENING * np.median(self.radii_px)),) * 2
        )
        # Every hole's ring, with room for the opening around it, in a box of one size, so that the boxes of
        # many holes are read at once, one above the other (the opening never reaches across two).
        boxes = [_box(ring[p], len(self._kernel)) for p in range(len(centres))]
        self._box_size = (max(r1 - r0 for r0, r1, _, _ in boxes), max(c1 - c0 for _, _, c0, c1 in boxes))
        high, wide = self._box_size
        self._box_starts = np.array([(min(r0, side - high), min(c0, side - wide)) for r0, _, c0, _ in boxes])
        """``(places, 2)``: the first row and column of each hole's box in its window."""
        self._ring_boxes = np.array([self._in_box(p, ring[p]) for p in range(len(centres))])
        """``(places, *box)``: the pixels of each box where the spot may lie, off every hole's disc."""
        self._under_boxes = [self._in_box(p, under[p]) for p in range(len(centres))]
        """Per place, ``(len(neighbours), *box)``: the pixels of its box where its neighbours' marbles are
        seen."""

    def _in_box(self, place: int, window: np.ndarray) -> np.ndarray:
        """The part of ``window`` (``(..., side, side)``) in ``place``'s box."""
        row, col = self._box_starts[place]
        return window[..., row : row + self._box_size[0], col : col + self._box_size[1]]

    def brightness(self, frame: np.ndarray, places: Sequence[int]) -> np.ndarray:
        """``(len(places), side, side)``: each window's log brightness (the mean of its channels' logs)."""
        side = 2 * self.half + 1
        return np.array([_logs(frame[y : y + side, x : x + side])[0] for x, y in self._origins[list(places)]])

    def spots(
        self, frame: np.ndarray, empty: np.ndarray, places: Sequence[int], bodies: np.ndarray
    ) -> list[np.ndarray | None]:
        """The chroma of the spot of each of ``places``, or ``None`` when too little around it is open to
        view.

        Args:
            empty: ``(places of the board, side, side)``: the empty board's log brightness in every window.
            bodies: ``(places of the board,)`` bool, the holes that hold or may hold a marble.
        """
        found: list[np.ndarray | None] = [None] * len(places)
        masks = {
            n: self._ring_boxes[p] & ~self._under_boxes[p][bodies[self.neighbours[p]]].any(axis=0)
            for n, p in enumerate(places)
            if self.inside[p]
        }
        seen = [n for n, mask in masks.items() if np.count_nonzero(mask) >= LEAST_PIXELS]
        if not seen:
            return found
        high, wide = self._box_size
        starts = [self._origins[places[n]][::-1] + self._box_starts[places[n]] for n in seen]
        brightness, logs = _logs(np.concatenate([frame[y : y + high, x : x + wide] for y, x in starts]))
        change = brightness - np.concatenate([self._in_box(places[n], empty[places[n]]) for n in seen])
        bump = change - cv2.morphologyEx(change, cv2.MORPH_OPEN, self._kernel)
        # how coloured each pixel is: the length of its channels' logs less their mean
        spread = cv2.transform(cv2.multiply(logs, logs), _SUM) - cv2.multiply(brightness, brightness, scale=3)
        colour = np.sqrt(np.maximum(spread, 0.0))
        score = np.where(np.concatenate([masks[n] for n in seen]), bump * colour, -np.inf)
        peaks = np.argmax(score.reshape(len(seen), -1), axis=1)
        by_box = logs.reshape(len(seen), high, wide, 3)
        for k, n in enumerate(seen):
            y, x = divmod(int(peaks[k]), wide)
            near = by_box[k, max(y - 1, 0) : y + 2, max(x - 1, 0) : x + 2].reshape(-1, 3)
            found[n] = np.asarray(near.mean(axis=0) - near.mean(), np.float64)
        return found


def _logs(pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The log brightness (the mean of the channels' logs) of ``pixels`` (``(h, w, 3)`` BGR levels), and
    the logs themselves, float32."""
    logs = cv2.LUT(np.ascontiguousarray(pixels), _LOG)
    return cv2.transform(logs, _SUM / 3), logs


_SUM = np.ones((1, 3), np.float32)
_LOG = np.log(np.arange(256, dtype=np.float32) + np.float32(OFFSET))
"""The log of every level, :data:`OFFSET` added."""


def shadow_ways(reach: np.ndarray) -> np.ndarray:
    """``(places, 2)``: the way each hole's marble's shadow points in the picture, from how far it
    reaches in each of :data:`vision.edge_watch.SHADE_DIRECTIONS` directions (``(places, directions)``,
    see :func:`vision.edge_watch.shade_reach`): a unit vector, or zero where it leans no way by
    :data:`LEAST_LEAN`, and everywhere when the light casts no long shadows (:data:`LONG_SHADOWS`)."""
    angles = np.arange(reach.shape[1]) * 2 * np.pi / reach.shape[1]
    excess = reach - reach.min(axis=1, keepdims=True)
    lean = excess @ np.column_stack([np.cos(angles), np.sin(angles)]) / reach.shape[1]
    length = np.linalg.norm(lean, axis=1, keepdims=True)
    if np.median(length) < LONG_SHADOWS:
        return np.zeros_like(lean)
    return np.asarray(np.where(length >= LEAST_LEAN, lean / np.maximum(length, 1e-9), 0.0))


def _agreeing(spots: list[np.ndarray]) -> list[np.ndarray]:
    """The spots of one seat's marbles that agree with the others': a spot lying more than
    :data:`ASTRAY` times as far from their median's direction as the median spot does is another's (a
    neighbour's in the reserve, or the lamp's highlight), and one such would make every seat look alike."""
    if len(spots) < 3:
        return spots
    middle = np.median(spots, axis=0)
    off = np.sqrt(off_squared(np.array(spots), (middle / max(float(np.linalg.norm(middle)), 1e-9))[None]))[
        :, 0
    ]
    return [
        spot for spot, far in zip(spots, off, strict=True) if far <= ASTRAY * max(float(np.median(off)), 0.01)
    ]


def _box(mask: np.ndarray, room: int) -> tuple[int, int, int, int]:
    """The first and past-last rows and columns of ``mask`` that hold it, ``room`` more all round (within
    the mask's shape)."""
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return 0, 1, 0, 1
    high, wide = mask.shape
    return (
        max(int(rows[0]) - room, 0),
        min(int(rows[-1]) + room + 1, high),
        max(int(cols[0]) - room, 0),
        min(int(cols[-1]) + room + 1, wide),
    )


def _odd(width: float) -> int:
    return max(3, int(round(width)) // 2 * 2 + 1)


@dataclass(frozen=True)
class SpotLook(SeatHues):
    """The empty board's brightness around every hole, and each seat's spot learnt at calibration.

    Weighed on the looked-at set-ups of clear glass under a desk lamp (seeds 2042 to 2059, 2062, 2063,
    2070 to 2073, 2076 and 2077: 7,476 Jack's swaps simulated between every two marbles of different seats
    on their still boards, with the glows and the marbles' own colours), the spots raised the swaps whose
    true board led by the engine's margin from 31 % to 57 %, and the most a wrong board led fell from 7.4
    to 6.9; 21 of the 26 set-ups learnt spots. The spot is looked for within :data:`SECTOR` of the way the
    shadow points: at 50 degrees more swaps were told but a wrong board led by 10.7, at 90 by 7.7 (on the
    first 20 set-ups, before a spot had to be learnt for every seat).
    """

    empty: np.ndarray
    """``(places, side, side)`` float32: the log brightness of the empty board in each hole's window."""
    shadows: np.ndarray
    """``(places, 2)``: the way each hole's marble's shadow pointed at calibration (see :class:`SpotPlan`)."""

    @classmethod
    def learn(
        cls,
        plan: SpotPlan,
        empty: np.ndarray,
        frame: np.ndarray,
        layout: Mapping[str, str],
        ids: Sequence[str],
    ) -> SpotLook | None:
        """Learn from the empty board and a frame of marbles in known places; ``None`` when no seat's spot
        can be told from the others' (see :mod:`vision.seat_hues`), or some seat's marbles show too few."""
        windows = np.rint(plan.brightness(empty, range(len(ids))) * LEVELS) / LEVELS
        held = [ids.index(p) for p in layout]
        bodies = np.zeros(len(ids), bool)
        bodies[held] = True
        by_seat: dict[str, list[np.ndarray]] = {}
        for place, found in zip(layout, plan.spots(frame, windows, held, bodies), strict=True):
            if found is not None:
                by_seat.setdefault(layout[place], []).append(found)
        agreeing = {seat: _agreeing(found) for seat, found in by_seat.items()}
        if set(layout.values()) - {seat for seat, found in agreeing.items() if len(found) >= 2}:
            return None  # a seat whose spot is not known cannot be weighed against the others
        hues = SeatHues.learnt(agreeing)
        if hues is None:
            return None
        return cls(hues.seats, hues.stray, hues.groups, windows.astype(np.float32), plan.shadows)

    def evidence(
        self, plan: SpotPlan, frame: np.ndarray, places: Sequence[int], bodies: np.ndarray
    ) -> list[dict[str, float] | None]:
        """For each of ``places``, seat -> log-likelihood of its spot (the best seat at 0, none below
        ``-CAP``), or ``None`` when too little around it is open to view.

        Args:
            bodies: ``(places,)`` bool, the holes that hold or may hold a marble.
        """
        return self.weigh(plan.spots(frame, self.empty, places, bodies), CAP)

    def to_data(self) -> dict[str, Any]:
        levels = np.rint(self.empty * LEVELS).astype(np.uint8)  # log brightness 1.4 to 5.6: 55 to 222
        return {
            "shape": list(levels.shape),
            "data": base64.b64encode(zlib.compress(levels.tobytes(), 9)).decode(),
            "shadows": [[round(float(v), 4) for v in way] for way in self.shadows],
            **self.hues_to_data(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any], places: int) -> SpotLook:
        """Read what :meth:`to_data` wrote, for a board of ``places`` holes.

        Raises:
            ValueError: the data is damaged or of another board.
        """
        shape = tuple(int(n) for n in data["shape"])
        if len(shape) != 3 or shape[0] != places or shape[1] != shape[2] or shape[1] % 2 != 1:
            raise ValueError(f"spot windows of shape {shape} for a board of {places} holes")
        try:
            raw = zlib.decompress(base64.b64decode(data["data"]))
        except zlib.error as error:
            raise ValueError(f"the spot windows are damaged: {error}") from None
        levels = np.frombuffer(raw, np.uint8).reshape(shape)
        shadows = np.array(data["shadows"], np.float64)
        if shadows.shape != (places, 2):
            raise ValueError(f"spot shadows of shape {shadows.shape} for a board of {places} holes")
        hues = SeatHues.hues_from_data(data, "spots")
        return cls(hues.seats, hues.stray, hues.groups, levels.astype(np.float32) / LEVELS, shadows)
