"""The table without camera: views, turns, moves from the page, undo, resume, errors of their kind."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from firmware_py.config import CameraSettings, Config, default_game, default_seats
from firmware_py.engine import Move
from firmware_py.errors import BadInput, IllegalMove, TableError, UnknownSeat, WrongMoment
from firmware_py.store.saves import GameStore
from firmware_py.table.core import Table


def two_humans(seed: int = 3) -> Config:
    game = dataclasses.replace(default_game(), preset="r1", seats=default_seats(4, humans=4), seed=seed)
    return Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0)


@pytest.fixture
def table() -> Table:
    table = Table(two_humans())
    yield table
    table.close()


def token_of(table: Table, seat: str) -> str:
    return next(link["token"] for link in table.seat_links() if link["seat"] == seat)


def turn_token(table: Table) -> str:
    return token_of(table, table.public_view()["turn"])


def test_the_public_view_shows_no_hand(table: Table) -> None:
    view = table.public_view()
    assert {
        "game_id",
        "preset",
        "switches",
        "sections",
        "board",
        "seats",
        "layout",
        "turn",
        "phase",
        "last_move",
        "log",
        "leds",
        "highlight",
        "problem",
        "camera",
        "winner",
        "version",
    } <= set(view)
    assert view["sections"] == 4 and view["board"]["model"] == "tock4"
    assert [s["cards"] for s in view["seats"]] == [5, 5, 5, 5]
    assert "hand" not in view and "playable" not in view
    seat = table.seat_view(turn_token(table))
    assert len(seat["hand"]) == 5
    assert not any(card in str(view) for card in seat["hand"] if len(card) > 1)


def test_an_unknown_token_is_403(table: Table) -> None:
    with pytest.raises(TableError) as caught:
        table.seat_view("not-a-token")
    assert isinstance(caught.value, UnknownSeat) and caught.value.code == "unknown_seat"


def test_a_legal_move_is_saved_before_it_is_shown(table: Table) -> None:
    token = turn_token(table)
    seat = table.public_view()["turn"]
    hint = table.hints(token)[0]
    listener = table.subscribe()
    version = table.version
    result = table.play(token, hint["move"])
    assert result["move"] == hint["move"] and result["version"] > version
    assert listener.get(timeout=1) == {"version": table.version}
    events = table.store.events(table.public_view()["game_id"])
    assert [(e.seat, e.text) for e in events] == [(seat, hint["move"])]
    view = table.public_view()
    assert view["turn"] != seat and view["last_move"]["move"] == hint["move"]
    assert view["log"][-1]["fr"] and view["log"][-1]["en"]
    steps = view["last_move"]["steps"]  # the board's arrows: each marble from its hole to its new one
    assert [s[0] for s in steps] == hint["from"] and [s[1] for s in steps] == hint["to"]
    listener.close()


def test_playing_out_of_turn_is_409(table: Table) -> None:
    turn = table.public_view()["turn"]
    other = next(link for link in table.seat_links() if link["seat"] != turn)
    with pytest.raises(TableError) as caught:
        table.play(other["token"], table.hints(token_of(table, turn))[0]["move"])
    assert isinstance(caught.value, WrongMoment) and caught.value.code == "not_your_turn"


def test_an_illegal_move_is_422_with_the_engines_reasons(table: Table) -> None:
    token = turn_token(table)
    seat = table.public_view()["turn"]
    card = table.seat_view(token)["hand"][0]
    with pytest.raises(TableError) as caught:
        table.play(token, f"{card}:{seat}5-{seat}9")
    assert isinstance(caught.value, IllegalMove) and caught.value.code == "illegal_move"
    assert caught.value.details["violations"] and caught.value.details["violations"][0]["code"]
    assert table.store.events(table.public_view()["game_id"]) == []


def test_bad_notation_and_bad_cards_are_400(table: Table) -> None:
    token = turn_token(table)
    with pytest.raises(TableError) as caught:
        table.play(token, "seven to the moon")
    assert isinstance(caught.value, BadInput) and caught.value.details["field"] == "move"
    assert "expected" not in caught.value.message_fr, "the French message is French throughout"
    assert "« seven to the moon »" in caught.value.message_fr
    with pytest.raises(TableError) as caught:
        table.choose_card(token, "ZZ")
    assert isinstance(caught.value, BadInput) and caught.value.details["field"] == "card"
    assert caught.value.message_fr == (
        "Carte inconnue : « ZZ » (une carte comme 7H, 10S, KD, JOKER, ou une valeur comme 7)."
    )
    assert "'ZZ' is not a card" in caught.value.message_en


def test_choosing_a_card_lights_its_destinations(table: Table) -> None:
    token = turn_token(table)
    hints = table.hints(token)
    card = hints[0]["card"]
    answer = table.choose_card(token, card)
    destinations = {p for m in answer["moves"] for p in m["to"]}
    view = table.public_view()
    assert set(view["highlight"]) == destinations and destinations
    assert destinations <= set(view["leds"])
    assert table.led_driver.flush(timeout=5)
    lit = {
        table.led_driver.led_map.place_at(i)
        for i, rgb in enumerate(table.led_driver.strip.last_frame)
        if any(rgb)
    }
    assert destinations <= lit


def test_undo_takes_the_last_move_back(table: Table) -> None:
    before = table.public_view()
    token = turn_token(table)
    table.play(token, table.hints(token)[0]["move"])
    result = table.undo()
    after = table.public_view()
    assert after["layout"] == before["layout"] and after["turn"] == before["turn"]
    assert result["undone"] and after["log"] == []
    played = table.hints(token)[0]
    assert after["notice"] == {"fr": f"Annulé : {played['fr']}", "en": f"Undone: {played['en']}"}
    assert result["fr"] == after["notice"]["fr"], "the toast says the move in words, not in notation"
    assert table.store.events(after["game_id"]) == []
    with pytest.raises(TableError) as caught:
        table.undo()
    assert isinstance(caught.value, WrongMoment)


def test_a_restarted_table_resumes_where_it_was(tmp_path: Path) -> None:
    db = tmp_path / "tock.sqlite3"
    first = Table(two_humans(), store=GameStore(db))
    for _ in range(6):
        token = turn_token(first)
        first.play(token, first.hints(token)[0]["move"])
    view = first.public_view()
    links = first.seat_links()
    first.close()
    second = Table(two_humans(), store=GameStore(db))
    again = second.public_view()
    for key in ("game_id", "layout", "turn", "log", "last_move"):
        assert again[key] == view[key], key
    assert [{**s, "connected": None} for s in again["seats"]] == [
        {**s, "connected": None} for s in view["seats"]
    ]
    assert second.seat_links() == links, "the phones' links survive a restart"
    second.close()


def test_undo_takes_back_the_computer_moves_made_since() -> None:
    table = Table()
    before = table.public_view()
    token = token_of(table, "A")
    assert before["turn"] == "A", "the demo table waits for its one person, seat A"
    table.play(token, table.hints(token)[0]["move"])
    assert len(table.public_view()["log"]) > len(before["log"]) + 1, "the computer seats played after A"
    with pytest.raises(TableError) as caught:
        table.undo(token_of(table, "B"))
    assert caught.value.code == "not_your_move"
    table.undo(token)
    after = table.public_view()
    assert after["layout"] == before["layout"] and after["turn"] == "A" and after["log"] == before["log"]
    table.close()


def test_undo_before_any_persons_move_is_refused() -> None:
    """Taking back a computer seat's opening move would only see it played again at once."""
    game = dataclasses.replace(default_game(), preset="r1", seats=default_seats(4, humans=1), seed=4)
    table = Table(Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0))
    try:
        before = table.public_view()
        assert [entry["seat"] for entry in before["log"]] == ["B", "C", "D"], "seed 4: B, C, D open"
        with pytest.raises(TableError) as caught:
            table.undo()
        assert isinstance(caught.value, WrongMoment) and caught.value.code == "nothing_to_undo"
        assert table.public_view()["log"] == before["log"]
        assert len(table.store.events(before["game_id"])) == 3
    finally:
        table.close()


def test_computer_seats_play_until_a_person_is_to_play() -> None:
    table = Table()
    view = table.public_view()
    assert view["turn"] == "A" or view["phase"] != "play"
    assert all(entry["seat"] != "A" for entry in view["log"])
    table.close()


def test_moving_a_marble_on_the_page_plays_the_move(table: Table) -> None:
    token = turn_token(table)
    steps = [h for h in table.hints(token) if len(h["from"]) == 1 and len(h["to"]) == 1]
    if not steps:
        pytest.skip("this seed gives no single-marble move first")
    hint = steps[0]
    table.choose_card(token, hint["card"])
    result = table.move_marble(hint["from"][0], hint["to"][0])
    log = table.public_view()["log"]
    assert log and log[-1]["move"] and result["version"] == table.version
    assert Move.parse(log[-1]["move"]).card is not None


def test_a_board_two_cards_explain_is_asked_about(table: Table) -> None:
    token = turn_token(table)
    hints = table.hints(token)
    twins = [h for h in hints if sum(o["to"] == h["to"] and o["from"] == h["from"] for o in hints) > 1]
    if not twins:
        pytest.skip("this seed gives no two cards with the same move")
    table.move_marble(twins[0]["from"][0], twins[0]["to"][0])
    assert table.public_view()["question"]["moves"] == [], "which cards could do it is private"
    question = table.seat_view(token)["question"]
    assert question and len(question["moves"]) >= 2
    table.play(token, question["moves"][0]["move"])
    assert table.public_view()["question"] is None and table.public_view()["log"]


def test_moving_a_marble_illegally_on_the_page_is_refused(table: Table) -> None:
    layout = table.public_view()["layout"]
    seat = table.public_view()["turn"]
    reserve = next(p for p, s in layout.items() if s == seat)
    with pytest.raises(TableError) as caught:
        table.move_marble(reserve, f"{seat}9")
    assert isinstance(caught.value, IllegalMove)
    assert table.public_view()["layout"] == layout


def test_a_new_game_with_a_bad_setting_names_the_field(table: Table) -> None:
    for settings, field in (
        ({"preset": "r9"}, "preset"),
        ({"seats": [{"name": "x"}]}, "seats"),
        ({"seats": [{"name": "a", "team": 1}, {"name": "b"}, {"name": "c"}, {"name": "d"}]}, "seats[0].team"),
        ({"cards": 3}, "cards"),
    ):
        with pytest.raises(TableError) as caught:
            table.new_game(settings)
        assert isinstance(caught.value, BadInput) and caught.value.details["field"] == field
        assert caught.value.message_fr.startswith(f"Réglage refusé : {field} : ")
        assert "expected" not in caught.value.message_fr, "the French message is French throughout"
        assert caught.value.message_en.startswith(f"Setting refused: {field}: expected ")


def test_a_refused_setting_says_what_is_expected_in_each_language(table: Table) -> None:
    with pytest.raises(TableError) as caught:
        table.new_game({"preset": "r9"})
    assert caught.value.message_fr == (
        "Réglage refusé : preset : il faut l'une des valeurs r1, r1x, r2, toc, qc, canop (reçu 'r9')"
    )
    assert (
        caught.value.message_en
        == "Setting refused: preset: expected one of r1, r1x, r2, toc, qc, canop, got 'r9'"
    )


def test_a_new_game_starts_fresh_and_is_saved(table: Table) -> None:
    old = table.public_view()["game_id"]
    table.new_game(
        {"preset": "toc", "seats": [{"name": "Ana"}, {"name": "Bot", "computer": True}], "seed": 5}
    )
    view = table.public_view()
    assert view["game_id"] != old and view["preset"] == "toc"
    assert [s["seat"] for s in view["seats"]] == ["A", "C"]
    assert table.store.game(view["game_id"]).seed == 5


def test_a_button_at_the_wrong_time_is_ignored_with_a_message(table: Table) -> None:
    result = table.press("undo")
    assert result["ignored"] and "undo" in result["en"]
    assert table.public_view()["notice"]["en"].startswith("undo button ignored")


def test_physical_cards_the_player_names_the_rank() -> None:
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=4), cards="physical")
    table = Table(Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0))
    view = table.public_view()
    token = token_of(table, view["turn"])
    seat = table.seat_view(token)
    assert seat["hand"] == [] and set(seat["playable"]) >= {"A", "K"}
    assert all(not m["from"] for card in ("2", "3", "Q") for m in seat["playable"].get(card, [])), (
        "only an Ace or a King brings a marble out; other ranks can only be discarded"
    )
    moves = table.choose_card(token, "K")["moves"]
    table.play(token, moves[0]["move"])
    assert (
        table.public_view()["turn"] != view["turn"] and table.public_view()["log"][-1]["move"] == "K:AR-A18"
    )
    table.close()


def test_the_buttons_beside_the_board_reach_the_table(table: Table) -> None:
    from gpiozero.pins.mock import MockFactory

    from firmware_py.app.companion import table_buttons

    factory = MockFactory()
    buttons = table_buttons(two_humans(), table, pin_factory=factory)
    try:
        undo = factory.pin(two_humans().buttons.undo)
        undo.drive_low()
        undo.drive_high()
        assert table.public_view()["notice"]["en"].startswith("undo button ignored: No move to undo")
        token = turn_token(table)
        table.play(token, table.hints(token)[0]["move"])
        undo.drive_low()
        undo.drive_high()
        assert table.public_view()["log"] == [], "a press of undo took the move back"
        nxt = factory.pin(two_humans().buttons.next)
        nxt.drive_low()
        nxt.drive_high()
        assert table.public_view()["highlight"], "next shows a card's destinations"
    finally:
        buttons.close()


def test_a_marble_moved_out_of_turn_is_caught(table: Table) -> None:
    view = table.public_view()
    other = next(s["seat"] for s in view["seats"] if s["seat"] != view["turn"])
    with pytest.raises(TableError) as caught:
        table.move_marble(f"{other}R1", f"{other}18")
    assert isinstance(caught.value, IllegalMove)
    assert caught.value.details["violations"][0]["code"] == "not_your_turn"
    assert caught.value.details["violations"][0]["places"] == [f"{other}18", f"{other}R1"]
    assert table.public_view()["layout"] == view["layout"] and table.store.events(view["game_id"]) == []


def test_the_board_geometry_is_the_games_model(table: Table) -> None:
    geometry = table.board_geometry()
    assert geometry is not None and geometry["model"] == "tock4"
    assert set(table.public_view()["layout"]) <= set(geometry["places"])


def test_a_split_seven_is_guided_step_by_step() -> None:
    game = dataclasses.replace(default_game(), seats=default_seats(4, humans=4), cards="physical")
    table = Table(Config(game=game, camera=CameraSettings(source="none"), computer_delay=0.0))
    for move in ("K:AR-A18", "3:discard", "3:discard", "3:discard", "8:A18-B8"):
        table.play(turn_token(table), move)
    for move in ("3:discard", "3:discard", "3:discard", "K:AR-A18", "3:discard", "3:discard", "3:discard"):
        table.play(turn_token(table), move)
    token = turn_token(table)
    assert table.public_view()["turn"] == "A"
    table.choose_card(token, "7")
    table.move_marble("A18", "B3")
    view = table.public_view()
    assert view["log"][-1]["move"] == "3:discard", "half a split is not a move yet"
    assert view["layout"]["B3"] == "A" and "A18" not in view["layout"]
    assert set(view["leds"]) == {"B8", "B12"}, "the LEDs show only what is left to do"
    table.move_marble("B8", "B12")
    last = table.public_view()["log"][-1]
    assert last["move"] == "7:A18-B3,B8-B12" and last["detail"] == "A18 → B3, B8 → B12"
    assert last["en"] == "Player A plays the 7: moves a marble forward 3 and moves a marble forward 4"
    table.close()


def test_why_not_tells_others_the_rules_not_the_hand(table: Table) -> None:
    view = table.public_view()
    seat = view["turn"]
    token = turn_token(table)
    missing = next(
        f"{r}{s}" for r in "A23456789" for s in "SHDC" if f"{r}{s}" not in table.seat_view(token)["hand"]
    )
    move = f"{missing}:{seat}R-{seat}18"
    asked_by_seat = {r["code"] for r in table.explain(move, token=token)["reasons"]}
    other = next(link["token"] for link in table.seat_links() if link["seat"] != seat)
    for answer in (table.explain(move), table.explain(move, token=other)):
        assert "card_not_in_hand" not in {r["code"] for r in answer["reasons"]}
    assert "card_not_in_hand" in asked_by_seat


def test_the_reasons_shown_to_all_name_no_card_of_the_hand(table: Table) -> None:
    seat = table.public_view()["turn"]
    hand = table.seat_view(turn_token(table))["hand"]
    with pytest.raises(TableError) as caught:
        table.move_marble(f"{seat}R1", f"{seat}9")
    text = " ".join(v["fr"] + " " + v["en"] for v in caught.value.details["violations"])
    assert text and not any(card in text for card in hand)


def test_a_saved_game_this_version_cannot_read_gives_way_to_a_new_one(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "t.db")
    old = store.create_game({"setup": {"preset": "r1", "seats": [{"name": "x", "team": 1}]}, "tokens": {}}, 1)
    table = Table(two_humans(), store=store)
    view = table.public_view()
    assert view["game_id"] != old and view["notice"]["en"].startswith(
        f"Saved game {old} could not be resumed"
    )
    table.close()


def test_a_save_replayed_only_in_part_says_which_event_and_shows_no_hand(tmp_path: Path) -> None:
    """A saved event the rules refuse: the game resumes before it, and the notice names the event only
    (the engine's detail writes out the position with every hand)."""
    db = tmp_path / "tock.sqlite3"
    first = Table(two_humans(), store=GameStore(db))
    token = turn_token(first)
    first.play(token, first.hints(token)[0]["move"])
    game_id = first.public_view()["game_id"]
    first.close()
    store = GameStore(db)
    store.append(game_id, "move", "B", "KD:A5-A9")  # no marble of B there: refused on replay
    second = Table(two_humans(), store=store)
    try:
        notice = second.public_view()["notice"]
        assert notice == {
            "fr": "Partie reprise jusqu'au coup 2 : l'événement enregistré 'KD:A5-A9' de la place B est "
            "refusé par les règles.",
            "en": "Game resumed up to event 2: the saved move 'KD:A5-A9' of seat B is refused by the rules.",
        }
        assert len(second.public_view()["log"]) == 1, "the game resumed before the refused event"
    finally:
        second.close()


def test_a_listener_that_subscribes_while_the_table_stops_is_ended_at_once(table: Table) -> None:
    table.end_streams()
    late = table.subscribe()
    assert late.ended and late.get(timeout=0) == {"ended": True}


def test_the_table_key_is_kept_in_the_save_and_checked_in_constant_time(tmp_path: Path) -> None:
    db = tmp_path / "tock.sqlite3"
    first = Table(two_humans(), store=GameStore(db))
    key = first.table_key()
    first.close()
    second = Table(two_humans(), store=GameStore(db))
    try:
        assert second.is_table_key(key), "the table stays paired across restarts"
        assert not second.is_table_key(key[:-1] + ("a" if key[-1] != "a" else "b"))
        assert not second.is_table_key("")
    finally:
        second.close()


def test_a_moves_number_is_its_line_in_the_log_live_resumed_and_replayed(tmp_path: Path) -> None:
    """Issue 21, point 11: a move taken back leaves no gap. The live log, the log of the game resumed
    after a restart, the last move and the replay number the same move alike: by its line."""
    db = tmp_path / "tock.sqlite3"
    table = Table(two_humans(), store=GameStore(db))
    for _ in range(2):
        token = turn_token(table)
        table.play(token, table.hints(token)[0]["move"])
    table.undo()
    token = turn_token(table)
    table.play(token, table.hints(token)[-1]["move"])
    live = table.public_view()
    game_id = live["game_id"]
    assert [entry["n"] for entry in live["log"]] == [1, 2]
    assert live["last_move"] is not None and live["last_move"]["n"] == 2
    table.close()
    resumed = Table(two_humans(), store=GameStore(db))
    assert (
        resumed.public_view()["log"] == live["log"]
        and resumed.public_view()["last_move"] == live["last_move"]
    )
    frames = resumed.saved_replay(int(game_id))["frames"]
    replayed = [(frame["entry"]["n"], frame["entry"]["move"]) for frame in frames[1:]]
    assert replayed == [(entry["n"], entry["move"]) for entry in live["log"]]
    resumed.close()
