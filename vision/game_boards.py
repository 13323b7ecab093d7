"""Boards that follow one another as in a real game, and what the table makes of a reading of them.

A person at the table, and the table itself, knows which marble is which from the game: a marble that
arrives is the one that left. So the benchmark reads boards of a game played with random legal moves
(each board one legal move after the one before) and settles every reading as the table does: the
occupancy and the colours read for sure are held against the legal moves from the board before (the
engine's :func:`~firmware_py.engine.matching.match_seen`, which also weighs the holes not read for sure,
or :func:`~firmware_py.engine.matching.match` when every hole is sure), with the card played known
(digital cards, chosen on a phone).

Each reading then ends as one of :data:`OUTCOMES`; a wrong board accepted is the worst of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from firmware_py.engine import Card, Move, Position, find_preset, legal_moves, match, match_seen, play
from firmware_py.engine.cards import RANKS
from firmware_py.engine.colour_evidence import ColourEvidence
from vision.reader import BoardReading

RULES = "r1"
"""The rule set the games are played with (the first rule sheet's)."""
OUTCOMES = ("right", "asked", "unsettled", "wrong")
"""``right``: the move found gives the true board; ``asked``: two moves (or a move and no move) explain
the picture, the colours seen not clearly favouring one, and the table asks on the page (a question, not
a wrong board); ``unsettled``: the reading is not clear enough and the table waits or asks to check the
marbles; ``wrong``: the table would accept a board that is not the true one (a move, or the board as it
was chosen by the colours over the move made), or refuse the legal move made as a wrong one (a misread
that the rules judge, as they judge a marble of unsure colour the game attributes)."""


@dataclass(frozen=True)
class GameBoard:
    """A board of a game, with the board before it and the move that led to it."""

    previous: Position
    move: Move
    position: Position

    @property
    def layout(self) -> dict[str, str]:
        return self.position.layout

    def to_data(self) -> dict[str, str]:
        """JSON data that :meth:`from_data` reads back."""
        return {
            "previous": self.previous.to_notation(),
            "move": str(self.move),
            "card": str(self.move.card),
            "position": self.position.to_notation(),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, str]) -> GameBoard:
        """Raises:
        ValueError (a :class:`~firmware_py.engine.TockError`): notation the engine does not read."""
        previous = Position.from_notation(data["previous"])
        position = Position.from_notation(data["position"])
        card = Card.parse(data["card"])
        found = [m for m in legal_moves(previous, card) if play(previous, m).layout == position.layout]
        if not found:
            raise ValueError(f"no legal move of {card} leads from {data['previous']} to {data['position']}")
        return cls(previous, found[0], position)


def game_boards(
    rng: np.random.Generator, count: int, *, seats: int = 4, earliest: int = 20, latest: int = 200
) -> list[GameBoard]:
    """``count`` consecutive boards of a game of ``seats`` seats played with random legal moves, from a
    random point between ``earliest`` and ``latest`` moves in (moves that leave the board as it was, a
    discard or a Jack swapping two of one seat's marbles, are played but do not make a board)."""
    while True:
        wanted = int(rng.integers(earliest, latest))
        boards = random_game(rng, wanted + count, seats)
        if len(boards) >= count:
            return boards[-count:]


def random_game(rng: np.random.Generator, moves: int, seats: int = 4) -> list[GameBoard]:
    """Boards of a random game of ``seats`` seats, until ``moves`` boards or the game's end."""
    position = Position.initial(find_preset(RULES), seats)
    boards: list[GameBoard] = []
    while len(boards) < moves and position.winner is None:
        card = Card(RANKS[int(rng.integers(len(RANKS)))])
        choices = legal_moves(position, card)
        if not choices:
            break
        playing = [m for m in choices if not m.is_discard] or list(choices)
        move = playing[int(rng.integers(len(playing)))]
        after = play(position, move)
        if after.layout != position.layout and not move.is_discard:
            boards.append(GameBoard(position, move, after))
        position = after
    return boards


def moved_marble(before: Mapping[str, str], after: Mapping[str, str]) -> tuple[str, str]:
    """A marble the move takes (its place before) and a hole where a marble arrives: where a hand goes."""
    left = [p for p in sorted(before) if after.get(p) != before[p]]
    arrived = [p for p in sorted(after) if before.get(p) != after[p]]
    same = [p for p in arrived if left and after[p] == before[left[0]]]
    return left[0], (same or arrived)[0]


def settle(
    board: GameBoard,
    status: str,
    layout: Mapping[str, str],
    uncertain: tuple[str, ...],
    unsure: tuple[str, ...],
    colours: ColourEvidence | None = None,
    touched: ColourEvidence | None = None,
) -> str:
    """What the table makes of a reading of ``board`` (one of :data:`OUTCOMES`).

    Args:
        status: the reading's status (only ``ok`` is judged).
        layout: place -> seat of the marbles read for sure.
        uncertain: places not read for sure; ``unsure`` those of them holding a marble of unsure colour.
        colours: the graded colour evidence of the ``unsure`` places, weighed where several boards fit.
        touched: which of them were touched since the board before, weighed between moves.
    """
    if status != "ok":
        return "unsettled"
    previous, card = board.previous, board.move.card
    unread = [place for place in uncertain if place not in unsure]
    result = (
        match_seen(previous, layout, unsure, card, unread=unread, colours=colours, touched=touched)
        if uncertain
        else match(previous, layout, card)
    )
    if result.kind == "ambiguous":
        return "asked"
    if result.kind == "unchanged" and result.colour_lead is not None:
        return "wrong"  # the colours chose the board as it was over the move made: the table would wait
    if result.kind == "illegal":
        return "wrong"  # every board of a game is a legal move: the table would flash a mistake not made
    if result.kind != "move":
        return "unsettled"
    return "right" if play(previous, result.moves[0]).layout == board.layout else "wrong"


def settle_reading(game: GameBoard, reading: BoardReading, then: BoardReading | None = None) -> str:
    """What the table makes of a reading of a game's board (one of :data:`vision.game_boards.OUTCOMES`),
    held as the table does against ``then``, the still board read before the move (see
    :meth:`vision.reader.BoardReading.since`)."""
    reading = reading.since(then, game.previous.layout)
    seen = reading.status, reading.layout, reading.uncertain, reading.unsure_colour
    return settle(game, *seen, reading.colour_evidence, reading.touched)
