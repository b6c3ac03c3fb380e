#!/usr/bin/python3
"""Faults a screen reader's side can bring, against `readaloud BOOK --accessible`.

    dbus-run-session -- /usr/bin/python3 Tests/Accessibility/atspi_faults.py --readaloud .build/debug/readaloud

1. A book of 100,000 paragraphs: the time to publish it, the objects alive with the caret near
   its end (only the pages around the caret are objects) and readaloud's resident memory.
2. A client that disappears mid-call: clients that query the focused object in a tight loop are
   killed (SIGKILL) three times; readaloud must keep answering.
3. Relayout while a client calls: the book is laid out again at another width while a client
   queries; the old objects are defunct, the new ones' lines are the new width's.
Prints one line per check and a summary; exits 1 when one fails.
"""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi

from atspi_common import find_application

HAMMER = r'''
import pyatspi, sys
desktop = pyatspi.Registry.getDesktop(0)
app = next(desktop.getChildAtIndex(i) for i in range(desktop.childCount)
           if desktop.getChildAtIndex(i) is not None and desktop.getChildAtIndex(i).name == "readaloud")
document = app.getChildAtIndex(0).getChildAtIndex(0)
print("hammering", flush=True)
while True:
    for index in range(document.childCount):
        try:
            text = document.getChildAtIndex(index).queryText()
            for offset in range(0, text.characterCount, 3):
                text.getTextAtOffset(offset, pyatspi.TEXT_BOUNDARY_WORD_START)
                text.getCharacterExtents(offset, pyatspi.DESKTOP_COORDS)
        except Exception:
            pass
'''


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Reader:
    def __init__(self, readaloud, book):
        started = time.time()
        self.process = subprocess.Popen([readaloud, book, "--accessible"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ready = self.process.stdout.readline().strip()
        self.process.stdout.readline()
        self.seconds = time.time() - started

    def command(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return self.process.stdout.readline().strip()

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.write("quit\n")
            self.process.stdin.close()
        return self.process.wait(timeout=20)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readaloud", required=True)
    parser.add_argument("--paragraphs", type=int, default=100_000)
    parser.add_argument("--book", default="Books/alice-in-wonderland.txt", help="the book for checks 2 and 3")
    arguments = parser.parse_args()
    failures = []

    def check(ok, line):
        print(("ok: " if ok else "FAILED: ") + line)
        if not ok:
            failures.append(line)

    with tempfile.TemporaryDirectory() as work:
        big = os.path.join(work, "big.txt")
        with open(big, "w") as file:
            for index in range(arguments.paragraphs):
                file.write(f"Paragraph {index} has a few words. And a second sentence.\n\n")
        reader = Reader(arguments.readaloud, big)
        check(reader.ready.startswith(f"ready elements {arguments.paragraphs} "),
              f"a book of {arguments.paragraphs} paragraphs published in {reader.seconds:.2f} s ({reader.ready})")
        moved = reader.command(f"caret {arguments.paragraphs - 10} 0")
        app = find_application("readaloud", 30)
        document = app.getChildAtIndex(0).getChildAtIndex(0) if app else None
        alive = document.childCount if document else -1
        first = document.getChildAtIndex(0).queryText().getText(0, -1) if document and alive > 0 else ""
        check(0 < alive <= 100 and first.startswith("Paragraph "),
              f"with the caret at the end ({moved}): {alive} objects alive, the first {first[:16]!r}")
        kib = resident_kib(reader.process.pid)
        check(kib < 400_000, f"readaloud's resident memory: {kib // 1024} MiB")
        reader.close()

        reader = Reader(arguments.readaloud, arguments.book)
        find_application("readaloud", 30)
        for round in range(3):
            hammer = subprocess.Popen(["/usr/bin/python3", "-c", HAMMER], stdout=subprocess.PIPE, text=True)
            hammer.stdout.readline()
            time.sleep(0.5)
            hammer.send_signal(signal.SIGKILL)
            hammer.wait()
        app = find_application("readaloud", 30)
        text = app.getChildAtIndex(0).getChildAtIndex(0).getChildAtIndex(0).queryText() if app else None
        answered = text is not None and text.characterCount > 0 and reader.process.poll() is None
        moved = reader.command("Down")
        check(answered and moved.startswith("caret 1 0"),
              f"three clients killed mid-call: readaloud still answers ({moved})")

        hammer = subprocess.Popen(["/usr/bin/python3", "-c", HAMMER], stdout=subprocess.PIPE, text=True)
        hammer.stdout.readline()
        document = app.getChildAtIndex(0).getChildAtIndex(0)
        old = document.getChildAtIndex(0)
        reports = [reader.command(f"relayout {width}") for width in (40, 90, 30)]
        time.sleep(0.3)
        hammer.kill()
        hammer.wait()
        defunct = old.getState().contains(pyatspi.STATE_DEFUNCT)
        widest = 0
        for index in range(document.childCount):
            text = document.getChildAtIndex(index).queryText()
            offset = 0
            while offset < text.characterCount:
                line, start, end = text.getTextAtOffset(offset, pyatspi.TEXT_BOUNDARY_LINE_END)
                widest = max(widest, len(line.strip()))
                offset = max(end, offset + 1)
        check(defunct and 0 < widest <= 30 and reader.process.poll() is None,
              f"relaid out three times while a client called ({reports[-1]}): the old objects defunct: {defunct}, "
              f"the widest line now {widest} characters (at most 30)")
        status = reader.close()
        check(status == 0, f"readaloud ended with status {status}")
    print(f"atspi_faults: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
