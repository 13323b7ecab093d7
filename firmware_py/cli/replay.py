"""``tock replay``: a saved game, move by move, from the save file ``tock serve`` writes.

Without a game number it lists the saved games. The game is rebuilt by the engine from its set-up,
seed and moves (:mod:`firmware_py.store.history`), so what is printed is what the rules make of the save.
"""

from __future__ import annotations

import time
from pathlib import Path

import click

from firmware_py.config import DEFAULT_DB


def _board_line(layout: dict[str, str]) -> str:
    """Where each seat's marbles stand, reserves counted: ``A: A18 AH1 (2 in reserve)``."""
    seats: dict[str, list[str]] = {}
    for place, seat in layout.items():
        seats.setdefault(seat, []).append(place)
    parts = []
    for seat in sorted(seats):
        out = sorted(p for p in seats[seat] if "R" not in p[1:])
        waiting = len(seats[seat]) - len(out)
        parts.append(f"{seat}: {' '.join(out) or '-'}" + (f" ({waiting} in reserve)" if waiting else ""))
    return " | ".join(parts)


@click.command("replay")
@click.argument("game", required=False)
@click.option(
    "--db", default=str(DEFAULT_DB), show_default=True, type=click.Path(path_type=Path), help="The save file."
)
@click.option(
    "--lang", default="fr", show_default=True, type=click.Choice(["fr", "en"]), help="Language of the moves."
)
@click.option(
    "--delay", default=0.0, show_default=True, type=click.FloatRange(0, 10), help="Seconds between moves."
)
@click.option("--boards/--no-boards", default=False, help="Print where the marbles stand after each move.")
def command(game: str | None, db: Path, lang: str, delay: float, boards: bool) -> None:
    """Replay saved game GAME (its number, or 'last'); without GAME, list the saved games."""
    from firmware_py.store.history import ReplayError, replay, rules_of, settings_of
    from firmware_py.store.saves import GameStore, StoreError
    from firmware_py.table.wording import log_entry

    if not db.exists():
        raise click.ClickException(
            f"no save file at {db} (play a game with `tock serve` first, or give --db)"
        )
    try:
        store = GameStore(db)
    except StoreError as error:
        raise click.ClickException(str(error)) from None
    try:
        games = store.games()
        if game is None:
            if not games:
                click.echo("no saved game")
            for saved in games:
                setup = saved.settings["setup"]
                names = ", ".join(s["name"] for s in setup["seats"])
                state = f"won by {saved.winner}" if saved.winner else "not finished"
                moves = len(store.events(saved.id))
                when = saved.created[:16]
                click.echo(f"{saved.id:>4} {when} {setup['preset']:<6} {moves:>4} events {state:<14} {names}")
            return
        if game == "last":
            if not games:
                raise click.ClickException("no saved game")
            game_id = games[0].id
        elif game.isdigit():
            game_id = int(game)
        else:
            raise click.ClickException(f"GAME must be a game number or 'last', not {game!r}")
        try:
            saved = store.game(game_id)
        except KeyError:
            raise click.ClickException(f"no game {game_id} in {db} (`tock replay` lists them)") from None
        settings = settings_of(saved)
        seats = ", ".join(
            f"{s.seat} {s.name}" + (" (computer)" if s.computer else "") for s in settings.seats
        )
        click.echo(
            f"game {saved.id}: preset {settings.preset}, seed {saved.seed}, {settings.cards} cards; {seats}"
        )
        seat_names = {s.seat: s.name for s in settings.seats}
        topology = rules_of(settings).topology(len(settings.seats))
        last = None
        try:
            for line, step in enumerate(replay(saved, store.events(game_id)), 1):  # numbered as the log
                entry = log_entry(step.event, step.before.position, seat_names, topology, n=line)
                click.echo(f"{line:>4}. {entry['fr'] if lang == 'fr' else entry['en']}")
                if boards:
                    click.echo(f"      {_board_line(step.game.position.layout)}")
                last = step.game
                if delay:
                    time.sleep(delay)
        except ReplayError as error:
            raise click.ClickException(str(error)) from None
        winner = getattr(last, "winner", None) if last is not None else None
        if winner:
            players = {s.seat: s.name for s in settings.seats}
            click.echo(("gagné par " if lang == "fr" else "won by ") + " & ".join(players[s] for s in winner))
        else:
            click.echo("partie non terminée" if lang == "fr" else "game not finished")
    finally:
        store.close()
