// The only file that sees ICU's headers. Each function forwards to the ICU call it names, so
// Swift never names ICU's versioned symbols. See include/cicu.h for why this bridge exists.
#include "cicu.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/udata.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf16.h>
#include <unicode/uloc.h>
#include <unicode/uregex.h>
#include <unicode/ures.h>
#include <unicode/uvernum.h>
#include <unicode/uversion.h>
#include <string.h>

#if U_ICU_VERSION_MAJOR_NUM < 69
#error "readaloud needs ICU 69 or later (ubrk_clone); install a newer libicu-dev"
#endif

_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar must be a 16-bit code unit");
_Static_assert(sizeof(UErrorCode) == sizeof(int32_t), "UErrorCode must fit int32_t");
_Static_assert(CICU_BREAK_CHARACTER == UBRK_CHARACTER && CICU_BREAK_WORD == UBRK_WORD &&
                   CICU_BREAK_LINE == UBRK_LINE && CICU_BREAK_SENTENCE == UBRK_SENTENCE,
               "break kinds must match UBreakIteratorType");
_Static_assert(CICU_BREAK_DONE == UBRK_DONE, "UBRK_DONE");
_Static_assert(CICU_MEMORY_ALLOCATION_ERROR == U_MEMORY_ALLOCATION_ERROR, "U_MEMORY_ALLOCATION_ERROR");
_Static_assert(UBIDI_LTR == 0 && UBIDI_RTL == 1 && UBIDI_MIXED == 2 && UBIDI_NEUTRAL == 3,
               "cicu_bidi_direction values must match UBiDiDirection");
_Static_assert(CICU_PROPERTY_WHITE_SPACE == UCHAR_WHITE_SPACE &&
                   CICU_PROPERTY_EMOJI_PRESENTATION == UCHAR_EMOJI_PRESENTATION &&
                   CICU_PROPERTY_EXTENDED_PICTOGRAPHIC == UCHAR_EXTENDED_PICTOGRAPHIC &&
                   CICU_PROPERTY_BIDI_CLASS == UCHAR_BIDI_CLASS &&
                   CICU_PROPERTY_GRAPHEME_CLUSTER_BREAK == UCHAR_GRAPHEME_CLUSTER_BREAK &&
                   CICU_PROPERTY_LINE_BREAK == UCHAR_LINE_BREAK &&
                   CICU_PROPERTY_SENTENCE_BREAK == UCHAR_SENTENCE_BREAK &&
                   CICU_PROPERTY_WORD_BREAK == UCHAR_WORD_BREAK,
               "property ids must match UProperty");
// The Word_Break values TextNavigation's SimpleWords names.
_Static_assert(U_WB_OTHER == 0 && U_WB_ALETTER == 1 && U_WB_FORMAT == 2 && U_WB_MIDLETTER == 4 &&
                   U_WB_MIDNUM == 5 && U_WB_NUMERIC == 6 && U_WB_EXTENDNUMLET == 7 && U_WB_EXTEND == 9 &&
                   U_WB_MIDNUMLET == 11 && U_WB_NEWLINE == 12 && U_WB_SINGLE_QUOTE == 15 &&
                   U_WB_DOUBLE_QUOTE == 16 && U_WB_WSEGSPACE == 22,
               "UWordBreakValues values must match SimpleWords");
// The Sentence_Break values TextNavigation's SimpleSentences names.
_Static_assert(U_SB_ATERM == 1 && U_SB_CLOSE == 2 && U_SB_FORMAT == 3 && U_SB_SEP == 7 && U_SB_SP == 8 &&
                   U_SB_STERM == 9 && U_SB_CR == 11 && U_SB_EXTEND == 12 && U_SB_LF == 13 && U_SB_SCONTINUE == 14,
               "USentenceBreak values must match SimpleSentences");
// The Line_Break values TextNavigation's LocalLineBreaks names.
_Static_assert(U_LB_ALPHABETIC == 2 && U_LB_BREAK_AFTER == 4 && U_LB_MANDATORY_BREAK == 6 &&
                   U_LB_CLOSE_PUNCTUATION == 8 && U_LB_COMBINING_MARK == 9 && U_LB_CARRIAGE_RETURN == 10 &&
                   U_LB_EXCLAMATION == 11 && U_LB_HYPHEN == 13 && U_LB_IDEOGRAPHIC == 14 &&
                   U_LB_INFIX_NUMERIC == 16 && U_LB_LINE_FEED == 17 && U_LB_NUMERIC == 19 &&
                   U_LB_OPEN_PUNCTUATION == 20 && U_LB_QUOTATION == 23 && U_LB_SPACE == 26 &&
                   U_LB_BREAK_SYMBOLS == 27 && U_LB_ZWSPACE == 28 && U_LB_NEXT_LINE == 29 &&
                   U_LB_CLOSE_PARENTHESIS == 36 && U_LB_ZWJ == 42,
               "ULineBreak values must match LocalLineBreaks");

#define AS_ICU(iterator) ((UBreakIterator *)(iterator))
#define AS_BIDI(bidi) ((UBiDi *)(bidi))

int32_t cicu_version_major(void) {
    UVersionInfo version;
    u_getVersion(version);
    return version[0];
}

const char *cicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

/// Stores `code` in `*status`, an allocation error when `handle` is NULL but ICU said nothing
/// (so that a caller seeing no error always has a handle).
static void report(const void *handle, UErrorCode code, int32_t *status) {
    if (handle == NULL && U_SUCCESS(code)) {
        code = U_MEMORY_ALLOCATION_ERROR;
    }
    *status = (int32_t)code;
}

int32_t cicu_locale_canonicalize(const char *locale, char *out, int32_t capacity, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    int32_t length;
    // A BCP-47 tag has hyphens and no ICU keyword section; ICU ids use underscores and '@'.
    if (strchr(locale, '-') != NULL && strchr(locale, '@') == NULL) {
        int32_t parsed = 0;
        length = uloc_forLanguageTag(locale, out, capacity, &parsed, &code);
        if (U_SUCCESS(code) && parsed != (int32_t)strlen(locale)) {
            code = U_ILLEGAL_ARGUMENT_ERROR;
        }
    } else {
        length = uloc_canonicalize(locale, out, capacity, &code);
    }
    if (U_SUCCESS(code) && length >= capacity) {
        code = U_BUFFER_OVERFLOW_ERROR;
    }
    *status = (int32_t)code;
    return length;
}

int32_t cicu_locale_set_keyword(const char *key, const char *value, char *buffer, int32_t capacity,
                                int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    int32_t length = uloc_setKeywordValue(key, value, buffer, capacity, &code);
    *status = (int32_t)code;
    return length;
}

cicu_break_iterator *cicu_break_open(int32_t kind, const char *locale, const uint16_t *text,
                                     int32_t length, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UBreakIterator *iterator =
        ubrk_open((UBreakIteratorType)kind, locale, (const UChar *)text, length, &code);
    if (U_FAILURE(code)) {
        ubrk_close(iterator);
        iterator = NULL;
    }
    report(iterator, code, status);
    return (cicu_break_iterator *)iterator;
}

cicu_break_iterator *cicu_break_clone(const cicu_break_iterator *iterator, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UBreakIterator *clone = ubrk_clone((const UBreakIterator *)iterator, &code);
    if (U_FAILURE(code)) {
        ubrk_close(clone);
        clone = NULL;
    }
    report(clone, code, status);
    return (cicu_break_iterator *)clone;
}

void cicu_break_close(cicu_break_iterator *iterator) {
    if (iterator != NULL) {
        ubrk_close(AS_ICU(iterator));
    }
}

void cicu_break_set_text(cicu_break_iterator *iterator, const uint16_t *text, int32_t length,
                         int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    ubrk_setText(AS_ICU(iterator), (const UChar *)text, length, &code);
    *status = (int32_t)code;
}

int32_t cicu_break_first(cicu_break_iterator *iterator) { return ubrk_first(AS_ICU(iterator)); }
int32_t cicu_break_last(cicu_break_iterator *iterator) { return ubrk_last(AS_ICU(iterator)); }
int32_t cicu_break_next(cicu_break_iterator *iterator) { return ubrk_next(AS_ICU(iterator)); }
int32_t cicu_break_previous(cicu_break_iterator *iterator) {
    return ubrk_previous(AS_ICU(iterator));
}
int32_t cicu_break_current(const cicu_break_iterator *iterator) {
    return ubrk_current((const UBreakIterator *)iterator);
}
int32_t cicu_break_following(cicu_break_iterator *iterator, int32_t offset) {
    return ubrk_following(AS_ICU(iterator), offset);
}
int32_t cicu_break_preceding(cicu_break_iterator *iterator, int32_t offset) {
    return ubrk_preceding(AS_ICU(iterator), offset);
}
int32_t cicu_break_is_boundary(cicu_break_iterator *iterator, int32_t offset) {
    return ubrk_isBoundary(AS_ICU(iterator), offset) ? 1 : 0;
}
int32_t cicu_sentence_break_exceptions(const char *locale, uint16_t *buffer, int32_t capacity,
                                       int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    char base[ULOC_FULLNAME_CAPACITY];
    uloc_getBaseName(locale, base, (int32_t)sizeof base, &code);
    if (code == U_STRING_NOT_TERMINATED_WARNING) {
        code = U_BUFFER_OVERFLOW_ERROR;
    }
    // As SimpleFilteredBreakIteratorBuilder: no bundle or table, or one that only the default
    // locale has, counts as none; any other failure is reported.
    UResourceBundle *bundle = NULL;
    UResourceBundle *exceptions = NULL;
    UResourceBundle *breaks = NULL;
    if (U_SUCCESS(code)) {
        bundle = ures_open(U_ICUDATA_NAME U_TREE_SEPARATOR_STRING "brkitr", base, &code);
    }
    if (U_SUCCESS(code) && code != U_USING_DEFAULT_WARNING) {
        exceptions = ures_getByKey(bundle, "exceptions", NULL, &code);
    }
    if (U_SUCCESS(code) && code != U_USING_DEFAULT_WARNING) {
        breaks = ures_getByKey(exceptions, "SentenceBreak", NULL, &code);
    }
    if (code == U_MISSING_RESOURCE_ERROR) {
        code = U_ZERO_ERROR;
    }
    int32_t total = 0;
    if (breaks != NULL && U_SUCCESS(code) && code != U_USING_DEFAULT_WARNING) {
        int32_t count = ures_getSize(breaks);
        for (int32_t index = 0; index < count && U_SUCCESS(code); index++) {
            int32_t length = 0;
            const UChar *string = ures_getStringByIndex(breaks, index, &length, &code);
            if (U_FAILURE(code)) {
                break;
            }
            if (buffer != NULL && total + length + 1 <= capacity) {
                memcpy(buffer + total, string, (size_t)length * sizeof(UChar));
                buffer[total + length] = 0;
            }
            total += length + 1;
        }
    }
    ures_close(breaks);
    ures_close(exceptions);
    ures_close(bundle);
    *status = (int32_t)code;
    return U_FAILURE(code) ? 0 : total;
}

int32_t cicu_break_rule_status(cicu_break_iterator *iterator) {
    return ubrk_getRuleStatus(AS_ICU(iterator));
}

int32_t cicu_break_next_batch(cicu_break_iterator *iterator, int32_t from, int32_t *boundaries,
                              int32_t *statuses, int32_t capacity) {
    UBreakIterator *bi = AS_ICU(iterator);
    if (capacity <= 0) {
        return 0;
    }
    int32_t boundary = ubrk_following(bi, from);
    int32_t count = 0;
    while (boundary != UBRK_DONE) {
        boundaries[count] = boundary;
        if (statuses != NULL) {
            statuses[count] = ubrk_getRuleStatus(bi);
        }
        count += 1;
        if (count == capacity) {
            break;
        }
        boundary = ubrk_next(bi);
    }
    return count;
}

int32_t cicu_east_asian_width(int32_t codePoint) {
    return u_getIntPropertyValue((UChar32)codePoint, UCHAR_EAST_ASIAN_WIDTH);
}

int32_t cicu_general_category(int32_t codePoint) { return u_charType((UChar32)codePoint); }

int32_t cicu_has_binary_property(int32_t codePoint, int32_t property) {
    return u_hasBinaryProperty((UChar32)codePoint, (UProperty)property) ? 1 : 0;
}

int32_t cicu_int_property_value(int32_t codePoint, int32_t property) {
    return u_getIntPropertyValue((UChar32)codePoint, (UProperty)property);
}

cicu_bidi *cicu_bidi_open(int32_t *status) {
    UBiDi *bidi = U_FAILURE((UErrorCode)*status) ? NULL : ubidi_open();
    report(bidi, (UErrorCode)*status, status);
    return (cicu_bidi *)bidi;
}

void cicu_bidi_close(cicu_bidi *bidi) {
    if (bidi != NULL) {
        ubidi_close(AS_BIDI(bidi));
    }
}

void cicu_bidi_set_para(cicu_bidi *bidi, const uint16_t *text, int32_t length, uint8_t level,
                        int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    ubidi_setPara(AS_BIDI(bidi), (const UChar *)text, length, (UBiDiLevel)level, NULL, &code);
    *status = (int32_t)code;
}

uint8_t cicu_bidi_para_level(const cicu_bidi *bidi) {
    return (uint8_t)ubidi_getParaLevel((const UBiDi *)bidi);
}

void cicu_bidi_set_line(const cicu_bidi *bidi, int32_t start, int32_t limit, cicu_bidi *line,
                        int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    ubidi_setLine((const UBiDi *)bidi, start, limit, AS_BIDI(line), &code);
    *status = (int32_t)code;
}

void cicu_bidi_levels(cicu_bidi *bidi, uint8_t *levels, int32_t length, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    const UBiDiLevel *resolved = ubidi_getLevels(AS_BIDI(bidi), &code);
    if (U_SUCCESS(code)) {
        int32_t count = ubidi_getLength(AS_BIDI(bidi));
        if (count > length) {
            count = length;
        }
        memcpy(levels, resolved, (size_t)count);
    }
    *status = (int32_t)code;
}

int32_t cicu_bidi_count_runs(cicu_bidi *bidi, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    int32_t count = ubidi_countRuns(AS_BIDI(bidi), &code);
    *status = (int32_t)code;
    return count;
}

int32_t cicu_bidi_visual_run(cicu_bidi *bidi, int32_t index, int32_t *logicalStart,
                             int32_t *length) {
    return ubidi_getVisualRun(AS_BIDI(bidi), index, logicalStart, length) == UBIDI_RTL ? 1 : 0;
}

int32_t cicu_bidi_direction(const cicu_bidi *bidi) {
    return (int32_t)ubidi_getDirection((const UBiDi *)bidi);
}

void cicu_bidi_reorder_visual(const uint8_t *levels, int32_t length, int32_t *visualToLogical) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, length, visualToLogical);
}

// MARK: Search folding

/// One code point folded for searching, as cicu_search_fold says; 0 for a skipped mark.
static UChar32 cicu_fold_code_point(UChar32 c, int32_t ignoreCase, int32_t ignoreDiacritics,
                                    const UNormalizer2 *nfd) {
    UChar32 f = c;
    if (ignoreDiacritics && nfd != NULL) {
        if (u_charType(f) == U_NON_SPACING_MARK) return 0;
        UChar decomposition[8];
        UErrorCode error = U_ZERO_ERROR;
        int32_t length = unorm2_getDecomposition(nfd, f, decomposition, 8, &error);
        if (U_SUCCESS(error) && length > 0) {
            UChar32 base;
            int32_t index = 0;
            U16_NEXT(decomposition, index, length, base);
            f = base;
        }
    }
    if (ignoreCase) f = u_foldCase(f, U_FOLD_CASE_DEFAULT);
    return f;
}

void cicu_search_fold(const uint16_t *text, int32_t length, uint16_t *folded, int32_t ignoreCase,
                      int32_t ignoreDiacritics, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    const UNormalizer2 *nfd = ignoreDiacritics ? unorm2_getNFDInstance(&error) : NULL;
    if (U_FAILURE(error)) {
        *status = error;
        return;
    }
    int32_t index = 0;
    while (index < length) {
        uint16_t unit = text[index];
        // ASCII, the common case: only letters change, and only with ignoreCase.
        if (unit < 0x80) {
            folded[index] = (ignoreCase && unit >= 'A' && unit <= 'Z') ? (uint16_t)(unit + 32) : unit;
            index += 1;
            continue;
        }
        // CJK, kana and Hangul (U+3000 to the surrogates) have no case, and their
        // decompositions (ガ to カ and a voicing mark, 한 to its jamo) are no diacritics.
        if (unit >= 0x3000 && unit < 0xD800) {
            folded[index] = unit;
            index += 1;
            continue;
        }
        int32_t start = index;
        UChar32 c;
        U16_NEXT(text, index, length, c);
        UChar32 f = cicu_fold_code_point(c, ignoreCase, ignoreDiacritics, nfd);
        if (U16_LENGTH(f) != index - start && f != 0) f = c;
        if (f == 0) {
            for (int32_t unitIndex = start; unitIndex < index; unitIndex++) folded[unitIndex] = 0;
        } else if (U16_LENGTH(f) == 1) {
            folded[start] = (uint16_t)f;
        } else {
            folded[start] = U16_LEAD(f);
            folded[start + 1] = U16_TRAIL(f);
        }
    }
}

int32_t cicu_search_find(const uint16_t *folded, int32_t length, const uint16_t *query,
                         int32_t queryLength, int32_t from, int32_t *end) {
    if (queryLength <= 0) return -1;
    for (int32_t start = from < 0 ? 0 : from; start < length; start++) {
        if (folded[start] != query[0]) continue;
        int32_t textIndex = start + 1;
        int32_t queryIndex = 1;
        while (queryIndex < queryLength && textIndex < length) {
            if (folded[textIndex] == 0) {
                textIndex++;
            } else if (folded[textIndex] == query[queryIndex]) {
                textIndex++;
                queryIndex++;
            } else {
                break;
            }
        }
        if (queryIndex < queryLength) continue;
        while (textIndex < length && folded[textIndex] == 0) textIndex++;
        *end = textIndex;
        return start;
    }
    return -1;
}

// MARK: Regular expressions

_Static_assert(CICU_REGEX_TIME_OUT == U_REGEX_TIME_OUT, "U_REGEX_TIME_OUT");
_Static_assert(CICU_REGEX_STACK_OVERFLOW == U_REGEX_STACK_OVERFLOW, "U_REGEX_STACK_OVERFLOW");

cicu_regex *cicu_regex_open(const uint16_t *pattern, int32_t length, int32_t caseInsensitive,
                            int32_t *errorOffset, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    UParseError parseError;
    memset(&parseError, 0, sizeof parseError);
    URegularExpression *regex =
        uregex_open(pattern, length, caseInsensitive ? UREGEX_CASE_INSENSITIVE : 0, &parseError, &code);
    *errorOffset = parseError.offset >= 0 ? parseError.offset : -1;
    *status = code;
    if (U_FAILURE(code)) {
        if (regex != NULL) uregex_close(regex);
        return NULL;
    }
    return (cicu_regex *)regex;
}

void cicu_regex_close(cicu_regex *regex) {
    if (regex != NULL) uregex_close((URegularExpression *)regex);
}

void cicu_regex_set_text(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t timeLimit,
                         int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    static const UChar empty[1] = {0};
    uregex_setText((URegularExpression *)regex, text != NULL ? text : empty, length, &code);
    uregex_setTimeLimit((URegularExpression *)regex, timeLimit, &code);
    uregex_setStackLimit((URegularExpression *)regex, 1 << 20, &code);
    *status = code;
}

int32_t cicu_regex_group_count(cicu_regex *regex, int32_t *status) {
    UErrorCode code = (UErrorCode)*status;
    int32_t count = uregex_groupCount((URegularExpression *)regex, &code);
    *status = code;
    return U_SUCCESS(code) ? count : 0;
}

int32_t cicu_regex_find(cicu_regex *regex, int32_t from, int32_t *bounds, int32_t capacity, int32_t *status) {
    URegularExpression *pattern = (URegularExpression *)regex;
    UErrorCode code = (UErrorCode)*status;
    UBool found = uregex_find(pattern, from, &code);
    if (U_FAILURE(code) || !found) {
        *status = code;
        return 0;
    }
    int32_t groups = uregex_groupCount(pattern, &code);
    for (int32_t group = 0; group <= groups && 2 * group + 1 < capacity; group++) {
        bounds[2 * group] = uregex_start(pattern, group, &code);
        bounds[2 * group + 1] = uregex_end(pattern, group, &code);
    }
    *status = code;
    return U_SUCCESS(code) ? 1 : 0;
}
