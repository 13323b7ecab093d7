"""A saved game rebuilt from its set-up, its seed and its events: for resuming, undoing and replaying.

The store keeps no positions or hands, only what happened; the engine replays chance from the seed, so
the game rebuilt here is exactly the game that was played. Each step also yields the log line the table
shows, so a resumed table shows the same log as before the power cut.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from firmware_py.config import GameSettings, parse_game_settings
from firmware_py.engine import Card, Move, RuleSet, TockError
from firmware_py.games import TableGame, new_game
from firmware_py.house_rules import build_rules
from firmware_py.store.saves import StoredEvent, StoredGame


@dataclass(frozen=True)
class Step:
    """One event replayed: the game before and after it."""

    event: StoredEvent
    game: TableGame
    """The game after the event."""
    before: TableGame
    """The game before the event (the engine says what a move does on it: ``wording.log_entry``)."""


class ReplayError(Exception):
    """A saved event the engine refuses (the save was edited, or the rules changed since).

    ``str(error)`` has the engine's detail, for the person at the Pi; :attr:`fr` and :attr:`en` only name
    the event, for the pages: the engine's detail may write out the position with every hand, and a
    card given to a partner is secret.
    """

    def __init__(self, n: int, kind: str, seat: str, text: str, detail: str) -> None:
        super().__init__(f"saved {kind} {text!r} of seat {seat} cannot be replayed: {detail}")
        self.n = n
        shown = repr(text) if kind == "move" else kind
        self.fr = f"l'événement enregistré {shown} de la place {seat} est refusé par les règles."
        self.en = f"the saved {kind} {shown} of seat {seat} is refused by the rules."


def settings_of(stored: StoredGame) -> GameSettings:
    """The set-up saved with a game."""
    return parse_game_settings(stored.settings["setup"])


def rules_of(settings: GameSettings) -> RuleSet:
    """The rule set of a set-up (preset plus house rules)."""
    return build_rules(settings.preset, settings.switches)


def start(settings: GameSettings, seed: int) -> TableGame:
    """The game at its start: dealt by the companion (digital cards) or played with real cards."""
    seats = tuple(s.seat for s in settings.seats)
    return new_game(rules_of(settings), seats, seed, digital=settings.cards == "digital")


def apply_event(game: TableGame, event: StoredEvent) -> TableGame:
    """The game after one saved event.

    Raises:
        ReplayError: the engine refuses the event.
    """
    try:
        if event.kind == "exchange":
            return game.exchange(event.seat, Card.parse(event.text))
        if event.kind == "end_turn":
            return game.end_turn(event.seat)
        return game.play(Move.parse(event.text))
    except (TockError, ValueError) as error:
        raise ReplayError(event.n, event.kind, event.seat, event.text, str(error)) from error


def replay(stored: StoredGame, events: Sequence[StoredEvent]) -> Iterator[Step]:
    """Replay a saved game event by event.

    Raises:
        ReplayError: an event the engine refuses (the steps before it were yielded).
    """
    settings = settings_of(stored)
    game = start(settings, stored.seed)
    for event in events:
        after = apply_event(game, event)
        yield Step(event, after, game)
        game = after
