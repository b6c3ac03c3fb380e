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
        .target(
            name: "TextNavigation",
            dependencies: ["CICU"]
        ),
        .executableTarget(
            name: "readaloud",
            dependencies: ["TextNavigation"]
        ),
        .testTarget(
            name: "TextNavigationTests",
            dependencies: ["TextNavigation"]
        ),
        .testTarget(
            name: "ReadaloudCLITests",
            dependencies: ["readaloud"]
        ),
    ]
)
