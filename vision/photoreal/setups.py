"""Set-ups of the photoreal camera: a marble material, a light, a camera pose and a sensor, from a seed.

The seeds are split once, here: :data:`TUNING_SEEDS` may be looked at, tuned on and committed as test
frames; :data:`HELD_OUT_SEEDS` and :data:`FINAL_SEEDS` are only measured (``make bench``), so the figures
say how the reader does on set-ups it was never adjusted to.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import asdict, dataclass, replace
from typing import Any

import numpy as np

from vision.geometry import BoardGeometry
from vision.photoreal.camera import LensCamera, place_camera

MATERIALS = ("clear", "catseye", "milky", "wood", "peg")
"""Clear tinted glass, cat's-eye glass (clear with coloured vanes), milky glass, painted wooden balls,
painted wooden pegs."""
LIGHTS = ("ceiling", "desk", "window", "evening")
"""A ceiling lamp high above, a low desk lamp beside the board (long shadows, caustics, glare on the
varnish), daylight from a window, a dim warm evening lamp far away."""
TUNING_SEEDS = range(0, 500)
"""Seeds the reader may be tuned on (the committed test frames come from these)."""
HELD_OUT_SEEDS = range(1000, 1500)
"""Seeds only measured, never tuned on (seed 1000 of every pair was measured so often while the reader
changed that its figures are no longer a final word)."""
FINAL_SEEDS = range(2000, 2500)
"""Seeds of the final measurement: rendered and measured by ``make bench``, their frames never looked at
and nothing tuned after seeing their figures."""
FRAME_SIZE = (1280, 960)
"""The frames the reader was tuned on (the Raspberry Pi camera's default here); a set-up of another size
(a webcam's 1280 x 720 or 640 x 480) says so in its name."""
FRAME_SIZES = (320, 4096)
"""Least and most pixels of a rendered frame's side."""
DEFAULT_MODEL = "tock4"
"""The board the reader was tuned on (four seats)."""
SEAT_TINTS = {
    "A": (0.80, 0.05, 0.04),  # red
    "B": (0.05, 0.16, 0.80),  # blue
    "C": (0.07, 0.55, 0.09),  # green
    "D": (0.92, 0.72, 0.04),  # yellow
    "E": (0.40, 0.06, 0.55),  # purple
    "F": (0.95, 0.30, 0.02),  # orange
    "G": (0.85, 0.85, 0.85),  # white
    "H": (0.03, 0.03, 0.03),  # black
}
"""Linear RGB of each seat's colour (paint, glass tint, cat's-eye vanes): the set the reader was tuned on."""
WOODS = {
    "walnut": (0.15, 0.085, 0.045),  # a dark stain
    "birch": (0.75, 0.58, 0.38),  # pale plywood
    "cherry": (0.42, 0.14, 0.07),  # a red stain, near the red marbles
}
"""Linear RGB of boards of other woods than the maple the reader was tuned on (:class:`Wood`'s tone,
0.50, 0.30, 0.13 with each channel 0.8 to 1.1 times): Tock boards are sold and made in all of these."""
HUE_TURN = 10 / 360
"""Most a :func:`recoloured` set turns a seat's hue (a turn of the colour wheel): the four seats' hues lie
45.6 degrees apart or more (red and yellow), so each stays nearest its own, as every set sold is told apart
at a glance."""
SKIN_TONES = (
    (0.88, 0.54, 0.39),
    (0.75, 0.41, 0.26),
    (0.56, 0.24, 0.12),
    (0.27, 0.09, 0.04),
    (0.11, 0.04, 0.017),
    (0.045, 0.019, 0.011),
)
"""Linear RGB of skin, from light to dark."""

KELVIN_RGB = {
    2700: (1.0, 0.60, 0.30),
    3000: (1.0, 0.66, 0.40),
    4000: (1.0, 0.80, 0.62),
    6500: (0.94, 1.0, 1.08),
}
"""Linear RGB of black-body light at a few colour temperatures (white balance is the camera's job)."""


def light_colour(kelvin: float) -> np.ndarray:
    """Linear RGB of light of a colour temperature, interpolated in :data:`KELVIN_RGB`."""
    keys = sorted(KELVIN_RGB)
    k = float(np.clip(kelvin, keys[0], keys[-1]))
    return np.array([np.interp(k, keys, [KELVIN_RGB[t][c] for t in keys]) for c in range(3)])


@dataclass(frozen=True)
class Lamp:
    """The main light and the room's fill light."""

    kind: str
    position: tuple[float, float, float]
    """World millimetres (z is minus the height above the board)."""
    kelvin: float
    power: float
    size_mm: float
    """Side of the area light (the bulb, the lamp's shade, the window)."""
    fade_mm: float
    """Distance at which the light has fallen to half (inverse-square beyond)."""
    glow: float
    """Radiance of the lamp itself as seen in the varnish and in glass, against its light's colour."""
    caustics: bool
    """Trace photons through glass (the bright spots a low lamp throws beside marbles)."""
    fill: float
    """The room's bounced light, against the main light at the board's centre."""
    fill_kelvin: float
    fill_turn: float
    sky: tuple[float, float, float]
    """What the room looks like in reflections (linear RGB)."""


@dataclass(frozen=True)
class Wood:
    """The board's wood (maple, unless :func:`restained`): its tone (linear RGB) and grain."""

    tone: tuple[float, float, float]
    ring_mm: float
    centre: tuple[float, float]
    """Where the tree's axis runs (y and z of a line along x), which bends the grain."""


@dataclass(frozen=True)
class Sensor:
    """The camera's sensor and processing."""

    analog_gain: float
    """1 in good light; a dim room needs more gain, hence more noise."""
    blur_px: float
    """Lens and anti-alias blur, Gaussian sigma in pixels."""
    vignette: float
    """Light lost at the frame's corner."""
    awb_strength: float
    """How far automatic white balance corrects the light's colour (1: fully)."""
    jpeg: int = 85


@dataclass(frozen=True)
class Hand:
    """A hand over the board: resting (its fingertips on the board or on a marble) or hovering."""

    over: str
    tip: tuple[float, float, float]
    azimuth: float
    """Direction the arm reaches in along, radians in the board's x-y plane."""
    palm_mm: tuple[float, float]
    finger_mm: float
    spread: float
    thumb: int
    skin: tuple[float, float, float]
    sleeve: tuple[float, float, float] | None
    resting: bool


@dataclass(frozen=True)
class Setup:
    """Everything fixed for one camera above one board."""

    seed: int
    material: str
    light: str
    camera: LensCamera
    lamp: Lamp
    wood: Wood
    sensor: Sensor
    later_lamp: Lamp | None = None
    """The light the game is played in after calibration, when a lamp was switched on or off since
    (``None``: calibration's light throughout)."""
    tints: tuple[tuple[str, tuple[float, float, float]], ...] = ()
    """Seats whose marbles are of other colours than :data:`SEAT_TINTS` (see :func:`recoloured`)."""
    model: str = DEFAULT_MODEL
    """The board model (``hardware/boards``); a set-up of another than :data:`DEFAULT_MODEL` says so in
    its name, as the same seed on two boards makes two set-ups."""
    stain: str = ""
    """The board's wood when it is another than the maple tuned on (a name of :data:`WOODS`, see
    :func:`restained`), else ``""``."""

    @property
    def name(self) -> str:
        later = "" if self.later_lamp is None else f"-to-{self.later_lamp.kind}"
        other = f"-{self.stain}" if self.stain else ""
        other += "-recoloured" if self.tints else ""
        board = "" if self.model == DEFAULT_MODEL else f"-{self.model}"
        width, height = self.camera.size
        frame = "" if (width, height) == FRAME_SIZE else f"-{width}x{height}"
        return f"{self.material}-{self.light}{later}{other}{board}{frame}-{self.seed}"

    def tint(self, seat: str) -> tuple[float, float, float]:
        """Linear RGB of ``seat``'s marbles."""
        return dict(self.tints).get(seat, SEAT_TINTS[seat])

    @property
    def held_out(self) -> bool:
        return self.seed in HELD_OUT_SEEDS or self.seed in FINAL_SEEDS

    def to_data(self) -> dict[str, Any]:
        """The set-up's parameters as JSON data (the ground truth files keep them)."""
        data = asdict(self)
        data["camera"] = {
            "size": list(self.camera.size),
            "focal_px": self.camera.focal,
            "position_mm": list(self.camera.position),
            "height_mm": -self.camera.position[2],
            "tilt_deg": math.degrees(math.acos(max(-1.0, min(1.0, self.camera.rotation[2][2])))),
            "rotation": [list(r) for r in self.camera.rotation],
            "k1": self.camera.k1,
            "corner_shift": self.camera.corner_shift(),
        }
        data["held_out"] = self.held_out
        return data


def frame_size_problem(size: tuple[int, int]) -> str:
    """Why frames of ``size`` cannot be rendered (a side out of :data:`FRAME_SIZES`), or ``""``."""
    if all(FRAME_SIZES[0] <= side <= FRAME_SIZES[1] for side in size):
        return ""
    return f"{size[0]}x{size[1]}: each side from {FRAME_SIZES[0]} to {FRAME_SIZES[1]} pixels"


def make_setup(
    geometry: BoardGeometry, material: str, light: str, seed: int, *, size: tuple[int, int] = FRAME_SIZE
) -> Setup:
    """The set-up of a seed for a material and a light (the same arguments always give the same set-up),
    seen in frames of ``size``: the same pose, lamp and game for every size, the lens's focal length
    fitted to the frame.

    Raises:
        ValueError: an unknown material or light, or a frame size out of :data:`FRAME_SIZES`.
    """
    problem = frame_size_problem(size)
    if problem:
        raise ValueError(problem)
    if material not in MATERIALS:
        raise ValueError(f"unknown marble material {material!r} (one of {', '.join(MATERIALS)})")
    if light not in LIGHTS:
        raise ValueError(f"unknown light {light!r} (one of {', '.join(LIGHTS)})")
    rng = np.random.default_rng([seed, MATERIALS.index(material), LIGHTS.index(light), 20])
    camera = place_camera(
        geometry,
        size,
        rng,
        height_mm=float(rng.uniform(290, 450)),
        tilt_deg=float(rng.uniform(0, 15)),
        corner_shift=float(rng.uniform(0.04, 0.2)),
    )
    lamp = _lamp(geometry, light, rng)
    wood = Wood(
        tone=tuple(float(v) for v in np.array([0.50, 0.30, 0.13]) * rng.uniform(0.8, 1.1, 3)),  # type: ignore[arg-type]
        ring_mm=float(rng.uniform(2.5, 6.0)),
        centre=(float(rng.uniform(-900, -300)), float(rng.uniform(150, 600))),
    )
    gain = float(rng.uniform(6, 12)) if light == "evening" else float(rng.uniform(1, 2.5))
    sensor = Sensor(
        analog_gain=gain,
        blur_px=float(rng.uniform(0.5, 0.9)),
        vignette=float(rng.uniform(0.1, 0.35)),
        awb_strength=float(rng.uniform(0.6, 0.9)),
    )
    return Setup(seed, material, light, camera, lamp, wood, sensor, model=geometry.model)


def relit(geometry: BoardGeometry, setup: Setup, light: str) -> Setup:
    """``setup`` with the game played in another ``light`` than calibration's (the camera's exposure and
    colour stay as calibration locked them).

    Raises:
        ValueError: an unknown light, or calibration's own.
    """
    if light not in LIGHTS or light == setup.light:
        others = [v for v in LIGHTS if v != setup.light]
        raise ValueError(f"the light after calibration must be another one: {', '.join(others)}")
    rng = np.random.default_rng(
        [setup.seed, MATERIALS.index(setup.material), LIGHTS.index(setup.light), LIGHTS.index(light), 99]
    )
    return replace(setup, later_lamp=_lamp(geometry, light, rng))


def recoloured(setup: Setup) -> Setup:
    """``setup`` with a marble set of other colours than the one the reader was tuned on, as sets sold
    differ (crimson or orange-red, navy or sky blue, lime or bottle green, lemon or amber; pale tints and
    deep ones): each seat's colour turned in hue by up to :data:`HUE_TURN`, its saturation kept at 55 to
    100 %, its brightness at 50 to 110 % (at most full)."""
    rng = np.random.default_rng([setup.seed, MATERIALS.index(setup.material), LIGHTS.index(setup.light), 77])
    tints = []
    for seat, rgb in SEAT_TINTS.items():
        hue, saturation, value = colorsys.rgb_to_hsv(*rgb)
        hue = (hue + rng.uniform(-HUE_TURN, HUE_TURN)) % 1.0
        saturation *= rng.uniform(0.55, 1.0)
        value = min(1.0, value * rng.uniform(0.5, 1.1))
        red, green, blue = (round(float(c), 4) for c in colorsys.hsv_to_rgb(hue, saturation, value))
        tints.append((seat, (red, green, blue)))
    return replace(setup, tints=tuple(tints))


def restained(setup: Setup) -> Setup:
    """``setup`` on a board of another wood than the maple the reader was tuned on: one of :data:`WOODS`,
    each channel 0.85 to 1.1 times, its grain, camera, lamp and marbles kept."""
    rng = np.random.default_rng([setup.seed, MATERIALS.index(setup.material), LIGHTS.index(setup.light), 55])
    stain = sorted(WOODS)[int(rng.integers(len(WOODS)))]
    tone = np.array(WOODS[stain]) * rng.uniform(0.85, 1.1, 3)
    red, green, blue = (round(float(c), 4) for c in tone)
    return replace(setup, wood=replace(setup.wood, tone=(red, green, blue)), stain=stain)


def _lamp(geometry: BoardGeometry, light: str, rng: np.random.Generator) -> Lamp:
    cx, cy = geometry.size_mm[0] / 2, geometry.size_mm[1] / 2
    turn = float(rng.uniform(0, 2 * math.pi))
    fill_turn = float(rng.uniform(0, 2 * math.pi))
    if light == "ceiling":
        reach, height, kelvin, size, glow, fill = (
            rng.uniform(0, 600),
            rng.uniform(1300, 1700),
            rng.uniform(3000, 4200),
            300.0,
            6.0,
            0.35,
        )
    elif light == "desk":
        reach, height, kelvin, size, glow, fill = (
            rng.uniform(280, 450),
            rng.uniform(180, 380),
            rng.uniform(2700, 3200),
            30.0,
            60.0,
            0.08,
        )
    elif light == "window":
        elevation = rng.uniform(math.radians(15), math.radians(40))
        reach, height = 3000 * math.cos(elevation), 3000 * math.sin(elevation)
        kelvin, size, glow, fill = 6500.0, 900.0, 4.0, 0.3
    else:  # evening: one dim warm lamp across the room
        reach, height, kelvin, size, glow, fill = (
            rng.uniform(1000, 1800),
            rng.uniform(1100, 1600),
            2700.0,
            200.0,
            10.0,
            0.12,
        )
    position = (cx + float(reach) * math.cos(turn), cy + float(reach) * math.sin(turn), -float(height))
    distance = math.hypot(float(reach), float(height))
    fade = distance / 3
    # the light at the board's centre is 1 (before exposure), whatever the lamp's distance
    power = (1 + (distance / fade) ** 2) / 2
    sky_level = {"ceiling": 0.25, "desk": 0.05, "window": 0.45, "evening": 0.04}[light]
    fill_kelvin = 6500.0 if light == "window" else float(kelvin)
    sky = tuple(float(v) for v in light_colour(fill_kelvin) * sky_level)
    return Lamp(
        kind=light,
        position=position,
        kelvin=float(kelvin),
        power=power,
        size_mm=size,
        fade_mm=fade,
        glow=glow,
        caustics=light == "desk",
        fill=fill,
        fill_kelvin=fill_kelvin,
        fill_turn=fill_turn,
        sky=sky,  # type: ignore[arg-type]
    )


def make_hand(
    geometry: BoardGeometry, over: str, rng: np.random.Generator, *, resting: bool, on_marble: bool
) -> Hand:
    """A hand whose middle fingertip is over place ``over``: resting on the marble there (or on the board
    when the place is empty), or hovering 40 to 130 mm above it."""
    x, y = geometry.places[over]
    cx, cy = geometry.size_mm[0] / 2, geometry.size_mm[1] / 2
    inward = (
        math.atan2(cy - y, cx - x) if math.hypot(cx - x, cy - y) > 20 else float(rng.uniform(0, 2 * math.pi))
    )
    finger_radius = 7.0
    if resting:
        height = (geometry.marble_top if on_marble else 0.0) + finger_radius
    else:
        height = float(rng.uniform(40, 130))
    sleeve = tuple(float(v) for v in rng.uniform(0.02, 0.7, 3)) if rng.random() < 0.5 else None
    return Hand(
        over=over,
        tip=(x + float(rng.normal(0, 2)), y + float(rng.normal(0, 2)), -height),
        azimuth=inward + float(rng.uniform(-0.6, 0.6)),
        palm_mm=(float(rng.uniform(78, 95)), float(rng.uniform(90, 110))),
        finger_mm=float(rng.uniform(60, 80)),
        spread=float(rng.uniform(0.1, 0.6)),
        thumb=1 if rng.random() < 0.5 else -1,
        skin=tuple(
            float(v) for v in np.array(SKIN_TONES[int(rng.integers(len(SKIN_TONES)))]) * rng.uniform(0.9, 1.1)
        ),  # type: ignore[arg-type]
        sleeve=sleeve,  # type: ignore[arg-type]
        resting=resting,
    )
