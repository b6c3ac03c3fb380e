import TextNavigation

extension Pronunciation {
    /// The pronunciation as tests compare it: `matched>said`, the text it covers in `units`
    /// and what is said (`other text`, `alphabet:phonemes`, `-` for silence).
    func described(in units: [UInt16]) -> String {
        let matched = String(decoding: units[range], as: UTF16.self)
        switch spoken {
        case .text(let other): return "\(matched)>\(other)"
        case .phonemes(let phonemes, let alphabet): return "\(matched)>\(alphabet.rawValue):\(phonemes)"
        case .silence: return "\(matched)>-"
        }
    }
}
