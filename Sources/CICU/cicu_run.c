// Word and sentence unit placement over a run of paragraphs. See include/cicu_run.h.
#include "cicu_run.h"

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
    hot->plain = run->plain;
}

ALWAYS_INLINE void save(const hot_state *hot, cicu_run *run) {
    run->lastEnd = hot->lastEnd;
    run->used = hot->used;
}

ALWAYS_INLINE int is_simple(const uint64_t *simple, uint16_t unit) {
    return unit < 0x300 || ((simple[unit >> 6] >> (unit & 63)) & 1) != 0;
}

/// Whether every unit of `units[start..<end]` is simple and none is CR (see cicu_run.plain).
static int is_plain(const uint16_t *units, const uint64_t *simple, int32_t start, int32_t end) {
    for (int32_t offset = start; offset < end; offset++) {
        uint16_t unit = units[offset];
        if (unit == 0x0D || !is_simple(simple, unit)) {
            return 0;
        }
    }
    return 1;
}

static void enter_paragraph(cicu_run *run, int32_t paragraph) {
    run->paragraph = paragraph;
    run->start = run->starts[paragraph];
    run->end = run->starts[paragraph + 1] - 1;
    run->lastEnd = 0;
    run->plain = is_plain(run->units, run->simple, run->start, run->end);
}

void cicu_run_begin(cicu_run *run) {
    run->used = 0;
    run->crossed = 0;
    run->clusters = NULL;
    run->clustersParagraph = -1;
    run->firsts[0] = 0;
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

int32_t cicu_run_add_icu_words(cicu_run *run, cicu_break_iterator *iterator, int32_t *from,
                               int32_t minimumStatus) {
    // Segments are gathered a batch at a time (cicu_break_next_segments) and then placed: placing
    // them between ICU's calls would keep the run's state live across those calls, spilled and
    // reloaded at every boundary.
    enum { batch = 256 };
    int32_t starts[batch];
    int32_t ends[batch];
    while (!run->crossed) {
        // Each segment writes at most two edges.
        int32_t room = (run->capacity - run->used) / 2;
        if (room <= 0) {
            return 0;
        }
        int32_t limit = room < batch ? room : batch;
        int32_t count = cicu_break_next_segments(iterator, from, minimumStatus, starts, ends, limit);
        if (!cicu_run_add_words(run, starts, ends, count) || count < limit) {
            break;
        }
    }
    return 1;
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
