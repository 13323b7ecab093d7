"""``tock serve``: the companion at the table, in simulation by default.

The companion itself is built by the wiring root (:mod:`firmware_py.app`); this command reads the
settings and the command line's options, starts it, serves the pages and says where to find them.
"""

from __future__ import annotations

import dataclasses
import functools
import sys
from pathlib import Path
from typing import Any

import click

from firmware_py.cli import pairing
from firmware_py.config import Config, check_camera_source, load_config
from firmware_py.engine.compiled import engine_kind
from firmware_py.errors import ConfigError


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
    from firmware_py.app.companion import CompanionError, assemble, serve_web
    from firmware_py.app.stopping import SignalStop
    from firmware_py.store.saves import StoreError

    try:
        config = with_options(load_config(config_path), camera=camera, leds=leds, host=host, port=port, db=db)
        companion = assemble(
            config, show_pairing=functools.partial(echo_pairing, pairing.public_url(config.web))
        )
    except (ConfigError, CompanionError, StoreError) as error:
        raise click.ClickException(str(error)) from None

    url = pairing.public_url(config.web)
    try:
        server = serve_web(companion, config, public_url=url, origins=pairing.origins(config.web))
    except OSError as error:
        companion.close()
        raise click.ClickException(
            f"cannot listen on {config.web.host}:{config.web.port}: {error.strerror}"
        ) from None
    companion.start()
    stop = SignalStop(companion.table)
    stop.install()
    try:  # from here a signal, as the end of serving, closes the companion
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
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        stop.begin()
        companion.close()


def echo_pairing(url: str, table: Any) -> None:
    """The table's link and QR code on the terminal (at start, and when "next" is held).

    Only on a terminal: as a service, standard output is the journal, and a key is never written to a
    log; ``tock key`` shows it there to whoever can reach the Pi.
    """
    if not sys.stdout.isatty():
        click.echo("Pair the table: run 'tock key' on this machine (its link is never written to a log).")
        return
    click.echo(pairing.pairing_text(url, table.table_key()), nl=False)
