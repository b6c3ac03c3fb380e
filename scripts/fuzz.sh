#!/usr/bin/env bash
# Fuzzes readaloud's public API with libFuzzer and AddressSanitizer for a bounded time.
#
# Usage: scripts/fuzz.sh [SECONDS] [LIBFUZZER_FLAG...]
#   SECONDS   how long to fuzz (default 60)
#   FUZZ_CORPUS   the corpus folder, kept between runs (default .build/fuzz/corpus); seeded from
#                 snippets of Books/ when empty
#   FUZZ_SCRATCH  the build folder (default .build/fuzz/build)
#
# Builds TextNavigation with `swift build --sanitize=fuzzer --sanitize=address` (coverage and
# ASan instrumentation), links Fuzz/ReadaloudFuzzer/*.swift against it with swiftc, then runs it.
# Prints the number of executions and the crashes found; a crash's input is saved under
# .build/fuzz/artifacts/ and the script exits 1. Replay one with:
#   .build/fuzz/build/release/readaloud-fuzz .build/fuzz/artifacts/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
corpus="${FUZZ_CORPUS:-.build/fuzz/corpus}"
scratch="${FUZZ_SCRATCH:-.build/fuzz/build}"
artifacts=".build/fuzz/artifacts"
mkdir -p "$corpus" "$artifacts"

sanitizers=(--sanitize=fuzzer --sanitize=address)
echo "fuzz: building TextNavigation and TextNavigationBooks with ${sanitizers[*]} (release)"
swift build -c release --scratch-path "$scratch" "${sanitizers[@]}" --target TextNavigationBooks
bin="$(swift build -c release --scratch-path "$scratch" "${sanitizers[@]}" --show-bin-path)"

fuzzer="$bin/readaloud-fuzz"
echo "fuzz: linking $fuzzer"
swiftc -O -parse-as-library -sanitize=fuzzer,address -module-name ReadaloudFuzzer \
    Fuzz/ReadaloudFuzzer/*.swift \
    -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/CICU.build/module.modulemap" \
    -Xcc -fmodule-map-file="Sources/CZip/module.modulemap" \
    -Xcc -fmodule-map-file="$bin/CEPUBXML.build/module.modulemap" \
    "$bin"/TextNavigation.build/*.o "$bin"/TextNavigationBooks.build/*.o "$bin"/CICU.build/*.o \
    "$bin"/CEPUBXML.build/*.o \
    -licui18n -licuuc -licudata -lzip -lxml2 \
    -o "$fuzzer"

# Seeds: a program header (flags, width, lines per page, no operations) and a snippet of each
# book, cut at line starts; plus a few with operations, so the first runs cover the API. For
# EPUB (see Fuzz/ReadaloudFuzzer/EPUBFuzzInput.swift): the small corpus books and the books
# built for the reading-system requirements (Tests/Fixtures/epub/make_conformance_books.py) as
# ZIP bytes, and each as a recipe of its XML, SMIL and SVG entries (cut to fit), which libzip
# packs.
if [ -z "$(ls -A "$corpus")" ]; then
    echo "fuzz: seeding $corpus from Books/"
    python3 - "$corpus" <<'PY'
import os, sys
corpus = sys.argv[1]
books = sorted(f for f in os.listdir("Books") if f.endswith(".txt") and not f.startswith("LICENSE"))
count = 0
for index, name in enumerate(books):
    data = open(os.path.join("Books", name), "rb").read()
    for part in range(4):
        start = data.find(b"\n", len(data) * part // 4) + 1
        snippet = data[start:start + 1500].decode("utf-8", "ignore").encode("utf-8")
        locale = {"rashomon.txt": 1, "kokoro.txt": 1, "udhr-arabic.txt": 2, "lunyu-analects.txt": 4}.get(name, 0)
        flags = locale << 2
        operations = bytes((i * 37 + part * 11 + index) % 256 for i in range(48))
        for header in (bytes([flags, part + 1, 5, 0]), bytes([flags, part + 7, 9, len(operations)]) + operations):
            with open(os.path.join(corpus, "seed-%02d" % count), "wb") as out:
                out.write(header + snippet)
            count += 1
import subprocess, tempfile, zipfile
# The corpus books, and the books built for each reading-system requirement.
built = tempfile.mkdtemp()
subprocess.run([sys.executable, "Tests/Fixtures/epub/make_conformance_books.py", built], check=True)
sources = [("Tests/Fixtures/epub", name) for name in sorted(os.listdir("Tests/Fixtures/epub"))]
sources += [(built, name) for name in sorted(os.listdir(built))]
for folder, name in (source for source in sources if source[1].endswith(".epub")):
    data = open(os.path.join(folder, name), "rb").read()
    if 0 < len(data) <= 4000:
        with open(os.path.join(corpus, "seed-%02d" % count), "wb") as out:
            out.write(bytes([0, 7, 30, 0]) + data)
        count += 1
    try:
        archive = zipfile.ZipFile(os.path.join(folder, name))
    except zipfile.BadZipFile:
        continue
    recipe = b"EPUB\n"
    for info in archive.infolist():
        if info.filename == "mimetype" or info.filename.endswith((".xml", ".opf", ".xhtml", ".ncx", ".smil", ".svg")):
            content = archive.read(info.filename)[:1200]
            recipe += b"\n@@ " + info.filename.encode("utf-8") + b"\n" + content
    with open(os.path.join(corpus, "seed-%02d" % count), "wb") as out:
        out.write(bytes([0, 7, 30, 0]) + recipe[:4000])
    count += 1
print("fuzz: %d seeds" % count)
PY
fi

log=".build/fuzz/last-run.log"
before="$(ls "$artifacts" | wc -l)"
echo "fuzz: running for ${seconds}s on $(nproc) cores"
set +e
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$fuzzer" "$corpus" \
    -max_total_time="$seconds" -max_len=4096 -timeout=20 -rss_limit_mb=3072 \
    -dict=Fuzz/ReadaloudFuzzer/readaloud.dict -artifact_prefix="$artifacts/" -print_final_stats=1 "$@" \
    >"$log" 2>&1
status=$?
set -e
after="$(ls "$artifacts" | wc -l)"
executions="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
tail -n 25 "$log" | grep -v '^stat::' || true
echo "fuzz: ${executions:-?} executions in ${seconds}s, corpus $(ls "$corpus" | wc -l) inputs, $((after - before)) crashes found (exit $status)"
if [ "$status" -ne 0 ] || [ "$after" -ne "$before" ]; then
    echo "fuzz: FAILED; inputs in $artifacts/, full log in $log" >&2
    grep -m 5 -E 'readaloud-fuzz:|ERROR: |Fatal error' "$log" >&2 || true
    exit 1
fi
