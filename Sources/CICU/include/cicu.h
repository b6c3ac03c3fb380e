// CICU: the C bridge between readaloud and the system ICU (Debian's libicu-dev).
//
// Why this target exists:
// - Debian's ICU renames every symbol by macro (ubrk_open becomes ubrk_open_72). Swift cannot
//   follow the macro, so every ICU function we use is forwarded by a `cicu_` function whose name
//   carries no version.
// - Foundation bundles its own ICU module; a Swift module that imports Foundation and can also
//   see ICU's headers fails to compile ("'UErrorCode' has different definitions in different
//   modules"). So this header exposes only <stdint.h> types and opaque handles, and ICU's headers
//   are included by cicu.c alone.
//
// Status convention (ICU's): a status > 0 is an error, < 0 a warning, 0 success. Every function
// that can fail takes `int32_t *status`, which must be 0 on entry, like ICU's UErrorCode, and
// sets it to an error whenever it fails (a function returning a handle returns NULL exactly
// then). Swift turns a status into an error in one place (ICU.check).
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque ICU break iterator (UBreakIterator).
typedef struct cicu_break_iterator cicu_break_iterator;

/// An opaque ICU bidi object (UBiDi).
typedef struct cicu_bidi cicu_bidi;

/// Break iterator kinds, equal to ICU's UBreakIteratorType values.
enum {
    CICU_BREAK_CHARACTER = 0,
    CICU_BREAK_WORD = 1,
    CICU_BREAK_LINE = 2,
    CICU_BREAK_SENTENCE = 3,
};

/// ICU's U_MEMORY_ALLOCATION_ERROR: the status of a call that could not allocate.
#define CICU_MEMORY_ALLOCATION_ERROR ((int32_t)7)

/// ICU's UBRK_DONE: returned by iteration functions when there is no further boundary.
#define CICU_BREAK_DONE ((int32_t)-1)

/// The major version of the ICU library running (`u_getVersion`), which the dynamic linker
/// picked; with ICU's versioned symbols, the version the bridge was compiled against.
int32_t cicu_version_major(void);

/// A readable name for an ICU status code ("U_ILLEGAL_ARGUMENT_ERROR"). Never NULL.
const char *cicu_error_name(int32_t status);

// MARK: Locales

/// Canonicalises a locale id, accepting BCP-47 ("ja-JP", "sr-Latn") and ICU ids ("ja_JP@lb=strict").
/// Writes a NUL-terminated ICU id into `out`; returns its length.
int32_t cicu_locale_canonicalize(const char *locale, char *out, int32_t capacity, int32_t *status);

/// Sets keyword `key` to `value` on an ICU locale id held in `buffer` (NUL-terminated, in place).
/// Returns the new length.
int32_t cicu_locale_set_keyword(const char *key, const char *value, char *buffer, int32_t capacity,
                                int32_t *status);

// MARK: Break iterators

/// Opens a break iterator of `kind` for `locale` over `text` (UTF-16, `length` units; may be NULL
/// when length is 0). ICU keeps the text pointer: the buffer must outlive the iterator. NULL,
/// with `*status` an error, on failure.
cicu_break_iterator *cicu_break_open(int32_t kind, const char *locale, const uint16_t *text,
                                     int32_t length, int32_t *status);

/// A clone of `iterator` with its own iteration state, sharing the rules and the text pointer;
/// NULL, with `*status` an error, on failure.
cicu_break_iterator *cicu_break_clone(const cicu_break_iterator *iterator, int32_t *status);

/// Closes an iterator (NULL is allowed).
void cicu_break_close(cicu_break_iterator *iterator);

/// Points the iterator at new text (same ownership rule as cicu_break_open).
void cicu_break_set_text(cicu_break_iterator *iterator, const uint16_t *text, int32_t length,
                         int32_t *status);

int32_t cicu_break_first(cicu_break_iterator *iterator);
int32_t cicu_break_last(cicu_break_iterator *iterator);
int32_t cicu_break_next(cicu_break_iterator *iterator);
int32_t cicu_break_previous(cicu_break_iterator *iterator);
int32_t cicu_break_current(const cicu_break_iterator *iterator);
int32_t cicu_break_following(cicu_break_iterator *iterator, int32_t offset);
int32_t cicu_break_preceding(cicu_break_iterator *iterator, int32_t offset);
/// 1 when `offset` is a boundary, else 0. Moves the iterator.
int32_t cicu_break_is_boundary(cicu_break_iterator *iterator, int32_t offset);
/// The rule status of the boundary most recently returned (ubrk_getRuleStatus).
int32_t cicu_break_rule_status(cicu_break_iterator *iterator);

/// Fills `boundaries` (and, when non-NULL, `statuses`) with the boundaries after `from` in
/// order, up to `capacity` of them, and returns how many were written (0 at the end). One C call
/// per batch keeps Swift's per-call overhead off the hot path of sequential iteration. (The only
/// batch function: word and sentence units are made from it in Swift, TextNavigation's RunUnits.)
int32_t cicu_break_next_batch(cicu_break_iterator *iterator, int32_t from, int32_t *boundaries,
                              int32_t *statuses, int32_t capacity);

/// The strings after which ICU's sentence iterator for `locale` with `ss=standard` holds a break
/// back (the "exceptions/SentenceBreak" strings of ICU's break iterator data for the locale,
/// found as ICU's FilteredBreakIteratorBuilder finds them: none when the locale falls back to
/// the default locale), written to `buffer` one after another, each followed by a 0, as far as
/// `capacity` allows. Returns how many code units all of them need (terminators included);
/// 0 when there are none, or when ICU cannot read its data (then `*status` is an error).
int32_t cicu_sentence_break_exceptions(const char *locale, uint16_t *buffer, int32_t capacity,
                                       int32_t *status);

// MARK: Character properties

/// ICU's UEastAsianWidth for a code point: 0 neutral, 1 ambiguous, 2 halfwidth, 3 fullwidth,
/// 4 narrow, 5 wide.
int32_t cicu_east_asian_width(int32_t codePoint);

/// ICU's general category (UCharCategory) of a code point.
int32_t cicu_general_category(int32_t codePoint);

/// 1 when the code point has the given binary property (UProperty value), else 0.
int32_t cicu_has_binary_property(int32_t codePoint, int32_t property);

/// The value of an enumerated property (UProperty value) of a code point.
int32_t cicu_int_property_value(int32_t codePoint, int32_t property);

/// UProperty values used by Swift code.
enum {
    CICU_PROPERTY_WHITE_SPACE = 31,          // UCHAR_WHITE_SPACE
    CICU_PROPERTY_EMOJI_PRESENTATION = 58,   // UCHAR_EMOJI_PRESENTATION
    CICU_PROPERTY_EXTENDED_PICTOGRAPHIC = 64,// UCHAR_EXTENDED_PICTOGRAPHIC
    CICU_PROPERTY_BIDI_CLASS = 0x1000,       // UCHAR_BIDI_CLASS
    CICU_PROPERTY_GRAPHEME_CLUSTER_BREAK = 0x1012, // UCHAR_GRAPHEME_CLUSTER_BREAK
    CICU_PROPERTY_LINE_BREAK = 0x1008,       // UCHAR_LINE_BREAK
    CICU_PROPERTY_SENTENCE_BREAK = 0x1013,   // UCHAR_SENTENCE_BREAK
    CICU_PROPERTY_WORD_BREAK = 0x1014,       // UCHAR_WORD_BREAK
};

// MARK: Bidi

/// Opens a bidi object (ubidi_open); NULL, with `*status` an error, on failure.
cicu_bidi *cicu_bidi_open(int32_t *status);
void cicu_bidi_close(cicu_bidi *bidi);

/// Runs the bidi algorithm over `text` with paragraph level `level` (0 LTR, 1 RTL, 0xfe default
/// LTR, 0xff default RTL). ICU keeps the text pointer until the next set_para or close.
void cicu_bidi_set_para(cicu_bidi *bidi, const uint16_t *text, int32_t length, uint8_t level,
                        int32_t *status);
/// The resolved paragraph level (0 LTR, 1 RTL) after set_para.
uint8_t cicu_bidi_para_level(const cicu_bidi *bidi);
/// Sets `line` to the range [start, limit) of the paragraph in `bidi` (ubidi_setLine).
void cicu_bidi_set_line(const cicu_bidi *bidi, int32_t start, int32_t limit, cicu_bidi *line,
                        int32_t *status);
/// The embedding level of each code unit, written into `levels` (length units).
void cicu_bidi_levels(cicu_bidi *bidi, uint8_t *levels, int32_t length, int32_t *status);
/// The number of visual runs (ubidi_countRuns).
int32_t cicu_bidi_count_runs(cicu_bidi *bidi, int32_t *status);
/// Visual run `index`: its logical start and length; returns 1 for right-to-left, 0 for LTR.
int32_t cicu_bidi_visual_run(cicu_bidi *bidi, int32_t index, int32_t *logicalStart,
                             int32_t *length);

/// The overall direction of the text after set_para or set_line (ubidi_getDirection): 0 all
/// left to right, 1 all right to left, 2 mixed, 3 neutral. Lets layout skip per-line work for
/// unidirectional paragraphs.
int32_t cicu_bidi_direction(const cicu_bidi *bidi);

/// The visual order of `length` items with embedding `levels` (ubidi_reorderVisual, rule L2):
/// writes into `visualToLogical` the logical index shown at each visual position. Needs no bidi
/// object, so layout can reorder runs of whole grapheme clusters.
void cicu_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *visualToLogical);

/// Folds `length` UTF-16 units of `text` into `folded` (also `length` units) for searching,
/// code point by code point, so that offsets in one are offsets in the other: with
/// `ignoreCase`, ICU's simple case folding (u_foldCase); with `ignoreDiacritics`, a code point
/// whose canonical decomposition starts with another takes that base (é → e), and a
/// nonspacing mark becomes 0, which `cicu_search_find` skips. Code units from U+3000 to the
/// surrogates (CJK, kana, Hangul) stay as they are. A folded code point of another
/// UTF-16 length than the original stays as it was. Sets `status` when ICU's NFD data cannot
/// be loaded.
void cicu_search_fold(const uint16_t *text, int32_t length, uint16_t *folded, int32_t ignoreCase,
                      int32_t ignoreDiacritics, int32_t *status);

/// The first match of `query` (folded, without 0 units) in `folded` at or after `from`: its
/// start, with its end in `end`, or -1 when there is none. Inside a match the 0 units of
/// `folded` (skipped marks) are passed over, and the marks right after it belong to it; a
/// match never starts on one.
int32_t cicu_search_find(const uint16_t *folded, int32_t length, const uint16_t *query,
                         int32_t queryLength, int32_t from, int32_t *end);

/// An opaque compiled ICU regular expression (URegularExpression).
typedef struct cicu_regex cicu_regex;

/// Compiles `pattern` (UTF-16, `length` units) with ICU's regular expression syntax;
/// `caseInsensitive` 1 sets UREGEX_CASE_INSENSITIVE. On a syntax error sets `status` and writes
/// the error's offset in the pattern into `errorOffset` (-1 when unknown).
cicu_regex *cicu_regex_open(const uint16_t *pattern, int32_t length, int32_t caseInsensitive,
                            int32_t *errorOffset, int32_t *status);
void cicu_regex_close(cicu_regex *regex);

/// Points the regex at `text` (ICU keeps the pointer: the caller keeps the memory alive and
/// unchanged until the next cicu_regex_set_text, or cicu_regex_close) and sets the match time
/// limit, in ICU's steps (about a millisecond each; 0 for none), and a stack limit of 1 MB.
void cicu_regex_set_text(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t timeLimit,
                         int32_t *status);

/// The number of capture groups in the pattern.
int32_t cicu_regex_group_count(cicu_regex *regex, int32_t *status);

/// Finds the next match at or after `from`: returns 1 and writes the match's start and end,
/// then each group's (-1, -1 for a group that did not take part), into `bounds` (room for
/// `capacity` values); 0 when there is none. A match that runs out of time sets `status` to
/// U_REGEX_TIME_OUT (`CICU_REGEX_TIME_OUT`).
int32_t cicu_regex_find(cicu_regex *regex, int32_t from, int32_t *bounds, int32_t capacity, int32_t *status);

/// ICU's U_REGEX_TIME_OUT and U_REGEX_STACK_OVERFLOW codes.
enum { CICU_REGEX_STACK_OVERFLOW = 0x10311, CICU_REGEX_TIME_OUT = 0x10312 };

#ifdef __cplusplus
}
#endif

#endif
