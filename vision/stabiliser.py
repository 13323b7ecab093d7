"""From a stream of readings to a stream of stable readings.

A move happens under a hand: while anything covers the board, or the light changes, or the reading
still changes from frame to frame, nothing is reported. Once the board has been still for
``still_frames`` frames in a row (same reading, same light everywhere), that reading is reported
once; the next report needs a new disturbance or a new still board.
"""

from __future__ import annotations

import numpy as np

from vision.reader import BoardReading

LIGHT_STEP = 0.06
"""Largest change of any place's light between two frames (6 %) still taken as steady light."""


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
        self._run = 0
        self._last: BoardReading | None = None
        self._reported = False

    def reset(self) -> None:
        """Forget the current run (for example after a new calibration)."""
        self._run = 0
        self._last = None
        self._reported = False

    def push(self, reading: BoardReading) -> BoardReading | None:
        """Add the next frame's reading.

        Returns:
            The stable reading when the board has just been still for ``still_frames`` frames,
            otherwise ``None``.
        """
        previous, self._last = self._last, reading
        if reading.status != "ok":
            self._run = 0
            self._reported = False
            return None
        if previous is None or not _same_board(previous, reading):
            self._run = 1
            self._reported = False
        else:
            self._run += 1
        if self._run >= self.still_frames and not self._reported:
            self._reported = True
            return reading
        return None


def _same_board(a: BoardReading, b: BoardReading) -> bool:
    """Two frames show the same still board under the same light: the same holes hold marbles, the same
    holes are not read, and no marble has two colours. A marble whose colour is clear in one frame and
    unsure in the next (sensor noise on a colour near the limit) is the same marble."""
    if a.status != "ok" or b.status != "ok" or _not_read(a) != _not_read(b):
        return False
    if a.layout.keys() | set(a.unsure_colour) != b.layout.keys() | set(b.unsure_colour):
        return False
    if any(a.layout[p] != b.layout[p] for p in a.layout.keys() & b.layout.keys()):
        return False
    if a.local_light is None or b.local_light is None:
        return abs(a.light - b.light) <= LIGHT_STEP * a.light
    step = np.abs(np.log(np.maximum(b.local_light, 1e-3) / np.maximum(a.local_light, 1e-3)))
    return bool(step.max() <= np.log1p(LIGHT_STEP))


def _not_read(reading: BoardReading) -> set[str]:
    """The places whose content (not just its colour) could not be read."""
    return set(reading.uncertain) - set(reading.unsure_colour)
