"""The wiring root: the one place that builds the companion's parts and hands each what it needs.

:func:`assemble` builds everything from a :class:`~firmware_py.config.Config` (the save, the LEDs, the
table, the camera loop, the buttons) so that tests and benchmarks run the very companion that
``tock serve`` runs; :func:`serve_web` adds the web app and waitress. Anything missing on this machine
(no picamera2 on a laptop, no LED library, a camera in use) is a :class:`CompanionError` of one line.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from firmware_py.config import Config

if TYPE_CHECKING:
    from firmware_py.app.camera_loop import CameraLoop
    from firmware_py.store.lock import SaveLock
    from firmware_py.table.core import Table
    from firmware_py.table.ports import Camera
    from hardware.buttons import TableButtons
    from hardware.ledstrip import LedStrip
    from vision.calibration import Calibration
    from vision.reader import BoardReader


@dataclass
class Companion:
    """Everything ``tock serve`` runs, built by :func:`assemble`."""

    table: Table
    loop: CameraLoop | None = None
    """None without camera."""
    buttons: TableButtons | None = None
    lock: SaveLock | None = None
    """Held on the save while the companion runs."""

    def start(self) -> None:
        """Start the camera loop and the table's timing thread."""
        self.table.start()

    def close(self) -> None:
        """Stop everything; the LEDs go dark."""
        if self.buttons is not None:
            self.buttons.close()
        self.table.close()
        if self.lock is not None:
            self.lock.release()


class WebServer(Protocol):
    """The pages' server (waitress), built by :func:`serve_web`."""

    def run(self) -> None:
        """Serve until the process is stopped."""
        ...


class CompanionError(Exception):
    """Something this machine lacks or refuses (one line for the person starting the companion)."""


def _calibration_file(config: Config, model: str) -> Path:
    return config.db.parent / f"calibration-{model}.json"


def _open_strip(config: Config) -> LedStrip:
    from hardware.errors import HardwareError
    from hardware.ledconfig import LedConfig
    from hardware.ledmap import LedMap
    from hardware.leds import open_strip

    settings = dict(config.leds)
    try:
        settings.setdefault("count", LedMap.load(config.game.model).count)
        return open_strip(LedConfig.from_mapping(settings))
    except HardwareError as error:
        raise CompanionError(f"LEDs: {error}") from None


SIM_SEED = 0
"""Seed of the simulated camera: the same camera pose and light at every start."""
SIM_SIZE = (960, 720)
"""Frames of the simulated camera: enough pixels per hole, and a lighter process than a real camera's
1280 x 960 (the Pi Zero 2 W has 512 MB)."""


@functools.lru_cache(maxsize=2)
def sim_calibration(model: str) -> Calibration:
    """The simulated camera's calibration, made once per process from the starting layout of a full table."""
    from vision.geometry import BoardGeometry
    from vision.reader import BoardReader
    from vision.synthetic import SyntheticCamera, starting_layout

    geometry = BoardGeometry.from_model(model)
    camera = SyntheticCamera(geometry, seed=SIM_SEED, size=SIM_SIZE)
    camera.set_layout(starting_layout(geometry))
    return BoardReader(geometry).calibrate(camera.capture(), camera.layout)


def _camera_parts(config: Config, table: Table, model: str) -> tuple[Callable[[], Camera], BoardReader, Path]:
    """For a board model: what opens the camera, the reader (calibrated when it can be), and where the
    calibration is saved."""
    from vision.geometry import BoardGeometry
    from vision.reader import BoardReader

    source = config.camera.source
    reader = BoardReader(BoardGeometry.from_model(model))
    saved = _calibration_file(config, model)
    if source == "sim":
        from vision.synthetic import SyntheticCamera

        def open_sim() -> Camera:
            # on the camera thread: the first opening also calibrates (about a second), after the URL is
            # up; only the table's lock-free sim_board is read here (the camera lock is held)
            if reader.calibration is None:
                reader.use(sim_calibration(model))
            camera = SyntheticCamera(model, seed=SIM_SEED, size=SIM_SIZE)
            camera.set_layout(table.sim_board or {})
            return camera

        return open_sim, reader, saved
    from hardware.cameras import open_camera

    if saved.exists():
        from vision.calibration import Calibration, CalibrationError

        try:
            reader.use(Calibration.from_json(saved.read_text(encoding="utf-8")))
        except (CalibrationError, ValueError) as error:
            raise CompanionError(f"{saved}: {error} (delete it and calibrate again)") from None
    return functools.partial(open_camera, source), reader, saved


def _attach_camera(config: Config, table: Table) -> CameraLoop:
    """Open the camera once to check it is there, then hand the table its camera loop."""
    from firmware_py.app.camera_loop import CameraLoop
    from vision.stabiliser import Stabiliser

    opener, reader, saved = _camera_parts(config, table, config.game.model)
    if config.camera.source != "sim":
        from hardware.errors import CameraUnavailable

        try:
            opener().close()
        except (CameraUnavailable, ValueError) as error:
            raise CompanionError(f"camera {config.camera.source}: {error}") from None
    loop = CameraLoop(
        opener,
        reader,
        Stabiliser(still_frames=config.camera.still_frames),
        table,
        fps=config.camera.fps,
        reopen_seconds=config.camera.reopen_seconds,
    )
    table.attach_camera(
        loop,
        config.camera.source,
        calibration_path=saved,
        parts_for_model=functools.partial(_camera_parts, config, table),
    )
    return loop


def assemble(
    config: Config, *, strip: LedStrip | None = None, show_pairing: Callable[[Table], None] | None = None
) -> Companion:
    """Build the companion for ``config`` (not started); ``show_pairing(table)`` is called when the
    "next" button is held (the table's link shown again).

    Raises:
        CompanionError: a piece this machine cannot provide (the message is one line).
        StoreError: the save file cannot be used: another companion holds it, it cannot be written (a
            read-only file or folder, a full disk), or it is no save.
    """
    from firmware_py.store.lock import SaveLock
    from firmware_py.store.saves import GameStore
    from firmware_py.table.core import Table
    from hardware.board_leds import BoardLeds

    lock = SaveLock(config.db)
    try:
        store = GameStore(config.db)
        store.check_writable()
        lights = BoardLeds(strip if strip is not None else _open_strip(config), config.leds)
        table = Table(config, store=store, lights=lights)
    except BaseException:
        lock.release()
        raise
    companion = Companion(table, lock=lock)
    try:
        if config.camera.source != "none":
            companion.loop = _attach_camera(config, table)
        if config.buttons.enabled:
            companion.buttons = table_buttons(
                config, table, show_pairing=functools.partial(show_pairing, table) if show_pairing else None
            )
    except BaseException:
        companion.close()
        raise
    return companion


def table_buttons(
    config: Config,
    table: Table,
    *,
    pin_factory: object = None,
    show_pairing: Callable[[], None] | None = None,
) -> TableButtons:
    """The three buttons beside the board, each press handed to ``table.press``; holding "next" calls
    ``show_pairing`` (the table's link and QR code on the terminal again).

    Raises:
        CompanionError: no GPIO here, or the pins are taken (one line).
    """
    from hardware.buttons import TableButtons
    from hardware.errors import HardwareError

    pins = config.buttons
    try:
        buttons = TableButtons(pins.confirm, pins.undo, pins.next, pin_factory=pin_factory)
    except (HardwareError, ValueError) as error:
        raise CompanionError(
            f"buttons: {error} (set [buttons] enabled = false to run without them)"
        ) from None
    for name in ("confirm", "undo", "next"):

        def pressed(name: str = name) -> None:
            table.press(name)  # what the press did is shown on the pages and the LEDs

        buttons.on_press(name, pressed)
    buttons.on_hold("next", show_pairing)
    return buttons


def serve_web(
    companion: Companion, config: Config, *, public_url: str, origins: tuple[str, ...]
) -> WebServer:
    """The web app over the companion's table, served by waitress on ``config.web`` (not yet running);
    ``public_url`` and ``origins`` are the addresses the pages are reached at.

    Raises:
        OSError: the address cannot be listened on.
    """
    from web import create_app
    from web.server import STREAM_SLOTS, create_server

    app = create_app(
        {
            "TOCK_PUBLIC_URL": public_url,
            "TOCK_ORIGINS": origins,
            "TOCK_PORT": config.web.port,
            "TOCK_STREAM_SLOTS": STREAM_SLOTS,
        },
        table=companion.table,
    )
    server: WebServer = create_server(app, host=config.web.host, port=config.web.port, slots=STREAM_SLOTS)
    return server
