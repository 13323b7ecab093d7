"""POV-Ray scenes of a Tock board: varnished wood with drilled holes, marbles of real materials, lamps, hands.

Everything is built from the board's geometry file and a :class:`~vision.photoreal.setups.Setup`; the text
written here is the whole scene (no include files), so a scene file on its own reproduces a frame. Units
are millimetres in the camera-friendly world of :mod:`vision.photoreal.camera` (z into the board). Colours
are linear RGB: POV-Ray renders radiance into a Radiance HDR file and the camera's sensor does the rest.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.aruco import marker_image
from vision.geometry import BoardGeometry
from vision.photoreal.setups import Hand, Lamp, Setup, light_colour

BOARD_THICKNESS = 19.0
HOLE_DEPTH = 10.0
"""Depth of the cylindrical part of a hole, above the drill's cone."""
MARKER_PX = 240
"""Pixels of a marker's printed image (its quiet zone included)."""


def _v(*values: float) -> str:
    return "<" + ", ".join(f"{float(v):.4f}" for v in values) + ">"


def _rgb(colour: np.ndarray | tuple[float, ...]) -> str:
    return "rgb " + _v(*colour)


@dataclass(frozen=True)
class SceneFiles:
    """Images a scene reads (the markers' prints), written once per set-up folder."""

    folder: Path

    def marker_path(self, marker_id: int) -> Path:
        return self.folder / f"marker{marker_id}.png"

    def write(self, geometry: BoardGeometry) -> None:
        """Print each marker with its white quiet zone (a sixth of its side on every side)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for marker in geometry.markers:
            side = int(MARKER_PX * 6 / 8)
            quiet = (MARKER_PX - side) // 2
            code = marker_image(geometry.marker_dictionary, marker.id, side)
            paper = np.full((MARKER_PX, MARKER_PX), 255, np.uint8)
            paper[quiet : quiet + side, quiet : quiet + side] = code
            printed = (25 + paper.astype(np.float32) * (215 / 255)).astype(np.uint8)
            cv2.imwrite(str(self.marker_path(marker.id)), printed)


def scene_text(
    geometry: BoardGeometry,
    setup: Setup,
    layout: Mapping[str, str],
    files: SceneFiles,
    hand: Hand | None = None,
) -> str:
    """The POV-Ray scene of the board with ``layout`` (place id -> seat), the set-up's camera and light."""
    rng = np.random.default_rng(
        [setup.seed, len(layout), *(geometry.place_ids.index(p) for p in sorted(layout))]
    )
    parts = [
        "#version 3.7;\n",
        _globals(setup),
        setup.camera.pov_camera(),
        _lights(setup.lamp),
        _board(geometry, setup),
        _markers(geometry, files),
        _table(),
    ]
    for place, seat in sorted(layout.items()):
        x, y = geometry.places[place]
        parts.append(_piece(geometry, setup.material, setup.tint(seat), (x, y), rng))
    if hand is not None:
        parts.append(_hand(hand))
    return "".join(parts)


def _globals(setup: Setup) -> str:
    photons = "  photons { spacing 0.2 autostop 0 jitter 0.4 }\n" if setup.lamp.caustics else ""
    sky = setup.lamp.sky
    return (
        "global_settings {\n  assumed_gamma 1.0\n  max_trace_level 10\n  ambient_light rgb 0\n"
        f"{photons}}}\n"
        f"background {{ {_rgb(sky)} }}\n"
        "#default { finish { ambient 0 emission 0 } }\n"
    )


def _lights(lamp: Lamp) -> str:
    """The main light (an area light, so shadows have soft edges; seen in the varnish as the lamp itself)
    and the room's fill: a ring of weak lights high around the board, casting the soft darkening a room's
    bounced light leaves in holes and under marbles."""
    x, y, z = lamp.position
    colour = light_colour(lamp.kelvin) * lamp.power
    size = lamp.size_mm
    samples = 2 if size < 60 else 3
    photons = (
        "  photons { refraction on reflection on }\n"
        if lamp.caustics
        else "  photons { refraction off reflection off }\n"
    )
    glow = colour * lamp.glow
    text = (
        f"light_source {{ {_v(x, y, z)}, {_rgb(colour)}\n"
        f"  area_light {_v(size, 0, 0)}, {_v(0, size, 0)}, {samples}, {samples}"
        " adaptive 1 jitter circular orient\n"
        f"  fade_distance {lamp.fade_mm:.1f} fade_power 2\n"
        f"{photons}"
        f"  looks_like {{ sphere {{ 0, {size / 2:.2f} pigment {{ {_rgb(glow)} }}"
        " finish { emission 1 diffuse 0 } no_image } }\n"
        "}\n"
    )
    fill = light_colour(lamp.fill_kelvin) * lamp.fill
    for k in range(4):
        angle = lamp.fill_turn + k * math.pi / 2
        fx, fy = 180 + 1500 * math.cos(angle), 180 + 1500 * math.sin(angle)
        text += (
            f"light_source {{ {_v(fx, fy, -1500)}, {_rgb(fill / 4)}"
            " photons { refraction off reflection off } }\n"
        )
    return text


def _board(geometry: BoardGeometry, setup: Setup) -> str:
    """The board: a slab of varnished wood (maple, or the set-up's :attr:`Setup.stain`), its grain along x,
    with a hole drilled at every place.

    The slab is cut into tiles of a few holes each (POV-Ray bounds each tile, so a ray meets the few
    holes of one tile instead of every hole of the board: five times faster, the same picture)."""
    width, height = geometry.size_mm
    r = geometry.hole_radius
    tone = np.array(setup.wood.tone)
    grain = setup.wood
    text = (
        "#declare Varnish = finish { diffuse 0.8 specular 0.25 roughness 0.003 "
        "reflection { 0, 1 fresnel on } conserve_energy }\n"
        "#declare Maple = pigment { wood turbulence 0.035 octaves 3 lambda 2.5 colour_map {\n"
        f"  [0 {_rgb(tone * 1.06)}] [0.45 {_rgb(tone)}]"
        f" [0.7 {_rgb(tone * 0.82)}] [1 {_rgb(tone * 1.03)}] }}\n"
        f"  scale {grain.ring_mm:.2f} rotate y*90 translate {_v(0, grain.centre[0], grain.centre[1])} }}\n"
        "#declare EndGrain = texture { pigment { wood turbulence 0.1 colour_map {\n"
        f"  [0 {_rgb(tone * 0.45)}] [1 {_rgb(tone * 0.32)}] }} scale 0.8 }}\n"
        "  finish { diffuse 0.7 specular 0.02 roughness 0.1 } }\n"
        "union {\n"
    )
    tile = 2 * geometry.pitch_mm
    columns, rows = int(math.ceil(width / tile)), int(math.ceil(height / tile))
    for i in range(columns):
        for j in range(rows):
            x0, y0 = i * tile, j * tile
            x1, y1 = min(x0 + tile, width), min(y0 + tile, height)
            holes = [(x, y) for x, y in geometry.centres if x0 - r <= x <= x1 + r and y0 - r <= y <= y1 + r]
            slab = f"box {{ {_v(x0, y0, 0)}, {_v(x1, y1, BOARD_THICKNESS)} }}"
            if not holes:
                text += f"  {slab}\n"
                continue
            cutters = "".join(
                f"    cylinder {{ {_v(x, y, -1)}, {_v(x, y, HOLE_DEPTH)}, {r:.3f} }}\n"
                f"    cone {{ {_v(x, y, HOLE_DEPTH - 0.01)}, {r:.3f},"
                f" {_v(x, y, HOLE_DEPTH + r * 0.6)}, 0 }}\n"
                for x, y in holes
            )
            text += f"  difference {{ {slab}\n  union {{\n{cutters}    texture {{ EndGrain }} }} }}\n"
    return text + "  texture { pigment { Maple } finish { Varnish } }\n  interior { ior 1.5 }\n}\n"


def _markers(geometry: BoardGeometry, files: SceneFiles) -> str:
    """Each marker printed on matte paper glued on the board (image rows run down the board's y)."""
    text = ""
    for marker in geometry.markers:
        side = marker.size * 8 / 6
        x0 = marker.centre[0] - side / 2
        y0 = marker.centre[1] - side / 2
        text += (
            f"box {{ {_v(0, 0, 0)}, {_v(1, 1, 0.2)}\n"
            f'  texture {{ pigment {{ image_map {{ png "{files.marker_path(marker.id).name}"'
            " interpolate 2 } }\n"
            "    finish { diffuse 0.85 specular 0.05 roughness 0.05 } }\n"
            f"  scale {_v(side, -side, 1)} translate {_v(x0, y0 + side, -0.2)}\n"
            "}\n"
        )
    return text


def _table() -> str:
    """The table under the board, a dark stained wood."""
    return (
        f"plane {{ z, {BOARD_THICKNESS:.1f} texture {{ pigment {{ bozo turbulence 0.3 colour_map {{\n"
        "  [0 rgb <0.05, 0.035, 0.025>] [1 rgb <0.08, 0.055, 0.04>] } scale <120, 8, 8> }\n"
        "  finish { diffuse 0.8 specular 0.1 roughness 0.02 } } }\n"
    )


def _piece(
    geometry: BoardGeometry,
    material: str,
    colour: tuple[float, float, float],
    xy: tuple[float, float],
    rng: np.random.Generator,
) -> str:
    """One marble (or peg) of ``material`` in its seat's ``colour``, resting in the hole at ``xy``."""
    radius = geometry.marble_diameter / 2
    centre_h = geometry.marble_top - radius
    tint = np.array(colour)
    jitter = rng.normal(0.0, 0.25, 2)
    x, y = xy[0] + jitter[0], xy[1] + jitter[1]
    turn = _v(*rng.uniform(0, 360, 3))
    if material == "peg":
        return _peg(geometry, tint * rng.uniform(0.9, 1.05), (x, y))
    place = f"rotate {turn} translate {_v(x, y, -centre_h)}"
    if material == "clear":
        return (
            f"sphere {{ 0, {radius:.3f} {place}\n"
            "  texture { pigment { rgbf 1 } finish { specular 0.9 roughness 0.0008 "
            "reflection { 0, 1 fresnel on } conserve_energy } }\n"
            f"  interior {{ ior 1.52 fade_distance {rng.uniform(7, 12):.2f} fade_power 1001 "
            f"fade_colour {_rgb(np.clip(tint * 1.1 + 0.02, 0, 1))} }}\n"
            "  photons { target refraction on reflection on collect off }\n}\n"
        )
    if material == "catseye":
        vanes = "".join(
            f"    box {{ {_v(-radius, -0.45, -radius)}, {_v(radius, 0.45, radius)} rotate z*{a} }}\n"
            for a in (0, 60, 120)
        )
        return (
            f"union {{\n  sphere {{ 0, {radius:.3f}\n"
            "    texture { pigment { rgbf 1 } finish { specular 0.9 roughness 0.0008 "
            "reflection { 0, 1 fresnel on } conserve_energy } }\n"
            "    interior { ior 1.52 fade_distance 60 fade_power 1001 fade_colour rgb <0.85, 1, 0.9> }\n"
            "    photons { target refraction on reflection on collect off } }\n"
            f"  intersection {{\n    union {{\n{vanes}    }}\n    sphere {{ 0, {radius * 0.72:.3f} }}\n"
            f"    texture {{ pigment {{ {_rgb(tint)} }}"
            " finish { diffuse 0.7 specular 0.3 roughness 0.01 } }\n  }\n"
            f"  {place}\n}}\n"
        )
    if material == "milky":
        return (
            f"sphere {{ 0, {radius:.3f} {place}\n"
            "  texture { pigment { bozo turbulence 0.9 octaves 4 colour_map {\n"
            f"    [0 rgbt {_v(*(0.55 + 0.4 * tint), 0.35)}] [0.5 rgbt {_v(*(0.15 + 0.8 * tint), 0.2)}]"
            f" [1 rgbt {_v(*(0.05 + 0.9 * tint), 0.12)}] }} scale 5 }}\n"
            "    finish { diffuse 0.6 specular 0.8 roughness 0.001"
            " reflection { 0, 1 fresnel on } conserve_energy } }\n"
            "  interior { ior 1.5 }\n}\n"
        )
    if material == "wood":
        return (
            f"sphere {{ 0, {radius:.3f} {place}\n"
            "  texture { pigment { granite colour_map {\n"
            f"    [0 {_rgb(tint * 0.92)}] [1 {_rgb(tint * 1.04)}] }} scale 3 }}\n"
            "    finish { diffuse 0.8 specular 0.35 roughness 0.012"
            " reflection { 0, 0.6 fresnel on } conserve_energy } }\n"
            "  interior { ior 1.5 }\n}\n"
        )
    raise ValueError(f"unknown marble material {material!r}")


def _peg(geometry: BoardGeometry, tint: np.ndarray, xy: tuple[float, float]) -> str:
    """A painted wooden peg: a pin standing in the hole, its rounded head as high as a marble's top."""
    x, y = xy
    radius = geometry.hole_radius * 0.82
    top = geometry.marble_top
    head = radius * 1.05
    neck = top - head
    return (
        "union {\n"
        f"  cylinder {{ {_v(x, y, HOLE_DEPTH - 0.5)}, {_v(x, y, -neck)}, {radius * 0.85:.3f} }}\n"
        f"  sphere {{ {_v(x, y, -neck)}, {head:.3f} }}\n"
        f"  texture {{ pigment {{ {_rgb(tint)} }} finish {{ diffuse 0.8 specular 0.3 roughness 0.015 "
        "reflection { 0, 0.5 fresnel on } conserve_energy } }\n"
        "  interior { ior 1.5 }\n}\n"
    )


def _capsule(a: np.ndarray, b: np.ndarray, r_a: float, r_b: float) -> str:
    return (
        f"  sphere {{ {_v(*a)}, {r_a:.2f} }}\n  sphere {{ {_v(*b)}, {r_b:.2f} }}\n"
        f"  cone {{ {_v(*a)}, {r_a:.2f}, {_v(*b)}, {r_b:.2f} }}\n"
    )


def _hand(hand: Hand) -> str:
    """A right or left hand, palm down, fingers slightly curled, its forearm reaching in from outside
    the board; the middle fingertip at :attr:`Hand.tip`."""
    tip = np.array(hand.tip)
    forward = np.array([math.cos(hand.azimuth), math.sin(hand.azimuth), 0.0])
    side = np.array([-forward[1], forward[0], 0.0])
    up = np.array([0.0, 0.0, -1.0])
    finger = hand.finger_mm
    knuckles = tip - forward * finger * 0.85 + up * 16
    wrist = knuckles - forward * hand.palm_mm[1] + up * 10
    elbow = wrist - forward * 260 + up * 110
    text = "union {\n" + _capsule(elbow, wrist, 33, 26)
    palm_centre = (wrist + knuckles) / 2 + up * 2
    half_l, half_w = hand.palm_mm[1] / 2 + 6, hand.palm_mm[0] / 2
    text += (
        "  sphere { 0, 1 scale "
        + _v(half_l, half_w, 13)
        + " matrix "
        + _v(*forward, *side, *(-up), *palm_centre)
        + " }\n"
    )
    for k, share in enumerate((-0.38, -0.13, 0.13, 0.38)):
        spread = hand.spread * share
        along = forward * math.cos(spread) + side * math.sin(spread)
        base = knuckles + side * share * hand.palm_mm[0] * 0.9
        length = finger * (0.88, 1.0, 0.95, 0.76)[k]
        end = base + along * length
        end[2] = tip[2] if k in (1, 2) else tip[2] - 2.5  # fingertips rest (or hover) at the tip's height
        middle = base + along * length * 0.55 + up * 6
        text += _capsule(base, middle, 8.5, 8.0) + _capsule(middle, end, 8.0, 7.0)
    thumb_base = wrist + forward * hand.palm_mm[1] * 0.3 + side * hand.thumb * hand.palm_mm[0] * 0.38
    thumb_dir = forward * 0.8 + side * hand.thumb * 0.45
    thumb_tip = thumb_base + thumb_dir / np.linalg.norm(thumb_dir) * finger * 0.65 + up * -8
    text += _capsule(thumb_base, thumb_tip, 11, 8.5)
    skin = np.array(hand.skin)
    text += (
        "  texture { pigment { granite colour_map {"
        f" [0 {_rgb(skin * 0.94)}] [1 {_rgb(skin * 1.05)}] }} scale 6 }}\n"
        "    finish { diffuse 0.75 specular 0.12 roughness 0.06 } }\n"
    )
    if hand.sleeve is not None:
        cuff = wrist - forward * 60 + up * 25
        text += (
            "}\nunion {\n"
            + _capsule(elbow - forward * 40 + up * 20, cuff, 40, 34)
            + f"  texture {{ pigment {{ {_rgb(np.array(hand.sleeve))} }} finish {{ diffuse 0.85 }} }}\n"
        )
    return text + "}\n"
