// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "readaloud",
    products: [
        // The core: text, ICU, tokenization, layout, input, elements, document, navigation,
        // reading, the selection model and announcements. Needs ICU (libicu-dev) alone.
        .library(name: "TextNavigation", targets: ["TextNavigation"]),
        // Books into documents: plain text and EPUB, and one way to open a path, a stream or
        // bytes. The only product that links libzip and libxml2.
        .library(name: "TextNavigationBooks", targets: ["TextNavigationBooks"]),
        // Durable saved selections and reading positions, in SQLite.
        .library(name: "TextNavigationStore", targets: ["TextNavigationStore"]),
        // Speech for the core's read-aloud player: espeak-ng and speech-dispatcher, both opened
        // with dlopen at run time, so neither is needed to build.
        .library(name: "TextNavigationSpeech", targets: ["TextNavigationSpeech"]),
        // A document on the Linux accessibility bus (AT-SPI) through ATK, so that Orca reads it.
        // The only product that links ATK and atk-bridge.
        .library(name: "TextNavigationAccessibility", targets: ["TextNavigationAccessibility"]),
        // Real fonts for the core's layout and pages drawn to PNG: HarfBuzz shaping as a
        // FontMetrics, and a Cairo page renderer. The only product that links HarfBuzz, FreeType
        // and Cairo.
        .library(name: "TextNavigationRender", targets: ["TextNavigationRender"]),
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
            dependencies: ["CICU"]
        ),
        .target(
            name: "TextNavigationBooks",
            dependencies: ["TextNavigation", "CZip", "CEPUBXML"]
        ),
        .target(
            name: "TextNavigationStore",
            dependencies: ["TextNavigation", "CSQLite"]
        ),
        // A child process for SavedSelectionStore's crash and concurrency tests: saves selections
        // in a burst and prints each one after `save` returns. Not a product.
        .executableTarget(
            name: "readaloud-store-stress",
            dependencies: ["TextNavigation", "TextNavigationStore"]
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
        // ATK and atk-bridge (Debian's libatk1.0-dev, libatk-bridge2.0-dev), for the C bridge
        // alone.
        .systemLibrary(
            name: "CATK",
            pkgConfig: "atk-bridge-2.0",
            providers: [.apt(["libatk1.0-dev", "libatk-bridge2.0-dev"])]
        ),
        // GObject types over ATK whose calls go back to Swift through a table of C function
        // pointers, AtkUtil's registration as a toolkit, and the GLib main loop. Its header
        // exposes only standard C types.
        .target(
            name: "CAccessibilityBridge",
            dependencies: ["CATK"],
            linkerSettings: [
                .linkedLibrary("atk-bridge-2.0"), .linkedLibrary("atk-1.0"), .linkedLibrary("gobject-2.0"),
                .linkedLibrary("glib-2.0"),
            ]
        ),
        .target(
            name: "TextNavigationAccessibility",
            dependencies: ["TextNavigation", "CAccessibilityBridge"]
        ),
        // FFmpeg's libraries (Debian's libavformat-dev, libavcodec-dev, libswresample-dev,
        // libavutil-dev) both ways: decoding audio clips exact to the sample, for recorded
        // narration, and encoding `readaloud export`'s audiobooks (AAC in MP4 with chapters and a
        // cover, Opus in Ogg with chapter comments), bit-exact. Its headers expose only standard
        // C types.
        .target(
            name: "CMedia",
            linkerSettings: [
                .linkedLibrary("avformat"), .linkedLibrary("avcodec"), .linkedLibrary("swresample"),
                .linkedLibrary("avutil"),
            ]
        ),
        .target(
            name: "TextNavigationSpeech",
            dependencies: ["TextNavigation", "CEspeak", "CSpeechd", "CMedia"]
        ),
        // HarfBuzz, FreeType and Cairo (Debian's libharfbuzz-dev, libfreetype-dev,
        // libcairo2-dev) for TextNavigationRender: cairo-ft's pkg-config brings Cairo's and
        // FreeType's flags; the header includes HarfBuzz by its directory.
        .systemLibrary(
            name: "CRender",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libcairo2-dev"])]
        ),
        .target(
            name: "TextNavigationRender",
            dependencies: ["TextNavigation", "CRender"]
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
            dependencies: ["TextNavigation", "TextNavigationBooks", "ReadaloudJSON", "SeededRandom"]
        ),
        .executableTarget(
            name: "readaloud",
            dependencies: [
                "TextNavigation", "TextNavigationBooks", "TextNavigationStore", "TextNavigationSpeech",
                "TextNavigationAccessibility", "TextNavigationRender", "ReadaloudJSON", "ReadaloudBench",
                "CNCurses", "CMedia", "CZip",
            ]
        ),
        // An example reader backend: embeds the library through its public API alone (a custom
        // element type, a scanned page, pages that relayout, read-all, a saved selection).
        // Built and run by ReadaloudCLITests. Not a product.
        .executableTarget(
            name: "readaloud-example-backend",
            dependencies: ["TextNavigation", "TextNavigationStore"],
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
        // A backend's own document (a heading, a scanned page, a figure) on the accessibility
        // bus through TextNavigationAccessibility's public API alone. Run by
        // AccessibilityBusTests. Not a product.
        .executableTarget(
            name: "readaloud-accessible-example",
            dependencies: ["TextNavigation", "TextNavigationAccessibility"],
            path: "Examples/AccessibleBackend"
        ),
        .testTarget(
            name: "TextNavigationTests",
            dependencies: [
                "TextNavigation", "TextNavigationBooks", "TextNavigationStore", "TextNavigationAccessibility",
                "SeededRandom", "readaloud-store-stress",
            ]
        ),
        // HarfBuzzMetrics against HarfBuzz itself and the rendered PNGs, with real fonts; a
        // missing font skips its test with the reason printed.
        .testTarget(
            name: "TextNavigationRenderTests",
            dependencies: ["TextNavigation", "TextNavigationRender", "CRender"]
        ),
        .testTarget(
            name: "ReadaloudCLITests",
            dependencies: [
                "readaloud", "readaloud-example-backend", "readaloud-readme-example", "readaloud-accessible-example",
                "TextNavigationSpeech", "TextNavigationBooks", "TextNavigationAccessibility", "SeededRandom",
            ]
        ),
    ]
)
