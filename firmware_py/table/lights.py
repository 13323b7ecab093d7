"""What the LEDs under the holes say about the table's state.

The table reduces its state to a few facts (whose turn, the destinations of the chosen card or of the
computer's move, what is left to do in a move in progress, what is wrong on the board, who won);
:class:`LightFacts` composes hardware's pure scenes from them. The same facts give the animated scene
for the strip (:meth:`LightFacts.scene_at`) and the still picture mirrored on the web page
(:meth:`LightFacts.mirror`), so the page always shows what the board shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from firmware_py.engine.board import PlaceKind, parse_place
from hardware import scenes
from hardware.colour import RGB, scale


def hex_to_rgb(colour: str) -> RGB:
    """``"#rrggbb"`` -> (r, g, b)."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def rgb_to_hex(colour: RGB) -> str:
    """(r, g, b) -> ``"#rrggbb"``."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _is_reserve(place: str) -> bool:
    return parse_place(place).kind is PlaceKind.RESERVE


@dataclass(frozen=True)
class LightFacts:
    """The facts of the table the LEDs show (place ids everywhere)."""

    colours: Mapping[str, RGB]
    """Seat letter -> marble colour."""
    turn: str | None = None
    """Seat to play."""
    turn_start: str | None = None
    """Start cell of the seat to play, lit in its colour."""
    sources: tuple[str, ...] = ()
    """Marbles the chosen card (or the computer's move) moves: pulsing in the mover's colour."""
    destinations: tuple[str, ...] = ()
    """Legal destinations of the chosen card, or the computer's move: steady in the mover's colour."""
    to_do: Mapping[str, str | None] = field(default_factory=dict)
    """Move in progress: place still to change -> seat whose marble must come there (None: to empty)."""
    wrong: tuple[str, ...] = ()
    """Places that differ from a legal board: flashing red."""
    put_back: Mapping[str, str] = field(default_factory=dict)
    """Place -> seat letter of a marble that must go back there: glowing in that seat's colour."""
    unread: tuple[str, ...] = ()
    """Holes the camera could not read when the board was refused (taken as they were): flashing white
    with the wrong holes, to be checked by hand."""
    winners: tuple[str, ...] = ()
    """Winning seats: their home cells glow."""
    homes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Seat letter -> its home cells (for the winners' glow)."""

    def _colour(self, seat: str | None) -> RGB:
        return self.colours.get(seat or "", (255, 255, 255))

    def scene_at(self, t: float) -> dict[str, RGB]:
        """The LED scene ``t`` seconds after the facts changed: problems first, then moves, then hints."""
        winners = [{place: self._colour(s) for place in self.homes.get(s, ())} for s in self.winners]
        if self.wrong or self.put_back or self.unread:
            put_back = {place: self._colour(seat) for place, seat in self.put_back.items()}
            return scenes.combine(*winners, scenes.illegal_move(self.wrong, put_back, t, unread=self.unread))
        mover = self._colour(self.turn)
        layers = list(winners)
        if self.turn_start is not None and not self.winners:
            layers.append(scenes.seat_to_play(self.turn_start, scale(mover, scenes.GLOW)))
        layers.append(scenes.legal_destinations(self.destinations, mover))
        layers += [scenes.selected_marble(place, mover, t) for place in self.sources]
        for place, seat in self.to_do.items():
            if seat is not None and _is_reserve(place):
                layers.append(scenes.captured_marble(place, self._colour(seat), t))
            else:
                layers.append(scenes.selected_marble(place, self._colour(seat) if seat else mover, t))
        return scenes.combine(*layers)

    @property
    def animated(self) -> bool:
        """Whether the scene changes with time (something pulses, blinks or flashes)."""
        return bool(self.sources or self.to_do or self.wrong or self.unread)

    def source(self) -> dict[str, RGB] | Callable[[float], dict[str, RGB]]:
        """What to send to ``hardware.driver.LedDriver``: a still scene, or a function of time."""
        return self.scene_at if self.animated else self.scene_at(0.0)

    def mirror(self) -> dict[str, str]:
        """Place -> ``"#rrggbb"`` of every hole lit at the scene's brightest, for the web page."""
        lit = self.scene_at(0.0)
        # pulses are at their floor at t=0: show them at full colour, as the eye remembers them
        mover = self._colour(self.turn)
        if not (self.wrong or self.put_back or self.unread):
            for place in self.sources:
                lit[place] = mover
            for place, seat in self.to_do.items():
                lit[place] = self._colour(seat) if seat else mover
        return {place: rgb_to_hex(colour) for place, colour in sorted(lit.items())}
