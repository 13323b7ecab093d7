"""The marbles on their own start cell that the rules guard: which block passage, which cannot be
taken, and which the Jack and the 5 spare (memoised in the position).
"""

from __future__ import annotations

from firmware_py.engine.position import Position
from firmware_py.engine.rules import StartCell

_NO_GUARDS: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
_NO_MARBLES: frozenset[int] = frozenset()


def blocking_and_immune(position: Position) -> tuple[frozenset[int], frozenset[int]]:
    """Engine-internal: locations of the marbles that block passage, and of those that cannot be
    taken, swapped or moved by another player (both are marbles on their own start cell)."""
    cached = position.cache.guards
    if cached is not None:
        return cached
    rules = position.rules
    if not position.fresh and StartCell.ANY not in (rules.start_blocking, rules.start_immunity):
        position.cache.guards = _NO_GUARDS  # only marbles just out are protected, and there are none
        return _NO_GUARDS
    tables = position.tables
    occ = position.occupancy()
    blocking: list[int] = []
    immune: list[int] = []
    for section in position.sections:
        start = tables.start[section]
        if occ[start] != section:
            continue
        fresh = bool(position.fresh >> section & 1)
        if rules.start_blocking is StartCell.ANY or (rules.start_blocking is StartCell.FRESH and fresh):
            blocking.append(start)
        if rules.start_immunity is StartCell.ANY or (rules.start_immunity is StartCell.FRESH and fresh):
            immune.append(start)
    result = (frozenset(blocking), frozenset(immune))
    position.cache.guards = result
    return result


def start_marbles(position: Position, which: StartCell) -> frozenset[int]:
    """Engine-internal: locations of the marbles on their own start cell that ``which`` covers.

    The Jack and the 5 each protect their own set (``jack_spares_start``, ``five_spares_start``).
    """
    if which is StartCell.NONE or (which is StartCell.FRESH and not position.fresh):
        return _NO_MARBLES
    cached = position.cache.spared.get(which)
    if cached is not None:
        return cached
    tables = position.tables
    occ = position.occupancy()
    result = frozenset(
        tables.start[section]
        for section in position.sections
        if occ[tables.start[section]] == section and (which is StartCell.ANY or position.fresh >> section & 1)
    )
    position.cache.spared[which] = result
    return result
