"""The lift: the image of the vertical direction, which places a marble's centre above its hole.

For a pinhole camera the homography of the plane at height ``h`` is ``H(h) = H0 + h * lift * e3^T``
(:mod:`vision.calibration`). The lift is first estimated from the camera model implied by ``H0``, then
measured on the marbles of a known layout, each found near where it should be seen.

A marble is found where the frame differs from the empty board's, but not by the shade it casts: under a
low desk lamp a clear glass marble's long shadow differs more from the empty wood than the glass over its
dark hole does, and a search for the most changed marble-sized disc lands in the shadow (the marble
centres of clear glass under a desk lamp then came out 6.6 to 17 px off in the median for a marble radius
of 14, on 23 of the 24 such photoreal set-ups of seeds 2006 to 2029). A shadow only darkens what was
there, evenly over its colours; so the darkening common to the colours is taken out of the change, and
what is left is the marble: its colour, its rim, its highlight, the hole's edge bent by the glass.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

import cv2
import numpy as np

from vision.classify import lab
from vision.geometry import BoardGeometry
from vision.markers import project
from vision.sampling import SamplePlan

SHADE_FLOOR = 24.0
"""Levels (0..255) added to both frames before their ratio is taken, so the sensor noise of a dark hole
does not weigh as a change."""
SHADE_SMOOTHING = 0.11
"""Spread of the Gaussian, in marble radii, over which the darkening taken for shade is smoothed: a
shadow's darkening is smooth, a glass marble's dark rim is not. Chosen on the lift error against the
rendered truth of the photoreal seeds 2006 to 2029 (every material and light): 0.11 gave a median error
of 1.3 px and at most 6.3. No smoothing left four clear glass evening set-ups past 4 px in the median;
0.15 and 0.19 did no better (at most 6.2 and 6.6); from 0.3 on, opaque and milky marbles' bodies went
out with the shade (median 1.9 px, and worse with more)."""
LEAST_UNSHADED = 5.0
"""Least mean change (log ratio, in hundredths) over a marble-sized disc for a marble to count as found
where the empty board's frame is known."""
LEAST_LAB = 20.0
"""Least mean Lab distance over a marble-sized disc from the local wood, where there is no empty board's
frame, for a marble to count as found."""
REACH_SHARES = (0.45, 0.25)
"""How far from where it is predicted a marble is searched for, in shares of the pitch between holes:
first around the camera model's guess, then around the lift fitted to the first marbles found."""
LEAST_RESERVES = 2
"""Marbles found in fewer seats' places than this say where marbles are seen in one corner of the board
only: the lift fitted to them strays elsewhere (a clear glass set-up with only one reserve's marbles
found was 22 px off in the median), so the camera model's is kept."""


def _prior_lift(board_h: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The lift implied by ``board_h`` for a camera with square pixels centred on the frame.

    The focal length follows from the orthogonality of the board's axes; when the view is too square
    on to tell, a focal length of one frame width (a usual webcam or Pi camera lens) is assumed.
    """
    width, height = size
    shift = np.array([[1.0, 0, width / 2], [0, 1.0, height / 2], [0, 0, 1]])
    a = np.linalg.inv(shift) @ board_h
    focal = float(width)
    denominator = a[2, 0] * a[2, 1]
    if abs(denominator) > 1e-12:
        f2 = -(a[0, 0] * a[0, 1] + a[1, 0] * a[1, 1]) / denominator
        if 0.25 * width**2 < f2 < 16 * width**2:
            focal = float(np.sqrt(f2))
    k_inv = np.diag([1 / focal, 1 / focal, 1.0])
    scale = 1.0 / np.linalg.norm(k_inv @ a[:, 0])
    r1, r2, t = (scale * k_inv @ a[:, i] for i in range(3))
    if t[2] < 0:
        r1, r2, t, scale = -r1, -r2, -t, -scale
    up = np.cross(r1, r2)
    up /= np.linalg.norm(up)
    if up[2] > 0:
        up = -up
    return np.asarray(shift @ np.diag([focal, focal, 1.0]) @ up / scale)


def measure_lift(
    frame: np.ndarray,
    geometry: BoardGeometry,
    board_h: np.ndarray,
    layout: Mapping[str, str],
    centre_height: float,
    empty: np.ndarray | None = None,
) -> np.ndarray:
    """Refine the lift on the marbles of ``layout``: find each one's outline near where it should be.

    A marble is what differs from the empty board's frame but for its shade when there is one (see the
    module doc; paint does not differ), else what differs from the wood around its hole. With fewer than
    4 marbles found, or all of them in one seat's places, the prior from the camera model is kept.
    """
    height, width = frame.shape[:2]
    lift = _prior_lift(board_h, (width, height))
    places = [p for p in geometry.place_ids if p in layout]
    if len(places) < 4:
        return lift
    xy = np.array([geometry.places[p] for p in places])
    index = [geometry.place_ids.index(p) for p in places]
    c = centre_height
    change: np.ndarray | None = None
    frame_lab: np.ndarray | None = None
    for reach_share in REACH_SHARES:
        centre_h = board_h + c * np.outer(lift, [0.0, 0.0, 1.0])
        plan = SamplePlan(geometry, board_h, centre_h, (width, height))
        radius = plan.marble_radius_px[index]
        distance: Callable[[int, tuple[slice, slice]], np.ndarray]
        if empty is not None:
            if change is None:
                change = unshaded_change(frame, empty, SHADE_SMOOTHING * float(np.median(radius)))
            distance, least = partial(_cut, change), LEAST_UNSHADED
        else:
            frame_lab = lab(frame.astype(np.float32)) if frame_lab is None else frame_lab
            wood = lab(np.median(plan.gather(frame).wood[index], axis=1))
            distance, least = partial(_from_colours, frame_lab, wood), LEAST_LAB
        points = _find(distance, project(centre_h, xy), radius, reach_share, geometry, least=least)
        found = [i for i in range(len(places)) if not np.isnan(points[i, 0])]
        if len(found) < 4 or len({places[i][0] for i in found}) < LEAST_RESERVES:
            return lift
        lift = _fit_lift(board_h, c, xy[found], points[found])
    return lift


def unshaded_change(frame: np.ndarray, empty: np.ndarray, smoothing_px: float) -> np.ndarray:
    """``(height, width)`` float32: how far each pixel of ``frame`` stands from ``empty``, the shade
    taken out (log ratio of the colours, in hundredths, less the darkening common to them smoothed over
    ``smoothing_px``; see the module doc)."""
    ratio = log_ratio(frame, empty)
    shade = np.minimum(cv2.GaussianBlur(ratio.mean(axis=2), (0, 0), smoothing_px), 0.0)
    return np.asarray(np.linalg.norm(ratio - shade[:, :, None], axis=2) * 100, np.float32)


def log_ratio(frame: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """``(height, width, 3)`` float32: the log ratio of each colour of ``frame`` to the ``empty`` board's
    (both raised by :data:`SHADE_FLOOR`): a shade lowers it alike in every colour."""
    return np.log((frame.astype(np.float32) + SHADE_FLOOR) / (empty.astype(np.float32) + SHADE_FLOOR))


def _cut(change: np.ndarray, _: int, cut: tuple[slice, slice]) -> np.ndarray:
    """A window ``cut`` of a whole frame's ``change`` (the same for every marble)."""
    return change[cut]


def _from_colours(frame_lab: np.ndarray, colours: np.ndarray, i: int, cut: tuple[slice, slice]) -> np.ndarray:
    """Lab distance of a window ``cut`` of ``frame_lab`` from marble ``i``'s reference colour."""
    return np.asarray(np.linalg.norm(frame_lab[cut] - colours[i], axis=2), np.float32)


def _find(
    distance: Callable[[int, tuple[slice, slice]], np.ndarray],
    predicted: np.ndarray,
    radius: np.ndarray,
    reach_share: float,
    geometry: BoardGeometry,
    *,
    least: float,
) -> np.ndarray:
    """``(marbles, 2)``: each marble's centre found near its ``predicted`` pixel (NaN where none is,
    or the search would leave the frame), within ``reach_share`` of the pitch between holes. The
    ``distance`` of marble ``i``'s pixels from an empty hole is asked for a window ``cut`` of the
    frame."""
    points = np.full((len(predicted), 2), np.nan)
    reach = geometry.pitch_mm * radius / (geometry.marble_diameter / 2) * reach_share
    for i, (px, py) in enumerate(predicted):
        half = int(np.ceil(reach[i] + radius[i] * 1.5)) + 2
        x0, y0 = int(round(px)) - half, int(round(py)) - half
        if x0 < 0 or y0 < 0:
            continue
        cut = (slice(y0, y0 + 2 * half + 1), slice(x0, x0 + 2 * half + 1))
        window = distance(i, cut)
        if window.shape != (2 * half + 1, 2 * half + 1):
            continue  # past the frame's far edge
        point = _marble_centre(window, (px - x0, py - y0), float(radius[i]), float(reach[i]), least)
        if point is not None:
            points[i] = (point[0] + x0, point[1] + y0)
    return points


def _marble_centre(
    distance: np.ndarray, guess: tuple[float, float], radius: float, reach: float, least: float
) -> tuple[float, float] | None:
    """The centre of the marble outline nearest ``guess`` in a window of a pixel ``distance`` map: the
    peak of a marble-sized disc filter, searched within ``reach`` pixels, if it reaches ``least``."""
    k = int(np.ceil(radius))
    kernel = (np.hypot(*np.mgrid[-k : k + 1, -k : k + 1]) <= radius).astype(np.float32)
    response = cv2.filter2D(distance, -1, kernel / kernel.sum())
    yy, xx = np.mgrid[0 : response.shape[0], 0 : response.shape[1]]
    response[np.hypot(xx - guess[0], yy - guess[1]) > reach] = -1
    by, bx = np.unravel_index(int(np.argmax(response)), response.shape)
    if response[by, bx] < least:
        return None
    patch = response[max(by - 1, 0) : by + 2, max(bx - 1, 0) : bx + 2]
    weights = np.clip(patch - patch.min(), 0, None)
    if weights.sum() <= 0:
        return (float(bx), float(by))
    py, px = np.mgrid[max(by - 1, 0) : by + 2, max(bx - 1, 0) : bx + 2]
    return (float((px * weights).sum() / weights.sum()), float((py * weights).sum() / weights.sum()))


def _fit_lift(board_h: np.ndarray, height: float, board_xy: np.ndarray, image_xy: np.ndarray) -> np.ndarray:
    """Least-squares lift from marbles seen at ``image_xy`` whose holes are at ``board_xy``, dropping
    the worst fits (a marble found on its neighbour) once."""
    keep = np.ones(len(board_xy), bool)
    lift = np.zeros(3)
    for _ in range(2):
        base = np.column_stack([board_xy[keep], np.ones(keep.sum())]) @ board_h.T
        u, v = image_xy[keep, 0], image_xy[keep, 1]
        rows = np.vstack(
            [
                np.column_stack([np.ones_like(u), np.zeros_like(u), -u]),
                np.column_stack([np.zeros_like(v), np.ones_like(v), -v]),
            ]
        )
        rhs = np.concatenate([u * base[:, 2] - base[:, 0], v * base[:, 2] - base[:, 1]])
        solution, *_ = np.linalg.lstsq(rows * height, rhs, rcond=None)
        lift = solution
        model = board_h + height * np.outer(lift, [0.0, 0.0, 1.0])
        residual = np.linalg.norm(project(model, board_xy) - image_xy, axis=1)
        threshold = max(2.0, 3 * float(np.median(residual[keep])))
        new_keep = residual <= threshold
        if new_keep.sum() < 4 or np.array_equal(new_keep, keep):
            break
        keep = new_keep
    return lift
