"""match_seen() weighing graded colours: where the sure evidence leaves several boards (a Jack's swap of
two marbles of unsure colour, or the board as it was), the colours seen choose one only when they favour
it over every other board by the margin; otherwise the players are asked. The evidence is given as data
(place -> seat -> log-likelihood), as a camera would report it."""

from __future__ import annotations

from firmware_py.engine import Card, Move, Position, match_seen, play
from firmware_py.engine.colour_evidence import COLOUR_MARGIN, favoured
from tests.engine.helpers import pos

START = "r1 A:A18*,B3,AH1 B:B18 C:C5,C12 D: A A=7H,KD,5S,4C,JH B= C= D="
"""A's marbles on A18 (just out), B3 and AH1; C's on C5 and C12: A's Jack may swap B3 or A18 with C5 or
C12."""
JACK = Card.parse("JH")
STRONG = COLOUR_MARGIN
"""A log-likelihood difference at one place that alone reaches the margin."""


def _seen(position: Position, move: str | None, unsure: tuple[str, ...]) -> dict[str, str]:
    """The marbles read for sure on the board after ``move`` (or as it was): all but ``unsure``."""
    board = position.layout if move is None else play(position, Move.parse(move)).layout
    return {p: s for p, s in board.items() if p not in unsure}


def _leaning(seat_by_place: dict[str, str], lead: float) -> dict[str, dict[str, float]]:
    """Evidence favouring ``seat_by_place``'s seat at each place by ``lead`` over seats A and C."""
    return {p: {s: (0.0 if s == seat else -lead) for s in "AC"} for p, seat in seat_by_place.items()}


def test_colours_that_clearly_favour_the_swap_settle_it_without_a_question() -> None:
    p, unsure = pos(START), ("B3", "C5")
    colours = _leaning({"B3": "C", "C5": "A"}, STRONG)
    result = match_seen(p, _seen(p, "JH:B3<>C5", unsure), unsure, JACK, colours=colours)
    assert (result.kind, result.moves) == ("move", (Move.parse("JH:B3<>C5"),))
    assert result.colour_lead == 2 * STRONG


def test_colours_that_clearly_favour_the_board_as_it_was_say_nothing_moved() -> None:
    p, unsure = pos(START), ("B3", "C5")
    colours = _leaning({"B3": "A", "C5": "C"}, STRONG)
    result = match_seen(p, _seen(p, None, unsure), unsure, JACK, colours=colours)
    assert (result.kind, result.moves, result.colour_lead) == ("unchanged", (), 2 * STRONG)


def test_colours_that_favour_the_swap_by_less_than_the_margin_still_ask() -> None:
    p, unsure = pos(START), ("B3", "C5")
    colours = _leaning({"B3": "C", "C5": "A"}, 0.49 * STRONG)
    result = match_seen(p, _seen(p, "JH:B3<>C5", unsure), unsure, JACK, colours=colours)
    assert (result.kind, result.unchanged_too) == ("ambiguous", True)
    assert result.moves == (Move.parse("JH:B3<>C5"),)
    assert result.colour_lead is None


def test_without_colours_a_swap_of_unsure_colours_is_asked() -> None:
    p, unsure = pos(START), ("B3", "C5")
    result = match_seen(p, _seen(p, "JH:B3<>C5", unsure), unsure, JACK)
    assert (result.kind, result.unchanged_too) == ("ambiguous", True)


def test_colours_must_favour_one_board_over_every_other_not_just_over_the_board_as_it_was() -> None:
    """Four marbles of unsure colour: B3 clearly looks C's, but C5 and C12 look alike. Swapping B3 with
    C5 and swapping it with C12 fit equally well, so neither is chosen though both beat no move."""
    p, unsure = pos(START), ("A18", "B3", "C5", "C12")
    colours = {
        **_leaning({"A18": "A", "B3": "C"}, 3 * STRONG),
        "C5": {"A": -1.0, "C": -1.0},
        "C12": {"A": -1.0, "C": -1.0},
    }
    result = match_seen(p, _seen(p, "JH:B3<>C5", unsure), unsure, JACK, colours=colours)
    assert result.kind == "ambiguous"
    assert set(result.moves) >= {Move.parse("JH:B3<>C5"), Move.parse("JH:B3<>C12")}


def test_a_swap_whose_places_lack_a_seats_evidence_is_asked() -> None:
    p, unsure = pos(START), ("B3", "C5")
    colours = {"B3": {"C": 0.0}, "C5": {"A": 0.0, "C": -3 * STRONG}}
    result = match_seen(p, _seen(p, "JH:B3<>C5", unsure), unsure, JACK, colours=colours)
    assert result.kind == "ambiguous"


def test_colours_never_overrule_a_colour_read_for_sure() -> None:
    """C5 read for sure as C's: the board as it was is the only one that fits, whatever B3 looks like."""
    p, unsure = pos(START), ("B3",)
    colours = _leaning({"B3": "C"}, 10 * STRONG)
    result = match_seen(p, _seen(p, None, unsure), unsure, JACK, colours=colours)
    assert result.kind == "unchanged"


def test_colours_pick_one_swap_among_several_swaps_of_unsure_marbles() -> None:
    """Four marbles of unsure colour: the four swaps of A's and C's marbles and the board as it was all
    fit; the colours pick the swap of B3 and C12."""
    p, unsure = pos(START), ("A18", "B3", "C5", "C12")
    colours = _leaning({"A18": "A", "B3": "C", "C5": "C", "C12": "A"}, STRONG)
    result = match_seen(p, _seen(p, "JH:B3<>C12", unsure), unsure, JACK, colours=colours)
    assert (result.kind, result.moves) == ("move", (Move.parse("JH:B3<>C12"),))


def test_the_board_favoured_is_the_one_whose_seats_explain_the_colours_best() -> None:
    boards = [{"P": "A", "Q": "C"}, {"P": "C", "Q": "A"}]
    colours = {"P": {"A": -9.0, "C": -1.0}, "Q": {"A": -2.0, "C": -8.0}}
    choice = favoured(boards, ("P", "Q"), colours, margin=14.0)
    assert choice is not None and (choice.index, choice.lead) == (1, 14.0)
    assert favoured(boards, ("P", "Q"), colours, margin=14.5) is None


def test_places_where_every_board_agrees_do_not_weigh_even_without_evidence() -> None:
    boards = [{"P": "A", "Q": "C", "R": "D"}, {"P": "C", "Q": "A", "R": "D"}]
    colours = {"P": {"A": 0.0, "C": -10.0}, "Q": {"A": -10.0, "C": 0.0}}
    choice = favoured(boards, ("P", "Q", "R"), colours, margin=20.0)
    assert choice is not None and choice.index == 0


def test_two_boards_that_put_the_same_seats_at_the_unsure_places_are_never_told_apart() -> None:
    boards = [{"P": "A"}, {"P": "A"}]
    assert favoured(boards, ("P",), {"P": {"A": 0.0}}, margin=0.0) is None


# -- marbles touched since the board before (a camera that kept every hole's look) -----------------------

TOUCH = 2 * STRONG / 3
"""How much one touched hole weighs against the seat that was there: one hole alone stays under the
margin."""


def test_touched_marbles_choose_between_two_swaps_the_colours_alone_cannot_tell_apart() -> None:
    """A's marble read for sure on C5 (so a swap was made), from B3 or from A18, both now of unsure
    colour: the colours lean to B3 by less than the margin, and B3 was touched, A18 not."""
    p, unsure = pos(START), ("A18", "B3")
    seen = _seen(p, "JH:B3<>C5", unsure)
    colours = _leaning({"A18": "A", "B3": "C"}, 0.25 * STRONG)
    alone = match_seen(p, seen, unsure, JACK, colours=colours)
    assert alone.kind == "ambiguous" and not alone.unchanged_too
    touched = {"B3": {"A": -TOUCH}}
    result = match_seen(p, seen, unsure, JACK, colours=colours, touched=touched)
    assert (result.kind, result.moves) == ("move", (Move.parse("JH:B3<>C5"),))


def test_touched_marbles_never_make_a_swap_of_the_board_as_it_was() -> None:
    """Two marbles lifted and put back where they were look touched as much as two swapped: the colours
    (no lead here) must choose the swap over the board as it was by themselves."""
    p, unsure = pos(START), ("B3", "C5")
    colours = _leaning({"B3": "C", "C5": "A"}, 0.0)
    touched = {"B3": {"A": -TOUCH}, "C5": {"C": -TOUCH}}
    result = match_seen(p, _seen(p, "JH:B3<>C5", unsure), unsure, JACK, colours=colours, touched=touched)
    assert (result.kind, result.unchanged_too) == ("ambiguous", True)


def test_colours_read_the_wrong_way_round_never_keep_the_board_as_it_was_when_both_marbles_were_touched() -> (
    None
):
    """B3 and C5 swapped, but each reads in the colour of the marble that was there (two near colours in
    a dim light), by more than the margin: the colours alone would keep the board as it was. Both were
    touched, so the players are asked; untouched, the colours keep it."""
    p, unsure = pos(START), ("B3", "C5")
    colours = _leaning({"B3": "A", "C5": "C"}, STRONG)
    seen = _seen(p, "JH:B3<>C5", unsure)
    assert match_seen(p, seen, unsure, JACK, colours=colours).kind == "unchanged"
    touched = {"B3": {"A": -TOUCH}, "C5": {"C": -TOUCH}}
    result = match_seen(p, seen, unsure, JACK, colours=colours, touched=touched)
    assert (result.kind, result.moves, result.unchanged_too) == (
        "ambiguous",
        (Move.parse("JH:B3<>C5"),),
        True,
    )
    one = match_seen(p, seen, unsure, JACK, colours=colours, touched={"B3": {"A": -TOUCH}})
    assert one.kind == "unchanged"


def test_a_swap_the_touch_chooses_among_swaps_is_played_when_the_colours_choose_it_over_no_move() -> None:
    """Every swap of A's and C's marbles and the board as it was fit: the colours favour swapping B3
    with C5 over no move by the margin, but over swapping it with C12 by less; C5 was touched."""
    p, unsure = pos(START), ("A18", "B3", "C5", "C12")
    colours = {**_leaning({"A18": "A", "B3": "C"}, STRONG), **_leaning({"C5": "A", "C12": "C"}, 0.4 * STRONG)}
    seen = _seen(p, "JH:B3<>C5", unsure)
    assert match_seen(p, seen, unsure, JACK, colours=colours).kind == "ambiguous"
    touched = {"B3": {"A": -TOUCH}, "C5": {"C": -TOUCH}}
    result = match_seen(p, seen, unsure, JACK, colours=colours, touched=touched)
    assert (result.kind, result.moves) == ("move", (Move.parse("JH:B3<>C5"),))


def test_colours_and_touch_that_point_at_two_moves_choose_neither() -> None:
    """The colours alone choose swapping B3 with C12, the touch points at C5 more strongly: asked."""
    p, unsure = pos(START), ("A18", "B3", "C5", "C12")
    colours = _leaning({"A18": "A", "B3": "C", "C5": "C", "C12": "A"}, STRONG)
    touched = {"C5": {"C": -4 * STRONG}, "B3": {"A": -TOUCH}}
    seen = _seen(p, "JH:B3<>C12", unsure)
    assert match_seen(p, seen, unsure, JACK, colours=colours).moves == (Move.parse("JH:B3<>C12"),)
    result = match_seen(p, seen, unsure, JACK, colours=colours, touched=touched)
    assert result.kind == "ambiguous"
