"""Drives a real `readaloud serve` with the Python client and checks its answers against the
readaloud command line (probe, read-all JSON Lines, saved).

The executable is $READALOUD_BIN, else the repository's .build/debug/readaloud."""

import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from readaloud_client import Server, ServerError  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXECUTABLE = os.environ.get("READALOUD_BIN") or os.path.join(ROOT, ".build", "debug", "readaloud")
RASHOMON = os.path.join(ROOT, "Books", "rashomon.txt")
UDHR = os.path.join(ROOT, "Books", "udhr-arabic.txt")


def cli(*arguments):
    """The output of `readaloud arguments...`, which must succeed."""
    return subprocess.run([EXECUTABLE, *arguments], check=True, capture_output=True, cwd=ROOT).stdout.decode()


@unittest.skipUnless(os.access(EXECUTABLE, os.X_OK), f"no readaloud executable at {EXECUTABLE} (build it first)")
class ServeTests(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.store = os.path.join(self.directory.name, "selections.sqlite")
        self.server = Server(EXECUTABLE, ["--store", self.store], cwd=ROOT)

    def tearDown(self):
        self.assertEqual(self.server.close(), 0)
        self.directory.cleanup()

    def test_two_books_are_open_at_once(self):
        rashomon = self.server.open(path=RASHOMON)
        udhr = self.server.open(path=UDHR, locale="ar")
        self.assertNotEqual(rashomon.id, udhr.id)
        self.assertEqual(rashomon.element(0)["text"], "羅生門")
        self.assertEqual(udhr.element(0)["text"], "الإعلان العالمي لحقوق الإنسان")
        self.assertEqual(udhr.element(0)["language"], "ar")
        # Requests for either book, sent together, are each answered for its own book.
        first, second = self.server.requests(
            [("units", {"book": rashomon.id, "element": 0, "granularity": "character"}),
             ("units", {"book": udhr.id, "element": 0, "granularity": "word"})]
        )
        self.assertEqual(first, [[0, 1], [1, 2], [2, 3]])
        self.assertEqual(len(second), 4)
        rashomon.close()
        with self.assertRaises(ServerError) as raised:
            rashomon.element(0)
        self.assertEqual(raised.exception.code, -32001)
        self.assertEqual(udhr.element(1)["page"], 1)

    def check_tokenizer_against_probe(self, path, granularity):
        book = self.server.open(path=path)
        lines = cli("probe", path, "--granularity", granularity).splitlines()
        self.assertGreater(len(lines), 1000)
        queries = ["isPositionWithinTextUnit", "isPositionAtBoundary", "positionFromToBoundary",
                   "rangeEnclosingPosition"]
        calls = []
        for line in lines:
            element, offset, direction = line.split("\t")[:3]
            for query in queries:
                calls.append(("tokenizer", {"book": book.id, "element": int(element), "offset": int(offset),
                                            "granularity": granularity, "direction": direction, "query": query}))
        answers = self.server.requests(calls)
        for index, line in enumerate(lines):
            fields = line.split("\t")
            within, boundary, to, enclosing = answers[4 * index: 4 * index + 4]
            served = [
                "1" if within else "0",
                "1" if boundary else "0",
                "-" if to is None else str(to),
                "-" if enclosing is None else f"{enclosing[0]}-{enclosing[1]}",
            ]
            self.assertEqual(served, fields[3:], f"probe line {index}: {line}")

    def test_tokenizer_answers_are_probes_for_a_whole_book_by_word(self):
        self.check_tokenizer_against_probe(RASHOMON, "word")

    def test_tokenizer_answers_are_probes_for_a_whole_book_by_sentence(self):
        self.check_tokenizer_against_probe(RASHOMON, "sentence")

    def check_read_all_against_the_cli(self, path, granularity):
        book = self.server.open(path=path)
        events = list(book.read_all(granularity=granularity).events())
        expected = [json.loads(line) for line in
                    cli(path, "--format", "jsonl", "--granularity", granularity).splitlines()]
        self.assertEqual(events[-1], {"type": "end"})
        self.assertGreater(len(events), 50)
        self.assertEqual(events, expected)

    def test_reading_a_book_to_the_end_gives_the_clis_events(self):
        self.check_read_all_against_the_cli(UDHR, "sentence")
        self.check_read_all_against_the_cli(RASHOMON, "sentence")

    def test_stopping_and_going_on_from_the_locator_reads_everything_once(self):
        book = self.server.open(path=RASHOMON)
        session = book.read_all(granularity="sentence")
        events = session.events()
        first = [next(events) for _ in range(10)]
        stopped = session.stop()
        self.assertEqual(stopped["state"], "stopped")
        # Events queued before the stop still arrive; those after it do not.
        rest = book.read_all(granularity="sentence", start=stopped["locator"])
        read = first + list(session_events_until_stop(session)) + list(rest.events())
        utterances = [event["text"] for event in read if event["type"] == "utterance"]
        whole = [json.loads(line)["text"] for line in cli(RASHOMON, "--format", "jsonl").splitlines()
                 if json.loads(line)["type"] == "utterance"]
        self.assertEqual(utterances, whole)

    def test_notes_are_passed_by_unless_asked_for_and_escape_leaves_one(self):
        with open(os.path.join(self.directory.name, "notes.txt"), "w") as book_file:
            book_file.write("Before.\n\n[Footnote 1: " + " ".join(["note"] * 50000) + "]\n\nAfter.\n")
        book = self.server.open(path=book_file.name)

        def texts(session):
            return [event["text"].strip() for event in session.events() if event["type"] == "utterance"]

        self.assertEqual(texts(book.read_all(granularity="paragraph")), ["Before.", "After."])
        self.assertEqual(len(texts(book.read_all(granularity="paragraph", skip=[]))), 3)
        with self.assertRaises(ServerError):
            book.read_all(skip=["pictures"])
        session = book.read_all(granularity="word", skip=[])
        words = session.events()
        self.assertEqual(next(words)["type"], "start")
        self.assertEqual(next(words)["text"], "Before")
        # The client reads events as they come, so the server may be past the note when the
        # escape arrives (the Swift ServeTests hold the events back to escape mid-note).
        escaped = session.escape()
        rest = [event["text"] for event in words if event["type"] == "utterance"]
        self.assertEqual(rest[-1], "After")
        self.assertEqual(rest.count("After"), 1)
        if escaped["escaped"]:
            # Left anywhere in the note, up to its last word.
            self.assertEqual(escaped["kind"], "note", escaped)
            self.assertLessEqual(len(rest), 50003)
        else:
            # The whole note was read: "Footnote", "1", its 50000 words, then "After".
            self.assertEqual(escaped, {"escaped": False})
            self.assertEqual(rest[:2], ["Footnote", "1"])
            self.assertEqual(len(rest), 50003)

    def test_search_pages_through_the_book_and_chapters_read_alone(self):
        book = self.server.open(path=os.path.join(ROOT, "Books", "alice-in-wonderland.txt"))
        found = list(book.search("cheshire"))
        expected = [json.loads(line) for line in cli("search", "Books/alice-in-wonderland.txt", "cheshire",
                                                     "--format", "jsonl").splitlines()][:-1]
        self.assertEqual(found, expected)
        chapters = book.chapters()
        self.assertEqual(len(chapters), 12)
        session = book.read_all(granularity="paragraph", chapter=12, chapterEnd=True)
        texts = [event["text"] for event in session.events() if event["type"] == "utterance"]
        self.assertEqual((texts[0], texts[-1]), ("CHAPTER XII.", "THE END"))

    def test_a_lexicon_gives_pronunciations_and_heading_numbers_go_silent(self):
        book = self.server.open(path=os.path.join(ROOT, "Books", "alice-in-wonderland.txt"),
                                lexiconText="[en]\ndinah = /ˈdiːnə/\n")
        session = book.read_all(granularity="paragraph", chapter=1, chapterEnd=True, skip=["note", "heading-number"])
        utterances = [event for event in session.events() if event["type"] == "utterance"]
        self.assertEqual(utterances[0]["text"], "CHAPTER I.")
        self.assertEqual(utterances[0]["pronunciations"], [{"start": 0, "end": 10, "silent": True}])
        said = [p for event in utterances for p in event.get("pronunciations", []) if "phonemes" in p]
        self.assertGreater(len(said), 3)
        for event in utterances:
            for pronunciation in event.get("pronunciations", []):
                if "phonemes" in pronunciation:
                    self.assertEqual(event["text"][pronunciation["start"]:pronunciation["end"]], "Dinah")
        with self.assertRaises(ServerError) as refused:
            self.server.open(text="x", lexiconText="~ (unclosed = y")
        self.assertEqual(refused.exception.code, -32602)

    def test_a_listener_at_a_human_pace_pauses_twenty_times_and_hears_each_sentence_once(self):
        expected = [json.loads(line)["text"] for line in cli(
            "Books/alice-in-wonderland.txt", "--format", "jsonl", "--chapter", "1", "--chapter-end").splitlines()
            if json.loads(line)["type"] == "utterance"]
        book = self.server.open(path=os.path.join(ROOT, "Books", "alice-in-wonderland.txt"))
        session = book.read_all(chapter=1, chapterEnd=True, ack=True, prefetch=4)
        heard, pauses = [], 0
        for event in session.events():
            if "seq" not in event:
                continue
            time.sleep(0.002)  # "speaking" it
            session.ack(event["seq"])
            if event["type"] != "utterance":
                continue
            heard.append(event["text"])
            if len(heard) % 3 == 0 and pauses < 20:
                pauses += 1
                answer = session.pause()
                self.assertEqual(answer["next"], event["seq"] + 1)
                session.resume()
        self.assertEqual(pauses, 20)
        self.assertEqual(heard, expected)

    def test_geometry_hit_tests_land_in_the_word_they_highlight(self):
        book = self.server.open(path=UDHR, width=40)
        rects = book.selection_rects(3, 0, 20)
        self.assertTrue(rects)
        self.assertEqual({rect["direction"] for rect in rects}, {"rtl"})
        for rect in rects:
            position = book.closest_position(3, rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
            self.assertTrue(0 <= position["offset"] <= 20)
            cluster = book.character_range(3, rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
            self.assertTrue(0 <= cluster["start"] < 20)
        self.assertEqual(book.caret_rect(3, 0)["width"], 0)

    def test_announcements_follow_their_priorities(self):
        opening = self.server.announce("Opening camera")
        loading = self.server.announce("Camera loading", "low")
        active = self.server.announce("Camera active", "high")
        notices = []
        while len(notices) < 5:
            notices.append(self.server.announcement_notices.get(timeout=10))
        self.assertTrue(self.server.announced(active))
        notices.append(self.server.announcement_notices.get(timeout=10))
        self.assertEqual([(n["announcement"], n["type"], n.get("spokenWhole")) for n in notices], [
            (opening, "speak", None), (loading, "finished", False), (opening, "stop", None),
            (opening, "finished", False), (active, "speak", None), (active, "finished", True)])

    def test_a_clients_own_scanned_page_reads_by_line_and_hit_tests_in_its_pixels(self):
        lines = [{"text": "A scanned line of text", "rect": {"x": 10, "y": 20, "width": 300, "height": 18}},
                 {"text": "and its second line.", "rect": {"x": 10, "y": 40, "width": 250, "height": 18}}]
        book = self.server.open_document([[{"text": "Scan", "traits": ["heading"]}], [{"lines": lines}]])
        texts = [event["text"] for event in book.read_all(granularity="line").events() if event["type"] == "utterance"]
        self.assertEqual(texts, ["Scan", "A scanned line of text", "and its second line."])
        self.assertEqual(book.closest_position(1, 15, 45)["offset"], 23)

    def test_content_length_framing_reads_and_pauses_as_lines_do(self):
        framed = Server(EXECUTABLE, ["--store", self.store], cwd=ROOT, framing="content-length")
        try:
            book = framed.open(text="Café — naïve. Two sentences here.")
            session = book.read_all(ack=True, prefetch=1)
            texts = []
            for event in session.events():
                if "seq" in event:
                    session.ack(event["seq"])
                    if event["type"] == "utterance":
                        texts.append(event["text"])
            self.assertEqual(texts, ["Café — naïve.", "Two sentences here."])
        finally:
            self.assertEqual(framed.close(), 0)

    def test_a_selection_is_saved_durably_and_listed(self):
        book = self.server.open(path=RASHOMON)
        selection = book.select(element=20, offset=3, granularity="sentence")
        self.assertTrue(selection["changed"])
        identifier = book.save(note="羅生門の下")
        saved = book.saved()
        self.assertEqual([item["id"] for item in saved], [identifier])
        self.assertEqual(saved[0]["text"], selection["text"])
        self.assertEqual(saved[0]["note"], "羅生門の下")
        # The command line reads the same store and lists the same selection.
        listed = [json.loads(line) for line in
                  cli("saved", RASHOMON, "--store", self.store, "--format", "jsonl").splitlines()]
        self.assertEqual(listed, saved)
        self.assertTrue(book.unsave(identifier))
        self.assertEqual(book.saved(), [])

    def test_bad_params_name_the_field(self):
        book = self.server.open(text="One sentence. Another one.")
        with self.assertRaises(ServerError) as raised:
            book.tokenizer(element=0, granularity="word", direction="sideways", offset=0, query="isPositionAtBoundary")
        self.assertEqual(raised.exception.code, -32602)
        self.assertEqual(raised.exception.field, "direction")
        self.assertEqual(book.move(element=0, offset=0, granularity="sentence", direction="forward"),
                         {"element": 0, "start": 14, "end": 26, "text": "Another one."})


def session_events_until_stop(session):
    """The events of a stopped session that were already queued (they come before the stop's answer,
    so they are all in the client's queue by now)."""
    events = session.server._session_events(session.id)
    while not events.empty():
        event = events.get_nowait()
        if event is None:
            return
        yield {key: value for key, value in event.items() if key != "session"}


if __name__ == "__main__":
    unittest.main()
