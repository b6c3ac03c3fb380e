"""The read-aloud example (read_aloud.py) with python-lsp-jsonrpc, an off-the-shelf JSON-RPC
library nobody here wrote, over `readaloud serve --framing content-length`: acknowledged
reading of a chapter at a human pace, pausing every --pause-every sentences and resuming.

Usage: read_aloud_lsp.py BOOK [--chapter N] [--wpm 160] [--pause-every 5] [--readaloud PATH]
"""
import os
import queue
import subprocess
import sys
import threading
import time

from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter

import example_options


def main():
    options = example_options.parse(__doc__.splitlines()[0])
    server = subprocess.Popen([options.readaloud, "serve", "--framing", "content-length"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    events = queue.Queue()
    endpoint = Endpoint({"event": events.put}, JsonRpcStreamWriter(server.stdin).write)
    threading.Thread(target=JsonRpcStreamReader(server.stdout).listen, args=(endpoint.consume,), daemon=True).start()

    def call(method, **params):
        return endpoint.request(method, params).result(timeout=60)

    book = call("open", path=os.path.abspath(options.book))["book"]
    session = call("readAll", book=book, chapter=options.chapter, chapterEnd=True, ack=True, prefetch=4)["session"]
    spoken = 0
    while True:
        event = events.get(timeout=60)
        if event["type"] == "end":
            break
        if "seq" not in event:
            continue
        if event["type"] == "utterance":
            print(event["text"], flush=True)
            time.sleep(len(event["text"].split()) * 60.0 / options.wpm)  # speaking it
            spoken += 1
        call("ack", session=session, seq=event["seq"])
        if event["type"] == "utterance" and spoken % options.pause_every == 0:
            first_unheard = call("pause", session=session)["next"]
            # Sent before the pause and not heard: sent again on resuming.
            kept = [waiting for waiting in iter_queue(events) if waiting.get("seq", first_unheard) < first_unheard]
            for waiting in kept:
                events.put(waiting)
            call("resume", session=session)
    endpoint.shutdown()
    server.stdin.close()
    server.wait(timeout=30)


def iter_queue(events):
    """Empties `events`, yielding what it held."""
    while not events.empty():
        yield events.get()


if __name__ == "__main__":
    main()
