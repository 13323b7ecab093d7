"""The game with its chance: dealing, turns, exchange, joker, discards, winners, replay and views.

Each rule test is named after the rule-sheet sentence it checks and cites its seed file in
/work/shared/seeds/: 000 (R1 and R2), 001 (TOC), 002 (R1x), 003 (QC), 004 (CANOP).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest

from firmware_py.engine.cards import Card
from firmware_py.engine.deck import new_deck
from firmware_py.engine.errors import NotationError
from firmware_py.engine.game import Dealt, Drew, EndTurn, Exchange, Game, Phase, Shuffled, parse_action
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.rules import PRESETS, QC_ADVANCED, TeamMode
from firmware_py.engine.selfplay import random_action
from firmware_py.engine.violations import IllegalMoveError

R1 = PRESETS["r1"]
R1_JOKERS = R1.with_switches(jokers=2)


def _advance(game: Game, rng: random.Random, until: object, limit: int = 5000) -> Game:
    """Play random legal actions until ``until(game)`` holds."""
    assert callable(until)
    for _ in range(limit):
        if until(game):
            return game
        action = random_action(game, rng)
        assert action is not None
        game = game.apply(action)
    raise AssertionError("condition never reached")


def _seed_where(predicate: object, rules: object = R1, seats: int = 4) -> Game:
    """The first game (seed 0, 1, ...) whose start satisfies ``predicate``."""
    assert callable(predicate)
    for seed in range(500):
        game = Game.new(rules, seats=seats, seed=seed)  # type: ignore[arg-type]
        if predicate(game):
            return game
    raise AssertionError("no seed found")


def _with_board(game: Game, notation: str) -> Game:
    """``game`` with the marbles, seat to play and hands of ``notation`` (a set-up for one rule)."""
    position = Position.from_notation(notation)
    return dataclasses.replace(game, position=position, to_play=position.turn)


# -- dealing and turns --------------------------------------------------------------------------------


def test_r1_dealer_first_gives_five_cards_to_each__000() -> None:
    """000 R1: "Un des joueurs, le donneur, distribuera d'abord 5 cartes à chacun"."""
    game = Game.new(R1, seats=4, seed=3)
    assert [len(hand) for hand in game.hand_tuple] == [5, 5, 5, 5]
    assert len(game.pack.stock) == 52 - 20
    assert isinstance(game.history[0], Shuffled) and isinstance(game.history[1], Dealt)


def test_r1_first_deal_played_then_four_cards_each__000() -> None:
    """000 R1: "Cette première donne jouée, le donneur redonnera 4 cartes à chacun"."""
    rng = random.Random(1)
    game = Game.new(R1, seats=4, seed=1)
    game = _advance(game, rng, lambda g: g.deals == 2)
    assert [len(hand) for hand in game.hand_tuple] == [4, 4, 4, 4]
    assert len(game.pack.played) == 20


def test_r1_each_in_turn_plays_one_card__000() -> None:
    """000 R1: "Ces cartes seront jouées une par une et chacun, à son tour, joue une carte"."""
    game = Game.new(R1, seats=4, seed=2, dealer="B")
    rng = random.Random(2)
    order = []
    for _ in range(8):
        seat = game.to_play
        assert seat is not None
        order.append(seat)
        before = len(game.hand(seat))
        action = random_action(game, rng)
        assert action is not None
        game = game.apply(action)
        assert len(game.hand(seat)) == before - 1
    assert "".join(order) == "CDABCDAB"


@pytest.mark.parametrize("dealer", ["A", "B", "C", "D"])
def test_r2_player_left_of_the_dealer_plays_first__000(dealer: str) -> None:
    """000 R2: "Le joueur à gauche du brasseur joue en premier" (left = next in turn order)."""
    game = Game.new(PRESETS["r2"], seats=4, seed=5, dealer=dealer)
    assert game.dealer == dealer
    assert game.to_play == "ABCD"[("ABCD".index(dealer) + 1) % 4]
    assert game.position.turn == game.to_play


def test_canop_player_left_of_the_dealer_starts__004() -> None:
    """004 CANOP: "Le joueur qui démarre est le joueur se trouvant à gauche du donneur"."""
    game = Game.new(PRESETS["canop"], seats=4, seed=2, dealer="C")
    for seat in "ABCD":
        game = game.exchange(seat, game.hand(seat)[0])
    assert game.to_play == "D"


def test_r2_first_dealer_is_drawn_at_random__000() -> None:
    """000 R2: "le joueur effectuant cette tâche est déterminé au hasard" (from the seed, reproducibly)."""
    dealers = {Game.new(PRESETS["r2"], seats=4, seed=seed).dealer for seed in range(40)}
    assert dealers == {"A", "B", "C", "D"}
    assert Game.new(PRESETS["r2"], seats=4, seed=9).dealer == Game.new(PRESETS["r2"], seats=4, seed=9).dealer


def test_r2_new_dealer_once_the_52_cards_are_dealt__000() -> None:
    """000 R2: "On change de brasseur une fois que les 52 cartes ont été distribuées"."""
    rng = random.Random(4)
    game = Game.new(PRESETS["r2"], seats=4, seed=4, dealer="A")
    game = _advance(game, rng, lambda g: g.deals == 3)
    assert game.dealer == "A"
    game = _advance(game, rng, lambda g: g.shuffles == 2)
    assert game.dealer == "B" and game.deals == 1
    assert game.to_play == "C"
    assert [len(hand) for hand in game.hand_tuple] == [5, 5, 5, 5]


def test_r1_joker_variant_two_cards_left_are_reshuffled_with_the_played_ones__000() -> None:
    """000 R1: "Ces deux cartes sont remélangées avec les cartes jouées avant redistribution"."""
    rng = random.Random(5)
    game = Game.new(R1_JOKERS, seats=4, seed=5, dealer="A")
    game = _advance(game, rng, lambda g: g.shuffles == 2)
    shuffle = next(e for e in reversed(game.history) if isinstance(e, Shuffled))
    assert len(shuffle.stock) == 54 and game.pack.played == ()
    assert len(game.pack.stock) == 54 - 20


def test_canop_left_of_the_dealer_deals_once_every_card_is_dealt__004() -> None:
    """004 CANOP: "Lorsque toutes les cartes ont été distribuées, le joueur à gauche du donneur devient le
    nouveau donneur"."""
    rng = random.Random(6)
    game = Game.new(PRESETS["canop"], seats=4, seed=6, dealer="D")
    game = _advance(game, rng, lambda g: g.shuffles == 2)
    assert game.dealer == "A" and game.phase is Phase.EXCHANGE


def test_cards_are_conserved_through_deals_and_shuffles() -> None:
    rng = random.Random(8)
    game = Game.new(PRESETS["r2"], seats=3, seed=8)
    game = _advance(game, rng, lambda g: g.shuffles == 3)
    held = Counter(game.pack.stock) + Counter(game.pack.played)
    for hand in game.hand_tuple:
        held.update(hand)
    assert held == Counter(new_deck(PRESETS["r2"]))


def test_turn_passes_over_seats_with_no_cards_left() -> None:
    game = Game.new(R1, seats=4, seed=6, dealer="D")
    game = _with_board(game, "r1 A:A3 B: C: D: A A=9S B= C=2C D=3C")
    assert game.play(Move.parse("9S:A3-A12")).to_play == "C"


# -- partner exchange ---------------------------------------------------------------------------------


def test_r1x_partners_exchange_one_card_face_down__002() -> None:
    """002 R1x: "Les partenaires s'échangent une carte sans la montrer"."""
    game = Game.new(PRESETS["r1x"], seats=4, seed=11)
    assert game.phase is Phase.EXCHANGE
    gifts = {seat: game.hand(seat)[0] for seat in "ABCD"}
    before = game.hands
    assert game.pending_exchanges == ("A", "B", "C", "D")
    for number, seat in enumerate("BDAC"):
        assert game.phase is Phase.EXCHANGE
        game = game.exchange(seat, gifts[seat])
        assert seat not in game.pending_exchanges and len(game.pending_exchanges) == 3 - number
        assert game.to_play in game.pending_exchanges or game.phase is Phase.PLAY
    assert game.phase is Phase.PLAY
    for seat, partner in (("A", "C"), ("C", "A"), ("B", "D"), ("D", "B")):
        expected = Counter(before[seat]) - Counter([gifts[seat]]) + Counter([gifts[partner]])
        assert Counter(game.hand(seat)) == expected


def test_r1x_exchanged_card_is_not_shown_to_the_other_seats__002() -> None:
    """002 R1x: "sans la montrer": before the swap only the giver knows its card."""
    game = Game.new(PRESETS["r1x"], seats=4, seed=12)
    card = game.hand("A")[2]
    game = game.exchange("A", card)
    assert game.view_for("A").given == card
    assert game.view_for("C").given is None
    assert str(card) not in str(game.view_for("B").to_dict()["hand"])


def test_r1x_exchange_comes_before_playing__002() -> None:
    """002 R1x: the exchange is made "avant de jouer": no move until every partner has given."""
    game = Game.new(PRESETS["r1x"], seats=4, seed=13)
    assert game.legal_moves() == ()
    with pytest.raises(IllegalMoveError) as raised:
        game.play(Move(game.hand("A")[0], MoveKind.DISCARD))
    assert raised.value.violations[0].code == "exchange_first"


def test_a_seat_gives_only_once_and_only_its_own_cards() -> None:
    game = Game.new(PRESETS["r1x"], seats=4, seed=14)
    foreign = game.hand("B")[0]
    with pytest.raises(IllegalMoveError) as raised:
        game.exchange("A", foreign)
    assert raised.value.violations[0].code == "card_not_in_hand"
    game = game.exchange("A", game.hand("A")[0])
    with pytest.raises(IllegalMoveError) as raised:
        game.exchange("A", game.hand("A")[1])
    assert raised.value.violations[0].code == "no_exchange_now"


def test_canop_teammates_exchange_at_every_deal__004() -> None:
    """004 CANOP: "A chaque début de tour (après distribution des cartes), les coéquipiers s'échangent"."""
    rng = random.Random(15)
    game = Game.new(PRESETS["canop"], seats=4, seed=15)
    game = _advance(game, rng, lambda g: g.deals == 2)
    assert game.phase is Phase.EXCHANGE
    assert set(game.legal_actions()) == {Exchange(seat, card) for seat in "ABCD" for card in game.hand(seat)}


def test_no_exchange_without_a_partner() -> None:
    game = Game.new(PRESETS["canop"], seats=2, seed=16)
    assert game.phase is Phase.PLAY
    assert game.partner_of("A") is None


# -- nothing playable ---------------------------------------------------------------------------------


def test_r1_no_ace_or_king_and_no_marble_out_discards_one_card__000() -> None:
    """000 R1: "Si le joueur ne dispose pas de parteu et qu'il ne peut avancer de pion, il doit se
    défausser d'une carte"."""
    game = _seed_where(lambda g: not {c.rank for c in g.hand(g.to_play)} & {"A", "K"})
    seat = game.to_play
    assert seat is not None
    moves = game.legal_moves()
    assert {m.kind for m in moves} == {MoveKind.DISCARD}
    assert {m.card for m in moves} == set(game.hand(seat))
    after = game.play(moves[0])
    assert len(after.hand(seat)) == 4
    assert after.pack.played == (moves[0].card,)
    assert after.to_play != seat


def test_r2_no_ace_nor_king_and_nothing_out_lays_the_cards_down_until_the_next_deal__000() -> None:
    """000 R2: "il dépose ses cartes sur la table et attend la prochaine distribution"."""
    r2 = PRESETS["r2"]
    game = _seed_where(lambda g: not {c.rank for c in g.hand(g.to_play)} & {"A", "K"}, r2)
    seat = game.to_play
    assert seat is not None
    assert game.legal_moves() == (Move(None, MoveKind.LAY_DOWN),)
    after = game.play(Move.parse("laydown"))
    assert after.hand(seat) == ()
    assert seat in after.laid_down and after.view_for("A").laid_down == (seat,)
    assert len(after.pack.played) == 5
    rng = random.Random(3)
    later = _advance(after, rng, lambda g: g.to_play == seat or g.deals == 2)
    assert later.deals == 2 and later.laid_down == frozenset()


def test_qc_no_ace_nor_king_places_the_cards_in_the_centre_until_the_next_deal__003() -> None:
    """003 QC: "If a player does not have any of these 2 cards, he must place his cards in the centre of the
    game board and wait for the next deal"."""
    game = _seed_where(lambda g: not {c.rank for c in g.hand(g.to_play)} & {"A", "K"}, PRESETS["qc"])
    seat = game.to_play
    assert seat is not None
    assert game.legal_moves() == (Move.lay_down(),)
    after = game.play(Move.lay_down())
    assert after.hand(seat) == () and seat in after.laid_down
    assert after.to_play != seat


def test_toc_discard_one_card_and_draw_another__001() -> None:
    """001 TOC: "il doit se défausser d'une carte de sa main et en piocher une autre"."""
    toc = PRESETS["toc"]
    game = _seed_where(lambda g: not {c.rank for c in g.hand(g.to_play)} & {"A", "K", "JOKER"}, toc)
    seat = game.to_play
    assert seat is not None
    stock = len(game.pack.stock)
    move = game.legal_moves()[0]
    assert move.kind is MoveKind.DISCARD
    after = game.play(move)
    assert len(after.hand(seat)) == 5 and len(after.pack.stock) == stock - 1
    assert isinstance(after.history[-1], Drew) and after.history[-1].seat == seat


# -- draw pile ----------------------------------------------------------------------------------------


def test_toc_five_cards_each_rest_is_the_draw_pile__001() -> None:
    """001 TOC: "5 premières cartes sont distribuées à chaque joueur, le reste ... constituant la pioche"."""
    game = Game.new(PRESETS["toc"], seats=4, seed=20)
    assert [len(h) for h in game.hand_tuple] == [5, 5, 5, 5]
    assert len(game.pack.stock) == 54 - 20


def test_toc_play_one_card_then_draw_one__001() -> None:
    """001 TOC: "chaque joueur doit jouer une carte pour déplacer un pion, puis piocher une autre carte"."""
    game = _seed_where(lambda g: {c.rank for c in g.hand(g.to_play)} & {"A", "K"}, PRESETS["toc"])
    seat = game.to_play
    assert seat is not None
    move = next(m for m in game.legal_moves() if m.kind is MoveKind.ENTER and not m.card.is_joker)  # type: ignore[union-attr]
    after = game.play(move)
    assert len(after.hand(seat)) == 5
    assert len(after.pack.stock) == len(game.pack.stock) - 1
    assert after.to_play != seat


def test_toc_empty_draw_pile_is_refilled_from_the_played_cards() -> None:
    """TOC is silent: the played cards are shuffled into a new draw pile (the game has no other deal)."""
    rng = random.Random(21)
    game = Game.new(PRESETS["toc"], seats=4, seed=21)
    game = _advance(game, rng, lambda g: g.shuffles == 2)
    assert isinstance(next(e for e in reversed(game.history) if isinstance(e, Shuffled)), Shuffled)
    assert sum(len(h) for h in game.hand_tuple) == 20
    assert len(game.pack.stock) + len(game.pack.played) == 54 - 20


# -- joker --------------------------------------------------------------------------------------------


def _joker_game() -> Game:
    return _seed_where(lambda g: any(c.is_joker for c in g.hand(g.to_play)), R1_JOKERS)


def test_r1_joker_draws_a_card_and_may_play_again_now__000() -> None:
    """000 R1 joker: "il repioche une carte et peut rejouer tout de suite"."""
    game = _joker_game()
    seat = game.to_play
    assert seat is not None
    move = next(m for m in game.legal_moves() if m.card is not None and m.card.is_joker)
    after = game.play(move)
    assert after.to_play == seat and after.extra_play
    assert len(after.hand(seat)) == 5
    assert isinstance(after.history[-1], Drew)
    assert EndTurn(seat) in after.legal_actions()
    again = after.play(after.legal_moves()[0])
    assert not again.extra_play and again.to_play != seat


def test_r1_joker_card_drawn_may_be_kept_for_later__000() -> None:
    """000 R1 joker: "peut rejouer tout de suite ou plus tard": ending the turn keeps the cards."""
    game = _joker_game()
    seat = game.to_play
    assert seat is not None
    after = game.play(next(m for m in game.legal_moves() if m.card is not None and m.card.is_joker))
    kept = after.end_turn(seat)
    assert kept.to_play != seat and not kept.extra_play
    assert kept.hand(seat) == after.hand(seat)


def test_toc_joker_draws_and_may_play_again__001() -> None:
    """001 TOC: "Lorsqu'un joueur joue un joker, il pioche donc une carte et peut rejouer tout de suite
    ou plus tard" (the draw is the pile's usual one)."""
    game = _seed_where(lambda g: any(c.is_joker for c in g.hand(g.to_play)), PRESETS["toc"])
    seat = game.to_play
    assert seat is not None
    stock = len(game.pack.stock)
    after = game.play(next(m for m in game.legal_moves() if m.card is not None and m.card.is_joker))
    assert after.to_play == seat and after.extra_play
    assert len(after.hand(seat)) == 5 and len(after.pack.stock) == stock - 1


def test_ending_a_turn_without_playing_only_after_a_joker() -> None:
    game = Game.new(R1, seats=4, seed=1)
    assert game.to_play is not None
    with pytest.raises(IllegalMoveError) as raised:
        game.end_turn(game.to_play)
    assert raised.value.violations[0].code == "only_after_joker"


def test_extra_play_after_a_joker_offers_no_discard() -> None:
    game = _joker_game()
    after = game.play(next(m for m in game.legal_moves() if m.card is not None and m.card.is_joker))
    assert not any(m.is_discard for m in after.legal_moves())


# -- QC advanced Jack ---------------------------------------------------------------------------------


def test_qc_advanced_jack_player_to_the_left_discards_one_card_and_skips__003() -> None:
    """003 QC advanced: "With a Jack, the player to the left discards one card and skips his turn"."""
    rules = PRESETS["qc"].with_switches(**QC_ADVANCED)
    game = Game.new(rules, seats=4, seed=30, dealer="D")
    game = _with_board(game, "qc A:A3 B: C: D: A A=JS,2C B=3C,4C,5C C=6C D=7C")
    after = game.play(Move.parse("JS:A3-A14"))
    assert after.to_play == "B" and after.must_discard == "B"
    assert set(after.legal_moves()) == {Move(Card.parse(c), MoveKind.DISCARD) for c in ("3C", "4C", "5C")}
    with pytest.raises(IllegalMoveError) as raised:
        after.play(Move(None, MoveKind.LAY_DOWN))
    assert raised.value.violations[0].code == "discard_after_jack"
    skipped = after.play(Move.parse("4C:discard"))
    assert skipped.to_play == "C" and skipped.must_discard is None
    assert skipped.hand("B") == (Card.parse("3C"), Card.parse("5C"))
    assert skipped.position.layout == after.position.layout


def test_qc_basic_jack_does_not_skip__003() -> None:
    game = Game.new(PRESETS["qc"], seats=4, seed=30, dealer="D")
    game = _with_board(game, "qc A:A3 B: C: D: A A=JS,2C B=3C,4C,5C C=6C D=7C")
    after = game.play(Move.parse("JS:A3-A14"))
    assert after.to_play == "B" and after.must_discard is None


# -- play for the partner, winners --------------------------------------------------------------------


def test_r1_all_marbles_home_plays_the_partners_and_the_team_wins__000() -> None:
    """000 R1: "il joue ses cartes pour faire avancer les pions de son partenaire. L'équipe gagnante est
    celle qui réussit en premier à rentrer tous ses pions"."""
    game = Game.new(R1, seats=4, seed=40, dealer="D")
    game = _with_board(game, "r1 A:AH1,AH2,AH3,AH4 B:B5 C:C16,CH2,CH3,CH4 D: A A=AS,9H B=2S C=3S D=4S")
    move = Move.parse("AS:C16-CH1")
    assert move in game.legal_moves()
    over = game.play(move)
    assert over.phase is Phase.OVER and over.winner == ("A", "C") and over.to_play is None
    assert over.legal_actions() == ()
    with pytest.raises(IllegalMoveError) as raised:
        over.play(Move.parse("9H:C1-C10"))
    assert raised.value.violations[0].code == "game_over"


def test_solo_seat_with_all_marbles_home_wins_alone__000() -> None:
    """000 R2: "Être le premier joueur ou la première équipe à compléter le parcours"."""
    rules = PRESETS["r2"].with_switches(teams=TeamMode.SOLO)
    game = Game.new(rules, seats=3, seed=41, dealer="C")
    game = _with_board(game, "r2[teams=solo] A:A16,AH2,AH3,AH4 B:B5 C: A A=AS,9H B=2S C=3S")
    over = game.play(Move.parse("AS:A16-AH1"))
    assert over.winner == ("A",)


# -- replay, seeds, views, bad input ------------------------------------------------------------------


def test_a_game_replays_exactly_from_rules_seats_seed_and_actions() -> None:
    rng = random.Random(50)
    game = Game.new(PRESETS["canop"], seats=4, seed=50)
    actions = []
    for _ in range(300):
        action = random_action(game, rng)
        assert action is not None
        actions.append(action)
        game = game.apply(action)
    replayed = Game.replay(PRESETS["canop"], seats=4, seed=50, actions=[str(a) for a in actions])
    assert replayed == game and replayed.history == game.history


def test_replay_names_the_action_that_is_illegal() -> None:
    with pytest.raises(IllegalMoveError, match="#0"):
        Game.replay(R1, seats=4, seed=1, actions=["9H:A1-A10"])


def test_the_same_seed_deals_the_same_cards_and_another_seed_others() -> None:
    assert Game.new(R1, seats=4, seed=7).hands == Game.new(R1, seats=4, seed=7).hands
    assert Game.new(R1, seats=4, seed=7).hands != Game.new(R1, seats=4, seed=8).hands


def test_a_game_never_touches_the_global_random_state() -> None:
    random.seed(99)
    expected = random.random()
    random.seed(99)
    game = Game.new(R1, seats=4, seed=5)
    _advance(game, random.Random(2), lambda g: g.deals == 2)
    assert random.random() == expected


def test_a_seat_view_shows_its_own_hand_only() -> None:
    game = Game.new(R1, seats=4, seed=60)
    view = game.view_for("B")
    assert view.hand == game.hand("B")
    assert dict(view.hand_counts) == {"A": 5, "B": 5, "C": 5, "D": 5}
    assert view.position.hands is None
    data = view.to_dict()
    others = {str(c) for seat in "ACD" for c in game.hand(seat)} - {str(c) for c in game.hand("B")}
    text = str(data)
    assert not any(f"'{card}'" in text for card in others)
    assert data["stock_count"] == 32 and "stock" not in data
    dealt = [e for e in view.history if e.kind == "dealt"]
    assert dealt[0].cards == game.hand("B") and dealt[0].count == 20


def test_only_the_seat_to_play_sees_legal_moves_in_its_view() -> None:
    game = Game.new(R1, seats=4, seed=61)
    assert game.to_play is not None
    assert game.view_for(game.to_play).legal_moves == game.legal_moves()
    other = next(s for s in game.seats if s != game.to_play)
    assert game.view_for(other).legal_moves == ()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seats": 9}, "2 to 8 seats"),
        ({"seats": ["A", "A"]}, "different seat letters"),
        ({"seats": 4, "dealer": "E"}, "not one of the seats"),
    ],
)
def test_impossible_set_up_is_a_clear_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        Game.new(R1, seed=1, **kwargs)  # type: ignore[arg-type]


def test_actions_read_back_from_their_text() -> None:
    assert parse_action("A>7H") == Exchange("A", Card.parse("7H"))
    assert parse_action("C:end") == EndTurn("C")
    assert parse_action("KS:AR-A18") == Move.parse("KS:AR-A18")
    with pytest.raises(NotationError):
        parse_action("A>ZZ")


def test_unknown_seats_and_unreadable_actions_are_clear_errors() -> None:
    game = Game.new(R1, seats=4, seed=1)
    with pytest.raises(NotationError, match="'E' is not one of the seats"):
        game.partner_of("E")
    with pytest.raises(NotationError, match="'E' is not one of the seats"):
        game.hand("E")
    with pytest.raises(NotationError, match="action #1 nonsense"):
        Game.replay(R1, seats=4, seed=1, actions=[str(random_action(game, random.Random(0))), "nonsense"])
    assert parse_action("b:END") == EndTurn("B")


def test_r1x_teams_of_three_pass_the_card_to_the_next_teammate() -> None:
    """R1x at 6 seats ("équipe de 3"): the sheet names no single partner, so A gives to C, C to E, E to A."""
    game = Game.new(PRESETS["r1x"], seats=6, seed=70)
    assert [game.partner_of(s) for s in "ACEBDF"] == ["C", "E", "A", "D", "F", "B"]
    gifts = {seat: game.hand(seat)[0] for seat in game.seats}
    for seat in game.seats:
        game = game.exchange(seat, gifts[seat])
    assert gifts["A"] in game.hand("C") and gifts["E"] in game.hand("A") and gifts["F"] in game.hand("B")


def test_a_table_may_keep_its_dealer() -> None:
    rules = PRESETS["r2"].with_switches(dealer_rotates=False)
    game = Game.new(rules, seats=4, seed=71, dealer="C")
    game = _advance(game, random.Random(71), lambda g: g.shuffles == 2)
    assert game.dealer == "C" and game.to_play == "D"


def test_a_seat_view_is_plain_json() -> None:
    game = _joker_game()
    game = game.play(next(m for m in game.legal_moves() if m.card is not None and m.card.is_joker))
    seat = game.to_play
    assert seat is not None
    data = json.loads(json.dumps(game.view_for(seat).to_dict()))
    assert data["extra_play"] is True and data["hand"] == [str(c) for c in game.hand(seat)]
    assert data["history"][-1]["kind"] == "drew" and data["history"][-1]["cards"]
    other = next(s for s in game.seats if s != seat)
    assert game.view_for(other).to_dict()["history"][-1]["cards"] == []
