"""The hint mode's suggestion: the ``strong`` player's move, with one sentence saying why.

The sentence comes from what the move changes on the board, in order of what matters most to a learner:
taking an opponent's marble, bringing a marble into its home, bringing a marble out onto its start cell
(safe when the rules protect it), taking a marble out of reach of the opponents behind it, helping the
partner; otherwise the progress it makes, or why the card is the one to give up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from firmware_py.engine import Move, MoveKind, PlaceKind, StartCell, move_effect, parse_place, play
from firmware_py.engine.game import Game
from firmware_py.players.levels import StrongPlayer, teams_map
from firmware_py.players.lookahead import threats
from firmware_py.table.wording import of_name, shown_name


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A suggested move and why, in French and English."""

    move: Move
    fr: str
    en: str


def suggest(
    game: Game, seat: str, names: Mapping[str, str], *, move_time: float, seed: int = 0
) -> Suggestion:
    """The ``strong`` player's move for ``seat`` (which must be to play) and one sentence of why.

    Raises:
        ValueError: ``seat`` has no move to make (not its turn, or only a joker's end of turn).
    """
    if game.to_play != seat or not game.legal_moves():
        raise ValueError(f"seat {seat} has no move to suggest now")
    player = StrongPlayer(move_time, seed=seed)
    move = player.search(game, seat, game.legal_moves())
    fr, en = why(game, seat, move, names)
    return Suggestion(move, fr, en)


def _track_cells(layout: Mapping[str, str], game: Game) -> list[tuple[str, int]]:
    topology = game.position.topology
    cells = []
    for place, owner in layout.items():
        parsed = parse_place(place)
        if parsed.kind is PlaceKind.TRACK:
            cells.append((owner, topology.track_index(parsed.section, parsed.number)))
    return cells


def _reach(place: str, owner: str, layout: Mapping[str, str], game: Game, teams: Mapping[str, int]) -> int:
    """Opponent marbles one card could bring onto ``place`` (0 off the track)."""
    parsed = parse_place(place)
    if parsed.kind is not PlaceKind.TRACK:
        return 0
    topology = game.position.topology
    enemies = [cell for o, cell in _track_cells(layout, game) if teams.get(o) != teams.get(owner)]
    return threats(topology.track_index(parsed.section, parsed.number), enemies, topology.track_length)


def why(game: Game, seat: str, move: Move, names: Mapping[str, str]) -> tuple[str, str]:
    """One sentence (French, English) saying what ``move`` does for ``seat``'s team."""
    position = game.position
    before = position.layout
    if move.is_discard or move.kind is MoveKind.LAY_DOWN:
        return (
            "Aucune carte ne peut déplacer de bille : on se défait de celle qui sert le moins.",
            "No card can move a marble: give up the one worth least.",
        )
    after = play(position, move).layout
    teams = teams_map(game)
    done = move_effect(position, move)
    taken = [capture.seat for capture in done.captures if teams.get(capture.seat) != teams[seat]]
    if taken:
        who = names.get(taken[0], taken[0])
        return (
            f"Elle renvoie la bille {of_name(shown_name(who, 'fr'))} à sa base.",
            f"It sends {shown_name(who, 'en')}'s marble back to its reserve.",
        )
    for step in done.steps:
        owner, frm, to = step.seat, step.source, step.destination
        if parse_place(to).kind is PlaceKind.HOME and parse_place(frm).kind is not PlaceKind.HOME:
            if owner == seat:
                return (
                    "Elle met votre bille dans votre maison, à l'abri.",
                    "It puts your marble in your home, safe.",
                )
            who = names.get(owner, owner)
            return (
                f"Elle met la bille {of_name(shown_name(who, 'fr'))} dans sa maison.",
                f"It puts {shown_name(who, 'en')}'s marble in its home.",
            )
    if move.kind is MoveKind.ENTER:
        if position.rules.start_immunity is StartCell.NONE:
            return ("Elle sort une bille de votre base.", "It brings a marble out of your reserve.")
        return (
            "Elle sort une bille sur votre case de départ, où on ne peut pas la prendre.",
            "It puts your marble on your start cell, where nobody can take it.",
        )
    for step in done.steps:
        owner, frm, to = step.seat, step.source, step.destination
        if (
            teams.get(owner) == teams[seat]
            and _reach(frm, owner, before, game, teams) > _reach(to, owner, after, game, teams) == 0
        ):
            return (
                "Elle met votre bille hors de portée des billes adverses.",
                "It takes your marble out of reach of the opponents' marbles.",
            )
    owners = [step.seat for step in done.steps]
    if owners and all(owner != seat and teams.get(owner) == teams[seat] for owner in owners):
        partner = names.get(owners[0], owners[0])
        return (
            f"Elle fait avancer la bille {of_name(shown_name(partner, 'fr'))}, votre partenaire.",
            f"It moves your partner {shown_name(partner, 'en')} on.",
        )
    return (
        "C'est le coup qui rapproche le plus votre équipe de la maison sans l'exposer.",
        "It brings your team closest to home without leaving it exposed.",
    )
