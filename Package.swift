// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "readaloud",
    products: [
        .library(name: "TextNavigation", targets: ["TextNavigation"]),
        .executable(name: "readaloud", targets: ["readaloud"]),
    ],
    targets: [
        // The C bridge to the system ICU (Debian's libicu-dev). Its public header exposes only
        // stdint types and opaque handles; ICU's own headers are included by the .c file alone.
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // The system SQLite (Debian's libsqlite3-dev), for the durable store of saved selections.
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The system libzip (Debian's libzip-dev), for the ZIP container of EPUB books.
        .systemLibrary(
            name: "CZip",
            providers: [.apt(["libzip-dev"])]
        ),
        // The system libxml2 (Debian's libxml2-dev), for the XML and XHTML of EPUB books.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Parses EPUB XML with libxml2 with the protections untrusted input needs (no DTD, no
        // external entity, no network, XHTML's named entities from a built-in table).
        .target(
            name: "CEPUBXML",
            dependencies: ["CLibXML2"]
        ),
        .target(
            name: "TextNavigation",
            dependencies: ["CICU", "CSQLite", "CZip", "CEPUBXML"]
        ),
        // A child process for SavedSelectionStore's crash and concurrency tests: saves selections
        // in a burst and prints each one after `save` returns. Not a product.
        .executableTarget(
            name: "readaloud-store-stress",
            dependencies: ["TextNavigation"]
        ),
        // espeak-ng, opened with dlopen at run time so that speech stays optional.
        .target(
            name: "CEspeak",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // ncursesw (Debian's libncurses-dev) for the terminal reader, `readaloud BOOK -i`: a few
        // prefixed functions, so curses.h's macros never reach Swift.
        .target(
            name: "CNCurses",
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        // speech-dispatcher's client library, opened with dlopen at run time the same way.
        .target(
            name: "CSpeechd",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // JSON for the command line: the ordered writer of its output and `serve`'s strict
        // parser. Not a product.
        .target(name: "ReadaloudJSON"),
        // A seeded random number generator (SplitMix64), the one the bench's random queries and
        // the tests' random samples share, so that every run repeats the same values. Not a
        // product; the library does not use it.
        .target(name: "SeededRandom"),
        // `readaloud bench`'s measurements, raw ICU baselines and report, kept out of the
        // library's API. Reaches the library's internals through `package` access. Not a product.
        .target(
            name: "ReadaloudBench",
            dependencies: ["TextNavigation", "ReadaloudJSON", "SeededRandom"]
        ),
        .executableTarget(
            name: "readaloud",
            dependencies: ["TextNavigation", "ReadaloudJSON", "ReadaloudBench", "CEspeak", "CSpeechd", "CNCurses"]
        ),
        // An example reader backend: embeds the library through its public API alone (a custom
        // element type, a scanned page, pages that relayout, read-all, a saved selection).
        // Built and run by ReadaloudCLITests. Not a product.
        .executableTarget(
            name: "readaloud-example-backend",
            dependencies: ["TextNavigation"],
            path: "Examples/ReaderBackend"
        ),
        // The README's example ("Embedding in a reader backend"), compiled and run by
        // ReadaloudCLITests, which also checks that the README shows this file exactly. Not a
        // product.
        .executableTarget(
            name: "readaloud-readme-example",
            dependencies: ["TextNavigation"],
            path: "Examples/ReadmeExample"
        ),
        .testTarget(
            name: "TextNavigationTests",
            dependencies: ["TextNavigation", "SeededRandom", "readaloud-store-stress"]
        ),
        .testTarget(
            name: "ReadaloudCLITests",
            dependencies: ["readaloud", "readaloud-example-backend", "readaloud-readme-example", "SeededRandom"]
        ),
    ]
)
