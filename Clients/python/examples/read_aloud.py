"""Reads a chapter aloud at a human pace through `readaloud serve`, as a speaking client does:
acknowledged reading, each sentence "spoken" (printed, and with --espeak said by the espeak-ng
program) for as long as it takes at --wpm words a minute, a pause every --pause-every
sentences and a resume after it. Nothing is heard twice and nothing is skipped: a pause goes
back to the first sentence not acknowledged.

Usage: read_aloud.py BOOK [--chapter N] [--wpm 160] [--pause-every 5] [--espeak]
         [--readaloud PATH]
"""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from readaloud_client import Server  # noqa: E402

import example_options  # noqa: E402


def speak(text, wpm, espeak):
    """Says `text`: with espeak-ng when asked, else waits as long as saying it takes."""
    if espeak:
        subprocess.run(["espeak-ng", "-s", str(wpm), text], check=False)
    else:
        time.sleep(len(text.split()) * 60.0 / wpm)


def main():
    options = example_options.parse(__doc__.splitlines()[0], espeak=True)
    server = Server(options.readaloud)
    book = server.open(path=os.path.abspath(options.book))
    session = book.read_all(chapter=options.chapter, chapterEnd=True, ack=True, prefetch=4)
    spoken = 0
    for event in session.events():
        if "seq" not in event:
            continue
        if event["type"] == "utterance":
            print(event["text"], flush=True)
            speak(event["text"], options.wpm, options.espeak)
            spoken += 1
        session.ack(event["seq"])  # heard
        if event["type"] == "utterance" and spoken % options.pause_every == 0:
            answer = session.pause()
            print(f"  [paused; going on from element {answer['locator']['element']}]", file=sys.stderr)
            session.resume()
    server.close()


if __name__ == "__main__":
    main()
