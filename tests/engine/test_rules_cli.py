"""``tock presets``, ``tock moves`` and ``tock check``."""

from __future__ import annotations

import json

from click.testing import CliRunner

from firmware_py.cli import main

POSITION = "A:A18*,B3 B: C: D: A"


def test_presets_lists_every_preset_in_both_languages() -> None:
    result = CliRunner().invoke(main, ["presets"])
    assert result.exit_code == 0
    for name in ("r1", "r1x", "r2", "toc", "qc", "canop"):
        assert f"\n{name}  (" in "\n" + result.output
    assert "the King takes what it passes" in result.output and "le roi mange" in result.output
    data = json.loads(CliRunner().invoke(main, ["presets", "--json"]).output)
    assert data["qc"]["en"]["shortcut cell"] == "8"


def test_moves_lists_legal_moves_with_their_positions() -> None:
    result = CliRunner().invoke(main, ["moves", "--preset", "r1", "--position", POSITION, "--card", "4"])
    assert result.exit_code == 0
    assert result.output.strip() == "4:A18-A14  ->  r1 A:A14,B3 B: C: D: B"
    data = json.loads(
        CliRunner().invoke(main, ["moves", "--position", f"r1 {POSITION}", "--card", "KS", "--json"]).output
    )
    assert {m["notation"] for m in data} == {"KS:A18-B13xB3", "KS:B3-B16"}


def test_check_prints_legal_or_the_reasons_and_exits_1() -> None:
    ok = CliRunner().invoke(main, ["check", "--preset", "r1", "--position", POSITION, "--move", "4:A18-A14"])
    assert ok.exit_code == 0 and ok.output.strip() == "legal"
    bad = CliRunner().invoke(main, ["check", "--preset", "r1", "--position", POSITION, "--move", "4:B3-A17"])
    assert bad.exit_code == 1
    assert "passes_own_start" in bad.output and "repasser sur sa case de départ" in bad.output


def test_bad_input_is_a_clear_error_not_a_traceback() -> None:
    cases = [
        ["check", "--preset", "r9", "--position", POSITION, "--move", "4:A18-A14"],
        ["check", "--preset", "r1", "--position", "A:A99 B: C: D: A", "--move", "4:A18-A14"],
        ["check", "--preset", "r1", "--position", POSITION, "--move", "4:A18"],
        ["moves", "--preset", "r1", "--position", POSITION, "--card", "14"],
        ["moves", "--position", POSITION],
        ["moves", "--preset", "r2", "--position", f"r1 {POSITION}"],
    ]
    for args in cases:
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, args
        assert result.output.startswith("Error: ") and "Traceback" not in result.output, args


def test_json_errors_are_json_on_stdout_with_the_reasons_in_both_languages() -> None:
    result = CliRunner().invoke(
        main, ["check", "--preset", "r1", "--position", "A:B3,B3 B: C: D: A", "--move", "4:B3-A17", "--json"]
    )
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["error"] == "Impossible position: two marbles (A and A) on B3."
    assert [v["code"] for v in data["violations"]] == ["invalid_position"]
    assert data["violations"][0]["fr"] == "Position impossible : deux pions (A et A) en B3."
    args = ["check", "--preset", "r1", "--position", POSITION, "--move", "zz", "--json"]
    bad_move = CliRunner().invoke(main, args)
    assert bad_move.exit_code == 1 and "is not a move" in json.loads(bad_move.stdout)["error"]


def test_an_impossible_position_is_named_once_in_english_and_french() -> None:
    result = CliRunner().invoke(main, ["moves", "--preset", "r1", "--position", "A:B3,B3 B: C: D: A"])
    assert result.exit_code == 1
    assert result.output == (
        "Error: Impossible position: two marbles (A and A) on B3. / "
        "Position impossible : deux pions (A et A) en B3.\n"
    )


def test_moves_for_a_card_that_is_not_in_the_hand_says_so() -> None:
    # "Chaque joueur doit jouer une carte" of his hand: the 4 is not in A's hand.
    result = CliRunner().invoke(
        main, ["moves", "--preset", "r1", "--position", "A:A18* B: C: D: A A=5H B= C= D=", "--card", "4"]
    )
    assert result.exit_code == 1
    assert result.output == "Error: The 4 is not in the hand. / Le 4 n'est pas dans la main.\n"


def test_presets_use_french_typography_and_name_no_centre_cards_without_a_centre() -> None:
    result = CliRunner().invoke(main, ["presets", "--lang", "fr"])
    assert "    valet : échange\n" in result.output and "sept: " not in result.output
    assert "cartes du centre : sans objet (pas de centre)" in result.output
