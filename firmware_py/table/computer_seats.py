"""The table's computer seats: they exchange, choose their move, show it, and play it when it is due.

A part of :class:`firmware_py.table.core.Table` over its shared state (always called under the table's lock
except :meth:`ComputerSeats.tick`, which takes it). The choice itself is :mod:`firmware_py.players.lookahead`
for the ``medium`` level and :mod:`firmware_py.players.levels` for the others (each seat's ``level``); a
``strong`` seat searches ``computer_move_time`` CPU seconds on a thread of its own, outside the lock.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from firmware_py.engine import Card, TockError
from firmware_py.engine.events import Action
from firmware_py.games import TableGame, dealt
from firmware_py.players import levels, lookahead
from firmware_py.table.state import TableActions, TableState

LOG = logging.getLogger(__name__)

SIM_CONFIRM_SECONDS = 5.0
"""How long a computer move made on the simulated board may wait for the camera to read it."""


class ComputerSeats:
    """The computer seats: a part of :class:`firmware_py.table.core.Table` over its ``state``, asking the
    ``table`` to play, exchange, end a turn, show, and move the simulated board's marbles."""

    def __init__(self, state: TableState, table: TableActions) -> None:
        self._s = state
        self._table = table

    def advance(self) -> None:
        """Let computer seats act: exchanges at once; moves chosen, shown and made when due (under lock).

        Making a move calls back here; the outer call goes on looping, so a game of computer seats
        without delay runs as a loop, not as a recursion.
        """
        if self._s.advancing:
            return
        self._s.advancing = True
        try:
            self._advance_loop()
        finally:
            self._s.advancing = False

    def _advance_loop(self) -> None:
        for _ in range(100_000):
            if self._s.winner() is not None:
                self._s.plan = None
                return
            owing = [s for s in self._s.owing_exchange() if self._s.seats[s].computer]
            if owing:
                self._table._exchange(owing[0], self._exchange_choice(owing[0]))
                continue
            seat = self._s.to_play()
            if seat is None or self._s.phase() != "play" or not self._s.seats[seat].computer:
                self._s.plan = None
                return
            if self._s.game.extra_play and not self._s.legal():
                self._table._end_turn(seat)
                continue
            if (
                self._s.plan is None
                or self._s.plan["seat"] != seat
                or self._s.plan["version"] != len(self._s.log)
            ):
                if self._searches_aside(seat):
                    self._search_aside(seat)
                    return
                self._s.plan = self._plan_of(seat, self._choose(seat, self._s.game, len(self._s.log)))
            if self._s.config.computer_delay > 0 or self._s.uses_camera:
                return
            self.commit_plan()

    def _searches_aside(self, seat: str) -> bool:
        """Whether ``seat``'s choice is searched on a thread of its own: a ``strong`` seat at a table that
        shows a computer's move before making it (a delay or a camera), so that no page waits for the
        search; a table of computers without delay plays straight on."""
        return self._s.seats[seat].level == "strong" and (
            self._s.config.computer_delay > 0 or self._s.uses_camera
        )

    def _search_aside(self, seat: str) -> None:
        """Search ``seat``'s move on the (immutable) game outside the lock; the plan is made when the
        search ends, unless the game has moved on meanwhile (an undo, a new game)."""
        game, seed = self._s.game, len(self._s.log)
        if self._s.searching is game:
            return
        self._s.searching = game

        def search() -> None:
            try:
                move = self._choose(seat, game, seed)
            except Exception:  # a failed search must not leave the seat stuck: it plays the heuristic's move
                LOG.exception("the search of computer seat %s failed; it plays the medium move", seat)
                move = None
            with self._s.lock:
                if self._s.searching is not game:
                    return
                self._s.searching = None
                if self._s.game is game:
                    if move is None:
                        move = levels.medium_move(dealt(game), seat, tuple(self._s.legal()))
                    self._s.plan = self._plan_of(seat, move)
                    self._table._changed()

        threading.Thread(target=search, name=f"tock-search-{seat}", daemon=True).start()

    def _choose(self, seat: str, game: TableGame, seed: int) -> Action:
        """The move of computer ``seat`` at its level; ``seed`` (the log's length) makes a position always
        get the same choice."""
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

    def _plan_of(self, seat: str, chosen: Action | None) -> dict[str, Any]:
        """The computer's move as shown on the pages and the LEDs, made when due."""
        move = next((m for m in self._s.legal() if m == chosen), None)
        if move is None:
            raise TockError(f"seat {seat} chose {chosen}, which is not a legal move")
        return {
            "seat": seat,
            "move_obj": move,
            "result": self._s.result(move),
            "due": self._s.clock() + self._s.config.computer_delay,
            "version": len(self._s.log),
            "made": False,
            **self._s.move_info(move),
        }

    def _exchange_choice(self, seat: str) -> Card:
        return levels.exchange_card(dealt(self._s.game), seat)

    def commit_plan(self) -> None:
        plan = self._s.plan
        assert plan is not None
        self._s.plan = None
        self._table._commit(plan["seat"], plan["move_obj"], source="computer")

    def tick(self) -> None:
        """Make a computer seat's move once its delay is over (called a few times a second by :meth:`start`).

        Without camera the move is applied; with the simulated camera it is made on the simulated board
        (and then read and checked like any move; should vision not confirm it within
        :data:`SIM_CONFIRM_SECONDS`, the table's own simulated board is trusted); with a real camera a
        person must move the marbles.
        """
        with self._s.lock:
            plan = self._s.plan
            now = self._s.clock()
            if plan is None or now < plan["due"]:
                return
            if plan["made"]:
                if self._s.sim_board is not None and now >= plan["due"] + SIM_CONFIRM_SECONDS:
                    self.commit_plan()
                    self._s.notice = {
                        "fr": "La caméra simulée n'a pas confirmé le coup : joué quand même.",
                        "en": "The simulated camera did not confirm the move: played anyway.",
                    }
                    self._table._changed()
                return
            if not self._s.uses_camera or plan["result"] == dict(self._s.position.layout):
                self.commit_plan()
            elif self._s.sim_board is not None:
                plan["made"] = True
                self._table._set_sim_board(plan["result"])
