#!/usr/bin/env bash
# Measures `readaloud export` (issue 33), outside the timed tests:
#   - real-time factor (seconds of work per second of audio) of a whole .m4b export at --jobs 1
#     and --jobs N (the core count), side by side, and whether the two files are the same bytes;
#   - peak resident memory of an export (the largest process: the parent or one worker, as
#     /usr/bin/time's maximum RSS of the parent, which waits for its workers), for a book of
#     EXPORT_BENCH_MB MiB (Alice repeated) stopped after EXPORT_BENCH_SECONDS seconds with a
#     Ctrl-C (SIGINT): the parent holds the whole book, each worker one chapter;
#   - sync error: for the first word of every sentence of the book, its SMIL clipBegin (word
#     sync) against the onset sox's silence detection finds in the EPUB's own audio, from the
#     sentence's clipBegin (sentence sync) on.
#
# Usage: scripts/export-bench.sh [BOOK]   (default: Books/alice-in-wonderland.txt cut to its
#        first EXPORT_BENCH_CHARS characters, 20000)
#   READALOUD            the binary (default: .build/debug/readaloud)
#   EXPORT_BENCH_MB      the size of the memory run's book (default 10)
#   EXPORT_BENCH_SECONDS how long the memory run works before its Ctrl-C (default 120)
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "${READALOUD:-.build/debug/readaloud}" "$@" <<'PY'
import os, re, subprocess, sys, tempfile, time, zipfile, signal

binary = os.path.abspath(sys.argv[1])
work = tempfile.mkdtemp(prefix="export-bench-")
if len(sys.argv) > 2:
    book = sys.argv[2]
else:
    book = os.path.join(work, "alice-part.txt")
    with open("Books/alice-in-wonderland.txt", encoding="utf-8") as f:
        open(book, "w", encoding="utf-8").write(f.read()[: int(os.environ.get("EXPORT_BENCH_CHARS", "20000"))])
cores = os.cpu_count() or 1

def export(out, *args):
    start = time.monotonic()
    subprocess.run([binary, "export", book, "--to", out, "--force", *args], check=True, stderr=subprocess.DEVNULL)
    return time.monotonic() - start

def duration(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout
    return float(out.strip())

# Real-time factor, one core against every core: the audiobook (synthesis in parallel, then
# one encoding pass) and the subtitles (synthesis alone).
audio = None
for kind in ["m4b", "srt"]:
    one = os.path.join(work, "one." + kind); every = os.path.join(work, "every." + kind)
    t1 = export(one, "--jobs", "1")
    tn = export(every, "--jobs", str(cores))
    if audio is None:
        audio = duration(one)
        print(f"export: {os.path.basename(book)}: {audio:.1f} s of audio")
    same = open(one, "rb").read() == open(every, "rb").read()
    print(f"export .{kind}: --jobs 1: {t1:.1f} s, real-time factor {t1 / audio:.4f}; --jobs {cores}: {tn:.1f} s, "
          f"real-time factor {tn / audio:.4f} ({tn / t1:.2f}x the one-core time); same bytes: {'yes' if same else 'NO'}")

# Sync error: sox's onset of each sentence's first word against its clipBegin.
def clips(epub):
    found = {}
    with zipfile.ZipFile(epub) as z:
        for name in z.namelist():
            if name.endswith(".smil"):
                chapter = re.search(r"chapter-(\d+)", name).group(1)
                for m in re.finditer(r'#([^"]+)"/><audio src="([^"]+)" clipBegin="([\d.]+)s"', z.read(name).decode()):
                    found[(chapter, m.group(1))] = (m.group(2), float(m.group(3)))
    return found
words_epub = os.path.join(work, "words.epub"); sentences_epub = os.path.join(work, "sentences.epub")
export(words_epub, "--sync", "word"); export(sentences_epub, "--sync", "sentence")
words, sentences = clips(words_epub), clips(sentences_epub)
errors = []
with zipfile.ZipFile(words_epub) as z:
    decoded = {}
    for (chapter, sid), (source, begin) in sorted(sentences.items()):
        first = words.get((chapter, sid + "w1"))
        if not first:
            continue
        if source not in decoded:
            m4a = os.path.join(work, f"c{chapter}.m4a"); open(m4a, "wb").write(z.read("OEBPS/" + source))
            wav = os.path.join(work, f"c{chapter}.wav")
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", m4a, wav], check=True)
            decoded[source] = wav
        span = first[1] + 0.5 - begin
        trimmed = os.path.join(work, "t.wav")
        subprocess.run(["sox", decoded[source], trimmed, "trim", f"{begin:.3f}", f"{span:.3f}",
                        "silence", "1", "0.005", "-35d"], check=True, stderr=subprocess.DEVNULL)
        left = float(subprocess.run(["soxi", "-D", trimmed], capture_output=True, text=True).stdout or 0)
        onset = begin + (span - left)
        errors.append(abs(onset - first[1]) * 1000)
errors.sort()
if errors:
    print(f"export: sync error of {len(errors)} sentence-initial words (SMIL clipBegin vs sox onset): "
          f"median {errors[len(errors) // 2]:.0f} ms, 90th percentile {errors[int(len(errors) * 0.9)]:.0f} ms, "
          f"max {errors[-1]:.0f} ms, within 30 ms: {sum(e <= 30 for e in errors)}/{len(errors)}")

# Peak memory of a big book's export, stopped after a while.
megabytes = int(os.environ.get("EXPORT_BENCH_MB", "10"))
big = os.path.join(work, "big.txt")
alice = open("Books/alice-in-wonderland.txt", "rb").read()
with open(big, "wb") as f:
    while f.tell() < megabytes * 1024 * 1024:
        f.write(alice + b"\n\n")
timer = subprocess.Popen(["/usr/bin/time", "-f", "%M %e", binary, "export", big, "--to",
                          os.path.join(work, "big.m4b"), "--format", "jsonl"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
time.sleep(int(os.environ.get("EXPORT_BENCH_SECONDS", "120")))
for child in subprocess.run(["pgrep", "-P", str(timer.pid)], capture_output=True, text=True).stdout.split():
    os.kill(int(child), signal.SIGINT)
out, err = timer.communicate()
done = sum('"type":"progress"' in line for line in out.splitlines())
peak = [line for line in err.splitlines() if re.fullmatch(r"\d+ [\d.]+", line)]
if peak:
    kb, seconds = peak[-1].split()
    print(f"export: {megabytes} MiB book: peak resident {int(kb) / 1024:.0f} MB over {float(seconds):.0f} s "
          f"({done} chapters finished before the Ctrl-C)")
PY
