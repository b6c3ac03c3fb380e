import Foundation
import Testing
import TextNavigationRender

/// The system fonts the tests shape with (Debian's fonts-dejavu-core and fonts-noto-cjk), and
/// why a test is skipped without them.
enum TestFonts {
    static let dejaVuSans = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    /// Noto Sans CJK JP: face 0 of the collection.
    static let notoSansCJK = FontFile(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 0)

    static let hasDejaVu = isInstalled(dejaVuSans, reason: "apt-get install fonts-dejavu-core")
    static let hasNotoCJK = isInstalled(notoSansCJK, reason: "apt-get install fonts-noto-cjk")
    static let dejaVuReason: Comment = "DejaVu Sans is not installed (apt-get install fonts-dejavu-core)"
    static let notoCJKReason: Comment = "Noto Sans CJK is not installed (apt-get install fonts-noto-cjk)"

    /// Whether `font` exists; prints why the tests that need it are skipped when it does not.
    private static func isInstalled(_ font: FontFile, reason: String) -> Bool {
        if FileManager.default.fileExists(atPath: font.path) { return true }
        print("skipped: \(font.path) is missing (\(reason))")
        return false
    }
}
