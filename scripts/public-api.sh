#!/usr/bin/env bash
# Counts the public API of the library products from the compiler's symbol graphs: public
# symbols per module, and public top-level types (those whose path has one component).
#
# Usage: scripts/public-api.sh [MODULE...]
#   MODULE defaults to the six libraries, TextNavigation TextNavigationBooks TextNavigationStore
#   TextNavigationSpeech TextNavigationAccessibility TextNavigationRender (a module the package does not have, such as the single library before
#   the split, prints nothing).
#   PUBLIC_API_SCRATCH  where the libraries are built with symbol graphs (default
#                       .build/public-api), apart from the ordinary .build/debug.
#   PUBLIC_API_LIST=1   also lists the top-level types, one per line.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(TextNavigation TextNavigationBooks TextNavigationStore TextNavigationSpeech TextNavigationAccessibility TextNavigationRender)
scratch=${PUBLIC_API_SCRATCH:-.build/public-api}
graphs="$scratch/symbol-graphs"
# Not emptied first: an up-to-date module is not rebuilt, and its graphs are not written again.
mkdir -p "$graphs"
for module in "${modules[@]}"; do
    if ! swift build --target "$module" --scratch-path "$scratch" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >"$scratch/build.log" 2>&1; then
        cat "$scratch/build.log" >&2
        echo "public-api: swift build of $module with symbol graphs failed" >&2
        exit 1
    fi
done

# One line per module: its symbols (its own graph and its extensions of other modules' types),
# those of them declared in its source (the rest are members the compiler gives: a protocol's
# default implementations, synthesized conformances), and its top-level types (struct, class,
# enum, protocol, actor, typealias).
python3 - "$graphs" "${modules[@]}" <<'PYTHON'
import glob, json, os, sys

graphs, modules = sys.argv[1], sys.argv[2:]
type_kinds = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor", "swift.typealias"}
total_symbols = total_declared = total_types = 0
for module in modules:
    files = [os.path.join(graphs, f"{module}.symbols.json")]
    files += sorted(glob.glob(os.path.join(graphs, f"{module}@*.symbols.json")))
    symbols, declared, types = set(), set(), set()
    for path in files:
        if not os.path.exists(path):
            continue
        with open(path) as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            symbols.add(symbol["identifier"]["precise"])
            if "location" in symbol:
                declared.add(symbol["identifier"]["precise"])
            components = symbol["pathComponents"]
            if len(components) == 1 and symbol["kind"]["identifier"] in type_kinds and path.endswith(f"{module}.symbols.json"):
                types.add(components[0])
    if not symbols:
        continue
    total_symbols += len(symbols)
    total_declared += len(declared)
    total_types += len(types)
    print(f"{module}: {len(symbols)} public symbols ({len(declared)} declared in source), "
          f"{len(types)} public top-level types")
    if os.environ.get("PUBLIC_API_LIST") == "1":
        for name in sorted(types):
            print(f"  {name}")
print(f"total: {total_symbols} public symbols ({total_declared} declared in source), "
      f"{total_types} public top-level types")
PYTHON
