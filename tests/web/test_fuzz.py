"""A fuzz of the JSON API: whatever a client sends, the answer is never a server error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_py.table.core import Table
from tests.web.conftest import TEST_CONFIG, paired
from tests.web.scripted_table import ScriptedTable
from web import create_app

ROUTES = [
    ("GET", "/api/state"),
    ("GET", "/api/rules"),
    ("GET", "/api/setup"),
    ("GET", "/api/camera.jpg"),
    ("POST", "/api/explain"),
    ("POST", "/api/marble"),
    ("POST", "/api/undo"),
    ("POST", "/api/game"),
    ("POST", "/api/calibrate"),
    ("GET", "/api/seat/{token}"),
    ("GET", "/api/seat/{token}/hints"),
    ("POST", "/api/seat/{token}/choose"),
    ("POST", "/api/seat/{token}/play"),
    ("POST", "/api/seat/{token}/exchange"),
    ("POST", "/api/seat/{token}/discard"),
    ("POST", "/api/seat/{token}/undo"),
    ("POST", "/api/seat/{token}/end_turn"),
    ("POST", "/api/seat/{token}/explain"),
    ("GET", "/events/seat/{token}"),
    ("GET", "/seat/{token}"),
    ("GET", "/learn/{token}"),
]
WORDS = st.sampled_from(
    [
        "AS",
        "7H",
        "10S",
        "JOKER",
        "KD",
        "AS:AR1-A18",
        "2H:BR1-B18",
        "A18",
        "AR1",
        "CIEL",
        "markers",
        "colours",
        "r1",
        "",
        " ",
        "7",
        "x" * 100,
        "é",
        "\x00",
        "../",
    ]
)
TEXT = st.one_of(WORDS, st.text(max_size=30))
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["card", "move", "from", "to", "what", "settings", "preset", "seats", "lang"])
BODIES = st.one_of(
    st.dictionaries(FIELDS, JSON, max_size=4),
    st.fixed_dictionaries({"settings": st.dictionaries(FIELDS, JSON, max_size=4)}),
    JSON,
)


@pytest.fixture(scope="module", params=["scripted", "real"])
def fuzzed(request: pytest.FixtureRequest) -> Iterator[tuple[Any, FlaskClient]]:
    """The app over the scripted table, then over the real demo table."""
    table: Any = ScriptedTable() if request.param == "scripted" else Table()
    yield table, create_app({**TEST_CONFIG, "TOCK_STREAM_SECONDS": 0.0}, table=table).test_client()
    if isinstance(table, Table):
        table.close()


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    route=st.sampled_from(ROUTES),
    seat=st.one_of(st.sampled_from("ABCD"), st.text(min_size=1, max_size=12).filter(lambda s: "/" not in s)),
    body=BODIES,
    raw=st.one_of(st.none(), st.binary(max_size=40)),
    query=st.sampled_from(["", "?lang=en", "?lang=xx", "?overlay=0", "?lang="]),
)
def test_the_api_never_answers_a_server_error(
    fuzzed: tuple[Any, FlaskClient],
    route: tuple[str, str],
    seat: str,
    body: Any,
    raw: bytes | None,
    query: str,
) -> None:
    table, client = fuzzed
    method, path = route
    tokens = {link["seat"]: link["token"] for link in table.seat_links()}
    url = path.format(token=tokens.get(seat, seat)) + query
    if method == "GET":
        response = client.get(url)
    elif raw is not None:
        response = client.post(url, data=raw, content_type="application/json")
    else:
        response = client.post(url, json=body)
    assert response.status_code < 500, (url, body, response.get_data(as_text=True)[:300])
    if response.status_code >= 400:
        assert response.mimetype in ("application/json", "text/html")
        if url.startswith("/api/") or url.startswith("/events"):
            assert response.get_json()["error"]
    response.close()


METHODS = st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
ORIGINS = st.sampled_from([None, "http://127.0.0.1:8000", "http://evil.example", "null", "http://localhost"])


def _every_address(client: FlaskClient) -> list[str]:
    """Every route of the app, its token or file name left to fill (``{token}``)."""
    rules = client.application.url_map.iter_rules()
    return sorted({re.sub(r"<(?:[a-z]+:)?(\w+)>", "{token}", rule.rule) for rule in rules})


@pytest.fixture(scope="module", params=["scripted table", "real table"])
def both_roles(request: pytest.FixtureRequest) -> Iterator[tuple[Any, FlaskClient, FlaskClient]]:
    """The app over a table: the table's client (paired) and a spectator's."""
    table: Any = ScriptedTable() if request.param == "scripted table" else Table()
    app = create_app({**TEST_CONFIG, "TOCK_STREAM_SECONDS": 0.0}, table=table)
    key = table.table_key()
    yield table, paired(app.test_client(), key), app.test_client()
    if isinstance(table, Table):
        table.close()


@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    pick=st.integers(min_value=0),
    method=METHODS,
    as_table=st.booleans(),
    seat=st.one_of(st.sampled_from("ABCD"), st.text(min_size=1, max_size=12).filter(lambda s: "/" not in s)),
    body=BODIES,
    raw=st.one_of(st.none(), st.binary(max_size=40)),
    origin=ORIGINS,
)
def test_every_route_and_method_of_either_role_never_answers_a_server_error(
    both_roles: tuple[Any, FlaskClient, FlaskClient],
    pick: int,
    method: str,
    as_table: bool,
    seat: str,
    body: Any,
    raw: bytes | None,
    origin: str | None,
) -> None:
    table, table_client, spectator = both_roles
    client = table_client if as_table else spectator
    addresses = _every_address(client)
    tokens = {link["seat"]: link["token"] for link in table.seat_links()}
    url = addresses[pick % len(addresses)].format(token=tokens.get(seat, seat))
    headers = {"Origin": origin} if origin else {}
    if raw is not None:
        response = client.open(url, method=method, data=raw, content_type="application/json", headers=headers)
    else:
        response = client.open(url, method=method, json=body, headers=headers)
    assert response.status_code < 500, (method, url, body, response.get_data(as_text=True)[:300])
    response.close()


def test_json_nested_a_thousand_deep_is_a_clear_400(client: FlaskClient) -> None:
    deep = "[" * 1000 + "]" * 1000
    for path in ("/api/game", "/api/explain", "/api/undo"):
        response = client.post(path, data='{"settings": ' + deep + "}", content_type="application/json")
        assert response.status_code == 400, path
        assert response.get_json()["en"].startswith("JSON nested too deeply")
