#!/usr/bin/env bash
# Builds the TextNavigation documentation with the Swift toolchain alone: the public API's
# symbol graphs from a build of the library, then the toolchain's `docc convert` over
# Sources/TextNavigation/TextNavigation.docc.
#
# Usage: scripts/docs.sh [--report]
#   By default any documentation warning fails the script (CI runs it this way).
#   --report (or READALOUD_DOCS_REPORT=1) prints the warnings, counted per file, and exits 0.
#
# The library is built with symbol graphs in .build/docs (DOCS_SCRATCH overrides it), and the
# archive written to .build/docs/TextNavigation.doccarchive (DOCS_OUTPUT overrides it); any
# static file server shows it.
set -euo pipefail
cd "$(dirname "$0")/.."

report=${READALOUD_DOCS_REPORT:-0}
for argument in "$@"; do
    case "$argument" in
        --report) report=1 ;;
        -h | --help)
            sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
            exit 0
            ;;
        *)
            echo "Error: unknown argument '$argument'" >&2
            echo "Usage: scripts/docs.sh [--report]" >&2
            exit 64
            ;;
    esac
done

catalog=Sources/TextNavigation/TextNavigation.docc
output=${DOCS_OUTPUT:-.build/docs/TextNavigation.doccarchive}

# docc ships in the toolchain's bin folder, beside swift.
docc=$(command -v docc || true)
if [ -z "$docc" ]; then
    swift_path=$(command -v swift) || { echo "docs: swift is not on PATH" >&2; exit 69; }
    docc="$(dirname "$(readlink -f "$swift_path")")/docc"
fi
if [ ! -x "$docc" ]; then
    echo "docs: no docc beside swift ($docc); install a Swift toolchain that has it" >&2
    exit 69
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Symbol graphs of the public API only, emitted by the compiler as it builds the library.
# (`swift package dump-symbol-graph` also tries the package's test modules, which it has not
# built, and fails.) The compiler flags differ from an ordinary build's, so the build has its
# own scratch folder: the ordinary .build/debug is left alone. The graphs are rewritten whenever
# the module is, so an unchanged library is not rebuilt.
scratch=${DOCS_SCRATCH:-.build/docs}
symbol_graphs="$scratch/symbol-graphs"
mkdir -p "$symbol_graphs"
echo "docs: building TextNavigation with its public symbol graph in $scratch"
if ! swift build --target TextNavigation --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$symbol_graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "docs: swift build of TextNavigation with symbol graphs failed" >&2
    exit 1
fi
if [ ! -s "$symbol_graphs/TextNavigation.symbols.json" ]; then
    echo "docs: the build wrote no $symbol_graphs/TextNavigation.symbols.json" >&2
    exit 1
fi
mkdir "$work/symbol-graphs"
cp "$symbol_graphs"/TextNavigation.symbols.json "$work/symbol-graphs/"
# Extensions of other modules' types, if the library ever makes public ones.
for graph in "$symbol_graphs"/TextNavigation@*.symbols.json; do
    [ -e "$graph" ] && cp "$graph" "$work/symbol-graphs/"
done

rm -rf "$output"
mkdir -p "$(dirname "$output")"
strictness=(--warnings-as-errors)
[ "$report" = 1 ] && strictness=()
status=0
"$docc" convert "$catalog" \
    --additional-symbol-graph-dir "$work/symbol-graphs" \
    --output-path "$output" \
    --fallback-display-name TextNavigation \
    --fallback-bundle-identifier readaloud.TextNavigation \
    --ide-console-output \
    "${strictness[@]}" \
    >"$work/docc.log" 2>&1 || status=$?

# The diagnostics, with paths relative to the package, then how many each file has.
sed "s|$PWD/||g" "$work/docc.log" | grep -E '(warning|error):' >"$work/diagnostics.log" || true
count=$(wc -l <"$work/diagnostics.log")
if [ "$count" -gt 0 ]; then
    cat "$work/diagnostics.log"
    echo "docs: diagnostics per file:"
    sed -E 's/^([^:]*):.*/\1/' "$work/diagnostics.log" | sort | uniq -c | sort -rn
fi
if [ "$status" -ne 0 ]; then
    # docc failed: with --warnings-as-errors a warning is enough; its full log says why.
    [ "$count" -gt 0 ] || cat "$work/docc.log" >&2
    echo "docs: $count documentation warning(s) or error(s); docc convert failed (exit $status)" >&2
    echo "docs: scripts/docs.sh --report lists them without failing" >&2
    exit 1
fi
if [ "$count" -gt 0 ] && [ "$report" != 1 ]; then
    echo "docs: $count documentation diagnostic(s) that docc did not fail on" >&2
    exit 1
fi
echo "docs: $count warning(s); archive at $output"
