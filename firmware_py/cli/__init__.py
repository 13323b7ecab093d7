"""The ``tock`` command.

Sub-commands live next to what they drive and are imported only when called, so that ``tock --help``
and the rules commands start fast and never load OpenCV, Flask or the hardware libraries.
"""

from __future__ import annotations

import importlib

import click

COMMANDS: dict[str, tuple[str, str]] = {
    "serve": ("firmware_py.cli.serve:command", "Run the companion: camera, rules, LEDs and the web page."),
    "replay": ("firmware_py.cli.replay:command", "Replay a saved game move by move, or list saved games."),
    "leds": ("firmware_py.cli.leds:command", "Check the LED wiring (walk) and record the LED map (map)."),
    "selfplay": ("firmware_py.cli.selfplay:command", "Random legal games, invariants checked, games/s."),
    "arena": ("firmware_py.cli.arena:command", "Computer levels play each other: the first team's win rate."),
    "vision": ("vision.cli:vision", "Camera: render synthetic frames, calibrate, read a board, benchmark."),
    "presets": ("firmware_py.cli.rules:presets_command", "Rule presets, every switch in words (fr, en)."),
    "moves": ("firmware_py.cli.rules:moves_command", "Legal moves of a position and where they lead."),
    "check": ("firmware_py.cli.rules:check_command", "Is a move legal? Prints the reasons if not."),
    "board": ("vision.cli:board", "The physical board: printable SVG, fit to a photo, reference designs."),
    "doctor": (
        "firmware_py.cli.doctor:command",
        "Check a Raspberry Pi install: packages, camera, LEDs, buttons.",
    ),
    "key": (
        "firmware_py.cli.pairing:key_command",
        "Show the table's pairing link and QR code, or a new key.",
    ),
}
"""Sub-command name -> ("package.module:attribute" of its click command or group, one-line help)."""


class LazyGroup(click.Group):
    """A click group whose sub-commands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module_name, _, attribute = COMMANDS[cmd_name][0].partition(":")
        command = getattr(importlib.import_module(module_name), attribute)
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup)
@click.version_option(package_name="tock-companion")
def main() -> None:
    """Tock companion: checks every move of a real Tock board against the rule sheet you chose."""
