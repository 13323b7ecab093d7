"""What changed on the board since the last board the game accepted, by every hole's look.

A person who looks away while a Jack is played still sees, looking back, which two marbles were
touched: they sit a little differently, they catch the light another way, and a red glass marble in a
hole that held a green one tints its shadow another way. Nothing else on the board moved. The camera can
do the same: it keeps the look of every hole on the last still board the game accepted (the marble as the
camera sees it, its rim and the shade right around it, each pixel kept for the nearest hole) and compares
the next still board with it, hole by hole, under the same light.

Each hole's change is measured under the light of the later board: the earlier look is first brought to
the light since measured around the hole (a person's shadow or a cloud passing between the two boards,
see :data:`LIGHT_AROUND`). Then it is measured against how much every hole changed (sensor noise, the
light drifting a little): the typical hole is the unit, and a hole's *change* is how many robust
standard deviations it lies above it. This says two things the colours cannot:

* a hole whose occupancy was not read (a low lamp's shadow across it, a dim corner) but whose look did
  not change holds what it held: a marble arriving or leaving changes a hole far more than that
  (:data:`UNCHANGED`). Its colour is still left to the game, as two marbles of near tints may look alike.
  So does an empty hole seen to hold a faint marble of unsure colour (its hole changed less than a
  marble strongly changes it): under a desk lamp, a clear glass marble's long shadow and caustic change
  the hole next to it as much as a dim marble changes its own, on every board while the marble stays
  (clear-desk-2061), but no marble came. A hole strongly changed is not questioned;
* a marble of unsure colour whose look changed much was touched: where several Jack's swaps fit the
  holes, the ones that leave such a marble in place are weighed down (:data:`CHANGED`, at most
  :data:`CAP` a hole, so that one hole alone never decides). A touch never makes a move of the board as
  it was (a marble lifted and put back looks touched too): the engine weighs it between moves only
  (:func:`firmware_py.engine.matching.match_seen`). A look that did not change is no evidence for the
  marble that was there: two pale marbles of near tints may look alike once swapped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

REACH = 1.3
"""The pixels of a hole's look lie within this many marble radii of a marble's top as the camera sees
it (the marble, its rim, the shade right around it), each kept for the nearest hole."""
BLUR = 2.0
"""Gaussian blur (pixels) before comparing: sensor noise averages out, a tint or a shift does not."""
STEP = 2
"""Every second pixel across and down is enough once blurred (neighbours say the same)."""
SHARE = 0.9
"""A hole's change is this quantile of its pixels' change (a marble is a part of its look)."""
FLOOR = 10.0
"""Levels added to a pixel's brightness when its change is weighed against it (dark pixels' noise)."""
LEAST_SPREAD = 0.05
"""Floor of the holes' robust spread of change, against the typical hole's (very clean frames)."""
UNCHANGED = 4.0
"""A hole whose change is at most this holds what it held (robust standard deviations above the
typical hole). A hole whose occupancy changed between two still boards changed by 10.9 or more (every
set-up of seeds 2006 to 2035), and by 10.4 or more over the 292 set-ups of seeds 2006 to 2054 cached on
29 November 2026 (1,424 such holes; the least, clear glass in the evening): 4 leaves it 2.6 times as
far. It was 3 until then; two boards of those seeds waited for a hole that changed by 3.3 and 3.8 as a
hand and a marble's new shade passed near it (clear-evening-2054, clear-desk-recoloured-2055). Brought
to the light around each hole (:data:`LIGHT_AROUND`), such holes of the 318 set-ups of seeds 2000 to 2062
cached changed by 10.2 or more (10.4 before)."""
LIGHT_AROUND = 5
"""A hole's light since the earlier board is the median of its own and its nearest holes' (this many in
all; :attr:`vision.reader.BoardReading.local_light`): a shadow's edge is soft over a hole or two, and one
hole's own estimate wavers by a few percent (a marble arriving next to it shades its wood). Compared as
they were, a shadow that moved between two boards of the 2D camera so swelled the spread of every hole's
change that holes a marble reached or left changed by 1.9 only (tuning seeds 1 and 3: 40 of 362 such
holes at most :data:`UNCHANGED`); brought to the light around them, 7.4 or more. Each hole's own light
took that too (8.4 or more), but on the photoreal looked-at seeds (still boards of 318 set-ups cached,
seeds 2000 to 2062, locked exposure) its wavering lifted past :data:`UNCHANGED` 40 of the 1,510 holes in
doubt whose occupancy and look stayed, and the median of five 4; nine holes were too many for a
shadow's edge (3.5)."""
CHANGED = 8.0
"""A marble of unsure colour whose hole changed by more than this was touched: it weighs against the
marble that was there, one log-likelihood unit per standard deviation past it. Sensor noise alone changed
a hole by 7.5 at most between two captures of the same board (clear glass, seeds 2006 to 2035)."""
CAP = 8.0
"""The most one hole's change weighs (the engine's margin is 12: both holes of a swap must agree)."""


@dataclass(frozen=True)
class BoardLooks:
    """The look of every hole in one frame: blurred pixels, in the order of the plan that took them."""

    pixels: np.ndarray
    """``(n, 3)`` float32 BGR."""
    plan: LookPlan
    """The plan that took them: looks of two plans (the board found again elsewhere) never compare."""


class LookPlan:
    """Which pixels make up every hole's look for one camera pose.

    Args:
        places: the place ids, in the reader's order.
        top_px: ``(places, 2)`` where a marble's top lies in the frame.
        radius_px: ``(places,)`` a marble's radius in pixels there.
        size: (width, height) of the frames.
    """

    def __init__(
        self, places: Sequence[str], top_px: np.ndarray, radius_px: np.ndarray, size: tuple[int, int]
    ) -> None:
        self.places = tuple(places)
        width, height = size
        reach = REACH * np.asarray(radius_px, float)
        margin = int(np.ceil(3 * BLUR))
        x0 = max(int(np.floor((top_px[:, 0] - reach).min())) - margin, 0)
        y0 = max(int(np.floor((top_px[:, 1] - reach).min())) - margin, 0)
        x1 = min(int(np.ceil((top_px[:, 0] + reach).max())) + margin + 1, width)
        y1 = min(int(np.ceil((top_px[:, 1] + reach).max())) + margin + 1, height)
        self.box = (x0, y0, x1, y1)
        apart = np.linalg.norm(top_px[:, None, :] - top_px[None, :, :], axis=2)
        self._around = np.argsort(apart, axis=1)[:, :LIGHT_AROUND]  # each hole first, then its nearest
        rows: list[np.ndarray] = []
        cols: list[np.ndarray] = []
        for i, ((x, y), r) in enumerate(zip(top_px, reach, strict=True)):
            near = np.argsort(apart[i])[1:9]
            ys, xs = np.mgrid[int(y - r) : int(y + r) + 2 : STEP, int(x - r) : int(x + r) + 2 : STEP]
            own = (xs - x) ** 2 + (ys - y) ** 2
            nearest_other = np.min(
                (xs[..., None] - top_px[near, 0]) ** 2 + (ys[..., None] - top_px[near, 1]) ** 2, axis=-1
            )
            keep = (own <= r * r) & (own <= nearest_other) & (xs >= x0) & (xs < x1) & (ys >= y0) & (ys < y1)
            rows.append(ys[keep] - y0)
            cols.append(xs[keep] - x0)
        counts = np.array([len(r) for r in rows])
        self.rows = np.concatenate(rows)
        self.cols = np.concatenate(cols)
        # each hole's pixels in a row of their own, right-aligned after padding, to sort all rows at once
        self._width = int(counts.max())
        self._row = np.repeat(np.arange(len(counts)), counts)
        self._column = (
            self._width
            - np.repeat(counts, counts)
            + (np.arange(len(self.rows)) - np.repeat(np.cumsum(counts) - counts, counts))
        )
        self._quantile = self._width - counts + np.floor(SHARE * np.maximum(counts - 1, 0)).astype(int)
        self._empty = counts == 0

    def looks(self, frame: np.ndarray) -> BoardLooks:
        """The look of every hole in ``frame`` (BGR uint8, the calibration's size)."""
        x0, y0, x1, y1 = self.box
        blurred = cv2.GaussianBlur(frame[y0:y1, x0:x1], (0, 0), BLUR)
        return BoardLooks(blurred[self.rows, self.cols].astype(np.float32), self)

    def changes(
        self, before: BoardLooks, after: BoardLooks, light: np.ndarray | None = None
    ) -> np.ndarray | None:
        """``(places,)``: how far each hole's look changed from ``before`` to ``after``, in robust
        standard deviations above the typical hole's change (NaN where a hole has no pixel in the frame);
        None when either was taken by another plan. ``light`` ``(places,)``: the light at each hole in
        ``after`` against ``before``'s, which ``before`` is first brought to (see :data:`LIGHT_AROUND`)."""
        if before.plan is not self or after.plan is not self:
            return None
        a, b = before.pixels, after.pixels
        if light is not None:
            around = np.median(np.nan_to_num(light, nan=1.0)[self._around], axis=1)
            a = a * around[self._row, None].astype(np.float32)
        difference = np.sqrt(((a - b) ** 2).sum(axis=1))
        brightness = np.sqrt(((a + b) ** 2 / 4).sum(axis=1) / 3) + FLOOR
        padded = np.full((len(self.places), self._width), -np.inf, np.float32)
        padded[self._row, self._column] = difference / brightness
        padded.sort(axis=1)
        change = padded[np.arange(len(self.places)), np.minimum(self._quantile, self._width - 1)]
        typical = float(np.median(change[~self._empty]))
        if typical <= 0:
            return np.where(self._empty, np.nan, 0.0)
        ratio = change / typical
        spread = max(1.4826 * float(np.median(np.abs(ratio[~self._empty] - 1))), LEAST_SPREAD)
        # a hole without a pixel in the frame has no change measured: it is never read as before
        return np.where(self._empty, np.nan, (ratio - 1) / spread)


@dataclass(frozen=True)
class SinceThen:
    """What a still board says once held against the last board the game accepted."""

    read_as_before: tuple[str, ...]
    """Holes whose occupancy was not read, or empty then and seen to hold a faint marble of unsure colour,
    but whose look did not change: empty ones now read empty."""
    unsure_now: tuple[str, ...]
    """Of those, the ones that held a marble: a marble is there, its colour left to the game."""
    touched: dict[str, dict[str, float]]
    """Marbles of unsure colour whose look changed much: place -> {the seat there then: how much that
    weighs against it (a negative log-likelihood)}."""


def since_then(
    changes: Mapping[str, float],
    uncertain: Sequence[str],
    unsure: Sequence[str],
    board_then: Mapping[str, str],
    *,
    faint: Sequence[str] = (),
) -> SinceThen:
    """Hold a still board's doubts against the board the game accepted then (``board_then``, place ->
    seat), by every hole's ``changes`` since (see :meth:`LookPlan.changes`; a hole without a finite change
    measured is neither read as before nor touched).

    Args:
        uncertain: the holes not read for sure; ``unsure`` those of them holding a marble of unsure
            colour, and ``faint`` those of these whose hole changed less than a marble strongly changes
            it (see :attr:`vision.reader.BoardReading.faint`).
    """
    measured = {place: change for place, change in changes.items() if np.isfinite(change)}
    unread = [p for p in uncertain if p not in unsure]
    unread += [p for p in faint if p not in board_then]
    quiet = [p for p in unread if measured.get(p, np.inf) <= UNCHANGED]
    touched: dict[str, dict[str, float]] = {}
    for place in unsure:
        seat = board_then.get(place)
        against = min(CAP, max(0.0, measured.get(place, 0.0) - CHANGED))
        if seat is not None and against > 0:
            touched[place] = {seat: round(-against, 3)}
    return SinceThen(tuple(quiet), tuple(p for p in quiet if p in board_then), touched)
