"""Is a move legal, and if not, why: ``explain``, ``is_legal`` and the checked ``play``.

``explain`` decides on its own, from the same route predicates as the generator (``routes``), and
says which rules the attempted move breaks; ``play`` applies only moves the generator lists. The
conformance test checks that the two agree on every candidate move of thousands of random positions.
"""

from __future__ import annotations

from itertools import permutations, product

from firmware_py.engine.board import SECTION_LETTERS
from firmware_py.engine.cards import JOKER, RANKS, Card, card_words
from firmware_py.engine.context import ENTER_RANKS, STEPS, TurnInfo
from firmware_py.engine.errors import NotationError
from firmware_py.engine.guards import start_marbles
from firmware_py.engine.movegen import (
    apply_delta,
    card_in_hand,
    card_moves,
    fallback_kind,
    has_marble_in_play,
    legal_moves,
    nothing_playable,
    turn_info,
)
from firmware_py.engine.moves import Move, MoveKind
from firmware_py.engine.position import Position
from firmware_py.engine.routes import (
    NOWHERE,
    Board,
    Fail,
    Route,
    backward,
    centre,
    enter,
    forward,
    pop_part,
    push_part,
)
from firmware_py.engine.rules import FiveMode, JackMode, KingSweep, NothingPlayable, SevenMode, Shortcut
from firmware_py.engine.tables import RESERVE
from firmware_py.engine.violations import IllegalMoveError, Rule, Violation, spoken_list, violation


def explain(position: Position, move: Move) -> tuple[Violation, ...]:
    """Every rule ``move`` breaks in ``position``; empty exactly when it is legal.

    A move naming places that are not on this board is reported as a violation, not raised.
    """
    if position.winner is not None:
        return (violation(Rule.GAME_OVER),)
    card = move.card
    if card is not None and card.rank == JOKER and not position.rules.jokers:
        return (violation(Rule.NO_JOKERS, card=str(card)),)
    if card is not None and card_in_hand(position, card) is None:
        return (violation(Rule.CARD_NOT_IN_HAND, card=str(card)),)
    if position.hands is not None and not position.hands[position.turn_index]:
        return (violation(Rule.CARD_NOT_IN_HAND, card=str(card) if card else "?"),)
    try:
        if move.kind is MoveKind.LAY_DOWN:
            return _explain_fallback(position, move, None)
        assert card is not None
        if move.kind is MoveKind.DISCARD:
            return _explain_fallback(position, move, card)
        if move.kind is MoveKind.ENTER:
            return _explain_enter(position, card, move)
        if move.kind is MoveKind.SWAP:
            return _explain_swap(position, card, move)
        return _explain_steps(position, card, move)
    except NotationError:
        return (_unknown_place(position, move),)


def _unknown_place(position: Position, move: Move) -> Violation:
    tables = position.tables
    for place in (p for step in move.steps for p in step if len(p) > 2 or p[1:] != "R"):
        try:
            tables.loc_of(place)
        except NotationError:
            return violation(Rule.UNKNOWN_PLACE, place=place, sections=str(tables.sections))
    return violation(Rule.UNKNOWN_PLACE, place=str(move), sections=str(tables.sections))


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is legal in ``position`` (``explain`` is empty)."""
    return not explain(position, move)


def play(position: Position, move: Move) -> Position:
    """The position after ``move``, checked.

    Raises:
        IllegalMoveError: the move is illegal; it carries the violations and the position notation.
    """
    found = checked(position, move)
    return apply_delta(position, found, found.delta)


def checked(position: Position, move: Move) -> Move:
    """The generated move that ``move`` names in ``position`` (it carries the move's effect).

    Raises:
        IllegalMoveError: the move is illegal; it carries the violations and the position notation.
    """
    found = _find_legal(position, move)
    if found is None:
        reasons = explain(position, move) or (violation(Rule.WRONG_COUNT, card=str(move.card)),)
        raise IllegalMoveError(reasons, position.to_notation(), str(move))
    return found


def _find_legal(position: Position, move: Move) -> Move | None:
    card = move.card
    if move.delta is not None and card is not None:  # generated: listed for this very position?
        listed = position.cache.moves.get((card.rank, card.suit))
        if listed is not None:
            for candidate in listed:
                if candidate is move:
                    return move
    if move.kind in (MoveKind.DISCARD, MoveKind.LAY_DOWN):
        card = None if move.card is None else card_in_hand(position, move.card)
        # with hands known, the whole hand's choice holds every discard allowed (when listed already)
        whole = position.cache.legal.get(None) if position.hands is not None else None
        for candidate in whole or legal_moves(position, card):
            if candidate.kind is move.kind and (card is None or candidate.card == card):
                return candidate
        return None
    if move.card is None:
        return None
    card = card_in_hand(position, move.card)
    if card is None:
        return None
    for candidate in card_moves(position, card):
        if candidate.kind is move.kind and candidate.steps == move.steps:
            return candidate
    return None


def changes(position: Position, move: Move) -> dict[str, str | None]:
    """The places a legal move changes: place -> seat letter of the marble that ends there, or None
    when it ends empty (reserve holes included, filled in order as in ``Position.layout``).

    Raises:
        IllegalMoveError: the move is illegal.
    """
    before = position.layout
    after = play(position, move).layout
    return {p: after.get(p) for p in sorted(set(before) | set(after)) if before.get(p) != after.get(p)}


def destinations(position: Position, card: Card) -> dict[str, tuple[str, ...]]:
    """For each marble a card can move: the places it can reach (what the LEDs light)."""
    result: dict[str, list[str]] = {}
    for move in legal_moves(position, card):
        for frm, to in move.steps:
            result.setdefault(frm, [])
            if to not in result[frm]:
                result[frm].append(to)
    return {k: tuple(v) for k, v in result.items()}


# ---- discards --------------------------------------------------------------------------------------


def _explain_fallback(position: Position, move: Move, card: Card | None) -> tuple[Violation, ...]:
    cards = None if card is None else (card,)
    never_lays_down = position.rules.nothing_playable is NothingPlayable.DISCARD_ONE
    if move.kind is MoveKind.LAY_DOWN and never_lays_down:  # R1, TOC, CANOP: "se défausser d'une carte"
        detail_fr, detail_en = "il faut jeter une carte", "discard one card instead"
        return (violation(Rule.NO_DISCARD_HERE, detail=detail_en, detail_fr=detail_fr),)
    if not nothing_playable(position, cards):
        rule = Rule.NOTHING_TO_LAY_DOWN if card is None else Rule.MUST_PLAY_IF_ABLE
        return (violation(rule),)
    expected = fallback_kind(position)
    if expected is not move.kind:
        detail_fr, detail_en = (
            ("il faut poser toute sa main", "lay the whole hand down instead")
            if expected is MoveKind.LAY_DOWN
            else ("il faut jeter une carte", "discard one card instead")
        )
        return (violation(Rule.NO_DISCARD_HERE, detail=detail_en, detail_fr=detail_fr),)
    return ()


# ---- entering --------------------------------------------------------------------------------------


def _explain_enter(position: Position, card: Card, move: Move) -> tuple[Violation, ...]:
    tables = position.tables
    reserve, to = move.steps[0]
    section = SECTION_LETTERS.index(reserve[0])
    start_id = tables.place_ids[tables.start[section]] if section < tables.sections else to
    if card.rank not in ENTER_RANKS:
        joker = position.rules.jokers > 0
        return (
            violation(
                Rule.RESERVE_NEEDS_ENTRY_CARD,
                card=str(card),
                places=(start_id,),
                entry_fr="un as, un roi ou un joker" if joker else "un as ou un roi",
                entry_en="an Ace, a King or a joker" if joker else "an Ace or a King",
            ),
        )
    info = turn_info(position)
    if section not in info.played:
        return (violation(Rule.NOT_YOUR_MARBLE, place=reserve),)
    i = info.index_of[section]
    if RESERVE not in position.marbles[4 * i : 4 * i + 4]:
        return (violation(Rule.NO_MARBLE_THERE, place=reserve),)
    if to != start_id:
        return (violation(Rule.ENTRY_GOES_TO_START, place=start_id, places=(start_id,)),)
    _, _, fails = enter(Board(position, full=True), section)
    return _violations(position, fails, None, card)


# ---- swaps -----------------------------------------------------------------------------------------


def _explain_swap(position: Position, card: Card, move: Move) -> tuple[Violation, ...]:
    rules = position.rules
    if card.rank == "J" and rules.jack is not JackMode.ELEVEN:
        opponents_only = False
    elif card.rank == "10" and rules.ten_swaps:
        opponents_only = True
    else:
        return (violation(Rule.CARD_CANNOT_DO_THAT, card=str(card)),)
    tables = position.tables
    a_id, b_id = move.steps[0]
    a, b = tables.loc_of(a_id), tables.loc_of(b_id)
    occ = position.occupancy()
    info = turn_info(position)
    if a == RESERVE or b == RESERVE:
        return (violation(Rule.HOME_MARBLE_UNTOUCHABLE, places=(a_id, b_id)),)
    if occ[a] not in info.played and occ[b] in info.played:
        a, b, a_id, b_id = b, a, b_id, a_id
    if occ[a] < 0:
        return (violation(Rule.NO_MARBLE_THERE, place=a_id, places=(a_id,)),)
    if occ[a] not in info.played or a >= tables.track:
        return (violation(Rule.SWAP_NEEDS_OWN_MARBLE, marble=a_id, places=(a_id,)),)
    if occ[b] < 0 or a == b:
        return (violation(Rule.NO_MARBLE_THERE, place=b_id, places=(b_id,)),)
    if b == tables.centre:
        return (violation(Rule.SWAP_TARGET_NOT_ON_TRACK, target=b_id, places=(b_id,)),)
    if b >= tables.track:
        return (violation(Rule.HOME_MARBLE_UNTOUCHABLE, marble=b_id, places=(b_id,)),)
    if occ[b] in info.played:
        if opponents_only:
            return (violation(Rule.SWAP_NEEDS_OPPONENT, places=(b_id,)),)
        if not rules.jack_swaps_own:
            return (violation(Rule.SWAP_OWN_PAIR_FORBIDDEN, places=(a_id, b_id)),)
        return ()
    problems = []
    if b in start_marbles(position, rules.jack_spares_start):
        problems.append(violation(Rule.START_MARBLE_IMMUNE, marble=b_id, places=(b_id,), blocker=b_id))
    if opponents_only and occ[b] in info.team:
        problems.append(violation(Rule.SWAP_NEEDS_OPPONENT, places=(b_id,)))
    return tuple(problems)


# ---- marbles moving --------------------------------------------------------------------------------


def _routes_for(
    position: Position, b: Board, info: TurnInfo, card: Card, frm: int, owner: int, *, part: bool = False
) -> tuple[list[Route], Violation | None]:
    """Every route (legal or not) the card offers the marble on ``frm``, or why it cannot move it."""
    rules = position.rules
    tables = position.tables
    rank = card.rank
    frm_id = tables.place_ids[frm]
    if rank == "5" and rules.five is not FiveMode.PLUS_FIVE:
        if owner == info.mover or (rules.five is FiveMode.OPPONENT and owner in info.team):
            opponent = rules.five is FiveMode.OPPONENT
            return [], violation(
                Rule.NOT_ANOTHER_PLAYERS_MARBLE,
                marble=frm_id,
                place=frm_id,
                places=(frm_id,),
                whose_fr="un pion adverse" if opponent else "le pion d'un autre joueur",
                whose_en="an opponent's marble" if opponent else "another player's marble",
            )
        if frm >= tables.track:
            return [], violation(Rule.HOME_MARBLE_UNTOUCHABLE, marble=frm_id, places=(frm_id,))
        if not rules.five_without_marble_out and not has_marble_in_play(position):
            return [], violation(Rule.FIVE_NEEDS_MARBLE_OUT, marble=frm_id, places=(frm_id,))
        if frm in start_marbles(position, rules.five_spares_start):
            return [], violation(Rule.START_MARBLE_IMMUNE, marble=frm_id, places=(frm_id,), blocker=frm_id)
        return forward(b, owner, frm, 5, five=True), None
    if owner not in info.played:
        return [], violation(Rule.NOT_YOUR_MARBLE, marble=frm_id, place=frm_id, places=(frm_id,))
    routes: list[Route] = []
    if rules.shortcut is Shortcut.CENTRE and rank in rules.centre_cards and not part:
        routes += centre(b, frm)
    if rank == "4" and rules.four_backwards:
        routes += backward(b, owner, frm, 4)
    elif rank == "J" and rules.jack is JackMode.SWAP:
        pass
    elif rank == "7" and rules.seven is not SevenMode.PLUS_SEVEN:
        if frm != tables.centre:
            routes += forward(b, owner, frm, 7, part=True)
    else:
        sweep = rank == "K" and rules.king_sweep is not KingSweep.NONE
        routes += forward(b, owner, frm, STEPS[rank], sweep=sweep)
    return routes, None


def _explain_steps(position: Position, card: Card, move: Move) -> tuple[Violation, ...]:
    rules = position.rules
    if len(move.steps) > 1:
        if card.rank != "7":
            return (violation(Rule.CARD_CANNOT_DO_THAT, card=str(card)),)
        if rules.seven is SevenMode.PLUS_SEVEN:
            return (violation(Rule.SEVEN_ONE_MARBLE),)
        return _explain_seven(position, card, move)
    tables = position.tables
    frm_id, to_id = move.steps[0]
    frm, to = tables.loc_of(frm_id), tables.loc_of(to_id)
    occ = position.occupancy()
    if frm == RESERVE:
        return (violation(Rule.RESERVE_MARBLE_CANNOT_MOVE, places=(frm_id,)),)
    if occ[frm] < 0:
        return (violation(Rule.NO_MARBLE_THERE, place=frm_id, places=(frm_id,)),)
    if to == RESERVE:
        return (violation(Rule.WRONG_COUNT, card=str(card), place=frm_id, target=to_id, places=(frm_id,)),)
    owner = occ[frm]
    b = Board(position, full=True)
    info = turn_info(position)
    routes, refusal = _routes_for(position, b, info, card, frm, owner)
    if refusal is not None:
        return (refusal,)
    matching = [r for r in routes if r[0] == to]
    if not matching and tables.owner_of_home[to] == owner:
        matching = [r for r in routes if r[0] == NOWHERE]  # aimed at the home, overshot its end
    if matching:
        best = min(matching, key=lambda r: len(r[2]))
        return _violations(position, best[2], frm, card)
    return (_no_route(position, card, frm, to, owner),)


def _no_route(position: Position, card: Card, frm: int, to: int, owner: int) -> Violation:
    """Why no route of ``card`` takes the marble on ``frm`` to ``to``."""
    rules = position.rules
    tables = position.tables
    ids = tables.place_ids
    places = (ids[frm], ids[to])
    centre_mode = rules.shortcut is Shortcut.CENTRE
    if centre_mode and tables.centre in (frm, to):
        if card.rank not in rules.centre_cards:
            cards = [Card(rank) for rank in (*RANKS, JOKER) if rank in rules.centre_cards]
            return violation(
                Rule.CENTRE_NEEDS_CARD,
                places=places,
                cards_fr=spoken_list([card_words(c, "fr", "a") for c in cards], "ou"),
                cards_en=spoken_list([card_words(c, "en", "a") for c in cards], "or"),
            )
        if to == tables.centre:
            return violation(Rule.CENTRE_FROM_SHORTCUT, places=places, cell=str(rules.shortcut_cell))
    if frm >= tables.track and frm != tables.centre and to < tables.track:
        return violation(Rule.HOME_IS_FINAL, marble=ids[frm], places=places)
    if card.rank == "4" and rules.four_backwards and tables.owner_of_home[to] == owner:
        return violation(Rule.NO_BACKWARDS_INTO_HOME, marble=ids[frm], places=places)
    if (
        card.rank == "7"
        and rules.seven is not SevenMode.PLUS_SEVEN
        and frm < tables.track
        and to < tables.track
    ):
        if 0 < (frm - to) % tables.track <= 7:
            return violation(Rule.SEVEN_FORWARD_ONLY, marble=ids[frm], places=places)
    if card.rank == "J" and rules.jack is JackMode.SWAP:
        return violation(Rule.CARD_CANNOT_DO_THAT, card=str(card), places=places)
    return violation(
        Rule.WRONG_COUNT, card=str(card), place=ids[frm], target=ids[to], marble=ids[frm], places=places
    )


def _explain_seven(position: Position, card: Card, move: Move) -> tuple[Violation, ...]:
    rules = position.rules
    tables = position.tables
    if rules.seven is SevenMode.SPLIT_TWO and len(move.steps) > 2:
        return (violation(Rule.SEVEN_TWO_MARBLES),)
    parts = [(tables.loc_of(a), tables.loc_of(c)) for a, c in move.steps]
    froms = [f for f, _ in parts]
    tos = [t for _, t in parts]
    if len(set(froms)) != len(froms) or len(set(tos)) != len(tos):
        return (
            violation(
                Rule.SEVEN_PARTS_COLLIDE, places=tuple(dict.fromkeys(s for p in move.steps for s in p))
            ),
        )
    occ = position.occupancy()
    info = turn_info(position)
    b = Board(position, full=True, copy=True)
    choices: list[tuple[int, ...]] = []
    unreachable: list[Violation] = []
    for frm, to in parts:
        if frm == RESERVE:
            return (violation(Rule.RESERVE_MARBLE_CANNOT_MOVE, places=(tables.place_ids[frm],)),)
        if occ[frm] < 0:
            return (
                violation(Rule.NO_MARBLE_THERE, place=tables.place_ids[frm], places=(tables.place_ids[frm],)),
            )
        owner = occ[frm]
        if owner not in info.played:
            fid = tables.place_ids[frm]
            return (violation(Rule.NOT_YOUR_MARBLE, marble=fid, place=fid, places=(fid,)),)
        if to == RESERVE:
            return (_no_route(position, card, frm, frm, owner),)
        reach = tuple(d for d in range(1, 8) if any(r[0] == to for r in forward(b, owner, frm, d, part=True)))
        if reach:
            choices.append(reach)
        else:
            unreachable.append(_unreachable_part(position, card, frm, to, owner))
    if unreachable:  # every part that no share of the 7 can play, each with its own reason
        return tuple(unreachable)
    best: tuple[Violation, ...] | None = None
    for distances in product(*choices):
        if sum(distances) != 7:
            continue
        for order in permutations(range(len(parts))):
            problems = _try_order(position, b, [parts[i] for i in order], [distances[i] for i in order], card)
            if not problems:
                return ()
            if best is None or len(problems) < len(best):
                best = problems
    if best is None:
        return (violation(Rule.SEVEN_TOTAL, places=tuple(s for p in move.steps for s in p)),)
    return best


def _unreachable_part(position: Position, card: Card, frm: int, to: int, owner: int) -> Violation:
    """Why no share of a 7 (1 to 7 steps) takes the marble on ``frm`` to ``to``: a part further ahead
    on the track than 7 breaks the total (R1 "4 avec un pion et 3 avec un autre"), not a card's count."""
    refusal = _no_route(position, card, frm, to, owner)
    track = position.tables.track
    if refusal.rule is Rule.WRONG_COUNT and frm < track and to < track and (to - frm) % track > 7:
        ids = position.tables.place_ids
        return violation(Rule.SEVEN_TOTAL, places=(ids[frm], ids[to]))
    return refusal


def _try_order(
    position: Position, b: Board, parts: list[tuple[int, int]], distances: list[int], card: Card
) -> tuple[Violation, ...]:
    """Play the parts in this order on the scratch board; the violations of the first failing part."""
    undos = []
    problems: tuple[Violation, ...] = ()
    taken: set[int] = set()
    try:
        for (frm, to), d in zip(parts, distances, strict=True):
            owner = b.occ[frm]
            if frm in taken or owner < 0:
                problems = (violation(Rule.SEVEN_PARTS_COLLIDE, places=(position.tables.place_ids[frm],)),)
                break
            matching = [r for r in forward(b, owner, frm, d, part=True) if r[0] == to]
            if not matching:
                problems = (_no_route(position, card, frm, to, owner),)
                break
            route = min(matching, key=lambda r: len(r[2]))
            if route[2]:
                problems = _violations(position, route[2], frm, card)
                break
            taken.update(route[1])
            undos.append(push_part(b, frm, to, owner, route[1]))
    finally:
        for undo in reversed(undos):
            pop_part(b, undo)
    return problems


def _violations(
    position: Position, fails: tuple[Fail, ...], frm: int | None, card: Card
) -> tuple[Violation, ...]:
    ids = position.tables.place_ids
    marble = None if frm is None else ids[frm]
    result: list[Violation] = []
    seen: set[str] = set()
    for rule, loc in fails:
        place = ids[loc] if 0 <= loc < len(ids) else ""
        if loc == NOWHERE:
            place = ""
        places = tuple(p for p in (marble, place) if p)
        v = violation(
            rule,
            marble=marble,
            places=places,
            blocker=place,
            target=place,
            card=str(card),
            cell=str(position.rules.shortcut_cell),
        )
        if v.code + place not in seen:
            seen.add(v.code + place)
            result.append(v)
    return tuple(result)
