"""Recording an LED map by hand: light one LED at a time and learn which hole it is under.

:class:`MappingSession` is the bookkeeping, free of any input device: ``tock leds map`` feeds it from
the keyboard or the buttons (confirm the suggested place, type another, skip a spare LED, undo), and
the table layer can feed it camera readings (the builder drops a marble on the lit hole and the place
that newly holds a marble is the answer). Until all LEDs are placed it can be resumed and undone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

from hardware.colour import BLACK, RGB
from hardware.errors import LedMapError
from hardware.ledmap import LedMap, board_places

PlacesReader: TypeAlias = Callable[[], frozenset[str]]
"""Returns the places that hold a marble now, as read by the camera."""

LIT: RGB = (255, 255, 255)
"""The LED being asked about: plain white, whatever the seat colours."""
DONE: RGB = (0, 40, 0)
"""LEDs already placed: dim green, so the builder sees the progress on the board itself."""


class MappingSession:
    """Which place is under each LED, filled in one LED after another.

    Args:
        model: board model name, for the resulting map.
        sections: sections of the board.
        led_count: LEDs in the chain.
        suggestions: the place expected under each LED (the shipped map's chain), offered first.

    Raises:
        LedMapError: ``sections`` is not a board size.
    """

    def __init__(
        self, model: str, sections: int, led_count: int, *, suggestions: Sequence[str | None] = ()
    ) -> None:
        self.model = model
        self.sections = sections
        self.places = board_places(sections)
        self.led_count = led_count
        self._suggestions = list(suggestions)
        self._chain: list[str | None] = []
        self._offset = 0

    @property
    def index(self) -> int:
        """The LED being asked about (equal to ``led_count`` once every LED is placed)."""
        return len(self._chain)

    @property
    def done(self) -> bool:
        """Whether every LED has been placed (or marked spare)."""
        return self.index >= self.led_count

    @property
    def assigned(self) -> frozenset[str]:
        """Places already under an LED."""
        return frozenset(p for p in self._chain if p is not None)

    @property
    def suggestion(self) -> str | None:
        """The place offered for the current LED: the expected one first, then the others in turn.

        The expected place is the one the suggestions have at this LED's index; :meth:`next_suggestion`
        moves on to the following free places in the suggestions' order (then the board's others), so
        that a builder with only buttons can step to the right name and confirm it.
        """
        candidates = self._candidates()
        return candidates[self._offset % len(candidates)] if candidates else None

    def next_suggestion(self) -> str | None:
        """Offer the next free place for the current LED; returns it."""
        self._offset += 1
        return self.suggestion

    def _candidates(self) -> list[str]:
        order = [p for p in self._suggestions if p is not None and p in self.places]
        order += sorted(self.places - set(order))
        start = min(self.index, len(self._suggestions))
        expected = self._suggestions[start] if start < len(self._suggestions) else None
        if expected in order:
            at = order.index(expected)
            order = order[at:] + order[:at]
        taken = self.assigned
        return [p for p in order if p not in taken]

    def confirm(self) -> str:
        """The current LED is under the suggested place; returns it.

        Raises:
            LedMapError: every place already has an LED.
        """
        if self.suggestion is None:
            raise LedMapError(f"every place already has an LED: LED {self.index} can only be a spare")
        return self.assign(self.suggestion)

    def assign(self, place: str) -> str:
        """The current LED is under ``place``; returns it.

        Raises:
            LedMapError: all LEDs are placed, ``place`` is not a place of this board, or it is
                already under another LED (undo back to it to change it).
        """
        self._check_open()
        place = place.strip().upper()
        if place not in self.places:
            raise LedMapError(f"{place!r} is not a place of the {self.model} board")
        if place in self.assigned:
            raise LedMapError(f"{place} is already under LED {self._chain.index(place)}")
        self._chain.append(place)
        self._offset = 0
        return place

    def skip(self) -> None:
        """The current LED is under no hole (a spare in the chain)."""
        self._check_open()
        self._chain.append(None)
        self._offset = 0

    def undo(self) -> int:
        """Forget the last LED's place and ask about it again; returns that LED's index.

        Raises:
            LedMapError: nothing to undo.
        """
        if not self._chain:
            raise LedMapError("nothing to undo: no LED is placed yet")
        self._chain.pop()
        self._offset = 0
        return self.index

    def observe(self, occupied: frozenset[str]) -> str | None:
        """Use a camera reading: the one board place holding a marble that no LED has yet is the answer.

        Marbles left on holes already placed do not matter. With no new place, or with several (two
        marbles dropped), nothing is recorded and ``None`` is returned.
        """
        new = (occupied & self.places) - self.assigned
        if len(new) != 1 or self.done:
            return None
        return self.assign(next(iter(new)))

    def frame(self) -> list[RGB]:
        """What the strip shows: the current LED white, placed ones dim green, the rest dark."""
        pixels = [DONE if i < self.index else BLACK for i in range(self.led_count)]
        if not self.done:
            pixels[self.index] = LIT
        return pixels

    def result(self) -> LedMap:
        """The recorded map.

        Raises:
            LedMapError: LEDs are still to place, or places have no LED (the message lists them).
        """
        if not self.done:
            raise LedMapError(f"LED {self.index} of {self.led_count} is not placed yet")
        return LedMap(self.model, self.sections, tuple(self._chain))

    def _check_open(self) -> None:
        if self.done:
            raise LedMapError(f"all {self.led_count} LEDs are placed")


def record_with_camera(
    session: MappingSession,
    show: Callable[[list[RGB]], None],
    read_places: PlacesReader,
    *,
    on_placed: Callable[[int, str], None] | None = None,
) -> LedMap:
    """Record the rest of a map from the camera: light each LED, wait for a marble on its hole.

    Args:
        session: the session to complete.
        show: shows a frame on the strip (the LED driver's thread, or ``strip.show``).
        read_places: the table layer's camera reading; each call waits for the next stable reading.
        on_placed: told ``(led index, place)`` after each LED, to report progress.

    Returns:
        The recorded map.

    Raises:
        LedMapError: the finished map is incomplete (some places were never shown a marble).
    """
    while not session.done:
        show(session.frame())
        led = session.index
        place = session.observe(read_places())
        if place is not None and on_placed is not None:
            on_placed(led, place)
    show(session.frame())
    return session.result()
