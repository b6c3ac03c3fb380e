/// A value printed as one field of a tab-separated text line (`saved`'s text output), escaped as
/// inside a JSON string, without the quotes: a backslash prints as `\\`, a double quote as `\"`,
/// a tab as `\t`, a line feed as `\n`, a carriage return as `\r`, and any other control character
/// or line break (U+0085, U+2028, U+2029) as `\u` and four hex digits. So a field holds no tab
/// and no line break, every record stays on one line, and a field reads back with any JSON
/// string decoder.
enum EscapedField {
    static func escaped(_ text: String) -> String {
        String(JSONObject.quoted(text).dropFirst().dropLast())
    }
}
