/// A key press as a screen reader's key snoopers see it (GTK's `GdkEventKey`, as ATK passes it
/// on): an X keysym, its name, the key's hardware code and the modifier mask.
///
/// Screen readers act on keys they own (Orca's say-all is the keypad's plus) and drop them; a
/// host gives every key to ``AccessibleDocument/handle(_:)`` before acting on it.
public struct AccessibilityKeyEvent: Sendable, Hashable {
    /// The X keysym (`XK_Down` is 0xFF54).
    public var keysym: UInt32
    /// The keysym's name for a non-printing key ("Down", "KP_Add"), or the text it types.
    public var name: String
    /// The hardware key code in the X server's keymap (evdev: Down is 116).
    public var keycode: UInt16
    /// The X modifier mask (Shift 0x1, Control 0x4, Alt 0x8).
    public var modifiers: UInt32

    /// A key event with the given fields.
    public init(keysym: UInt32, name: String, keycode: UInt16, modifiers: UInt32 = 0) {
        self.keysym = keysym
        self.name = name
        self.keycode = keycode
        self.modifiers = modifiers
    }

    /// The Shift modifier bit.
    public static let shiftMask: UInt32 = 0x1
    /// The Control modifier bit.
    public static let controlMask: UInt32 = 0x4

    /// The same key with Control held.
    public var withControl: AccessibilityKeyEvent {
        AccessibilityKeyEvent(keysym: keysym, name: name, keycode: keycode, modifiers: modifiers | Self.controlMask)
    }

    /// Whether Control is held.
    public var hasControl: Bool { modifiers & Self.controlMask != 0 }

    public static let up = AccessibilityKeyEvent(keysym: 0xFF52, name: "Up", keycode: 111)
    public static let down = AccessibilityKeyEvent(keysym: 0xFF54, name: "Down", keycode: 116)
    public static let left = AccessibilityKeyEvent(keysym: 0xFF51, name: "Left", keycode: 113)
    public static let right = AccessibilityKeyEvent(keysym: 0xFF53, name: "Right", keycode: 114)
    public static let home = AccessibilityKeyEvent(keysym: 0xFF50, name: "Home", keycode: 110)
    public static let end = AccessibilityKeyEvent(keysym: 0xFF57, name: "End", keycode: 115)
    public static let pageUp = AccessibilityKeyEvent(keysym: 0xFF55, name: "Prior", keycode: 112)
    public static let pageDown = AccessibilityKeyEvent(keysym: 0xFF56, name: "Next", keycode: 117)
    /// The keypad's plus: Orca's say-all on a desktop layout.
    public static let keypadPlus = AccessibilityKeyEvent(keysym: 0xFFAB, name: "KP_Add", keycode: 86)
    public static let escape = AccessibilityKeyEvent(keysym: 0xFF1B, name: "Escape", keycode: 9)
    public static let enter = AccessibilityKeyEvent(keysym: 0xFF0D, name: "Return", keycode: 36)

    /// The keys by name, as ``named(_:)`` reads them.
    public static let all: [AccessibilityKeyEvent] = [
        up, down, left, right, home, end, pageUp, pageDown, keypadPlus, escape, enter,
    ]

    /// The key a name means: a keysym name of ``all`` ("Down", "KP_Add"), optionally after
    /// `Ctrl+` ("Ctrl+Right"); `nil` for any other name.
    public static func named(_ name: String) -> AccessibilityKeyEvent? {
        let control = name.hasPrefix("Ctrl+")
        let keyName = control ? String(name.dropFirst("Ctrl+".count)) : name
        guard let key = all.first(where: { $0.name == keyName }) else { return nil }
        return control ? key.withControl : key
    }
}
