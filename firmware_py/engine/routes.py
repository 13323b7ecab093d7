"""The rule predicates: where a card can take one marble, and which rules each way breaks.

Every function here walks the board once and returns *routes* ``(destination, captures, fails)``:
``fails`` lists ``(Rule, location)`` pairs, empty when the route is legal. Move generation asks for
the legal routes only (``full=False``, which stops a walk at its first broken rule); ``explain`` asks
for every route (``full=True``) and reports the fails of the one the player attempted. Both therefore
decide with the same code, which the conformance test checks on thousands of random positions.

Locations are the integers of ``tables``; ``-2`` stands for "off the end of the home lane".
"""

from __future__ import annotations

from firmware_py.engine.guards import blocking_and_immune
from firmware_py.engine.position import Position
from firmware_py.engine.tables import Tables
from firmware_py.engine.violations import Rule

Fail = tuple[Rule, int]
Route = tuple[int, tuple[int, ...], tuple[Fail, ...]]
NOWHERE = -2
"""Destination of a route that runs off the end of the home lane."""

_PASSES_OWN_START = Rule.PASSES_OWN_START
_BLOCKED = Rule.BLOCKED_BY_START_MARBLE
_IMMUNE = Rule.START_MARBLE_IMMUNE
_HOME_EXACT = Rule.HOME_EXACT_COUNT
_HOME_NO_PASSING = Rule.HOME_NO_PASSING
_HOME_ENTRY_REQUIRED = Rule.HOME_ENTRY_REQUIRED
_PART_CANNOT_TAKE = Rule.SEVEN_PART_CANNOT_TAKE
_JUMP_NOT_ALLOWED = Rule.JUMP_NOT_ALLOWED
_JUMP_REQUIRED = Rule.JUMP_REQUIRED


class Board:
    """A scratch view of a position for walking routes: occupancy and start-cell guards.

    Generation of a split 7 mutates ``occ``, ``blocking`` and ``immune`` while it tries parts in
    turn (and restores them); everything else reads them only.
    """

    __slots__ = (
        "tables",
        "occ",
        "blocking",
        "immune",
        "full",
        "round_again",
        "five_pass",
        "back_pass",
        "back_from_start",
        "sweep_all",
        "seven_never",
        "jump",
        "jump_forced",
        "centre_several",
        "home_back_out",
    )
    round_again: bool
    five_pass: bool
    back_pass: bool
    back_from_start: bool
    sweep_all: bool
    seven_never: bool
    jump: bool
    jump_forced: bool
    centre_several: bool
    home_back_out: bool

    def __init__(self, position: Position, *, full: bool, copy: bool = False) -> None:
        self.tables: Tables = position.tables
        occ = position.occupancy()
        self.occ: list[int] = list(occ) if copy else occ
        blocking, immune = blocking_and_immune(position)
        self.blocking: set[int] | frozenset[int] = set(blocking) if copy else blocking
        self.immune: set[int] | frozenset[int] = set(immune) if copy else immune
        self.full = full
        ctx = position.context
        self.round_again = ctx.round_again
        self.five_pass = ctx.five_pass
        self.back_pass = ctx.back_pass
        self.back_from_start = ctx.back_from_start
        self.sweep_all = ctx.sweep_all
        self.seven_never = ctx.seven_never
        self.jump = ctx.jump
        self.jump_forced = ctx.jump_forced
        self.centre_several = ctx.centre_several
        self.home_back_out = ctx.home_back_out


def forward(
    b: Board, owner: int, frm: int, n: int, *, five: bool = False, sweep: bool = False, part: bool = False
) -> list[Route]:
    """Routes of the marble of section ``owner`` on ``frm`` moving ``n`` forward.

    Args:
        five: moved by another player's 5 (which may carry it past its start cell).
        sweep: a King's +13 that takes the marbles it passes.
        part: one part of a split 7.
    """
    t = b.tables
    track = t.track
    occ = b.occ
    full = b.full
    routes: list[Route] = []
    if frm >= track:
        if frm != t.centre:
            _home_forward(b, owner, frm, n, routes)
        return routes
    entry = t.entry[owner]
    start = t.start[owner]
    may_pass_start = b.round_again or (five and b.five_pass)
    blocking = b.blocking
    if not (full or sweep or blocking):
        # Nothing on the way can stop or be taken: only the home entry and the own start cell matter,
        # found by arithmetic instead of the walk below (same routes, same order).
        home_at = (entry - frm) % track + 1  # the step before which the marble stands on its entry
        start_at = (start - frm) % track  # the step that lands on its own start cell
        stopped = not may_pass_start and 0 < start_at <= n
        if stopped and start_at < home_at:
            return routes
        home_ok = home_at <= n and _home_branch(b, owner, n - home_at + 1, [], [], routes)
        if not stopped and not (home_ok and not five):
            _land(b, owner, (frm + n) % track, [], [], routes, part, 1)
        return routes
    immune = b.immune
    caps: list[int] = []
    fails: list[Fail] = []
    home_ok = False
    p = frm
    for i in range(1, n + 1):
        if p == entry:
            home_ok = _home_branch(b, owner, n - i + 1, caps, fails, routes) and not five
        q = p + 1
        if q == track:
            q = 0
        if q == start and not may_pass_start:
            fails.append((_PASSES_OWN_START, q))
            if not full:
                return routes
        o = occ[q]
        if o >= 0 and i < n:
            if q in blocking:
                fails.append((_BLOCKED, q))
                if not full:
                    return routes
            elif sweep and (b.sweep_all or o != owner) and q not in immune:
                caps.append(q)
        p = q
    if home_ok:
        if not full:
            return routes
        fails.append((_HOME_ENTRY_REQUIRED, entry))
    _land(b, owner, p, caps, fails, routes, part, 1)
    return routes


def backward(b: Board, owner: int, frm: int, n: int) -> list[Route]:
    """Routes of the marble of section ``owner`` on ``frm`` moving ``n`` back (a 4)."""
    t = b.tables
    track = t.track
    occ = b.occ
    full = b.full
    routes: list[Route] = []
    fails: list[Fail] = []
    p = frm
    if frm >= track:
        if frm == t.centre:
            return routes
        if not b.home_back_out:
            if full:
                routes.append((NOWHERE, (), ((Rule.HOME_IS_FINAL, frm),)))
            return routes
        base = t.home[owner]
        while n and p > base:
            p -= 1
            n -= 1
            if occ[p] >= 0:
                fails.append((_HOME_NO_PASSING, p))
                if not full:
                    return routes
        if not n:
            routes.append((p, (), tuple(fails)))
            return routes
        p = t.entry[owner]
        n -= 1
        if n == 0:
            _land(b, owner, p, [], fails, routes, False, -1)
            return routes
    start = t.start[owner]
    if p == start and not b.back_from_start:
        fails.append((Rule.BACK_FROM_START_FORBIDDEN, p))
        if not full:
            return routes
    blocking = b.blocking
    for i in range(1, n + 1):
        q = p - 1 if p else track - 1
        if q == start and not b.back_pass:
            fails.append((_PASSES_OWN_START, q))
            if not full:
                return routes
        if i < n and occ[q] >= 0 and q in blocking:
            fails.append((_BLOCKED, q))
            if not full:
                return routes
        p = q
    _land(b, owner, p, [], fails, routes, False, -1)
    return routes


def _home_forward(b: Board, owner: int, frm: int, n: int, routes: list[Route]) -> None:
    base = b.tables.home[owner]
    to = frm + n
    if to >= base + 4:
        if b.full:
            routes.append((NOWHERE, (), ((_HOME_EXACT, base + 3),)))
        return
    for q in range(frm + 1, to + 1):
        if b.occ[q] >= 0:
            if b.full:
                routes.append((to, (), ((_HOME_NO_PASSING, q),)))
            return
    routes.append((to, (), ()))


def _home_branch(
    b: Board, owner: int, r: int, caps: list[int], fails: list[Fail], routes: list[Route]
) -> bool:
    """The route that leaves the track at the owner's home entry with ``r`` steps still to go.

    Returns:
        Whether that route is legal: the marble then goes home and may not walk past its entry
        (TOC "Si la carte jouée ne permet pas de faire entrer un pion en sa maison, il passe devant
        l'entrée"; CANOP "sinon il repart pour un tour"), except when another player's 5 moves it.
    """
    base = b.tables.home[owner]
    home_fails = list(fails)
    if r > 4:
        if b.full:
            routes.append((NOWHERE, tuple(caps), (*home_fails, (_HOME_EXACT, base + 3))))
        return False
    occ = b.occ
    for q in range(base, base + r):
        if occ[q] >= 0:
            home_fails.append((_HOME_NO_PASSING, q))
            break
    if b.full or not home_fails:
        routes.append((base + r - 1, tuple(caps), tuple(home_fails)))
    return not home_fails


def _land(
    b: Board,
    owner: int,
    p: int,
    caps: list[int],
    fails: list[Fail],
    routes: list[Route],
    part: bool,
    direction: int,
) -> None:
    """Finish a track route on ``p``: take the marble there, and offer the shortcut jump."""
    occ = b.occ
    land_caps = list(caps)
    land_fails = list(fails)
    if occ[p] >= 0:
        if p in b.immune:
            land_fails.append((_IMMUNE, p))
        elif part and b.seven_never:
            land_fails.append((_PART_CANNOT_TAKE, p))
        else:
            land_caps.append(p)
    if b.jump and b.tables.is_shortcut[p]:
        target, jump_caps, jump_fails = jump(b, owner, p, direction, part)
        jump_route: Route = (target, (*caps, *jump_caps), (*fails, *jump_fails))
        if b.jump_forced and not jump_fails:
            land_fails.append((_JUMP_REQUIRED, p))
        if b.full or not land_fails:
            routes.append((p, tuple(land_caps), tuple(land_fails)))
        if b.full or not jump_route[2]:
            routes.append(jump_route)
        return
    if b.full or not land_fails:
        routes.append((p, tuple(land_caps), tuple(land_fails)))


def jump(b: Board, owner: int, p: int, direction: int, part: bool) -> tuple[int, tuple[int, ...], list[Fail]]:
    """The jump from shortcut cell ``p`` to the next one in the direction of the move.

    The marble does not stop on ``p`` (it takes nothing there). A jump may not pass a blocking marble,
    and backwards follows the own-start rule. An optional jump (R1, TOC) may not carry a marble past its
    own home entry (players would not skip their home by a shortcut); CANOP's forced teleport does (the
    sheet: "Si un pion tombe sur une intersection (case 7), il se téléporte jusqu'à la case 7 suivante",
    even when the player must "dépasser sa zone d'arrivée"), and the marble goes round again.
    """
    t = b.tables
    track = t.track
    occ = b.occ
    fails: list[Fail] = []
    entry = t.entry[owner]
    start = t.start[owner]
    q = p
    for _ in range(17):
        q = (q + direction) % track
        if direction > 0 and q == entry and not b.jump_forced:
            fails.append((_JUMP_NOT_ALLOWED, q))
        elif direction < 0 and q == start and not b.back_pass:
            fails.append((_PASSES_OWN_START, q))
        if occ[q] >= 0 and q in b.blocking:
            fails.append((_BLOCKED, q))
    q = (q + direction) % track
    caps: tuple[int, ...] = ()
    if occ[q] >= 0:
        if q in b.immune:
            fails.append((_IMMUNE, q))
        elif part and b.seven_never:
            fails.append((_PART_CANNOT_TAKE, q))
        else:
            caps = (q,)
    return q, caps, fails


def centre(b: Board, frm: int) -> list[Route]:
    """Routes through the centre: from a shortcut cell into it, or out of it onto any shortcut cell.

    The caller has checked that the card is one of the centre cards.
    """
    t = b.tables
    occ = b.occ
    routes: list[Route] = []
    if frm == t.centre:
        for s in t.shortcuts:
            if occ[s] >= 0 and s in b.immune:
                if b.full:
                    routes.append((s, (), ((_IMMUNE, s),)))
                continue
            routes.append((s, (s,) if occ[s] >= 0 else (), ()))
    elif frm < t.track and t.is_shortcut[frm]:
        taken = occ[t.centre] >= 0 and not b.centre_several
        routes.append((t.centre, (t.centre,) if taken else (), ()))
    return routes


def enter(b: Board, section: int) -> Route:
    """The route of a marble of ``section`` leaving its reserve onto its start cell."""
    start = b.tables.start[section]
    if b.occ[start] >= 0:
        if start in b.immune:
            return (start, (), ((_IMMUNE, start),))
        return (start, (start,), ())
    return (start, (), ())


Undo = tuple[int, int, int, list[tuple[int, int]], bool, bool, list[tuple[int, bool, bool]]]


def push_part(b: Board, loc: int, dest: int, section: int, caps: tuple[int, ...]) -> Undo:
    """Play one part of a split 7 on the scratch board (``b`` made with ``copy=True``)."""
    occ = b.occ
    blocking = b.blocking
    immune = b.immune
    assert isinstance(blocking, set) and isinstance(immune, set)
    saved = [(c, occ[c]) for c in caps]
    guards = [(c, c in blocking, c in immune) for c in caps]
    undo: Undo = (loc, dest, section, saved, loc in blocking, loc in immune, guards)
    for c in caps:
        occ[c] = -1
        blocking.discard(c)
        immune.discard(c)
    occ[loc] = -1
    occ[dest] = section
    blocking.discard(loc)
    immune.discard(loc)
    return undo


def pop_part(b: Board, undo: Undo) -> None:
    """Take back :func:`push_part`."""
    loc, dest, section, saved, was_blocking, was_immune, guards = undo
    occ = b.occ
    blocking = b.blocking
    immune = b.immune
    assert isinstance(blocking, set) and isinstance(immune, set)
    occ[dest] = -1
    occ[loc] = section
    for c, owner in saved:
        occ[c] = owner
    if was_blocking:
        blocking.add(loc)
    if was_immune:
        immune.add(loc)
    for c, was_b, was_i in guards:
        if was_b:
            blocking.add(c)
        if was_i:
            immune.add(c)
