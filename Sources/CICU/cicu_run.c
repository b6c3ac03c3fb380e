// Word and sentence unit placement over a run of paragraphs. See include/cicu_run.h.
#include "cicu_run.h"

#include <string.h>
#include <unicode/ubrk.h>

#define AS_ICU(iterator) ((UBreakIterator *)(iterator))

#define ALWAYS_INLINE static inline __attribute__((always_inline))

/// The fields of a run the per-segment loop reads and writes, copied into a local so that they
/// stay in registers: through the run itself, every store to `edges` (int32_t, like them) would
/// make the compiler load them again.
/// (The code units and the table of simple units are read through the run: only paragraphs
/// that are not plain need them.)
typedef struct {
    int32_t *edges;
    int32_t start, end, lastEnd, used, plain;
} hot_state;

ALWAYS_INLINE void load(hot_state *hot, const cicu_run *run) {
    hot->edges = run->edges;
    hot->start = run->start;
    hot->end = run->end;
    hot->lastEnd = run->lastEnd;
    hot->used = run->used;
    hot->plain = run->plains[run->paragraph];
}

ALWAYS_INLINE void save(const hot_state *hot, cicu_run *run) {
    run->lastEnd = hot->lastEnd;
    run->used = hot->used;
}

ALWAYS_INLINE int is_simple(const uint64_t *simple, uint16_t unit) {
    return unit < 0x300 || ((simple[unit >> 6] >> (unit & 63)) & 1) != 0;
}

/// Whether `unit` is simple and not CR: a unit that lets every offset around it be a cluster
/// boundary (see cicu_run.plains).
ALWAYS_INLINE int is_plain_unit(const uint64_t *simple, uint16_t unit) {
    return unit != 0x0D && is_simple(simple, unit);
}

/// Eight code units, and the lanes of a comparison of two such.
typedef uint16_t units8 __attribute__((ext_vector_type(8)));
typedef int16_t lanes8 __attribute__((ext_vector_type(8)));

/// The offset of the first unit of `units[offset..<count]` that is not plain, or -1: eight units
/// at a time where each lies in one of the run's simple runs or is a paragraph separator (a
/// handful of vector instructions instead of a table lookup per unit), the table for the others.
static int32_t first_unit_not_plain(const cicu_run *run, const units8 *firsts, const units8 *lengths,
                                    int32_t offset, int32_t count) {
    const uint16_t *units = run->units;
    for (; offset + 8 <= count; offset += 8) {
        units8 vector;
        memcpy(&vector, units + offset, sizeof vector);
        // Unsigned: a unit below a run's first wraps around past its length.
        lanes8 inside = (lanes8)(vector - firsts[0] <= lengths[0]);
        for (int index = 1; index < 8; index++) {
            inside |= (lanes8)(vector - firsts[index] <= lengths[index]);
        }
        inside |= (lanes8)(vector == (units8)0x2029);
        inside &= (lanes8)(vector != (units8)0x0D);
        if (__builtin_reduce_and(inside) != -1) {
            for (int32_t lane = offset; lane < offset + 8; lane++) {
                if (!is_plain_unit(run->simple, units[lane])) {
                    return lane;
                }
            }
        }
    }
    for (; offset < count; offset++) {
        if (!is_plain_unit(run->simple, units[offset])) {
            return offset;
        }
    }
    return -1;
}

/// Sets each paragraph's flag in `plains` (see cicu_run.plains), in one pass over the whole run
/// rather than one per paragraph: the rest of a paragraph found not plain is skipped.
static void mark_plain_paragraphs(cicu_run *run) {
    units8 firsts[8];
    units8 lengths[8];
    for (int index = 0; index < 8; index++) {
        firsts[index] = (units8)run->simpleRuns[2 * index];
        lengths[index] = (units8)(uint16_t)(run->simpleRuns[2 * index + 1] - run->simpleRuns[2 * index]);
    }
    memset(run->plains, 1, (size_t)run->paragraphs);
    // The run's length: the entry after the last paragraph's start is one past it.
    const int32_t count = run->starts[run->paragraphs] - 1;
    int32_t paragraph = 0;
    int32_t offset = 0;
    for (;;) {
        int32_t found = first_unit_not_plain(run, firsts, lengths, offset, count);
        if (found < 0) {
            return;
        }
        // The paragraph holding it (a separator, being simple, is never found).
        while (run->starts[paragraph + 1] <= found) {
            paragraph += 1;
        }
        run->plains[paragraph] = 0;
        offset = run->starts[paragraph + 1];
        if (offset >= count) {
            return;
        }
    }
}

static void enter_paragraph(cicu_run *run, int32_t paragraph) {
    run->paragraph = paragraph;
    run->start = run->starts[paragraph];
    run->end = run->starts[paragraph + 1] - 1;
    run->lastEnd = 0;
}

void cicu_run_begin(cicu_run *run) {
    run->used = 0;
    run->crossed = 0;
    run->clusters = NULL;
    run->clustersParagraph = -1;
    run->wordsParagraph = -1;
    run->wordsFrom = 0;
    run->firsts[0] = 0;
    mark_plain_paragraphs(run);
    enter_paragraph(run, 0);
}

static inline int32_t place(cicu_run *run, int32_t start, int32_t end) {
    if (start > run->end) {
        while (start > run->end && run->paragraph + 1 < run->paragraphs) {
            run->firsts[run->paragraph + 1] = run->used >> 1;
            enter_paragraph(run, run->paragraph + 1);
        }
    }
    if (end > run->end + 1 || start > run->end) {
        run->crossed = 1;
        return -1;
    }
    return end < run->end ? end : run->end;
}

int32_t cicu_run_place(cicu_run *run, int32_t start, int32_t end) { return place(run, start, end); }

/// The cluster start of `offset` from ICU's character iterator over the current paragraph.
__attribute__((noinline)) static int32_t slow_cluster_start(cicu_run *run, int32_t offset) {
    UErrorCode status = U_ZERO_ERROR;
    if (run->clusters == NULL) {
        run->clusters = (cicu_break_iterator *)ubrk_open(UBRK_CHARACTER, "", NULL, 0, &status);
        if (U_FAILURE(status) || run->clusters == NULL) {
            run->clusters = NULL;
            return offset;
        }
    }
    if (run->clustersParagraph != run->paragraph) {
        ubrk_setText(AS_ICU(run->clusters), (const UChar *)(run->units + run->start), run->end - run->start,
                     &status);
        if (U_FAILURE(status)) {
            run->clustersParagraph = -1;
            return offset;
        }
        run->clustersParagraph = run->paragraph;
    }
    int32_t local = offset - run->start;
    if (ubrk_isBoundary(AS_ICU(run->clusters), local)) {
        return offset;
    }
    int32_t before = ubrk_preceding(AS_ICU(run->clusters), local);
    return run->start + (before == UBRK_DONE ? 0 : before);
}

ALWAYS_INLINE int32_t cluster_start(const hot_state *hot, cicu_run *run, int32_t offset) {
    if (hot->plain || offset <= hot->start || offset >= hot->end) {
        return offset;
    }
    uint16_t before = run->units[offset - 1];
    uint16_t after = run->units[offset];
    if (is_simple(run->simple, before) && is_simple(run->simple, after) && !(before == 0x0D && after == 0x0A)) {
        return offset;
    }
    return slow_cluster_start(run, offset);
}

int32_t cicu_run_cluster_start(cicu_run *run, int32_t offset) {
    hot_state hot;
    load(&hot, run);
    return cluster_start(&hot, run, offset);
}

/// Places the word segment `start..<end` and writes its unit; 0 when the run was crossed.
ALWAYS_INLINE int add_word(hot_state *hot, cicu_run *run, int32_t start, int32_t end) {
    // A segment is never empty, so this also catches a start past the paragraph.
    if (end > hot->end) {
        save(hot, run);
        end = place(run, start, end);
        load(hot, run);
        if (end < 0) {
            return 0;
        }
    }
    int32_t lower = cluster_start(hot, run, start);
    int32_t upper = cluster_start(hot, run, end);
    int32_t localLower = lower - hot->start;
    int32_t localUpper = upper - hot->start;
    if (localUpper > localLower && localLower >= hot->lastEnd) {
        hot->edges[hot->used] = localLower;
        hot->edges[hot->used + 1] = localUpper;
        hot->used += 2;
        hot->lastEnd = localUpper;
    }
    return 1;
}

int32_t cicu_run_add_words(cicu_run *run, const int32_t *starts, const int32_t *ends, int32_t count) {
    if (run->crossed) {
        return 0;
    }
    hot_state hot;
    load(&hot, run);
    int32_t added = 1;
    for (int32_t index = 0; index < count; index++) {
        if (!add_word(&hot, run, starts[index], ends[index])) {
            added = 0;
            break;
        }
    }
    save(&hot, run);
    return added;
}

/// Adds ICU's segments from `*start..<boundary` on (offsets in the current paragraph, which the
/// iterator is pointed at and which is plain) while they end within `stop`, with room for two
/// edges per unit up to it: each one whose rule status is at least `minimumStatus`, written as it
/// is. Nothing needs checking: in a plain paragraph no edge moves, and ICU's segments are never
/// empty and each starts where the one before ended. Returns the first boundary past `stop` (or
/// UBRK_DONE), not yet taken, with `*start` the boundary before it.
///
/// The loop keeps only what it needs live across ICU's calls, so that it stays in registers.
ALWAYS_INLINE int32_t add_plain_segments(hot_state *hot, UBreakIterator *bi, int32_t *start, int32_t boundary,
                                         int32_t stop, int32_t minimumStatus) {
    int32_t *const first = hot->edges + hot->used;
    int32_t *out = first;
    int32_t lower = *start;
    do {
        if (ubrk_getRuleStatus(bi) >= minimumStatus) {
            out[0] = lower;
            out[1] = boundary;
            out += 2;
        }
        lower = boundary;
        boundary = ubrk_next(bi);
        // UBRK_DONE (-1) is past `stop` unsigned.
    } while ((uint32_t)boundary <= (uint32_t)stop);
    if (out != first) {
        hot->used += (int32_t)(out - first);
        hot->lastEnd = out[-1];
    }
    *start = lower;
    return boundary;
}

/// The most edges a call asks room for at once: a huge paragraph is taken a part at a time.
enum { room_request_limit = 1 << 16 };

int32_t cicu_run_add_icu_words(cicu_run *run, cicu_break_iterator *iterator, int32_t minimumStatus) {
    if (run->crossed) {
        return 0;
    }
    UBreakIterator *bi = AS_ICU(iterator);
    UErrorCode status = U_ZERO_ERROR;
    hot_state hot;
    load(&hot, run);
    int32_t wanted = 0;
    int32_t from = 0;
    for (;;) {
        // Each paragraph alone, as a client pointing ICU at each paragraph would: over the whole
        // run, ICU's look-ahead past each paragraph's end is thrown away and done again.
        int32_t boundary;
        if (run->wordsParagraph != run->paragraph) {
            ubrk_setText(bi, (const UChar *)(run->units + hot.start), hot.end - hot.start, &status);
            if (U_FAILURE(status)) {
                run->crossed = 1;
                break;
            }
            run->wordsParagraph = run->paragraph;
            from = 0;
            boundary = ubrk_next(bi);
        } else {
            // Back after growing the room: the iterator stands at `from` or one boundary past.
            from = run->wordsFrom;
            boundary = ubrk_current(bi) == from ? ubrk_next(bi) : ubrk_following(bi, from);
        }
        while (boundary != UBRK_DONE) {
            int32_t room = run->capacity - hot.used;
            if (hot.plain) {
                // Each segment up to `stop` is at least one unit long and writes two edges.
                int32_t length = hot.end - hot.start;
                int32_t stop = length - from <= room / 2 ? length : from + room / 2;
                if (boundary > stop) {
                    int32_t rest = length - from;
                    wanted = rest < room_request_limit / 2 ? 2 * rest : room_request_limit;
                    break;
                }
                boundary = add_plain_segments(&hot, bi, &from, boundary, stop, minimumStatus);
                continue;
            }
            if (room < 2) {
                wanted = 2;
                break;
            }
            // Within the paragraph, so never past its end.
            if (ubrk_getRuleStatus(bi) >= minimumStatus) {
                add_word(&hot, run, hot.start + from, hot.start + boundary);
            }
            from = boundary;
            boundary = ubrk_next(bi);
        }
        if (wanted > 0 || run->paragraph + 1 >= run->paragraphs) {
            break;
        }
        save(&hot, run);
        run->firsts[run->paragraph + 1] = run->used >> 1;
        enter_paragraph(run, run->paragraph + 1);
        load(&hot, run);
    }
    save(&hot, run);
    run->wordsFrom = from;
    if (wanted == 0 && !run->crossed) {
        // Done: the iterator goes back to the whole run, where the caller pointed it.
        ubrk_setText(bi, (const UChar *)run->units, run->starts[run->paragraphs] - 1, &status);
    }
    return wanted;
}

void cicu_run_end(cicu_run *run) {
    if (!run->crossed) {
        for (int32_t paragraph = run->paragraph + 1; paragraph <= run->paragraphs; paragraph++) {
            run->firsts[paragraph] = run->used >> 1;
        }
    }
    if (run->clusters != NULL) {
        ubrk_close(AS_ICU(run->clusters));
        run->clusters = NULL;
    }
}
