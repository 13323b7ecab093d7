"""French first, English too: the language of each page and the words the pages use.

The language comes from ``?lang=fr|en`` (remembered in a cookie), else the cookie, else the browser's
``Accept-Language``, else French. Words of the pages live in :data:`MESSAGES`; texts that come from the
table (moves, reasons, errors) already carry both languages and the page picks one.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Flask, Response, g, request

from firmware_py.engine.cards import JOKER, RANKS, SUITS, Card, card_words
from firmware_py.table.wording import shown_name

LANGUAGES = ("fr", "en")
DEFAULT_LANGUAGE = "fr"
COOKIE = "tock_lang"

MESSAGES: dict[str, tuple[str, str]] = {
    # navigation and common words
    "app_name": ("Tock", "Tock"),
    "nav_table": ("Table", "Table"),
    "nav_setup": ("Préparer", "Set up"),
    "nav_learn": ("Apprendre", "Learn"),
    "nav_calibration": ("Caméra", "Camera"),
    "switch_language": ("English", "Français"),
    "board": ("Le plateau", "The board"),
    "seats": ("Joueurs", "Players"),
    "turn": ("À jouer", "To play"),
    "phase_exchange": ("échange de cartes", "card exchange"),
    "phase_play": ("jeu", "play"),
    "phase_over": ("partie finie", "game over"),
    "winner": ("Gagnant·e·s", "Winners"),
    "game_over_hand": (
        "La partie est finie : plus de carte à jouer.",
        "The game is over: no card left to play.",
    ),
    "last_move": ("Dernier coup", "Last move"),
    "log": ("Journal des coups", "Move log"),
    "log_empty": ("Aucun coup joué.", "No move yet."),
    "camera": ("Caméra", "Camera"),
    "camera_mode_sim": ("simulation", "simulation"),
    "camera_mode_none": ("sans caméra", "no camera"),
    "camera_off": ("éteinte", "off"),
    "camera_starting": ("démarrage", "starting"),
    "camera_ok": ("lit le plateau", "reading the board"),
    "camera_no_board": ("ne voit pas le plateau", "cannot see the board"),
    "camera_board_moved": ("le plateau a bougé", "the board moved"),
    "camera_bad_frame": ("image illisible", "unreadable picture"),
    "camera_occluded": (
        "une main, ou un objet sur le bord, cache le plateau",
        "a hand, or something on the board's edge, hides the board",
    ),
    "camera_light_changed": (
        "la lumière a changé depuis la calibration (lampe allumée ou éteinte ?) : remettez-la, ou"
        " recalibrez la caméra",
        "the light changed since calibration",  # vision's detail follows on an English page
    ),
    "camera_lost": ("perdue, réouverture", "lost, opening again"),
    "camera_error": ("erreur de lecture", "reading error"),
    "cards": ("cartes", "cards"),
    "computer": ("ordinateur", "computer"),
    "team": ("équipe", "team"),
    "connected": ("connecté", "connected"),
    "not_connected": ("pas connecté", "not connected"),
    "undo": ("Annuler le dernier coup", "Undo the last move"),
    "undo_mine": ("Annuler mon dernier coup", "Undo my last move"),
    "undone": ("Annulé", "Undone"),
    "problem": ("Le plateau ne correspond pas", "The board does not match"),
    "live_lost": ("Connexion perdue, nouvelle tentative…", "Connection lost, trying again…"),
    "error": ("Erreur", "Error"),
    # table page
    "table_title": ("La table", "The table"),
    "seat_links": ("Liens des joueurs (QR codes)", "Player links (QR codes)"),
    "seat_links_help": (
        "Chaque joueur scanne son code : son lien est secret, il montre sa main.",
        "Each player scans their code: the link is secret, it shows their hand.",
    ),
    "renew_links": ("Nouveaux liens (les anciens ne marchent plus)", "New links (the old ones stop working)"),
    "sim_help": (
        "Sans caméra ou en simulation : touchez une bille puis un trou pour la déplacer.",
        "Without camera or in simulation: tap a marble, then a hole, to move it.",
    ),
    "paired_title": ("Cette tablette est maintenant la table", "This tablet is now the table"),
    "paired_help": (
        "Elle montre le plateau, le journal et les codes des joueurs, et elle seule prépare les parties. "
        "Pour jouer : préparez votre partie (règle, joueurs, ordinateurs), puis chacun scanne son code.",
        "It shows the board, the log and the players' codes, and it alone sets up games. To play: set up "
        "your game (rules, players, computers), then each player scans their code.",
    ),
    "paired_running": (
        "La partie déjà en cours est celle du démarrage (sans section [game] dans tock.toml : une démo, "
        "une personne et trois ordinateurs). Préparer la vôtre la remplace.",
        "The game already running is the one the companion starts with (with no [game] in tock.toml: a "
        "demo, one person and three computers). Setting up yours replaces it.",
    ),
    "paired_setup": ("Préparer une partie", "Set up a game"),
    "marble_selected": ("Bille choisie : touchez sa destination.", "Marble chosen: tap where it goes."),
    # seat page
    "seat_title": ("Ma main", "My hand"),
    "your_turn": ("À vous de jouer !", "Your turn!"),
    "waiting_for": ("En attente de", "Waiting for"),
    "hand": ("Vos cartes", "Your cards"),
    "hand_empty": ("Pas de carte en main.", "No card in hand."),
    "physical_help": (
        "Vraies cartes : à votre tour, touchez la valeur de la carte que vous jouez.",
        "Real cards: on your turn, tap the value of the card you play.",
    ),
    "tap_card": ("Touchez une carte pour voir ses coups.", "Tap a card to see its moves."),
    "moves_of": ("Coups possibles avec", "Possible moves with"),
    "no_move": ("Aucun coup possible avec cette carte.", "No possible move with this card."),
    "exchange_help": (
        "Échange : touchez la carte à donner à votre partenaire.",
        "Exchange: tap the card to give your partner.",
    ),
    "give": ("Donner", "Give"),
    "exchange_waiting": (
        "Carte donnée : l'échange se fait quand chacun a donné la sienne.",
        "Card given: the cards change hands once everyone has given theirs.",
    ),
    "discard_help": (
        "Aucun coup possible : touchez la carte à défausser.",
        "No move possible: tap the card to discard.",
    ),
    "discard": ("Défausser", "Discard"),
    "given": ("Carte donnée", "Card given"),
    "discarded": ("Carte défaussée", "Card discarded"),
    "played": ("Coup joué", "Move played"),
    "link_gone": (
        "Ce lien n'est plus valable (nouvelle partie ?). Demandez le nouveau code à la table.",
        "This link is no longer valid (a new game?). Ask the table for the new code.",
    ),
    "extra_play_help": (
        "Joker : vous avez pioché une carte. Jouez encore maintenant, ou gardez-la pour plus tard.",
        "Joker: you drew a card. Play again now, or keep it for later.",
    ),
    "keep_for_later": ("Garder pour plus tard", "Keep for later"),
    "learn_my_hand": ("Apprendre avec ma main", "Learn with my hand"),
    "private_warning": ("Page privée : ne la montrez pas.", "Private page: do not show it."),
    # set-up page
    "setup_title": ("Préparer une partie", "Set up a game"),
    "preset": ("Règle", "Rule sheet"),
    "switches": ("Règles maison", "House rules"),
    "model": ("Plateau", "Board"),
    "cards_mode": ("Cartes", "Cards"),
    "cards_digital": ("sur les téléphones", "on the phones"),
    "cards_physical": ("vraies cartes", "real cards"),
    "camera_on": ("Lire le plateau avec la caméra", "Read the board with the camera"),
    "seat": ("Place", "Seat"),
    "default_person": ("Joueur", "Player"),
    "default_computer": ("Ordinateur", "Computer"),
    "name": ("Nom", "Name"),
    "colour": ("Couleur", "Colour"),
    "seat_count": ("Nombre de joueurs", "Number of players"),
    "seed": (
        "Numéro de donne (facultatif : le même numéro redonne les mêmes cartes)",
        "Deal number (optional: the same number deals the same cards again)",
    ),
    "board_of": ("Plateau à", "Board for"),
    "board_seats": ("places", "seats"),
    "level": ("Niveau", "Level"),
    "level_easy": ("ordinateur facile", "easy computer"),
    "level_medium": ("ordinateur moyen", "medium computer"),
    "level_strong": ("ordinateur fort (réfléchit plus longtemps)", "strong computer (thinks longer)"),
    "start_game": ("Commencer la partie", "Start the game"),
    "game_started": ("Partie commencée.", "Game started."),
    "seed_digits": (
        "Le numéro de donne s'écrit en chiffres seulement (ou rien : une nouvelle donne à chaque partie).",
        "The deal number is digits only (or nothing: a new deal each game).",
    ),
    "current_links": ("Liens de la partie en cours", "Links of the current game"),
    # learn page
    "learn_title": ("Apprendre les règles", "Learn the rules"),
    "rules": ("Les règles", "The rules"),
    "why_not": ("Pourquoi pas ?", "Why not?"),
    "why_not_help": (
        "Écrivez un coup (notation du moteur) pour savoir s'il est permis et pourquoi.",
        "Type a move (engine notation) to learn whether it is allowed, and why.",
    ),
    "move": ("Coup", "Move"),
    "card": ("Carte", "Card"),
    "compose_help": (
        "Touchez une bille puis un trou sur le plateau : le coup s'écrit tout seul (carte d'abord).",
        "Tap a marble then a hole on the board: the move writes itself (card first).",
    ),
    "check": ("Vérifier", "Check"),
    "legal": ("Ce coup est permis.", "This move is allowed."),
    "illegal": ("Ce coup n'est pas permis :", "This move is not allowed:"),
    "hints": ("Indices : tous les coups de la main", "Hints: every move of the hand"),
    "hints_help": (
        "Ouvrez cette page depuis votre page de joueur pour voir les coups de votre main.",
        "Open this page from your player page to see the moves of your hand.",
    ),
    "show_hints": ("Montrer les coups", "Show the moves"),
    "no_hint": ("Aucun coup possible.", "No possible move."),
    # calibration page
    "calibration_title": ("Réglage de la caméra", "Camera calibration"),
    "camera_image": ("Image de la caméra", "Camera image"),
    "overlay": ("Montrer la lecture", "Show the reading"),
    "calibrate_markers": ("Repérer le plateau (marqueurs)", "Find the board (markers)"),
    "calibrate_colours": (
        "Apprendre les couleurs (billes dans les réserves)",
        "Learn the colours (marbles in their reserves)",
    ),
    "no_camera": ("Pas de caméra dans cette partie.", "No camera in this game."),
    "done": ("Fait.", "Done."),
    # errors
    # words a newcomer reads (appended: the keys above keep their order)
    "your_exchange": (
        "À vous : donnez une carte à votre partenaire.",
        "Your move: give a card to your partner.",
    ),
    "exchange_waiting_for": ("Échange de cartes : on attend", "Card exchange: waiting for"),
    "moves_on_your_turn": (
        "Ses coups s'afficheront à votre tour.",
        "Its moves will show on your turn.",
    ),
    "move_refused": ("Coup refusé", "Move refused"),
    "put_back_help": (
        "Remettez la bille dans le trou cerclé de blanc ; le trou cerclé de rouge doit rester vide.",
        "Put the marble back in the hole ringed in white; the hole ringed in red must stay empty.",
    ),
    "unread_help": (
        "Vérifiez aussi les trous cerclés de tirets : la caméra n'a pas pu les lire.",
        "Check the holes ringed with dashes too: the camera could not read them.",
    ),
    "put_back_picture": ("Où remettre les billes", "Where the marbles go back"),
    "chime": ("Sonner quand c'est mon tour", "Chime when it is my turn"),
    "game_over_title": ("La partie est finie", "The game is over"),
    "game_length": ("Durée", "Length"),
    "minutes": ("min", "min"),
    "turns": ("tours joués", "turns played"),
    "rounds": ("tours de table", "rounds"),
    "cards_played": ("Cartes jouées", "Cards played"),
    "captures": ("Pions pris (renvoyés au camp)", "Marbles taken (sent back to their reserve)"),
    "rematch": ("Revanche (mêmes joueurs, nouvelle donne)", "Rematch (same players, new deal)"),
    "replay": ("Revoir la partie", "Replay the game"),
    "replay_title": ("Revoir une partie", "Replay a game"),
    "replay_first": ("Début", "Start"),
    "replay_previous": ("Coup précédent", "Previous move"),
    "replay_next": ("Coup suivant", "Next move"),
    "replay_last": ("Fin", "End"),
    "replay_play": ("Lecture", "Play"),
    "replay_pause": ("Pause", "Pause"),
    "replay_start": ("Le plateau avant le premier coup.", "The board before the first move."),
    "replay_step": ("Coup", "Move"),
    "replay_of": ("sur", "of"),
    "saved_games": ("Parties enregistrées", "Saved games"),
    "why_not_taps": (
        "Touchez une carte, une bille, puis le trou où elle irait : la page dit si c'est permis et pourquoi.",
        "Tap a card, a marble, then the hole it would go to: the page says whether it is allowed, and why.",
    ),
    "why_pick_card": ("Choisissez d'abord une carte.", "First pick a card."),
    "why_pick_marble": ("touchez une bille.", "tap a marble."),
    "why_pick_hole": ("touchez le trou où elle irait.", "tap the hole it would go to."),
    "type_a_move": ("Écrire un coup (notation)", "Type a move (notation)"),
    "guided_game": (
        "Partie guidée : un coup suggéré à chaque tour",
        "Guided game: a move suggested each turn",
    ),
    "guided_help": (
        "Le compagnon propose un coup à votre tour ; jouez-le ici ou un autre sur votre téléphone.",
        "The companion suggests a move on your turn; play it here, or another on your phone.",
    ),
    "guided_help_seat": (
        "À votre tour, le compagnon propose un coup : touchez-le pour le voir sur le plateau, puis jouez-le "
        "ou choisissez-en un autre.",
        "On your turn the companion suggests a move: tap it to see it on the board, then play it or "
        "choose another.",
    ),
    "guided_see": (
        "Suggestion (touchez pour la voir sur le plateau) :",
        "Suggestion (tap to see it on the board):",
    ),
    "guided_discard_here": (
        "Aucun coup possible : touchez la carte à défausser.",
        "No move possible: tap the card to discard.",
    ),
    "guided_wait": ("Une suggestion viendra à votre tour.", "A suggestion will come on your turn."),
    "guided_thinking": ("Le compagnon cherche un bon coup…", "The companion is looking for a good move…"),
    "guided_suggests": ("Suggestion (touchez pour la jouer) :", "Suggestion (tap to play it):"),
    "guided_discard": (
        "Aucun coup possible : défaussez une carte sur votre téléphone.",
        "No move possible: discard a card on your phone.",
    ),
    "board_lessons": ("Le plateau et le but", "The board and the goal"),
    "card_lessons": ("Ce que fait chaque carte", "What each card does"),
    "for_example": ("Par exemple :", "For example:"),
    "before": ("Avant", "Before"),
    "after": ("Après", "After"),
    "every_switch": ("Toutes les règles de cette partie", "Every rule of this game"),
    "zoom_board": ("Agrandir le plateau", "Zoom the board"),
    "whole_board": ("Voir tout le plateau", "See the whole board"),
    # calibration wizard
    "wizard_title": ("Calibrer en trois étapes", "Calibrate in three steps"),
    "wizard_help": (
        "Les trous s'affichent sur l'image dès que le plateau est trouvé. Guide : docs/calibration.md.",
        "The holes appear on the picture once the board is found. Guide: docs/calibration.md.",
    ),
    "step_markers": ("1. Plateau trouvé", "1. Board found"),
    "step_markers_help": (
        "Enlevez toutes les billes, éloignez les mains, puis repérez le plateau par ses quatre marqueurs.",
        "Take every marble off, keep hands away, then find the board by its four markers.",
    ),
    "step_colours": ("2. Couleurs apprises", "2. Colours learnt"),
    "step_colours_help": (
        "Mettez les billes de chaque joueur dans sa réserve, éloignez les mains, puis apprenez les couleurs.",
        "Put each player's marbles in their reserve, keep hands away, then learn the colours.",
    ),
    "step_test": ("3. Lecture d'essai", "3. Test reading"),
    "step_test_help": (
        "Déplacez quelques billes comme dans une partie : la page dit ce que la caméra lit.",
        "Move a few marbles as in a game: the page says what the camera reads.",
    ),
    "calibrate_test": ("Lire le plateau", "Read the board"),
    "working": ("En cours…", "Working…"),
    # a move shown before it is played
    "point_help": (
        "Touchez un coup, ou un trou allumé du plateau : il s'affiche, puis vous le confirmez.",
        "Tap a move, or a lit hole on the board: it shows on the board, then you confirm it.",
    ),
    "this_move": ("Ce coup", "This move"),
    "play_this_move": ("Jouer ce coup", "Play this move"),
    "another_move": ("Autre coup", "Another move"),
}
"""Message key -> (French, English)."""

# fmt: off
JS_KEYS = (
    "turn", "phase_exchange", "phase_play", "phase_over", "winner", "log_empty",
    "cards", "computer", "team", "connected", "not_connected", "problem", "live_lost", "error",
    "marble_selected", "your_turn", "waiting_for", "hand_empty", "moves_of", "no_move",
    "exchange_help", "exchange_waiting", "give", "discard_help", "discard", "played", "link_gone", "legal",
    "illegal", "physical_help", "undone", "no_hint", "no_camera", "done", "game_started", "tap_card",
    "seat", "name", "colour", "default_person", "default_computer", "seed_digits", "game_over_hand",
    "camera_mode_sim", "camera_mode_none", "camera_off", "camera_starting", "camera_ok", "camera_no_board",
    "camera_board_moved", "camera_bad_frame", "camera_occluded", "camera_light_changed", "camera_lost",
    "camera_error",
    "your_exchange", "exchange_waiting_for", "moves_on_your_turn", "game_length", "minutes", "turns",
    "rounds", "replay_play", "replay_pause", "replay_start", "replay_step", "replay_of", "why_pick_card",
    "why_pick_marble", "why_pick_hole", "guided_wait", "guided_suggests", "guided_discard",
    "working", "guided_thinking", "board_of", "board_seats", "level", "level_easy", "level_medium",
    "level_strong", "zoom_board", "whole_board", "given", "discarded", "guided_see", "guided_discard_here",
)
"""The words the pages' scripts need, sent with each page as JSON."""
# fmt: on


def init_app(app: Flask) -> None:
    """Pick each request's language and offer ``t()`` to templates. Called by the factory."""
    app.before_request(choose_language)
    app.after_request(remember_language)
    app.jinja_env.globals.update(
        t=translate, js_messages=js_messages, current_language=current_language, card_names=page_card_names
    )
    app.jinja_env.filters["shown_name"] = lambda name: shown_name(name, current_language())


def choose_language() -> None:
    """Set ``g.lang`` from the query, the cookie, the browser, or French."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        g.lang = asked
        g.lang_asked = True
        return
    cookie = request.cookies.get(COOKIE)
    if cookie in LANGUAGES:
        g.lang = cookie
    else:
        g.lang = request.accept_languages.best_match(LANGUAGES, default=DEFAULT_LANGUAGE)


def remember_language(response: Response) -> Response:
    """Keep a language asked for with ``?lang=`` in a cookie for the next pages."""
    if g.get("lang_asked"):
        response.set_cookie(COOKIE, g.lang, max_age=365 * 24 * 3600, samesite="Strict", httponly=True)
    return response


def current_language() -> str:
    """The language of the current request ("fr" or "en"), chosen now if no hook has chosen it yet
    (an address refused before the request's hooks ran)."""
    if "lang" not in g:
        choose_language()
    lang: str = g.lang
    return lang


def translate(key: str) -> str:
    """The message ``key`` in the current language."""
    french, english = MESSAGES[key]
    return french if current_language() == "fr" else english


def js_messages() -> dict[str, str]:
    """The words the pages' scripts need, in the current language."""
    return {key: translate(key) for key in JS_KEYS}


@cache
def card_names(lang: str) -> dict[str, Any]:
    """The engine's words for cards, in parts a page puts together: each rank with its definite and
    indefinite article (``l'as``, ``un as``; ``the Ace``, ``an Ace``) and each suit as it follows
    (`` de pique``, `` of spades``). The pages write ``8D`` as ``le 8 de carreau`` and a value alone
    (real cards) as ``un 8``, never as codes. Parts, not the whole deck: a page holds no list of cards."""
    ranks = {
        rank: {"the": card_words(Card(rank), lang, "the"), "a": card_words(Card(rank), lang, "a")}
        for rank in RANKS
    }
    plain = card_words(Card("2"), lang, "the")
    suits = {suit: card_words(Card("2", suit), lang, "the").removeprefix(plain) for suit in SUITS}
    return {"ranks": ranks, "suits": suits, "joker": card_words(Card(JOKER), lang, "a")}


def page_card_names() -> dict[str, Any]:
    """:func:`card_names` in the current request's language (embedded in every page)."""
    return card_names(current_language())
