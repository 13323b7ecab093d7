"""Rule sets: presets citing their sheets, house rules, descriptions in French and English."""

from __future__ import annotations

import dataclasses

import pytest

from firmware_py.engine import (
    PRESETS,
    QC_ADVANCED,
    Game,
    InvalidPositionError,
    NotationError,
    Position,
    RuleSet,
    describe,
    find_preset,
    seat_letters,
)
from firmware_py.engine.rules import Shortcut


def test_the_six_presets_each_cite_their_seed_file() -> None:
    assert sorted(PRESETS) == ["canop", "qc", "r1", "r1x", "r2", "toc"]
    seeds = {"r1": "000_", "r2": "000_", "toc": "001_", "r1x": "002_", "qc": "003_", "canop": "004_"}
    for name, rules in PRESETS.items():
        assert rules.name == name and rules.source.startswith(seeds[name])


def test_find_preset_lists_the_valid_names() -> None:
    assert find_preset(" R2 ") is PRESETS["r2"]
    with pytest.raises(NotationError, match="r1, r1x, r2, toc, qc, canop"):
        find_preset("dog")


def test_house_rules_change_one_switch_and_keep_the_others() -> None:
    rules = find_preset("r1").with_switches(jokers=2)
    assert rules.jokers == 2 and rules.name == "r1+custom"
    assert dataclasses.replace(rules, jokers=0, name="r1") == PRESETS["r1"]
    with pytest.raises(ValueError, match="unknown switch"):
        find_preset("r1").with_switches(colour="red")
    with pytest.raises(ValueError):
        RuleSet(jokers=1)


def test_qc_advanced_rules_are_switches_of_the_qc_preset() -> None:
    rules = find_preset("qc").with_switches(**QC_ADVANCED)
    assert rules.four_backwards and rules.ten_swaps and rules.jack_left_skips
    assert rules.shortcut is Shortcut.CENTRE and rules.shortcut_cell == 8


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_describe_puts_every_switch_in_words(lang: str) -> None:
    for rules in PRESETS.values():
        rows = describe(rules, lang)
        assert len(rows) == len(dataclasses.fields(RuleSet)) - 1
        assert all(label and value for label, value in rows)
    assert ("teams", "two teams of alternating seats") in describe(PRESETS["r1"], "en")
    assert ("sept", "se partage entre deux pions") in describe(PRESETS["r2"], "fr")
    with pytest.raises(ValueError):
        describe(PRESETS["r1"], "de")


def test_seat_letters_and_board_size_follow_the_seat_count() -> None:
    assert seat_letters(2) == ("A", "C") and seat_letters(5) == tuple("ABCDE")
    assert find_preset("r2").topology(5).sections == 6 and find_preset("r2").topology(7).sections == 8
    with pytest.raises(ValueError):
        seat_letters(9)


def test_describe_move_puts_a_move_in_words_in_both_languages() -> None:
    from firmware_py.engine import Move, Position, describe_move

    position = Position.from_notation("r1 A:A1,B1 B:B5 C: D: A")
    move = Move.parse("7H:A1-A4,B1-B5xB5")
    assert (
        describe_move(position, move, "en")
        == "A: 7 of hearts, A1 → A4 and B1 → B5, takes the blue marble (B) on B5"
    )
    assert (
        describe_move(position, move, "fr")
        == "A : 7 de cœur, A1 → A4 et B1 → B5, prend le pion bleu (B) en B5"
    )
    assert describe_move(position, Move.parse("KS:AR-A18"), "fr") == "A : roi de pique, sort un pion en A18"
    three = Move.parse("7H:A1-A2,B1-B3,B5-B9xB9")
    assert describe_move(Position.from_notation("r1 A:A1,B1,B5 B:B9 C: D: A"), three, "fr") == (
        "A : 7 de cœur, A1 → A2, B1 → B3 et B5 → B9, prend le pion bleu (B) en B9"
    )
    assert describe_move(position, Move.parse("laydown"), "en") == "A: lays the hand down"


def test_toc_can_be_played_by_2_or_4_players_only__001() -> None:
    # "Le jeu de Toc peut se jouer à 2 joueurs ou à 4 joueurs"; Game.new and positions refuse 3 alike, and a
    # house rule may widen seat_counts explicitly.
    with pytest.raises(InvalidPositionError) as refused:
        Game.new(find_preset("toc"), seats=3, seed=1)
    assert refused.value.violations[0].en == "The toc rules are played by 2 or 4 seats, not 3."
    assert refused.value.violations[0].fr == "Les règles toc se jouent à 2 ou 4 joueurs, pas à 3."
    with pytest.raises(InvalidPositionError):
        Position.from_notation("r1 A:B3 B: C: A")
    assert Position.from_notation("r1[seat_counts=3] A:B3 B: C: A").seats == ("A", "B", "C")
    widened = find_preset("toc").with_switches(seat_counts=(2, 3, 4))
    assert len(Game.new(widened, seats=3, seed=1).position.seats) == 3


def test_describe_move_names_the_marble_that_makes_room_first() -> None:
    from firmware_py.engine import Card, Move, Position, describe_move, legal_moves

    position = Position.from_notation("r1 A:A13,AH1 B: C: D: A A=7H")
    move = Move.parse("7H:A13-AH1,AH1-AH4")
    assert move in legal_moves(position, Card.parse("7H"))
    assert move.steps == (("A13", "AH1"), ("AH1", "AH4"))
    assert describe_move(position, move, "en") == "A: 7 of hearts, AH1 → AH4 and A13 → AH1"
