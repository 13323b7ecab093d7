"""The fast core's state of a game: :class:`State` lists a card's legal moves (:meth:`State.generate`),
plays one (``make``) and takes it back (``unmake``).

The public API (:class:`~firmware_py.engine.position.Position`, :class:`~firmware_py.engine.moves.Move`,
``legal_moves``, ``explain``, ``Game``) builds an immutable value per position and a ``Move`` with place
ids per move: right for the table, the notation and the explanations. A computer seat plays out
thousands of games per move, so a search walks this state instead:

- a :class:`~firmware_py.engine.context.Context` resolves the rule switches, the board tables and the
  teams once per game (typed attributes, no string-keyed memo);
- the marbles are mutable (:mod:`~firmware_py.engine.fast.marbles`): per location the section of the
  marble on it (``occ``), four locations per seat (``marbles``, sorted as in ``Position``), the
  just-out flags and the seat to play;
- :meth:`State.generate` appends a card's legal moves to a list as integers
  (:mod:`~firmware_py.engine.fast.codes`), the routes worked out by
  :mod:`~firmware_py.engine.fast.generation` and the split 7 by :mod:`~firmware_py.engine.fast.seven`.

``legal_moves`` is built on this generator, so the public engine and a search list the same moves by
construction; ``explain`` walks the routes on its own (:mod:`~firmware_py.engine.routes`) to say *why*
a move is not legal, and ``tests/engine/test_conformance.py`` holds the two to each other. Every rule
test (through ``tests/engine/helpers.py``) also checks that making a move here gives the position
``play`` gives.
"""

from __future__ import annotations

from firmware_py.engine.context import (
    ALSO_SWAPS,
    BACK_FOUR,
    ENTERS,
    FIVE,
    FORWARD,
    SEVEN,
    SWEEPS,
    TEN_SWAPS,
    VIA_CENTRE,
    context_for,
)
from firmware_py.engine.fast.generation import Generator
from firmware_py.engine.fast.seven import seven_moves
from firmware_py.engine.position import Position


class State(Generator):
    """The marbles of one game, mutable, that list their legal moves: what a search makes and unmakes
    moves on."""

    @classmethod
    def of(cls, position: Position) -> State:
        """The core state of a public position (its rules, seats, marbles, flags and seat to play)."""
        ctx = context_for(position.rules, position.seats)
        return cls(ctx, list(position.marbles), position.fresh, position.turn_index)

    def copy(self) -> State:
        """A state of the same marbles to play on, leaving this one as it is."""
        other = State(self.ctx, list(self.marbles), self.fresh, self.turn)
        other.recording = self.recording
        return other

    def generate(self, rank: int, out: list[int]) -> None:
        """Append every legal move of a card of ``rank`` (a rank code) to ``out``, in the order
        ``legal_moves`` lists them; nothing once the game is won."""
        if self.prepared != self.stamp << 4 | self.turn:
            self._prepare()
        if self.won:
            return
        plan = self.ctx.plans[rank]
        mine_loc = self.mine_loc
        mine_sec = self.mine_sec
        if plan & ENTERS:
            out.extend(self.entries)
        if plan & VIA_CENTRE:
            for k in range(self.mine):
                self._centre(mine_sec[k], mine_loc[k], out)
        does = plan >> 5 & 7
        if does == FORWARD:
            n = plan >> 8
            sweep = bool(plan & SWEEPS)
            for k in range(self.mine):
                self._forward(mine_sec[k], mine_loc[k], n, False, sweep, False, out)
            if plan & ALSO_SWAPS:
                self._swaps(False, out)
        elif does == BACK_FOUR:
            for k in range(self.mine):
                self._backward(mine_sec[k], mine_loc[k], out)
        elif does == FIVE:
            if self.ctx.five_without_marble_out or self.has_marble_in_play():
                self._five(out)
        elif does == SEVEN:
            seven_moves(self, out)
        else:
            self._swaps(False, out)
        if plan & TEN_SWAPS:
            self._swaps(True, out)
