#!/usr/bin/env bash
# Checks the house rules on size: no source file under Sources/ over 400 lines, and no function,
# initializer, subscript or property body over 60 lines, unless a comment directly above it (for
# a file, before its first declaration) starts with `// Long because:` and gives the reason.
#
# Usage: scripts/house-rules.sh
#
# The check is a test (Tests/TextNavigationTests/HouseRules), so that `swift test` runs it too;
# this runs that suite alone and lists each offender with its line and length.
set -euo pipefail
cd "$(dirname "$0")/.."
exec swift test --filter HouseRulesTests
