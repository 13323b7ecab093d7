"""A saved game rebuilt from its set-up, its seed and its events: for resuming, undoing and replaying.

The store keeps no positions or hands, only what happened; the engine replays chance from the seed, so
the game rebuilt here is exactly the game that was played. Each step also yields the log line the table
shows, so a resumed table shows the same log as before the power cut.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from firmware_py.config import GameSettings, parse_game_settings
from firmware_py.engine import Card, Game, Move, Position, RuleSet, TockError, play
from firmware_py.engine.board import BoardTopology
from firmware_py.house_rules import build_rules
from firmware_py.store.saves import StoredEvent, StoredGame
from firmware_py.table.wording import move_entry, shown_name


@dataclass(frozen=True)
class Step:
    """One event replayed: the game after it and its log line."""

    event: StoredEvent
    game: Any
    """The engine's ``Game`` (or ``Position`` with physical cards) after the event."""
    entry: dict[str, Any]
    """Log line: n, seat, move, fr, en, places, steps (see ``wording.move_entry``)."""


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


def start(settings: GameSettings, seed: int) -> Any:
    """The game at its start: the engine's ``Game`` (digital cards) or ``Position`` (physical cards)."""
    rules = rules_of(settings)
    seats = tuple(s.seat for s in settings.seats)
    if settings.cards == "digital":
        return Game.new(rules, seats=seats, seed=seed)
    return Position.initial(rules, seats=seats)


def position_of(game: Any) -> Any:
    """The position of a game (a ``Position`` is its own position)."""
    return getattr(game, "position", game)


def apply_event(game: Any, event: StoredEvent) -> Any:
    """The game after one saved event.

    Raises:
        ReplayError: the engine refuses the event.
    """
    try:
        if event.kind == "exchange":
            return game.exchange(event.seat, Card.parse(event.text))
        if event.kind == "end_turn":
            return game.end_turn(event.seat)
        move = Move.parse(event.text)
        return game.play(move) if hasattr(game, "position") else play(game, move)
    except (TockError, ValueError) as error:
        raise ReplayError(event.n, event.kind, event.seat, event.text, str(error)) from error


def log_entry(
    event: StoredEvent, before: Any, after: Any, names: dict[str, str], topology: BoardTopology | None = None
) -> dict[str, Any]:
    """The log line of an event, with its sentence in French and English."""
    if event.kind != "move":
        return {
            "n": event.n,
            "seat": event.seat,
            "move": "",
            **action_words(event.kind, names.get(event.seat, event.seat)),
            "places": [],
        }
    move = Move.parse(event.text)
    return move_entry(
        event.n, event.seat, move, position_of(before).layout, position_of(after).layout, names, topology
    )


def action_words(kind: str, player: str) -> dict[str, str]:
    """The log sentence of an action that moves no marble (an exchange, the end of a joker's turn); a
    default name is said in each sentence's language."""
    fr, en = shown_name(player, "fr"), shown_name(player, "en")
    if kind == "exchange":
        return {"fr": f"{fr} donne une carte à son partenaire", "en": f"{en} gives a card to their partner"}
    return {"fr": f"{fr} garde sa carte pour plus tard", "en": f"{en} keeps their card for later"}


def replay(stored: StoredGame, events: Sequence[StoredEvent]) -> Iterator[Step]:
    """Replay a saved game event by event.

    Raises:
        ReplayError: an event the engine refuses (the steps before it were yielded).
    """
    settings = settings_of(stored)
    names = {s.seat: s.name for s in settings.seats}
    game = start(settings, stored.seed)
    topology = rules_of(settings).topology(len(settings.seats))
    for event in events:
        after = apply_event(game, event)
        yield Step(event, after, log_entry(event, game, after, names, topology))
        game = after
