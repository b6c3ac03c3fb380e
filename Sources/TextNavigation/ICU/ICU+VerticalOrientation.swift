internal import CICU

extension ICU.Properties {
    /// ICU's `UCHAR_VERTICAL_ORIENTATION` (UAX #50's Vertical_Orientation, ICU 63 and later).
    private static let verticalOrientationProperty: Int32 = 0x1018

    /// Whether the scalar stands upright in vertical text (UAX #50's Vertical_Orientation `U`
    /// or `Tu`: CJK ideographs, kana, fullwidth forms, most CJK punctuation), rather than lying
    /// rotated 90° clockwise (`R` or `Tr`: Latin, digits, halfwidth forms).
    static func isUprightInVerticalText(_ scalar: Unicode.Scalar) -> Bool {
        // UVerticalOrientation: 0 rotated, 1 transformed rotated, 2 transformed upright, 3 upright.
        let value = cicu_int_property_value(Int32(bitPattern: scalar.value), verticalOrientationProperty)
        return value == 2 || value == 3
    }
}
