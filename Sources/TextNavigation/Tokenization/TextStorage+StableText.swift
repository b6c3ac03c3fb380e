/// A storage holds its ``UTF16Buffer``, whose memory never moves: text ICU may point at.
extension TextStorage: ICU.StableText {}
