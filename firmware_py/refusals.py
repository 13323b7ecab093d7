"""Every refusal of the companion in words: each sentence, French and English, written once.

The table and the web raise what these functions build (``raise refusals.game_over()``), so a sentence
is changed, translated or checked in this one file. Each function returns one kind of
:class:`firmware_py.errors.TableError`, named by its meaning; which HTTP status answers it is the web's
business (:mod:`web.errors`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from firmware_py.engine.violations import place_at
from firmware_py.errors import (
    BadInput,
    CannotDo,
    IllegalMove,
    NotAllowed,
    NotFound,
    NotYourTurn,
    UnknownSeat,
    WrongMoment,
    rules_words,
)

# -- who may ask ---------------------------------------------------------------------------------------


def unknown_seat() -> UnknownSeat:
    """A seat link that is not one of this game's (or cannot be a link at all)."""
    return UnknownSeat(
        "unknown_seat",
        "Ce lien de place n'est pas valable pour cette partie.",
        "This seat link is not valid for this game.",
    )


def table_only() -> NotAllowed:
    """A request only the paired table may make."""
    return NotAllowed(
        "table_only",
        "Réservé à la table : ouvrez le lien de la table (affiché par « tock serve » ou « tock key »).",
        "For the table only: open the table's link (shown by 'tock serve' or 'tock key').",
    )


def foreign_origin() -> NotAllowed:
    """A state change sent by a page of another site."""
    return NotAllowed(
        "foreign_origin",
        "Requête refusée : elle vient d'une page d'un autre site.",
        "Request refused: it comes from a page of another site.",
    )


# -- what the request says -----------------------------------------------------------------------------


def unknown_hole(field: str, place: object) -> BadInput:
    """A place that is no hole of this board."""
    return BadInput(field, f"Trou inconnu : {place!r}.", f"Unknown hole: {place!r}.")


def no_marble(place: str) -> BadInput:
    """A marble moved from an empty hole, the hole said as the board shows it ("sur la case 15 du côté
    de A", "on cell 15 of A's side"; the pages say the seat's name), not by its id."""
    return BadInput("from", f"Pas de bille {place_at(place, 'fr')}.", f"No marble {place_at(place, 'en')}.")


def calibration_step() -> BadInput:
    """A calibration step that is none of the three."""
    return BadInput(
        "what", "« what » : markers, colours ou test.", "'what' must be markers, colours or test."
    )


def settings_expected() -> BadInput:
    """New game settings that are not a JSON object."""
    return BadInput("settings", "« settings » doit être un objet JSON.", "'settings' must be an object.")


def setting_refused(key: str, message_fr: str, message_en: str) -> BadInput:
    """A setting the set-up checks refused (the words name the key)."""
    return BadInput(key, f"Réglage refusé : {message_fr}", f"Setting refused: {message_en}")


def leds_wired_for(model: str) -> BadInput:
    """Another board model than the one the LEDs under the board are wired for."""
    return BadInput(
        "model",
        f"Les LED de ce plateau sont câblées pour {model}.",
        f"The LEDs under this board are wired for {model}.",
    )


def camera_reads_one_board() -> BadInput:
    """Another board model than the one the camera reads."""
    return BadInput("model", "Cette caméra ne lit que ce plateau.", "This camera only reads this board.")


def cannot_start(error: object) -> BadInput:
    """Seats that make no game of the chosen rules."""
    return BadInput("seats", f"Partie impossible : {error}", f"Cannot start this game: {error}")


def unknown_card(card: str, error: object) -> BadInput:
    """A card name that names no card."""
    return BadInput(
        "card",
        f"Carte inconnue : « {card} » (une carte comme 7H, 10S, KD, JOKER, ou une valeur comme 7).",
        f"Unknown card: {error}",
    )


def card_expected() -> BadInput:
    """A card that is not text."""
    return BadInput("card", "Carte attendue (texte comme « 7H »).", "A card expected (text like '7H').")


def card_not_held(card: object) -> BadInput:
    """A card the seat does not hold."""
    return BadInput("card", f"Vous n'avez pas la carte {card}.", f"You do not hold the card {card}.")


def unreadable_move(text: str, error: object) -> BadInput:
    """A move whose notation cannot be read."""
    return BadInput(
        "move",
        f"Coup illisible : « {text} » (un coup s'écrit CARTE:DÉPART-ARRIVÉE comme 8H:A3-A11, "
        "CARTE:AR-A18 pour sortir, CARTE:A5<>B9 pour échanger, CARTE:discard pour défausser).",
        f"Unreadable move: {error}",
    )


def move_refused(error: Exception) -> BadInput:
    """A move the engine refuses for a reason other than a rule (a position it cannot play from), said in
    the words everyone may read (:func:`firmware_py.errors.rules_words`: never the position's hands)."""
    fr, en = rules_words(error)
    return BadInput("move", f"Coup refusé : {fr}", f"Move refused: {en}")


def unknown_language() -> BadInput:
    """A language the companion does not speak."""
    return BadInput("lang", "Langue inconnue : fr ou en.", "Unknown language: fr or en.")


def body_too_deep(depth: int) -> BadInput:
    """A JSON body nested deeper than any request needs."""
    return BadInput(
        "body",
        f"JSON imbriqué trop profondément (au plus {depth} niveaux).",
        f"JSON nested too deeply (at most {depth} levels).",
    )


def body_not_object() -> BadInput:
    """A JSON body that is not an object."""
    return BadInput("body", "Le corps doit être un objet JSON.", "The body must be a JSON object.")


def text_field(field: str, longest: int) -> BadInput:
    """A required text field missing, empty or too long."""
    return BadInput(
        field,
        f"Le champ « {field} » doit être un texte de 1 à {longest} caractères.",
        f"The field '{field}' must be a text of 1 to {longest} characters.",
    )


# -- what exists ---------------------------------------------------------------------------------------


def no_such_game(game_id: int) -> NotFound:
    """A game that is not in the save."""
    return NotFound(
        "no_such_game", f"Aucune partie {game_id} dans la sauvegarde.", f"No game {game_id} in the save."
    )


def no_save() -> NotFound:
    """A table without a save."""
    return NotFound("no_save", "Pas de sauvegarde sur cette table.", "No save on this table.")


def no_camera_in_game() -> NotFound:
    """A camera picture asked of a game without camera."""
    return NotFound("no_camera", "Pas de caméra dans cette partie.", "No camera in this game.")


# -- not now -------------------------------------------------------------------------------------------


def game_over(what: str = "") -> WrongMoment:
    """Anything but looking once the game is over (``what``: ``"undo"`` for the undo's own words)."""
    if what == "undo":
        return WrongMoment(
            "game_over", "La partie est finie : rien à annuler.", "The game is over: nothing to undo."
        )
    return WrongMoment("game_over", "La partie est finie.", "The game is over.")


def real_board() -> WrongMoment:
    """A marble moved on the page while the camera reads the real board."""
    return WrongMoment(
        "real_board", "Déplacez la vraie bille sur le plateau.", "Move the real marble on the board."
    )


def choose_card_first() -> WrongMoment:
    """With physical cards, marbles moved before the card played is named."""
    return WrongMoment(
        "choose_card", "Dites d'abord quelle carte vous jouez.", "First say which card you play."
    )


def no_camera_picture() -> WrongMoment:
    """A calibration before the camera has sent a picture."""
    return WrongMoment("no_camera", "Pas d'image de caméra.", "No camera picture.")


def exchanging() -> WrongMoment:
    """A card played while the cards are being exchanged."""
    return WrongMoment(
        "wrong_phase",
        "Ce n'est pas le moment de jouer (échange de cartes en cours).",
        "Not the moment to play (cards are being exchanged).",
    )


def not_your_turn(name: str) -> NotYourTurn:
    """A seat acting while ``name`` is to play."""
    return NotYourTurn(
        "not_your_turn", f"Ce n'est pas votre tour : c'est à {name}.", f"Not your turn: {name} plays."
    )


def no_exchange(error: Exception | None = None) -> WrongMoment:
    """An exchange when none is due (or one the engine refused, ``error`` saying why in the words
    everyone may read)."""
    if error is not None:
        fr, en = rules_words(error)
        return WrongMoment("no_exchange", f"Échange refusé : {fr}", f"Exchange refused: {en}")
    return WrongMoment(
        "no_exchange", "Pas d'échange de carte à faire maintenant.", "No card to exchange now."
    )


def no_extra_play() -> WrongMoment:
    """An extra turn ended when there is none."""
    return WrongMoment("no_extra_play", "Pas de tour en plus à finir.", "No extra turn to end.")


def cannot_discard() -> WrongMoment:
    """A discard while a card can be played."""
    return WrongMoment(
        "cannot_discard",
        "Vous pouvez jouer une carte : pas de défausse.",
        "You can play a card: no discarding.",
    )


def not_your_move() -> WrongMoment:
    """An undo of another seat's move."""
    return WrongMoment("not_your_move", "Le dernier coup n'est pas le vôtre.", "The last move is not yours.")


def nothing_to_undo(*, only_computers: bool = False) -> WrongMoment:
    """An undo with no move to take back (or only the computer seats', which they would play again)."""
    if only_computers:
        return WrongMoment(
            "nothing_to_undo",
            "Aucun coup d'un joueur à annuler : les ordinateurs rejoueraient le leur.",
            "No person's move to undo: the computer seats would play theirs again.",
        )
    return WrongMoment("nothing_to_undo", "Aucun coup à annuler.", "No move to undo.")


def button_ignored() -> WrongMoment:
    """A button pressed when it has no use."""
    return WrongMoment("button_ignored", "Bouton sans effet maintenant.", "Button has no effect now.")


def no_hint() -> WrongMoment:
    """A hint asked when no move can be shown."""
    return WrongMoment("no_hint", "Aucun coup à montrer.", "No move to show.")


# -- tried and failed ----------------------------------------------------------------------------------


def calibration_failed(problem_fr: str, error: object, details: Mapping[str, Any]) -> CannotDo:
    """A calibration step that did not succeed (``problem_fr``: the reason in French)."""
    return CannotDo(
        "calibration_failed",
        f"Calibration impossible : {problem_fr}.",
        f"Calibration failed: {error}",
        dict(details),
    )


def unreadable_game(why_fr: str, why_en: str) -> CannotDo:
    """A saved game that cannot be replayed, ``why`` naming the event the rules refuse (never the
    engine's own text, which writes out every hand)."""
    return CannotDo("unreadable_game", f"Partie illisible : {why_fr}", f"Unreadable game: {why_en}")


# -- the rules -----------------------------------------------------------------------------------------


def illegal_move(violations: Sequence[Mapping[str, Any]]) -> IllegalMove:
    """A move the rules forbid, with the engine's violations (``to_dict()`` of each) for the page."""
    return IllegalMove(
        "illegal_move",
        "Coup interdit : " + " ; ".join(v["fr"].rstrip(".") for v in violations) + ".",
        "Illegal move: " + "; ".join(v["en"].rstrip(".") for v in violations) + ".",
        {"violations": [dict(v) for v in violations]},
    )
