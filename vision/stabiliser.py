"""From a stream of readings to a stream of stable readings.

A move happens under a hand: while anything covers the board, or the light changes, or the reading
still changes from frame to frame, nothing is reported. Once the board has been still for
``still_frames`` frames in a row, that reading is reported; the next report needs a new disturbance,
a new still board, or a clearer reading of the same board (fewer places left uncertain, once the sensor's
noise lets the still frames agree on them), which may settle what the first could not.

Still means: the same light everywhere, and no place read for sure in one frame read otherwise for sure
in another (a marble of unsure colour is a marble surely seen: a hole surely empty in the next frame is
another board). A place on the edge of doubt (a clear glass marble, a hole beside a caustic) may be read
for sure in one frame and uncertain in the next with sensor noise alone: that is no change of the
board, and waiting for every frame to agree on it would wait for ever. The reading reported is what
the still frames agree on: a place is read for sure only where every one of them read it so, the same.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import numpy as np

from vision.reader import BoardReading

LIGHT_STEP = 0.06
"""Largest change of a place's light between two frames (6 % of its light, or of the calibration's
light where the place is darker than then) still taken as steady light."""
LONE_LIGHT_STEP = 0.2
"""Largest change of one place's light alone (20 %) still taken as steady light: a place's light is
measured on a few wood points, which a marble's shadow or a dim lamp's sensor noise moves on their own;
a change of light (a cloud, a lamp, a shadow passing) moves the light of several places at once."""


class Stabiliser:
    """Turns every frame's :class:`BoardReading` into the occasional stable one.

    Args:
        still_frames: frames in a row that must agree before a reading is reported; at 30 frames per
            second the default of 5 reports about 0.17 s after a hand leaves the board.
    """

    def __init__(self, still_frames: int = 5) -> None:
        if still_frames < 1:
            raise ValueError(f"still_frames must be at least 1, not {still_frames}")
        self.still_frames = still_frames
        self._run: deque[BoardReading] = deque(maxlen=still_frames)
        self._reported: frozenset[str] | None = None
        """The places left uncertain by the last report of the still board, if it was reported."""

    def reset(self) -> None:
        """Forget the current run (for example after a new calibration)."""
        self._run.clear()
        self._reported = None

    def push(self, reading: BoardReading) -> BoardReading | None:
        """Add the next frame's reading.

        Returns:
            The stable reading when the board has just been still for ``still_frames`` frames, or when
            the still frames now agree on more places than when it was last reported; otherwise ``None``.
        """
        if reading.status != "ok":
            self.reset()
            return None
        if not all(_same_board(earlier, reading) for earlier in self._run):
            self.reset()
        self._run.append(reading)
        if len(self._run) < self.still_frames:
            return None
        stable = agreed(list(self._run))
        doubts = frozenset(stable.uncertain)
        if self._reported is not None and not doubts < self._reported:
            return None
        self._reported = doubts
        return stable


def agreed(readings: list[BoardReading]) -> BoardReading:
    """The last of ``readings`` (still frames of one board), read for sure only where all of them read
    the place for sure, the same; a place uncertain in any of them is uncertain, of unsure colour when
    every one of them surely saw a marble there. Its colour evidence is the mean of the frames' (the
    same marbles under the same light: sensor noise averages out)."""
    last = readings[-1]
    doubtful = {p for r in readings for p in r.uncertain}
    layout = {p: seat for p, seat in last.layout.items() if p not in doubtful}
    marble_in_all = doubtful.intersection(*({*r.layout, *r.unsure_colour} for r in readings))
    order = list(last.confidence) or sorted(doubtful)
    return replace(
        last,
        layout=layout,
        uncertain=tuple(p for p in order if p in doubtful),
        unsure_colour=tuple(p for p in order if p in marble_in_all),
        colour_evidence=_mean_evidence(readings, marble_in_all),
        message=f"{len(doubtful)} places uncertain" if doubtful else "",
    )


def _mean_evidence(readings: list[BoardReading], places: set[str]) -> dict[str, dict[str, float]]:
    """Per place of ``places``, each seat's mean log-likelihood over the readings that weighed it (a
    frame that read the colour for sure did not)."""
    means: dict[str, dict[str, float]] = {}
    for place in places:
        weighed = [r.colour_evidence[place] for r in readings if place in r.colour_evidence]
        seats = set.intersection(*(set(e) for e in weighed)) if weighed else set()
        if seats:
            means[place] = {s: round(sum(e[s] for e in weighed) / len(weighed), 3) for s in sorted(seats)}
    return means


def _same_board(a: BoardReading, b: BoardReading) -> bool:
    """Two frames show the same still board under the same light: no place read for sure in both is
    read differently, and no hole surely seen holding a marble in one (whatever its colour) is surely
    seen empty in the other (fingers over a hole, read as a marble of unsure colour, have left it)."""
    doubtful = {*a.uncertain, *b.uncertain}
    if any(a.layout.get(p) != b.layout.get(p) for p in {*a.layout, *b.layout} - doubtful):
        return False
    unread = (set(a.uncertain) - set(a.unsure_colour)) | (set(b.uncertain) - set(b.unsure_colour))
    if ({*a.layout, *a.unsure_colour} ^ {*b.layout, *b.unsure_colour}) - unread:
        return False
    if a.local_light is None or b.local_light is None:
        return abs(a.light - b.light) <= LIGHT_STEP * a.light
    step = np.sort(_light_step(a.local_light, b.local_light))
    return bool(step[-1] <= np.log1p(LONE_LIGHT_STEP) and (len(step) < 2 or step[-2] <= np.log1p(LIGHT_STEP)))


def _light_step(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per place, the change of light between two frames (log ratio), measured against the calibration's
    light where the place is now darker than then: a place's light is the ratio of a few wood points to
    the same points at calibration, and the sensor's noise on those points does not shrink as a shadow
    (a marble's, under a low evening lamp) darkens them. So a place in a marble's shadow at a third of
    its calibration light jitters by a fifth of its own light from frame to frame, which is no change of
    light; a shadow coming or going still moves the light by far more than the noise does."""
    a, b = np.maximum(a, 1e-3), np.maximum(b, 1e-3)
    return np.asarray(np.abs(np.log(b / a)) * np.minimum(np.minimum(a, b), 1.0))
