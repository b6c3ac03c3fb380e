import CNCurses

/// One key as the reader sees it: a typed character, or a named key.
enum KeyPress: Hashable {
    case character(Character)
    case left, right, up, down
    case shiftLeft, shiftRight
    case home, end, pageUp, pageDown
    case tab, backTab, enter, escape, backspace
    /// Ctrl-C (in raw mode it arrives as a key, not as SIGINT).
    case interrupt
    /// The terminal changed size (SIGWINCH, reported by curses as a key).
    case resize
    case other

    /// The key a typed scalar stands for: control characters become named keys.
    init(scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x03: self = .interrupt
        case 0x09: self = .tab
        case 0x0A, 0x0D: self = .enter
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0..<0x20: self = .other
        default: self = .character(Character(scalar))
        }
    }

    /// The key for a ``CNCurses`` key code.
    init(keyCode: UInt32) {
        switch Int(keyCode) {
        case Int(CNCURSES_KEY_LEFT): self = .left
        case Int(CNCURSES_KEY_RIGHT): self = .right
        case Int(CNCURSES_KEY_UP): self = .up
        case Int(CNCURSES_KEY_DOWN): self = .down
        case Int(CNCURSES_KEY_SHIFT_LEFT): self = .shiftLeft
        case Int(CNCURSES_KEY_SHIFT_RIGHT): self = .shiftRight
        case Int(CNCURSES_KEY_HOME): self = .home
        case Int(CNCURSES_KEY_END): self = .end
        case Int(CNCURSES_KEY_PAGE_UP): self = .pageUp
        case Int(CNCURSES_KEY_PAGE_DOWN): self = .pageDown
        case Int(CNCURSES_KEY_BACK_TAB): self = .backTab
        case Int(CNCURSES_KEY_ENTER): self = .enter
        case Int(CNCURSES_KEY_BACKSPACE): self = .backspace
        case Int(CNCURSES_KEY_RESIZE): self = .resize
        default: self = .other
        }
    }
}
