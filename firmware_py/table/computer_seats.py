"""The table's computer seats: they exchange, choose their move, show it, and play it when it is due.

A part of :class:`firmware_py.table.core.Table` reading its state (under the table's lock). The choice
itself is :mod:`firmware_py.players.lookahead` for the ``medium`` level and
:mod:`firmware_py.players.levels` for the others (each seat's ``level``); a ``strong`` seat searches
``computer_move_time`` CPU seconds on a thread the table starts, outside the lock.
"""

from __future__ import annotations

from dataclasses import replace

from firmware_py.engine import TockError
from firmware_py.engine.events import Action
from firmware_py.games import TableGame, dealt
from firmware_py.players import levels, lookahead
from firmware_py.table.state import TableState
from firmware_py.table.turn import (
    ComputerPlan,
    EndTurn,
    Exchange,
    Notify,
    Outcome,
    Play,
    SearchAside,
    SetSimBoard,
    Show,
    Words,
)

SIM_CONFIRM_SECONDS = 5.0
"""How long a computer move made on the simulated board may wait for the camera to read it."""
UNCONFIRMED: Words = {
    "fr": "La caméra simulée n'a pas confirmé le coup : joué quand même.",
    "en": "The simulated camera did not confirm the move: played anyway.",
}


class ComputerSeats:
    """The computer seats: a part of :class:`firmware_py.table.core.Table` reading its ``state``. Each
    answer is an :class:`~firmware_py.table.turn.Outcome` (a plan shown, an exchange, a move to make)
    that the table applies; the table runs a search aside and brings its move back (:meth:`landed`)."""

    def __init__(self, state: TableState) -> None:
        self._s = state

    def step(self) -> Outcome | None:
        """The computer seats' next step (under the lock), None when they have nothing to do now.

        The table applies steps until there is none: exchanges at once; a move chosen and shown, and
        made at once when the table neither waits (``computer_delay``) nor watches a board.
        """
        s, turn = self._s, self._s.turn
        no_plan = Outcome(replace(turn, intent=None)) if turn.plan is not None else None
        if s.winner() is not None:
            return no_plan
        owing = [seat for seat in s.owing_exchange() if s.seats[seat].computer]
        if owing:
            return Outcome(None, (Exchange(owing[0], levels.exchange_card(dealt(s.game), owing[0])),))
        seat = s.to_play()
        if seat is None or s.phase() != "play" or not s.seats[seat].computer:
            return no_plan
        if s.game.extra_play and not s.legal():
            return Outcome(None, (EndTurn(seat),))
        plan = turn.plan
        if plan is None or plan.seat != seat or plan.log != len(s.log):
            if self._searches_aside(seat):
                return (
                    None if s.searching is s.game else Outcome(None, (SearchAside(seat, s.game, len(s.log)),))
                )
            return Outcome(replace(turn, intent=self._plan_of(seat, self.choose(seat, s.game, len(s.log)))))
        if s.config.computer_delay > 0 or s.uses_camera:
            return None
        return Outcome(None, (Play(plan.seat, plan.move, "computer"),))

    def _searches_aside(self, seat: str) -> bool:
        """Whether ``seat``'s choice is searched on a thread of its own: a ``strong`` seat at a table that
        shows a computer's move before making it (a delay or a camera), so that no page waits for the
        search; a table of computers without delay plays straight on."""
        return self._s.seats[seat].level == "strong" and (
            self._s.config.computer_delay > 0 or self._s.uses_camera
        )

    def landed(self, seat: str, game: TableGame, move: Action | None) -> Outcome | None:
        """The search aside of ``seat``'s move on ``game`` has ended with ``move`` (None: it failed, the
        heuristic's move is played): its plan is shown, unless the game has moved on meanwhile (a move,
        an undo, a new game), when it is dropped."""
        if self._s.game is not game or self._s.to_play() != seat:
            return None
        if move is None:
            move = levels.medium_move(dealt(game), seat, tuple(self._s.legal()))
        return Outcome(replace(self._s.turn, intent=self._plan_of(seat, move)), (Show(),))

    def choose(self, seat: str, game: TableGame, seed: int) -> Action:
        """The move of computer ``seat`` at its level; ``seed`` (the log's length) makes a position always
        get the same choice. A ``strong`` seat searches ``game`` alone (so it may run outside the lock)."""
        level = self._s.seats[seat].level
        if level != "medium":
            player = levels.make_player(level, move_time=self._s.config.computer_move_time, seed=seed)
            return player.act(dealt(game), seat)
        moves = self._s.legal()
        if not moves:
            raise TockError(f"seat {seat} has no legal move, not even a discard")
        best = lookahead.choose(
            [m.card.rank if m.card else "" for m in moves],
            [self._s.result(m) for m in moves],
            seat=seat,
            teams=self._s.teams,
            topology=self._s.topology,
        )
        return moves[best]

    def _plan_of(self, seat: str, chosen: Action | None) -> ComputerPlan:
        """The computer's move as shown on the pages and the LEDs, made when due."""
        move = next((m for m in self._s.legal() if m == chosen), None)
        if move is None:
            raise TockError(f"seat {seat} chose {chosen}, which is not a legal move")
        return ComputerPlan(
            seat=seat,
            move=move,
            result=self._s.result(move),
            due=self._s.clock() + self._s.config.computer_delay,
            log=len(self._s.log),
            info=self._s.move_info(move),
        )

    def tick(self) -> Outcome | None:
        """Make a computer seat's move once its delay is over (under the lock, a few times a second).

        Without camera the move is applied; with the simulated camera it is made on the simulated board
        (and then read and checked like any move; should vision not confirm it within
        :data:`SIM_CONFIRM_SECONDS`, the table's own simulated board is trusted); with a real camera a
        person must move the marbles.
        """
        turn = self._s.turn
        plan = turn.plan
        now = self._s.clock()
        if plan is None or now < plan.due:
            return None
        play = Play(plan.seat, plan.move, "computer")
        if plan.made:
            if self._s.sim_board is not None and now >= plan.due + SIM_CONFIRM_SECONDS:
                return Outcome(None, (play, Notify(UNCONFIRMED), Show()))
            return None
        if not self._s.uses_camera or plan.result == dict(self._s.position.layout):
            return Outcome(None, (play,))
        if self._s.sim_board is not None:
            return Outcome(replace(turn, intent=replace(plan, made=True)), (SetSimBoard(plan.result),))
        return None
