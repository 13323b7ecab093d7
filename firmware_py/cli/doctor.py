"""``tock doctor``: check a Raspberry Pi install, one line per check with its fix.

Run it as the user the service runs as, with the service's settings
(``sudo -iu tock tock doctor --config /home/tock/tock.toml``): the LED map it reports is that
user's, the one the service reads. It exits with
status 1 when a check failed.
"""

from __future__ import annotations

from pathlib import Path

import click

from firmware_py.config import load_config
from firmware_py.errors import ConfigError


@click.command("doctor")
@click.option(
    "--config", "config_path", default=None, type=click.Path(path_type=Path), help="The tock.toml to check."
)
def command(config_path: Path | None) -> None:
    """Check this Pi for the companion: Python packages, camera, LEDs, buttons, disk."""
    from hardware.doctor import Machine, Setup, run_checks
    from hardware.ledconfig import DEFAULT_PIN

    try:
        config = load_config(config_path)
    except ConfigError as error:
        raise click.ClickException(str(error)) from None
    setup = Setup(
        camera=config.camera.source,
        led_backend=str(config.leds.get("backend", "sim")),
        led_pin=int(config.leds.get("pin", DEFAULT_PIN)),
        buttons=config.buttons.enabled,
        saves=config.db.parent,
        model=config.game.model,
        led_count=config.leds.get("count"),
    )
    machine = Machine.here()
    groups = ", ".join(sorted(machine.groups)) or "none"
    board = machine.model or "not a Raspberry Pi (no /proc/device-tree/model)"
    click.echo(f"tock doctor: {board}; user {machine.user} (groups: {groups})")
    if config_path is None:
        click.echo(
            "no --config: checking the default settings (simulated camera and LEDs); pass the tock.toml"
        )
    checks = run_checks(setup, machine)
    for check in checks:
        click.echo(check.line())
    failed = [check.name for check in checks if check.status == "FAIL"]
    if failed:
        raise click.ClickException(f"{len(failed)} check(s) failed: {', '.join(failed)}")
