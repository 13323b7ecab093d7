"""The hint mode's suggestion: the strong move, and one sentence of why that fits what the move does."""

from __future__ import annotations

import dataclasses

import pytest

from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine import Move, Position
from firmware_py.engine.game import Game, Phase
from firmware_py.table.core import Table
from firmware_py.table.teaching import suggest, why

NAMES = {"A": "Ana", "B": "Bob", "C": "Chloé", "D": "Dan"}


def game_at(text: str) -> Game:
    """A game in the play phase at the position ``text`` (with the hands it names)."""
    position = Position.from_notation(text)
    game = Game.new(position.rules, seats=position.seats, seed=0)
    return dataclasses.replace(game, position=position, phase=Phase.PLAY, to_play=position.turn)


@pytest.mark.parametrize(
    ("text", "move", "english"),
    [
        ("r1 A:A5 B:A8 C: D: A A=3H B= C= D=", "3H:A5-A8", "It sends Bob's marble back to its reserve."),
        ("r1 A:A14 B: C: D: A A=6H B= C= D=", "6H:A14-AH4", "It puts your marble in your home, safe."),
        (
            "r1 A: B: C: D: A A=AH B= C= D=",
            "AH:AR-A18",
            "It puts your marble on your start cell, where nobody",
        ),
        ("qc A: B: C: D: A A=AH B= C= D=", "AH:AR-A18", "It brings a marble out of your reserve."),
        ("r1 A:A5 B:A1 C: D: A A=10H B= C= D=", "10H:A5-A15", "It takes your marble out of reach"),
        ("r1 A:AH1,AH2,AH3,AH4 B: C:C3 D: A A=2H B= C= D=", "2H:C3-C5", "It moves your partner Chloé on."),
        ("r1 A:A3 B: C: D: A A=2H B= C= D=", "2H:A3-A5", "It brings your team closest to home"),
        ("r1 A: B: C: D: A A=3H B= C= D=", "3H:discard", "No card can move a marble"),
    ],
)
def test_the_sentence_says_what_the_move_does(text: str, move: str, english: str) -> None:
    game = game_at(text)
    parsed = Move.parse(move)
    assert parsed in game.legal_moves()
    fr, en = why(game, "A", parsed, NAMES)
    assert en.startswith(english)
    assert fr and fr != en


def test_the_suggestion_is_a_legal_move_with_its_reason() -> None:
    game = game_at("r1 A:A3,B9 B:A8 C: D: A A=5H,2C,9S B= C= D=")
    tip = suggest(game, "A", NAMES, move_time=0.02)
    assert tip.move in game.legal_moves()
    assert (tip.fr, tip.en) == why(game, "A", tip.move, NAMES)
    with pytest.raises(ValueError, match="seat B has no move to suggest now"):
        suggest(game, "B", NAMES, move_time=0.02)


def test_the_table_marks_the_suggested_hint_only_when_asked() -> None:
    settings = dataclasses.replace(default_game(), preset="r1", seats=default_seats(4, humans=4), seed=3)
    table = Table(Config(game=settings, camera=CameraSettings(source="none"), computer_move_time=0.02))
    try:
        turn = table.public_view()["turn"]
        token = next(link["token"] for link in table.seat_links() if link["seat"] == turn)
        plain = table.hints(token)
        assert plain and not any(h["suggested"] for h in plain)
        hints = table.hints(token, suggest=True)
        marked = [h for h in hints if h["suggested"]]
        assert len(marked) == 1 and marked[0]["why"]["en"].startswith("It ")
        assert [h["move"] for h in hints] == [h["move"] for h in plain]
    finally:
        table.close()
