"""From gathered pixels to "empty" or a seat's colour, with a confidence, for every place.

Light is normalised against the board itself: each place's wood points are compared with the same
points in the calibration frame, which gives a per-place, per-channel gain (a shadow, a glare, a white
balance or exposure drift), alone and taken with its nearest places' (a marble's shadow on its
neighbour's wood is not on that neighbour's marble, a hand's skin on it is). Divided by that gain, a hole
looks as it did at calibration, where the colours were learnt. Each place then gets a 9-number feature
(Lab of its top disc, hole disc and rim) by each light, matched against the learnt classes: "empty"
(per place when the hole was seen empty) and one class per seat colour; a class is trusted where both
lights say it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import cv2
import numpy as np

from vision.sampling import Samples

EMPTY = ""
"""Class label of an empty place."""
SATURATED = 240.0
"""Pixel level above which a channel may be clipped and says nothing about the light."""
MIN_WOOD_POINTS = 3
"""Unclipped wood points a channel needs at a place for its light to be measured there."""
FEATURE_PARTS = 3
"""Top disc, hole disc, rim: three Lab colours per place."""
SIGMA_FLOOR = np.tile([15.0, 7.0, 7.0], FEATURE_PARTS)
"""Least spread (Lab units) of a learnt class: one calibration frame under-estimates it."""
UNSEEN_EMPTY_SIGMA = np.array([22.0, 10.0, 12.0, 15.0, 8.0, 8.0, 18.0, 9.0, 10.0])
"""Spread of the empty class at places never seen empty (guessed from their neighbours)."""
NEIGHBOURS = 4
"""Empty places an unseen place's empty look is taken from."""
FLAT_SIGMA = np.tile([12.0, 6.0, 6.0], FEATURE_PARTS)
"""Spread of the "covered by something like the wood" class (see :attr:`Features.wood`)."""
FLAT_MATCH = 2.0
"""RMS distance, in spreads, within which a place counts as covered by something wood-like."""
GLARE_MATCH = 2.5
"""RMS distance, in spreads, a place under a glare spot must match its class within to be trusted."""
LONE_MATCH = 1.5
"""RMS distance, in spreads, within which a place whose wood alone changed is still trusted."""
REJECT = 4.5
"""RMS distance, in spreads, beyond which a place matches no class (a hand, a foreign object)."""
MIN_CONFIDENCE = 0.97
"""Below this a place is reported uncertain rather than guessed."""
COLOUR_RATIO = 1.5
"""A marble's colour is clear when the next seat's colour is at least this many times as far (in
spreads) as the nearest: far from every class (a clear glass marble, a peg under a warm desk lamp), the
Gaussian confidence alone is sure of the nearest when it is hardly nearer than the next. Set after a
peg under a desk lamp was read green as yellow (held-out seed 1000: that set-up is no longer held out);
on the tuning seeds no colour is read wrongly from 1.0 to 2.0, and 1.5 keeps most colours of the
synthetic camera's green and yellow under a warm lamp. The reader asks as much of the place's empty look
(:attr:`Verdicts.near_plain`): a fingertip in a hand's shade over the empty A2 of milky-window-2044 read
seat A's dull red with confidence, its colour 1.23 times as far from A2's empty look as from seat A. On
the still boards of seeds 2042 to 2044, 44 of 10,055 marbles read with a clear colour came under 1.5 (now
of unsure colour, for the game to tell), and 5 of 1,058 under hands."""
WOOD_RATIO = 1.3
"""The reader takes a marble's colour as clear only where the wood's look over the hole (see
:attr:`Verdicts.flat`) is at least this many times as far (in spreads) as the seat's colour. Skin in a
warm evening light lies between the wood and a red: a finger over the empty D1 of milky-evening-2039 read
seat A with confidence, its colour 1.04 times as far from the wood as from seat A. A pale milky orange
under a desk lamp lies near the wood too: skin over the empty F18 of milky-desk-tock6-2069 read seat F
with confidence, 1.25 times as far from the wood. On the still boards of every third looked-at four-seat
set-up and the six-seat seeds 2067, 2068, 2070 and 2071, 7 of 7,953 marbles read with a clear colour came
under 1.3 (milky glass, and a cat's-eye in the evening), none under 1.1."""
HUE_CHROMA = 5.0
"""Least chroma (Lab a, b) of a top disc for its hue to say which seat's colour it is nearest."""
GAIN_CHROMA = 0.18
"""Largest change of the wood's hue at a place against the whole board before it counts as covered."""
GAIN_RANGE = (0.3, 2.5)
"""Local light (against the board's median) outside this range counts as covered or blinded."""
PAINT_HUE = 0.12
"""Largest change of hue (log-ratio norm) of a wood point against the board's typical wood before it is
taken for paint rather than wood lit differently."""
TOUCH_HUE = 0.2
"""Change of hue (log-ratio norm) against the board's of a wood point that no longer shows wood."""
TOUCH_HUE_POINTS = 5
"""Wood points of one place whose hue changed past :data:`TOUCH_HUE` for something to lie over them.
Without a hand, the coloured shadows of tinted glass change up to four: on the looked-at photoreal seeds
2006-2019, 74 of the 3,640 frames without a hand had a place with four (one had five); taken for a hand,
such a place leaves a reserve or a start cell unread and the move unsettled (clear-evening-2017 and
2018). Of the 3,360 frames with a hand, 1,177 change four or more at some place and 727 five or more; the
others are left to the edge strip, the cover and the holes' change, and none of them was read wrong."""
FINGER_MATCH = 10.0
"""Lab distance within which a wood point shows the very colour seen over its hole (see
:func:`over_wood`). On the looked-at photoreal seeds 2006-2015, of the marbles read with a clear colour
while two or more of their wood points changed hue (472, under hands or not), the second nearest such
point lay 11.6 from the colour over the hole at least (19.3 for 99 in 100); a hovering finger over an
empty hole read as a marble of seat D (clear-window-2013), 7.0 and 7.4."""
FINGER_POINTS = 2
"""Wood points showing the colour over the hole for something to lie over both (a finger covers the two
on its axis)."""
PALE_HUE = 0.1
"""Change of hue of a wood point under a finger as pale as the wood, lying over a hole that looks like wood
(see :func:`over_wood`). A wooden peg or a yellow marble alone looks like wood over its hole too, but leaves
its wood points as they were: the lone yellow peg at A13 of peg-desk-2006 (26 frames) moved their hue by
0.01-0.02 (median), and no point showing its colour moved past this; light-skinned fingers lying along a
row of holes in a ceiling light (milky-ceiling-2041, the looked-at A14 and A17) moved 0.16-0.17, five
points past it."""
PALE_POINTS = 3
"""Wood points past :data:`PALE_HUE` showing the colour over the hole for a pale finger to lie over both.
A marble's own coloured light moves a point or two (a milky red marble at AR2 under a hand: two)."""
GLARE_THEN = 1.25
"""Wood brighter than this share of the board's typical wood at calibration was under a glare spot."""
DOUBT_TINT = 0.1
"""Change of the hue of a place's light (see :attr:`vision.classify.Features.tint`) past which its
colour no longer settles a doubt about its occupancy: a hand's skin or shade tints the light there, and a
marble under the fingers then looks like an empty hole. The wood around holes whose occupancy the colour
settled on the still boards of the looked-at photoreal seeds moved by at most 0.08; around marbles read
empty under a hand, by up to 0.2."""


def nan_median(values: np.ndarray, *, axis: int) -> np.ndarray:
    """Median ignoring NaNs (NaN where all are NaN), without ``np.nanmedian``'s masked-array overhead
    and warnings: this runs on every frame. Without a NaN (most frames), the middle value is found by a
    partial sort, at less than half the cost of a full one."""
    size = values.shape[axis]
    if size and not np.isnan(values).any():
        part = np.partition(values, size // 2, axis=axis)  # the lower half before the middle value
        high = np.take(part, size // 2, axis=axis)
        if size % 2:
            return np.asarray(high)
        low = np.take(part, np.arange(size // 2), axis=axis).max(axis=axis)
        return np.asarray((low + high) / 2)
    ordered = np.sort(values, axis=axis)  # NaNs sort last
    valid = np.count_nonzero(~np.isnan(values), axis=axis, keepdims=True)
    low = np.take_along_axis(ordered, np.maximum((valid - 1) // 2, 0), axis=axis)
    high = np.take_along_axis(ordered, np.maximum(valid // 2, 0) - (valid == 0), axis=axis)
    return np.squeeze(np.where(valid > 0, (low + high) / 2, np.nan), axis=axis)


def local_gain(gain: np.ndarray, neighbours: np.ndarray) -> np.ndarray:
    """``(places, 3)``: the median light of each place and its ``neighbours``. One marble's shadow (or the
    light its glass focuses) falls on the wood points of one hole, a change of light (a cloud, a person
    leaning over, a hand's shade) on all of them: in a reserve under an evening lamp, the wood around
    FR2 of wood-evening-tock6-2068 lay in its neighbours' shadows at 0.5 to 0.6 of its light on the empty
    board, while the orange ball itself was lit by the lamp; brought back up by that light, it read
    surely as a bright yellow."""
    around = np.concatenate([gain[:, None, :], gain[neighbours]], axis=1)
    return nan_median(around, axis=1)


def dimmed(gain: np.ndarray) -> np.ndarray:
    """``(places,)``: how far the light ``gain`` ``(places, 3)`` fell at each place (the geometric mean of
    its channels, never above 1): what the pixels there were brought back up by, their noise with them."""
    return np.asarray(np.minimum(np.exp(np.log(np.maximum(gain, 1e-3)).mean(axis=1)), 1.0))


def _robust_spread(values: np.ndarray) -> np.ndarray:
    """Per-column standard deviation estimated from the median absolute deviation, so that a few
    odd holes (under a glare spot) do not widen a class for the whole board."""
    deviation = np.abs(values - np.median(values, axis=0))
    return np.asarray(1.4826 * np.median(deviation, axis=0))


def lab(bgr: np.ndarray) -> np.ndarray:
    """CIE Lab of BGR colours in 0..255, any leading shape ``(..., 3)``."""
    flat = np.clip(bgr.reshape(-1, 1, 3) / 255.0, 0, 1).astype(np.float32)
    return cv2.cvtColor(flat, cv2.COLOR_BGR2LAB).reshape(bgr.shape).astype(np.float64)


@dataclass(frozen=True)
class Features:
    """What one frame says about each place, light normalised."""

    values: np.ndarray
    """``(places, 9)``: Lab of the top disc, of the hole disc and of the rim."""
    gain: np.ndarray
    """``(places, 3)``: light at the place against calibration, per BGR channel."""
    around: np.ndarray
    """``(places, 3)``: the light around the place (see :func:`local_gain`; the place's own where its
    neighbours were not given), which its colours were brought back by."""
    own: np.ndarray
    """``(places, 9)``: the same colours brought back by the place's own light alone (see
    :func:`classify`: a class is trusted where both say it)."""
    covered: np.ndarray
    """``(places,)`` bool: the wood around the place does not look like lit wood (a hand, an arm)."""
    tint: np.ndarray
    """``(places,)``: how far the hue of the light on the wood around the place moved against the whole
    board's (log-ratio norm; 0 where a channel could not be measured). Light that a hand's skin reflects,
    or a hand's shade under a warm lamp, tints the wood; past :data:`GAIN_CHROMA` the place is
    :attr:`covered`."""
    touched: np.ndarray
    """``(places,)`` bool: several bare wood points around the place changed hue (skin, a sleeve): a hand
    lies over the wood between the holes, even where the median light of the place, and so
    :attr:`covered`, still looks like lit wood. A marble never lies over those points."""
    light: float
    """Median light of the board against calibration (1.0 = as at calibration)."""
    glared: np.ndarray
    """``(places,)`` bool: the place lay under a glare spot at calibration, where light adds to colours
    instead of multiplying them, so that its colours are less reliable."""
    wood: np.ndarray
    """``(3,)``: Lab of the board's typical wood at calibration: what a place's normalised discs look
    like when something flat and evenly lit covers it (an arm, a sheet of paper)."""
    bare: np.ndarray
    """``(places, k)`` bool: the wood points that showed bare wood at calibration (see
    :attr:`LightThen.wood`)."""


def features(
    samples: Samples,
    wood_ref: np.ndarray,
    neighbours: np.ndarray | None = None,
    *,
    then: LightThen | None = None,
) -> Features:
    """Normalise a frame's samples against the calibration frame's wood.

    Args:
        samples: the gathered pixels.
        wood_ref: ``(places, k, 3)`` the same wood points in the calibration frame.
        neighbours: ``(places, n)`` the nearest other places of each place on the board (see
            :func:`light_then`); when given, the colours are brought back by the light around each place
            (:func:`local_gain`), not the place's own.
        then: ``light_then(wood_ref, neighbours)`` when already known (a reader computes it once: it
            took a third of this function's time on every frame).
    """
    ratio = samples.wood / np.maximum(wood_ref, 1.0)
    clipped = (samples.wood >= SATURATED) | (wood_ref >= SATURATED)
    ratio[clipped] = np.nan
    gain = nan_median(ratio, axis=1)
    unknown = np.isnan(gain) | ((~clipped).sum(axis=1) < MIN_WOOD_POINTS)
    blinded = unknown.all(axis=1)
    # A channel clipped at a place (bright wood, more exposure) is assumed to have changed like the
    # place's other channels: exposure scales every channel alike.
    known = np.maximum((~unknown).sum(axis=1, keepdims=True), 1)
    neutral = np.where(unknown, 0.0, gain).sum(axis=1, keepdims=True) / known
    gain = np.where(unknown, np.where(blinded[:, None], 1.0, neutral), gain)
    gain = np.maximum(gain, 0.02)
    log_gain = np.log(gain)
    hue = log_gain - log_gain.mean(axis=1, keepdims=True)
    whole = ~unknown.any(axis=1)
    board_hue = np.median(hue[whole], axis=0) if whole.any() else np.zeros(3)
    level = log_gain.mean(axis=1)
    board_level = float(np.median(level))
    relative = np.exp(level - board_level)
    then = then if then is not None else light_then(wood_ref, neighbours)
    # A glare spot adds light rather than multiplying it: where one lay at calibration, the gain's hue
    # changes with the exposure alone, so only the classes judge those places.
    glare_then = then.glare
    tint = np.where(whole, np.linalg.norm(hue - board_hue, axis=1), 0.0)
    covered = ~glare_then & (
        blinded | ((tint > GAIN_CHROMA) | (relative < GAIN_RANGE[0]) | (relative > GAIN_RANGE[1]))
    )
    touched = _touched(np.where(then.wood[..., None], ratio, np.nan), board_hue)
    # Normalise to the board's typical wood at calibration, not to each place's own: a shadow lying
    # across part of the board during calibration must not bend the colours read there later. And by the
    # light around the place: a neighbour's shadow on its wood points is not on its marble.
    around = gain if neighbours is None else local_gain(gain, neighbours)
    discs = np.hstack([np.median(samples.top, axis=1), samples.hole.mean(axis=1), samples.rim.mean(axis=1)])

    def brought_back(light: np.ndarray) -> np.ndarray:
        scaled = discs / np.tile(light * then.level[:, None], FEATURE_PARTS)
        return lab(scaled.reshape(-1, FEATURE_PARTS, 3)).reshape(-1, 3 * FEATURE_PARTS)

    values = brought_back(around)
    return Features(
        values,
        gain,
        around,
        values if neighbours is None else brought_back(gain),
        covered,
        tint,
        touched,
        float(np.exp(board_level)),
        glare_then,
        lab(then.typical[None, :])[0],
        then.wood,
    )


def over_wood(
    samples: Samples,
    wood_ref: np.ndarray,
    bare: np.ndarray,
    places: np.ndarray,
    *,
    hue_past: float = TOUCH_HUE,
    points: int = FINGER_POINTS,
    lit: bool = False,
) -> np.ndarray:
    """``(len(places),)`` bool: whatever lies over each of the hole ``places`` lies over the bare wood
    beside it too, which a marble never does (a finger hanging over the hole): at least ``points`` of its
    bare wood points changed hue past ``hue_past`` and took the very colour seen over the hole (the top
    disc's median), within :data:`FINGER_MATCH`. Over a hole that looks like wood, a finger as pale as the
    wood moves their hue less: :data:`PALE_HUE` and :data:`PALE_POINTS`. With ``lit``, only points whose
    light fell no lower than a cover's (:data:`GAIN_RANGE`) count: in a deep shadow, a wood point's hue is
    its noise's, and its colour as dark as a dark marble's top (a glass marble's own shadow under a desk
    lamp, clear-desk-recoloured-2055)."""
    if not len(places):
        return np.zeros(0, bool)
    ratio = samples.wood[places] / np.maximum(wood_ref[places], 1.0)
    hue = _point_hue(np.where(bare[places][..., None], ratio, np.nan), np.zeros(3))
    top = lab(np.median(samples.top[places], axis=1))
    distance = np.linalg.norm(lab(samples.wood[places]) - top[:, None, :], axis=2)
    matching = (hue > hue_past) & (distance <= FINGER_MATCH)
    if lit:
        matching &= ratio.mean(axis=2) >= GAIN_RANGE[0]
    return np.asarray(matching.sum(axis=1) >= points)


def _touched(ratio: np.ndarray, board_hue: np.ndarray) -> np.ndarray:
    """:attr:`Features.touched` from each bare wood point's light ``ratio`` ``(places, k, 3)`` against
    calibration (NaN where clipped or painted) and the board's change of hue (log)."""
    return np.asarray((_point_hue(ratio, board_hue) > TOUCH_HUE).sum(axis=1) >= TOUCH_HUE_POINTS)


def _point_hue(ratio: np.ndarray, board_hue: np.ndarray) -> np.ndarray:
    """``(places, k)``: how far the hue of each wood point's light ``ratio`` ``(places, k, 3)`` moved
    beyond ``board_hue`` (log-ratio norm; NaN where the ratio is NaN, which no threshold passes)."""
    with np.errstate(invalid="ignore", divide="ignore"):
        log_ratio = np.log(ratio)
        shift = log_ratio - log_ratio.mean(axis=2, keepdims=True) - board_hue
        return np.asarray(np.linalg.norm(shift, axis=2))


@dataclass(frozen=True)
class LightThen:
    """The light at each place in the calibration frame, from the wood around it."""

    typical: np.ndarray
    """``(3,)`` BGR of the board's typical bare wood."""
    level: np.ndarray
    """``(places,)`` brightness of the place's bare wood against the typical wood (1.0 = typical)."""
    glare: np.ndarray
    """``(places,)`` bool: some of the place's wood was clipped white, or much brighter than typical (a
    glare)."""
    wood: np.ndarray
    """``(places, k)`` bool: the wood point showed bare wood (not paint, not clipped)."""


def light_then(wood_ref: np.ndarray, neighbours: np.ndarray | None = None) -> LightThen:
    """How brightly each place was lit at calibration, measured on its bare wood points.

    A wood point on a painted seat area says nothing about the light (its colour is the paint's): points
    whose hue is not the board's wood hue are left out, and a place with none left takes the board's
    typical light. Clipped channels are left out of both the hue and the brightness. Under a glare the
    wood's brightness is mostly the lamp's reflection in the varnish, which a marble hides: such a place
    takes the light of its ``neighbours`` out of the glare (else the board's typical light).
    """
    points = np.maximum(wood_ref.reshape(-1, 3).astype(np.float64), 1.0)
    usable = points < SATURATED
    white = ~usable.any(axis=1)
    count = np.maximum(usable.sum(axis=1), 1)
    typical = np.median(points, axis=0)
    for _ in range(2):  # the second time, the typical wood without the paint
        log_ratio = np.where(usable, np.log(points / typical), 0.0)
        level = log_ratio.sum(axis=1) / count
        hue = np.where(usable, log_ratio - level[:, None], 0.0)
        woodlike = ~white & (np.sqrt((hue**2).sum(axis=1) * 3 / count) < PAINT_HUE)
        if woodlike.sum() < len(points) // 4:
            break
        typical = np.median(points[woodlike], axis=0)
    shape = wood_ref.shape[:2]
    place_level = np.exp(nan_median(np.where(woodlike, level, np.nan).reshape(shape), axis=1))
    glare = np.asarray(white).reshape(shape).any(axis=1) | (place_level > GLARE_THEN)
    place_level = np.where(np.isnan(place_level) | glare, np.nan, place_level)
    if neighbours is not None:
        around = nan_median(place_level[neighbours], axis=1)
        place_level = np.where(glare, around, place_level)
    return LightThen(
        typical, np.where(np.isnan(place_level), 1.0, place_level), glare, np.asarray(woodlike).reshape(shape)
    )


@dataclass(frozen=True)
class Classes:
    """The learnt appearance of each class: empty per place, and each seat's colour."""

    seats: tuple[str, ...]
    seat_mean: np.ndarray
    """``(seats, 9)``"""
    seat_sigma: np.ndarray
    """``(seats, 9)``"""
    empty_mean: np.ndarray
    """``(places, 9)``: the place's own empty look where it was seen empty, else the board's typical one."""
    empty_sigma: np.ndarray
    """``(places, 9)``"""

    @classmethod
    def learn(
        cls,
        values: np.ndarray,
        labels: list[str],
        positions: np.ndarray,
        empty_values: np.ndarray | None = None,
    ) -> Classes:
        """Learn from the features of a frame whose places' contents are known.

        A place that held a marble has not been seen empty: its empty look is taken from the frame of
        the empty board when there is one, else from the nearest places seen empty (in the frame, so
        with the same parallax and light), with a wider spread.

        Args:
            values: ``(places, 9)`` features.
            labels: per place, a seat letter or :data:`EMPTY`.
            positions: ``(places, 2)`` where the places are in the frame.
            empty_values: ``(places, 9)`` features of the same board with every hole empty.

        Raises:
            ValueError: no empty place, or no marble, to learn from.
        """
        labels_arr = np.array(labels)
        empty = labels_arr == EMPTY
        if empty.sum() < NEIGHBOURS:
            raise ValueError(
                f"at least {NEIGHBOURS} empty holes are needed to learn what an empty hole looks like"
            )
        seats = tuple(sorted(set(labels) - {EMPTY}))
        if not seats:
            raise ValueError("at least one marble in a known place is needed to learn the seat colours")
        seat_mean = np.array([np.median(values[labels_arr == s], axis=0) for s in seats])
        seat_sigma = np.array(
            [np.maximum(_robust_spread(values[labels_arr == s]) * 1.5, SIGMA_FLOOR) for s in seats]
        )
        spread = np.maximum(_robust_spread(values[empty]) * 1.5, SIGMA_FLOOR)
        seen = np.flatnonzero(empty)
        distance = np.linalg.norm(positions[:, None, :] - positions[None, seen, :], axis=2)
        nearest = seen[np.argsort(distance, axis=1)[:, :NEIGHBOURS]]
        neighbours = np.median(values[nearest], axis=1)
        if empty_values is not None:
            empty_mean = np.where(empty[:, None], (values + empty_values) / 2, empty_values)
            empty_sigma = np.broadcast_to(spread, values.shape).copy()
        else:
            empty_mean = np.where(empty[:, None], values, neighbours)
            empty_sigma = np.where(empty[:, None], spread, np.maximum(UNSEEN_EMPTY_SIGMA, spread))
        return cls(seats, seat_mean, seat_sigma, empty_mean, empty_sigma)

    def to_data(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats),
            "seat_mean": self.seat_mean.round(3).tolist(),
            "seat_sigma": self.seat_sigma.round(3).tolist(),
            "empty_mean": self.empty_mean.round(3).tolist(),
            "empty_sigma": self.empty_sigma.round(3).tolist(),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Classes:
        return cls(
            tuple(data["seats"]),
            np.array(data["seat_mean"], np.float64).reshape(-1, 3 * FEATURE_PARTS),
            np.array(data["seat_sigma"], np.float64).reshape(-1, 3 * FEATURE_PARTS),
            np.array(data["empty_mean"], np.float64).reshape(-1, 3 * FEATURE_PARTS),
            np.array(data["empty_sigma"], np.float64).reshape(-1, 3 * FEATURE_PARTS),
        )


@dataclass(frozen=True)
class Verdicts:
    """The classification of every place."""

    labels: list[str]
    """Seat letter or :data:`EMPTY` (the best class, even when uncertain)."""
    confidence: np.ndarray
    uncertain: np.ndarray
    """bool: low confidence, matches no class, or covered."""
    anomalous: np.ndarray
    """bool: matches no class at all (something else is there)."""
    flat: np.ndarray
    """bool: looks like the board's wood lying over the hole (an arm, a sheet of paper)."""
    seat: list[str]
    """The seat whose colour is nearest, empty or not."""
    seat_sure: np.ndarray
    """bool: that colour is clear: near that seat's and far nearer it than any other seat's."""
    near_plain: np.ndarray
    """bool: that colour is hardly nearer that seat's than the wood's look (:data:`WOOD_RATIO`), or not
    far nearer it than the place's empty look (:data:`COLOUR_RATIO`): it does not say whose marble it
    is."""
    near_wood: np.ndarray
    """bool: that colour is not far nearer that seat's than the wood's look (:data:`COLOUR_RATIO`, as for
    the empty look): beside a finger as pale as the wood, part of the colour may be the finger's."""


def colour_settles(verdicts: Verdicts, feats: Features) -> np.ndarray:
    """``(places,)`` bool: where a place's occupancy is in doubt, its colour settles it (the class read
    is sure, and no hand tints the light there: :data:`DOUBT_TINT`), when reading and at calibration."""
    return np.asarray(~verdicts.uncertain & (feats.tint <= DOUBT_TINT))


def classify(feats: Features, classes: Classes, adjacent: np.ndarray | None = None) -> Verdicts:
    """Match every place's features against the learnt classes.

    A place whose two discs look like its own wood (normalised) is neither empty (an empty hole is
    dark) nor a marble: something covers it, and it is reported anomalous.

    The colours are judged twice, brought back by the light around the place and by its own (see
    :class:`Features`), and a class or a seat's colour is trusted only where both judgements trust it and
    agree. Where the two lights differ, something lies on the place's wood alone: a neighbour's shadow
    (then the light around is right: an orange ball in its reserve looked a sure yellow by its own light,
    wood-evening-tock6-2068) or a hand's skin or shade (then its own is: a fingertip over an empty hole
    looked a sure orange marble by the light around it, milky-ceiling-tock6-2070, and a purple peg in a
    dark hand's shade an empty hole, peg-ceiling-tock6-2070).

    Args:
        adjacent: ``(places, places)`` bool, the places next to each other. A place whose wood alone
            changed (no place next to it covered or anomalous) and that matches its class closely is
            trusted: under a lamp a marble's shadow, or the light its glass focuses, falls on the wood
            points of one hole, where a hand would reach over several.
    """
    around = _judge(feats.values, feats, classes, adjacent)
    if feats.own is feats.values:
        return around
    own = _judge(feats.own, feats, classes, adjacent)
    return replace(
        around,
        uncertain=around.uncertain | own.uncertain | (np.array(around.labels) != np.array(own.labels)),
        seat_sure=around.seat_sure & own.seat_sure & (np.array(around.seat) == np.array(own.seat)),
        near_plain=around.near_plain | own.near_plain,
        near_wood=around.near_wood | own.near_wood,
    )


def _judge(values: np.ndarray, feats: Features, classes: Classes, adjacent: np.ndarray | None) -> Verdicts:
    """:func:`classify` of colours ``values`` ``(places, 9)`` brought back by one light."""
    places = len(values)
    seat_means = np.broadcast_to(classes.seat_mean, (places, *classes.seat_mean.shape))
    seat_sigmas = np.broadcast_to(classes.seat_sigma, (places, *classes.seat_sigma.shape))
    means = np.concatenate([classes.empty_mean[:, None, :], seat_means], axis=1)
    sigmas = np.concatenate([classes.empty_sigma[:, None, :], seat_sigmas], axis=1)
    d2 = (((values[:, None, :] - means) / sigmas) ** 2).sum(axis=2)
    order = np.argsort(d2, axis=1)
    rows = np.arange(places)
    best, second = d2[rows, order[:, 0]], d2[rows, order[:, 1]]
    flat = (((values - np.tile(feats.wood, FEATURE_PARTS)) / FLAT_SIGMA) ** 2).sum(axis=1)
    # Where the light fell (a hand's shade), the colours were brought back up and their noise with them:
    # the spreads learnt at calibration's light grow as the light's inverse.
    noise = dimmed(feats.gain) ** 2
    confidence = 1.0 - np.exp(-(second - best) * noise / 2)
    rms = np.sqrt(best / values.shape[1])
    wood_like = (flat < best) & (flat < FLAT_MATCH**2 * values.shape[1])
    anomalous = (rms > REJECT) | wood_like
    covered = feats.covered
    if adjacent is not None:
        alone = covered & ~adjacent[:, covered | anomalous].any(axis=1)
        covered = covered & ~(alone & (rms <= LONE_MATCH))
    uncertain = anomalous | (confidence < MIN_CONFIDENCE) | covered | (feats.glared & (rms > GLARE_MATCH))
    names = (EMPTY, *classes.seats)
    labels = [names[i] for i in order[:, 0]]
    confidence = np.where(anomalous | covered, 0.0, confidence)
    seat_d2 = d2[:, 1:]
    seat_order = np.argsort(seat_d2, axis=1)
    seat_best = seat_d2[rows, seat_order[:, 0]]
    seat_second = seat_d2[rows, seat_order[:, 1]] if seat_d2.shape[1] > 1 else np.full(places, np.inf)
    seat_sure = (
        (1.0 - np.exp(-(seat_second - seat_best) * noise / 2) >= MIN_CONFIDENCE)
        & (np.sqrt(seat_best / values.shape[1]) <= REJECT)
        & (seat_second >= COLOUR_RATIO**2 * seat_best)
        & _hue_agrees(values, classes, seat_order[:, 0])
    )
    seat = [classes.seats[i] for i in seat_order[:, 0]]
    near_plain = (flat < WOOD_RATIO**2 * seat_best) | (d2[:, 0] < COLOUR_RATIO**2 * seat_best)
    near_wood = flat < COLOUR_RATIO**2 * seat_best
    return Verdicts(
        labels, confidence, uncertain, anomalous, wood_like, seat, seat_sure, near_plain, near_wood
    )


def hue_apart(chroma: np.ndarray, seat_chroma: np.ndarray) -> np.ndarray:
    """``(places, seats)``: the angle (radians, -pi to pi) from each seat's hue to each place's, the hue
    being the direction of a chroma (Lab a, b) ``(places, 2)`` and ``(seats, 2)``."""
    turn = np.arctan2(chroma[:, 1], chroma[:, 0])[:, None] - np.arctan2(seat_chroma[:, 1], seat_chroma[:, 0])
    return np.asarray(np.angle(np.exp(1j * turn)))


def _hue_agrees(values: np.ndarray, classes: Classes, nearest: np.ndarray) -> np.ndarray:
    """Per place, whether the seat ``nearest`` in Lab is also the seat nearest in hue (the angle of the
    top disc's chroma), where the place and that seat both have a hue (chroma past
    :data:`HUE_CHROMA`). A translucent marble lit from another side than the reserve's at calibration is
    darker and paler, and may come nearer a dim seat's colour in Lab, while its hue stays its own: then
    its colour is not clear."""
    chroma, seat_chroma = values[:, 1:3], classes.seat_mean[:, 1:3]
    apart = np.abs(hue_apart(chroma, seat_chroma))
    has_hue = np.linalg.norm(seat_chroma, axis=1) >= HUE_CHROMA
    apart = np.where(has_hue[None, :], apart, np.inf)
    judged = (np.linalg.norm(chroma, axis=1) >= HUE_CHROMA) & has_hue[nearest]
    return np.asarray(~judged | (np.argmin(apart, axis=1) == nearest))
