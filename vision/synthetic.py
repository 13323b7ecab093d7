"""The synthetic camera: renders a board with marbles the way a real camera above it would see them.

It is the mocked camera of the tests, of the benchmark and of the demo, with the same
``capture()``/``close()`` shape as the hardware camera sources. A pinhole camera looks at the board from
up to 35 degrees off vertical, so marble tops (12.7 mm above the board) are displaced from their holes
exactly as in a photo; light, lens and sensor are simulated on top. Everything random comes from one
``np.random.Generator``: the same seed gives the same frames.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import TracebackType

import cv2
import numpy as np

from firmware_py.engine.board import HOME_SIZE, RESERVE_SIZE, SECTION_LETTERS, home_id, reserve_id
from vision.geometry import BoardGeometry
from vision.render import (
    HandPose,
    MarbleSprite,
    board_texture,
    hand_layers,
    paint_hand,
    random_hand,
    soft_shadow,
)

SEAT_COLOURS_BGR: dict[str, tuple[int, int, int]] = {
    "A": (40, 40, 200),  # red
    "B": (190, 95, 30),  # blue
    "C": (60, 160, 50),  # green
    "D": (40, 205, 235),  # yellow
    "E": (150, 50, 130),  # purple
    "F": (30, 130, 245),  # orange
    "G": (235, 235, 235),  # white
    "H": (30, 30, 30),  # black
}
"""Default marble colour of each seat."""
TEXTURE_PX_PER_MM = 3.0
MAX_TILT = 35.0
BOARD_SHARE = (0.2, 0.9)
"""Range of the board's side as a share of the frame's height."""
WARMTH = {1.0: (0.62, 0.88, 1.0), -1.0: (1.0, 0.95, 0.78)}
"""BGR gains of a warm (tungsten, 2700 K) and a cool (daylight LED, 6500 K) light on a camera whose white
balance was set for neutral light; ``warmth`` between them mixes linearly."""
DRIFT = 0.35
"""Share of the white-balance and exposure error that drifts from frame to frame (the rest is fixed)."""


class CameraClosed(RuntimeError):
    """The synthetic camera was used after ``close()``."""


def board_seats(geometry: BoardGeometry) -> str:
    """Seat letters of a full table on this board (``"ABCD"`` for 4 sections)."""
    return SECTION_LETTERS[: geometry.sections]


def starting_layout(geometry: BoardGeometry, seats: str | None = None) -> dict[str, str]:
    """The layout at the start of a game: every marble of every seat in its reserve."""
    seats = board_seats(geometry) if seats is None else seats
    return {reserve_id(SECTION_LETTERS.index(s), n): s for s in seats for n in range(1, RESERVE_SIZE + 1)}


def random_layout(
    geometry: BoardGeometry, rng: np.random.Generator, seats: str | None = None
) -> dict[str, str]:
    """A plausible mid-game layout: each seat's 4 marbles in its reserve, on the track or at home."""
    seats = board_seats(geometry) if seats is None else seats
    track = [p for p in geometry.place_ids if p[1:].isdigit()] + ["CIEL"]
    layout: dict[str, str] = {}
    for seat in seats:
        section = SECTION_LETTERS.index(seat)
        homes = [home_id(section, n) for n in range(1, HOME_SIZE + 1)]
        reserves = [reserve_id(section, n) for n in range(1, RESERVE_SIZE + 1)]
        for _ in range(RESERVE_SIZE):
            roll = rng.random()
            pool = reserves if roll < 0.3 else homes if roll < 0.45 else track
            free = [p for p in pool if p not in layout] or [p for p in track if p not in layout]
            layout[free[int(rng.integers(len(free)))]] = seat
    return layout


class SyntheticCamera:
    """A camera above a rendered board.

    Args:
        model: board model name (``"tock4"``, ``"tock6"``) or a :class:`BoardGeometry`.
        seed: seed of the generator, when ``rng`` is not given.
        size: (width, height) of the frames.
        tilt: degrees between the camera's axis and the vertical, 0..35.
        rotation: degrees the board is turned in the frame.
        blur: lens blur, Gaussian sigma in pixels.
        noise: sensor noise, standard deviation in 0..255 levels.
        white_balance: largest relative error of each colour channel's gain (0.15 = 15 %); it drifts
            from frame to frame around a per-camera error.
        exposure: largest relative exposure error, drifting likewise.
        glare: number of small glare spots (reflections of bright things on the varnish).
        lamp: a point light beside the board: it lights the board unevenly, makes a specular highlight
            where it reflects in the varnish, a bright point on every glass marble, and marble shadows
            (with a caustic) pointing away from it.
        warmth: colour of the light, -1 (cool daylight LED) .. 0 (neutral) .. 1 (warm tungsten bulb).
        board_share: the board's side as a share of the frame's height (0.85: the board fills the frame,
            0.33: a camera high above it); the board also sits off-centre when it is small.
        painted: each seat's reserve, home lane and start cell painted in (about) the seat's colour.
        shadow: a soft shadow (a person leaning over) somewhere on the board, moving every frame.
        hand: an arm over part of the board in every frame (see :meth:`set_hand`).
        jpeg: JPEG quality 1..100 each frame goes through (colour subsampled, blocky), 0 for none.
        distortion: radial lens distortion ``k1`` (negative: barrel, as in wide-angle Pi cameras), in
            units of the focal length; -0.1 bends the frame's corners by about 2 %.
        colours: seat letter -> BGR marble colour, over the defaults.
        rng: the generator of every random thing; made from ``seed`` when omitted.
    """

    def __init__(
        self,
        model: str | BoardGeometry = "tock4",
        *,
        seed: int = 0,
        size: tuple[int, int] = (1280, 960),
        tilt: float = 0.0,
        rotation: float = 0.0,
        blur: float = 0.0,
        noise: float = 0.0,
        white_balance: float = 0.0,
        exposure: float = 0.0,
        glare: int = 0,
        lamp: bool = False,
        warmth: float = 0.0,
        board_share: float = 0.85,
        painted: bool = False,
        shadow: bool = False,
        hand: bool = False,
        distortion: float = 0.0,
        jpeg: int = 0,
        colours: Mapping[str, tuple[int, int, int]] | None = None,
        rng: np.random.Generator | None = None,
    ) -> None:
        if not 0 <= tilt <= MAX_TILT:
            raise ValueError(f"tilt must be 0..{MAX_TILT:g} degrees, not {tilt}")
        if size[0] < 160 or size[1] < 120:
            raise ValueError(f"frame size {size} is too small (at least 160 x 120)")
        if not BOARD_SHARE[0] <= board_share <= BOARD_SHARE[1]:
            raise ValueError(f"board_share must be {BOARD_SHARE[0]}..{BOARD_SHARE[1]}, not {board_share}")
        if not -1 <= warmth <= 1:
            raise ValueError(f"warmth must be -1..1, not {warmth}")
        self.geometry = model if isinstance(model, BoardGeometry) else BoardGeometry.from_model(model)
        self.size = (int(size[0]), int(size[1]))
        self.rng = rng if rng is not None else np.random.default_rng(seed)
        self._tints: dict[tuple[str, str], np.ndarray] = {}
        self.blur = float(blur)
        self.noise = float(noise)
        self.white_balance = float(white_balance)
        self.exposure = float(exposure)
        self.shadow = bool(shadow)
        self.hand = bool(hand)
        self._hand_over: str | None = None
        self._hand_resting = False
        self._hand_pose: HandPose | None = None
        self.colours = {
            s: np.array(c, np.float32) for s, c in {**SEAT_COLOURS_BGR, **(colours or {})}.items()
        }
        self.layout: dict[str, str] = {}
        self._closed = False
        self._sprite = MarbleSprite()
        self.painted = bool(painted)
        paint = None
        if painted:
            paint = {
                s: np.clip(c * self.rng.uniform(0.7, 1.0) + self.rng.normal(0.0, 10.0, 3), 10, 245)
                for s, c in self.colours.items()
            }
        self._texture = board_texture(self.geometry, TEXTURE_PX_PER_MM, self.rng, paint)
        self._place_xy = {p: np.array(c) for p, c in self.geometry.places.items()}
        self._board_motion = np.eye(3)
        self.board_share = float(board_share)
        self._pose(math.radians(tilt), math.radians(rotation), float(self.rng.uniform(0, 2 * math.pi)))
        self.lamp = bool(lamp)
        self.glare = int(glare)
        self._lamp = self._place_lamp() if lamp else None
        gains = np.array(WARMTH[1.0 if warmth > 0 else -1.0]) if warmth else np.ones(3)
        self._illuminant = (1 + abs(warmth) * (gains - 1)).astype(np.float32)
        self._wb_base = 1 + self.rng.uniform(-1, 1, 3) * self.white_balance
        self._exposure_base = 1 + float(self.rng.uniform(-1, 1)) * self.exposure
        self._drift = np.zeros(4)
        self._glare = self._glare_field(int(glare))
        self._vignette = self._vignette_field()
        self._noise_tile = self.rng.standard_normal((self.size[1] + 32, self.size[0] + 32, 3)).astype(
            np.float32
        )
        self.distortion = float(distortion)
        if not 0 <= jpeg <= 100:
            raise ValueError(f"jpeg quality must be 0 (none) or 1..100, not {jpeg}")
        self.jpeg = int(jpeg)
        self._lens_maps = self._lens_remap() if self.distortion else None
        self._base = self._render_base()
        self._lamp_fields = self._lamp_light() if self._lamp is not None else None

    # -- camera geometry ------------------------------------------------------------------------

    def _pose(self, tilt: float, rotation: float, azimuth: float) -> None:
        width, height = self.size
        self._focal = 1.0 * width
        self._k = np.array([[self._focal, 0, width / 2], [0, self._focal, height / 2], [0, 0, 1]])
        distance = self._focal * max(self.geometry.size_mm) / (self.board_share * height)
        # A small board need not sit in the middle of the frame: aim the camera off its centre.
        room = np.array([width, height]) * distance / self._focal / 2 - max(self.geometry.size_mm) / 2
        aim = np.append(self.rng.uniform(-0.7, 0.7, 2) * np.maximum(room, 0.0), 0.0)
        for _ in range(40):
            camera = aim + distance * np.array(
                [math.sin(tilt) * math.cos(azimuth), math.sin(tilt) * math.sin(azimuth), -math.cos(tilt)]
            )
            forward = (aim - camera) / np.linalg.norm(aim - camera)
            right = np.cross([0.0, 1.0, 0.0], forward)
            right /= np.linalg.norm(right)
            down = np.cross(forward, right)
            c, s = math.cos(rotation), math.sin(rotation)
            right, down = c * right + s * down, -s * right + c * down
            self._rotation = np.vstack([right, down, forward])
            self._camera = camera
            quad = self.board_quad()
            margin = 0.04 * width
            if (
                quad.min() > margin
                and (quad[:, 0].max() < width - margin)
                and quad[:, 1].max() < height - margin
            ):
                return
            distance *= 1.05
            aim *= 0.8

    def homography(self, height_mm: float = 0.0) -> np.ndarray:
        """The true homography from board millimetres at ``height_mm`` above the board to pixels."""
        cx, cy = self.geometry.size_mm[0] / 2, self.geometry.size_mm[1] / 2
        r = self._rotation
        world = self._k @ np.column_stack(
            [r[:, 0], r[:, 1], r @ (np.array([0.0, 0.0, -height_mm]) - self._camera)]
        )
        centred = np.array([[1.0, 0, -cx], [0, 1.0, -cy], [0, 0, 1]])
        h = world @ self._board_motion @ centred
        return np.asarray(h / h[2, 2])

    def project(self, points_mm: np.ndarray, height_mm: float = 0.0) -> np.ndarray:
        """Where board points at ``height_mm`` land in the frame, lens distortion included, ``(n, 2)``."""
        undistorted = _apply(self.homography(height_mm), np.asarray(points_mm, np.float64))
        centre = np.array(self.size, np.float64) / 2
        offset = (undistorted - centre) / self._focal
        r2 = (offset**2).sum(axis=1, keepdims=True)
        return np.asarray(centre + offset * (1 + self.distortion * r2) * self._focal)

    def _lens_remap(self) -> tuple[np.ndarray, np.ndarray]:
        """Maps from each distorted frame pixel to the pinhole image (first-order inverse of ``k1``)."""
        width, height = self.size
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        cx, cy, f = width / 2, height / 2, self._focal
        u, v = (xs - cx) / f, (ys - cy) / f
        scale = 1 / (1 + self.distortion * (u * u + v * v))
        return (cx + u * scale * f).astype(np.float32), (cy + v * scale * f).astype(np.float32)

    def board_quad(self) -> np.ndarray:
        """The board's 4 corners in the frame, ``(4, 2)``."""
        return _apply(self.homography(), self.geometry.board_corners())

    def move_board(self, dx_mm: float, dy_mm: float, degrees: float = 0.0) -> None:
        """Slide and turn the board on the table (someone bumped it); the camera stays where it is."""
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        self._board_motion = np.array([[c, -s, dx_mm], [s, c, dy_mm], [0, 0, 1.0]]) @ self._board_motion
        self._base = self._render_base()
        self._lamp_fields = self._lamp_light() if self._lamp is not None else None

    # -- the scene ------------------------------------------------------------------------------

    def set_layout(self, layout: Mapping[str, str]) -> None:
        """Put marbles on the board: place id -> seat letter (empty places absent).

        Raises:
            ValueError: an unknown place id or a seat without a colour.
        """
        for place, seat in layout.items():
            if place not in self._place_xy:
                raise ValueError(f"{place!r} is not a place of board {self.geometry.model}")
            if seat not in self.colours:
                raise ValueError(f"seat {seat!r} has no marble colour (seats are A..H)")
        self.layout = dict(layout)

    def set_hand(self, present: bool, *, over: str | None = None, resting: bool = False) -> None:
        """Put a hand over the board or take it away.

        Args:
            present: a hand in the frames from now on, or none.
            over: a place id the fingers lie over (else anywhere over the board).
            resting: the hand keeps its pose from frame to frame (a pixel of tremor), else it takes a
                new pose at every frame (a hand moving marbles).

        Raises:
            ValueError: ``over`` is not a place of the board.
        """
        if over is not None and over not in self._place_xy:
            raise ValueError(f"{over!r} is not a place of board {self.geometry.model}")
        if (over, resting) != (self._hand_over, self._hand_resting) or not present:
            self._hand_pose = None
        self.hand = bool(present)
        self._hand_over = over
        self._hand_resting = bool(resting)

    def capture(self) -> np.ndarray:
        """Render the next frame.

        Returns:
            A BGR uint8 image of ``size``.

        Raises:
            CameraClosed: after :meth:`close`.
        """
        if self._closed:
            raise CameraClosed("the synthetic camera is closed")
        frame = self._base.copy()
        light = self._vignette
        if self.shadow:
            light = light * self._shadow_field()
        extra = self._draw_marbles(frame)
        if self._lamp_fields is not None:
            light = light * self._lamp_fields[0]
            extra = self._lamp_fields[1][..., None] + (extra if extra is not None else 0.0)
        if self.hand:
            alpha, colour = hand_layers(self.size, self._next_hand(), self._px_per_mm())
            offset = self.rng.uniform(4, 25, 2)
            cast = cv2.warpAffine(
                alpha, np.array([[1, 0, offset[0]], [0, 1, offset[1]]], np.float32), self.size
            )
            light = light * (1 - 0.45 * cv2.GaussianBlur(cast, (0, 0), 8))
            if extra is not None:
                extra *= (1 - alpha)[..., None]
            paint_hand(frame, alpha, colour)
        frame *= light[..., None]
        if self._glare is not None:
            frame += self._glare[..., None]
        if extra is not None:
            frame += extra
        frame *= self._illuminant[None, None, :]
        # White balance and exposure drift as a camera's automatic controls do: a slow random walk.
        self._drift = np.clip(0.95 * self._drift + self.rng.normal(0.0, 0.15, 4), -1.0, 1.0)
        gains = self._wb_base * (1 + DRIFT * self._drift[:3] * self.white_balance)
        gains *= self._exposure_base * (1 + DRIFT * float(self._drift[3]) * self.exposure)
        frame *= gains.astype(np.float32)[None, None, :]
        if self.blur > 0:
            frame = cv2.GaussianBlur(frame, (0, 0), self.blur)
        if self.noise > 0:
            dx, dy = (int(v) for v in self.rng.integers(0, 32, 2))
            frame += self.noise * self._noise_tile[dy : dy + self.size[1], dx : dx + self.size[0]]
        image: np.ndarray = np.clip(frame, 0, 255).astype(np.uint8)
        if self._lens_maps is not None:
            image = cv2.remap(image, *self._lens_maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        if self.jpeg:
            _, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.jpeg])
            decoded = cv2.imdecode(data, cv2.IMREAD_COLOR)
            if decoded is None:
                raise RuntimeError(f"OpenCV could not decode its own JPEG at quality {self.jpeg}")
            image = decoded
        return image

    def close(self) -> None:
        """Stop the camera; :meth:`capture` then raises :class:`CameraClosed`."""
        self._closed = True

    def __enter__(self) -> SyntheticCamera:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    # -- rendering ------------------------------------------------------------------------------

    def _px_per_mm(self) -> float:
        quad = self.board_quad()
        return float(np.linalg.norm(quad[1] - quad[0]) / self.geometry.size_mm[0])

    def _render_base(self) -> np.ndarray:
        width, height = self.size
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        table = np.empty((height, width, 3), np.float32)
        ripple = 1 + 0.05 * np.sin(xs / 53.0) * np.sin(ys / 71.0)
        for c in range(3):
            table[..., c] = (70.0, 74.0, 80.0)[c] * ripple
        to_texture = np.diag([1 / TEXTURE_PX_PER_MM, 1 / TEXTURE_PX_PER_MM, 1.0])
        return cv2.warpPerspective(
            self._texture,
            self.homography() @ to_texture,
            self.size,
            dst=table,
            flags=cv2.INTER_AREA if self._px_per_mm() < TEXTURE_PX_PER_MM * 0.7 else cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_TRANSPARENT,
        )

    def _world(self, xy: np.ndarray, height_mm: float) -> np.ndarray:
        """World points (the camera's frame of reference, z pointing down) of board points at a height."""
        w, h = self.geometry.size_mm
        centred = np.array([[1.0, 0, -w / 2], [0, 1.0, -h / 2], [0, 0, 1]])
        flat = np.column_stack([xy, np.ones(len(xy))]) @ (self._board_motion @ centred).T
        return np.column_stack([flat[:, 0], flat[:, 1], np.full(len(xy), -height_mm)])

    def _image(self, world: np.ndarray) -> np.ndarray:
        """Pixels of world points (pinhole, before lens distortion)."""
        p = (world - self._camera) @ self._rotation.T @ self._k.T
        return np.asarray(p[:, :2] / p[:, 2:3])

    def _tint(self, place: str, seat: str) -> np.ndarray:
        """A marble's own shade of its seat's colour (glass and paint vary by 7 % a channel): drawn when a
        marble of that seat first lies in that hole, and the same in every frame after, as a real
        marble's (a colour that changed from frame to frame would look like a marble swapped)."""
        key = (place, seat)
        if key not in self._tints:
            self._tints[key] = self.rng.uniform(0.93, 1.07, 3).astype(np.float32)
        return self._tints[key]

    def _draw_marbles(self, frame: np.ndarray) -> np.ndarray | None:
        """Draw the marbles and their shadows; under a lamp, also return the light they change (their
        highlights and the caustics of the glass, less the varnish's reflection they hide), which the
        scene's light must not dim."""
        if not self.layout:
            return None
        places = list(self.layout)
        xy = np.array([self._place_xy[p] for p in places])
        radius_mm = self.geometry.marble_diameter / 2
        centre_h = self.geometry.marble_top - radius_mm
        centres = _apply(self.homography(centre_h), xy)
        points = self._world(xy, centre_h)
        depth = (points - self._camera) @ self._rotation[2]
        radii = self._focal * radius_mm / depth
        jitter = np.array([self._tint(p, self.layout[p]) for p in places])
        colours = [self.colours[self.layout[p]] * jitter[i] for i, p in enumerate(places)]
        if self._lamp is None:
            floor = _apply(self.homography(0.0), xy)
            shadows = np.column_stack([floor[:, 0] + 0.25 * radii, floor[:, 1] + 0.3 * radii])
        else:
            lamp = self._lamp[:3]
            along = lamp[2] / (lamp[2] - points[:, 2])
            shadows = self._image(lamp + along[:, None] * (points - lamp))
        for i in np.argsort(-depth):
            r = float(radii[i])
            soft_shadow(frame, (shadows[i, 0], shadows[i, 1]), (1.05 * r, 0.95 * r), 0.45)
        coverage = None if self._lamp is None else np.zeros((self.size[1], self.size[0]), np.float32)
        for i in np.argsort(-depth):
            centre = (float(centres[i, 0]), float(centres[i, 1]))
            self._sprite.draw(frame, centre, float(radii[i]), colours[i], coverage)
        if self._lamp is None or coverage is None or self._lamp_fields is None:
            return None
        # The marbles hide the varnish's reflection of the lamp; each reflects it at one point instead.
        extra = (-self._lamp_fields[1] * coverage)[..., None].repeat(3, axis=2)
        strength = float(self._lamp[3])
        to_lamp = self._lamp[:3] - points
        to_camera = self._camera - points
        halfway = to_lamp / np.linalg.norm(to_lamp, axis=1, keepdims=True) + to_camera / np.linalg.norm(
            to_camera, axis=1, keepdims=True
        )
        halfway /= np.linalg.norm(halfway, axis=1, keepdims=True)
        highlights = self._image(points + radius_mm * halfway)
        for i in range(len(places)):
            r = float(radii[i])
            _add_spot(extra, highlights[i], 0.09 * r, np.full(3, 2.5 * strength, np.float32))
            _add_spot(extra, shadows[i], 0.3 * r, colours[i] * np.float32(0.5 * strength / 255))
        return extra

    def _place_lamp(self) -> np.ndarray:
        """A lamp beside and above the board: world position and its specular strength (levels)."""
        angle = float(self.rng.uniform(0, 2 * math.pi))
        reach = float(self.rng.uniform(80, 450))
        height = float(self.rng.uniform(350, 900))
        strength = float(self.rng.uniform(90, 260))
        return np.array([reach * math.cos(angle), reach * math.sin(angle), -height, strength])

    def _lamp_light(self) -> tuple[np.ndarray, np.ndarray]:
        """The lamp's light over the frame: (diffuse gain, specular highlight in levels).

        Diffuse light falls with the cosine and the square of the distance; the varnish reflects the
        lamp as a Blinn-Phong lobe around the mirror point, its spread set by the varnish's gloss.
        """
        assert self._lamp is not None
        width, height = self.size
        small = (width // 4, height // 4)
        ys, xs = np.mgrid[0 : small[1], 0 : small[0]].astype(np.float64) * 4 + 1.5
        r = self._rotation
        plane = self._k @ np.column_stack([r[:, 0], r[:, 1], -r @ self._camera])
        world = np.linalg.inv(plane) @ np.vstack([xs.ravel(), ys.ravel(), np.ones(xs.size)])
        points = np.column_stack([world[0] / world[2], world[1] / world[2], np.zeros(xs.size)])
        to_lamp = self._lamp[:3] - points
        distance = np.linalg.norm(to_lamp, axis=1)
        up = -to_lamp[:, 2] / distance
        diffuse = np.clip(up, 0, None) / distance**2
        board = np.zeros(small[::-1], np.uint8)
        cv2.fillConvexPoly(board, np.rint(self.board_quad() / 4).astype(np.int32), 1)
        on_board = board.ravel() > 0
        diffuse = diffuse / np.median(diffuse[on_board])
        ambient = float(self.rng.uniform(0.45, 0.75))
        gain = (ambient + (1 - ambient) * diffuse).reshape(small[::-1]).astype(np.float32)
        to_camera = self._camera - points
        halfway = to_lamp / distance[:, None] + to_camera / np.linalg.norm(to_camera, axis=1, keepdims=True)
        cosine = np.clip(-halfway[:, 2] / np.linalg.norm(halfway, axis=1), 0, 1)
        gloss = float(self.rng.uniform(150, 1500))
        specular = (self._lamp[3] * cosine**gloss * on_board).reshape(small[::-1]).astype(np.float32)
        return (
            cv2.resize(gain, self.size, interpolation=cv2.INTER_LINEAR),
            cv2.resize(specular, self.size, interpolation=cv2.INTER_LINEAR),
        )

    def _next_hand(self) -> HandPose:
        """This frame's hand: the resting one with a pixel of tremor, or a new pose."""
        if self._hand_resting and self._hand_pose is not None:
            return self._hand_pose.moved(self.rng.normal(0.0, 0.6, 2))
        ppm = self._px_per_mm()
        if self._hand_over is not None:
            lying = self.geometry.marble_top + 6.0  # fingers lie on the marbles
            tip = _apply(self.homography(lying), self._place_xy[self._hand_over][None])[0]
            tip = tip + self.rng.normal(0.0, 0.25 * self.geometry.pitch_mm * ppm, 2)
        else:
            tip = self.rng.dirichlet(np.ones(4)) @ self.board_quad()
        self._hand_pose = random_hand(self.size, self.rng, tip, ppm)
        return self._hand_pose

    def _vignette_field(self) -> np.ndarray:
        width, height = self.size
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        r2 = ((xs - width / 2) ** 2 + (ys - height / 2) ** 2) / (width / 2) ** 2
        tilt = self.rng.uniform(-0.08, 0.08, 2).astype(np.float32)
        slope = 1 + tilt[0] * (xs / width - 0.5) + tilt[1] * (ys / height - 0.5)
        return np.asarray((1 - 0.12 * r2) * slope)

    def _glare_field(self, spots: int) -> np.ndarray | None:
        if spots <= 0:
            return None
        width, height = self.size
        field = np.zeros((height, width), np.float32)
        quad = self.board_quad()
        for _ in range(spots):
            x, y = self.rng.dirichlet(np.ones(4)) @ quad
            cv2.circle(
                field, (int(x), int(y)), int(self.rng.uniform(6, 18)), float(self.rng.uniform(60, 140)), -1
            )
        return cv2.GaussianBlur(field, (0, 0), float(self.rng.uniform(8, 16)))

    def _shadow_field(self) -> np.ndarray:
        width, height = self.size
        mask = np.zeros((height // 4, width // 4), np.float32)
        quad = self.board_quad() / 4
        centre = self.rng.dirichlet(np.ones(4)) @ quad
        axes = (int(self.rng.uniform(40, 90)), int(self.rng.uniform(20, 50)))
        cv2.ellipse(
            mask, (int(centre[0]), int(centre[1])), axes, float(self.rng.uniform(0, 180)), 0, 360, 1.0, -1
        )
        soft = cv2.GaussianBlur(mask, (0, 0), float(self.rng.uniform(4, 10)))
        strength = float(self.rng.uniform(0.25, 0.5))
        return 1 - strength * cv2.resize(soft, self.size, interpolation=cv2.INTER_LINEAR)


def _add_spot(layer: np.ndarray, centre: np.ndarray, sigma: float, bgr: np.ndarray) -> None:
    """Add a small Gaussian spot of peak ``bgr`` to ``layer`` (a highlight, a caustic)."""
    half = int(np.ceil(3 * sigma)) + 1
    x0, y0 = int(round(centre[0])) - half, int(round(centre[1])) - half
    if x0 < 0 or y0 < 0 or x0 + 2 * half + 1 > layer.shape[1] or y0 + 2 * half + 1 > layer.shape[0]:
        return
    yy, xx = np.mgrid[0 : 2 * half + 1, 0 : 2 * half + 1].astype(np.float32)
    d2 = (xx + x0 - centre[0]) ** 2 + (yy + y0 - centre[1]) ** 2
    layer[y0 : y0 + 2 * half + 1, x0 : x0 + 2 * half + 1] += (
        np.exp(-d2 / (2 * sigma * sigma))[..., None] * bgr
    )


def _apply(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Apply a homography to ``(n, 2)`` points."""
    p = np.column_stack([points, np.ones(len(points))]) @ h.T
    return np.asarray(p[:, :2] / p[:, 2:3])
