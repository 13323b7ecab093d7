"""The companion's server for the live-pages benchmark, in a process of its own (``bench_live_pages``).

``python -m tests.benchmarks.live_server STREAM_SECONDS`` serves the web app over the scripted table on a
free port of 127.0.0.1 with :func:`web.server.create_server`, what ``tock serve`` runs (threads, stream
slots, per-client limits), and the app's own live-stream settings except the length of a stream
(``STREAM_SECONDS``: shortened so that renewals happen during the measurement). It prints
``PORT TABLE_KEY`` on one line and serves until it is terminated.
"""

from __future__ import annotations

import sys

from tests.web.scripted_table import ScriptedTable
from web import create_app
from web.server import STREAM_SLOTS, create_server


def main() -> None:
    table = ScriptedTable()
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 600.0
    app = create_app({"TOCK_STREAM_SECONDS": seconds, "TOCK_STREAM_SLOTS": STREAM_SLOTS}, table=table)  # type: ignore[arg-type]
    server = create_server(app, host="127.0.0.1", port=0)
    print(server.effective_port, table.table_key(), flush=True)
    server.run()


if __name__ == "__main__":
    main()
