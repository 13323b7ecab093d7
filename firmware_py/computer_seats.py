"""The table's computer seats: they exchange, choose their move, show it, and play it when it is due.

A part of :class:`firmware_py.table.Table` (a mixin over its state, always called under the table's lock
except :meth:`ComputerSeats.tick`, which takes it). The choice itself is :mod:`firmware_py.computer` for
the ``medium`` level and :mod:`firmware_py.players` for the others (each seat's ``level``); a ``strong``
seat searches ``computer_move_time`` CPU seconds under the table's lock.
"""

from __future__ import annotations

from typing import Any

from firmware_py import computer, players
from firmware_py.engine import Card, TockError
from firmware_py.table_state import TableState

SIM_CONFIRM_SECONDS = 5.0
"""How long a computer move made on the simulated board may wait for the camera to read it."""


class ComputerSeats(TableState):
    """Computer seats of the table (mixed into :class:`firmware_py.table.Table`)."""

    def _advance(self) -> None:
        """Let computer seats act: exchanges at once; moves chosen, shown and made when due (under lock).

        Making a move calls back here; the outer call goes on looping, so a game of computer seats
        without delay runs as a loop, not as a recursion.
        """
        if self._advancing:
            return
        self._advancing = True
        try:
            self._advance_loop()
        finally:
            self._advancing = False

    def _advance_loop(self) -> None:
        for _ in range(100_000):
            if self._winner() is not None:
                self._plan = None
                return
            owing = [s for s in self._owing_exchange() if self._seats[s].computer]
            if owing:
                self._exchange(owing[0], self._exchange_choice(owing[0]))
                continue
            seat = self._to_play()
            if seat is None or self._phase() != "play" or not self._seats[seat].computer:
                self._plan = None
                return
            if self._digital and self._game.extra_play and not self._legal():
                self._end_turn(seat)
                continue
            if self._plan is None or self._plan["seat"] != seat or self._plan["version"] != len(self._log):
                self._plan = self._choose_for(seat)
            if self.config.computer_delay > 0 or self._uses_camera:
                return
            self._commit_plan()

    def _choose_for(self, seat: str) -> dict[str, Any]:
        moves = self._legal()
        if not moves:
            raise TockError(f"seat {seat} has no legal move, not even a discard")
        level = self._seats[seat].level
        if level == "medium":
            results = [self._result(m) for m in moves]
            best = computer.choose(
                [m.card.rank if m.card else "" for m in moves],
                results,
                seat=seat,
                teams=self._teams,
                topology=self._topology,
            )
            move, result = moves[best], results[best]
        else:  # seeded by the game's length, so that a position always gets the same choice
            player = players.make_player(level, move_time=self.config.computer_move_time, seed=len(self._log))
            chosen = player.act(self._game, seat)
            move = next(m for m in moves if m == chosen)
            result = self._result(move)
        info = self._move_info(move)
        return {
            "seat": seat,
            "move_obj": move,
            "result": result,
            "due": self._clock() + self.config.computer_delay,
            "version": len(self._log),
            "made": False,
            **info,
        }

    def _exchange_choice(self, seat: str) -> Card:
        return players.exchange_card(self._game, seat)

    def _commit_plan(self) -> None:
        plan = self._plan
        assert plan is not None
        self._plan = None
        self._commit(plan["seat"], plan["move_obj"], source="computer")

    def tick(self) -> None:
        """Make a computer seat's move once its delay is over (called a few times a second by :meth:`start`).

        Without camera the move is applied; with the simulated camera it is made on the simulated board
        (and then read and checked like any move; should vision not confirm it within
        :data:`SIM_CONFIRM_SECONDS`, the table's own simulated board is trusted); with a real camera a
        person must move the marbles.
        """
        with self._lock:
            plan = self._plan
            now = self._clock()
            if plan is None or now < plan["due"]:
                return
            if plan["made"]:
                if self._sim_board is not None and now >= plan["due"] + SIM_CONFIRM_SECONDS:
                    self._commit_plan()
                    self._notice = {
                        "fr": "La caméra simulée n'a pas confirmé le coup : joué quand même.",
                        "en": "The simulated camera did not confirm the move: played anyway.",
                    }
                    self._changed()
                return
            if not self._uses_camera or plan["result"] == dict(self._position.layout):
                self._commit_plan()
            elif self._sim_board is not None:
                plan["made"] = True
                self._set_sim_board(plan["result"])
