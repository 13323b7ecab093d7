"""Where a lamp's reflection in the board's varnish lies: there light adds to the colours instead of
multiplying them, so calibration warns of it and the reader trusts those holes less."""

from __future__ import annotations

import numpy as np

from vision.classify import SATURATED, light_then
from vision.sampling import Samples

REFLECTION_WHITENING = 1.5
"""A lamp's reflection in the varnish adds the lamp's own light to the wood's, so the wood's weakest
channel (the blue of a warm wood) rises far more than its strongest: a point at least as bright as the
board's typical wood in every channel, whose weakest channel rose this many times more than its strongest,
lies under a reflection. A lamp's pool of light (a lamp near the board) raises every channel alike, and
paint is darker than the wood in some channel."""
REFLECTION_SHARE = 0.2
"""Share of a place's rim and wood points under a reflection from which the place is said to lie under it."""


def under_reflection(samples: Samples) -> np.ndarray:
    """``(places,)`` bool: the places on which a lamp's reflection in the varnish lies, told by its
    whitened light (see :data:`REFLECTION_WHITENING`) or by points clipped white, on the rim circle and
    the wood points of each place."""
    points = np.maximum(np.concatenate([samples.rim, samples.wood], axis=1).astype(np.float64), 1.0)
    typical = light_then(samples.wood).typical
    ratio = points / typical
    weakest, strongest = int(np.argmin(typical)), int(np.argmax(typical))
    whitened = (ratio.min(axis=2) >= 1.0) & (
        ratio[..., weakest] >= REFLECTION_WHITENING * ratio[..., strongest]
    )
    clipped = (points >= SATURATED).all(axis=2)
    return np.asarray((whitened | clipped).mean(axis=1) >= REFLECTION_SHARE)
