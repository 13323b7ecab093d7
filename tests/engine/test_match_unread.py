"""match_seen() with holes whose occupancy was not read: the move is known when it happened where the
camera reads, and nothing unread can hide another board; never a wrong board explained away."""

from __future__ import annotations

import random

from firmware_py.engine import Card, Move, Position, Rule, board_difference, match, match_seen, play
from firmware_py.engine.matching import seen_unchanged
from tests.engine.helpers import pos
from tests.engine.positions import changed, misplayed, moves_played

START = "r1 A:A18*,B3,AH1 B:B18 C:C5,C12 D: A A=7H,KD,5S,4C,JH B= C= D="
"""A's marbles on A18 (just out), B3 and AH1; B's on B18; C's on C5 and C12; every D marble in reserve."""
D_RESERVE = ("DR1", "DR2", "DR3", "DR4")


def _read(layout: dict[str, str], unread: tuple[str, ...], unsure: tuple[str, ...] = ()) -> dict[str, str]:
    """What the camera reads of ``layout``: nothing at the holes not read nor at the unsure colours."""
    return {p: s for p, s in layout.items() if p not in unread and p not in unsure}


def _after(position: Position, move: str) -> dict[str, str]:
    return dict(play(position, Move.parse(move)).layout)


def test_a_move_seen_whole_is_the_move_though_a_reserve_is_not_read() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    result = match_seen(p, _read(board, D_RESERVE), (), Card.parse("KD"), unread=D_RESERVE)
    assert (result.kind, result.moves) == ("move", (Move.parse("KD:B3-B16"),))


def test_empty_holes_not_read_hide_nothing_however_many() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    unread = ("D7", "D8", "D9", "D10", "D11", "DH1", "DH2")
    result = match_seen(p, _read(board, unread), (), Card.parse("KD"), unread=unread)
    assert (result.kind, result.moves) == ("move", (Move.parse("KD:B3-B16"),))


def test_a_hole_not_read_that_the_move_fills_is_not_settled() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    assert match_seen(p, _read(board, ("B16",)), (), Card.parse("KD"), unread=("B16",)).kind == "unsure"


def test_a_hole_not_read_that_the_move_empties_is_not_settled() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    assert match_seen(p, _read(board, ("B3",)), (), Card.parse("KD"), unread=("B3",)).kind == "unsure"


def test_a_marble_put_one_hole_too_far_onto_holes_not_read_is_not_the_legal_move() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    board["B17"] = board.pop("B16")  # the King's marble put on B17, one hole too far
    for unread in (("B16", "B17"), ("B17",), ("B16",)):
        result = match_seen(p, _read(board, unread), (), Card.parse("KD"), unread=unread)
        assert result.kind == "unsure", unread


def test_a_marble_put_one_hole_short_next_to_a_hole_not_read_is_not_the_legal_move() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    board["B15"] = board.pop("B16")  # one hole short, beside the hole not read
    result = match_seen(p, _read(board, ("B16",)), (), Card.parse("KD"), unread=("B16",))
    assert result.kind == "unsure"


def test_two_moves_that_differ_only_on_holes_not_read_are_not_told_apart() -> None:
    p = pos("r1 A:C1 B: C: D: A A=2C,3S")
    board = _after(p, "3S:C1-C4")
    for unread in (("C3", "C4"), ("C2", "C3", "C4")):
        assert match_seen(p, _read(board, unread), (), unread=unread).kind == "unsure", unread


def test_a_marble_taken_back_to_a_reserve_not_read_is_not_settled() -> None:
    p = pos(START)
    board = _after(p, "5S:B18-C5xC5")  # B's marble takes C's on C5, which goes back to C's reserve
    reserve = tuple(f"CR{n}" for n in range(1, 5))
    assert match_seen(p, _read(board, reserve), (), Card.parse("5S"), unread=reserve).kind == "unsure"


def test_a_marble_taken_and_still_in_a_hand_is_not_the_capture() -> None:
    p = pos(START)
    board = _after(p, "5S:B18-C5xC5")
    taken = next(hole for hole in sorted(board) if hole.startswith("CR") and hole not in p.layout)
    del board[taken]  # C's marble is still in a hand; D's reserve is not read
    result = match_seen(p, _read(board, D_RESERVE), (), Card.parse("5S"), unread=D_RESERVE)
    assert result.kind == "unsure"


def test_a_marble_in_a_hole_not_read_that_may_have_moved_to_another_leaves_the_board_unsure() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    board["C13"] = board.pop("C12")  # C's marble nudged one hole on, both holes unread
    for seen in (board, _after(p, "KD:B3-B16")):
        result = match_seen(p, _read(seen, ("C12", "C13")), (), Card.parse("KD"), unread=("C12", "C13"))
        assert result.kind == "unsure"
    lone = match_seen(p, _read(board, ("C12",)), (), Card.parse("KD"), unread=("C12",))
    assert lone.kind == "unsure"  # C13 read holding a marble no move brings there
    one = _after(p, "KD:B3-B16")
    assert match_seen(p, _read(one, ("C12",)), (), Card.parse("KD"), unread=("C12",)).kind == "move"


def test_two_reserves_not_read_may_hide_a_marble_put_in_the_wrong_one() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    unread = (*D_RESERVE, "CR3", "CR4")
    assert match_seen(p, _read(board, unread), (), Card.parse("KD"), unread=unread).kind == "unsure"


def test_a_reserve_whose_holes_read_hold_all_its_marbles_hides_none_beside_another_hole_not_read() -> None:
    p = pos(START)  # A's reserve holds one marble, on AR1
    board = _after(p, "KD:B3-B16")
    unread = ("AR2", "C7")  # an empty reserve hole and an empty track hole, both in a band of doubt
    result = match_seen(p, _read(board, unread), (), Card.parse("KD"), unread=unread)
    assert (result.kind, result.moves) == ("move", (Move.parse("KD:B3-B16"),))
    unsure = ("AR1", "B16")  # clear glass: their colours not told either
    result = match_seen(p, _read(board, unread, unsure), unsure, Card.parse("KD"), unread=unread)
    assert (result.kind, result.moves) == ("move", (Move.parse("KD:B3-B16"),))


def test_a_reserve_marble_that_may_have_gone_into_another_hole_not_read_leaves_the_board_unsure() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    board["C7"] = board.pop("AR1")  # A's reserve marble put on C7 by hand
    for unread in (("AR1", "C7"), ("AR2", "C7")):
        result = match_seen(p, _read(board, unread), (), Card.parse("KD"), unread=unread)
        assert result.kind == "unsure", unread
    unread = ("AR1", "C7")  # the same holes not read over the legal move: the marble may have gone too
    result = match_seen(p, _read(_after(p, "KD:B3-B16"), unread), (), Card.parse("KD"), unread=unread)
    assert result.kind == "unsure"


def test_the_board_as_it_was_with_holes_not_read() -> None:
    p = pos(START)
    board = dict(p.layout)
    assert match_seen(p, _read(board, D_RESERVE), (), unread=D_RESERVE).kind == "unchanged"
    assert seen_unchanged(p, _read(board, D_RESERVE), (), D_RESERVE)
    unread = ("C12", "C13")  # a marble among two holes not read: it may have moved
    assert match_seen(p, _read(board, unread), (), unread=unread).kind == "unsure"
    assert not seen_unchanged(p, _read(board, unread), (), unread)


def test_a_swap_of_unsure_colours_is_still_asked_when_a_reserve_is_not_read() -> None:
    p = pos(START)
    board = _after(p, "JH:B3<>C5")
    seen = _read(board, D_RESERVE, ("B3", "C5"))
    result = match_seen(p, seen, ("B3", "C5"), Card.parse("JH"), unread=D_RESERVE)
    assert (result.kind, result.moves, result.unchanged_too) == (
        "ambiguous",
        (Move.parse("JH:B3<>C5"),),
        True,
    )


def _around(position: Position, places: set[str]) -> set[str]:
    """Each of ``places`` and the track holes next to them."""
    near = set(places)
    for place in places:
        if place[1:].isdigit():
            near |= {f"{place[0]}{int(place[1:]) + step}" for step in (-1, 1)}
    return {h for h in near if position.topology.has_place(h)}


def _holes_near(position: Position, places: set[str], rng: random.Random) -> tuple[str, ...]:
    """Holes not read: each of ``places`` and of the track holes next to them, at random (drawn in the
    holes' order, so that the draw does not follow the hash seed's order of a set)."""
    return tuple(h for h in sorted(_around(position, places)) if rng.random() < 0.6)


def test_no_board_moved_wrongly_is_ever_taken_for_a_legal_move_whatever_holes_are_not_read() -> None:
    """Adversarial: from random positions, every legal move played right and played wrongly (a marble one
    hole too far or short, a marble taken still in a hand), with holes around the changes read or not at
    random: a ``move`` always gives the board on the table."""
    rng = random.Random(20)
    settled = wrongly_played = 0
    for p, move, after in moves_played(rng, 40):
        for board in [after, *misplayed(p.layout, after), *_reserve_marble_slipped(after, rng)]:
            reserve = [f"{rng.choice('ABCD')}R{n}" for n in range(1, 5) if rng.random() < 0.3]
            unread = tuple(sorted({*_holes_near(p, changed(p.layout, board), rng), *reserve}))
            result = match_seen(p, _read(board, unread), (), move.card, unread=unread)
            if result.kind == "move":
                settled += 1
                assert board_difference(play(p, result.moves[0]), board).unchanged, (p, move, unread)
            wrongly_played += board is not after
    assert settled > 50 and wrongly_played > 1000  # many boards settled, never a wrong one


def _reserve_marble_slipped(after: dict[str, str], rng: random.Random) -> list[dict[str, str]]:
    """The board after a move with, besides, a reserve's marble put by hand on an empty track hole next
    to a marble (where holes may not be read), if there is such a marble and such a hole."""
    in_reserve = sorted(q for q in after if "R" in q[1:])
    free = sorted(
        f"{q[0]}{int(q[1:]) + step}"
        for q in after
        if q[1:].isdigit()
        for step in (-1, 1)
        if 1 <= int(q[1:]) + step <= 18 and f"{q[0]}{int(q[1:]) + step}" not in after
    )
    if not in_reserve or not free:
        return []
    board = dict(after)
    board[rng.choice(free)] = board.pop(rng.choice(in_reserve))
    return [board]


# -- a wrong move seen where the camera reads is refused, though holes elsewhere are not read -----------

C_MARBLES = ("C5", "C12")
"""Two holes holding C's marbles: not read, either may hide the other's marble (never settled alone)."""


def _moved(position: Position, start: str, end: str) -> dict[str, str]:
    """The board with the marble on ``start`` put on ``end`` by hand (whatever the rules say)."""
    board = dict(position.layout)
    board[end] = board.pop(start)
    return board


def test_a_marble_moved_one_hole_too_far_is_refused_with_its_rule_though_other_holes_are_not_read() -> None:
    p = pos(START)
    board = _moved(p, "B3", "B11")  # the 7 moves seven holes, not eight
    result = match_seen(p, _read(board, C_MARBLES), (), Card.parse("7H"), unread=C_MARBLES)
    assert result.kind == "illegal"
    assert result.violations == match(p, board, Card.parse("7H")).violations != ()
    assert result.wrong_places == ("B11", "B3")


def test_passing_a_marble_on_its_start_cell_is_refused_though_a_reserve_and_a_marble_are_not_read() -> None:
    p = pos(START)
    board = _moved(p, "B3", "A17")  # the 4 backwards over A's marble just out on its start cell
    unread = (*D_RESERVE, *C_MARBLES)
    result = match_seen(p, _read(board, unread), (), Card.parse("4C"), unread=unread)
    assert result.kind == "illegal"
    assert {v.rule for v in result.violations} == {Rule.PASSES_OWN_START, Rule.BLOCKED_BY_START_MARBLE}
    assert result.wrong_places == ("A17", "B3")


def test_a_legal_move_ending_on_a_hole_not_read_is_not_refused() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    unread = ("B16", *C_MARBLES)
    assert match_seen(p, _read(board, unread), (), Card.parse("KD"), unread=unread).kind == "unsure"


def test_a_legal_move_starting_on_a_hole_not_read_is_not_refused() -> None:
    p = pos(START)
    board = _after(p, "KD:B3-B16")
    unread = ("B3", *C_MARBLES)
    assert match_seen(p, _read(board, unread), (), Card.parse("KD"), unread=unread).kind == "unsure"


def test_a_marble_gone_from_a_hole_read_perhaps_into_one_not_read_is_not_refused() -> None:
    p = pos(START)
    board = _moved(p, "B3", "B11")  # one too far, but onto a hole not read: only B3 emptied is seen
    unread = ("B11", *C_MARBLES)
    assert match_seen(p, _read(board, unread), (), Card.parse("7H"), unread=unread).kind == "unsure"


def test_a_marble_come_from_a_hole_not_read_is_not_refused() -> None:
    p = pos(START)
    board = _moved(p, "B3", "B11")  # seen arriving on B11, from a hole not read
    unread = ("B3", *C_MARBLES)
    assert match_seen(p, _read(board, unread), (), Card.parse("7H"), unread=unread).kind == "unsure"


def test_a_wrong_move_of_a_marble_of_unsure_colour_that_may_come_from_a_hole_not_read_is_asked() -> None:
    """C's marbles on C5 and C12 are not read: the marble of unsure colour on B11 may be one of them (and
    A's from B3 on its hole), so the game cannot tell whose it is."""
    p = pos(START)
    board = _moved(p, "B3", "B11")
    seen = _read(board, C_MARBLES, ("B11",))
    result = match_seen(p, seen, ("B11",), Card.parse("7H"), unread=C_MARBLES)
    assert result.kind == "unsure"


def test_a_legal_move_is_never_refused_whatever_holes_are_not_read() -> None:
    """Adversarial: from random positions, every legal move played right, with holes anywhere (its own
    among them) not read at random: never ``illegal``."""
    rng = random.Random(28)
    checked = 0
    for p, move, after in moves_played(rng, 30):
        places = sorted(p.topology.place_ids)
        moved = sorted(changed(p.layout, after))
        unread = tuple(sorted({*rng.sample(places, 3), rng.choice(moved)}))
        result = match_seen(p, _read(dict(after), unread), (), move.card, unread=unread)
        assert result.kind != "illegal", (p, move, unread)
        checked += 1
    assert checked > 500


def test_a_wrong_move_seen_away_from_the_holes_not_read_is_refused_as_if_read_whole() -> None:
    """Adversarial: boards a hand makes of legal moves by mistake, with holes away from the change not
    read: many are refused, each with the very reasons and holes to put right of the board read whole."""
    rng = random.Random(29)
    refused = 0
    for p, move, after in moves_played(rng, 12):
        for board in misplayed(p.layout, after):
            whole = match(p, board, move.card)
            far = sorted(q for q in p.layout if q not in _around(p, changed(p.layout, board)))
            unread = tuple(rng.sample(far, min(2, len(far))))
            result = match_seen(p, _read(board, unread), (), move.card, unread=unread)
            if result.kind == "illegal":
                refused += 1
                assert whole.kind == "illegal", (p, board, unread)
                assert (result.violations, result.wrong_places) == (whole.violations, whole.wrong_places)
    assert refused > 300
