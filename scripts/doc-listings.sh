#!/usr/bin/env bash
# Compiles, and runs, every ```swift listing of the documentation: the DocC articles
# (Sources/*/*.docc/*.md), docs/*.md and README.md. Each article's listings become one program
# (an executable target of a throwaway package that depends on this package by path and on
# every library product it has), built and then run from the package root. A listing that does
# not compile fails the script with the article and line (the compiler's message points into
# the article itself); a program that exits non-zero fails it with the article's name.
# docs/listings.md describes the `<!-- listing: ... -->` markers a listing may carry.
#
# Usage: scripts/doc-listings.sh [--self-check] [ARTICLE.md ...]
#   ARTICLE.md ...  the markdown files to check (default: all of the above)
#   --self-check    prove that the check fails: a listing that does not compile and one that
#                   throws, each in a temporary article, must each fail the script, with the
#                   article and line for the first; exits 0 when both did
#   LISTINGS_SCRATCH  the throwaway package and its build (default .build/doc-listings); the
#                   library's build is kept there, so a second run rebuilds only the listings
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; }

self_check=0
articles=()
for argument in "$@"; do
    case "$argument" in
        --self-check) self_check=1 ;;
        -h | --help) usage; exit 0 ;;
        -*) echo "Error: unknown option '$argument'" >&2; usage >&2; exit 64 ;;
        *) articles+=("$argument") ;;
    esac
done

if [ "$self_check" = 1 ]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # Line 7 of this article calls a method the library does not have.
    printf '%s\n' '# Broken' '' 'A listing that does not compile:' '' '```swift' \
        'let tokenizer = try StringTokenizer("One. Two.")' 'tokenizer.noSuchMethod()' '```' >"$work/Uncompilable.md"
    printf '%s\n' '# Throws' '' '```swift' 'let place = try Locator(json: "not a locator")' \
        'print(place)' '```' >"$work/Throwing.md"
    status=0
    "$0" "$work/Uncompilable.md" >"$work/uncompilable.log" 2>&1 || status=$?
    if [ "$status" -eq 0 ] || ! grep -q "Uncompilable.md:7:.*error:" "$work/uncompilable.log"; then
        cat "$work/uncompilable.log" >&2
        echo "doc-listings: self-check failed: an uncompilable listing gave exit $status, without Uncompilable.md:7 and an error" >&2
        exit 1
    fi
    status=0
    "$0" "$work/Throwing.md" >"$work/throwing.log" 2>&1 || status=$?
    if [ "$status" -eq 0 ] || ! grep -q "Throwing.md.*failed" "$work/throwing.log"; then
        cat "$work/throwing.log" >&2
        echo "doc-listings: self-check failed: a listing that throws gave exit $status" >&2
        exit 1
    fi
    echo "doc-listings: self-check passed: an uncompilable listing and a throwing one each fail the check"
    exit 0
fi

if [ "${#articles[@]}" -eq 0 ]; then
    for article in Sources/*/*.docc/*.md docs/*.md README.md; do
        [ -e "$article" ] && articles+=("$article")
    done
fi

scratch=${LISTINGS_SCRATCH:-.build/doc-listings}
mkdir -p "$scratch"
scratch=$(cd "$scratch" && pwd)
package="$scratch/package"
mkdir -p "$package"

# The package's library products, which every listing program depends on (a listing imports
# the ones it uses).
products=$(swift package dump-package | python3 -c '
import json, sys
print(" ".join(p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"]))')
if [ -z "$products" ]; then
    echo "doc-listings: the package has no library product" >&2
    exit 1
fi

# Writes the throwaway package: one executable target per article with listings, and one
# manifest per `manifest` listing; prints "target<TAB>article" for each program.
python3 - "$root" "$package" "$products" "${articles[@]}" >"$scratch/programs.tsv" <<'PY'
import os, re, shutil, sys

root, package, products, articles = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4:]
identity = os.path.basename(root).lower()
KEYWORDS = {"scope", "compile-only", "manifest"}

def fail(article, line, message):
    sys.stderr.write(f"{article}:{line}: error: {message}\n")
    sys.exit(1)

def listings(path):
    """Yields (keywords, context lines with their line numbers, block lines with theirs)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    marker = None  # (keywords, context) of a comment just above the next fence
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if stripped.startswith("<!-- listing:"):
            start = i
            head = stripped[len("<!-- listing:"):]
            context = []
            closed = head.endswith("-->")
            if closed:
                head = head[: -len("-->")]
            while not closed:
                i += 1
                if i == len(lines):
                    fail(path, start + 1, "a listing marker with no closing -->")
                if lines[i].strip() == "-->":
                    closed = True
                else:
                    context.append((i + 1, lines[i]))
            keywords = head.split()
            for keyword in keywords:
                if keyword not in KEYWORDS:
                    fail(path, start + 1, f"unknown listing keyword '{keyword}' (known: {', '.join(sorted(KEYWORDS))})")
            marker = (set(keywords), context, start + 1)
            i += 1
            continue
        if stripped == "```swift":
            indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
            block = []
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                text = lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip()
                block.append((i + 1, text))
                i += 1
            keywords, context, _ = marker or (set(), [], 0)
            yield keywords, context, block
            marker = None
        elif stripped.startswith("```"):
            # Another language's block (it may show a marker as text): skipped whole.
            if marker is not None:
                fail(path, marker[2], "a listing marker not directly above a ```swift block")
            i += 1
            while i < len(lines) and lines[i].strip() != "```":
                i += 1
        elif stripped and marker is not None:
            fail(path, marker[2], "a listing marker not directly above a ```swift block")
        i += 1

def located(path, numbered):
    """The lines, each group under a #sourceLocation pointing at the article."""
    out, imports, previous = [], [], None
    for number, text in numbered:
        if previous is None or number != previous + 1:
            out.append(f'#sourceLocation(file: "{path}", line: {number})')
        previous = number
        if re.match(r"\s*(@\w+\s+)*import\s+\w", text):
            imports.append(text.strip())
            out.append("")  # hoisted: an import must be at the top of the file
        else:
            out.append(text)
    out.append("#sourceLocation()")
    return out, imports

sources = os.path.join(package, "Sources")
shutil.rmtree(sources, ignore_errors=True)
shutil.rmtree(os.path.join(package, "Manifests"), ignore_errors=True)
targets, seen = [], set()
for article in articles:
    path = os.path.abspath(article)
    name = re.sub(r"\W", "_", os.path.splitext(os.path.basename(article))[0])
    target = f"Listings_{name}"
    while target in seen:
        target += "_"
    body, imports, manifests = [], ["import TextNavigation"], 0
    for number, (keywords, context, block) in enumerate(listings(path)):
        if "manifest" in keywords:
            # The arguments of `Package(...)` after its name, type-checked as a manifest.
            folder = os.path.join(package, "Manifests", f"{target}_{number}")
            os.makedirs(folder)
            # (#sourceLocation cannot stand inside an argument list: failures name the line.)
            lines = [text for _, text in context + block]
            with open(os.path.join(folder, "Package.swift"), "w") as manifest:
                manifest.write("// swift-tools-version:6.0\nimport PackageDescription\n\n")
                manifest.write("let package = Package(\n    name: \"Listing\",\n")
                manifest.write("\n".join(lines) + "\n)\n")
            print(f"manifest\t{folder}\t{article}:{block[0][0] if block else 0}")
            manifests += 1
            continue
        lines, found = located(path, context + block)
        imports += found
        if "compile-only" in keywords:
            body += [f"func listing{number}() async throws {{"] + lines + ["}"]
        elif "scope" in keywords:
            body += ["do {"] + lines + ["}"]
        else:
            body += lines
    if not body:
        continue
    seen.add(target)
    folder = os.path.join(sources, target)
    os.makedirs(folder)
    unique = list(dict.fromkeys(imports))
    with open(os.path.join(folder, "main.swift"), "w") as main:
        main.write(f"// Generated by scripts/doc-listings.sh from {article}: do not edit.\n")
        main.write("\n".join(unique) + "\n\n" + "\n".join(body) + "\n")
    targets.append(target)
    print(f"program\t{target}\t{article}")

dependencies = ", ".join(f'.product(name: "{p}", package: "{identity}")' for p in products)
with open(os.path.join(package, "Package.swift"), "w") as manifest:
    manifest.write("// swift-tools-version:6.0\n// Generated by scripts/doc-listings.sh: do not edit.\n")
    manifest.write("import PackageDescription\n\nlet package = Package(\n    name: \"Listings\",\n")
    manifest.write(f"    dependencies: [.package(path: \"{root}\")],\n    targets: [\n")
    for target in targets:
        manifest.write(f"        .executableTarget(name: \"{target}\", dependencies: [{dependencies}]),\n")
    manifest.write("    ]\n)\n")
PY

programs=$(grep -c '^program' "$scratch/programs.tsv" || true)
manifests=$(grep -c '^manifest' "$scratch/programs.tsv" || true)
listing_count=$(cat "${articles[@]}" | grep -c '^ *```swift$' || true)
echo "doc-listings: ${listing_count} listing(s) in ${#articles[@]} file(s): $programs program(s), $manifests manifest fragment(s)"

failed=0
# A manifest fragment: `swift package dump-package` compiles and evaluates the manifest.
while IFS=$'\t' read -r kind folder article; do
    [ "$kind" = manifest ] || continue
    if ! (cd "$folder" && swift package dump-package >/dev/null 2>"$folder/errors.log"); then
        cat "$folder/errors.log" >&2
        echo "doc-listings: $article: this manifest listing ($folder/Package.swift) failed" >&2
        failed=1
    fi
done <"$scratch/programs.tsv"

if [ "$programs" -gt 0 ]; then
    echo "doc-listings: building the listings in $package"
    build_status=0
    swift build --package-path "$package" --scratch-path "$scratch/build" >"$scratch/build.log" 2>&1 ||
        build_status=$?
    if [ "$build_status" -ne 0 ]; then
        # The compiler's messages point into the articles, by #sourceLocation.
        grep -E '^[^ ]+:[0-9]+:[0-9]+: error:' "$scratch/build.log" | sed "s|$root/||g" | sort -u >&2 ||
            cat "$scratch/build.log" >&2
        echo "doc-listings: a listing does not compile (its article and line above)" >&2
        exit 1
    fi
    bin=$(swift build --package-path "$package" --scratch-path "$scratch/build" --show-bin-path)
    # Each program has a temporary folder of its own (FileManager's temporaryDirectory), so a
    # store a listing makes there starts empty on every run.
    runs=$(mktemp -d)
    trap 'rm -rf "$runs"' EXIT
    while IFS=$'\t' read -r kind target article; do
        [ "$kind" = program ] || continue
        mkdir "$runs/$target"
        if ! TMPDIR="$runs/$target" "$bin/$target" >"$scratch/$target.out" 2>&1; then
            cat "$scratch/$target.out" >&2
            echo "doc-listings: $article: its listings, run as one program, failed" >&2
            failed=1
        fi
    done <"$scratch/programs.tsv"
fi
[ "$failed" = 0 ] || exit 1
echo "doc-listings: every listing compiled; every program ran"
