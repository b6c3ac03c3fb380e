"""The command-line options both read-aloud examples take."""
import argparse
import os


def parse(description, espeak=False):
    """The options: BOOK, --chapter, --wpm, --pause-every, --readaloud (and --espeak)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("book")
    parser.add_argument("--chapter", type=int, default=1)
    parser.add_argument("--wpm", type=int, default=160)
    parser.add_argument("--pause-every", type=int, default=5)
    parser.add_argument("--readaloud", default=os.environ.get("READALOUD_BIN", "readaloud"))
    if espeak:
        parser.add_argument("--espeak", action="store_true", help="say each sentence with espeak-ng")
    return parser.parse_args()
