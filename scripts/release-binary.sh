#!/usr/bin/env bash
# Builds readaloud in release mode with the scratch path $1 (default .build) and prints the
# path of the binary; the measuring scripts run what it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build}"
swift build -c release --scratch-path "$scratch" --product readaloud >/dev/null
echo "$(swift build -c release --scratch-path "$scratch" --show-bin-path)/readaloud"
