"""match(): from a layout read off the board to the move played, a move in progress, or the reasons."""

from __future__ import annotations

from firmware_py.engine import Card, Move, board_difference, match, match_seen, play
from tests.engine.helpers import pos

START = "r1 A:A18*,B3,AH1 B:B18 C:C5,C12 D: A A=7H,KD,5S,4C,JH B= C= D="


def test_the_same_board_is_unchanged() -> None:
    p = pos(START)
    assert match(p, p.layout).kind == "unchanged"


def test_the_board_after_a_legal_move_is_that_move() -> None:
    p = pos(START)
    after = play(p, Move.parse("KD:B3-B16"))
    result = match(p, after.layout)
    assert result.kind == "move" and result.moves == (Move.parse("KD:B3-B16"),)


def test_which_reserve_hole_does_not_matter() -> None:
    p = pos(START)
    layout = dict(play(p, Move.parse("5S:B18-C5")).layout)  # C's marble on C5 goes back to its reserve
    c_reserve = sorted(k for k in layout if k.startswith("CR"))
    layout[c_reserve[0].replace(c_reserve[0][-1], "4")] = layout.pop(c_reserve[0])
    assert match(p, layout).kind == "move"


def test_a_taken_marble_not_yet_back_in_its_reserve_is_a_move_in_progress() -> None:
    p = pos(START)
    layout = dict(p.layout)
    del layout["B18"], layout["C5"]
    layout["C5"] = "B"  # B's marble moved by A's 5 onto C5; C's marble is still in someone's hand
    result = match(p, layout, Card.parse("5S"))
    assert result.kind == "in_progress"
    assert result.moves == (Move.parse("5S:B18-C5"),)
    assert list(result.to_do.values()) == ["C"] and next(iter(result.to_do)).startswith("CR")


def test_half_a_seven_is_a_move_in_progress() -> None:
    p = pos("r1 A:A1,B1 B: C: D: A A=7H")
    layout = dict(p.layout)
    del layout["A1"]
    layout["A4"] = "A"
    result = match(p, layout)
    assert result.kind == "in_progress" and Move.parse("7H:A1-A4,B1-B5") in result.moves
    assert result.to_do.get("B1", "x") is None and result.to_do.get("B5") == "A"


def test_two_cards_giving_the_same_board_are_ambiguous_without_the_card() -> None:
    """The same board, but not the same position: the hand left differs (a 7S or a 7H)."""
    p = pos("r1 A:A1 B: C: D: A A=7H,7S")
    after = play(p, Move.parse("7H:A1-A8"))
    assert match(p, after.layout).kind == "ambiguous"
    assert match_seen(p, *_seen_unsure(dict(after.layout), "A8")).kind == "ambiguous"
    assert match(p, after.layout, Card.parse("7H")).kind == "move"


def test_seven_may_be_split_4_with_one_marble_and_3_with_another__either_way_round_is_one_move__000() -> None:
    # "7: peut être décomposé, c'est à dire que l'on joue par exemple 4 avec un pion et 3 avec un autre":
    # two marbles of one seat split either way round onto the same two holes leave one position.
    p = pos("r1 A:C11,C15 B: C: D: A A=7H")
    splits = (Move.parse("7H:C11-C16,C15-C17"), Move.parse("7H:C11-C17,C15-C16"))
    assert play(p, splits[0]) == play(p, splits[1])
    board = dict(play(p, splits[0]).layout)
    for result in (
        match(p, board, Card.parse("7H")),
        match(p, board),
        match_seen(p, *_seen_unsure(board, "C16", "C17"), Card.parse("7H")),
    ):
        assert result.kind == "move" and len(result.moves) == 1 and result.moves[0] in splits


def test_an_illegal_board_says_why_and_where() -> None:
    p = pos(START)
    layout = dict(p.layout)
    del layout["B3"]
    layout["A17"] = "A"  # backed over its own start cell with the 4
    result = match(p, layout, Card.parse("4C"))
    assert result.kind == "illegal"
    assert {v.code for v in result.violations} >= {"passes_own_start"}
    assert result.wrong_places == ("A17", "B3")


def test_a_board_no_move_explains_is_still_illegal() -> None:
    p = pos(START)
    layout = dict(p.layout)
    layout["D9"] = "D"
    del layout["DR1"]
    result = match(p, layout)
    assert result.kind == "illegal" and result.wrong_places


def test_a_marble_to_put_back_goes_to_a_free_reserve_hole() -> None:
    p = pos("r1 A:A3 B:A11 C: D: A A=8H")
    layout = dict(p.layout)
    del layout["A3"], layout["A11"], layout["BR1"]
    layout["BR4"] = "B"  # B's three reserve marbles sit in holes 2-4
    layout["A11"] = "A"  # A took B's marble, which is still in a hand
    result = match(p, layout)
    assert result.kind == "in_progress" and dict(result.to_do) == {"BR1": "B"}


def test_the_board_as_it_was_differs_in_nothing_whichever_reserve_holes_hold_the_marbles() -> None:
    p = pos("r1 A:A3 B:A11 C: D: A")
    layout = dict(p.layout)
    del layout["BR1"]
    layout["BR4"] = "B"
    assert board_difference(p, layout).unchanged and board_difference(p, layout).places == ()


def test_a_board_to_put_right_says_which_holes_to_empty_and_what_to_put_back() -> None:
    p = pos("r1 A:A3 B:A11 C: D: A")
    layout = dict(p.layout)
    del layout["A3"]
    layout["A5"] = "A"  # A's marble moved where it may not
    layout["A11"] = "A"  # and took B's marble, now in B's reserve beside its three
    layout["BR4"] = "B"
    layout["CR4"] = "B"  # and a marble of B dropped into C's reserve
    difference = board_difference(p, layout)
    assert difference.wrong == ("A11", "A5", "BR4", "CR4")
    assert dict(difference.put_back) == {"A11": "B", "A3": "A"}
    assert difference.places == ("A11", "A3", "A5", "BR4", "CR4")


def test_a_marble_missing_from_its_reserve_is_asked_back_in_a_free_hole() -> None:
    p = pos("r1 A:A3 B: C: D: A")
    layout = dict(p.layout)
    del layout["BR1"], layout["BR2"]
    assert dict(board_difference(p, layout).put_back) == {"BR1": "B", "BR2": "B"}
    assert board_difference(p, layout).wrong == ()


def test_changes_lists_the_places_a_move_empties_and_fills() -> None:
    from firmware_py.engine import changes

    p = pos("r1 A:A3 B:A11 C: D: A A=8H")
    assert changes(p, Move.parse("8H:A3-A11")) == {"A3": None, "A11": "A", "BR4": "B"}


def _seen_unsure(layout: dict[str, str], *unsure: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """A board read with the colours at ``unsure`` not told for sure."""
    return {p: s for p, s in layout.items() if p not in unsure}, unsure


def test_a_swap_seen_without_colours_is_the_swap_or_nothing() -> None:
    p = pos(START)
    swapped = play(p, Move.parse("JH:B3<>C5")).layout
    result = match_seen(p, *_seen_unsure(dict(swapped), "B3", "C5"))
    assert (result.kind, result.moves, result.unchanged_too) == (
        "ambiguous",
        (Move.parse("JH:B3<>C5"),),
        True,
    )


def test_one_sure_colour_tells_the_swap_from_nothing() -> None:
    p = pos(START)
    swapped = dict(play(p, Move.parse("JH:B3<>C5")).layout)
    result = match_seen(p, *_seen_unsure(swapped, "B3"))  # C5 seen for sure holding A's marble
    assert (result.kind, result.moves) == ("move", (Move.parse("JH:B3<>C5"),))
    unmoved = match_seen(p, *_seen_unsure(dict(p.layout), "B3"))
    assert unmoved.kind == "unchanged"


def test_a_marble_that_arrives_is_the_one_that_left() -> None:
    p = pos(START)
    after = dict(play(p, Move.parse("KD:B3-B16")).layout)
    result = match_seen(p, *_seen_unsure(after, "B16"), Card.parse("KD"))
    assert (result.kind, result.moves) == ("move", (Move.parse("KD:B3-B16"),))


def test_a_marble_of_unsure_colour_in_a_reserve_counts_for_that_reserve() -> None:
    p = pos(START)
    reserve = next(place for place, seat in p.layout.items() if place.startswith("CR"))
    assert match_seen(p, *_seen_unsure(dict(p.layout), reserve)).kind == "unchanged"


def test_a_board_no_move_explains_is_unsure() -> None:
    p = pos(START)
    layout = dict(p.layout)
    layout["D9"] = "A"  # a marble where no card of the hand can bring one
    assert match_seen(p, *_seen_unsure(layout, "D9")).kind == "unsure"


def test_the_reasons_against_a_board_do_not_depend_on_the_order_its_holes_are_listed_in() -> None:
    """D's marbles from A8 and D18 to A3 and A13 with a 7: A8 to A3 backwards is one reading, A8 to A13
    and D18 to A3 another; the camera's order of the holes must not choose between them."""
    p = pos("r1 A:C6,AH2 B:A6,C17,D8,BH4 C:A11,C8,CH3,CH4 D:A8,D18*,DH3 D")
    board = {place: seat for place, seat in p.layout.items() if place not in ("A8", "D18")}
    one, two = {**board, "A3": "D", "A13": "D"}, {**board, "A13": "D", "A3": "D"}
    results = [match(p, layout, Card.parse("7H")) for layout in (one, two, dict(reversed(one.items())))]
    assert results[0].kind == "illegal" and results[0].violations
    assert all(r.violations == results[0].violations for r in results)
