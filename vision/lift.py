"""The lift: the image of the vertical direction, which places a marble's centre above its hole.

For a pinhole camera the homography of the plane at height ``h`` is ``H(h) = H0 + h * lift * e3^T``
(:mod:`vision.calibration`). The lift is first estimated from the camera model implied by ``H0``, then
measured on the marbles of a known layout, each found near where it should be seen.
"""

from __future__ import annotations

from collections.abc import Mapping

import cv2
import numpy as np

from vision.classify import lab
from vision.geometry import BoardGeometry
from vision.markers import project
from vision.sampling import SamplePlan


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

    A marble is what differs from the empty board's frame when there is one (paint does not), else
    from the wood around its hole. With fewer than 4 marbles found, the prior from the camera model
    is kept.
    """
    height, width = frame.shape[:2]
    lift = _prior_lift(board_h, (width, height))
    places = [p for p in geometry.place_ids if p in layout]
    if len(places) < 4:
        return lift
    xy = np.array([geometry.places[p] for p in places])
    c = centre_height
    frame_lab = None
    for radius_share in (0.45, 0.25):
        centre_h = board_h + c * np.outer(lift, [0.0, 0.0, 1.0])
        plan = SamplePlan(geometry, board_h, centre_h, (width, height))
        index = [geometry.place_ids.index(p) for p in places]
        wood = lab(np.median(plan.gather(frame).wood[index], axis=1))
        predicted = project(centre_h, xy)
        radius = plan.marble_radius_px[index]
        pitch_px = geometry.pitch_mm * radius / (geometry.marble_diameter / 2)
        if frame_lab is None:
            frame_lab = lab(frame.astype(np.float32))
            empty_lab = None if empty is None else lab(empty.astype(np.float32))
        found = []
        for i, (px, py) in enumerate(predicted):
            point = _marble_centre(
                frame_lab,
                (px, py),
                float(radius[i]),
                float(pitch_px[i] * radius_share),
                wood[i] if empty_lab is None else empty_lab,
            )
            if point is not None:
                found.append((i, point))
        if len(found) < 4:
            return lift
        lift = _fit_lift(board_h, c, xy[[i for i, _ in found]], np.array([p for _, p in found]))
    return lift


def _marble_centre(
    frame_lab: np.ndarray, guess: tuple[float, float], radius: float, reach: float, reference: np.ndarray
) -> tuple[float, float] | None:
    """The centre of the marble outline nearest ``guess``: the peak of a marble-sized disc filter over
    the pixels' distance from the reference (the local wood's Lab colour, or the whole empty board's
    Lab frame), searched within ``reach`` pixels."""
    half = int(np.ceil(reach + radius * 1.5)) + 2
    x0, y0 = int(round(guess[0])) - half, int(round(guess[1])) - half
    if x0 < 0 or y0 < 0 or x0 + 2 * half + 1 > frame_lab.shape[1] or y0 + 2 * half + 1 > frame_lab.shape[0]:
        return None
    window = frame_lab[y0 : y0 + 2 * half + 1, x0 : x0 + 2 * half + 1]
    if reference.ndim == 3:
        reference = reference[y0 : y0 + 2 * half + 1, x0 : x0 + 2 * half + 1]
    distance = np.linalg.norm(window - reference, axis=2).astype(np.float32)
    k = int(np.ceil(radius))
    kernel = (np.hypot(*np.mgrid[-k : k + 1, -k : k + 1]) <= radius).astype(np.float32)
    response = cv2.filter2D(distance, -1, kernel / kernel.sum())
    yy, xx = np.mgrid[0 : response.shape[0], 0 : response.shape[1]]
    outside = np.hypot(xx - (guess[0] - x0), yy - (guess[1] - y0)) > reach
    response[outside] = -1
    by, bx = np.unravel_index(int(np.argmax(response)), response.shape)
    if response[by, bx] < 20:
        return None
    patch = response[max(by - 1, 0) : by + 2, max(bx - 1, 0) : bx + 2]
    weights = np.clip(patch - patch.min(), 0, None)
    if weights.sum() <= 0:
        return (float(x0 + bx), float(y0 + by))
    py, px = np.mgrid[max(by - 1, 0) : by + 2, max(bx - 1, 0) : bx + 2]
    return (
        float(x0 + (px * weights).sum() / weights.sum()),
        float(y0 + (py * weights).sum() / weights.sum()),
    )


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
