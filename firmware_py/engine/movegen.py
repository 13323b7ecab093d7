"""Legal-move generation, and applying a move.

Per card rank, the generator asks ``routes`` for the legal routes of every marble the mover may move,
and turns them into :class:`~firmware_py.engine.moves.Move` values carrying their effect (``delta``), so
that ``play`` applies a generated move without walking the board again. Results are memoised in the
(immutable) position: asking twice, or playing a move just listed, costs a dictionary look-up.
"""

from __future__ import annotations

from itertools import combinations, product

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import JOKER, RANKS, Card
from firmware_py.engine.context import (
    ALSO_SWAPS,
    BACK_FOUR,
    ENTERS,
    FIVE,
    FORWARD,
    SEVEN,
    SWEEPS,
    TEN_SWAPS,
    VIA_CENTRE,
    TurnInfo,
    rank_code,
)
from firmware_py.engine.moves import Move, MoveKind, generated_move
from firmware_py.engine.position import Position
from firmware_py.engine.position import start_marbles as _start_marbles
from firmware_py.engine.routes import Board, Route, backward, centre, enter, forward, pop_part, push_part
from firmware_py.engine.rules import (
    FiveMode,
    NothingPlayable,
    SevenMode,
)
from firmware_py.engine.tables import RESERVE

Delta = tuple[tuple[tuple[int, int, int], ...], tuple[int, ...], int]
"""A move's effect: ``((from, to, section), ...)``, captured locations, section entering (or -1)."""
Raw = tuple[MoveKind, tuple[tuple[int, int], ...], Delta]


def turn_info(position: Position) -> TurnInfo:
    """The mover and the sections whose marbles they play (memoised in the position; the game's context
    keeps one per seat to play, which changes only when the mover's last marble gets home)."""
    cache = position.cache
    info = cache.get("turn")
    if info is None:
        i = position.turn_index
        tables = position.tables
        marbles = position.marbles
        # sorted locations (the reserve, -1, first): all home when the lowest and the highest are home
        all_home = marbles[4 * i] >= tables.track and marbles[4 * i + 3] < tables.centre
        info = cache["turn"] = position.context.turn_info(i, all_home)
    return info


def raw_moves(position: Position, rank: str) -> list[Raw]:
    """Every legal move of a card of ``rank``, in deterministic order, as engine-internal values."""
    key = ("raw", rank)
    cached = position.cache.get(key)
    if cached is None:
        cached = position.cache[key] = _generate(position, rank)
    return cached


Plan = tuple[bool, bool, int, int, bool, bool, bool]
"""Per rank: enters a marble, goes through the centre, what it does, steps, sweeps, also swaps, 10 swaps."""


def _plan(position: Position, rank: str) -> Plan:
    """What a card of ``rank`` may do under these rules (worked out once per game, in the context)."""
    plan = position.context.plans[rank_code(rank)]
    return (
        bool(plan & ENTERS),
        bool(plan & VIA_CENTRE),
        plan >> 5 & 7,
        plan >> 8,
        bool(plan & SWEEPS),
        bool(plan & ALSO_SWAPS),
        bool(plan & TEN_SWAPS),
    )


Setup = tuple[TurnInfo, Board, list[Raw], list[tuple[int, int]]]


def _setup(position: Position) -> Setup | None:
    """What every card's moves start from (memoised in the position): the turn, the board, the
    entries and the mover's marbles; None once the game is won."""
    cache = position.cache
    if "setup" in cache:
        return cache["setup"]  # type: ignore[no-any-return]
    setup: Setup | None = None
    if position.winner is None:
        info = turn_info(position)
        b = cache.get("board")
        if b is None:
            b = cache["board"] = Board(position, full=False)
        entries, mine = _played(position, info, b)
        setup = (info, b, entries, mine)
    cache["setup"] = setup
    return setup


def _generate(position: Position, rank: str) -> list[Raw]:
    setup = _setup(position)
    if setup is None:
        return []
    info, b, entries, mine = setup
    enters, via_centre, does, n, sweep, also_swaps, ten_swaps = _plan(position, rank)
    out: list[Raw] = list(entries) if enters else []
    if via_centre:
        for loc, section in mine:
            _add_steps(out, loc, section, centre(b, loc))
    if does == FORWARD:
        for loc, section in mine:
            _add_steps(out, loc, section, forward(b, section, loc, n, sweep=sweep))
        if also_swaps:
            _swaps(position, info, mine, out, opponents_only=False)
    elif does == BACK_FOUR:
        for loc, section in mine:
            _add_steps(out, loc, section, backward(b, section, loc, 4))
    elif does == FIVE:
        if position.rules.five_without_marble_out or has_marble_in_play(position):
            _five(position, b, info, out)
    elif does == SEVEN:
        _seven(position, b, mine, out)
    else:
        _swaps(position, info, mine, out, opponents_only=False)
    if ten_swaps:
        _swaps(position, info, mine, out, opponents_only=True)
    return out


def _played(position: Position, info: TurnInfo, b: Board) -> tuple[list[Raw], list[tuple[int, int]]]:
    """The moves that take a marble the mover plays out of its reserve (for A, K, joker), and the
    mover's marbles out of the reserves as ``(location, section)``, in turn order."""
    marbles = position.marbles
    entries: list[Raw] = []
    mine: list[tuple[int, int]] = []
    for section in info.played:
        i = info.index_of[section]
        block = marbles[4 * i : 4 * i + 4]
        if RESERVE in block:
            dest, caps, fails = enter(b, section)
            if not fails:
                delta = (((RESERVE, dest, section),), caps, section)
                entries.append((MoveKind.ENTER, ((RESERVE, dest),), delta))
        mine += [(loc, section) for loc in block if loc != RESERVE]
    return entries, mine


def _add_steps(out: list[Raw], loc: int, section: int, routes: list[Route]) -> None:
    for dest, caps, _ in routes:
        out.append((MoveKind.STEP, ((loc, dest),), (((loc, dest, section),), caps, -1)))


def _five(position: Position, b: Board, info: TurnInfo, out: list[Raw]) -> None:
    """The 5 moves another player's marble forward 5 (R1: an opponent's; CANOP: anyone else's)."""
    opponents_only = position.rules.five is FiveMode.OPPONENT
    spared = _start_marbles(position, position.rules.five_spares_start)
    for i, section in enumerate(position.sections):
        if section == info.mover or (opponents_only and section in info.team):
            continue
        for loc in position.marbles[4 * i : 4 * i + 4]:
            if 0 <= loc < b.tables.track and loc not in spared:
                _add_steps(out, loc, section, forward(b, section, loc, 5, five=True))


def _swaps(
    position: Position, info: TurnInfo, mine: list[tuple[int, int]], out: list[Raw], *, opponents_only: bool
) -> None:
    """Jack (or QC's advanced 10): one of the mover's marbles on the track changes place with another."""
    rules = position.rules
    track = position.tables.track
    occ = position.occupancy()
    spared = _start_marbles(position, rules.jack_spares_start)
    own_track = sorted((loc, s) for loc, s in mine if loc < track)
    for a, sa in own_track:
        for bloc in range(track):
            sb = occ[bloc]
            if sb < 0 or bloc == a:
                continue
            own_pair = sb in info.played
            if own_pair:
                if opponents_only or not rules.jack_swaps_own or bloc < a:
                    continue
            elif bloc in spared or (opponents_only and sb in info.team):
                continue
            out.append((MoveKind.SWAP, ((a, bloc),), (((a, bloc, sa), (bloc, a, sb)), (), -1)))


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [
        (first, *rest)
        for first in range(1, total - parts + 2)
        for rest in _compositions(total - first, parts - 1)
    ]


_COMPOSITIONS = {k: _compositions(7, k) for k in range(1, 5)}


Part = tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]
"""Parts of a 7 over some marbles: ``((from, to, section), ...)`` in an order that plays, and captures."""


def _seven(position: Position, board: Board, mine: list[tuple[int, int]], out: list[Raw]) -> None:
    """A 7 split over the mover's marbles: every set of parts adding up to 7, each part a legal move
    when the parts are played one after the other in some order (one value per set of parts).

    Marbles whose parts may *meet* (one reads a place the other changes: see :func:`_footprint`) form
    groups; a group is played out part after part in every order, for each share of the 7 it may get,
    once. Separate groups are independent, so their results simply combine.
    """
    tables = position.tables
    occ = board.occ
    movable = [
        (loc, s)
        for loc, s in mine
        if loc < tables.track or (loc != tables.centre and not settled(occ, loc, tables.home[s] + 4))
    ]
    if len(movable) <= 1:  # (often) one marble takes the whole 7, or none can move
        for loc, s in movable:
            found_one = {((loc, r[0]),): r for r in forward(board, s, loc, 7, part=True)}
            out.extend((MoveKind.STEP, key, (((loc, r[0], s),), r[1], -1)) for key, r in found_one.items())
        return
    most = 2 if position.rules.seven is SevenMode.SPLIT_TWO else 4
    b = Board(position, full=False, copy=True)
    routes = [[forward(b, s, loc, d, part=True) for d in range(1, 8)] for loc, s in movable]
    prints = [_footprint(position, b, loc, s) for loc, s in movable]
    meets = [
        [
            i != j and not (prints[i][0].isdisjoint(prints[j][1]) and prints[j][0].isdisjoint(prints[i][1]))
            for j in range(len(movable))
        ]
        for i in range(len(movable))
    ]
    cache: dict[tuple[tuple[int, ...], int], list[Part]] = {}

    def parts_of(group: tuple[int, ...], total: int) -> list[Part]:
        key = (group, total)
        if key not in cache:
            if len(group) == 1:
                loc, section = movable[group[0]]
                cache[key] = [(((loc, r[0], section),), r[1]) for r in routes[group[0]][total - 1]]
            else:
                played: dict[tuple[tuple[int, int], ...], Part] = {}
                _seven_parts(b, tuple(movable[i] for i in group), total, [], [], played, set())
                cache[key] = list(played.values())
        return cache[key]

    found: dict[tuple[tuple[int, int], ...], Raw] = {}
    for k in range(1, min(most, len(movable)) + 1):
        for combo in combinations(range(len(movable)), k):
            groups = meeting_groups(combo, meets)
            for totals in _COMPOSITIONS[len(groups)]:
                if any(t < len(g) for g, t in zip(groups, totals, strict=True)):
                    continue
                for chosen in product(*(parts_of(g, t) for g, t in zip(groups, totals, strict=True))):
                    steps = tuple(step for part in chosen for step in part[0])
                    key = tuple(sorted((frm, to) for frm, to, _ in steps))
                    found[key] = (
                        MoveKind.STEP,
                        key,
                        (steps, tuple(c for part in chosen for c in part[1]), -1),
                    )
    out.extend(found.values())


def settled(occ: list[int], loc: int, lane_end: int) -> bool:
    """Whether the marble on home cell ``loc`` can never move again: every cell ahead of it, up to the
    end of its lane (``lane_end`` excluded), is taken, so none of those marbles can move either and no
    cell ahead will ever be freed.

    Such a marble has no part in any 7, so the split leaves it out before combining marbles.
    """
    return all(occ[q] >= 0 for q in range(loc + 1, lane_end))


def meeting_groups(combo: tuple[int, ...], meets: list[list[bool]]) -> list[tuple[int, ...]]:
    """The marbles of ``combo`` in groups whose parts may meet (connected components)."""
    groups: list[tuple[int, ...]] = []
    left = list(combo)
    while left:
        group = [left.pop(0)]
        for i in group:
            joined = [j for j in left if meets[i][j]]
            group += joined
            left = [j for j in left if j not in joined]
        groups.append(tuple(sorted(group)))
    return groups


def _footprint(position: Position, b: Board, loc: int, section: int) -> tuple[frozenset[int], frozenset[int]]:
    """What a part of a 7 (1 to 7 steps) of the marble on ``loc`` may read, and may change.

    A part reads the cells it may land on, the home lane it may enter, and the start cells its shortcut
    jumps pass (only a marble on a start cell can block: passing any other marble has no effect); it
    changes the cell it leaves and the places it may land on.
    """
    tables = position.tables
    track = tables.track
    home = tables.home[section]
    if loc >= track:
        lane = frozenset(range(loc + 1, home + 4))
        return lane, lane | {loc}
    changes = {(loc + i) % track for i in range(1, 8)}
    if tables.entry[section] in changes or tables.entry[section] == loc:
        changes.update(range(home, home + 4))
    reads = set(changes)
    if b.jump:
        for c in [c for c in changes if c < track and tables.is_shortcut[c]]:
            target = (c + 18) % track
            changes.add(target)
            reads.add(target)
            reads.update(x for x in tables.start if 0 < (x - c) % track < 18)
    changes.add(loc)
    return frozenset(reads), frozenset(changes)


def _seven_parts(
    b: Board,
    movers: tuple[tuple[int, int], ...],
    remaining: int,
    steps: list[tuple[int, int, int]],
    caps: list[int],
    found: dict[tuple[tuple[int, int], ...], Part],
    seen: set[tuple[frozenset[tuple[int, int]], int]],
) -> None:
    """Play the parts of a 7 over ``movers`` (each exactly once) one after the other, in every order.

    A set of parts already played in another order leads to the same board, so it is explored once.
    """
    state = (frozenset((frm, to) for frm, to, _ in steps), remaining)
    if state in seen:
        return
    seen.add(state)
    moved = {frm for frm, _, _ in steps}
    left = [m for m in movers if m[0] not in moved]
    if not left:
        if remaining == 0:
            key = tuple(sorted((frm, to) for frm, to, _ in steps))
            if key not in found:
                found[key] = (tuple(steps), tuple(caps))
        return
    occ = b.occ
    landed = {to for _, to, _ in steps}
    if len(left) == 1:  # the last part takes what is left of the 7: record each way it plays
        loc, section = left[0]
        if occ[loc] != section or loc in caps or remaining < 1:
            return
        for dest, route_caps, _ in forward(b, section, loc, remaining, part=True):
            if dest not in landed:
                last = [*steps, (loc, dest, section)]
                key = tuple(sorted((frm, to) for frm, to, _ in last))
                if key not in found:  # a set of parts found before was recorded then
                    found[key] = (tuple(last), (*caps, *route_caps))
        return
    for loc, section in left:
        if occ[loc] != section or loc in caps:
            return  # taken by an earlier part: this set of parts cannot be completed
        most = remaining - len(left) + 1
        for d in range(1, most + 1):
            for dest, route_caps, _ in forward(b, section, loc, d, part=True):
                if dest in landed:
                    continue
                undo = push_part(b, loc, dest, section, route_caps)
                steps.append((loc, dest, section))
                caps.extend(route_caps)
                _seven_parts(b, movers, remaining - d, steps, caps, found, seen)
                del caps[len(caps) - len(route_caps) :]
                steps.pop()
                pop_part(b, undo)


# ---- moves for cards ------------------------------------------------------------------------------


def card_moves(position: Position, card: Card) -> tuple[Move, ...]:
    """The legal moves of one card (no discards), as public values."""
    key = ("moves", card.rank, card.suit)  # the card's value, hashed in C (Card's hash is Python)
    cached = position.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    ids = position.tables.place_ids
    res = []
    step = MoveKind.STEP
    for kind, steps, delta in raw_moves(position, card.rank):
        public_steps: tuple[tuple[str, str], ...]
        if kind is step and len(steps) == 1:
            public_steps = ((ids[steps[0][0]], ids[steps[0][1]]),)
        elif kind is MoveKind.ENTER:
            public_steps = ((f"{SECTION_LETTERS[delta[2]]}R", ids[steps[0][1]]),)
        elif kind is MoveKind.SWAP:
            a, c = ids[steps[0][0]], ids[steps[0][1]]
            public_steps = ((a, c),) if a < c else ((c, a),)
        else:
            public_steps = tuple(sorted([(ids[a], ids[c]) for a, c in steps]))
        caps = delta[1]
        res.append(
            generated_move(card, kind, public_steps, tuple([ids[c] for c in caps]) if caps else (), delta)
        )
    moves = tuple(res)
    position.cache[key] = moves
    return moves


def hand_cards(position: Position, card: Card | None) -> tuple[Card, ...]:
    """The cards to consider: ``card`` alone, the mover's hand, or every rank when hands are unknown."""
    if card is not None:
        return (card,)
    if position.hands is not None:
        return distinct_cards(position.hands[position.turn_index])
    ranks = RANKS + ((JOKER,) if position.rules.jokers else ())
    return tuple(Card(rank) for rank in ranks)


def distinct_cards(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand's different cards in hand order (two packs deal twin cards), told apart by
    ``(rank, suit)``, their equality, so that hashing stays in C instead of the dataclass methods."""
    return tuple({(card.rank, card.suit): card for card in hand}.values())


def card_in_hand(position: Position, card: Card) -> Card | None:
    """The hand's card matching ``card`` (a suitless card matches any suit), or None; never a joker
    when the rules have none (the camera or a position without hands can still name one)."""
    if card.rank == JOKER and not position.rules.jokers:
        return None
    if position.hands is None:
        return card
    hand = position.hands[position.turn_index]
    if card in hand:
        return card
    if card.suit is None:
        return next((c for c in hand if c.rank == card.rank), None)
    return None


def nothing_playable(position: Position, cards: tuple[Card, ...] | None = None) -> bool:
    """Whether no card (of the hand, or of ``cards`` when hands are unknown) has a legal move."""
    if cards is None or position.hands is not None:
        cards = hand_cards(position, None)
    return not any(raw_moves(position, rank) for rank in {c.rank for c in cards})


def has_marble_in_play(position: Position) -> bool:
    """Whether a marble the mover plays is on the track or in the centre (R2's "pion en jeu")."""
    info = turn_info(position)
    home = position.tables.track
    centre = position.tables.centre
    for section in info.played:
        i = info.index_of[section]
        if any(0 <= x < home or x == centre for x in position.marbles[4 * i : 4 * i + 4]):
            return True
    return False


def fallback_kind(position: Position) -> MoveKind:
    """Whether a seat with nothing playable discards a card or lays its hand down."""
    mode = position.rules.nothing_playable
    if mode is NothingPlayable.LAY_DOWN:
        return MoveKind.LAY_DOWN
    if mode is NothingPlayable.LAY_DOWN_IF_NONE_OUT and not has_marble_in_play(position):
        return MoveKind.LAY_DOWN
    return MoveKind.DISCARD


def legal_moves(position: Position, card: Card | None = None) -> tuple[Move, ...]:
    """Every distinct legal move of the seat to play, in a deterministic order.

    Args:
        position: the position.
        card: one card (a suitless card stands for any card of that rank); None for every card of the
            mover's hand (every rank when hands are not known).

    Returns:
        The moves of each card in hand order; when nothing in the hand can be played, the discards
        (or the one "lay the hand down") the rules prescribe instead. With hands unknown and a card
        given, that card alone decides whether it is "nothing playable" (and laying the whole hand
        down, which needs the hand, is never offered).
    """
    key = ("legal", None) if card is None else ("legal", card.rank, card.suit)
    cached = position.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    result: tuple[Move, ...] = ()
    if position.winner is None and (position.hands is None or position.hands[position.turn_index]):
        chosen = card if card is None else card_in_hand(position, card)
        if card is None or chosen is not None:
            cards = hand_cards(position, chosen)
            moves: list[Move] = []
            for c in cards:
                moves += card_moves(position, c)
            if not moves and nothing_playable(position, cards):
                if fallback_kind(position) is MoveKind.DISCARD:
                    moves += [generated_move(c, MoveKind.DISCARD, (), (), None) for c in cards]
                elif position.hands is not None:  # laying down is judged on the whole hand
                    moves.append(Move(None, MoveKind.LAY_DOWN))
            result = tuple(moves)
    position.cache[key] = result
    return result


# ---- applying ---------------------------------------------------------------------------------------


def apply_delta(position: Position, move: Move, delta: Delta | None) -> Position:
    """The position after a move whose effect is ``delta`` (None for discards), without checking it."""
    marbles, fresh = moved(position, delta)
    hands = position.hands
    if hands is not None:
        hands = _without_card(hands, position.turn_index, move)
    return position_after(
        position, delta, marbles, fresh, (position.turn_index + 1) % len(position.seats), hands
    )


def position_after(
    position: Position,
    delta: Delta | None,
    marbles: tuple[int, ...],
    fresh: int,
    turn_index: int,
    hands: tuple[tuple[Card, ...], ...] | None,
) -> Position:
    """Engine-internal: the position of the same game after a move whose effect is ``delta``, with the
    marbles and flags :func:`moved` gives, and the seat to play and the hands the caller decided (the
    Game, which moves the cards itself). Its occupancy is carried over from ``position``."""
    after = position.successor(marbles, fresh, turn_index, hands)
    _carry_occupancy(position, after, delta)
    cache = position.cache
    if "winner" in cache and cache["winner"] is None:
        # nobody had won, and only a marble arriving in a home can change that (a capture sends one back)
        tables = position.tables
        if delta is None or all(not tables.track <= to < tables.centre for _, to, _ in delta[0]):
            after.cache["winner"] = None
    return after


def moved(position: Position, delta: Delta | None) -> tuple[tuple[int, ...], int]:
    """The marbles (sorted per seat) and the just-out flags after a move whose effect is ``delta``
    (None: a discard, nothing moves), without checking it."""
    if delta is None:
        return position.marbles, position.fresh
    marbles = list(position.marbles)
    fresh = position.fresh
    if len(delta[0]) == 1 and not delta[1]:  # one marble, nothing taken
        ((frm, to, section),) = delta[0]
        base = 4 * turn_info(position).index_of[section]
        block = marbles[base : base + 4]
        block[block.index(frm)] = to
        block.sort()
        marbles[base : base + 4] = block
        if frm == position.tables.start[section]:
            fresh &= ~(1 << section)
        if delta[2] >= 0:
            fresh |= 1 << delta[2]
    else:
        steps, caps, entered = delta
        tables = position.tables
        start = tables.start
        index_of = turn_info(position).index_of
        occ = position.occupancy()
        touched = set()
        for loc in caps:
            section = occ[loc]
            i = index_of[section]
            j = marbles.index(loc, 4 * i, 4 * i + 4)
            marbles[j] = RESERVE
            touched.add(i)
            if loc == start[section]:
                fresh &= ~(1 << section)
        targets = []
        for frm, to, section in steps:
            i = index_of[section]
            targets.append((marbles.index(frm, 4 * i, 4 * i + 4), to, section, frm))
            touched.add(i)
        for j, to, section, frm in targets:
            marbles[j] = to
            if frm == start[section]:
                fresh &= ~(1 << section)
        if entered >= 0:
            fresh |= 1 << entered
        for i in touched:
            marbles[4 * i : 4 * i + 4] = sorted(marbles[4 * i : 4 * i + 4])
    return tuple(marbles), fresh


def _carry_occupancy(before: Position, after: Position, delta: Delta | None) -> None:
    """Give ``after`` its occupancy from ``before``'s, changed where the move changed the board (a copy
    and a few writes instead of a walk over every marble). Not with several marbles in the centre,
    whose one entry names only one of them."""
    occ = before.cache.get("occ")
    if occ is None or before.rules.centre_holds_several:
        return
    if delta is None:
        after.cache["occ"] = occ
        return
    moved, caps, _ = delta
    occ = occ.copy()
    for loc in caps:
        occ[loc] = -1
    for frm, _, _ in moved:
        if frm != RESERVE:
            occ[frm] = -1
    for _, to, section in moved:
        occ[to] = section
    after.cache["occ"] = occ


def _without_card(
    hands: tuple[tuple[Card, ...], ...], index: int, move: Move
) -> tuple[tuple[Card, ...], ...]:
    hand = list(hands[index])
    if move.kind is MoveKind.LAY_DOWN:
        hand = []
    elif move.card is not None:
        card = move.card
        match = card if card in hand else next((c for c in hand if c.rank == card.rank), None)
        if match is not None:
            hand.remove(match)
    return (*hands[:index], tuple(hand), *hands[index + 1 :])
