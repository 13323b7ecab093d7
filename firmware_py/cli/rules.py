"""``tock presets``, ``tock moves`` and ``tock check``: the rules engine from the command line.

Positions are written in the engine's notation (``docs/notation.md``); the rules token may be left
out when ``--preset`` is given: ``tock moves --preset r1 --position "A:A18*,B3 B: C: D: A" --card 7H``.
"""

from __future__ import annotations

import json
import sys
from typing import IO, Any

import click

from firmware_py.engine import (
    PRESETS,
    Card,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    MoveKind,
    Position,
    TockError,
    describe,
    explain,
    find_preset,
    legal_moves,
    play,
)
from firmware_py.engine.movegen import card_in_hand
from firmware_py.engine.violations import Violation


class _Failed(click.ClickException):
    """A bad position, move or card: English and French reasons on stderr, or JSON on stdout."""

    def __init__(self, message: str, violations: tuple[Violation, ...] = (), *, as_json: bool) -> None:
        super().__init__(message)
        self.violations = violations
        self.as_json = as_json

    def show(self, file: IO[Any] | None = None) -> None:
        if self.as_json:
            data = {"error": self.message, "violations": [v.to_dict() for v in self.violations]}
            click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        elif self.violations:
            for v in self.violations:
                click.echo(f"Error: {v.en} / {v.fr}", err=True)
        else:
            super().show(file)


def _failed(error: Exception, as_json: bool) -> _Failed:
    violations: tuple[Violation, ...] = ()
    if isinstance(error, (InvalidPositionError, IllegalMoveError)):
        violations = error.violations
    return _Failed(str(error), violations, as_json=as_json)


def _position(preset: str | None, notation: str) -> Position:
    """The position of ``notation``, its rules token taken from ``preset`` when it has none.

    Raises:
        TockError: bad notation or an impossible position; ValueError: the preset and the position's
            rules disagree, or neither gives the rules.
    """
    tokens = notation.split()
    has_rules = bool(tokens) and ":" not in tokens[0]
    if preset is not None:
        find_preset(preset)
        if has_rules and tokens[0].split("[")[0].lower() != preset.lower():
            raise ValueError(
                f"--preset {preset} disagrees with the position's rules {tokens[0]!r}; give one of them"
            )
        if not has_rules:
            notation = f"{preset} {notation}"
    elif not has_rules:
        raise ValueError("give --preset, or start the position with its rules (e.g. 'r1 A: B: C: D: A')")
    return Position.from_notation(notation)


@click.command("presets")
@click.option("--lang", type=click.Choice(["fr", "en", "both"]), default="both", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def presets_command(lang: str, as_json: bool) -> None:
    """List the rule presets with every switch in words (French and English)."""
    langs = ("fr", "en") if lang == "both" else (lang,)
    if as_json:
        data = {
            name: {"source": rules.source, **{k: dict(describe(rules, k)) for k in langs}}
            for name, rules in PRESETS.items()
        }
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    for name, rules in PRESETS.items():
        click.echo(f"{name}  ({rules.source})")
        rows = [describe(rules, k) for k in langs]
        colons = [" : " if k == "fr" else ": " for k in langs]  # French typography: a space before
        for i in range(len(rows[0])):
            words = "  |  ".join(f"{r[i][0]}{colon}{r[i][1]}" for r, colon in zip(rows, colons, strict=True))
            click.echo(f"    {words}")
        click.echo("")


@click.command("moves")
@click.option("--preset", default=None, help="Rule preset (r1 r1x r2 toc qc canop).")
@click.option("--position", "notation", required=True, help="Position notation (docs/notation.md).")
@click.option("--card", default=None, help="Only this card (7H, 10S, KD, JOKER, or a rank such as 7).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def moves_command(preset: str | None, notation: str, card: str | None, as_json: bool) -> None:
    """List the legal moves of a position, each with the position it leads to."""
    try:
        position = _position(preset, notation)
        chosen = None if card is None else Card.parse(card)
        if chosen is not None and card_in_hand(position, chosen) is None:
            [reason] = explain(position, Move(chosen, MoveKind.DISCARD))
            raise _Failed(reason.en, (reason,), as_json=as_json)
        moves = legal_moves(position, chosen)
        rows = [(m, play(position, m)) for m in moves]
    except (TockError, ValueError) as error:
        raise _failed(error, as_json) from None
    if as_json:
        data = [{**m.to_dict(), "position": after.to_notation()} for m, after in rows]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    if not rows:
        click.echo("no legal move")
    for move, after in rows:
        click.echo(f"{move}  ->  {after.to_notation()}")


@click.command("check")
@click.option("--preset", default=None, help="Rule preset (r1 r1x r2 toc qc canop).")
@click.option("--position", "notation", required=True, help="Position notation (docs/notation.md).")
@click.option("--move", "move_text", required=True, help="Move notation, e.g. 7H:A3-A7,B2-B5.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def check_command(preset: str | None, notation: str, move_text: str, as_json: bool) -> None:
    """Print 'legal', or the rules the move breaks (and exit with status 1)."""
    try:
        position = _position(preset, notation)
        move = Move.parse(move_text)
        problems = explain(position, move)
    except (TockError, ValueError) as error:
        raise _failed(error, as_json) from None
    if as_json:
        click.echo(
            json.dumps(
                {"legal": not problems, "violations": [v.to_dict() for v in problems]},
                ensure_ascii=False,
                indent=2,
            )
        )
    elif not problems:
        click.echo("legal")
    else:
        for v in problems:
            where = f" [{', '.join(v.places)}]" if v.places else ""
            click.echo(f"{v.code}: {v.en} / {v.fr}{where}")
    if problems:
        sys.exit(1)
