"""``tock serve``: the companion at the table, in simulation by default."""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Web port.")
def command(host: str, port: int) -> None:
    """Run the companion and serve its web page."""
    import waitress

    from web import create_app

    app = create_app()
    click.echo(f"Tock companion on http://{host}:{port}/ (Ctrl-C to stop)")
    waitress.serve(app, host=host, port=port, threads=8)
