#!/usr/bin/env bash
# Prints every file of Sources/TextNavigation that uses a type declared in a folder above its
# own, by the table of allowed directions in Tests/TextNavigationTests/Architecture/
# LayeringCheck.swift (the same check `swift test` runs as LayeringTests); exits 1 when there is
# one, or an allowlist entry that matches nothing, or a folder the table does not place.
#
# Usage: scripts/layering.sh
#   LAYERING_SCRATCH  where the checker is built (default .build/layering)
# Compiles LayeringCheck.swift alone with swiftc (a few seconds), so it needs no package build.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${LAYERING_SCRATCH:-.build/layering}"
mkdir -p "$scratch"
cat >"$scratch/main.swift" <<'SWIFT'
import Foundation

let root = URL(fileURLWithPath: CommandLine.arguments[1])
let report = try LayeringCheck.check(repositoryRoot: root)
var failed = false
for violation in report.violations {
    print("layering: \(violation)")
    failed = true
}
for stale in report.staleAllowlistEntries {
    print("layering: \(stale)")
    failed = true
}
for folder in report.unplacedFolders {
    print("layering: Sources/TextNavigation/\(folder) has no place in LayeringCheck.layers")
    failed = true
}
for (file, type, until) in LayeringCheck.temporaryAllowlist {
    print("layering: allowed for now: \(file) uses \(type) (until \(until))")
}
print("layering: \(failed ? "upward uses found" : "no folder uses a folder above it")")
exit(failed ? 1 : 0)
SWIFT
swiftc -O -module-name Layering -o "$scratch/layering" \
    Tests/TextNavigationTests/Architecture/LayeringCheck.swift "$scratch/main.swift"
"$scratch/layering" "$PWD"
