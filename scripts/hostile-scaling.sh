#!/usr/bin/env bash
# Measures how readaloud's time grows with pathological input: each kind at 1 MB and at 10 MB,
# read by the release CLI, and the ratio of the two times. Linear work gives about 10;
# quadratic work about 100. A ratio above 25 is flagged.
#
# Usage: scripts/hostile-scaling.sh [KIND...]   (default: every kind; see the list below)
#   SCALING_TIMEOUT  seconds before a run counts as a hang (default 600)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${SCALING_SCRATCH:-.build/scaling}"
echo "scaling: building readaloud (release)"
swift build -c release --scratch-path "$scratch" --product readaloud >/dev/null
binary="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/readaloud"

python3 - "$binary" "${SCALING_TIMEOUT:-600}" "$@" <<'PY'
import os, subprocess, sys, tempfile, time

binary, timeout, wanted = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

# Each kind: a unit repeated to the size; the commands that read it.
kinds = {
    "single-line": "The quick brown fox jumps over the lazy dog. ",
    "no-spaces": "abcdefghijklmnopqrstuvwxyz",
    "combining-marks": "a" + "\u0301" * 499,
    "zwj-chain": "\U0001F469\u200D",
    "lone-cr": "word\r",
    "newlines-only": "\n",
    "whitespace-only": " \t",
    "line-separators": "word\u2028",
    "paragraph-separators": "One. Two.\u2029",
    "nel": "line\u0085",
    "bidi-controls": "\u202Eabc \u2066def ",
    "blank-line-paragraphs": "a\n\n",
    "japanese-no-punctuation": "\u65e5\u672c\u8a9e\u306e\u6587\u7ae0\u3067\u3059",
    "prepend-marks": "\u0605 ",
    "form-feeds": "page\f",
    # Terminal controls (issue 14): text output shows them as control pictures.
    "terminal-controls": "Clear\x1b[2J now \x1b]0;title\x07 red\u009b31m del\x7f. ",
}
commands = {
    "read words (jsonl)": ["{file}", "--granularity", "word", "--format", "jsonl"],
    "units characters": ["units", "{file}", "--granularity", "character"],
    "units sentences": ["units", "{file}", "--granularity", "sentence"],
}

def make(path, unit, size):
    data = unit.encode("utf-8")
    count = max(1, size // len(data))
    with open(path, "wb") as out:
        out.write(data * count)

def run(args, path):
    argv = [binary] + [a.replace("{file}", path) for a in args]
    start = time.monotonic()
    try:
        result = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
        return time.monotonic() - start, result.returncode
    except subprocess.TimeoutExpired:
        return None, "hang"

flagged = 0
print("%-24s %-20s %6s %9s %9s %7s" % ("kind", "command", "exit", "1 MB s", "10 MB s", "ratio"))
with tempfile.TemporaryDirectory() as folder:
    for kind, unit in kinds.items():
        if wanted and kind not in wanted:
            continue
        small, large = os.path.join(folder, "1mb.txt"), os.path.join(folder, "10mb.txt")
        make(small, unit, 1_000_000)
        make(large, unit, 10_000_000)
        for name, args in commands.items():
            t1, code1 = run(args, small)
            t10, code10 = run(args, large)
            if t1 is None or t10 is None:
                print("%-24s %-20s %6s %9s %9s %7s  HANG" % (kind, name, "-", t1, t10, "-"))
                flagged += 1
                continue
            ratio = t10 / max(t1, 0.01)
            mark = "  SUPERLINEAR" if ratio > 25 else ""
            flagged += 1 if mark else 0
            print("%-24s %-20s %6s %9.2f %9.2f %7.1f%s" % (kind, name, "%s/%s" % (code1, code10), t1, t10, ratio, mark))
            sys.stdout.flush()

# Endless or faulty input (issue 14): each must end at once with a clear error (exit 65),
# within a 1 GB address-space limit; the time is printed, there is no 10 MB twin.
streams = {
    "stdin /dev/zero": ("- < /dev/zero", 65),
    "stdin /dev/urandom": ("- < /dev/urandom", 65),
    "path /dev/zero": ("/dev/zero", 65),
    "path /dev/urandom": ("/dev/urandom", 65),
    "units stdin /dev/zero": ("units - < /dev/zero", 65),
}
print("%-24s %-20s %6s %9s" % ("stream", "command", "exit", "s"))
for name, (args, expected) in streams.items():
    if wanted and name.replace(" ", "-") not in wanted:
        continue
    start = time.monotonic()
    try:
        result = subprocess.run(["/bin/sh", "-c", 'ulimit -v 1000000; exec "$0" ' + args, binary],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
        elapsed, code = time.monotonic() - start, result.returncode
    except subprocess.TimeoutExpired:
        elapsed, code = None, "hang"
    mark = "" if code == expected else "  UNEXPECTED (want %d)" % expected
    flagged += 1 if mark else 0
    print("%-24s %-20s %6s %9s%s" % (name, "read", code, "-" if elapsed is None else "%.2f" % elapsed, mark))
    sys.stdout.flush()

print("scaling: %d flagged" % flagged)
sys.exit(1 if flagged else 0)
PY
