"""Random self-play on the fast core: the same games as :func:`~firmware_py.engine.selfplay.play_random_game`,
without building a ``Game`` per action.

``play_random_game`` drives the public :class:`~firmware_py.engine.game.Game` and checks every invariant
after every action; that is the conformance run. Timing the engine (``make bench``, ``tock selfplay
--no-check``) only needs the game itself, so :func:`fast_random_game` plays it on a
:class:`~firmware_py.engine.fast.table.CoreTable`, with the same random player (a card uniformly among the
playable ones, then one of its moves, drawn from ``random.Random(f"selfplay:{seed}")`` as
``selfplay.random_action`` draws them). ``tests/engine/test_fastplay.py`` checks the draws against
:mod:`random` itself, and whole games against the ``Game``.
"""

from __future__ import annotations

import random

from firmware_py.engine.fast.table import Bits, CoreTable, below, distinct, new_table
from firmware_py.engine.rules import RuleSet, seat_letters


class FastReport:
    """What :func:`fast_random_game` tells :func:`~firmware_py.engine.selfplay.play_random_game`."""

    def __init__(
        self, actions: int, winner: tuple[str, ...] | None, discards: int, deals: int, stuck: str
    ) -> None:
        self.actions = actions
        self.winner = winner
        self.discards = discards
        self.deals = deals
        self.stuck = stuck
        """The position where nobody had anything to do (a bug), or empty."""


def random_exchange(table: CoreTable, bits: Bits) -> None:
    """The random player's exchange: any card of any seat that still owes one, as ``Game.legal_actions``
    lists them."""
    choices = [(seat, card) for seat in table.pending() for card in sorted(set(table.hands[seat]))]
    seat, card = choices[below(bits, len(choices))]
    table.give(seat, card)


def random_play(table: CoreTable, bits: Bits, out: list[int]) -> int:
    """The random player's move for the seat to play (``selfplay.random_action``); 1 when it was a
    discard or the hand laid down, 0 for a card played or a turn ended, -1 when there is nothing to do.
    ``out`` is scratch space for the moves of the card tried."""
    seat = table.to_play
    state = table.state
    hand = table.hands[seat]
    ranks = table.setup.ranks
    if table.must_discard < 0:
        cards = distinct(hand)
        out.clear()
        while cards:
            card = cards.pop(below(bits, len(cards)))
            state.generate(ranks[card], out)
            if out:
                table.play(card, out[below(bits, len(out))])
                return 0
    if table.extra_play:
        table.end_turn()
        return 0
    if table.must_discard == seat:
        discards = sorted(set(hand))
    else:
        discards = distinct(hand)
        if state.winner() >= 0 or not discards:
            return -1
        if table.lays_down():
            below(bits, 1)  # the one move there is, drawn all the same
            table.play(-1, -1)
            return 1
    table.play(discards[below(bits, len(discards))], -1)
    return 1


def fast_random_game(
    rules: RuleSet, seats: int, seed: int, max_actions: int, trace: list[str] | None = None
) -> FastReport:
    """Play the random game of ``play_random_game(rules, seats, seed)`` on the core, without checks.

    ``trace``, when given, receives every action in the notation of ``Game`` actions (``A>7H``, a move,
    ``A:end``), for the tests that hold this game to the ``Game``'s.
    """
    table = new_table(rules, seat_letters(seats), seed)
    table.trace = trace
    bits = random.Random(f"selfplay:{seed}").getrandbits
    out: list[int] = []
    actions = 0
    discards = 0
    stuck = ""
    while table.winner < 0 and actions < max_actions:
        if table.exchange:
            random_exchange(table, bits)
        else:
            outcome = random_play(table, bits, out)
            if outcome < 0:
                stuck = table.state.to_position().to_notation()
                break
            discards += outcome
        actions += 1
    winner = None if table.winner < 0 else table.state.ctx.team_letters[table.winner]
    return FastReport(actions, winner, discards, table.dealt, stuck)
