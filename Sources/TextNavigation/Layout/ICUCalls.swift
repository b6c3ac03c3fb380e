/// How often the line breaker called ICU's line break iterator: moving forward from where it
/// stood, or asking about an offset before that (which makes ICU back up to a safe point and
/// iterate again: in Thai, or text of mixed directions, as far back as the paragraph's start).
struct ICUCalls: Equatable {
    var forward = 0
    var backward = 0
}
