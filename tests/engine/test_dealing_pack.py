"""The pack out of the hands: seeded shuffles, dealing round the table, drawing, reshuffling."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from firmware_py.engine.cards import Card
from firmware_py.engine.deck import Pack, new_deck, shuffle_rng, shuffled
from firmware_py.engine.rules import PRESETS


def test_r1_joker_variant_is_a_pack_of_54__000() -> None:
    """000: "1 jeu de 52 cartes standard (+ 2 jokers pour la variante)"; TOC (001) plays with them."""
    assert len(new_deck(PRESETS["r1"])) == 52
    toc = new_deck(PRESETS["toc"])
    assert len(toc) == 54
    assert sum(card.is_joker for card in toc) == 2


def test_a_shuffle_is_reproducible_from_the_seed_and_its_number() -> None:
    deck = new_deck(PRESETS["r1"])
    assert shuffled(deck, shuffle_rng(7, 0)) == shuffled(deck, shuffle_rng(7, 0))
    assert shuffled(deck, shuffle_rng(7, 0)) != shuffled(deck, shuffle_rng(7, 1))
    assert shuffled(deck, shuffle_rng(7, 0)) != shuffled(deck, shuffle_rng(8, 0))
    assert Counter(shuffled(deck, shuffle_rng(7, 0))) == Counter(deck)


def test_shuffling_never_touches_the_global_random_state() -> None:
    random.seed(1234)
    expected = random.random()
    random.seed(1234)
    shuffled(new_deck(PRESETS["r1"]), shuffle_rng(3, 0))
    assert random.random() == expected


def test_cards_are_dealt_one_at_a_time_round_the_table() -> None:
    cards = tuple(Card.parse(text) for text in ("AS", "2S", "3S", "4S", "5S", "6S", "7S"))
    hands, rest = Pack(cards).deal(2, 3)
    assert hands == ((cards[0], cards[3]), (cards[1], cards[4]), (cards[2], cards[5]))
    assert rest.stock == (cards[6],)


def test_dealing_more_than_the_stock_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot deal 5 cards to 4 seats from a stock of 3"):
        Pack(new_deck(PRESETS["r1"])[:3]).deal(5, 4)


def test_draw_takes_the_top_card_and_an_empty_stock_is_refused() -> None:
    deck = new_deck(PRESETS["r1"])
    card, rest = Pack(deck[:2]).draw()
    assert card == deck[0] and rest.stock == deck[1:2]
    with pytest.raises(ValueError, match="empty stock"):
        Pack(()).draw()


def test_played_cards_come_back_only_through_a_shuffle() -> None:
    deck = new_deck(PRESETS["r1"])
    pack = Pack(deck[:10]).play(deck[10:20])
    assert len(pack) == 20
    refilled = pack.reshuffle_played(shuffle_rng(1, 3))
    assert refilled.stock[:10] == deck[:10] and refilled.played == ()
    assert Counter(refilled.stock[10:]) == Counter(deck[10:20])
    gathered = pack.gather(shuffle_rng(1, 4))
    assert Counter(gathered.stock) == Counter(deck[:20]) and gathered.played == ()
