"""Pairing the table: the addresses phones reach, the table's link with its QR code in the terminal,
and ``tock key`` for whoever can reach the Pi and lost the link.

Every link is built from the configured address (``[web] public_url``) or, without one, from the address
this machine has on its network (detected), never from a request's ``Host`` header, which a page of
another site could choose. The same addresses are the only origins accepted for a state change.
"""

from __future__ import annotations

import io
import socket
import sys
from pathlib import Path

import click

from firmware_py.config import WebSettings, load_config
from firmware_py.errors import ConfigError

LISTEN_EVERYWHERE = ("0.0.0.0", "::", "")


def lan_address() -> str:
    """This machine's address on the local network (what the players' phones open), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def public_url(web: WebSettings) -> str:
    """The address phones should open, without a trailing slash: the configured one, else the detected
    network address when listening on every network, else the address listened on."""
    if web.public_url:
        return web.public_url.rstrip("/")
    if web.host in LISTEN_EVERYWHERE:
        return _url(lan_address(), web.port)
    return _url(web.host, web.port)


def origins(web: WebSettings) -> tuple[str, ...]:
    """Every origin a page of this companion may have (``web.roles`` also accepts this machine's own)."""
    found = {
        public_url(web),
        _url(lan_address(), web.port),
        f"http://{socket.gethostname()}.local:{web.port}",
    }
    if web.host not in LISTEN_EVERYWHERE:
        found.add(_url(web.host, web.port))
    return tuple(sorted(found))


def reachable_only_here(web: WebSettings) -> bool:
    """Whether the companion listens on this machine only (no phone can reach it)."""
    return web.host in ("127.0.0.1", "localhost", "::1")


def pairing_text(url: str, key: str) -> str:
    """The table's link and its QR code drawn with block characters (for the terminal, never a page);
    the link alone where the terminal cannot write those characters."""
    import segno

    link = f"{url}/pair/{key}"
    drawing = io.StringIO()
    segno.make(link, error="m").terminal(out=drawing, compact=True)
    code = drawing.getvalue()
    try:
        code.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        code = ""
    return (
        "Pair the table (the tablet or screen at the board): open this link or scan the code.\n"
        "Keep it private: whoever opens it runs the game.\n"
        f"{code}{link}\n"
    )


@click.command("key")
@click.option(
    "--new", is_flag=True, help="Make a new table key and new seat links: the old links stop working."
)
@click.option(
    "--config", "config_path", default=None, type=click.Path(path_type=Path), help="A tock.toml file."
)
@click.option(
    "--db", default=None, type=click.Path(path_type=Path), help="The save (default from tock.toml)."
)
def key_command(new: bool, config_path: Path | None, db: Path | None) -> None:
    """Print the table's link and QR code again (or make a new key): for whoever can reach the Pi."""
    from firmware_py.store.saves import GameStore, StoreError

    try:
        config = load_config(config_path)
        store = GameStore(db or config.db)
    except (ConfigError, StoreError) as error:
        raise click.ClickException(str(error)) from None
    try:
        latest = store.latest_game() if new else None
        if latest is not None:  # whoever held the old key could have copied the seat links: renewed first
            store.renew_seat_keys(latest.id)
        key = store.table_key(new=new)
    finally:
        store.close()
    click.echo(pairing_text(public_url(config.web), key), nl=False)
    if new:
        click.echo(
            "New key made: the table must open this link again, and the players scan their new seat codes "
            "on the table (a running companion uses the new keys at once)."
        )
