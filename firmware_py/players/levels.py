"""The companion's computer players, by level: ``easy``, ``medium`` and ``strong``.

* ``easy`` (for children): plays a random legal card and move most of the time, and the ``medium``
  choice now and then (:data:`EASY_GOOD_SHARE`), so it still moves on and sometimes takes a marble.
* ``medium``: the one-move look-ahead of :mod:`firmware_py.players.lookahead` (the board each move leaves).
* ``strong``: information-set Monte Carlo search. The seat cannot see the other hands nor the stock, so
  it samples them (*determinizations*) consistently with what it knows: its own hand, the cards played
  face up, every seat's card count, and the card it gave its partner in this deal's exchange (still in
  the partner's hand unless the partner has played it since). The ``medium`` heuristic ranks the legal
  moves and the best :data:`CANDIDATES` are searched: each sample plays every candidate in the same
  sampled world, then a short rollout (each seat plays once more with a greedy policy: take an opponent
  marble, else go home, else a random card), and the board is valued by the ``medium`` heuristic. The
  rollouts play on the engine's fast core (:mod:`firmware_py.engine.fast.playout`), a whole table copied per
  candidate, which holds several times the samples of the public ``Game`` in the same time. The
  candidate with the best mean wins. Every candidate sees the same samples and the same rollout dice
  (common random numbers), so that differences between moves are not drowned by the luck of the draw.
  It searches for a time budget (CPU seconds, so that a shared machine does not make it weaker) or a
  fixed number of samples (reproducible: tests and analysis).

A player only reads what its seat may know: every decision starts from the engine's seat view
(:func:`firmware_py.engine.view.view_for`, the one privacy filter), and :func:`determinize` deals the
cards that view does not show again, with a new seed (the game's would tell the future shuffles), before
anything is simulated.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping
from typing import Protocol

from firmware_py.engine import Card, PlaceKind, parse_place, play
from firmware_py.engine.context import rank_code
from firmware_py.engine.events import Action, EndTurn, Exchange, Phase
from firmware_py.engine.fast import CoreTable, State, greedy_action, setup_for, shuffle, table_with
from firmware_py.engine.game import Game
from firmware_py.engine.movegen import card_moves
from firmware_py.engine.moves import Move
from firmware_py.engine.view import SeatView, view_for
from firmware_py.players import lookahead

LEVELS = ("easy", "medium", "strong")
"""The levels a computer seat may play at."""
EASY_GOOD_SHARE = 0.25
"""How often the ``easy`` player makes the ``medium`` choice instead of a random one."""
CANDIDATES = 6
"""Moves the ``strong`` player searches, the best ranked by the ``medium`` heuristic."""
WIN_VALUE = 1000.0
"""Worth of a won game in a rollout (far above any board value)."""
TABLE_MOVE_TIME = 1.0
"""CPU seconds a ``strong`` seat thinks at the table (a Raspberry Pi 4)."""


class Player(Protocol):
    """A computer player: it acts for one seat, reading only what that seat may know."""

    def act(self, game: Game, seat: str) -> Action:
        """The action of ``seat`` now: its exchange card, its move, or ending a joker's extra turn."""
        ...


def _seen(game: Game, seat: str) -> SeatView:
    """What ``seat`` may know of ``game``: the engine's seat view, without the history (no player reads
    it)."""
    return view_for(game, seat, with_history=False)


def teams_map(game: Game | SeatView) -> dict[str, int]:
    """Seat letter -> team number."""
    return {seat: number for number, team in enumerate(game.teams) for seat in team}


def exchange_card(game: Game, seat: str) -> Card:
    """The card ``seat`` gives its partner (:func:`gift_for_partner`), from what the seat sees."""
    return gift_for_partner(_seen(game, seat))


def gift_for_partner(view: SeatView) -> Card:
    """The card the seat gives its partner: an Ace, King or joker to a partner with every marble in the
    reserve, else the card least worth keeping."""
    hand = view.hand
    partner = view.partner
    layout = view.position.layout
    stuck = partner is not None and all(
        parse_place(place).kind is PlaceKind.RESERVE for place, owner in layout.items() if owner == partner
    )
    if stuck:
        for card in hand:
            if card.rank in ("A", "K", "JOKER"):
                return card
    return min(hand, key=lambda c: lookahead.CARD_KEEP.get(c.rank, 0.1))


def medium_move(game: Game, seat: str, moves: tuple[Move, ...]) -> Move:
    """The ``medium`` choice among ``moves`` (:func:`medium_choice`), from what ``seat`` sees."""
    return medium_choice(_seen(game, seat), moves)


def medium_choice(view: SeatView, moves: tuple[Move, ...]) -> Move:
    """The ``medium`` choice among ``moves`` (the one-move look-ahead, :func:`.lookahead.choose`)."""
    position = view.position
    best = lookahead.choose(
        [m.card.rank if m.card else "" for m in moves],
        [play(position, m).layout for m in moves],
        seat=view.seat,
        teams=teams_map(view),
        topology=position.topology,
    )
    return moves[best]


def _moves_or_forced(view: SeatView) -> tuple[tuple[Move, ...], Action | None]:
    """The seat's legal moves, or the one action it has no choice about: its card for the partner in
    the exchange, or ending the turn when a joker's extra play has no move."""
    if view.phase == Phase.EXCHANGE:
        return (), Exchange(view.seat, gift_for_partner(view))
    moves = view.legal_moves
    if not moves:
        if view.extra_play:
            return moves, EndTurn(view.seat)
        raise ValueError(f"seat {view.seat} has nothing to do in {view.position.to_notation()}")
    return moves, None


class MediumPlayer:
    """Today's heuristic: the move whose board is worth most to the team."""

    def act(self, game: Game, seat: str) -> Action:
        view = _seen(game, seat)
        moves, forced = _moves_or_forced(view)
        return forced if forced is not None else medium_choice(view, moves)


class EasyPlayer:
    """Mostly random: a card at random among the playable ones, then one of its moves."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"easy:{seed}")

    def act(self, game: Game, seat: str) -> Action:
        view = _seen(game, seat)
        moves, forced = _moves_or_forced(view)
        if forced is not None:
            return forced
        if self.rng.random() < EASY_GOOD_SHARE:
            return medium_choice(view, moves)
        return _random_by_card(moves, self.rng)


def _random_by_card(moves: tuple[Move, ...] | list[Move], rng: random.Random) -> Move:
    """A card uniformly among the moves' cards, then one of its moves (so the 7's many splits do not
    crowd out the other cards)."""
    cards = sorted({m.card for m in moves if m.card is not None})
    if not cards:
        return rng.choice(moves)
    card = rng.choice(cards)
    return rng.choice([m for m in moves if m.card == card])


# -- what a seat knows, and the worlds consistent with it ----------------------------------------------


def known_gift(game: Game, seat: str) -> Card | None:
    """The card ``seat`` gave its partner in this deal's exchange, if the partner still holds it."""
    return _seen(game, seat).gift_held


class Unseen:
    """What one seat knows of the cards, read from its view once per decision: the table without the
    cards it cannot see (the other hands and the stock empty), its own hand, the card it gave its partner
    (still in the partner's hand) and every card it has not seen, sorted."""

    def __init__(self, view: SeatView) -> None:
        setup = setup_for(view.rules, view.seats)
        self.index = view.seats.index(view.seat)
        self.own = [setup.card_id(card) for card in view.hand]
        self.counts = [count for _, count in view.hand_counts]
        self.stock = view.stock_count
        empty: list[list[int]] = [[] for _ in self.counts]
        self.table = table_with(view, view.played, empty, [], [-1] * len(self.counts), 0)
        unseen = Counter(setup.card_id(card) for card in setup.deck)
        unseen.subtract(self.own)
        unseen.subtract(self.table.played)
        gift = view.gift_held
        partner = view.partner
        self.gift = -1 if gift is None else setup.card_id(gift)
        self.partner = -1 if partner is None else view.seats.index(partner)
        if gift is not None:
            unseen[self.gift] -= 1
        self.pool = sorted(unseen.elements())

    def world(self, rng: random.Random) -> CoreTable:
        """A table the seat cannot tell from the game: every card it cannot see dealt again at random,
        from sorted order, and a new seed for later shuffles."""
        pool = list(self.pool)
        shuffle(pool, rng.getrandbits)
        world = self.table.clone()
        for index, count in enumerate(self.counts):
            if index == self.index:
                world.hands[index] = list(self.own)
                continue
            start = [self.gift] if self.gift >= 0 and index == self.partner else []
            count -= len(start)
            world.hands[index] = start + pool[:count]
            del pool[:count]
        world.stock = pool
        world.seed = rng.getrandbits(32)
        return world


def determinize(game: Game, seat: str, rng: random.Random) -> CoreTable:
    """A table the seat cannot tell from ``game``: every card it cannot see dealt again at random.

    Kept: the board, the seat's hand, the cards played face up, every seat's card count, the stock's
    size, the card the seat gave its partner (in the partner's hand). Replaced: the other hands, the
    stock's cards and order, and the seed of later shuffles. Nothing hidden is read: the unseen cards
    are the pack minus what the seat's view shows (:class:`Unseen`), shuffled from sorted order.
    """
    return Unseen(_seen(game, seat)).world(rng)


# -- the search player -------------------------------------------------------------------------------


def _value(table: CoreTable, seat: str, teams: Mapping[str, int]) -> float:
    """How good the table is for ``seat``: a won game far above any board."""
    if table.winner >= 0:
        return WIN_VALUE if seat in table.state.ctx.team_letters[table.winner] else -WIN_VALUE
    return lookahead.position_value(table.state.to_position(), seat=seat, teams=teams)


def _core_moves(view: SeatView, moves: list[Move]) -> list[tuple[int, int]]:
    """Each move as the core plays it: ``(card id, move integer)``; a card id of -1 lays the hand down,
    a move integer of -1 discards. Read from the board and the seat's own cards only."""
    setup = setup_for(view.rules, view.seats)
    state = State.of(view.position)
    found: list[tuple[int, int]] = []
    for move in moves:
        if move.card is None:
            found.append((-1, -1))
            continue
        card = setup.card_id(move.card)
        if move.is_discard:
            found.append((card, -1))
            continue
        codes: list[int] = []
        state.generate(rank_code(move.card.rank), codes)
        found.append((card, codes[card_moves(view.position, move.card).index(move)]))
    return found


class StrongPlayer:
    """Information-set Monte Carlo search over the best moves of the ``medium`` heuristic.

    Args:
        move_time: CPU seconds per decision (None: no time limit, then ``samples`` must be set).
        samples: sampled worlds per decision at most (None: as many as the time allows).
        seed: seeds the sampling; two players with the same seed, asked the same question by the same
            seat knowledge, decide the same (when limited by ``samples``).
        depth: plies of rollout after the candidate move (None: one per seat, every seat plays once).
    """

    def __init__(
        self,
        move_time: float | None = TABLE_MOVE_TIME,
        *,
        samples: int | None = None,
        seed: int = 0,
        depth: int | None = None,
    ) -> None:
        if move_time is None and samples is None:
            raise ValueError("a strong player needs a time budget or a number of samples")
        self.move_time = move_time
        self.samples = samples
        self.seed = seed
        self.depth = depth
        self.decisions = 0
        self.last_samples = 0
        """Samples of the last decision (for the arena's figures)."""

    def act(self, game: Game, seat: str) -> Action:
        view = _seen(game, seat)
        moves, forced = _moves_or_forced(view)
        if forced is not None:
            return forced
        if view.must_discard == seat:
            return medium_choice(view, moves)
        return self.search_view(view, moves)

    def search(self, game: Game, seat: str, moves: tuple[Move, ...]) -> Move:
        """The best of ``moves`` for ``seat`` (:meth:`search_view` on what the seat sees)."""
        return self.search_view(_seen(game, seat), moves)

    def search_view(self, view: SeatView, moves: tuple[Move, ...]) -> Move:
        """The best of ``moves`` by sampled worlds and rollouts, from the seat's view alone."""
        started = time.process_time()
        seat = view.seat
        self.decisions += 1
        rng = random.Random(f"strong:{self.seed}:{self.decisions}:{seat}")
        teams = teams_map(view)
        position = view.position
        scores = [
            lookahead.position_value(play(position, move), seat=seat, teams=teams)
            - 0.01 * lookahead.CARD_KEEP.get(move.card.rank if move.card else "", 0.1)
            for move in moves
        ]
        ranked = sorted(range(len(moves)), key=lambda i: -scores[i])
        candidates = [moves[i] for i in ranked[:CANDIDATES]]
        if len(candidates) == 1:
            self.last_samples = 0
            return candidates[0]
        depth = self.depth if self.depth is not None else len(view.seats)
        plays = _core_moves(view, candidates)
        unseen = Unseen(view)
        keep = [lookahead.CARD_KEEP.get(card.rank, 0.1) for card in unseen.table.setup.values]
        totals = [0.0] * len(candidates)
        out: list[int] = []
        dice = random.Random()
        done = 0
        while self.samples is None or done < self.samples:
            world = unseen.world(rng)
            dice.seed(rng.getrandbits(32))
            throws = dice.getstate()
            bits = dice.getrandbits
            for index, (card, code) in enumerate(plays):
                table = world.clone()
                table.play(card, code)
                dice.setstate(throws)  # every candidate meets the same dice
                for _ in range(depth):
                    if not greedy_action(table, bits, keep, out):
                        break
                totals[index] += _value(table, seat, teams)
            done += 1
            if self.move_time is not None and time.process_time() - started >= self.move_time:
                break
        self.last_samples = done
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def make_player(level: str, *, move_time: float | None = TABLE_MOVE_TIME, seed: int = 0) -> Player:
    """The player of ``level`` (one of :data:`LEVELS`).

    Raises:
        ValueError: an unknown level (the message lists the levels).
    """
    if level == "easy":
        return EasyPlayer(seed)
    if level == "medium":
        return MediumPlayer()
    if level == "strong":
        return StrongPlayer(move_time, seed=seed)
    raise ValueError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
