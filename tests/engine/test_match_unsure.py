"""match_seen() refusing a wrong move whose marbles' colours were not told (clear glass): the game tells
whose they are when it leaves no doubt (a marble still in its hole is the one that was there, a marble
that arrives is the one that left), and the move is then refused with the very reasons of the board read
whole; where the marble may be one of several, the players are still asked, and no legal move is ever
refused."""

from __future__ import annotations

import random

from firmware_py.engine import Card, Position, match, match_seen
from firmware_py.engine.cards import RANKS
from tests.engine.helpers import pos
from tests.engine.positions import changed, misplayed, moves_played

START = "r1 A:A18*,B3,AH1 B:B18 C:C5,C12 D: A A=7H,KD,5S,4C,JH B= C= D="
"""A's marbles on A18 (just out), B3, AH1 and one in its reserve; B's on B18; C's on C5 and C12."""
ENTRY = "r1 A:B3 B: C: D: A A=7H,5S,KH"
"""A's marble on B3 and three in its reserve (AR1-AR3): a King enters one, a 5 or a 7 does not."""
SEVEN, FIVE = Card.parse("7H"), Card.parse("5S")


def _read(board: dict[str, str], unsure: tuple[str, ...]) -> dict[str, str]:
    """What the camera reads of ``board``: every colour but at the ``unsure`` places."""
    return {place: seat for place, seat in board.items() if place not in unsure}


def _moved(position: Position, start: str, end: str) -> dict[str, str]:
    """The board with the marble on ``start`` put on ``end`` by hand (whatever the rules say)."""
    board = dict(position.layout)
    board[end] = board.pop(start)
    return board


def _entered(position: Position, hole: str, end: str) -> dict[str, str]:
    """The board with the reserve marble on ``hole`` put on ``end`` by hand."""
    return _moved(position, hole, end)


def _assert_refused_as_read_whole(
    position: Position, board: dict[str, str], unsure: tuple[str, ...], card: Card | None
) -> None:
    whole = match(position, board, card)
    result = match_seen(position, _read(board, unsure), unsure, card)
    assert whole.kind == "illegal" and whole.violations
    assert (result.kind, result.violations, result.wrong_places) == (
        "illegal",
        whole.violations,
        whole.wrong_places,
    )
    assert dict(result.board) == board


def test_a_marble_of_unsure_colour_moved_one_hole_too_far_is_refused_as_if_read_whole() -> None:
    """Every marble of A's, and C's on C5, of unsure colour: B11's marble is the one that left B3, the
    others are those that were there; the 7 moves seven holes, not eight."""
    p = pos(START)
    board = _moved(p, "B3", "B11")
    _assert_refused_as_read_whole(p, board, ("A18", "AH1", "B11", "C5"), SEVEN)
    assert match(p, board, SEVEN).violations[0].code == "wrong_count"


def test_a_marble_of_unsure_colour_entered_without_a_king_or_an_ace_is_refused_as_if_read_whole() -> None:
    """A's reserve holes and its start cell of unsure colour: the reserve holds one marble fewer, so the
    marble on A18 is the one that left it."""
    p = pos(ENTRY)
    board = _entered(p, "AR3", "A18")
    _assert_refused_as_read_whole(p, board, ("A18", "AR1", "AR2", "B3"), FIVE)


def test_a_legal_move_of_marbles_of_unsure_colour_is_still_the_move() -> None:
    p = pos(START)
    board = _moved(p, "B3", "B16")
    result = match_seen(p, _read(board, ("A18", "AH1", "B16", "C5")), ("A18", "AH1", "B16", "C5"), None)
    assert (result.kind, [str(m) for m in result.moves]) == ("move", ["KD:B3-B16"])
    entry = pos(ENTRY)
    entered = _entered(entry, "AR3", "A18")
    result = match_seen(entry, _read(entered, ("A18", "AR1")), ("A18", "AR1"), Card.parse("KH"))
    assert (result.kind, [str(m) for m in result.moves]) == ("move", ["KH:AR-A18"])


def test_one_marble_of_unsure_colour_arriving_where_two_seats_marbles_left_is_asked() -> None:
    """A's marble left B3 and C's left C12: the marble of unsure colour on B11 may be either."""
    p = pos(START)
    board = _moved(p, "B3", "B11")
    del board["C12"]
    assert match(p, board, SEVEN).kind == "illegal"
    assert match_seen(p, _read(board, ("B11",)), ("B11",), SEVEN).kind == "unsure"


def test_a_marble_of_unsure_colour_where_a_marble_may_have_been_taken_is_asked() -> None:
    """A's marble from B3 onto C5, and C's sent back to its reserve: C5's marble is no longer the one
    that was there, and the game cannot say it is A's without guessing the capture."""
    p = pos(START)
    board = _moved(p, "B3", "C5")
    board["CR3"] = "C"
    assert match(p, board, SEVEN).kind == "illegal"
    assert match_seen(p, _read(board, ("C5",)), ("C5",), SEVEN).kind == "unsure"


def test_a_swap_whose_one_marble_is_of_unsure_colour_is_asked() -> None:
    """C5 read for sure holding A's marble: a swap with the 7, whose other marble may be any of the
    marbles of unsure colour."""
    p = pos(START)
    board = dict(p.layout)
    board["B3"], board["C5"] = "C", "A"
    assert match(p, board, SEVEN).kind == "illegal"
    assert match_seen(p, _read(board, ("B3", "A18")), ("B3", "A18"), SEVEN).kind == "unsure"


def test_a_jacks_swap_with_one_marble_put_a_hole_off_is_asked() -> None:
    """C5 emptied, a marble of unsure colour on C6 and one still on B3: C's marble may have moved one
    hole, or the Jack swapped B3 and C5 and A's marble was put on C6 instead of C5 (C's now on B3). The
    Jack can move B3's marble, so the game cannot tell."""
    p = pos(START)
    board = _moved(p, "C5", "C6")
    jack = Card.parse("JH")
    assert match(p, board, jack).kind == "illegal"
    assert match_seen(p, _read(board, ("B3", "C6")), ("B3", "C6"), jack).kind == "unsure"
    assert match_seen(p, _read(board, ("C6",)), ("C6",), jack).kind == "illegal", "B3 read: A's is there"


def test_a_marble_of_unsure_colour_that_may_come_from_a_reserve_not_read_is_asked() -> None:
    p = pos(START)
    board = _moved(p, "B3", "B11")
    unread = ("DR1", "DR2", "DR3", "DR4")
    seen = _read(board, ("B11", *unread))
    assert match_seen(p, seen, ("B11",), SEVEN, unread=unread).kind == "unsure"


def test_a_marble_of_unsure_colour_arriving_from_nowhere_is_asked() -> None:
    p = pos(START)
    board = {**p.layout, "D9": "A"}  # a marble where none left
    assert match_seen(p, _read(board, ("D9",)), ("D9",), SEVEN).kind == "unsure"


def test_graded_colours_play_no_part_in_a_refusal() -> None:
    """The colours seen leaning hard towards C's marble on B11 neither save the wrong move nor refuse the
    legal one."""
    p = pos(START)
    unsure = ("B11",)
    colours = {"B11": {"A": -50.0, "C": 0.0}}
    wrong = _moved(p, "B3", "B11")
    result = match_seen(p, _read(wrong, unsure), unsure, SEVEN, colours=colours)
    assert (result.kind, result.violations) == ("illegal", match(p, wrong, SEVEN).violations)
    right = _moved(p, "B3", "B10")
    result = match_seen(p, _read(right, ("B10",)), ("B10",), SEVEN, colours={"B10": colours["B11"]})
    assert (result.kind, [str(m) for m in result.moves]) == ("move", ["7H:B3-B10"])


# -- random positions --------------------------------------------------------------------------------


def _unsure_places(before: dict[str, str], board: dict[str, str], rng: random.Random) -> tuple[str, ...]:
    """The marbles of ``board`` that moved, and about a third of the others, of unsure colour."""
    moved = changed(before, board)
    return tuple(sorted(p for p in board if p in moved or rng.random() < 0.3))


def _colours(unsure: tuple[str, ...], rng: random.Random) -> dict[str, dict[str, float]]:
    """Graded colours at random: whatever they say, they must not decide a refusal."""
    return {place: {seat: rng.uniform(-40.0, 0.0) for seat in "ABCD"} for place in unsure}


def test_no_legal_move_is_ever_refused_whatever_colours_are_unsure() -> None:
    """Adversarial: from random positions, every legal move played right, its moved marbles and others
    of unsure colour, with colours graded at random: never ``illegal``."""
    rng = random.Random(31)
    checked = 0
    for p, move, after in moves_played(rng, 30):
        unsure = _unsure_places(p.layout, after, rng)
        result = match_seen(p, _read(after, unsure), unsure, move.card, colours=_colours(unsure, rng))
        assert result.kind != "illegal", (p, move, unsure)
        checked += 1
    assert checked > 500


def test_a_misplay_of_marbles_of_unsure_colour_is_refused_only_as_if_read_whole() -> None:
    """Adversarial: boards a hand makes of legal moves by mistake (a marble one hole too far or short, a
    marble taken still in a hand), the moved marbles and others of unsure colour: many are refused, each
    with the very reasons, holes to put right and board of the board read whole."""
    rng = random.Random(32)
    refused = asked = 0
    for p, move, after in moves_played(rng, 12):
        for board in misplayed(p.layout, after):
            unsure = _unsure_places(p.layout, board, rng)
            whole = match(p, board, move.card)
            result = match_seen(p, _read(board, unsure), unsure, move.card, colours=_colours(unsure, rng))
            if result.kind == "illegal":
                refused += 1
                assert whole.kind == "illegal", (p, board, unsure)
                assert (result.violations, result.wrong_places) == (whole.violations, whole.wrong_places)
                assert dict(result.board) == board
            asked += result.kind == "unsure" and whole.kind == "illegal"
    assert refused > 300 and asked > 0, (refused, asked)


def test_a_move_made_with_another_card_than_the_one_named_is_refused_only_as_if_read_whole() -> None:
    """Adversarial: legal moves of random positions (no hands: any card) judged against a card of
    another rank named at the table, the moved marbles and others of unsure colour: a board that card
    makes is never refused, and every board refused is refused with the reasons of the board read
    whole (a marble moved the wrong number of holes, entered without a King or an Ace...)."""
    rng = random.Random(33)
    refused = 0
    for p, move, after in moves_played(rng, 12, hands=False):
        assert move.card is not None
        named = Card(rng.choice([rank for rank in RANKS if rank != move.card.rank]))
        unsure = _unsure_places(p.layout, after, rng)
        whole = match(p, after, named)
        result = match_seen(p, _read(after, unsure), unsure, named)
        if result.kind == "illegal":
            refused += 1
            assert whole.kind == "illegal", (p, move, named, unsure)
            assert (result.violations, result.wrong_places) == (whole.violations, whole.wrong_places)
            assert dict(result.board) == after
        if whole.kind in ("move", "ambiguous"):
            assert result.kind != "illegal"
    assert refused > 100, refused
