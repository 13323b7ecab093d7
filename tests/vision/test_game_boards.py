"""Boards of a game for the benchmark, and how a reading of one is settled as the table settles it."""

from __future__ import annotations

import numpy as np
import pytest

from firmware_py.engine import MoveKind, legal_moves, match, play
from firmware_py.engine.colour_evidence import COLOUR_MARGIN
from vision.game_boards import GameBoard, game_boards, moved_marble, random_game, settle


def _first(kind: MoveKind) -> GameBoard:
    """The first board of a seeded random game reached by a move of ``kind``."""
    for seed in range(200):
        for board in random_game(np.random.default_rng(seed), 120):
            if board.move.kind is kind:
                return board
    raise AssertionError(f"no {kind} move in 200 random games")


def test_each_board_follows_the_one_before_by_a_legal_move() -> None:
    boards = game_boards(np.random.default_rng(3), 5)
    assert len(boards) == 5
    for before, board in zip(boards, boards[1:], strict=False):
        # discards between them pass the turn but leave the board as it was
        assert board.previous.layout == before.position.layout
    for board in boards:
        assert board.move in legal_moves(board.previous, board.move.card)
        assert play(board.previous, board.move).layout == board.layout != board.previous.layout


def test_boards_start_somewhere_in_the_middle_of_a_game() -> None:
    on_track = [
        sum(1 for place in b.layout if "R" not in place)
        for seed in range(5)
        for b in game_boards(np.random.default_rng(seed), 1)
    ]
    assert min(on_track) >= 1


def test_a_board_reads_back_from_its_data() -> None:
    board = game_boards(np.random.default_rng(8), 1)[0]
    again = GameBoard.from_data(board.to_data())
    assert again.layout == board.layout and str(again.move) == str(board.move)


def test_a_board_whose_move_is_not_legal_is_refused() -> None:
    first, second = game_boards(np.random.default_rng(2), 2)
    data = {**second.to_data(), "previous": first.previous.to_notation()}
    with pytest.raises(ValueError, match="no legal move"):
        GameBoard.from_data(data)


def test_the_hand_takes_the_marble_that_moves_and_puts_it_where_it_arrives() -> None:
    taken, target = moved_marble({"A5": "A", "B2": "B"}, {"A9": "A", "B2": "B"})
    assert (taken, target) == ("A5", "A9")


def test_a_board_read_right_settles_right() -> None:
    board = game_boards(np.random.default_rng(4), 1)[0]
    assert settle(board, "ok", board.layout, (), ()) == "right"


def test_unsure_colours_are_told_by_the_game() -> None:
    board = _first(MoveKind.STEP)
    moved = [p for p in board.layout if board.previous.layout.get(p) != board.layout[p]]
    layout = {p: s for p, s in board.layout.items() if p not in moved}
    assert settle(board, "ok", layout, tuple(moved), tuple(moved)) == "right"


def test_a_jack_swap_of_unsure_colours_is_asked_not_guessed() -> None:
    board = _first(MoveKind.SWAP)
    swapped = tuple(p for p in board.layout if board.previous.layout.get(p) != board.layout[p])
    assert len(swapped) == 2
    layout = {p: s for p, s in board.layout.items() if p not in swapped}
    assert settle(board, "ok", layout, swapped, swapped) == "asked"


def test_a_jack_swap_of_unsure_colours_is_settled_by_colours_that_favour_it_by_the_margin() -> None:
    board = _first(MoveKind.SWAP)
    swapped = tuple(p for p in board.layout if board.previous.layout.get(p) != board.layout[p])
    layout = {p: s for p, s in board.layout.items() if p not in swapped}
    seats = sorted({board.layout[p] for p in swapped})

    def leaning(toward: dict[str, str], lead: float) -> dict[str, dict[str, float]]:
        return {p: {s: 0.0 if s == toward[p] else -lead for s in seats} for p in swapped}

    assert settle(board, "ok", layout, swapped, swapped, leaning(board.layout, COLOUR_MARGIN)) == "right"
    assert settle(board, "ok", layout, swapped, swapped, leaning(board.layout, COLOUR_MARGIN / 3)) == "asked"
    # colours that favour the board as it was say no move was made: the table would take the board
    # for the game's as it was, a wrong board
    assert settle(board, "ok", layout, swapped, swapped, leaning(board.previous.layout, COLOUR_MARGIN)) == (
        "wrong"
    )


def test_a_board_read_wrongly_that_a_legal_move_explains_is_a_wrong_board() -> None:
    board = _first(MoveKind.SWAP)
    # the camera reads the board as it was: with the swap's card, no move explains it, so it waits
    assert settle(board, "ok", board.previous.layout, (), ()) == "unsettled"
    other = next(
        m
        for m in legal_moves(board.previous, board.move.card)
        if play(board.previous, m).layout != board.layout
    )
    assert settle(board, "ok", play(board.previous, other).layout, (), ()) == "wrong"


@pytest.mark.parametrize("colour", ["sure", "unsure"])
def test_a_legal_move_read_one_hole_off_and_refused_is_a_wrong_board(colour: str) -> None:
    """The table would flash a mistake the player did not make: as bad as accepting a wrong board."""
    board = _first(MoveKind.STEP)
    _, target = moved_marble(board.previous.layout, board.layout)
    refused = None
    for place in [p for p in board.previous.topology.place_ids if p not in board.layout and "R" not in p]:
        layout = {**{p: s for p, s in board.layout.items() if p != target}, place: board.layout[target]}
        unsure = (place,) if colour == "unsure" else ()
        seen = {p: s for p, s in layout.items() if p not in unsure}
        if match(board.previous, layout, board.move.card).kind == "illegal":
            refused = settle(board, "ok", seen, unsure, unsure)
            break
    assert refused == "wrong"


def test_a_reading_refused_is_not_settled() -> None:
    board = game_boards(np.random.default_rng(5), 1)[0]
    assert settle(board, "occluded", board.layout, (), ()) == "unsettled"


def _changed(board: GameBoard) -> set[str]:
    before, after = board.previous.layout, board.layout
    return {p for p in set(before) | set(after) if before.get(p) != after.get(p)}


def test_a_hole_not_read_that_the_move_changes_is_not_settled() -> None:
    board = _first(MoveKind.STEP)
    for place in sorted(_changed(board)):
        layout = {p: s for p, s in board.layout.items() if p != place}
        assert settle(board, "ok", layout, (place,), ()) == "unsettled", place


def test_a_hole_not_read_that_the_move_leaves_as_it_was_is_settled_by_the_rest_of_the_board() -> None:
    board = _first(MoveKind.STEP)
    place = next(p for p in sorted(board.layout) if p not in _changed(board))
    layout = {p: s for p, s in board.layout.items() if p != place}
    assert settle(board, "ok", layout, (place,), ()) == "right"
