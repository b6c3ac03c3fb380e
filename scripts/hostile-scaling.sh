#!/usr/bin/env bash
# Measures how readaloud's time and memory grow with pathological input: each kind at 1 MB and
# at 10 MB, read by the release CLI, with each run's time and peak resident memory (the kernel's
# maximum RSS of the child, as `/usr/bin/time -v` reports it), and the ratio of the two runs'
# CPU times (user + system: steadier than wall time on a shared machine). Linear work gives
# about 10; quadratic work about 100. Flagged: a ratio above 25, and a 10 MB run whose peak
# memory is above 20 times the file's size.
#
# Usage: scripts/hostile-scaling.sh [--markdown] [KIND...]   (default: every kind; see below)
#   --markdown       also print the figures as the Markdown table of docs/hostile-input.md
#   SCALING_TIMEOUT  seconds before a run counts as a hang (default 600)
set -euo pipefail
cd "$(dirname "$0")/.."

echo "scaling: building readaloud (release)"
binary="$(scripts/release-binary.sh "${SCALING_SCRATCH:-.build/scaling}")"

python3 - "$binary" "${SCALING_TIMEOUT:-600}" "$@" <<'PY'
import os, subprocess, sys, tempfile, time

binary, timeout, wanted = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
markdown = "--markdown" in wanted
wanted = [w for w in wanted if w != "--markdown"]

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
    "thai": "ภาษาไทยไม่มีช่องว่างระหว่างคำ ",
    "mixed-direction": "שלום world עולם hello ",
    "punctuation": ".,;!?",
    "emoji-sequences": "\U0001F469\u200D\U0001F469\u200D\U0001F467",
}
commands = {
    "read words (jsonl)": ["{file}", "--granularity", "word", "--format", "jsonl"],
    "read, width 1": ["{file}", "--width", "1"],
    "units characters": ["units", "{file}", "--granularity", "character"],
    "units words": ["units", "{file}", "--granularity", "word"],
    "units sentences": ["units", "{file}", "--granularity", "sentence"],
    "units lines, width 1": ["units", "{file}", "--granularity", "line", "--width", "1"],
}

def make(path, unit, size):
    data = unit.encode("utf-8")
    count = max(1, size // len(data))
    with open(path, "wb") as out:
        out.write(data * count)

def run(args, path):
    """(wall seconds, CPU seconds, peak RSS in MB, exit status), or None for a hang."""
    argv = [binary] + [a.replace("{file}", path) for a in args]
    start = time.monotonic()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = start + timeout
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            child.kill()
            os.wait4(child.pid, 0)
            return None
        time.sleep(0.01)
    wall = time.monotonic() - start
    code = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, code

def cell(result):
    return "hang" if result is None else "%.2f s, %.0f MB" % (result[0], result[2])

flagged = 0
rows = []
print("%-24s %-21s %7s %8s %7s %8s %7s %6s %6s" % (
    "kind", "command", "exit", "1 MB s", "1 MB MB", "10 MB s", "10MB MB", "ratio", "mem ×"))
with tempfile.TemporaryDirectory() as folder:
    for kind, unit in kinds.items():
        if wanted and kind not in wanted:
            continue
        small, large = os.path.join(folder, "1mb.txt"), os.path.join(folder, "10mb.txt")
        make(small, unit, 1_000_000)
        make(large, unit, 10_000_000)
        size = os.path.getsize(large) / 1e6
        for name, args in commands.items():
            one, ten = run(args, small), run(args, large)
            rows.append((kind, name, one, ten))
            if one is None or ten is None:
                print("%-24s %-21s  HANG (%s; %s)" % (kind, name, cell(one), cell(ten)))
                flagged += 1
                continue
            ratio = ten[1] / max(one[1], 0.01)
            memory = ten[2] / size
            marks = ("  SUPERLINEAR" if ratio > 25 else "") + ("  MEMORY" if memory > 20 else "")
            flagged += 1 if marks else 0
            print("%-24s %-21s %7s %8.2f %7.0f %8.2f %7.0f %6.1f %6.1f%s" % (
                kind, name, "%s/%s" % (one[3], ten[3]), one[0], one[2], ten[0], ten[2], ratio, memory, marks))
            sys.stdout.flush()
if markdown:
    print()
    print("| shape | command | 1 MB | 10 MB | CPU time ×10 MB / 1 MB |")
    print("|---|---|---|---|---|")
    for kind, name, one, ten in rows:
        ratio = "-" if one is None or ten is None else "%.1f" % (ten[1] / max(one[1], 0.01))
        print("| %s | %s | %s | %s | %s |" % (kind, name, cell(one), cell(ten), ratio))

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
