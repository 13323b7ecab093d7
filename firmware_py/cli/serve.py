"""``tock serve``: the companion at the table, in simulation by default.

:func:`assemble` builds everything from a :class:`~firmware_py.config.Config` (the save, the LEDs, the
table, the camera loop, the buttons) so that tests and benchmarks run the very companion that
``tock serve`` runs; the command adds the web app and waitress. Anything missing on this machine (no
picamera2 on a laptop, no LED library, a camera in use) stops the command with one clear line.
"""

from __future__ import annotations

import dataclasses
import functools
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import Any

import click

from firmware_py.config import Config, check_camera_source, load_config
from firmware_py.engine.compiled import engine_kind
from firmware_py.errors import ConfigError


@dataclass
class Companion:
    """Everything ``tock serve`` runs, built by :func:`assemble`."""

    table: Any
    """The :class:`firmware_py.table.core.Table`."""
    loop: Any = None
    """The :class:`firmware_py.table.camera_loop.CameraLoop`, or None without camera."""
    buttons: Any = None
    """The :class:`hardware.buttons.TableButtons`, or None."""
    lock: Any = None
    """The :class:`firmware_py.store.lock.SaveLock` held on the save while the companion runs."""

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


class CompanionError(Exception):
    """Something this machine lacks or refuses (one line for the person starting the companion)."""


def _calibration_file(config: Config, model: str) -> Path:
    return config.db.parent / f"calibration-{model}.json"


def _open_strip(config: Config) -> Any:
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


def _end_streams_on_stop(table: Any) -> None:
    """Ctrl-C or ``systemctl stop``: end the pages' live streams first. waitress waits for its threads
    before it lets the process exit, and a page's stream would hold one until its next heartbeat.
    Then the handler that was there runs (the LEDs go dark, the process exits). Call from the main
    thread."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        previous = signal.getsignal(signum)
        if previous == signal.SIG_IGN:  # started in the background with Ctrl-C ignored: leave it so
            continue

        def handle(number: int, frame: FrameType | None, previous: Any = previous) -> None:
            table.end_streams()
            if callable(previous):
                previous(number, frame)
            else:
                raise SystemExit(128 + number)

        signal.signal(signum, handle)


SIM_SEED = 0
"""Seed of the simulated camera: the same camera pose and light at every start."""
SIM_SIZE = (960, 720)
"""Frames of the simulated camera: enough pixels per hole, and a lighter process than a real camera's
1280 x 960 (the Pi Zero 2 W has 512 MB)."""


@functools.lru_cache(maxsize=2)
def sim_calibration(model: str) -> Any:
    """The simulated camera's calibration, made once per process from the starting layout of a full table."""
    from vision.geometry import BoardGeometry
    from vision.reader import BoardReader
    from vision.synthetic import SyntheticCamera, starting_layout

    geometry = BoardGeometry.from_model(model)
    camera = SyntheticCamera(geometry, seed=SIM_SEED, size=SIM_SIZE)
    camera.set_layout(starting_layout(geometry))
    return BoardReader(geometry).calibrate(camera.capture(), camera.layout)


def _camera_parts(config: Config, table: Any, model: str) -> tuple[Callable[[], Any], Any, Path]:
    """For a board model: what opens the camera, the reader (calibrated when it can be), and where the
    calibration is saved."""
    from vision.geometry import BoardGeometry
    from vision.reader import BoardReader

    source = config.camera.source
    reader = BoardReader(BoardGeometry.from_model(model))
    saved = _calibration_file(config, model)
    if source == "sim":
        from vision.synthetic import SyntheticCamera

        def open_sim() -> Any:
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


def _attach_camera(config: Config, table: Any) -> Any:
    """Open the camera once to check it is there, then hand the table its camera loop."""
    from firmware_py.table.camera_loop import CameraLoop
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


def assemble(config: Config, *, strip: Any = None) -> Companion:
    """Build the companion for ``config`` (not started).

    Raises:
        CompanionError: a piece this machine cannot provide (the message is one line).
        StoreError: the save file cannot be used: another companion holds it, it cannot be written (a
            read-only file or folder, a full disk), or it is no save.
    """
    from firmware_py.store.lock import SaveLock
    from firmware_py.store.saves import GameStore
    from firmware_py.table.core import Table

    lock = SaveLock(config.db)
    try:
        store = GameStore(config.db)
        store.check_writable()
        if strip is None:
            strip = _open_strip(config)
        table = Table(config, store=store, strip=strip)
    except BaseException:
        lock.release()
        raise
    companion = Companion(table, lock=lock)
    try:
        if config.camera.source != "none":
            companion.loop = _attach_camera(config, table)
        if config.buttons.enabled:
            from firmware_py.cli.pairing import public_url

            show = functools.partial(echo_pairing, public_url(config.web), table)
            companion.buttons = table_buttons(config, table, show_pairing=show)
    except BaseException:
        companion.close()
        raise
    return companion


def table_buttons(
    config: Config, table: Any, *, pin_factory: Any = None, show_pairing: Callable[[], None] | None = None
) -> Any:
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
        buttons.on_press(name, functools.partial(table.press, name))
    buttons.on_hold("next", show_pairing)
    return buttons


def with_options(
    config: Config,
    *,
    camera: str | None,
    leds: str | None,
    host: str | None,
    port: int | None,
    db: Path | None,
) -> Config:
    """``config`` with the command line's options over it.

    Raises:
        ConfigError: a bad ``--camera``.
    """
    changes: dict[str, Any] = {}
    if camera is not None:
        changes["camera"] = dataclasses.replace(config.camera, source=check_camera_source(camera, "--camera"))
    if leds is not None:
        changes["leds"] = {**config.leds, "backend": leds}
    if host is not None or port is not None:
        changes["web"] = dataclasses.replace(
            config.web, host=host or config.web.host, port=port or config.web.port
        )
    if db is not None:
        changes["db"] = db
    return dataclasses.replace(config, **changes) if changes else config


@click.command("serve")
@click.option(
    "--camera", default=None, metavar="SOURCE", help="sim (default), none, picamera2, opencv:N or replay:DIR."
)
@click.option(
    "--leds", default=None, type=click.Choice(["sim", "ws281x", "pi5"]), help="LED strip (default: sim)."
)
@click.option(
    "--host",
    default=None,
    help="Address to listen on (default 0.0.0.0, every network; 127.0.0.1: this machine).",
)
@click.option("--port", default=None, type=click.IntRange(1, 65535), help="Web port (default 8000).")
@click.option(
    "--config", "config_path", default=None, type=click.Path(path_type=Path), help="A tock.toml file."
)
@click.option(
    "--db", default=None, type=click.Path(path_type=Path), help="The save (default ./tock-data/tock.sqlite3)."
)
def command(
    camera: str | None,
    leds: str | None,
    host: str | None,
    port: int | None,
    config_path: Path | None,
    db: Path | None,
) -> None:
    """Run the companion: camera, rules, LEDs and the web page (simulation unless told otherwise)."""
    from firmware_py.store.saves import StoreError

    try:
        config = with_options(load_config(config_path), camera=camera, leds=leds, host=host, port=port, db=db)
        companion = assemble(config)
    except (ConfigError, CompanionError, StoreError) as error:
        raise click.ClickException(str(error)) from None
    from firmware_py.cli import pairing
    from hardware.driver import darken_on_sigterm
    from web import create_app
    from web.server import STREAM_SLOTS, create_server

    url = pairing.public_url(config.web)
    app = create_app(
        {
            "TOCK_PUBLIC_URL": url,
            "TOCK_ORIGINS": pairing.origins(config.web),
            "TOCK_PORT": config.web.port,
            "TOCK_STREAM_SLOTS": STREAM_SLOTS,
        },
        table=companion.table,
    )
    try:
        server = create_server(app, host=config.web.host, port=config.web.port, slots=STREAM_SLOTS)
    except OSError as error:
        companion.close()
        raise click.ClickException(
            f"cannot listen on {config.web.host}:{config.web.port}: {error.strerror}"
        ) from None
    companion.start()
    if companion.table.led_driver is not None:
        darken_on_sigterm(companion.table.led_driver)
    _end_streams_on_stop(companion.table)
    click.echo(
        f"Tock companion on {url}/ (Ctrl-C to stop); saving to {config.db}; {engine_kind()} rules engine"
    )
    if companion.table.led_driver is not None:
        click.echo(companion.table.led_driver.strip.describe())
    if pairing.reachable_only_here(config.web):
        click.echo("Listening on this machine only: phones cannot reach it (--host 0.0.0.0 to let them).")
    else:
        click.echo(f"Phones on this network open {url}/ (to keep it on this machine: --host 127.0.0.1).")
    echo_pairing(url, companion.table)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        companion.close()


def echo_pairing(url: str, table: Any) -> None:
    """The table's link and QR code on the terminal (at start, and when "next" is held).

    Only on a terminal: as a service, standard output is the journal, and a key is never written to a
    log; ``tock key`` shows it there to whoever can reach the Pi.
    """
    from firmware_py.cli.pairing import pairing_text

    if not sys.stdout.isatty():
        click.echo("Pair the table: run 'tock key' on this machine (its link is never written to a log).")
        return
    click.echo(pairing_text(url, table.table_key()), nl=False)
