#!/usr/bin/env bash
# Measures `readaloud export` (issue 33), outside the timed tests:
#   - real-time factor (seconds of work per second of audio) of a whole .m4b and .srt export of
#     EXPORT_BENCH_SPEED_BOOK (default: all of Alice, 13 chapters) on one core (`taskset -c 0`,
#     --jobs 1: the workers and the parent's encoding thread share the one core) and on every
#     core (--jobs N, the core count), side by side, and whether the two files are the same bytes;
#   - peak resident memory of the parent and of the largest worker (each process's VmHWM,
#     sampled every second): a whole export of an EXPORT_BENCH_FULL_MB MiB book (Alice repeated,
#     default 1) to each of EXPORT_BENCH_FULL_KINDS (default "epub m4b"), and an export of an
#     EXPORT_BENCH_MB MiB book (default 10; 0 for none) stopped after EXPORT_BENCH_SECONDS seconds
#     with a Ctrl-C (its audio would take hours on a small machine);
#   - sync error: for every word heard after a silence, its SMIL clipBegin (word sync) against
#     the onset of its sound in the EPUB's own decoded audio (an energy measure from the
#     engine's mark for the word; some also with sox's silence detection), and the engine's
#     marks against the same onsets (what the clip times were before they were onsets);
#
# Usage: scripts/export-bench.sh [BOOK]   (default: Books/alice-in-wonderland.txt cut to its
#        first EXPORT_BENCH_CHARS characters, 20000)
#   READALOUD            the binary (default: .build/debug/readaloud)
#   EXPORT_BENCH_SPEED_BOOK  the speed runs' book (default Books/alice-in-wonderland.txt)
#   EXPORT_BENCH_FULL_MB the size of the whole memory runs' book (default 1)
#   EXPORT_BENCH_FULL_KINDS the whole memory runs' outputs (default "epub m4b")
#   EXPORT_BENCH_MB      the size of the stopped memory run's book (default 10)
#   EXPORT_BENCH_SECONDS how long the stopped memory run works before its Ctrl-C (default 120)
#   EXPORT_BENCH_SOX_EVERY  every how many measured words one is also measured by sox (default 10)
#   EXPORT_BENCH_PARTS   which measures to run (default "speed sync memory")
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "${READALOUD:-.build/debug/readaloud}" "$@" <<'PY'
import json, os, re, shutil, signal, subprocess, sys, tempfile, time, zipfile
import numpy as np

binary = os.path.abspath(sys.argv[1])
work = tempfile.mkdtemp(prefix="export-bench-")
if len(sys.argv) > 2:
    book = sys.argv[2]
else:
    book = os.path.join(work, "alice-part.txt")
    with open("Books/alice-in-wonderland.txt", encoding="utf-8") as f:
        open(book, "w", encoding="utf-8").write(f.read()[: int(os.environ.get("EXPORT_BENCH_CHARS", "20000"))])
cores = os.cpu_count() or 1
parts = os.environ.get("EXPORT_BENCH_PARTS", "speed sync memory").split()

def export(out, *args):
    start = time.monotonic()
    subprocess.run([binary, "export", book, "--to", out, "--force", *args], check=True, stderr=subprocess.DEVNULL)
    return time.monotonic() - start

def duration(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                         capture_output=True, text=True, check=True).stdout
    return float(out.strip())

if "speed" in parts:
    # Real-time factor, one core against every core: the audiobook (synthesis in parallel,
    # encoded as the chapters finish) and the subtitles (synthesis alone).
    speed_book = os.environ.get("EXPORT_BENCH_SPEED_BOOK", "Books/alice-in-wonderland.txt")
    one_core = ["taskset", "-c", "0"] if shutil.which("taskset") else []
    def timed(command):
        start = time.monotonic()
        subprocess.run(command, check=True, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        return time.monotonic() - start
    audio = None
    for kind in ["m4b", "srt"]:
        one = os.path.join(work, "one." + kind); every = os.path.join(work, "every." + kind)
        command = [binary, "export", speed_book, "--force", "--to"]
        t1 = timed(one_core + command + [one, "--jobs", "1"])
        tn = timed(command + [every, "--jobs", str(cores)])
        if audio is None:
            audio = duration(one)
            print(f"export: {os.path.basename(speed_book)}: {audio:.1f} s of audio")
        same = open(one, "rb").read() == open(every, "rb").read()
        print(f"export .{kind}: one core{' (taskset -c 0)' if one_core else ''}, --jobs 1: {t1:.1f} s, real-time "
              f"factor {t1 / audio:.4f}; {cores} cores, --jobs {cores}: {tn:.1f} s, real-time factor {tn / audio:.4f} "
              f"({tn / t1:.2f}x the one-core time); same bytes: {'yes' if same else 'NO'}")

if "sync" in parts:
    # Sync error, for every word heard after a silence (the first word of an utterance, a word
    # after a comma's pause or beginning with a stop consonant, whose closure is silent): its SMIL
    # clipBegin against the onset of its sound in the EPUB's own decoded audio. The onset is found
    # from the engine's mark for the word (kept in the worker's timing file next to the word's
    # time), by an energy measure of its own: the 10 ms from 2 ms after the mark are silent (RMS
    # below -60 dBFS), and the onset is the first 2 ms (1 ms steps) whose RMS reaches -50 dBFS,
    # before the next word's mark. The decoded audio is also checked against the PCM it was
    # encoded from (an AAC delay would shift it against the clip times). Every
    # EXPORT_BENCH_SOX_EVERY'th word (default 10) is also measured with sox's silence detection
    # (`silence 1 0.005 -35d`, as first measured, and -50d), from 2 ms after the mark (espeak-ng
    # gives marks in whole milliseconds, rounded down, so the word before can end just after it,
    # and sox averages over 20 ms).
    # Words that have no clip of their own (the engine's mark and the next one in the same
    # millisecond) are left out.
    def rms(x):
        return float(np.sqrt(np.mean(np.square(x, dtype=np.float64)))) if len(x) else 0.0

    def dbfs(decibels):
        return 32768 * 10 ** (decibels / 20)

    def summary(label, errors):
        errors = sorted(errors)
        if errors:
            print(f"export: sync error of {len(errors)} words after a silence, {label}: median {errors[len(errors) // 2]:.0f} ms, "
                  f"90th percentile {errors[int(len(errors) * 0.9)]:.0f} ms, max {errors[-1]:.0f} ms, "
                  f"within 30 ms: {sum(e <= 30 for e in errors)}/{len(errors)}")

    def sox_onset(wav, start, span, threshold):
        trimmed = os.path.join(work, "t.wav")
        subprocess.run(["sox", wav, trimmed, "trim", f"{start:.4f}", f"{span:.4f}", "silence", "1", "0.005", threshold],
                       check=True, stderr=subprocess.DEVNULL)
        left = float(subprocess.run(["soxi", "-D", trimmed], capture_output=True, text=True).stdout or 0)
        return start + (span - left)

    # The chapters' audio and timing as the export makes them: the export stopped by a Ctrl-C as
    # soon as its plan is written (OUT.partial/ is kept), each chapter synthesized by a worker
    # run here with the plan's elements and its files copied, then the EPUB made from them by
    # --resume.
    words_epub = os.path.join(work, "words.epub"); partial = words_epub + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    run = subprocess.Popen([binary, "export", book, "--to", words_epub, "--force", "--jobs", "1"],
                           stderr=subprocess.DEVNULL, start_new_session=True)
    while not os.path.exists(os.path.join(partial, "plan.json")) and run.poll() is None:
        time.sleep(0.005)
    os.killpg(run.pid, signal.SIGINT); run.wait()
    plan = json.load(open(os.path.join(partial, "plan.json")))
    chapters = []  # (timing, the WAV's samples, the decoded audio, its WAV file, clipBegin in ms -> sample)
    for number, chapter in enumerate(plan["chapters"], 1):
        subprocess.run([binary, "export", book, "--to", words_epub, "--worker", f"{number}:{chapter['first']}:{chapter['end']}"],
                       check=True)
        for kind in ["json", "wav"]:
            shutil.copy(os.path.join(partial, f"chapter-{number}.{kind}"), os.path.join(work, f"chapter-{number}.{kind}"))
    subprocess.run([binary, "export", book, "--to", words_epub, "--sync", "word", "--resume"], check=True,
                   stderr=subprocess.DEVNULL)
    with zipfile.ZipFile(words_epub) as z:
        for number in range(1, len(plan["chapters"]) + 1):
            timing = json.load(open(os.path.join(work, f"chapter-{number}.json")))
            rate = timing["sampleRate"]
            pcm = np.fromfile(os.path.join(work, f"chapter-{number}.wav"), dtype="<i2", offset=44).astype(np.float64)
            smil = z.read(f"OEBPS/chapter-{number}.smil").decode()
            m4a = os.path.join(work, f"chapter-{number}.m4a")
            open(m4a, "wb").write(z.read("OEBPS/" + re.search(r'<audio src="([^"]+)"', smil).group(1)))
            wav = os.path.join(work, f"decoded-{number}.wav")
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", m4a, wav], check=True)
            raw = subprocess.run(["ffmpeg", "-v", "error", "-i", m4a, "-f", "s16le", "-ac", "1", "-ar", str(rate), "-"],
                                 capture_output=True, check=True).stdout
            decoded = np.frombuffer(raw, dtype="<i2").astype(np.float64)
            clips = {round(float(b) * 1000): round(float(b) * rate) for b in re.findall(r'clipBegin="([\d.]+)s"', smil)}
            # The decoded audio against the PCM it was encoded from (an AAC encoder's priming
            # would delay it): the lag that matches best, over the first 10 s.
            span = min(len(decoded), len(pcm), 10 * rate) - 2000
            lags = {lag: float(np.dot(decoded[1000 + lag:1000 + lag + span], pcm[1000:1000 + span])) for lag in range(-1000, 1001)}
            print(f"export: chapter {number}: its decoded AAC matches its PCM best {max(lags, key=lags.get)} samples later "
                  f"(of -1000 to 1000); {len(decoded)} samples decoded, {len(pcm)} in the PCM")
            chapters.append((timing, pcm, decoded, wav, clips))

    errors, marks_errors, sox = [], [], {"-35d": [], "-50d": []}
    every = int(os.environ.get("EXPORT_BENCH_SOX_EVERY", "10"))
    for timing, pcm, decoded, wav, clips in chapters:
        rate = timing["sampleRate"]; ms = rate // 1000
        for sentence in timing["sentences"]:
            words = sentence["words"]
            for k, word in enumerate(words):
                mark = word["mark"]; end = words[k + 1]["mark"] if k + 1 < len(words) else sentence["finish"]
                if rms(decoded[mark + 2 * ms:mark + 12 * ms]) >= dbfs(-60):
                    continue  # not after a silence
                onset = mark + 2 * ms
                while onset + 2 * ms <= end and rms(decoded[onset:onset + 2 * ms]) < dbfs(-50):
                    onset += ms
                clip = clips.get(word["begin"] * 1000 // rate)
                if onset + 2 * ms > end or clip is None:
                    continue  # no sound before the next word, or no clip of its own
                errors.append(abs(clip - onset) * 1000 / rate)
                marks_errors.append(abs(mark - onset) * 1000 / rate)
                if len(errors) % every == 0:
                    for threshold in sox:
                        found = sox_onset(wav, (mark + 2 * ms) / rate, (end - mark - 2 * ms) / rate, threshold)
                        sox[threshold].append((found - clip / rate) * 1000)
    summary("engine marks (the clip times before onsets were used)", marks_errors)
    summary("SMIL clipBegin", errors)
    for threshold, found in sox.items():
        summary(f"SMIL clipBegin against sox's onset (silence 1 0.005 {threshold}), every {every}th word",
                [abs(e) for e in found])
        if found:
            print(f"export: sox's onset at {threshold} is later than the clip by a median {sorted(found)[len(found) // 2]:.0f} ms, "
                  f"earlier by more than 5 ms for {sum(e < -5 for e in found)} words")

if "memory" in parts:
    # Peak memory of the parent and of the largest worker, each process's high-water mark
    # (VmHWM) sampled every second while `command` runs; stopped with a Ctrl-C after `seconds`.
    def peaks(command, seconds=None):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        parent = worker = 0
        start = time.monotonic()
        def hwm(pid):
            try:
                with open(f"/proc/{pid}/status") as status:
                    return next((int(l.split()[1]) for l in status if l.startswith("VmHWM:")), 0)
            except OSError:
                return 0
        while process.poll() is None:
            parent = max(parent, hwm(process.pid))
            children = subprocess.run(["pgrep", "-P", str(process.pid)], capture_output=True, text=True).stdout.split()
            worker = max([worker] + [hwm(int(child)) for child in children])
            if seconds and time.monotonic() - start > seconds:
                process.send_signal(signal.SIGINT)
                seconds = None
            time.sleep(1)
        return parent / 1024, worker / 1024, time.monotonic() - start
    def alice_book(megabytes):
        path = os.path.join(work, f"alice-{megabytes}mib.txt")
        alice = open("Books/alice-in-wonderland.txt", "rb").read()
        with open(path, "wb") as f:
            while f.tell() < megabytes * 1024 * 1024:
                f.write(alice + b"\n\n")
        return path
    full = float(os.environ.get("EXPORT_BENCH_FULL_MB", "1"))
    whole = alice_book(full)
    for kind in os.environ.get("EXPORT_BENCH_FULL_KINDS", "epub m4b").split():
        out = os.path.join(work, f"whole.{kind}")
        parent, worker, seconds = peaks([binary, "export", whole, "--to", out, "--force"])
        hours = duration(out) / 3600 if kind == "m4b" else None
        chapters = len(json.loads(subprocess.run(["ffprobe", "-v", "error", "-show_chapters", "-of", "json", out],
                                                 capture_output=True, text=True).stdout or "{}").get("chapters", []))
        print(f"export: whole {full:g} MiB book to .{kind}: peak resident parent {parent:.0f} MB, worker {worker:.0f} MB"
              f" ({seconds:.0f} s, {os.path.getsize(out) / 1e6:.0f} MB{f', {hours:.1f} h of audio, {chapters} chapters' if hours else ''})")
        os.remove(out)
    megabytes = float(os.environ.get("EXPORT_BENCH_MB", "10"))
    if megabytes <= 0:
        sys.exit(0)
    big = alice_book(megabytes)
    seconds = int(os.environ.get("EXPORT_BENCH_SECONDS", "120"))
    parent, worker, _ = peaks([binary, "export", big, "--to", os.path.join(work, "big.epub"), "--force"], seconds)
    print(f"export: {megabytes:g} MiB book to .epub, stopped after {seconds} s: peak resident parent {parent:.0f} MB, "
          f"worker {worker:.0f} MB")

PY
