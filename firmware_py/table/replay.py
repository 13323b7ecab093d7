"""A saved game step by step, for the browser's replay: the board before the first move, then after
each event, with that event's log line.

Only what everyone saw at the table goes out: the board, the seats' names and colours, the log lines
(an exchange says that a card was given, never which). The seat links' secrets saved with the game are
left out.
"""

from __future__ import annotations

from typing import Any

from firmware_py.store import history
from firmware_py.store.saves import GameStore


def replay_frames(store: GameStore, game_id: int) -> dict[str, Any]:
    """Every frame of a saved game.

    Returns:
        ``{"game_id", "preset", "winner", "board": {sections, home_entry_after, shortcut_cell, centre,
        model}, "seats": [{seat, name, colour}], "frames": [{"layout": {place: seat}, "entry": log line
        or None (the start), "step": [from, to] pairs}], "error": {fr, en} or None}``; ``error`` says where
        a save the engine cannot read any further stops (the frames before it are kept).

    Raises:
        KeyError: no such game in the save.
    """
    stored = store.game(game_id)
    settings = history.settings_of(stored)
    rules = history.rules_of(settings)
    topology = rules.topology(len(settings.seats))
    game = history.start(settings, stored.seed)
    frames: list[dict[str, Any]] = [{"layout": dict(history.position_of(game).layout), "entry": None}]
    error = None
    try:
        for step in history.replay(stored, store.events(game_id)):
            frames.append({"layout": dict(history.position_of(step.game).layout), "entry": step.entry})
    except history.ReplayError as failure:
        # its words name the event; the engine's text would show every hand
        error = {"fr": f"Relecture arrêtée : {failure.fr}", "en": f"Replay stopped: {failure.en}"}
    return {
        "game_id": game_id,
        "preset": settings.preset,
        "winner": stored.winner,
        "board": {
            "model": settings.model,
            "sections": topology.sections,
            "home_entry_after": topology.home_entry_after,
            "shortcut_cell": topology.shortcut_cell,
            "centre": topology.centre,
        },
        "seats": [{"seat": s.seat, "name": s.name, "colour": s.colour} for s in settings.seats],
        "frames": frames,
        "error": error,
    }
