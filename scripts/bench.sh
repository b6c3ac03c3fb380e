#!/bin/sh
# Builds readaloud in release mode and runs its bench from the package root: the bundled books
# and a synthetic 10 MB one, each measured against raw ICU in the same run.
#
#   scripts/bench.sh                      print the table
#   scripts/bench.sh bench.json           print the table and save the JSON report too
#   BENCH_ARGS="--repetitions 5" scripts/bench.sh    more options for `readaloud bench`
#
# SCRATCH sets the build directory (default .build), e.g. SCRATCH=/tmp/build-bench.
set -eu
cd "$(dirname "$0")/.."
scratch=${SCRATCH:-.build}
swift build -c release --scratch-path "$scratch" --product readaloud
if [ -n "${1:-}" ]; then
    # shellcheck disable=SC2086
    "$scratch/release/readaloud" bench --json-file "$1" ${BENCH_ARGS:-}
else
    # shellcheck disable=SC2086
    "$scratch/release/readaloud" bench ${BENCH_ARGS:-}
fi
