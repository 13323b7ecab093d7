"""Set-up: where the board is, at which height marbles are seen, and what each class looks like.

A marble's visible centre stands about 5 mm above the board and its top 12.7 mm: seen from an angle,
marbles are displaced from their holes by up to several millimetres. For a pinhole camera, the
homography of the plane at height ``h`` is ``H(h) = H0 + h * lift * e3^T`` with ``H0`` the homography of
the board surface (from the markers) and ``lift`` the image of the vertical direction. ``lift`` is
estimated from the camera model implied by ``H0`` and then measured on the marbles in known places
(the starting layout: every marble in its reserve), so the calibration holds for any tilt and lens.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

import cv2
import numpy as np

from vision.caustic import SpotLook, SpotPlan, shadow_ways
from vision.classify import (
    EMPTY,
    Classes,
    classify,
    features,
)
from vision.edge_watch import EdgeStrip, MarbleOutlines, shade_reach
from vision.geometry import BoardGeometry
from vision.glow import GlowLook, GlowPlan
from vision.layout_check import few, layout_mismatch
from vision.lift import measure_lift
from vision.marker_sight import why_unread
from vision.markers import AnchorWatch, BoardNotFound, board_homography, board_markers, board_shift, project
from vision.occupancy import EmptyLook, look, pixel_change
from vision.reflection import under_reflection
from vision.sampling import SamplePlan, Samples

FORMAT = 1
COVERED_PLACES = 3
"""Places whose wood changed between the two pictures from which something is taken to cover the board
(a single one may be a marble's shadow or the light its glass focuses)."""
BOARD_STILL_PX = 3.0
"""Largest shift of a hole between the empty and the full calibration frames, by the markers seen in both
(their detection noise moved the holes by 0.11 px at most on the photoreal seeds 2000-2001)."""


DARK_LEVEL = 35.0
"""Median level (0..255) of the board's wood under which the picture is too dark to calibrate on."""
BLOWN_SHARE = 0.3
"""Share of white-clipped pixels above which the picture is overexposed."""
Problem = Literal["frame", "dark", "bright", "markers", "moved", "outside", "glare", "covered", "marbles"]


class CalibrationError(ValueError):
    """Calibration failed; the message says what to fix in words a newcomer can act on.

    Args:
        message: what is wrong and what to do.
        problem: what kind of trouble (for the page to show the right step): ``"markers"`` hidden or
            outside the picture, ``"dark"`` or ``"bright"`` picture, ``"moved"`` board, part of the board
            ``"outside"`` the picture, ``"glare"`` on holes, something ``"covered"`` holes, the
            ``"marbles"`` not where the game has them, or a ``"frame"`` that is no picture.
        places: the holes concerned, when there are.
    """

    def __init__(self, message: str, *, problem: Problem = "frame", places: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problem: Problem = problem
        self.places = places


@dataclass
class Calibration:
    """Everything needed to read frames from one camera pose; saved as JSON by the table.

    ``board_h`` and the anchors are updated in place when the board is found moved (see
    :meth:`BoardReader.read <vision.reader.BoardReader.read>`).
    """

    model: str
    size: tuple[int, int]
    """(width, height) of the frames."""
    board_h: np.ndarray
    """Homography from board millimetres on the board surface to pixels."""
    lift: np.ndarray
    """Image of the vertical direction: ``H(h) = board_h + h * outer(lift, e3)``."""
    wood_ref: np.ndarray
    """Each place's wood points in the calibration frame, ``(places, k, 3)``."""
    classes: Classes
    anchors: AnchorWatch
    method: str
    """``"markers"`` or ``"corners"``."""
    empty_look: EmptyLook | None = None
    """Every hole's look on the empty board, when calibration had a picture of it: what tells a marble
    from an empty hole whatever its colour (see :mod:`vision.occupancy`)."""
    glare: tuple[str, ...] = ()
    """The places under a lamp's reflection on the varnish at calibration: read, but less surely."""
    alike: tuple[str, ...] = ()
    """The seats whose marbles' colours the camera could not tell from another seat's in their reserve."""
    edge: EdgeStrip | None = None
    """The board's edge strip as calibration saw it: a hand over the board crosses it (see
    :mod:`vision.edge_watch`). ``None`` in calibrations saved before it was kept."""
    glow: GlowLook | None = None
    """Each seat's coloured glow beside its marbles, where tinted glass throws one (see
    :mod:`vision.glow`); ``None`` where the seats' glows cannot be told apart (under a low desk lamp),
    without a picture of the empty board, and in calibrations saved before it was learnt."""
    spot: SpotLook | None = None
    """Each seat's bright spot of focused light beside its marbles, where clear glass focuses one (see
    :mod:`vision.caustic`); ``None`` where the seats' spots cannot be told apart or none shows."""

    def warnings(self) -> list[dict[str, str]]:
        """What calibration succeeded despite, in words (fr, en) that say what to do about it."""
        found = []
        if self.glare:
            holes = few(list(self.glare))
            found.append(
                {
                    "code": "glare",
                    "fr": f"Un reflet de lampe couvre les trous {holes} : ils se lisent moins sûrement."
                    " Tournez la lampe ou la caméra, ou mettez un filtre polarisant sur la caméra.",
                    "en": f"A lamp's reflection lies on holes {holes}: they read less surely. Turn the"
                    " lamp or the camera, or put a polarising filter on the camera.",
                }
            )
        if self.alike:
            seats = ", ".join(self.alike)
            found.append(
                {
                    "code": "alike",
                    "fr": f"Les couleurs des billes {seats} se ressemblent pour la caméra : le jeu dira à qui"
                    " elles sont, et demandera quand il ne le peut pas.",
                    "en": f"The marbles of seats {seats} look alike to the camera: the game tells whose they"
                    " are, and asks when it cannot.",
                }
            )
        return found

    def homography_at(self, height_mm: float) -> np.ndarray:
        """Homography from board millimetres at ``height_mm`` above the board surface to pixels."""
        return self.board_h + height_mm * np.outer(self.lift, [0.0, 0.0, 1.0])

    def to_json(self) -> str:
        """The calibration as JSON text."""
        wood = np.ascontiguousarray(self.wood_ref, np.float32)
        return json.dumps(
            {
                "format": FORMAT,
                "model": self.model,
                "size": list(self.size),
                "method": self.method,
                "board_h": self.board_h.tolist(),
                "lift": self.lift.tolist(),
                "wood_ref": {"shape": list(wood.shape), "data": base64.b64encode(wood.tobytes()).decode()},
                "classes": self.classes.to_data(),
                "anchors": self.anchors.to_data(),
                "empty_look": None if self.empty_look is None else self.empty_look.to_data(),
                "glare": list(self.glare),
                "alike": list(self.alike),
                "edge": None if self.edge is None else self.edge.to_data(),
                "glow": None if self.glow is None else self.glow.to_data(),
                "spot": None if self.spot is None else self.spot.to_data(),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Calibration:
        """Read a calibration saved by :meth:`to_json`.

        Raises:
            CalibrationError: the text is not a calibration of this format.
        """
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise CalibrationError(f"calibration format {data.get('format')!r} is not {FORMAT}")
            shape = tuple(data["wood_ref"]["shape"])
            wood = np.frombuffer(base64.b64decode(data["wood_ref"]["data"]), np.float32).reshape(shape)
            return cls(
                model=str(data["model"]),
                size=(int(data["size"][0]), int(data["size"][1])),
                board_h=np.array(data["board_h"], np.float64).reshape(3, 3),
                lift=np.array(data["lift"], np.float64).reshape(3),
                wood_ref=wood.astype(np.float32),
                classes=Classes.from_data(data["classes"]),
                anchors=AnchorWatch.from_data(data["anchors"]),
                method=str(data["method"]),
                empty_look=None
                if data.get("empty_look") is None
                else EmptyLook.from_data(data["empty_look"]),
                glare=tuple(str(p) for p in data.get("glare", ())),
                alike=tuple(str(s) for s in data.get("alike", ())),
                edge=None if data.get("edge") is None else EdgeStrip.from_data(data["edge"]),
                glow=None if data.get("glow") is None else GlowLook.from_data(data["glow"], len(wood)),
                spot=None if data.get("spot") is None else SpotLook.from_data(data["spot"], len(wood)),
            )
        except CalibrationError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise CalibrationError(f"not a saved calibration: {error}") from None


def marble_centre_height(geometry: BoardGeometry) -> float:
    """Height above the board of a resting marble's centre, whose outline is what the camera sees."""
    return geometry.marble_top - geometry.marble_diameter / 2


def calibrate(
    frame: np.ndarray,
    geometry: BoardGeometry,
    layout: Mapping[str, str],
    *,
    corners: np.ndarray | None = None,
    empty: np.ndarray | None = None,
) -> Calibration:
    """Calibrate from one frame of the board with marbles in known places (and one of it empty).

    With a frame of the empty board, every hole's empty look is learnt where it is, so painted seat
    areas (a red reserve is not a red marble) and glare spots on holes are part of what "empty" means
    there, and the marbles are found as what changed between the two frames. Without one, the empty
    look of the holes under the marbles is guessed from the nearest empty holes, which holds on a plain
    board only.

    Args:
        frame: BGR uint8 frame.
        geometry: the board.
        layout: what is on the board (place id -> seat letter); usually the starting layout.
        corners: the board's 4 corners clicked in the frame (top-left, top-right, bottom-right,
            bottom-left of the board as drawn in its geometry), when the markers cannot be used.

    Raises:
        CalibrationError: the board cannot be located, the layout names unknown places, or the frame
            does not look like that layout.
    """
    for image in (frame, empty) if empty is not None else (frame,):
        if (
            not isinstance(image, np.ndarray)
            or image.dtype != np.uint8
            or image.ndim != 3
            or image.shape[2] != 3
        ):
            raise CalibrationError("calibration needs a BGR uint8 frame (height x width x 3)")
    if empty is not None and empty.shape != frame.shape:
        raise CalibrationError("the frames of the empty board and of the marbles differ in size")
    unknown = sorted(set(layout) - set(geometry.place_ids))
    if unknown:
        raise CalibrationError(f"the layout names places not on board {geometry.model}: {', '.join(unknown)}")
    height, width = frame.shape[:2]
    if corners is None:
        markers = find_markers(frame, geometry)
        board_h = _homography(markers, geometry)
        anchor_points = project(board_h, np.array([geometry.marker(i).centre for i in sorted(markers)]))
        method = "markers"
        if empty is not None:
            holes = project(board_h, geometry.centres)
            _check_still(find_markers(empty, geometry, what="the empty board"), markers, holes)
    else:
        clicked = np.asarray(corners, np.float64).reshape(-1, 2)
        if clicked.shape != (4, 2):
            raise CalibrationError("give exactly 4 corners: top-left, top-right, bottom-right, bottom-left")
        board_h = cv2.getPerspectiveTransform(
            geometry.board_corners().astype(np.float32), clicked.astype(np.float32)
        )
        board_h = board_h / board_h[2, 2]
        anchor_points = clicked
        method = "corners"
    lift = measure_lift(frame, geometry, board_h, layout, marble_centre_height(geometry), empty)
    centre_h = board_h + marble_centre_height(geometry) * np.outer(lift, [0.0, 0.0, 1.0])
    plan = SamplePlan(geometry, board_h, centre_h, (width, height))
    if not plan.inside:
        raise CalibrationError(
            "part of the board is outside the picture: move the camera up or back", problem="outside"
        )
    samples = plan.gather(frame)
    labels = [layout.get(p, EMPTY) for p in geometry.place_ids]
    occupied = np.array([label != EMPTY for label in labels])
    empty_values = None
    empty_look = None
    empty_samples = None
    wood_ref = samples.wood
    if empty is not None:
        empty_samples = plan.gather(empty)
        # The wood around a hole looks the same in both pictures unless something lies over it, or a
        # marble next to it casts its shadow or focuses the lamp's light there.
        changed = features(samples, empty_samples.wood, plan.neighbours).covered
        near_marble = plan.adjacent[:, occupied].any(axis=1) | occupied
        hidden = tuple(geometry.place_ids[i] for i in np.flatnonzero(changed & ~near_marble))
        if len(hidden) >= COVERED_PLACES:
            raise CalibrationError(
                f"something covers holes {few(list(hidden))}: keep hands and sleeves off the board",
                problem="covered",
                places=hidden,
            )
        # The wood to measure the light against is the empty board's (no marble's shadow on it),
        # brought to the light of the picture with the marbles.
        ratio = np.median((samples.wood / np.maximum(empty_samples.wood, 1.0))[~near_marble], axis=(0, 1))
        wood_ref = (empty_samples.wood * ratio).astype(np.float32)
        empty_values = features(empty_samples, wood_ref, plan.neighbours).values
        empty_look = _learn_empty_look(plan, samples, empty_samples, wood_ref, occupied, changed)
    # The marbles' own light is the lamp's, whatever shadow their neighbours cast on the wood around them.
    shaded = replace(samples, wood=np.where(occupied[:, None, None], wood_ref, samples.wood))
    feats = features(shaded, wood_ref, plan.neighbours)
    wood_level = float(np.median(samples.wood.mean(axis=2)))
    if wood_level < DARK_LEVEL:
        raise CalibrationError(
            f"the picture is too dark (the board's wood at level {wood_level:.0f} of 255):"
            " more light on the board, or a longer exposure",
            problem="dark",
        )
    try:
        classes = Classes.learn(feats.values, labels, plan.top_px, empty_values)
    except ValueError as error:
        raise CalibrationError(str(error), problem="marbles") from None
    seen = None
    if empty_look is not None:
        gain = feats.around
        seen = empty_look.judge(look(samples), gain)
    verdicts = classify(feats, classes)
    # The lamp's reflection is seen whole on the empty board: marbles hide part of it.
    glare = under_reflection(samples if empty_samples is None else empty_samples)
    mismatch = layout_mismatch(
        geometry, glare, feats, verdicts, labels, seen, plan.marble_radius_px, (width, height)
    )
    if mismatch is not None:
        raise CalibrationError(mismatch.message, problem=mismatch.problem, places=mismatch.places)
    places = geometry.place_ids
    alike = sorted(
        {labels[i] for i in range(len(places)) if labels[i] != EMPTY and not verdicts.seat_sure[i]}
    )
    watch = AnchorWatch.from_frame(frame, anchor_points)
    if watch.size < 2:
        raise CalibrationError(
            "fewer than 2 markers or corners usable to watch the board: too close to the frame's edge"
        )
    outlines = MarbleOutlines(plan.board_px, plan.top_px, plan.marble_radius_px)
    if empty is not None:  # the shade is the change around the marbles since the empty board
        marbles = [i for i, place in enumerate(geometry.place_ids) if place in layout]
        reach = shade_reach(frame, empty, plan.top_px[marbles], plan.marble_radius_px[marbles], plan.top_px)
        outlines = replace(outlines, reach=reach)
    glow = spot = None
    if empty is not None:  # a glow, or a spot, is the change since the empty board
        glow = GlowLook.learn(
            GlowPlan(geometry, board_h, centre_h, (width, height)), empty, frame, layout, places
        )
        spot = SpotLook.learn(
            SpotPlan(geometry, board_h, centre_h, (width, height), shadow_ways(outlines.reach)),
            empty,
            frame,
            layout,
            places,
        )
    return Calibration(
        geometry.model,
        (width, height),
        board_h,
        lift,
        wood_ref,
        classes,
        watch,
        method,
        empty_look,
        glare=tuple(places[i] for i in np.flatnonzero(glare)),
        alike=tuple(alike) if seen is not None else (),
        edge=EdgeStrip.learn(
            frame if empty is None else empty, geometry, board_h, outlines, None if empty is None else frame
        ),
        glow=glow,
        spot=spot,
    )


def _learn_empty_look(
    plan: SamplePlan,
    samples: Samples,
    empty_samples: Samples,
    wood_ref: np.ndarray,
    occupied: np.ndarray,
    changed: np.ndarray,
) -> EmptyLook:
    """Every hole's empty look and how much the marbles change it (see :mod:`vision.occupancy`); the
    empty places whose wood ``changed`` between the two pictures (a hand, a shadow) do not set the empty
    scale.

    Raises:
        CalibrationError: the marbles cannot be told from empty holes in this light.
    """
    empty_gain = features(empty_samples, wood_ref, plan.neighbours).around
    pixels = look(empty_samples) / empty_gain[:, None, :]
    gain = features(samples, wood_ref, plan.neighbours).around
    try:
        return EmptyLook.learn(pixels, pixel_change(look(samples), pixels, gain), occupied, ~changed)
    except ValueError as error:
        raise CalibrationError(
            f"{error}: more light on the board, or a lamp on the other side", problem="marbles"
        ) from None


def find_board(
    frame: np.ndarray, geometry: BoardGeometry, *, what: str = "the board"
) -> tuple[np.ndarray, tuple[int, ...]]:
    """Locate the board by its markers, or say in words why not (which markers, too dark...).

    Returns:
        (homography of the board surface, ids of the markers seen).

    Raises:
        CalibrationError: the picture is too dark or too bright, or too few markers are seen.
    """
    markers = find_markers(frame, geometry, what=what)
    return _homography(markers, geometry), tuple(sorted(markers))


def find_markers(
    frame: np.ndarray, geometry: BoardGeometry, *, what: str = "the board"
) -> dict[int, np.ndarray]:
    """The board's markers seen in a frame (id -> 4 corners in pixels), or say in words why too few are.

    Raises:
        CalibrationError: the picture is too dark or too bright, or too few markers are seen.
    """
    gray_full = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    gray = gray_full[::4, ::4]
    if float(np.mean(gray >= 250)) > BLOWN_SHARE:
        raise CalibrationError(
            "the picture is overexposed (mostly white): less light, or a shorter exposure", problem="bright"
        )
    try:
        return board_markers(frame, geometry)
    except BoardNotFound as error:
        seen, found = error.ids, error.found
    level = float(np.median(gray))
    if level < DARK_LEVEL:
        raise CalibrationError(
            f"the picture is too dark to find {what} (level {level:.0f} of 255): turn on a light",
            problem="dark",
        ) from None
    missing = [m for m in geometry.markers if m.id not in seen]
    names = ", ".join(f"{marker_place(geometry, m.id)} (marker {m.id})" for m in missing)
    reason = why_unread(gray_full, found, geometry.marker_dictionary)
    if reason:
        raise CalibrationError(
            f"cannot find {what}: the markers at the {names} are not seen, and {reason}", problem="markers"
        ) from None
    raise CalibrationError(
        f"cannot find {what}: the markers at the {names} are not seen; uncover them (a hand, a cup,"
        " a sleeve?) and make sure the whole board is in the picture, in focus"
        + (", with more light" if level < 2 * DARK_LEVEL else ""),
        problem="markers",
    ) from None


def _homography(markers: dict[int, np.ndarray], geometry: BoardGeometry) -> np.ndarray:
    try:
        return board_homography(markers, geometry)
    except BoardNotFound as error:
        raise CalibrationError(
            f"{error}: make sure the markers are flat on the board and not damaged", problem="markers"
        ) from None


def _check_still(empty: dict[int, np.ndarray], full: dict[int, np.ndarray], holes: np.ndarray) -> None:
    """Check that the board (or the camera) did not move between the pictures of the empty board and of
    the marbles (``holes``: where the holes are in the second), by the markers seen in both.

    Raises:
        CalibrationError: the holes moved, or no marker is seen in both pictures.
    """
    shift = board_shift(empty, full, holes)
    if shift is None:
        raise CalibrationError(
            "no marker is seen in both the picture of the empty board and the one with the marbles:"
            " uncover the markers (a hand, a cup, a sleeve?) and take both again",
            problem="markers",
        )
    if shift > BOARD_STILL_PX:
        raise CalibrationError(
            f"the board moved by {shift:.0f} px between the picture of the empty board and the one with"
            " the marbles: take both again without touching the board",
            problem="moved",
        )


def marker_place(geometry: BoardGeometry, marker_id: int) -> str:
    """Where a marker is on the board, in words (``"top-left corner"``, ``"right edge"``...)."""
    x, y = geometry.marker(marker_id).centre
    w, h = geometry.size_mm
    row = "top" if y < h / 3 else "bottom" if y > 2 * h / 3 else ""
    column = "left" if x < w / 3 else "right" if x > 2 * w / 3 else ""
    if row and column:
        return f"{row}-{column} corner"
    return f"{row or column} edge" if row or column else "centre"
