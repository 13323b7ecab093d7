"""Whether the calibration picture reads as the layout the game has, and if not, why in words the
players can act on: a lamp's glare, something over the holes, or the marbles themselves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from vision.classify import EMPTY, Features, Verdicts, colour_settles
from vision.geometry import BoardGeometry

MismatchKind = Literal["glare", "covered", "marbles"]
SMALL_MARBLE_PX = 18.0
"""Median width (pixels) of the marbles in the picture under which a refusal for marbles not where the
game has them says they may be too small to read: a webcam's 640 x 480 frames of seed 2068 showed marbles
12 to 16.5 pixels wide and one of 20 set-ups was refused for an empty hole read as a marble
(clear-evening-640x480-2068); its 1280 x 720 frames, 18.5 to 24 pixels, and none was."""


@dataclass(frozen=True)
class Mismatch:
    """Why the picture does not read as the layout."""

    message: str
    problem: MismatchKind
    places: tuple[str, ...]


def layout_mismatch(
    geometry: BoardGeometry,
    glare: np.ndarray,
    feats: Features,
    verdicts: Verdicts,
    labels: list[str],
    seen: tuple[np.ndarray, np.ndarray, np.ndarray] | None,
    marble_radius_px: np.ndarray,
    size: tuple[int, int],
) -> Mismatch | None:
    """Whether the frame reads as the given layout with what was learnt (``None``), and if not, why in
    words: a glare on some holes, something covering them, or the marbles themselves (and then, when
    they are, that they look too small to read: :data:`SMALL_MARBLE_PX`).

    With the empty board's look (``seen``: occupied, sure, change per place, from
    :meth:`EmptyLook.judge <vision.occupancy.EmptyLook.judge>`), a place is right when its occupancy is
    surely the layout's, or in doubt where the colour read is clearly the layout's (its seat, or an empty
    hole) or where an empty hole leans to empty, and a marble's colour is not clearly another seat's:
    colours the camera cannot tell apart are left to the game (see
    :func:`firmware_py.engine.matching.match_seen`).

    Args:
        glare: ``(places,)`` bool, the places under a lamp's reflection (see
            :func:`vision.reflection.under_reflection`).
        marble_radius_px: ``(places,)`` the marbles' radius in the picture of ``size`` (width, height).
    """
    ids = geometry.place_ids
    if seen is None:
        bad = [i for i in range(len(ids)) if verdicts.labels[i] != labels[i] or verdicts.uncertain[i]]
        found = [verdicts.labels[i] != EMPTY for i in range(len(ids))]
        sure = [not verdicts.uncertain[i] for i in range(len(ids))]
    else:
        occupied, sure_arr, _ = seen
        found, sure = [bool(v) for v in occupied], [bool(v) for v in sure_arr]
        # In the band of doubt, a colour clearly the layout's says what is there, as it does when
        # reading: the marble (a dark peg in the evening changes its hole little), or an empty hole (a
        # person's shadow passing over it). Nor is an empty hole in the band of doubt that leans to empty
        # a mistake of the layout: this frame's empty holes set the band, and the most changed of them
        # (the sensor's noise in a dim evening light) may fall just in it (clear-evening-2060); a marble
        # put where the game has none changes its hole as this frame's marbles change theirs, past the
        # band's middle.
        settles = colour_settles(verdicts, feats)
        told = [
            (settles[i] and verdicts.labels[i] == p) or (not p and not found[i]) for i, p in enumerate(labels)
        ]
        bad = [
            i
            for i in range(len(ids))
            if (not sure[i] and not told[i])
            or (sure[i] and found[i] != (labels[i] != EMPTY))
            or (labels[i] != EMPTY and verdicts.seat_sure[i] and verdicts.seat[i] != labels[i])
        ]
    if not bad:
        return None
    glared = [ids[i] for i in bad if glare[i]]
    covered = [
        ids[i]
        for i in bad
        if not glare[i] and (feats.covered[i] or verdicts.flat[i] or (seen is None and verdicts.anomalous[i]))
    ]
    colours = verdicts.seat if seen is not None else verdicts.labels
    marbles = [
        f"{ids[i]} ({_what_is_there(labels[i], found[i], sure[i], colours[i])})"
        for i in bad
        if ids[i] not in glared and ids[i] not in covered
    ]
    parts: list[str] = []
    if glared:
        parts.append(
            f"glare on holes {few(glared)}: move the lamp, or turn the camera, so that its reflection"
            " falls off the holes (or put a polarising filter on the camera)"
        )
    if covered:
        parts.append(f"something covers holes {few(covered)}: keep hands and sleeves off the board")
    if marbles:
        parts.append(f"the marbles are not where the game has them at {few(marbles)}")
    if marbles:
        parts += _too_small(marble_radius_px, size)
    problem: MismatchKind = "glare" if glared else "covered" if covered else "marbles"
    return Mismatch("; ".join(parts), problem, tuple(ids[i] for i in bad))


def _too_small(radius_px: np.ndarray, size: tuple[int, int]) -> list[str]:
    """How wide the marbles are in the picture, when that is too few pixels to read them surely."""
    across = 2 * float(np.median(radius_px))
    if across >= SMALL_MARBLE_PX:
        return []
    return [
        f"the marbles are only {across:.0f} pixels wide in this {size[0]}x{size[1]} picture, too few to"
        " read them surely: bring the camera closer, or take larger pictures (1280x720 or more)"
    ]


def _what_is_there(expected: str, found: bool, sure: bool, colour: str) -> str:
    """What the game expects at a place against what the camera saw there, in words that never
    contradict each other (an expectation the camera agrees with is no mistake)."""
    wanted = f"a marble of seat {expected}" if expected else "an empty hole"
    if not sure:
        return f"{wanted} expected, the camera cannot tell whether a marble is there"
    if not found:
        return f"{wanted} expected, the hole looks empty"
    if not expected:
        return f"{wanted} expected, a marble seen"
    return f"{wanted} expected, a marble of seat {colour or '?'} seen"


def few(items: list[str], most: int = 6) -> str:
    return ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")
