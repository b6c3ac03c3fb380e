#!/usr/bin/env bash
# Measures what a whole read-all costs in memory, as a whole process: the peak resident size
# (the kernel's maximum RSS of the child, as `/usr/bin/time -v` reports it) of
# `readaloud BOOK --granularity G > /dev/null`, less that of `readaloud --help` (the Swift
# runtime and ICU's data), divided by the book's UTF-8 size. Issue 21's bound is 2.5 for every
# book at every granularity; a run above it is flagged (exit 1).
#
# Books: English (Books/alice-in-wonderland.txt repeated to 10 MiB, its copies a blank line
# apart, as `readaloud bench` makes its synthetic book), Japanese (Books/kokoro.txt, and it
# repeated to 10 MiB), Chinese (Books/lunyu-analects.txt hard-wrapped at 35 characters, the way
# a Gutenberg Chinese novel is, repeated to 2 MiB).
#
# Usage: scripts/memory.sh [--runs N] [BOOK...]   (BOOK: english, japanese, japanese-10mb,
#        chinese; default all)
#   MEMORY_GRANULARITIES  granularities to read by (default: character word sentence line paragraph)
#   MEMORY_SCRATCH        the build directory (default .build)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "memory: building readaloud (release)"
binary="$(scripts/release-binary.sh "${MEMORY_SCRATCH:-.build}")"

python3 - "$binary" "${MEMORY_GRANULARITIES:-character word sentence line paragraph}" "$@" <<'PY'
import os, resource, subprocess, sys, tempfile, time

binary, granularities, arguments = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
runs = 1
if "--runs" in arguments:
    at = arguments.index("--runs")
    runs = int(arguments[at + 1])
    del arguments[at:at + 2]
bound = 2.5
mebibyte = 1024 * 1024

def repeated(data, size):
    """`data` repeated to about `size` bytes, the copies a blank line apart."""
    copies = max(1, -(-size // (len(data) + 2)))
    return b"\n\n".join([data] * copies)

def hard_wrapped(text, width):
    """Each line of `text` cut into lines of at most `width` characters."""
    lines = []
    for line in text.split("\n"):
        while len(line) > width:
            lines.append(line[:width])
            line = line[width:]
        lines.append(line)
    return "\n".join(lines)

def write_book(make, path):
    """Writes the book `make` makes to `path`, from a forked child: a child's peak resident size
    as the kernel reports it counts that of the process it was forked from (the copy it was
    until its `exec`), so this process must stay smaller than any read-all it measures."""
    child = os.fork()
    if child == 0:
        try:
            with open(path, "wb") as out:
                out.write(make())
            os._exit(0)
        except BaseException:
            os._exit(1)
    if os.waitstatus_to_exitcode(os.waitpid(child, 0)[1]) != 0:
        sys.exit("memory: could not write " + path)

def peak(argv):
    """The child's peak resident size in bytes, and its exit status."""
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    return usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status)

alice = open("Books/alice-in-wonderland.txt", "rb").read()
kokoro = open("Books/kokoro.txt", "rb").read()
lunyu = open("Books/lunyu-analects.txt", encoding="utf-8").read()
books = {
    "english": ("English, Alice repeated to 10 MiB", lambda: repeated(alice, 10 * mebibyte), "en"),
    "japanese": ("Japanese, kokoro.txt", lambda: kokoro, "ja"),
    "japanese-10mb": ("Japanese, kokoro repeated to 10 MiB", lambda: repeated(kokoro, 10 * mebibyte), "ja"),
    "chinese": ("Chinese, the Analects hard-wrapped, repeated to 2 MiB",
                lambda: repeated(hard_wrapped(lunyu, 35).encode("utf-8"), 2 * mebibyte), "zh"),
}
wanted = arguments or list(books)

baseline = min(peak([binary, "--help"])[0] for _ in range(3))
print("baseline (readaloud --help): %.1f MB" % (baseline / 1e6))
print("%-56s %-10s %8s %9s %7s" % ("book", "granularity", "MB", "peak MB", "ratio"))
flagged = 0
with tempfile.TemporaryDirectory() as folder:
    for key in wanted:
        name, make, locale = books[key]
        path = os.path.join(folder, key + ".txt")
        write_book(make, path)
        size_of_book = os.path.getsize(path)
        for granularity in granularities:
            for _ in range(runs):
                size, code = peak([binary, path, "--granularity", granularity, "--locale", locale])
                ratio = (size - baseline) / size_of_book
                mark = ("  OVER %.1f" % bound if ratio > bound else "") + ("  EXIT %d" % code if code else "")
                flagged += 1 if mark else 0
                print("%-56s %-10s %8.2f %9.1f %7.2f%s" % (
                    name, granularity, size_of_book / 1e6, size / 1e6, ratio, mark))
                sys.stdout.flush()
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
if own >= baseline:
    print("memory: this script's own peak (%.1f MB) reached the baseline's: the figures above may be its" % (own / 1e6))
    flagged += 1
print("memory: %d flagged" % flagged)
sys.exit(1 if flagged else 0)
PY
