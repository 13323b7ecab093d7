"""The strong computer seat's playouts: a few plies of a quick greedy policy on a
:class:`~firmware_py.engine.fast.table.CoreTable`.

The search (``firmware_py.players.levels.StrongPlayer``) plays each candidate move in many sampled worlds
and then lets every seat play on for a ply or so before it values the board. That policy is
:func:`greedy_action`: take a marble of the other team, else bring a marble into its home, else a card at
random and one of its moves (a card first, so that the 7's many splits do not crowd out the other cards).
It plays on the core, a whole table copied in a few lists per candidate, so that a move's second of
thought holds several times as many samples as it would on the public ``Game``.
"""

from __future__ import annotations

from firmware_py.engine.fast.codes import ENTER, SPLIT, SWAP
from firmware_py.engine.fast.table import Bits, CoreTable, below, distinct


def greedy_action(table: CoreTable, bits: Bits, keep: list[float], out: list[int]) -> bool:
    """Let whoever acts now play the policy's action; False when nobody can act (the game is over).

    Args:
        table: the table, changed in place.
        bits: the random source of the policy's choices (a ``getrandbits``).
        keep: per card id, how much a card is worth keeping: in a partner exchange the least worth
            keeping is given.
        out: scratch space for the moves of the hand.
    """
    seat = table.to_play
    if table.winner >= 0 or seat < 0:
        return False
    setup = table.setup
    hand = table.hands[seat]
    if table.exchange:
        gift = hand[0]
        for card in hand:
            if keep[card] < keep[gift]:
                gift = card
        table.give(seat, gift)
        return True
    if table.must_discard == seat:
        cards = sorted(set(hand))
        table.play(cards[below(bits, len(cards))], -1)
        return True
    state = table.state
    out.clear()
    owners: list[int] = []
    for card in distinct(hand):
        start = len(out)
        state.generate(setup.ranks[card], out)
        owners += [card] * (len(out) - start)
    if not out:
        if table.extra_play:
            table.end_turn()
        elif table.lays_down():
            table.play(-1, -1)
        else:
            cards = sorted(distinct(hand))
            table.play(cards[below(bits, len(cards))], -1)
        return True
    team = state.ctx.team_mask[seat]
    chosen = _pick(bits, [i for i in range(len(out)) if state.takes_other(out[i], team)])
    if chosen < 0:
        chosen = _pick(bits, [i for i in range(len(out)) if _enters_home(table, out[i])])
    if chosen < 0:
        cards = sorted(set(owners))
        card = cards[below(bits, len(cards))]
        chosen = _pick(bits, [i for i in range(len(out)) if owners[i] == card])
    table.play(owners[chosen], out[chosen])
    return True


def _pick(bits: Bits, indices: list[int]) -> int:
    return indices[below(bits, len(indices))] if indices else -1


def _enters_home(table: CoreTable, code: int) -> bool:
    """Whether a marble of the move ``code`` ends in a home lane."""
    ctx = table.state.ctx
    kind = code & 7
    if kind == ENTER or kind == SWAP:
        return False
    if kind == SPLIT:
        for k in range((code >> 3 & 3) + 1):
            to = code >> (5 + 16 * k) & 255
            if ctx.track <= to < ctx.centre:
                return True
        return False
    to = code >> 11 & 255
    return ctx.track <= to < ctx.centre
