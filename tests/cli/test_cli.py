"""The ``tock`` command itself."""

from __future__ import annotations

from click.testing import CliRunner

from firmware_py.cli import COMMANDS, main


def test_help_lists_every_sub_command() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    for name in COMMANDS:
        assert name in result.output


def test_every_sub_command_has_help() -> None:
    for name in COMMANDS:
        result = CliRunner().invoke(main, [name, "--help"])
        assert result.exit_code == 0, f"tock {name} --help: {result.output}"


def test_unknown_sub_command_is_a_clear_error() -> None:
    result = CliRunner().invoke(main, ["fly"])
    assert result.exit_code == 2
    assert "No such command 'fly'" in result.output
