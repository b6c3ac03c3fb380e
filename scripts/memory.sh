#!/usr/bin/env bash
# Measures what a whole read-all costs in memory, as a whole process, telling the fixed cost from
# the cost per byte of the book. For each book and granularity it takes the peak resident size
# (the kernel's maximum RSS of the child) of `readaloud BOOK --granularity G > /dev/null` less
# that of `readaloud --help` (the Swift runtime and ICU's common data), with the book as it is
# (1x) and five copies of it a blank line apart (5x); a book under half a MiB is first repeated to
# half a MiB (its 1x), so that what the copies add stands above the peaks' noise (about 0.2 MB).
# Between the two:
#   marginal = (peak at 5x - peak at 1x) / (UTF-8 bytes at 5x - at 1x), per byte of the book;
#   fixed    = peak at 1x - marginal * bytes at 1x (what the read-all costs whatever the book's
#              length: the code and ICU data it touches that --help does not, ICU's dictionaries).
# Issue 28's bound is a marginal of 2.5 for every book at every granularity; a run above it is
# flagged (exit 1).
#
# Books: English (Books/alice-in-wonderland.txt), Japanese (Books/kokoro.txt), Chinese
# (Books/lunyu-analects.txt hard-wrapped at 35 characters, the way a Gutenberg Chinese novel is),
# Arabic (Books/udhr-arabic.txt).
#
# Usage: scripts/memory.sh [--runs N] [BOOK...]   (BOOK: english, japanese, chinese, arabic;
#        default all; each peak is the least of N runs, default 3)
#   MEMORY_GRANULARITIES  granularities to read by (default: character word sentence line paragraph)
#   MEMORY_SCRATCH        the build directory (default .build)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "memory: building readaloud (release)"
binary="$(scripts/release-binary.sh "${MEMORY_SCRATCH:-.build}")"

python3 - "$binary" "${MEMORY_GRANULARITIES:-character word sentence line paragraph}" "$@" <<'PY'
import os, resource, subprocess, sys, tempfile, time

binary, granularities, arguments = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
runs = 3
if "--runs" in arguments:
    at = arguments.index("--runs")
    runs = int(arguments[at + 1])
    del arguments[at:at + 2]
bound = 2.5

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
udhr = open("Books/udhr-arabic.txt", "rb").read()
books = {
    "english": ("English, Alice", lambda: alice, "en"),
    "japanese": ("Japanese, Kokoro", lambda: kokoro, "ja"),
    "chinese": ("Chinese, the Analects hard-wrapped", lambda: hard_wrapped(lunyu, 35).encode("utf-8"), "zh"),
    "arabic": ("Arabic, the UDHR", lambda: udhr, "ar"),
}
wanted = arguments or list(books)

def least_peak(argv):
    """The least peak of `runs` runs of `argv`, and the last exit status."""
    results = [peak(argv) for _ in range(runs)]
    return min(size for size, _ in results), results[-1][1]

baseline = min(peak([binary, "--help"])[0] for _ in range(3))
print("baseline (readaloud --help): %.1f MB" % (baseline / 1e6))
print("%-36s %-10s %7s %7s %9s %9s %9s %8s" % (
    "book", "unit", "MB 1x", "MB 5x", "above 1x", "above 5x", "marginal", "fixed MB"))
flagged = 0
with tempfile.TemporaryDirectory() as folder:
    for key in wanted:
        name, make, locale = books[key]
        paths = {}
        unit = max(1, -(-(512 * 1024) // len(make())))  # copies in the 1x book
        for copies in (1, 5):
            paths[copies] = os.path.join(folder, "%s-%dx.txt" % (key, copies))
            write_book(lambda: b"\n\n".join([make()] * (unit * copies)), paths[copies])
        sizes = {copies: os.path.getsize(path) for copies, path in paths.items()}
        for granularity in granularities:
            above, codes = {}, []
            for copies, path in paths.items():
                size, code = least_peak([binary, path, "--granularity", granularity, "--locale", locale])
                above[copies] = max(0, size - baseline)
                codes.append(code)
            marginal = (above[5] - above[1]) / (sizes[5] - sizes[1])
            fixed = above[1] - marginal * sizes[1]
            mark = ("  OVER %.1f" % bound if marginal > bound else "") + "".join(
                "  EXIT %d" % code for code in codes if code)
            flagged += 1 if mark else 0
            print("%-36s %-10s %7.2f %7.2f %9.1f %9.1f %9.2f %8.1f%s" % (
                name, granularity, sizes[1] / 1e6, sizes[5] / 1e6, above[1] / 1e6, above[5] / 1e6,
                marginal, fixed / 1e6, mark))
            sys.stdout.flush()
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
if own >= baseline:
    print("memory: this script's own peak (%.1f MB) reached the baseline's: the figures above may be its" % (own / 1e6))
    flagged += 1
print("memory: %d flagged" % flagged)
sys.exit(1 if flagged else 0)
PY
