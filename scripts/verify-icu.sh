#!/usr/bin/env bash
# Verifies readaloud's Swift fast paths against the ICU installed here: computes every boundary
# of the corpus (every book of Books/ and Tests/Fixtures/books, as the reader makes its
# paragraphs and as it is on disk, and every element of the EPUB fixtures) at every granularity
# the scans decide (characters, words, sentences, lines at 1, 20 and 72 cells) twice, by the
# scans and by ICU alone, and prints the units compared and every disagreement (text, offset,
# context). Exits 1 on any disagreement.
#
# The scans run only on the ICU major versions in FastPaths.verifiedICUMajorVersions
# (Sources/TextNavigation/Tokenization/FastPaths.swift); elsewhere ICU decides every boundary.
# To verify a new ICU: run this with it installed; when it prints `disagreements: 0`, add its
# major version to that set (and to docs/icu-versions.md).
#
# Usage: scripts/verify-icu.sh
# Runs the full sweep of FastPathComparisonTests (swift test, debug build).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "verify-icu: ICU $(pkg-config --modversion icu-uc 2>/dev/null || echo '(pkg-config does not know)')"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
READALOUD_FULL_TESTS=1 READALOUD_VERIFY_REPORT=1 \
    swift test --filter 'FastPathComparisonTests/theScansAgreeWithICUAloneOverEveryBook' >"$log" 2>&1 || status=$?
grep -v '^◇\|^↳\|^\[[0-9]*/[0-9]*\]' "$log" || true
if [ "$status" -ne 0 ] || ! grep -q '^disagreements: 0$' "$log"; then
    echo "verify-icu: the scans and ICU disagree (or the run failed): the fast paths are not verified for this ICU"
    exit 1
fi
echo "verify-icu: the scans agree with ICU alone over the corpus"
