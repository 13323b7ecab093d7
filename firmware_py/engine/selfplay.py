"""Random legal games with every invariant checked after every action: the engine's conformance run.

Like OpenSpiel's ``random_sim_test``, :func:`play_random_game` plays a whole game choosing among the
legal actions with its own seeded generator (separate from the game's chance), and after each action
checks that:

- the position is valid (its notation reads back, which validates it: four marbles per seat, one per
  hole...);
- the cards are conserved: the hands, the stock and the played pile hold exactly the pack;
- the position's notation and the move's notation read back to the same values;
- ``explain`` finds nothing wrong with the legal move chosen;
- the game is over, or someone has something to do (the random player finds an action);
- the game ends within ``max_actions``;

and, at the end, that replaying the recorded actions from the seed gives the same game. Failures are
collected as text, never raised, so that a run reports all of them; pure, no I/O (the ``tock selfplay``
command prints).

Without the checks the same game is played on the fast core (:mod:`~firmware_py.engine.fast.play`),
action for action: what ``make bench`` and ``tock selfplay --no-check`` time.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from firmware_py.engine.deck import new_deck
from firmware_py.engine.errors import TockError
from firmware_py.engine.events import Action, Dealt, EndTurn, Phase
from firmware_py.engine.fast import fast_random_game
from firmware_py.engine.game import Game
from firmware_py.engine.legality import explain
from firmware_py.engine.movegen import card_moves, distinct_cards
from firmware_py.engine.moves import Move
from firmware_py.engine.position import Position
from firmware_py.engine.rules import RuleSet
from firmware_py.engine.violations import InvalidPositionError

MAX_ACTIONS = 20_000
"""A random game longer than this counts as not ending (random games take 200 to 3,000 actions)."""


@dataclass(frozen=True, slots=True)
class GameReport:
    """How one random game went.

    Attributes:
        seed: the game's seed (its chance, and the random player's choices).
        seats: number of seats.
        actions: actions played (moves, discards, exchanges, ends of turn).
        winner: the winning seats, or None when the game did not end.
        failures: every invariant that failed, with the action number and the position.
        ending: how the game ended, in words (``"team A+C"``, ``"solo B"``, ``"unfinished"``).
    """

    seed: int
    seats: int
    actions: int
    winner: tuple[str, ...] | None
    failures: tuple[str, ...]
    ending: str
    discards: int = 0
    """Cards discarded or hands laid down because nothing was playable."""
    deals: int = 0
    """Deals during the game."""


@dataclass(slots=True)
class RunSummary:
    """Many random games added up (what ``tock selfplay`` and ``make bench`` print)."""

    games: int = 0
    actions: int = 0
    failures: list[str] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    longest: int = 0

    def add(self, report: GameReport) -> None:
        """Count one game in."""
        self.games += 1
        self.actions += report.actions
        self.failures += [f"seed {report.seed}: {f}" for f in report.failures]
        self.endings[report.ending] += 1
        self.longest = max(self.longest, report.actions)

    def merge(self, other: RunSummary) -> None:
        """Count in another run's games (a later range of seeds, played by another process)."""
        self.games += other.games
        self.actions += other.actions
        self.failures += other.failures
        self.endings += other.endings
        self.longest = max(self.longest, other.longest)


def random_action(game: Game, rng: random.Random) -> Action | None:
    """A random player's choice: a card uniformly among the playable ones, then one of its moves.

    Choosing the card first keeps the 7 (whose splits are many moves) from dominating the games. The
    cards are drawn one at a time, at random, until one is playable: the first playable card drawn is
    uniform among the playable ones, and the engine lists the moves of as few cards as possible (most
    often one). None when nobody has anything to do (a bug).
    """
    if game.phase is not Phase.PLAY or game.to_play is None:
        actions = game.legal_actions()
        return rng.choice(actions) if actions else None
    if game.must_discard is None:
        position = game.position
        cards = list(distinct_cards(game.hand(game.to_play)))
        while cards:
            moves = card_moves(position, cards.pop(rng.randrange(len(cards))))  # no discard fallback
            if moves:
                return rng.choice(moves)
    if game.extra_play:
        return EndTurn(game.to_play)
    moves = game.legal_moves()
    return rng.choice(moves) if moves else None


def play_random_game(
    rules: RuleSet,
    seats: int,
    seed: int,
    *,
    check: bool = True,
    max_actions: int = MAX_ACTIONS,
) -> GameReport:
    """Play one random legal game from ``Game.new(rules, seats=seats, seed=seed)``.

    Args:
        rules: the rule set.
        seats: number of seats.
        seed: seeds both the game's chance and the random player.
        check: check every invariant after every action; otherwise the same game is played on the fast
            core, and only its end is checked.
        max_actions: the game must be over after this many actions.
    """
    if not check:
        return _fast_report(rules, seats, seed, max_actions)
    game = Game.new(rules, seats=seats, seed=seed)
    rng = random.Random(f"selfplay:{seed}")
    pack = pack_counts(rules)
    played: list[Action] = []
    failures: list[str] = []
    discards = 0
    while game.winner is None and len(played) < max_actions:
        action = random_action(game, rng)
        if action is None:
            failures.append(f"action {len(played)}: nothing to do in {game.position.to_notation()}")
            break
        discards += isinstance(action, Move) and action.is_discard
        if check and isinstance(action, Move) and game.must_discard is None:
            reasons = explain(game.position, action)
            if reasons:
                failures.append(f"action {len(played)}: legal move {action} explained as {reasons[0].en}")
                break
        try:
            after = game.apply(action)
        except TockError as error:
            failures.append(f"action {len(played)}: legal action {action} refused: {error}")
            break
        played.append(action)
        if check:
            failures += check_action(after, action, pack, len(played))
            if failures:
                break
        game = after
    if game.winner is None and not failures:
        failures.append(f"no winner after {len(played)} actions")
    if check and not failures:
        failures += _check_replay(game, rules, seats, seed, played)
    ending = "unfinished" if game.winner is None else _ending(game.winner)
    deals = sum(isinstance(event, Dealt) for event in game.history)
    return GameReport(seed, seats, len(played), game.winner, tuple(failures), ending, discards, deals)


def _fast_report(rules: RuleSet, seats: int, seed: int, max_actions: int) -> GameReport:
    """The report of the game played on the fast core (only its end is checked)."""
    fast = fast_random_game(rules, seats, seed, max_actions)
    failures = (f"action {fast.actions}: nothing to do in {fast.stuck}",) if fast.stuck else ()
    if fast.winner is None and not failures:
        failures = (f"no winner after {fast.actions} actions",)
    ending = "unfinished" if fast.winner is None else _ending(fast.winner)
    return GameReport(seed, seats, fast.actions, fast.winner, failures, ending, fast.discards, fast.deals)


def _ending(winner: tuple[str, ...]) -> str:
    return f"{'solo' if len(winner) == 1 else 'team'} {'+'.join(winner)}"


def pack_counts(rules: RuleSet) -> Counter[tuple[str, str | None]]:
    """The cards of the pack, counted by value: what :func:`check_action` expects to find in play."""
    return Counter((c.rank, c.suit) for c in new_deck(rules))


def check_action(game: Game, action: Action, pack: Counter[tuple[str, str | None]], number: int) -> list[str]:
    """The invariants that fail in ``game``, reached by ``action`` (the ``number``-th); empty when all hold.

    ``pack`` is :func:`pack_counts` of the game's rules (counted once per game, not once per action).
    """
    failures: list[str] = []
    where = f"action {number} ({action})"
    position = game.position
    cards = Counter((c.rank, c.suit) for c in game.pack.stock + game.pack.played + sum(game.hand_tuple, ()))
    if cards != pack:
        failures.append(f"{where}: cards not conserved: {+(cards - pack)} extra, {+(pack - cards)} missing")
    text = position.to_notation()
    try:  # reading the notation back validates the position it describes
        if Position.from_notation(text) != position:
            failures.append(f"{where}: notation does not round-trip: {text}")
    except InvalidPositionError as invalid:
        failures.append(f"{where}: invalid position {text}: {[v.en for v in invalid.violations]}")
    except TockError as unreadable:
        failures.append(f"{where}: notation {text!r} does not read back: {unreadable}")
    if isinstance(action, Move):
        try:
            if Move.parse(str(action)) != action:
                failures.append(f"{where}: move notation does not round-trip: {action}")
        except TockError as error:
            failures.append(f"{where}: move {action} does not read back: {error}")
    if game.winner is not None and position.winner != game.winner:
        failures.append(f"{where}: winner {game.winner} but the board says {position.winner}")
    if isinstance(action, EndTurn) and game.to_play == action.seat and len(game.seats) > 1:
        if any(game.hand(s) for s in game.seats if s != action.seat):
            failures.append(f"{where}: the turn did not pass")
    return failures


def _check_replay(game: Game, rules: RuleSet, seats: int, seed: int, actions: list[Action]) -> list[str]:
    replayed = Game.replay(rules, seats=seats, seed=seed, actions=[str(a) for a in actions])
    if replayed != game or replayed.history != game.history:
        return [f"replaying the {len(actions)} actions from the seed gives another game"]
    return []
