"""The LEDs of the table: a part of :class:`firmware_py.table.core.Table` over its shared state.

It opens the strip for the game's board model, reduces the state to :class:`LightFacts` after every
change, sends their scene to the strip's driver and keeps the still picture the pages mirror.
"""

from __future__ import annotations

from firmware_py.table.lights import LightFacts, hex_to_rgb
from firmware_py.table.state import TableState
from firmware_py.table.turn import CardChosen, ComputerPlan
from hardware.errors import DeviceClosed


class TableLeds:
    """The strip under the holes, driven from the table's ``state``."""

    def __init__(self, state: TableState) -> None:
        self._s = state

    def open(self) -> None:
        """Drive the strip of the game's board model (a new driver when the model changes; a simulated
        strip of the right length when none is given or the given one no longer fits)."""
        from hardware.driver import LedDriver
        from hardware.ledconfig import LedConfig
        from hardware.ledmap import LedMap
        from hardware.ledstrip import SimulatedStrip

        led_map = LedMap.load(self._s.setup.model)
        if self._s.driver is not None and self._s.driver.led_map.model == led_map.model:
            return
        if self._s.driver is not None:
            self._s.driver.stop()
            self._s.driver = None
        strip = self._s.strip
        if (
            strip is None
            or strip.closed
            or (isinstance(strip, SimulatedStrip) and strip.num_pixels != led_map.count)
        ):
            settings = {k: v for k, v in self._s.config.leds.items() if k != "backend"}
            settings["count"] = led_map.count
            strip = SimulatedStrip(LedConfig.from_mapping(settings))
            self._s.strip = strip
        self._s.driver = LedDriver(strip, led_map)

    def facts(self) -> LightFacts:
        """The table's state reduced to what the LEDs say; which wins is the turn's to say: a board to
        put right, else what is left of a move in progress, else the computer's move or the card named."""
        colours = {seat: hex_to_rgb(s.colour) for seat, s in self._s.seats.items()}
        turn = self._s.to_play()
        state = self._s.turn
        problem = state.problem
        if problem is not None:
            return LightFacts(
                colours, turn=turn, wrong=tuple(problem["wrong"]), put_back=dict(problem["put_back"])
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
        if self._s.driver is not None:
            try:
                self._s.driver.send(facts.source())
            except DeviceClosed:  # SIGTERM stopped the strip first: the companion is stopping, dark it stays
                pass

    def stop(self) -> None:
        """Darken the strip and stop its driver."""
        if self._s.driver is not None:
            self._s.driver.stop()
