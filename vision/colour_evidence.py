"""How well each seat's learnt colour explains a marble whose colour the reader is not sure of: the
evidence the game weighs when two moves give the same picture (a Jack's swap of two such marbles).

A marble's hue (the angle of its chroma, Lab a and b) is what tells it from the other seats' marbles.
How strongly coloured it looks (the length of its chroma) follows the light more than the marble: under an
evening lamp a blue peg lit from above looked far bluer than the blue pegs of the starting layout, as
strong as the purple pegs, while its hue stayed blue's (peg-evening-tock6-2071). So each seat is weighed
by how far the marble's hue lies from the seat's, with the spread that the chroma's noise gives a hue
(wide where the chroma is weak), for the top disc, the hole disc and the rim. A seat whose colour there
is nearly grey has no hue to go by: it is weighed by the chroma itself.
"""

from __future__ import annotations

import numpy as np

from vision.classify import Classes, hue_apart

CHROMA_PARTS = ((1, 2), (4, 5), (7, 8))
"""The chroma (Lab a and b) of the top disc, the hole disc and the rim in a place's features. Their
lightness follows where the place lies under the light (a caustic, the lamp's reflection) more than whose
marble it is, and is left out."""
HUE_SPREAD = 0.05
"""Least spread of a hue (radians), however strongly coloured the marble and its seat."""
NOISE_SHARE = 0.7
"""The noise of a chroma, as a share of its seat's learnt spread (which is floored for the classes, see
:data:`vision.classify.SIGMA_FLOOR`): it gives a weak chroma's hue its spread. Set on the looked-at
photoreal seeds (see :func:`colour_evidence`): at 1.0, a tenth fewer simulated swaps reached the engine's
margin; at 0.5, wrong boards led by 20 and more."""
GREY_CHROMA = 10.0
"""Chroma (Lab units) below which a seat's learnt colour is taken as grey: it is weighed by the chroma
itself, not its hue. A clear glass marble seen from above shows the dark hole and a highlight, and its
learnt hue may be the noise's. Set on the looked-at photoreal seeds (see :func:`colour_evidence`): with 5,
4 % fewer simulated swaps reached the engine's margin; with 15 or more, a wrong board came within 1.5 of
it."""


def colour_evidence(
    features: np.ndarray, classes: Classes, ids: tuple[str, ...] | list[str], places: np.ndarray
) -> dict[str, dict[str, float]]:
    """Per place of ``places`` (indices into ``ids``), how well each seat's learnt colour explains the
    hue of its ``features`` ``(places, 9)``: a log-likelihood, up to a constant shared by the seats.

    Weighed on the looked-at photoreal set-ups in the cache (318 four-seat, of seeds 2006 and 2042 to
    2063; 100 six-seat, of 2067 to 2071; on their still boards a Jack's swap simulated between every two
    marbles of unsure colour and different seats, 38,017 in all, with the glows), the hue misleads less
    than the whole chroma did: 17 wrong boards led the true one by the engine's margin or more (the
    largest lead 41.3, blue and purple on the six-seat board in the evening), none now (the largest 8.6),
    while the true board led by the margin in 26,259 swaps (24,778 with the chroma; see
    :data:`firmware_py.engine.colour_evidence.COLOUR_MARGIN`).
    """
    chosen = np.asarray(places, int)
    loglik = np.zeros((len(chosen), len(classes.seats)))
    for a, b in CHROMA_PARTS:
        chroma = features[chosen][:, [a, b]]
        mean = classes.seat_mean[:, [a, b]]
        spread = NOISE_SHARE * (classes.seat_sigma[:, a] + classes.seat_sigma[:, b]) / 2
        loglik += _weighed(chroma, mean, spread)
    return {
        ids[i]: {seat: round(float(loglik[n, k]), 3) for k, seat in enumerate(classes.seats)}
        for n, i in enumerate(chosen)
    }


def _weighed(chroma: np.ndarray, mean: np.ndarray, spread: np.ndarray) -> np.ndarray:
    """``(places, seats)``: log-likelihood of each place's ``chroma`` ``(places, 2)`` under each seat's
    learnt ``mean`` ``(seats, 2)`` and ``spread`` ``(seats,)`` of one part."""
    length = np.linalg.norm(chroma, axis=1)[:, None]
    seat_length = np.linalg.norm(mean, axis=1)[None, :]
    apart = hue_apart(chroma, mean)
    # A hue's noise: the chroma's noise across its length, the place's and the seat's.
    noise = spread[None, :] / np.maximum(length, 1e-6), spread[None, :] / np.maximum(seat_length, 1e-6)
    variance = HUE_SPREAD**2 + noise[0] ** 2 + noise[1] ** 2
    by_hue = -(apart**2) / (2 * variance)
    by_chroma = -(((chroma[:, None, :] - mean[None]) / spread[None, :, None]) ** 2).sum(axis=2) / 2
    return np.asarray(np.where(seat_length >= GREY_CHROMA, by_hue, by_chroma))
