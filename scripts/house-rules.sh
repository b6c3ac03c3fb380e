#!/usr/bin/env bash
# Prints every Swift file under Sources/, Tests/ and Examples/ over 400 lines and every
# function, initializer, subscript or property body over 60 lines that has no
# `// Long because: <reason>` comment directly above it (for a file, before its first
# declaration), by the rules in
# Tests/TextNavigationTests/HouseRules/HouseRulesCheck.swift (the same check `swift test` runs as
# HouseRulesTests); exits 1 when there is one, or an allowlist entry that matches nothing.
#
# Usage: scripts/house-rules.sh
#   HOUSE_RULES_SCRATCH  where the checker is built (default .build/house-rules)
# Compiles the check, its scanner and the scanner's blanker alone with swiftc (a few seconds),
# so it needs no package build.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${HOUSE_RULES_SCRATCH:-.build/house-rules}"
mkdir -p "$scratch"
cat >"$scratch/main.swift" <<'SWIFT'
import Foundation

let report = try HouseRulesCheck.check(repositoryRoot: URL(fileURLWithPath: CommandLine.arguments[1]))
for offender in report.offenders { print("house rules: \(offender)") }
for stale in report.staleAllowlistEntries {
    print("house rules: \(stale) is no longer over the limit: remove it from HouseRulesCheck.temporaryAllowlist")
}
for entry in HouseRulesCheck.temporaryAllowlist.sorted() { print("house rules: allowed for now: \(entry)") }
let failed = !report.offenders.isEmpty || !report.staleAllowlistEntries.isEmpty
print(
    "house rules: \(report.files.count) files read; "
        + (failed
            ? "split the above, or write `\(SourceSizeScanner.marker) <reason>` directly above the declaration"
            : "no file over \(HouseRulesCheck.fileLimit) lines, no body over \(HouseRulesCheck.bodyLimit) without a reason"))
exit(failed ? 1 : 0)
SWIFT
swiftc -O -module-name HouseRules -o "$scratch/house-rules" \
    Tests/TextNavigationTests/HouseRules/HouseRulesCheck.swift \
    Tests/TextNavigationTests/HouseRules/SourceSizeScanner.swift \
    Tests/TextNavigationTests/HouseRules/CommentAndStringBlanker.swift "$scratch/main.swift"
"$scratch/house-rules" "$PWD"
