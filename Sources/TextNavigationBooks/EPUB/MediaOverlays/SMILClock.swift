/// SMIL 3.0 clock values, as Media Overlays' `clipBegin` and `clipEnd` write them, in whole
/// milliseconds (rounded to the nearest).
///
/// - Full clock: `hours:minutes:seconds[.fraction]` (`00:01:02.5`, `1:00:00`).
/// - Partial clock: `minutes:seconds[.fraction]` (`02:30.25`).
/// - Timecount: `number[.fraction][h|min|s|ms]`, seconds when no metric is given (`5.2s`,
///   `850ms`, `1.5min`, `2h`, `12`).
///
/// Minutes and seconds of a clock are two digits below 60; anything else is not a clock value.
enum SMILClock {
    /// The milliseconds `value` stands for, or `nil` when it is no clock value.
    static func milliseconds(_ value: String) -> Int? {
        let text = value.trimmingSpaces
        guard !text.isEmpty else { return nil }
        if text.contains(":") { return clock(text) }
        for (metric, scale) in [("ms", 0.001), ("min", 60.0), ("h", 3600.0), ("s", 1.0)] where text.hasSuffix(metric) {
            return seconds(String(text.dropLast(metric.count)), scale: scale)
        }
        return seconds(text, scale: 1)
    }

    /// A full or partial clock.
    private static func clock(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let hours = parts.count == 3 ? parts[0] : "0"
        let (minutes, seconds) = (parts[parts.count - 2], parts[parts.count - 1])
        guard isDigits(hours), let hourCount = Int(hours), minutes.count == 2, isDigits(minutes),
            let minuteCount = Int(minutes), minuteCount < 60
        else { return nil }
        let whole = seconds.prefix { $0 != "." }
        guard whole.count == 2, isDigits(String(whole)), let secondCount = Int(whole), secondCount < 60,
            let fraction = seconds == String(whole) ? 0 : Self.seconds("0" + seconds.dropFirst(2), scale: 1)
        else { return nil }
        return ((hourCount * 60 + minuteCount) * 60 + secondCount) * 1000 + fraction
    }

    /// A decimal number (digits, optionally a point and digits) times `scale` seconds.
    private static func seconds(_ text: String, scale: Double) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty, parts.allSatisfy({ isDigits(String($0)) }),
            parts.count == 1 || !parts[1].isEmpty, let number = Double(text)
        else { return nil }
        let milliseconds = (number * scale * 1000).rounded()
        return milliseconds < Double(Int.max / 2) ? Int(milliseconds) : nil
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
    }
}
