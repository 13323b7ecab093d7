"""``tock leds``: check the LED wiring (``walk``) and record which LED is under which hole (``map``).

Both run on the strip described by the ``[leds]`` table of a ``tock.toml`` (or by options), on the
board model's LED map, and leave the LEDs dark when they end, Ctrl-C included.

A recorded map is read by the user who records it (``~/.config/tock/leds``): ``tock leds map`` refuses
to save one where the owner of ``--config``, the service's user, would never read it.
"""

from __future__ import annotations

import os
import pwd
import queue
import time
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from hardware import ledmap
from hardware.errors import HardwareError
from hardware.ledmap import LedMap
from hardware.leds import BACKENDS, LedConfig, LedStrip, open_strip
from hardware.mapping import MappingSession, PlacesReader, record_with_camera

DEFAULT_MODEL = "tock4"
WALK_COLOUR = (255, 255, 255)


def _strip_options(function: Any) -> Any:
    options = [
        click.option(
            "--model",
            help="Board model, such as tock4 or tock6 (default: table.model of --config, else tock4).",
        ),
        click.option(
            "--config",
            "config_path",
            type=click.Path(exists=True, dir_okay=False, path_type=Path),
            help="A tock.toml whose [leds] table describes the strip.",
        ),
        click.option("--backend", type=click.Choice(BACKENDS), help="LED backend (overrides the file)."),
        click.option("--pin", type=click.IntRange(0, 27), help="GPIO of the data line (overrides the file)."),
        click.option(
            "--brightness", type=click.FloatRange(0.0, 1.0), help="Brightness cap 0..1 (overrides the file)."
        ),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _read_config(config_path: Path | None) -> dict[str, Any]:
    if config_path is None:
        return {}
    try:
        return tomllib.loads(config_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise click.ClickException(f"cannot read {config_path}: {error}") from None


def _model(model: str | None, document: dict[str, Any]) -> str:
    """The ``--model`` option, else the file's ``table.model``, else ``tock4``."""
    if model is not None:
        return model
    table = document.get("table", {})
    return str(table.get("model", DEFAULT_MODEL)) if isinstance(table, dict) else DEFAULT_MODEL


def _led_config(
    led_map: LedMap, document: dict[str, Any], overrides: dict[str, object], *, count: int | None = None
) -> LedConfig:
    table: dict[str, object] = {}
    leds = document.get("leds", {})
    if not isinstance(leds, dict):
        raise click.ClickException("[leds] must be a table")
    table.update(leds)
    table.update({key: value for key, value in overrides.items() if value is not None})
    if count is not None:
        table["count"] = count
    table.setdefault("count", led_map.count)
    try:
        return LedConfig.from_mapping(table)
    except HardwareError as error:
        raise click.ClickException(str(error)) from None


@contextmanager
def _opened(config: LedConfig) -> Iterator[LedStrip]:
    """The strip, closed (dark) however the command ends."""
    try:
        strip = open_strip(config)
    except HardwareError as error:
        raise click.ClickException(str(error)) from None
    try:
        yield strip
    finally:  # Ctrl-C included: click then reports "Aborted!"
        strip.close()


def _load_map(model: str) -> LedMap:
    try:
        return LedMap.load(model)
    except HardwareError as error:
        raise click.ClickException(str(error)) from None


@click.group("leds")
def command() -> None:
    """Check and record the LEDs under the holes."""


@command.command("walk")
@_strip_options
@click.option(
    "--delay", type=click.FloatRange(0.0), default=0.5, show_default=True, help="Seconds each LED stays lit."
)
@click.option("--start", type=click.IntRange(0), default=0, show_default=True, help="First LED index.")
def walk(
    model: str | None,
    config_path: Path | None,
    backend: str | None,
    pin: int | None,
    brightness: float | None,
    delay: float,
    start: int,
) -> None:
    """Light the LEDs one by one, printing the hole each should be under."""
    document = _read_config(config_path)
    led_map = _load_map(_model(model, document))
    config = _led_config(led_map, document, {"backend": backend, "pin": pin, "brightness": brightness})
    try:
        led_map.check_count(config.count)
    except HardwareError as error:
        raise click.ClickException(str(error)) from None
    with _opened(config) as strip:
        for index in range(start, config.count):
            pixels = [(0, 0, 0)] * config.count
            pixels[index] = WALK_COLOUR
            strip.show(pixels)
            click.echo(f"LED {index:3d}  {led_map.place_at(index) or '(spare: under no hole)'}")
            time.sleep(delay)
    click.echo("done: every LED was lit once; the LEDs are dark")


@command.command("off")
@_strip_options
def off(
    model: str | None,
    config_path: Path | None,
    backend: str | None,
    pin: int | None,
    brightness: float | None,
) -> None:
    """Turn every LED dark (the systemd unit runs it after the companion stops, even after a crash).

    WS2812 LEDs keep their last colour when nothing drives them any more, so a companion killed
    without its SIGTERM handler would leave the board lit.
    """
    document = _read_config(config_path)
    led_map = _load_map(_model(model, document))
    config = _led_config(led_map, document, {"backend": backend, "pin": pin, "brightness": brightness})
    with _opened(config):
        pass
    click.echo(f"{config.count} LEDs dark")


@command.command("map")
@_strip_options
@click.option(
    "--count", type=click.IntRange(1), help="LEDs in the chain (default: the file's, or the model's map's)."
)
@click.option(
    "--buttons", "use_buttons", is_flag=True, help="Answer with the table's buttons instead of the keyboard."
)
@click.option(
    "--camera",
    "use_camera",
    is_flag=True,
    help="Answer by dropping a marble on each lit hole, read by the camera of --config "
    "(calibrated by `tock serve` first).",
)
@click.option(
    "--button-pins",
    type=(int, int, int),
    help="GPIOs of the confirm, undo and next buttons (default: [buttons] of --config, else 17 27 22).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    help="Folder to save <model>.leds.json in [default: ~/.config/tock/leds, found first by `tock serve` "
    "run by the same user].",
)
def map_leds(
    model: str | None,
    config_path: Path | None,
    backend: str | None,
    pin: int | None,
    brightness: float | None,
    count: int | None,
    use_buttons: bool,
    use_camera: bool,
    button_pins: tuple[int, int, int] | None,
    out: Path | None,
) -> None:
    """Record which hole each LED is under, one lit LED at a time.

    \b
    Keyboard: Enter accepts the suggested hole, or type the hole's id (A7, BH2, CR1, CIEL);
    '-' marks a spare LED under no hole, 'u' undoes the last LED, 'q' quits without saving.
    Buttons: confirm accepts the suggested hole, next suggests the following hole, hold next for a
    spare LED, undo goes back one LED, hold undo quits without saving.
    Camera: drop a marble on the lit hole; the camera sees which hole it went into.
    """
    if use_camera and use_buttons:
        raise click.UsageError("choose --camera or --buttons, not both")
    if out is None:
        _check_the_service_reads_it(config_path)
    document = _read_config(config_path)
    model = _model(model, document)
    shipped = _load_map(model)
    config = _led_config(
        shipped, document, {"backend": backend, "pin": pin, "brightness": brightness}, count=count
    )
    session = MappingSession(model, shipped.sections, config.count, suggestions=shipped.chain)
    read_places = _camera_reader(config_path) if use_camera else None
    with _opened(config) as strip:
        if read_places is not None:
            finished = _by_camera(session, strip, *read_places)
        elif use_buttons:
            finished = _by_buttons(session, strip, button_pins or _button_pins(document))
        else:
            finished = _by_keyboard(session, strip)
    if not finished:
        click.echo("not saved")
        return
    try:
        path = session.result().save(out or ledmap.USER_MAP_DIR)
    except HardwareError as error:
        raise click.ClickException(f"{error}: run `tock leds map` again") from None
    click.echo(f"saved {path}")


def _check_the_service_reads_it(config_path: Path | None) -> None:
    """Refuse to record a map in this user's folder when the settings belong to another user (the
    admin recording for the service's ``tock``): that user's companion would keep the shipped map."""
    if config_path is None or not config_path.exists():
        return
    owner = config_path.stat().st_uid
    if owner == os.geteuid():
        return
    name = _user_name(owner)
    raise click.ClickException(
        f"{config_path} belongs to {name}, whose companion reads recorded maps from its own home: saved "
        f"in {ledmap.USER_MAP_DIR}, this map would never be used. Record it as that user: "
        f"sudo -iu {name} tock leds map --config {config_path} (or choose the folder with --out)"
    )


def _user_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"


def _button_pins(document: dict[str, Any]) -> tuple[int, int, int]:
    """The ``[buttons]`` table's confirm, undo and next GPIOs (17, 27 and 22 when absent)."""
    table = document.get("buttons", {})
    table = table if isinstance(table, dict) else {}
    pins = tuple(table.get(name, default) for name, default in (("confirm", 17), ("undo", 27), ("next", 22)))
    if not all(isinstance(pin, int) and not isinstance(pin, bool) and 0 <= pin <= 27 for pin in pins):
        raise click.ClickException(f"buttons.confirm, undo and next must be GPIOs 0..27, not {pins}")
    return pins


def _camera_reader(config_path: Path | None) -> tuple[PlacesReader, Callable[[], None]]:
    """The camera of ``--config`` with vision's reader, as the mapping session's question."""
    from firmware_py.app.camera_places import places_reader_for
    from firmware_py.config import load_config
    from firmware_py.errors import ConfigError
    from hardware.errors import CameraUnavailable

    if config_path is None:
        raise click.UsageError("--camera needs --config: the file that names the camera and the database")
    try:
        return places_reader_for(load_config(config_path))
    except (ConfigError, ValueError, CameraUnavailable) as error:
        raise click.ClickException(str(error)) from None


def _by_camera(
    session: MappingSession, strip: LedStrip, read_places: PlacesReader, close: Callable[[], None]
) -> bool:
    from firmware_py.app.camera_places import NoStableReading

    click.echo("Drop a marble into each lit hole; take it out when the next LED lights. Ctrl-C stops.")
    try:
        record_with_camera(
            session,
            strip.show,
            read_places,
            on_placed=lambda led, place: click.echo(f"LED {led} is under {place}"),
        )
    except (NoStableReading, HardwareError) as error:
        raise click.ClickException(f"{error}: run `tock leds map --camera` again") from None
    finally:
        close()
    return True


def _by_keyboard(session: MappingSession, strip: LedStrip) -> bool:
    while not session.done:
        strip.show(session.frame())
        suggestion = session.suggestion
        answer = click.prompt(
            f"LED {session.index} of {session.led_count} is lit; hole [{suggestion or 'none'}]",
            default="",
            show_default=False,
        ).strip()
        try:
            if answer.lower() == "q":
                return False
            if answer.lower() == "u":
                session.undo()
            elif answer == "-":
                session.skip()
            elif answer:
                session.assign(answer)
            else:
                session.confirm()
        except HardwareError as error:
            click.echo(f"  {error}")
    strip.show(session.frame())
    return True


def _by_buttons(session: MappingSession, strip: LedStrip, pins: tuple[int, int, int]) -> bool:
    from hardware.buttons import TableButtons

    actions: queue.Queue[str] = queue.Queue()
    try:
        buttons = TableButtons(*pins)
    except (ValueError, HardwareError) as error:
        raise click.ClickException(str(error)) from None
    with buttons:
        buttons.on_press("confirm", lambda: actions.put("confirm"))
        buttons.on_press("next", lambda: actions.put("next"))
        buttons.on_press("undo", lambda: actions.put("undo"))
        buttons.on_hold("next", lambda: actions.put("spare"))
        buttons.on_hold("undo", lambda: actions.put("quit"))
        while not session.done:
            strip.show(session.frame())
            click.echo(f"LED {session.index} of {session.led_count} is lit: is it {session.suggestion}?")
            action = actions.get()
            try:
                if action == "quit":
                    return False
                if action == "confirm":
                    session.confirm()
                elif action == "next":
                    session.next_suggestion()
                elif action == "spare":
                    session.skip()
                else:
                    session.undo()
            except HardwareError as error:
                click.echo(f"  {error}")
    strip.show(session.frame())
    return True
