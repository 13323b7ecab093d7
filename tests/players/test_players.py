"""The computer levels: legal play at every level, a search that never reads hidden cards, the arena."""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner

from firmware_py.cli import main as tock
from firmware_py.cli.arena import first_level_seats, play_match, two_teams, wilson
from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine import PRESETS, Card, TockError, new_deck
from firmware_py.engine.deck import Pack
from firmware_py.engine.fast import CoreTable
from firmware_py.engine.game import Game, Phase
from firmware_py.engine.selfplay import random_action
from firmware_py.players import levels as players_module
from firmware_py.players.levels import (
    EasyPlayer,
    MediumPlayer,
    StrongPlayer,
    determinize,
    known_gift,
    make_player,
    medium_move,
)
from firmware_py.table.core import Table


def _cards(world: CoreTable, ids: list[int]) -> list[Card]:
    """The cards of a core table's card ids."""
    return [world.setup.values[card] for card in ids]


def _game_after(preset: str, seed: int, actions: int) -> Game:
    """A game of 4 seats after ``actions`` random actions, in the play phase."""
    game = Game.new(PRESETS[preset], seats=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        action = random_action(game, rng)
        assert action is not None
        game = game.apply(action)
    while game.phase is not Phase.PLAY or len(game.legal_moves()) < 3:
        action = random_action(game, rng)
        assert action is not None
        game = game.apply(action)
    return game


def _others_reshuffled(game: Game, seat: str, seed: int) -> Game:
    """The same game with every card ``seat`` cannot see dealt differently, and another seed."""
    index = game.seats.index(seat)
    hidden = [c for i, hand in enumerate(game.hand_tuple) if i != index for c in hand] + list(game.pack.stock)
    random.Random(seed).shuffle(hidden)
    hands = {}
    for i, other in enumerate(game.seats):
        if i == index:
            hands[other] = list(game.hand_tuple[i])
        else:
            hands[other] = hidden[: len(game.hand_tuple[i])]
            del hidden[: len(game.hand_tuple[i])]
    return dataclasses.replace(
        game,
        position=game.position.replace(hands=hands),
        pack=Pack(tuple(hidden), game.pack.played),
        seed=game.seed + 1,
    )


def test_the_strong_player_decides_the_same_whatever_the_other_hands_hold() -> None:
    decided = 0
    for seed in range(4):
        game = _game_after("r1", seed, 30 + 10 * seed)
        seat = game.to_play
        assert seat is not None
        twin = _others_reshuffled(game, seat, seed)
        assert twin.hand_tuple != game.hand_tuple and twin.hand(seat) == game.hand(seat)
        first = StrongPlayer(None, samples=12, seed=7).act(game, seat)
        second = StrongPlayer(None, samples=12, seed=7).act(twin, seat)
        assert first == second
        assert first in game.legal_moves()
        decided += 1
    assert decided == 4


def test_determinize_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    game = _game_after("r1", 11, 40)
    seat = game.to_play
    assert seat is not None
    worlds = [determinize(game, seat, random.Random(n)) for n in range(5)]
    index = game.seats.index(seat)
    for world in worlds:
        hands = [tuple(_cards(world, hand)) for hand in world.hands]
        assert hands[index] == game.hand(seat)
        assert [len(h) for h in hands] == [len(h) for h in game.hand_tuple]
        assert tuple(_cards(world, world.played)) == game.pack.played
        assert len(world.stock) == len(game.pack.stock)
        cards = [c for h in hands for c in h] + _cards(world, world.stock + world.played)
        assert Counter(cards) == Counter(new_deck(game.rules))
        assert world.state.to_position() == game.position.reseated(game.position.turn_index, None)
        assert world.to_play == index and world.seed != game.seed
    assert len({tuple(tuple(h) for h in w.hands) for w in worlds}) > 1  # the hidden cards are drawn again


def test_a_card_given_to_the_partner_stays_in_the_partners_hand_in_every_sampled_world() -> None:
    # CANOP: "les coéquipiers s'échangent une carte": the giver knows where that card is.
    game = Game.new(PRESETS["canop"], seats=4, seed=3)
    gifts: dict[str, Card] = {}
    while game.phase is Phase.EXCHANGE:
        seat = game.pending_exchanges[0]
        gifts[seat] = game.hand(seat)[0]
        game = game.exchange(seat, gifts[seat])
    seat = "A"
    partner = game.partner_of(seat)
    assert partner is not None and known_gift(game, seat) == gifts[seat]
    for n in range(5):
        world = determinize(game, seat, random.Random(n))
        assert gifts[seat] in _cards(world, world.hands[game.seats.index(partner)])


def test_every_level_plays_a_whole_game_legally() -> None:
    game = Game.new(PRESETS["r1x"], seats=4, seed=5)
    players = {
        "A": StrongPlayer(None, samples=2, seed=1),
        "B": EasyPlayer(1),
        "C": MediumPlayer(),
        "D": EasyPlayer(2),
    }
    actions = 0
    while game.winner is None and actions < 5000:
        seat = game.to_play
        assert seat is not None
        action = players[seat].act(game, seat)
        assert action in game.legal_actions()
        game = game.apply(action)
        actions += 1
    assert game.winner is not None


def test_the_strong_player_with_one_candidate_plays_the_medium_move() -> None:
    game = _game_after("r1", 2, 20)
    seat = game.to_play
    assert seat is not None
    moves = game.legal_moves()
    only = StrongPlayer(None, samples=1, seed=0)
    best = medium_move(game, seat, moves)
    assert only.search(game, seat, (best,)) == best


def test_an_unknown_level_is_named() -> None:
    with pytest.raises(ValueError, match="unknown level 'hard': expected one of easy, medium, strong"):
        make_player("hard")


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(400, 400)
    assert high == 1.0 and 0.99 < low < 1.0


def test_the_levels_swap_seats_every_other_game() -> None:
    rules = PRESETS["r1"]
    first, second = two_teams(rules, 4)
    assert first_level_seats(Game.new(rules, seats=4, seed=10)) == first == ("A", "C")
    assert first_level_seats(Game.new(rules, seats=4, seed=11)) == second == ("B", "D")
    result = play_match(rules, 4, 11, "medium", "easy", None)
    assert result.finished and result.seed == 11 and result.actions > 0


def test_tock_arena_prints_the_first_teams_win_rate_last() -> None:
    result = CliRunner().invoke(
        tock, ["arena", "--team1", "medium", "--team2", "easy", "--games", "2", "--seed", "4", "--quiet"]
    )
    assert result.exit_code == 0, result.output
    last = result.output.strip().splitlines()[-1]
    assert last.startswith("medium vs easy: medium won ") and "of 2 = " in last and "(95 % interval " in last


def test_tock_arena_refuses_a_game_without_two_teams() -> None:
    result = CliRunner().invoke(
        tock, ["arena", "--team1", "strong", "--team2", "medium", "--preset", "qc", "--seats", "6"]
    )
    assert result.exit_code == 1 and "the arena needs two teams; qc at 6 seats makes 3" in result.output
    with pytest.raises(TockError):
        two_teams(PRESETS["qc"], 6)


def test_a_table_of_computer_seats_plays_each_at_its_own_level() -> None:
    seats = tuple(
        dataclasses.replace(seat, level=level)
        for seat, level in zip(default_seats(4, humans=0), ("strong", "easy", "medium", "easy"), strict=True)
    )
    game = dataclasses.replace(default_game(), preset="r1", seats=seats, seed=9)
    config = Config(
        game=game, camera=CameraSettings(source="none"), computer_delay=0.0, computer_move_time=0.01
    )
    table = Table(config)
    try:
        view = table.public_view()
        assert view["winner"] is not None
        assert {entry["seat"] for entry in view["log"]} == {"A", "B", "C", "D"}
    finally:
        table.close()


def test_a_strong_seat_searches_aside_so_that_no_page_waits_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a table that shows a computer's move before making it, the strong seat's search holds no lock:
    the pages are answered while it runs, and its move is shown once it ends."""
    searching, released = threading.Event(), threading.Event()
    real_player = players_module.make_player

    class HeldSearch:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def act(self, game: Game, seat: str) -> Any:
            searching.set()
            assert released.wait(30), "the search was never released"
            return self.inner.act(game, seat)

    monkeypatch.setattr(
        players_module, "make_player", lambda level, **kw: HeldSearch(real_player(level, **kw))
    )
    seats = tuple(dataclasses.replace(seat, level="strong") for seat in default_seats(4, humans=0))
    game = dataclasses.replace(default_game(), preset="r1", seats=seats, seed=9)
    config = Config(
        game=game, camera=CameraSettings(source="none"), computer_delay=0.5, computer_move_time=0.01
    )
    table = Table(config)  # the first seat's search starts, aside
    try:
        assert searching.wait(30), "the strong seat's search started"
        view = table.public_view()  # answered while the search runs: it holds no lock
        assert view["computer"] is None and view["log"] == []
        released.set()
        deadline = time.monotonic() + 30
        while table.public_view()["computer"] is None and time.monotonic() < deadline:
            time.sleep(0.01)
        shown = table.public_view()["computer"]
        assert shown is not None and shown["seat"] == view["turn"], "the searched move is shown when found"
    finally:
        released.set()
        table.close()


def test_a_failed_search_never_leaves_a_strong_seat_stuck(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Whatever goes wrong in the search, the seat still moves: the heuristic's move, and the log says why."""

    class BrokenSearch:
        def act(self, game: Game, seat: str) -> Any:
            raise RuntimeError("no world could be sampled")

    monkeypatch.setattr(players_module, "make_player", lambda level, **kw: BrokenSearch())
    seats = tuple(dataclasses.replace(seat, level="strong") for seat in default_seats(4, humans=0))
    game = dataclasses.replace(default_game(), preset="r1", seats=seats, seed=9)
    config = Config(
        game=game, camera=CameraSettings(source="none"), computer_delay=0.5, computer_move_time=0.01
    )
    table = Table(config)
    try:
        deadline = time.monotonic() + 30
        while table.public_view()["computer"] is None and time.monotonic() < deadline:
            time.sleep(0.01)
        shown = table.public_view()["computer"]
        assert shown is not None and shown["seat"] == table.public_view()["turn"]
        assert "no world could be sampled" in caplog.text
    finally:
        table.close()


class _Sealed:
    """A game that refuses every read: only the engine's seat view may look inside it."""

    def __init__(self, game: Game) -> None:
        self.inside = game

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a computer player read game.{name} around the seat view")


def _player(level: str) -> Any:
    """A player of ``level`` that decides the same each time it is built (a strong one by samples)."""
    return StrongPlayer(None, samples=4, seed=3) if level == "strong" else make_player(level, seed=3)


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_every_level_reads_the_game_only_through_the_engines_seat_view(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _game_after("r1", 4, 30)
    seat = game.to_play
    assert seat is not None
    expected = _player(level).act(game, seat)
    real_view_for = players_module.view_for
    asked: list[str] = []

    def through_the_filter(sealed: _Sealed, seat: str, **options: bool) -> Any:
        asked.append(seat)
        return real_view_for(sealed.inside, seat, **options)

    monkeypatch.setattr(players_module, "view_for", through_the_filter)
    assert _player(level).act(_Sealed(game), seat) == expected
    assert asked == [seat]
