"""A small client for `readaloud serve` (JSON-RPC 2.0, one message a line or framed by
`Content-Length` headers), standard library only.

    from readaloud_client import Server
    with Server("readaloud") as server:
        book = server.open(path="Books/alice-in-wonderland.txt")
        print(book.units(element=3, granularity="word")[:5])
        for event in book.read_all(granularity="sentence").events():
            print(event["type"], event.get("text", ""))

Requests may be sent from several threads; answers are matched to requests by id, and each
reading session's events are kept for it until read.
"""

import itertools
import json
import os
import queue
import subprocess
import threading

__all__ = ["Server", "Book", "Session", "ServerError"]


class ServerError(Exception):
    """An error object the server answered with: `code`, `message` and, for bad params, `field`."""

    def __init__(self, code, message, data=None):
        super().__init__(f"{message} (code {code})")
        self.code = code
        self.message = message
        self.field = (data or {}).get("field")


class _Pending:
    def __init__(self):
        self.done = threading.Event()
        self.response = None


class Server:
    """A running `readaloud serve`: start it with a path to the executable (default: `readaloud`
    on PATH, or $READALOUD_BIN), extra arguments such as `["--store", path]`, and the framing:
    `"lines"` (one message a line) or `"content-length"` (LSP's base protocol)."""

    def __init__(self, executable=None, arguments=(), cwd=None, framing="lines"):
        executable = executable or os.environ.get("READALOUD_BIN") or "readaloud"
        if framing not in ("lines", "content-length"):
            raise ValueError(f"framing must be 'lines' or 'content-length', not {framing!r}")
        self._framing = framing
        self._process = subprocess.Popen(
            [executable, "serve", "--framing", framing, *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=cwd,
        )
        self._ids = itertools.count(1)
        self._write_lock = threading.Lock()
        self._lock = threading.Lock()
        self._pending = {}
        self._events = {}
        # The server's `announcement` notifications, in order (see `announce`).
        self.announcement_notices = queue.Queue()
        self._closed = False
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # Plumbing

    def _messages(self):
        """The server's messages, as text, in the server's framing."""
        if self._framing == "lines":
            yield from self._process.stdout
            return
        stream = self._process.stdout
        while True:
            length = None
            while True:
                header = stream.readline()
                if not header:
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            yield stream.read(length)

    def _read_loop(self):
        for line in self._messages():
            message = json.loads(line)
            if isinstance(message, list):
                for item in message:
                    self._deliver(item)
            else:
                self._deliver(message)
        with self._lock:
            self._closed = True
            for pending in self._pending.values():
                pending.done.set()
            for events in self._events.values():
                events.put(None)

    def _deliver(self, message):
        if message.get("method") == "event":
            params = message["params"]
            self._session_events(params["session"]).put(params)
            return
        if message.get("method") == "announcement":
            self.announcement_notices.put(message["params"])
            return
        with self._lock:
            pending = self._pending.pop(message.get("id"), None)
        if pending is not None:
            pending.response = message
            pending.done.set()

    def _session_events(self, session):
        with self._lock:
            if session not in self._events:
                self._events[session] = queue.Queue()
                if self._closed:
                    self._events[session].put(None)
            return self._events[session]

    def _send(self, message):
        data = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        if self._framing == "lines":
            data += b"\n"
        else:
            data = b"Content-Length: %d\r\n\r\n" % len(data) + data
        with self._write_lock:
            self._process.stdin.write(data)
            self._process.stdin.flush()

    def _start(self, method, params):
        request_id = next(self._ids)
        pending = _Pending()
        with self._lock:
            if self._closed:
                raise ConnectionError("the server has ended")
            self._pending[request_id] = pending
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return pending

    @staticmethod
    def _result(pending, timeout):
        if not pending.done.wait(timeout):
            raise TimeoutError("no answer from the server")
        response = pending.response
        if response is None:
            raise ConnectionError("the server ended before answering")
        if "error" in response:
            error = response["error"]
            raise ServerError(error["code"], error["message"], error.get("data"))
        return response["result"]

    def request(self, method, timeout=60, **params):
        """Sends one request and returns its result, or raises `ServerError`."""
        return self._result(self._start(method, params), timeout)

    def requests(self, calls, timeout=60):
        """Sends `calls` (pairs of method and params dict) all at once and returns their results
        in order (each a result, or a `ServerError` instance)."""
        pendings = [self._start(method, params) for method, params in calls]
        results = []
        for pending in pendings:
            try:
                results.append(self._result(pending, timeout))
            except ServerError as error:
                results.append(error)
        return results

    # Methods

    def announce(self, text, priority="default"):
        """Posts an announcement (`low`, `default` or `high`); returns its number. The server's
        decisions arrive as `announcement` notifications, kept in `announcement_notices`:
        `{"announcement", "type": "speak" (with "text", "priority") | "stop" | "finished"
        (with "spokenWhole")}`; say `announced(number)` once one is spoken."""
        return self.request("announce", text=text, priority=priority)["announcement"]

    def announced(self, number):
        """The announcement `number` was spoken to its end; returns whether it was the one
        being spoken."""
        return self.request("announced", announcement=number)["spoken"]

    def open(self, path=None, text=None, **options):
        """Opens a book file (`path`) or a text; options: width, linesPerPage, locale, lossy, and
        the listener's pronunciation lexicon as `lexicon` (a file's path) or `lexiconText` (its
        text), which utterance events then carry as `pronunciations`."""
        params = dict(options)
        if path is not None:
            params["path"] = path
        if text is not None:
            params["text"] = text
        return Book(self, self.request("open", **params))

    def open_document(self, pages, **options):
        """Opens the client's own pages of elements (see docs/serve.md's `openDocument`); options:
        width, linesPerPage, marksPageTurns, title."""
        return Book(self, self.request("openDocument", pages=pages, **options))

    def close(self, timeout=60):
        """Ends the server (closing standard input closes its books) and returns its exit status."""
        if self._process.stdin and not self._process.stdin.closed:
            self._process.stdin.close()
        status = self._process.wait(timeout)
        self._reader.join(timeout)
        self._process.stdout.close()
        return status

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()


class Book:
    """An open book: `id`, `elements` (count), `pages`, `title`, and the per-book methods."""

    def __init__(self, server, info):
        self.server = server
        self.id = info["book"]
        self.elements = info["elements"]
        self.pages = info["pages"]
        self.title = info["title"]

    def _call(self, method, **params):
        return self.server.request(method, book=self.id, **params)

    def element(self, element):
        return self._call("element", element=element)

    def units(self, element, granularity):
        return self._call("units", element=element, granularity=granularity)

    def tokenizer(self, element, granularity, direction, offset, query):
        return self._call(
            "tokenizer", element=element, granularity=granularity, direction=direction, offset=offset, query=query
        )

    def move(self, element, offset, granularity, direction):
        return self._call("move", element=element, offset=offset, granularity=granularity, direction=direction)

    def relayout(self, **layout):
        """width, linesPerPage, textScale; returns the page count."""
        self.pages = self._call("relayout", **layout)["pages"]
        return self.pages

    def locator(self, element, offset):
        return self._call("locator", element=element, offset=offset)

    def resolve(self, locator):
        return self._call("resolve", locator=locator)

    def read_all(self, granularity="sentence", start=None, page=None, skip=None, ack=False, prefetch=None,
                 **stops):
        """Starts reading (from a locator `start`, or a page from 1) and returns the `Session`;
        `skip` is a list of kinds of content to pass by (`"note"`, `"table"`...; notes when None);
        with `ack`, events are numbered (`seq`), at most `prefetch` (8 by default) are sent
        ahead of `Session.ack`, and pause and stop go back to the first utterance not
        acknowledged; `stops` are readAll's other parameters (`chapter`, `chapterEnd`,
        `sleepMinutes`, `pauseAfterEach`)."""
        params = {"granularity": granularity, **stops}
        if ack:
            params["ack"] = True
        if prefetch is not None:
            params["prefetch"] = prefetch
        if start is not None:
            params["from"] = start
        if page is not None:
            params["page"] = page
        if skip is not None:
            params["skip"] = list(skip)
        return Session(self.server, self._call("readAll", **params)["session"])

    def selection_rects(self, element, start, end):
        """The highlight of `start`..`end` of `element`: `[{"x", "y", "width", "height",
        "direction", "containsStart", "containsEnd", "vertical"}]` in the element's cells."""
        return self._call("selectionRects", element=element, start=start, end=end)

    def caret_rect(self, element, offset, affinity="downstream"):
        return self._call("caretRect", element=element, offset=offset, affinity=affinity)

    def first_rect(self, element, start, end):
        return self._call("firstRect", element=element, start=start, end=end)

    def closest_position(self, element, x, y):
        """`{"offset", "affinity"}` nearest the point (x, y) in `element`'s coordinates."""
        return self._call("closestPosition", element=element, x=x, y=y)

    def character_range(self, element, x, y):
        return self._call("characterRange", element=element, x=x, y=y)

    def chapters(self):
        """The book's chapters: `[{"title", "element", "page"}]`."""
        return self._call("chapters")

    def search(self, query, **options):
        """Yields every match of `query` (options: `caseSensitive`, `diacriticSensitive`,
        `wholeWords`), asking the server a page at a time."""
        start = None
        while True:
            params = dict(options, query=query)
            if start is not None:
                params["from"] = start
            answer = self._call("search", **params)
            yield from answer["matches"]
            start = answer["next"]
            if start is None:
                return

    def select(self, element, offset, granularity):
        return self._call("select", element=element, offset=offset, granularity=granularity)

    def extend(self, granularity):
        return self._call("extend", granularity=granularity)

    def shrink(self, granularity):
        return self._call("shrink", granularity=granularity)

    def save(self, selection=None, note=None):
        """Saves `selection` (a unit or a selection; the book's selection when None); returns its id
        once it is on disk."""
        params = {}
        if selection is not None:
            params["selection"] = selection
        if note is not None:
            params["note"] = note
        return self._call("save", **params)["id"]

    def saved(self):
        return self._call("saved")

    def unsave(self, selection_id):
        return self._call("unsave", id=selection_id)

    def close(self):
        return self._call("close")


class Session:
    """A reading session: its events arrive in order, ending with `{"type": "end"}`."""

    def __init__(self, server, session_id):
        self.server = server
        self.id = session_id

    def events(self, timeout=60):
        """Yields the session's events (without the `session` field) up to and including `end`."""
        events = self.server._session_events(self.id)
        while True:
            event = events.get(timeout=timeout)
            if event is None:
                return
            event = {key: value for key, value in event.items() if key != "session"}
            yield event
            if event["type"] == "end":
                return

    def ack(self, seq):
        """Acknowledged sessions: the listener has heard the events up to number `seq`."""
        return self.server.request("ack", session=self.id, seq=seq)

    def pause(self, heard=None):
        """Pauses; returns `{"state", "locator"}`, and for an acknowledged session `next`, the
        number its events start from again on resuming: events received and not heard (numbered
        `next` or more) are dropped from `events()`, since resuming sends them again. `heard`
        acknowledges up to that number first."""
        params = {"session": self.id}
        if heard is not None:
            params["heard"] = heard
        answer = self.server.request("pause", **params)
        if "next" in answer:
            self._drop_unheard(answer["next"])
        return answer

    def _drop_unheard(self, first):
        """Takes the events numbered `first` or more out of the queue: every event sent before
        the pause's answer is in it by now (one reader, in order)."""
        events = self.server._session_events(self.id)
        kept = []
        while True:
            try:
                event = events.get_nowait()
            except queue.Empty:
                break
            if event is None or event.get("seq", 0) < first:
                kept.append(event)
        for event in kept:
            events.put(event)

    def resume(self):
        return self.server.request("resume", session=self.id)

    def escape(self):
        """Leaves the table, list, note, quotation, sidebar or figure being read, reading on after
        it; returns `{"escaped", "kind", "id"}` (`{"escaped": False}` when in none)."""
        return self.server.request("escape", session=self.id)

    def stop(self):
        """Stops reading; returns `{"state", "locator"}`, the locator to go on from (for an
        acknowledged session, the first utterance not acknowledged)."""
        return self.server.request("stop", session=self.id)
