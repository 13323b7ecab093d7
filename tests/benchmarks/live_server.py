"""One candidate server for the live-pages benchmark, in a process of its own (``bench_live_pages``).

``python -m tests.benchmarks.live_server KIND`` serves the web app over the scripted table on a free
port of 127.0.0.1 with KIND:

- ``waitress``: :func:`web.server.create_server`, what ``tock serve`` runs (threads, per-client limits);
- ``gevent`` / ``eventlet``: an event-loop WSGI server, the whole process monkey-patched so that each
  stream is a green thread instead of an OS thread.

It prints ``PORT TABLE_KEY`` on one line and serves until it is terminated.
"""

from __future__ import annotations

import sys

KIND = sys.argv[1] if len(sys.argv) > 1 else "waitress"
if KIND == "gevent":
    from gevent import monkey

    monkey.patch_all()
elif KIND == "eventlet":
    import warnings

    warnings.simplefilter("ignore")
    import eventlet

    eventlet.monkey_patch()

import socket  # noqa: E402

from tests.web.scripted_table import ScriptedTable  # noqa: E402
from web import create_app  # noqa: E402
from web.server import STREAM_SLOTS, create_server  # noqa: E402

CONFIG = {"TOCK_STREAM_SECONDS": 600.0, "TOCK_HEARTBEAT_SECONDS": 5.0, "TOCK_STREAM_SLOTS": STREAM_SLOTS}


def main() -> None:
    table = ScriptedTable()
    app = create_app(CONFIG, table=table)  # type: ignore[arg-type]
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    port = listener.getsockname()[1]
    if KIND == "waitress":
        listener.close()
        server = create_server(app, host="127.0.0.1", port=0)
        port = server.effective_port
        print(port, table.table_key, flush=True)
        server.run()
    elif KIND == "gevent":
        from gevent.pywsgi import WSGIServer

        print(port, table.table_key, flush=True)
        WSGIServer(listener, app, log=None).serve_forever()
    else:
        import eventlet.wsgi

        print(port, table.table_key, flush=True)
        # minimum_chunk_size=1: write each event at once (eventlet buffers 8 KiB by default)
        eventlet.wsgi.server(listener, app, log_output=False, max_size=10_000, minimum_chunk_size=1)


if __name__ == "__main__":
    main()
