"""LED scenes: pure functions from game facts to the colour of each hole.

A scene is ``place id -> (r, g, b)``; places left out stay dark. Animated scenes take ``t``, the
seconds since the scene started, so the same facts and the same ``t`` always give the same colours
(the :class:`~hardware.driver.LedDriver` calls them again at each frame). The table layer composes
them with :func:`combine` and fits the result with :func:`cap_to_budget`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from hardware.colour import RGB, Scene, check_rgb, fit_scene, scale

RED: RGB = (255, 0, 0)
CHECK: RGB = (255, 255, 255)
"""Holes to check by hand (the camera could not read them when a move was refused): white, which is no
seat's colour, beside the red of the holes known to be wrong."""

PULSE_PERIOD = 1.2
"""Seconds of one pulse of the selected marble: slow enough to read as 'this one', not as an alarm."""
PULSE_FLOOR = 0.25
"""Dimmest point of a pulse: the hole never goes dark, so the player does not lose it."""
FLASH_HZ = 2.0
"""Flashes per second of the holes of an illegal move."""
BLINK_HZ = 1.0
"""Blinks per second of the reserve place waiting for a captured marble."""
GLOW = 0.6
"""Brightness of the holes where marbles must go back, steady beside the flashing ones."""
IDLE_SPEED = 6.0
"""Holes per second that the idle pattern's comets travel."""
IDLE_TAIL = 5
"""Holes in each idle comet, fading from its head."""


def legal_destinations(places: Iterable[str], colour: RGB) -> dict[str, RGB]:
    """Every hole a marble may move to, in the mover's colour."""
    colour = check_rgb(colour, "mover's colour")
    return {place: colour for place in places}


def pulse(t: float, *, period: float = PULSE_PERIOD, floor: float = PULSE_FLOOR) -> float:
    """Brightness 0..1 of a smooth pulse: ``floor`` at ``t = 0``, full half a period later."""
    return floor + (1.0 - floor) * (0.5 - 0.5 * math.cos(2.0 * math.pi * t / period))


def is_on(t: float, hz: float) -> bool:
    """Whether a square blink of ``hz`` per second is in its lit half at ``t`` (lit first)."""
    return (t * hz) % 1.0 < 0.5


def selected_marble(place: str, colour: RGB, t: float) -> dict[str, RGB]:
    """The selected marble's hole pulsing in its colour."""
    return {place: scale(check_rgb(colour, "marble colour"), pulse(t))}


def illegal_move(
    changed: Iterable[str], put_back: Mapping[str, RGB], t: float, *, unread: Iterable[str] = ()
) -> dict[str, RGB]:
    """An illegal move: the changed holes flash red; the holes where marbles must go back glow.

    Args:
        changed: holes whose content changed against the expected board.
        put_back: hole -> colour of the marble that must return there; shown steadily, so that the
            player sees where to put each marble back (and wins over a flash on the same hole).
        t: seconds since the move was seen.
        unread: holes the camera could not read, taken as they were: they flash white with the red
            ones, for the players to check them too (a hole also changed stays red).
    """
    scene: dict[str, RGB] = {}
    if is_on(t, FLASH_HZ):
        scene = {place: CHECK for place in unread} | {place: RED for place in changed}
    for place, colour in put_back.items():
        scene[place] = scale(check_rgb(colour, f"colour of the marble for {place}"), GLOW)
    return scene


def captured_marble(reserve_place: str, colour: RGB, t: float) -> dict[str, RGB]:
    """The reserve place of a captured marble blinking in its colour until it is put back there."""
    return {reserve_place: check_rgb(colour, "marble colour")} if is_on(t, BLINK_HZ) else {}


def seat_to_play(start_place: str, colour: RGB) -> dict[str, RGB]:
    """The seat to play, shown by its start cell lit in its colour."""
    return {start_place: check_rgb(colour, "seat colour")}


def idle(track: Sequence[str], colours: Sequence[RGB], t: float) -> dict[str, RGB]:
    """Between games: one comet per colour running round the track, evenly spaced.

    Args:
        track: the track's place ids in the direction of travel.
        colours: one colour per comet (the seats' colours, say).
        t: seconds since the pattern started.
    """
    if not track or not colours:
        return {}
    length = len(track)
    head = int(t * IDLE_SPEED)
    scene: dict[str, RGB] = {}
    for n, colour in enumerate(colours):
        colour = check_rgb(colour, f"comet colour {n}")
        start = head + n * length // len(colours)
        for k in range(min(IDLE_TAIL, length)):
            scene[track[(start - k) % length]] = scale(colour, (IDLE_TAIL - k) / IDLE_TAIL)
    return scene


def combine(*scenes: Scene) -> dict[str, RGB]:
    """Layer scenes: a hole lit by a later scene takes that scene's colour."""
    combined: dict[str, RGB] = {}
    for scene in scenes:
        combined.update(scene)
    return combined


def cap_to_budget(scene: Scene, budget_ma: float) -> dict[str, RGB]:
    """``scene`` dimmed uniformly, if needed, to draw at most ``budget_ma`` (about 60 mA per white LED)."""
    return fit_scene(scene, budget_ma)
