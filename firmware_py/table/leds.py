"""The LEDs of the table: a part of :class:`firmware_py.table.core.Table` over its shared state.

It reduces the state to :class:`LightFacts` after every change, sends their scene to the LEDs (the
lights port the wiring root built, :class:`firmware_py.table.ports.Lights`) and keeps the still picture
the pages mirror.
"""

from __future__ import annotations

from firmware_py.table.lights import LightFacts, hex_to_rgb
from firmware_py.table.state import TableState
from firmware_py.table.turn import CardChosen, ComputerPlan


class TableLeds:
    """The LEDs under the holes, driven from the table's ``state``."""

    def __init__(self, state: TableState) -> None:
        self._s = state

    def open(self) -> None:
        """Light the game's board model (the LEDs change map when the model changes)."""
        self._s.lights.use_model(self._s.setup.model)

    def facts(self) -> LightFacts:
        """The table's state reduced to what the LEDs say; which wins is the turn's to say: a board to
        put right, else what is left of a move in progress, else the computer's move or the card named."""
        colours = {seat: hex_to_rgb(s.colour) for seat, s in self._s.seats.items()}
        turn = self._s.to_play()
        state = self._s.turn
        problem = state.problem
        if problem is not None:
            return LightFacts(
                colours,
                turn=turn,
                wrong=tuple(problem["wrong"]),
                put_back=dict(problem["put_back"]),
                unread=tuple(problem["unread"]),
            )
        sources: tuple[str, ...] = ()
        destinations: tuple[str, ...] = ()
        to_do = dict(state.to_do)
        intent = state.intent
        if to_do:
            pass  # a move in progress: only what is left to do is lit
        elif isinstance(intent, ComputerPlan):
            sources, destinations = tuple(intent.info["from"]), tuple(intent.info["to"])
        elif isinstance(intent, CardChosen):
            infos = [self._s.move_info(m) for m in intent.moves]
            sources = tuple(sorted({p for i in infos for p in i["from"]}))
            destinations = tuple(sorted({p for i in infos for p in i["to"]}))
        winner = self._s.winner()
        return LightFacts(
            colours,
            turn=turn,
            turn_start=None if to_do or turn is None else self._s.topology.start_of(turn),
            sources=sources,
            destinations=destinations,
            to_do=to_do,
            winners=tuple(winner or ()),
            homes={seat: self._s.topology.home_of(seat) for seat in self._s.seats},
        )

    def show(self) -> None:
        """Light the new state (after every change, under the lock) and keep its picture for the pages."""
        facts = self.facts()
        self._s.mirror = facts.mirror()
        self._s.highlight = sorted(facts.destinations)
        self._s.lights.send(facts.source())

    def stop(self) -> None:
        """Darken the LEDs."""
        self._s.lights.stop()
