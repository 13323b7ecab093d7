"""A seat's colour is read for sure only where every sign of it agrees."""

from __future__ import annotations

import warnings

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, arrays

from vision.classify import FEATURE_PARTS, SIGMA_FLOOR, Classes, Features, classify, nan_median

BRIGHT_GREEN = [50.0, -27.5, 17.4]
DIM_YELLOW = [29.0, -5.6, 21.0]
"""Lab of two seats' milky marbles in their reserves at calibration, under a dim evening lamp (measured
on a rendered set-up): the yellow is dim and only a little coloured."""


def _classes(places: int) -> Classes:
    """Seats C and D, and ``places`` dark empty holes."""
    means = np.array([np.tile(BRIGHT_GREEN, FEATURE_PARTS), np.tile(DIM_YELLOW, FEATURE_PARTS)])
    empty = np.tile([20.0, 2.0, 8.0], FEATURE_PARTS)
    return Classes(
        ("C", "D"),
        means,
        np.tile(SIGMA_FLOOR, (2, 1)),
        np.tile(empty, (places, 1)),
        np.tile(SIGMA_FLOOR, (places, 1)),
    )


def _features(*top_lab: list[float]) -> Features:
    values = np.array([np.tile(lab, FEATURE_PARTS) for lab in top_lab])
    places = len(values)
    return Features(
        values,
        np.ones((places, 3)),
        np.ones((places, 3)),
        values,
        np.zeros(places, bool),
        np.zeros(places),
        np.zeros(places, bool),
        1.0,
        np.zeros(places, bool),
        np.array([70.0, 5.0, 25.0]),
        np.ones((places, 6), bool),
    )


def test_a_green_marble_darker_and_paler_than_in_its_reserve_is_not_read_yellow_for_sure() -> None:
    """Lit from another side than its reserve, a translucent green marble comes nearer the dim yellow in
    Lab, while its hue stays green's: its colour is not clear, and the game tells whose it is."""
    verdicts = classify(_features([19.3, -7.7, 6.0]), _classes(1))
    assert verdicts.seat == ["D"] and not verdicts.seat_sure[0]


def test_colours_whose_hue_agrees_are_read_for_sure() -> None:
    verdicts = classify(_features([28.0, -5.0, 20.0], [48.0, -26.0, 16.0]), _classes(2))
    assert verdicts.seat == ["D", "C"] and verdicts.seat_sure.all()


@settings(max_examples=300, deadline=None)
@given(
    arrays(
        np.float64,
        array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=9),
        elements=st.one_of(st.floats(-1e6, 1e6), st.just(np.nan)),
    ),
    st.integers(0, 2),
)
def test_the_median_of_every_frame_is_numpy_s_median_ignoring_nans(values: np.ndarray, axis: int) -> None:
    """The reader's own median (a partial sort where no value is NaN) gives what ``np.nanmedian`` gives,
    NaN where every value is NaN."""
    axis = axis % values.ndim
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy warns of an all-NaN slice
        expected = np.nanmedian(values, axis=axis)
    assert np.allclose(nan_median(values, axis=axis), expected, equal_nan=True, rtol=0, atol=1e-9)
