"""Talks to `readaloud serve --framing content-length` with python-lsp-jsonrpc (Debian's
python3-pylsp-jsonrpc), an off-the-shelf LSP-style JSON-RPC library: its stream reader and
writer frame the messages, its Endpoint matches responses to requests and hands the server's
`event` notifications to a dispatcher.

Usage: lsp_framing_check.py READALOUD BOOK
Prints one JSON object: what was answered and what the events were.
"""
import json
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

    def on_event(params):
        events.append(params)
        if params.get("type") == "end":
            ended.set()

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
    endpoint.shutdown()
    server.stdin.close()
    status = server.wait(timeout=30)
    utterances = [event for event in events if event.get("type") == "utterance"]
    print(json.dumps({
        "opened": opened, "firstElement": element.get("text"), "error": error, "session": session,
        "finished": finished, "status": status,
        "firstEvent": events[0].get("type") if events else None,
        "lastEvent": events[-1].get("type") if events else None,
        "utterances": len(utterances),
        "sessions": sorted({event.get("session") for event in events}),
    }))


if __name__ == "__main__":
    main()
