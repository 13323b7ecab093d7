"""Answers go gzip-compressed to a browser that accepts it: pages, styles, scripts and JSON of some
size; never a body too small to gain, or to a browser that does not ask. (The live streams compress
themselves, event by event: :mod:`web.events`.)"""

from __future__ import annotations

import gzip

from flask.testing import FlaskClient


def test_a_page_is_compressed_for_a_browser_that_accepts_gzip(client: FlaskClient) -> None:
    plain = client.get("/table")
    packed = client.get("/table", headers={"Accept-Encoding": "gzip, deflate"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) * 3 < len(plain.get_data())


def test_a_static_file_is_compressed_whole_with_its_own_validator(client: FlaskClient) -> None:
    with client.get("/static/tock.css") as plain:
        packed = client.get("/static/tock.css", headers={"Accept-Encoding": "gzip"})
        assert packed.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.get_data()) == plain.get_data()
        assert packed.headers["ETag"] != plain.headers["ETag"]


def test_a_small_body_goes_as_it_is(client: FlaskClient) -> None:
    small = client.get("/static/favicon.svg", headers={"Accept-Encoding": "gzip"})
    assert len(small.get_data()) < 1024 and "Content-Encoding" not in small.headers
