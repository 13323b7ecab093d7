"""The engine's seat view is the one filter of what a seat may know: a position as one seat may know it
holds that seat's hand only, and none at all for anyone not to play."""

from __future__ import annotations

from firmware_py.engine import PRESETS, legal_moves
from firmware_py.engine.game import Game, Phase
from firmware_py.engine.view import known_position


def _game_in_play() -> Game:
    game = Game.new(PRESETS["canop"], seats=4, seed=3)
    while game.phase is Phase.EXCHANGE:
        seat = game.pending_exchanges[0]
        game = game.exchange(seat, game.hand(seat)[0])
    return game


def test_the_seat_to_play_knows_its_own_hand_and_no_other() -> None:
    game = _game_in_play()
    seat = game.to_play
    assert seat is not None and all(game.hand_tuple)
    known = known_position(game.position, seat)
    assert known.hand(seat) == game.hand(seat)
    assert all(known.hand(other) == () for other in game.seats if other != seat)
    assert known.layout == game.position.layout and known.turn == seat


def test_the_seat_to_play_judges_its_moves_as_the_game_does() -> None:
    game = _game_in_play()
    seat = game.to_play
    assert seat is not None
    assert tuple(legal_moves(known_position(game.position, seat))) == game.legal_moves()


def test_a_seat_not_to_play_and_a_spectator_know_no_hand() -> None:
    game = _game_in_play()
    waiting = next(s for s in game.seats if s != game.to_play)
    assert known_position(game.position, waiting).hands is None
    assert known_position(game.position, None).hands is None


def test_a_seat_view_holds_only_its_own_cards_and_the_card_it_gave() -> None:
    game = Game.new(PRESETS["canop"], seats=4, seed=3)
    gifts = {}
    while game.phase is Phase.EXCHANGE:
        seat = game.pending_exchanges[0]
        gifts[seat] = game.hand(seat)[0]
        game = game.exchange(seat, gifts[seat])
    for seat in game.seats:
        view = game.view_for(seat)
        assert view.hand == game.hand(seat) and view.position.hands is None
        assert view.gift_held == gifts[seat]
        others = {c for s in game.seats if s != seat for c in game.hand(s)} - {gifts[seat]} - set(view.hand)
        shown = {c for event in view.history for c in event.cards} | set(view.played)
        assert not others & shown
