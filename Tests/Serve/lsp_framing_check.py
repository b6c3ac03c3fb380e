"""Talks to `readaloud serve --framing content-length` with python-lsp-jsonrpc (Debian's
python3-pylsp-jsonrpc), an off-the-shelf LSP-style JSON-RPC library: its stream reader and
writer frame the messages, its Endpoint matches responses to requests and hands the server's
`event` notifications to a dispatcher.

Then it reads the book's first chapter acknowledged, as a client that speaks does: it acks
each event as it "hears" it, pausing every third sentence (twenty times) and resuming.

Usage: lsp_framing_check.py READALOUD BOOK
Prints one JSON object: what was answered, what the events were and what was heard.
"""
import json
import queue
import subprocess
import sys
import threading

from pylsp_jsonrpc.endpoint import Endpoint
from pylsp_jsonrpc.streams import JsonRpcStreamReader, JsonRpcStreamWriter


def main():
    readaloud, book = sys.argv[1], sys.argv[2]
    server = subprocess.Popen(
        [readaloud, "serve", "--framing", "content-length"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    writer = JsonRpcStreamWriter(server.stdin)
    reader = JsonRpcStreamReader(server.stdout)
    events = []
    ended = threading.Event()

    acknowledged = queue.Queue()

    def on_event(params):
        if "seq" in params or params.get("session") == acknowledged_session[0]:
            acknowledged.put(params)
            return
        events.append(params)
        if params.get("type") == "end":
            ended.set()

    acknowledged_session = [None]

    endpoint = Endpoint({"event": on_event}, writer.write)
    listener = threading.Thread(target=reader.listen, args=(endpoint.consume,), daemon=True)
    listener.start()

    opened = endpoint.request("open", {"path": book}).result(timeout=60)
    element = endpoint.request("element", {"book": opened["book"], "element": 0}).result(timeout=30)
    try:
        endpoint.request("element", {"book": opened["book"], "element": -5}).result(timeout=30)
        error = None
    except Exception as exception:  # the library raises the server's error object
        error = str(exception)
    session = endpoint.request("readAll", {"book": opened["book"], "granularity": "sentence"}).result(timeout=30)
    finished = ended.wait(timeout=120)
    streamed = list(events)
    heard, pauses = read_acknowledged(endpoint, opened["book"], acknowledged, acknowledged_session)
    endpoint.shutdown()
    server.stdin.close()
    status = server.wait(timeout=30)
    events = streamed
    utterances = [event for event in events if event.get("type") == "utterance"]
    print(json.dumps({
        "opened": opened, "firstElement": element.get("text"), "error": error, "session": session,
        "finished": finished, "status": status,
        "firstEvent": events[0].get("type") if events else None,
        "lastEvent": events[-1].get("type") if events else None,
        "utterances": len(utterances),
        "sessions": sorted({event.get("session") for event in events}),
        "heard": heard, "pauses": pauses,
    }))


def read_acknowledged(endpoint, book, events, session_box):
    """Reads chapter 1 acknowledged, pausing every third sentence twenty times; returns the
    sentences heard, in order, and the number of pauses."""
    session = endpoint.request("readAll", {
        "book": book, "chapter": 1, "chapterEnd": True, "ack": True, "prefetch": 4}).result(timeout=30)["session"]
    session_box[0] = session
    heard, pauses = [], 0
    while True:
        event = events.get(timeout=60)
        if event.get("type") == "end":
            return heard, pauses
        if "seq" not in event:
            continue
        endpoint.request("ack", {"session": session, "seq": event["seq"]}).result(timeout=30)
        if event.get("type") != "utterance":
            continue
        heard.append(event["text"])
        if len(heard) % 3 == 0 and pauses < 20:
            pauses += 1
            first_unheard = endpoint.request("pause", {"session": session}).result(timeout=30)["next"]
            # Every event sent before the pause's answer is queued by now (one reader, in
            # order): those not heard are sent again on resuming.
            kept = []
            while not events.empty():
                waiting = events.get()
                if waiting.get("seq", 0) < first_unheard and "seq" in waiting:
                    kept.append(waiting)
            for waiting in kept:
                events.put(waiting)
            endpoint.request("resume", {"session": session}).result(timeout=30)


if __name__ == "__main__":
    main()
