"""A real :class:`Table` with physical cards, four people, and an opening steered by named ranks and
boards read as still: the shared start of the tests that need seat A's marble next to seat B's (B12 and
B14) with A to play.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine import Move, play
from firmware_py.table.core import Table
from vision.reader import BoardReading

OPENING = (
    ("K", "K:AR-A18"),
    ("K", "K:BR-B18"),
    ("K", "K:CR-C18"),
    ("K", "K:DR-D18"),
    ("Q", "Q:A18-B12"),
    ("4", "4:B18-B14"),
    ("8", "8:C18-D8"),
    ("8", "8:D18-A8"),
)
"""Ranks named and moves read from the board, seats A, B, C, D in turn: A's marble ends on B12, B's on B14."""


def token_of(table: Table, seat: str) -> str:
    return next(link["token"] for link in table.seat_links() if link["seat"] == seat)


def seen(table: Table, layout: dict[str, str]) -> None:
    """The camera's stabiliser reports a still board."""
    table.on_reading(BoardReading("ok", dict(layout)))


def play_on_board(table: Table, rank: str, move: str) -> None:
    """The seat to play names its rank, then the board is read with the move done in full."""
    table.choose_card(token_of(table, table.public_view()["turn"]), rank)
    seen(table, dict(play(table.position, Move.parse(move)).layout))
    assert table.public_view()["log"][-1]["move"] == move


@contextmanager
def opened_table() -> Iterator[Table]:
    """The table after :data:`OPENING`, A to play; closed on leaving."""
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=4), cards="physical", seed=1)
    table = Table(Config(game=game, camera=CameraSettings(source="sim"), computer_delay=0.0))
    try:
        for rank, move in OPENING:
            play_on_board(table, rank, move)
        yield table
    finally:
        table.close()
