"""The end of a game in figures, read back from its save: who won, how long it lasted, and for each
seat the cards it played, the cards it threw away and the marbles it sent back to their reserve.

Everything comes from the saved events replayed by the engine (:func:`firmware_py.store.history.replay`),
so the figures are the same on the table that just played and for any game of the save afterwards.
"""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict

from firmware_py import refusals
from firmware_py.engine import Move, move_effect
from firmware_py.errors import ConfigError
from firmware_py.store import history
from firmware_py.store.saves import GameStore
from firmware_py.table.replay import saved_game


class SeatFigures(TypedDict):
    """One seat's figures in a saved game: cards played, discards, marbles it sent back to a reserve
    (``captures``) and of its own sent back (``lost``)."""

    seat: str
    name: str
    colour: str
    computer: bool
    cards_played: int
    discards: int
    captures: int
    lost: int


class Summary(TypedDict):
    """The figures of a saved game (``minutes`` None until it ends; ``rounds``: turns per seat)."""

    game_id: int
    winner: str | None
    minutes: int | None
    turns: int
    rounds: int
    seats: list[SeatFigures]


class SavedGame(TypedDict):
    """A saved game in a list to open one from: when (UTC, to the minute), who played, who won."""

    id: int
    when: str
    names: dict[str, str]
    winner: str | None


def _minutes(start: str, end: str | None) -> int | None:
    """Whole minutes between two saved UTC times (None while the game is not over)."""
    if end is None:
        return None
    seconds = (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    return max(0, round(seconds / 60))


def game_summary(store: GameStore, game_id: int) -> Summary:
    """The figures of one saved game.

    Returns:
        ``{"game_id", "winner" (seat letters or None), "minutes" (None until the end), "turns" (moves and
        discards played), "rounds" (turns divided by seats, rounded up), "seats": [{seat, name, colour,
        computer, cards_played, discards, captures, lost}]}`` — ``captures``: marbles this seat sent back
        to a reserve; ``lost``: its own marbles sent back.

    Raises:
        NotFound: no such game in the save. CannotDo: a saved event the engine refuses.
    """
    stored = saved_game(store, game_id)
    settings = history.settings_of(stored)
    counts = {
        s.seat: dict.fromkeys(("cards_played", "discards", "captures", "lost"), 0) for s in settings.seats
    }
    game = history.start(settings, stored.seed)
    turns = 0
    try:
        for step in history.replay(stored, store.events(game_id)):
            event = step.event
            if event.kind == "move":
                move = Move.parse(event.text)
                turns += 1
                mover = counts[event.seat]
                if move.is_discard:
                    mover["discards"] += 1
                elif move.card is not None:
                    mover["cards_played"] += 1
                    for capture in move_effect(game.position, move).captures:
                        mover["captures"] += 1
                        if capture.seat in counts:
                            counts[capture.seat]["lost"] += 1
            game = step.game
    except history.ReplayError as error:
        raise refusals.unreadable_game(error.fr, error.en) from None
    seats = len(counts) or 1
    return {
        "game_id": game_id,
        "winner": stored.winner,
        "minutes": _minutes(stored.created, stored.finished),
        "turns": turns,
        "rounds": -(-turns // seats),
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "colour": s.colour,
                "computer": s.computer,
                "cards_played": counts[s.seat]["cards_played"],
                "discards": counts[s.seat]["discards"],
                "captures": counts[s.seat]["captures"],
                "lost": counts[s.seat]["lost"],
            }
            for s in settings.seats
        ],
    }


def saved_games(store: GameStore, latest: int) -> list[SavedGame]:
    """The ``latest`` saved games, newest first, for a list to open one from: ``{"id", "when" (UTC, to the
    minute), "names" ({seat: name as set up}), "winner" (seat letters or None)}``. A save from a version
    whose set-up no longer reads is left out."""
    listed: list[SavedGame] = []
    for game in sorted(store.games(), key=lambda g: g.id, reverse=True)[:latest]:
        try:
            seats = history.settings_of(game).seats
        except (ConfigError, KeyError):
            continue
        listed.append(
            {
                "id": game.id,
                "when": game.created[:16].replace("T", " "),
                "names": {seat.seat: seat.name for seat in seats},
                "winner": game.winner,
            }
        )
    return listed
