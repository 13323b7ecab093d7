"""A saved game step by step, for the browser's replay: the board before the first move, then after
each event, with that event's log line.

Only what everyone saw at the table goes out: the board, the seats' names and colours, the log lines
(an exchange says that a card was given, never which). The seat links' secrets saved with the game are
left out.
"""

from __future__ import annotations

from typing import TypedDict

from firmware_py import refusals
from firmware_py.store import history
from firmware_py.store.saves import GameStore, StoredGame
from firmware_py.table.answers import LogLine
from firmware_py.table.turn import Words
from firmware_py.table.views import BoardFacts, board_facts
from firmware_py.table.wording import log_entry


class SeatLook(TypedDict):
    """A seat as a replay draws it."""

    seat: str
    name: str
    colour: str


class Frame(TypedDict):
    """One board of a replay, with the log line of the event that made it (None: the start)."""

    layout: dict[str, str]
    entry: LogLine | None


class Replay(TypedDict):
    """Every board of a saved game; ``error`` says where a save the engine cannot read stops."""

    game_id: int
    preset: str
    winner: str | None
    board: BoardFacts
    seats: list[SeatLook]
    frames: list[Frame]
    error: Words | None


def saved_game(store: GameStore, game_id: int) -> StoredGame:
    """Game ``game_id`` of the save.

    Raises:
        NotFound: no such game in the save.
    """
    try:
        return store.game(game_id)
    except KeyError:
        raise refusals.no_such_game(game_id) from None


def replay_frames(store: GameStore, game_id: int) -> Replay:
    """Every frame of a saved game.

    Returns:
        ``{"game_id", "preset", "winner", "board": {sections, home_entry_after, shortcut_cell, centre,
        model}, "seats": [{seat, name, colour}], "frames": [{"layout": {place: seat}, "entry": log line
        or None (the start), "step": [from, to] pairs}], "error": {fr, en} or None}``; ``error`` says where
        a save the engine cannot read any further stops (the frames before it are kept).

    Raises:
        NotFound: no such game in the save.
    """
    stored = saved_game(store, game_id)
    settings = history.settings_of(stored)
    rules = history.rules_of(settings)
    topology = rules.topology(len(settings.seats))
    game = history.start(settings, stored.seed)
    names = {s.seat: s.name for s in settings.seats}
    frames: list[Frame] = [{"layout": dict(game.position.layout), "entry": None}]
    error: Words | None = None
    try:
        for step in history.replay(stored, store.events(game_id)):
            entry = log_entry(step.event, step.before.position, names, topology, n=len(frames))
            frames.append({"layout": dict(step.game.position.layout), "entry": entry})
    except history.ReplayError as failure:
        # its words name the event; the engine's text would show every hand
        error = {"fr": f"Relecture arrêtée : {failure.fr}", "en": f"Replay stopped: {failure.en}"}
    return {
        "game_id": game_id,
        "preset": settings.preset,
        "winner": stored.winner,
        "board": board_facts(settings.model, topology),
        "seats": [{"seat": s.seat, "name": s.name, "colour": s.colour} for s in settings.seats],
        "frames": frames,
        "error": error,
    }
