"""What the LEDs under the holes say about the table's state, as one picture.

The table reduces its state to a few facts (whose turn, the destinations of the chosen card or of the
computer's move, what is left to do in a move in progress, what is wrong on the board, who won);
:func:`picture` turns those facts into a :class:`LedPicture`: steady holes and blinking holes. The same
picture is mirrored on the web page (``leds`` of the public view) and animated on the strip
(:meth:`LedPicture.animation`), so the page always shows what the board shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

RGB = tuple[int, int, int]

RED: RGB = (255, 0, 0)
"""A hole where a marble must not be (illegal board)."""
DIM = 0.25
"""Brightness of quiet hints (the seat to play shown at its start cell) against full colour."""
BLINK_HZ = 2.0
"""Blinking rate of holes that ask for an action."""


def hex_to_rgb(colour: str) -> RGB:
    """``"#rrggbb"`` -> (r, g, b)."""
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def rgb_to_hex(colour: RGB) -> str:
    """(r, g, b) -> ``"#rrggbb"``."""
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _dim(colour: RGB, factor: float) -> RGB:
    r, g, b = colour
    return (int(r * factor), int(g * factor), int(b * factor))


@dataclass(frozen=True)
class LightFacts:
    """The facts of the table the LEDs show (place ids everywhere)."""

    colours: Mapping[str, RGB]
    """Seat letter -> marble colour."""
    turn: str | None = None
    """Seat to play; its start cell glows dimly in its colour."""
    turn_start: str | None = None
    """Start cell of the seat to play."""
    sources: tuple[str, ...] = ()
    """Marbles the chosen card (or the computer's move) moves: blinking in the mover's colour."""
    destinations: tuple[str, ...] = ()
    """Legal destinations of the chosen card, or the computer's move: steady in the mover's colour."""
    to_do: tuple[str, ...] = ()
    """Places still to change in a move in progress: blinking in the mover's colour."""
    wrong: tuple[str, ...] = ()
    """Places that differ from a legal board: blinking red."""
    put_back: Mapping[str, str] = field(default_factory=dict)
    """Place -> seat letter of a marble that must go back there: steady in that seat's colour."""
    winners: tuple[str, ...] = ()
    """Winning seats: their home cells glow."""
    homes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Seat letter -> its home cells (for the winners' glow)."""


@dataclass(frozen=True)
class LedPicture:
    """Steady and blinking holes; a hole in both blinks."""

    steady: dict[str, RGB]
    blinking: dict[str, RGB]

    def mirror(self) -> dict[str, str]:
        """Place -> ``"#rrggbb"`` of every lit hole, for the web page."""
        lit = dict(self.steady)
        lit.update(self.blinking)
        return {place: rgb_to_hex(colour) for place, colour in sorted(lit.items())}

    def at(self, seconds: float) -> dict[str, RGB]:
        """The scene ``seconds`` after the picture was sent (blinking holes on half the time)."""
        scene = dict(self.steady)
        if int(seconds * BLINK_HZ * 2) % 2 == 0:
            scene.update(self.blinking)
        else:
            for place in self.blinking:
                scene.pop(place, None)
        return scene

    def animation(self) -> dict[str, RGB] | Callable[[float], dict[str, RGB]]:
        """A still scene when nothing blinks, else a function of time for the LED driver."""
        if not self.blinking:
            return dict(self.steady)
        return self.at


def _paint(target: dict[str, RGB], places: Iterable[str], colour: RGB) -> None:
    for place in places:
        target[place] = colour


def picture(facts: LightFacts) -> LedPicture:
    """The LED picture of ``facts``: problems first, then what is in progress, then hints."""
    steady: dict[str, RGB] = {}
    blinking: dict[str, RGB] = {}
    mover = facts.colours.get(facts.turn or "", (255, 255, 255))
    for seat in facts.winners:
        _paint(steady, facts.homes.get(seat, ()), facts.colours.get(seat, (255, 255, 255)))
    if facts.wrong or facts.put_back:
        for place, seat in facts.put_back.items():
            steady[place] = facts.colours.get(seat, (255, 255, 255))
        _paint(blinking, facts.wrong, RED)
        return LedPicture(steady, blinking)
    if facts.turn_start is not None and not facts.winners:
        steady[facts.turn_start] = _dim(mover, DIM)
    _paint(steady, facts.destinations, mover)
    _paint(blinking, facts.sources, mover)
    _paint(blinking, facts.to_do, mover)
    return LedPicture(steady, blinking)
