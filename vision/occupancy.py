"""Is there a marble in a hole? Judged the way a person judges it: against the hole's own empty look.

A clear glass marble over a dark hole has no colour of its own to speak of: its mean colour is nearly
the empty hole's, and a colour classifier cannot tell the two apart. What gives it away is everything
else: the hole's edge bent by the glass, the lamp's highlight on its top, its rim, its shadow. So the
frame of the empty board taken at calibration is kept pixel for pixel at every place (the top disc, the
hole disc and the rim circle of :mod:`vision.sampling`), and a place's *change* is how far its pixels
now stand from those, each pixel weighed against its own brightness (a dark hole counts as much as a
bright highlight). Light is normalised as for the colours, by the wood around the place, taken as the
median over the place and its nearest neighbours: one marble's shadow falls on the wood points of one
hole, a change of light (a cloud, a person leaning over) on all of them.

Calibration's two frames give the scale: the places empty in both say how much an empty hole changes
from frame to frame (noise, JPEG, drift, the shadows and caustics of the marbles next to it), the
reserve marbles how much a marble changes one. Between the two lies a band of doubt, in which a place is
reported uncertain instead of guessed.

Marbles next to an empty hole change part of it: under a low lamp a marble's body and long shadow lie
over the side of the hole facing it (the lit wall of the hole goes dark), the shadows of a reserve's
marbles darken the wood ring around its empty hole while the hole stays as dark as it was, a caustic
lights a spot. The start layout calibration sees has its marbles in the reserves, so these changes go
past the empty scale, into the band of doubt, and a clear glass marble's colour cannot say the hole
is empty. A person sees at once that the hole is still its own round dark self on most of its area: a
marble sitting in it would change nearly all of it. So a place in the band of doubt whose *typical*
pixel (the median) changed no more than an empty place's typical pixel does at calibration is empty:
what changed is only part of it. This holds where calibration's marbles changed their typical pixel
clearly more than the empty holes did (see :data:`TYPICAL_GAP`); in a dim evening light it does not,
and the band stays uncertain.
"""

from __future__ import annotations

import base64
import contextlib
from dataclasses import dataclass
from typing import Any

import numpy as np

from vision.classify import dimmed
from vision.markers import project
from vision.sampling import SamplePlan, Samples

BRIGHTNESS_FLOOR = 24.0
"""Levels (0..255) added to a pixel's brightness before a change is divided by it: below this, sensor
noise, not the scene, sets how much a dark pixel may change. Where a place's light fell to a fraction of
calibration's (a hand's shadow), its levels are brought back up by that fraction's inverse, and their
noise with them: the floor rises alike (never falls where the light rose). In the evening, a hand lifting
a marble shadowed the empty holes next to it to 0.4-0.65 of their light, and the noise of their dark
pixels changed them past a marble's (clear-evening-2022)."""
EMPTY_MARGIN = 2.0
"""An empty place may change up to this many times the most an empty place changed at calibration."""
EMPTY_QUANTILE = 0.99
"""Share of calibration's empty places whose change sets the empty scale (the rest may be under glare)."""
DOUBT = 2.5
"""The band of doubt: a place changed between the empty scale and this many times it is uncertain."""
TYPICAL_GAP = 1.55
"""Calibration's least marble must change its typical pixel at least this many times the typical pixel's
empty bound for the typical pixel to say a place is empty. In dim light the sensor's noise leaves no
such gap: a marble dimmed further (a hand's shadow over a peg) then changes its typical pixel hardly
more than an empty hole does. On the looked-at photoreal seeds 2006-2011, every calibration of clear
glass in the evening had a gap of 1.45 or less, and there (1.11) the typical pixel would have read
marbles empty; from 1.62 up (cat's-eye in the evening, clear glass under a desk lamp) it read no marble
empty, on still boards or under hands."""
PARTLY_BEYOND_DOUBT = 0.75
"""Past the band of doubt, a place whose typical pixel changed no more than this share of the typical
pixel's empty bound is still empty: a desk lamp lights a clear glass marble so brightly from the side that
its edge and caustic, over the rim of the next hole, change that hole's mean past a marble's, while most
of the hole stays its own dark self (clear-desk-2012 and 2015: 0.53 to 0.67 of the bound). On the
looked-at photoreal seeds 2006-2015 no marble's typical pixel fell below 0.92 of the bound, on still
boards or under hands (a peg in a hand's shadow in evening light; 1.28 on still boards)."""
LEAST_CHANGE = 0.12
"""A change below this (a twelfth of a pixel's own brightness, on average) is never taken for a marble."""


def look(samples: Samples) -> np.ndarray:
    """Every place's top disc, hole disc and rim pixels as one ``(places, n, 3)`` array."""
    return np.concatenate([samples.top, samples.hole, samples.rim], axis=1)


def pixel_change(now: np.ndarray, empty: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """``(places, n)``: how far each of a place's pixels ``now`` stands from its ``empty`` one, light
    normalised by ``gain`` ``(places, 3)``, the difference against the pixel's empty brightness (plus
    :data:`BRIGHTNESS_FLOOR`, raised where the light fell)."""
    normalised = now / gain[:, None, :]
    difference = np.sqrt(((normalised - empty) ** 2).sum(axis=2))
    brightness = np.sqrt((empty**2).sum(axis=2) / 3) + (BRIGHTNESS_FLOOR / dimmed(gain))[:, None]
    return np.asarray(difference / brightness)


def typical_change(pixels: np.ndarray) -> np.ndarray:
    """``(places,)``: the change of each place's typical pixel (the median of :func:`pixel_change`),
    which a change over part of the place (a neighbour's edge or shadow) leaves low."""
    return np.asarray(np.median(pixels, axis=1))


def _empty_bound(quiet: np.ndarray, marbles: np.ndarray) -> tuple[float, float]:
    """The most an empty place changes (with its margin, never past halfway, geometrically, to the
    least marble) and the least a marble changes, from calibration's empty places ``quiet`` and marbles.

    Raises:
        ValueError: the marbles change their holes no more than the empty holes change.
    """
    most_empty = max(float(np.quantile(quiet, EMPTY_QUANTILE)), LEAST_CHANGE / 2 / EMPTY_MARGIN)
    least = float(marbles.min())
    if least <= most_empty:
        raise ValueError(
            f"the marbles change their holes by {least:.2f} at least and empty holes change by up to"
            f" {most_empty:.2f}: the marbles cannot be told from empty holes in this light"
        )
    return min(most_empty * EMPTY_MARGIN, float(np.sqrt(most_empty * least))), least


@dataclass(frozen=True)
class EmptyLook:
    """Each place's pixels on the empty board, and the changes that mean empty and a marble."""

    pixels: np.ndarray
    """``(places, n, 3)`` float32 BGR of the empty board, at calibration's light."""
    empty_below: float
    """A place changed less than this is empty."""
    marble_above: float
    """A place changed more than this holds a marble (between the two: uncertain)."""
    typical_empty_below: float | None = None
    """A place in the band of doubt whose typical pixel changed less than this is empty (see the module
    doc); ``None`` when calibration's marbles did not change their typical pixel clearly more than empty
    places do (see :data:`TYPICAL_GAP`): then the band stays uncertain."""

    @classmethod
    def learn(
        cls, empty: np.ndarray, full_pixels: np.ndarray, occupied: np.ndarray, usable: np.ndarray
    ) -> EmptyLook:
        """Learn from the empty board's pixels and the changes calibration's frame with the marbles shows.

        Args:
            empty: ``(places, n, 3)`` the empty board's pixels.
            full_pixels: ``(places, n)`` :func:`pixel_change` of the frame with the marbles against
                ``empty``.
            occupied: ``(places,)`` bool, the places holding a marble in that frame.
            usable: ``(places,)`` bool, the empty places whose changes say something of the empty
                scale (not under a hand). Every marble sets the marble scale: one whose wood changed
                lies in its neighbours' shadow, and marbles lie in shadows in play too (a clear glass
                marble in a reserve under a dim lamp changes its hole least of all).

        Raises:
            ValueError: the marbles change their holes no more than light and noise change empty ones:
                the marbles cannot be told from empty holes in this light (the message says how much).
        """
        full_change = full_pixels.mean(axis=1)
        typical = typical_change(full_pixels)
        empties, marbles = ~occupied & usable, occupied
        if not empties.any() or not marbles.any():
            raise ValueError("calibration needs both empty holes and marbles in known places")
        # An empty place changed like a marble (a finger over it, a marble put where the game has none)
        # is the layout's mistake, which the caller reports: it does not widen the empty scale.
        quiet_median = max(float(np.median(full_change[empties])), 1e-3)
        middle = float(np.sqrt(quiet_median * float(np.median(full_change[marbles]))))
        empties &= full_change < middle
        marbles &= full_change > middle
        if not empties.any() or not marbles.any():
            raise ValueError("the marbles cannot be told from empty holes in this light")
        empty_below, least = _empty_bound(full_change[empties], full_change[marbles])
        # Under a glare a marble changes its hole less (the difference is weighed against the glare's
        # brightness): the band of doubt ends at least halfway (geometrically) to the least marble.
        marble_above = min(max(empty_below * DOUBT, LEAST_CHANGE), float(np.sqrt(empty_below * least)))
        # Where the typical pixel tells marbles from empty holes not at all, or without a clear gap, it
        # says nothing: the band of doubt stays uncertain.
        typical_below: float | None = None
        with contextlib.suppress(ValueError):
            below, typical_least = _empty_bound(typical[empties], typical[marbles])
            if typical_least >= TYPICAL_GAP * below:
                typical_below = below
        return cls(np.ascontiguousarray(empty, np.float32), empty_below, marble_above, typical_below)

    def judge(self, now: np.ndarray, gain: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(occupied, sure, change)`` per place for a frame's pixels ``now`` and local light ``gain``;
        ``change`` is the mean change, and a place in the band of doubt whose typical pixel is unchanged
        (or past it, hardly changed: :data:`PARTLY_BEYOND_DOUBT`) comes back surely empty although its
        mean change is above ``empty_below``."""
        pixels = pixel_change(now, self.pixels, gain)
        moved = pixels.mean(axis=1)
        occupied = moved > np.sqrt(self.empty_below * self.marble_above)
        sure = (moved <= self.empty_below) | (moved >= self.marble_above)
        if self.typical_empty_below is not None:
            doubt = ~sure
            partly = doubt | occupied  # only the places not surely empty: a median costs
            bound = np.where(doubt, 1.0, PARTLY_BEYOND_DOUBT)[partly] * self.typical_empty_below
            partly[partly] = typical_change(pixels[partly]) <= bound
            occupied, sure = occupied & ~partly, sure | partly
        return occupied, sure, np.asarray(moved)

    def carried_over(self, before: SamplePlan, after: SamplePlan) -> EmptyLook:
        """The empty look brought to the board's new place in the frame (a bumped board or camera):
        every pixel the plan ``after`` samples is taken back through its homography to the board, then
        forward through ``before``'s to where the board was, and given the empty look of the nearest
        pixel sampled there (of the same place and group: top disc, hole disc, rim)."""
        parts = []
        start = 0
        for old, new, old_h, new_h in zip(
            before.look_points, after.look_points, before.homographies, after.homographies, strict=True
        ):
            places, count, _ = new.shape
            back = project(old_h @ np.linalg.inv(new_h), new.reshape(-1, 2)).reshape(places, count, 2)
            nearest = np.argmin(np.linalg.norm(back[:, :, None, :] - old[:, None, :, :], axis=3), axis=2)
            group = self.pixels[:, start : start + old.shape[1]]
            parts.append(np.take_along_axis(group, nearest[:, :, None], axis=1))
            start += old.shape[1]
        return EmptyLook(
            np.ascontiguousarray(np.concatenate(parts, axis=1)),
            self.empty_below,
            self.marble_above,
            self.typical_empty_below,
        )

    def to_data(self) -> dict[str, Any]:
        pixels = np.ascontiguousarray(self.pixels, np.float32)
        return {
            "shape": list(pixels.shape),
            "data": base64.b64encode(pixels.tobytes()).decode(),
            "empty_below": round(self.empty_below, 5),
            "marble_above": round(self.marble_above, 5),
            "typical_empty_below": None
            if self.typical_empty_below is None
            else round(self.typical_empty_below, 5),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> EmptyLook:
        shape = tuple(int(n) for n in data["shape"])
        pixels = np.frombuffer(base64.b64decode(data["data"]), np.float32).reshape(shape)
        typical = data.get("typical_empty_below")  # absent from calibrations saved before it was learnt
        return cls(
            pixels.copy(),
            float(data["empty_below"]),
            float(data["marble_above"]),
            None if typical is None else float(typical),
        )
