"""Sets of photoreal frames with their ground truth: rendering them, caching them, loading them.

A set-up's folder holds its JPEG frames and ``truth.json``: the set-up's parameters, and for every frame
its kind, the layout on the board (place id -> seat), the hand over it if any, and where each hole and
each marble top really is in the frame. Each set-up is rendered as a short story told to the camera at 10
frames a second (:data:`SCRIPT`): the empty board, the starting layout, three consecutive boards of a
game played with random legal moves (``truth.json`` keeps each with the position before it and the move
between, :mod:`vision.game_boards`) and the board one move before them, and between the first two a hand
coming in, resting on the marble that moves, carrying it to the hole it goes to and resting there,
leaving. A still scene is rendered once and captured several times (new sensor noise each time), as a
camera films a still board.

The big set lives out of git, in the cache (:func:`cache_root`); a few set-ups of tuning seeds are
committed under ``tests/vision/data/photoreal`` for the tests (:func:`committed_setups`).
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.game_boards import RULES, GameBoard, game_boards, moved_marble, random_game
from vision.geometry import BoardGeometry
from vision.photoreal import camera, povray, scene, sensor, setups
from vision.photoreal.scene import SceneFiles, scene_text
from vision.photoreal.sensor import SensorPipeline
from vision.photoreal.setups import (
    DEFAULT_MODEL,
    FINAL_SEEDS,
    HELD_OUT_SEEDS,
    LIGHTS,
    MATERIALS,
    TUNING_SEEDS,
    Hand,
    Setup,
    make_hand,
)
from vision.synthetic import starting_layout

TRUTH_FILE = "truth.json"
COMMITTED_ROOT = Path(__file__).resolve().parents[2] / "tests" / "vision" / "data" / "photoreal"
"""The small set the tests read (tuning seeds only)."""
COMMITTED_SETUPS = (
    ("clear", "desk"),
    ("clear", "ceiling"),
    ("catseye", "window"),
    ("milky", "evening"),
    ("wood", "ceiling"),
    ("peg", "desk"),
)
"""Material and light of each committed set-up: every material, every light."""
COMMITTED_STEPS = ("empty", "start", "board", "rest", "after")
"""The steps whose first frame is committed (the whole story lives in the cache)."""


@dataclass(frozen=True)
class Step:
    """One still scene of a set-up's story, captured ``frames`` times."""

    name: str
    kind: str
    """``empty``, ``start``, ``board`` (a clear board to read) or ``hand``."""
    frames: int


SCRIPT = (
    Step("empty", "empty", 1),
    Step("start", "start", 1),
    Step("board", "board", 4),
    Step("hover", "hand", 2),
    Step("rest", "hand", 4),
    Step("lift", "hand", 2),
    Step("place", "hand", 4),
    Step("after", "board", 6),
    Step("other", "board", 1),
    Step("prior", "board", 1),
)
"""The story of a set-up at 10 frames a second: ``board`` is a board of a game, ``hover`` a hand coming in
over it, ``rest`` its fingers on the marble the next move takes, ``lift`` the marble taken, the hand above
its hole, ``place`` the marble put where the move takes it with the fingers on it, ``after`` the hand gone
(the board after the move), and ``other`` the board after the next move. ``prior`` is the still board
before ``board`` (the game's board one move earlier), which a table always has seen before any board it
reads; it comes last so that every other step keeps its sensor noise (seeded by its place here)."""


@dataclass(frozen=True)
class Frame:
    """One JPEG frame and what is truly in it."""

    path: Path
    step: str
    kind: str
    index: int
    """Which capture of its step (0 first)."""
    layout: dict[str, str]
    hand: dict[str, Any] | None
    """``over`` (place id), ``resting``, ``skin`` (0 light .. 5 dark), or ``None``."""

    def image(self) -> np.ndarray:
        """The frame as OpenCV reads a camera's JPEG (BGR uint8)."""
        image = cv2.imread(str(self.path), cv2.IMREAD_COLOR)
        if image is None:
            raise FileNotFoundError(f"cannot read frame {self.path}")
        return image


@dataclass(frozen=True)
class PhotorealSetup:
    """A rendered set-up: its parameters, its frames in story order, and the true pixels of the holes."""

    folder: Path
    name: str
    seed: int
    material: str
    light: str
    held_out: bool
    parameters: dict[str, Any]
    frames: tuple[Frame, ...]
    holes_px: dict[str, tuple[float, float]]
    """Place id -> where the hole's centre is in the frame (lens distortion included)."""
    marble_tops_px: dict[str, tuple[float, float]]
    """Place id -> where the top of a marble resting there is in the frame."""
    render_cpu_s: dict[str, float]
    """Step -> CPU seconds POV-Ray spent rendering it."""

    def first(self, step: str) -> Frame:
        """The first frame of a step.

        Raises:
            KeyError: the set has no frame of that step.
        """
        for frame in self.frames:
            if frame.step == step:
                return frame
        raise KeyError(f"set-up {self.name} has no {step!r} frame")

    @property
    def empty(self) -> Frame:
        """The empty board (calibration's first picture)."""
        return self.first("empty")

    @property
    def start(self) -> Frame:
        """Every marble in its reserve (calibration's second picture)."""
        return self.first("start")

    @property
    def model(self) -> str:
        """The board model it was rendered on."""
        return str(self.parameters.get("model", DEFAULT_MODEL))

    def boards(self) -> list[Frame]:
        """The first capture of each board to read (no hand; not ``prior``, the board before them)."""
        return [f for f in self.frames if f.kind == "board" and f.index == 0 and f.step != "prior"]

    def prior(self) -> Frame | None:
        """The still board one move before the first board to read (``None`` in set-ups rendered
        without it)."""
        return next((f for f in self.frames if f.step == "prior"), None)

    def hand_frames(self) -> list[Frame]:
        return [f for f in self.frames if f.kind == "hand"]

    def game(self) -> dict[str, GameBoard]:
        """Step -> the game's board it shows, with the board before it and the move between (empty for
        set-ups rendered before their boards came from a game)."""
        return {step: GameBoard.from_data(data) for step, data in self.parameters.get("game", {}).items()}

    def story(self) -> list[Frame]:
        """The frames of the move, in order, from the board before it to the board after it."""
        return [f for f in self.frames if f.step not in ("empty", "start", "other", "prior")]


def source_hash() -> str:
    """A digest of the code that makes the frames (the scene, camera, sensor, set-ups and story): a cache
    made by other code is not used."""
    digest = hashlib.sha256()
    for module in (camera, povray, scene, sensor, setups):
        digest.update(Path(str(module.__file__)).read_bytes())
    for code in (_story_layouts, render_setup, game_boards, random_game, moved_marble):
        digest.update(inspect.getsource(code).encode())
    digest.update(repr((SCRIPT, RULES)).encode())
    return digest.hexdigest()[:12]


def cache_root() -> Path:
    """Where the big set is kept: ``$TOCK_PHOTOREAL_CACHE``, else ``$XDG_CACHE_HOME/tock/photoreal`` (or
    ``~/.cache/tock/photoreal``), in a folder named after the renderer's code (so every worktree of the
    same code shares one set, and changed code renders a new one)."""
    given = os.environ.get("TOCK_PHOTOREAL_CACHE")
    if given:
        return Path(given) / source_hash()
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tock" / "photoreal" / source_hash()


def split_setups(
    split: str, per_pair: int, materials: Iterable[str] = MATERIALS, lights: Iterable[str] = LIGHTS
) -> list[tuple[str, str, int]]:
    """``(material, light, seed)`` of a split: ``per_pair`` seeds for every material and light.

    Raises:
        ValueError: an unknown split.
    """
    seeds = {"tuning": TUNING_SEEDS, "held-out": HELD_OUT_SEEDS, "final": FINAL_SEEDS}.get(split)
    if seeds is None:
        raise ValueError(f"unknown split {split!r} (tuning, held-out or final)")
    return [(m, light, seeds[k]) for m in materials for light in lights for k in range(per_pair)]


def _story_layouts(
    rng: np.random.Generator, seats: int
) -> tuple[dict[str, GameBoard], str, str, dict[str, str]]:
    """Three consecutive boards of a game of ``seats`` seats (``board``, ``after``, ``other``), the marble
    the move from ``board`` to ``after`` takes, the hole it goes to, and the layout while the hand holds
    it."""
    boards = dict(zip(("board", "after", "other"), game_boards(rng, 3, seats=seats), strict=True))
    before = boards["board"].layout
    taken, target = moved_marble(before, boards["after"].layout)
    held = {p: s for p, s in before.items() if p != taken}
    return boards, taken, target, held


def render_setup(
    geometry: BoardGeometry,
    setup: Setup,
    folder: Path,
    *,
    steps: Iterable[str] | None = None,
    captures: int | None = None,
) -> PhotorealSetup:
    """Render a set-up's story into ``folder`` (replacing what is there) and write its ``truth.json``.

    Args:
        steps: only these steps of :data:`SCRIPT` (``empty`` is always rendered: it sets the exposure).
        captures: at most this many captures of each step.

    Raises:
        povray.RenderError: POV-Ray is missing or failed.
    """
    rng = np.random.default_rng([setup.seed, MATERIALS.index(setup.material), LIGHTS.index(setup.light), 7])
    game, taken, target, held = _story_layouts(rng, geometry.sections)
    before, after = game["board"].layout, game["after"].layout
    hover_over = str(geometry.place_ids[int(rng.integers(len(geometry.place_ids)))])
    scenes: dict[str, tuple[dict[str, str], Hand | None]] = {
        "empty": ({}, None),
        "start": (starting_layout(geometry), None),
        "board": (before, None),
        "hover": (before, make_hand(geometry, hover_over, rng, resting=False, on_marble=False)),
        "rest": (before, make_hand(geometry, taken, rng, resting=True, on_marble=True)),
        "lift": (held, make_hand(geometry, taken, rng, resting=False, on_marble=False)),
        "place": (after, make_hand(geometry, target, rng, resting=True, on_marble=True)),
        "after": (after, None),
        "other": (game["other"].layout, None),
        "prior": (game["board"].previous.layout, None),
    }
    wanted = set(steps) | {"empty"} if steps is not None else {s.name for s in SCRIPT}
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    pipeline = SensorPipeline(setup.camera, setup.sensor)
    later = setup if setup.later_lamp is None else replace(setup, lamp=setup.later_lamp)
    metering: sensor.Metering | None = None
    frames: list[dict[str, Any]] = []
    cpu: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="tock-povray-") as work:
        files = SceneFiles(Path(work))
        files.write(geometry)
        for step in SCRIPT:
            if step.name not in wanted:
                continue
            layout, hand = scenes[step.name]
            lit = setup if setup.later_lamp is None or step.kind in ("empty", "start") else later
            rendered = povray.render(
                scene_text(geometry, lit, layout, files, hand), Path(work), setup.camera.canvas
            )
            cpu[step.name] = round(rendered.cpu_s, 2)
            light = pipeline.optics(rendered.image)
            if metering is None:
                metering = pipeline.meter(light)
            count = step.frames if captures is None else min(step.frames, captures)
            for index in range(count):
                name = f"{step.name}-{index}.jpg"
                noise = np.random.default_rng([setup.seed, SCRIPT.index(step), index, 3])
                (folder / name).write_bytes(pipeline.capture(light, metering, noise))
                frames.append(
                    {
                        "file": name,
                        "step": step.name,
                        "kind": step.kind,
                        "index": index,
                        "layout": dict(sorted(layout.items())),
                        "hand": None if hand is None else _hand_truth(hand),
                    }
                )
    assert metering is not None
    radius = geometry.marble_diameter / 2
    centres = geometry.centres
    holes = setup.camera.project(np.column_stack([centres, np.zeros(len(centres))]))
    tops = setup.camera.project(np.column_stack([centres, np.full(len(centres), -geometry.marble_top)]))
    truth = {
        "format": 1,
        "name": setup.name,
        "model": geometry.model,
        "setup": setup.to_data(),
        "metering": {"exposure": metering.exposure, "white_balance": list(metering.white_balance)},
        "marble_radius_px": _marble_radius_px(setup, geometry, radius),
        "render_cpu_s": cpu,
        "game": {step: board.to_data() for step, board in game.items()},
        "frames": frames,
        "holes_px": {p: [round(float(v), 2) for v in holes[i]] for i, p in enumerate(geometry.place_ids)},
        "marble_tops_px": {
            p: [round(float(v), 2) for v in tops[i]] for i, p in enumerate(geometry.place_ids)
        },
    }
    (folder / TRUTH_FILE).write_text(json.dumps(truth, indent=1) + "\n")
    return load_setup(folder)


def _hand_truth(hand: Hand) -> dict[str, Any]:
    skin = int(np.argmin([np.abs(np.array(t) - np.array(hand.skin)).sum() for t in setups.SKIN_TONES]))
    return {"over": hand.over, "resting": hand.resting, "skin": skin, "sleeve": hand.sleeve is not None}


def _marble_radius_px(setup: Setup, geometry: BoardGeometry, radius: float) -> float:
    """A marble's radius in the frame, at the board's centre (for reporting)."""
    centre = np.array([[geometry.size_mm[0] / 2, geometry.size_mm[1] / 2, -(geometry.marble_top - radius)]])
    side = centre + np.array([[radius, 0.0, 0.0]])
    a, b = setup.camera.project(np.vstack([centre, side]))
    return round(float(np.linalg.norm(b - a)), 2)


def load_setup(folder: Path) -> PhotorealSetup:
    """A rendered set-up from its folder.

    Raises:
        FileNotFoundError: the folder has no ``truth.json``.
        ValueError: the truth file is malformed.
    """
    path = folder / TRUTH_FILE
    try:
        data = json.loads(path.read_text())
        setup = data["setup"]
        return PhotorealSetup(
            folder=folder,
            name=str(data["name"]),
            seed=int(setup["seed"]),
            material=str(setup["material"]),
            light=str(setup["light"]),
            held_out=bool(setup["held_out"]),
            parameters=data,
            frames=tuple(
                Frame(folder / f["file"], f["step"], f["kind"], int(f["index"]), dict(f["layout"]), f["hand"])
                for f in data["frames"]
            ),
            holes_px={p: (float(v[0]), float(v[1])) for p, v in data["holes_px"].items()},
            marble_tops_px={p: (float(v[0]), float(v[1])) for p, v in data["marble_tops_px"].items()},
            render_cpu_s={k: float(v) for k, v in data["render_cpu_s"].items()},
        )
    except (KeyError, TypeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path} is not a photoreal truth file: {error}") from None


def load_set(root: Path, *, held_out: bool | None = None) -> list[PhotorealSetup]:
    """Every rendered set-up under ``root`` (sorted by name); ``held_out`` keeps one split only."""
    found = [
        load_setup(p.parent)
        for p in sorted(root.glob(f"*/{TRUTH_FILE}"))
        if not p.parent.name.startswith(".")
    ]
    return [s for s in found if held_out is None or s.held_out == held_out]


def committed_setups() -> list[PhotorealSetup]:
    """The committed test set-ups (tuning seeds; one per pair of :data:`COMMITTED_SETUPS`)."""
    return load_set(COMMITTED_ROOT)


def render_set(
    geometry: BoardGeometry,
    root: Path,
    wanted: Iterable[tuple[str, str, int]],
    *,
    steps: Iterable[str] | None = None,
    captures: int | None = None,
    later_light: str | None = None,
    recolour: bool = False,
    restain: bool = False,
    size: tuple[int, int] = setups.FRAME_SIZE,
    log: Callable[[str], None] = print,
) -> list[PhotorealSetup]:
    """Render the set-ups not yet under ``root``, log each with its cost, and return all of them; with
    ``later_light``, the game is played in that light after calibration (see :func:`setups.relit`); with
    ``recolour``, with marbles of other colours than the reader was tuned on (see
    :func:`setups.recoloured`); with ``restain``, on a board of another wood (see :func:`setups.restained`);
    with ``size``, in frames of that size (see :func:`setups.make_setup`).

    Raises:
        ValueError: ``later_light`` is unknown or a set-up's own light, or ``size`` is out of range.
    """
    done: list[PhotorealSetup] = []
    step_list = None if steps is None else list(steps)
    for material, light, seed in wanted:
        setup = setups.make_setup(geometry, material, light, seed, size=size)
        if later_light is not None:
            setup = setups.relit(geometry, setup, later_light)
        if recolour:
            setup = setups.recoloured(setup)
        if restain:
            setup = setups.restained(setup)
        folder = root / setup.name
        if (folder / TRUTH_FILE).exists():
            done.append(load_setup(folder))
            continue
        started = time.perf_counter()
        # rendered aside, then moved in place: a set-up is either whole or absent, even with two
        # renderers filling one set
        partial = root / f".{setup.name}.{os.getpid()}.partial"
        render_setup(geometry, setup, partial, steps=step_list, captures=captures)
        if (folder / TRUTH_FILE).exists():
            shutil.rmtree(partial)
        else:
            if folder.exists():  # the remains of an interrupted render
                shutil.rmtree(folder)
            partial.rename(folder)
        rendered = load_setup(folder)
        cpu = sum(rendered.render_cpu_s.values())
        log(
            f"{setup.name}: {len(rendered.render_cpu_s)} renders, {cpu:.0f} CPU s"
            f" ({cpu / len(rendered.render_cpu_s):.1f} s each), {time.perf_counter() - started:.0f} s"
        )
        done.append(rendered)
    return done
