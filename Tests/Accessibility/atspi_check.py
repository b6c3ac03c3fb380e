#!/usr/bin/python3
"""Checks `readaloud BOOK --accessible` through the accessibility bus, as a screen reader sees it.

Run inside a D-Bus session with Debian's python3-pyatspi:

    dbus-run-session -- /usr/bin/python3 Tests/Accessibility/atspi_check.py \
        --readaloud .build/debug/readaloud --book Books/alice-in-wonderland.txt --budget 6000

It starts readaloud with a pipe for its commands, finds its application on the bus, and walks
the book from its first text object along FLOWS_TO, setting the caret in each object as Orca's
say-all does. For each object it compares the text interface's answers (the boundary API at,
before and after an offset for characters, words, sentences and lines, and the granularity API)
with segments computed here, independently, from `readaloud units --offsets` and ATK's
conventions: the segment at an offset runs from the last boundary at or before it to the next
one, the text's start and end are boundaries, a character at the text's end is empty and any
other unit there is the last one. It also checks the caret and selection round trips, ATK's
empty answers out of range, the language attribute, and, with --extents, that each character's
extents are its cell (8 by 16 pixels) on the page drawn. Prints one summary line; exits 1 on any
mismatch, 2 when the application does not appear.
"""

import argparse
import random
import subprocess
import sys
import time

import pyatspi

from atspi_common import find_application, unit_rows

BOUNDARIES = {
    "char": pyatspi.TEXT_BOUNDARY_CHAR,
    "word_start": pyatspi.TEXT_BOUNDARY_WORD_START,
    "word_end": pyatspi.TEXT_BOUNDARY_WORD_END,
    "sentence_start": pyatspi.TEXT_BOUNDARY_SENTENCE_START,
    "sentence_end": pyatspi.TEXT_BOUNDARY_SENTENCE_END,
    "line_start": pyatspi.TEXT_BOUNDARY_LINE_START,
    "line_end": pyatspi.TEXT_BOUNDARY_LINE_END,
}
GRANULARITIES = {
    "char": pyatspi.TEXT_GRANULARITY_CHAR,
    "word_start": pyatspi.TEXT_GRANULARITY_WORD,
    "sentence_start": pyatspi.TEXT_GRANULARITY_SENTENCE,
    "line_start": pyatspi.TEXT_GRANULARITY_LINE,
    "paragraph": pyatspi.TEXT_GRANULARITY_PARAGRAPH,
}


def units(readaloud, book, granularity, locale):
    """{element: [(start, end), ...]} in UTF-16 offsets, from `readaloud units --offsets`."""
    found = {}
    for element, start, end, _ in unit_rows(readaloud, book, granularity, locale):
        found.setdefault(element, []).append((start, end))
    return found


def scalar_offsets(text):
    """UTF-16 offset -> character offset for each scalar start of text, and its end."""
    table = {}
    utf16 = 0
    for index, character in enumerate(text):
        table[utf16] = index
        utf16 += 2 if ord(character) > 0xFFFF else 1
    table[utf16] = len(text)
    return table


class Segments:
    """ATK's segments between boundaries (ATKSegments' conventions, restated)."""

    def __init__(self, boundaries, length, is_character=False):
        self.boundaries = sorted({0, length} | {b for b in boundaries if 0 <= b <= length})
        self.length = length
        self.is_character = is_character

    def at(self, offset):
        if self.length == 0 or offset < 0 or offset > self.length:
            return None
        if offset == self.length:
            return None if self.is_character else (self.boundaries[-2], self.length)
        low = max(b for b in self.boundaries if b <= offset)
        high = min(b for b in self.boundaries if b > offset)
        return (low, high)

    def before(self, offset):
        if offset < 0 or offset > self.length:
            return None
        segment = self.at(offset)
        start = segment[0] if segment else offset
        return (0, 0) if start == 0 else self.at(start - 1)

    def after(self, offset):
        if offset < 0 or offset > self.length:
            return None
        segment = self.at(offset)
        if segment is None or segment[1] >= self.length:
            return (self.length, self.length)
        return self.at(segment[1])


def expected_segments(element_units, element, text):
    table = scalar_offsets(text)
    length = len(text)

    def mapped(offsets):
        return [table[o] for o in offsets if o in table]

    result = {}
    characters = element_units["character"].get(element, [])
    result["char"] = Segments(mapped([o for r in characters for o in r]), length, True)
    for name, granularity in (("word", "word"), ("sentence", "sentence"), ("line", "line")):
        ranges = element_units[granularity].get(element, [])
        result[name + "_start"] = Segments(mapped([r[0] for r in ranges]), length)
        result[name + "_end"] = Segments(mapped([r[1] for r in ranges]), length)
    paragraphs = element_units["paragraph"].get(element, [])
    result["paragraph"] = Segments(mapped([r[0] for r in paragraphs]), length)
    return result


def flows_to(accessible):
    for relation in accessible.getRelationSet():
        if relation.getRelationType() == pyatspi.RELATION_FLOWS_TO and relation.getNTargets() > 0:
            return relation.getTarget(0)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readaloud", required=True)
    parser.add_argument("--book", required=True)
    parser.add_argument("--locale", default="en")
    parser.add_argument("--budget", type=int, default=6000,
                        help="text queries to make (default 6000); the rest of the book is walked without them")
    parser.add_argument("--extents", action="store_true", help="also check character extents")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", action="store_true", help="every offset of every element, not a sample")
    arguments = parser.parse_args()
    random.seed(arguments.seed)

    element_units = {
        g: units(arguments.readaloud, arguments.book, g, arguments.locale)
        for g in ("character", "word", "sentence", "line", "paragraph")
    }
    process = subprocess.Popen(
        [arguments.readaloud, arguments.book, "--accessible", "--locale", arguments.locale],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    ready = process.stdout.readline().split()
    process.stdout.readline()  # the first caret report
    element_count = int(ready[2]) if len(ready) > 2 else 0
    mismatches = []
    queries = 0
    visited = 0
    most_alive = 0
    try:
        app = find_application("readaloud")
        if app is None:
            print("atspi_check: the application did not appear on the bus")
            return 2
        frame = app.getChildAtIndex(0)
        document = frame.getChildAtIndex(0)
        accessible = document.getChildAtIndex(0)
        index = 0

        def mismatch(what):
            if len(mismatches) < 20:
                print("mismatch:", what)
            mismatches.append(what)

        while accessible is not None:
            text = accessible.queryText()
            if queries >= arguments.budget:
                # The budget spent: the rest of the book is walked as say-all walks it.
                text.setCaretOffset(0)
                most_alive = max(most_alive, document.childCount)
                visited += 1
                accessible = flows_to(accessible)
                index += 1
                continue
            content = text.getText(0, -1)
            length = text.characterCount
            if length != len(content):
                mismatch(f"element {index}: characterCount {length}, text of {len(content)}")
            segments = expected_segments(element_units, index, content)
            offsets = list(range(-1, length + 2)) if length < 40 or arguments.every else sorted(
                {-1, 0, length, length + 1} | set(random.sample(range(length), 30)))
            for offset in offsets:
                for name, boundary in BOUNDARIES.items():
                    for side, ask in (("at", text.getTextAtOffset), ("before", text.getTextBeforeOffset),
                                      ("after", text.getTextAfterOffset)):
                        answer = ask(offset, boundary)
                        queries += 1
                        want = getattr(segments[name], side)(offset)
                        if want is None:
                            start = offset if 0 <= offset <= length else 0
                            want = (start, start)
                        got = (answer[1], answer[2])
                        if got != want or answer[0] != content[want[0]:want[1]]:
                            mismatch(f"element {index} {name} {side} {offset}: got {got} {answer[0]!r}, want {want}")
                for name, granularity in GRANULARITIES.items():
                    answer = text.getStringAtOffset(offset, granularity)
                    queries += 1
                    want = segments[name].at(offset)
                    if want is None:
                        start = offset if 0 <= offset <= length else 0
                        want = (start, start)
                        if (answer[1], answer[2]) == (-1, -1) and not 0 <= offset <= length:
                            continue  # ATK's own empty answer for a paragraph out of range
                    if (answer[1], answer[2]) != want or answer[0] != content[want[0]:want[1]]:
                        mismatch(f"element {index} granularity {name} {offset}: got {answer[1:]}, want {want}")
                if arguments.extents and 0 <= offset < length and not content[offset].isspace():
                    x, y, width, height = text.getCharacterExtents(offset, pyatspi.DESKTOP_COORDS)
                    queries += 1
                    if width <= 0 or height != 16 or x % 8 != 0 or y % 16 != 0:
                        mismatch(f"element {index} extents of {offset}: {(x, y, width, height)}")
                    elif text.getOffsetAtPoint(x + 1, y + 1, pyatspi.DESKTOP_COORDS) not in (
                            offset, segments["char"].at(offset)[0]):  # a cluster's start
                        mismatch(f"element {index} offset at ({x + 1}, {y + 1}) is not {offset}")
            # The caret as say-all moves it, and the selection, round trip.
            caret = min(length, 1)
            if not text.setCaretOffset(caret) or text.caretOffset != caret:
                mismatch(f"element {index}: caret {caret} did not round trip")
            if text.setCaretOffset(length + 5):
                mismatch(f"element {index}: a caret out of range was accepted")
            if length > 1:
                text.setSelection(0, 0, length)
                if text.getNSelections() != 1 or text.getSelection(0) != (0, length):
                    mismatch(f"element {index}: selection 0..{length} did not round trip")
                text.removeSelection(0)
                if text.getNSelections() != 0:
                    mismatch(f"element {index}: the selection was not removed")
            attributes = text.getAttributeRun(0, False)[0] if length else []
            if length and not any(a.startswith("language:") for a in attributes):
                mismatch(f"element {index}: no language attribute ({attributes})")
            most_alive = max(most_alive, document.childCount)
            visited += 1
            accessible = flows_to(accessible)
            index += 1
    finally:
        process.stdin.write("quit\n")
        process.stdin.close()
        process.wait(timeout=20)
    print(f"atspi_check: {visited} of {element_count} elements, {queries} queries, "
          f"{len(mismatches)} mismatches, at most {most_alive} objects alive")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
