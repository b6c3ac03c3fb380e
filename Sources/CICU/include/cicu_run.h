// The per-segment work behind TextNavigation's word and sentence caches (its RunUnits type),
// in C: where a segment of ICU's (or of a scan's) belongs among a run of paragraphs, where its
// edges move so that none splits a grapheme cluster, and writing the units. Why it is in C:
// for Japanese and Chinese words this work runs once per word next to ICU's dictionary, where
// every percent shows. In C, ICU's words are taken straight from the iterator and, in a paragraph
// whose units need no look (see cicu_run.plains), written as they come, with nothing live across
// ICU's calls but the loop's own few values: about as many instructions per segment as a bare
// loop over ubrk_next and ubrk_getRuleStatus takes.
//
// A run is a stretch of UTF-16 text holding paragraphs back to back, each one separator (a
// paragraph separator) after the one before; a single text is a run of one paragraph. A segment
// belongs to the paragraph it starts in (the separator after a paragraph counts as its own) and
// is cut at that paragraph's end. Units are written in their paragraph's own offsets.
#ifndef CICU_RUN_H
#define CICU_RUN_H

#include "cicu.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The state of one run. The caller owns every buffer and sets the fields marked "in" (with
/// cicu_run_begin filling the rest); the functions below keep the others.
typedef struct cicu_run {
    /// In: the run's code units.
    const uint16_t *units;
    /// In: one bit per BMP code unit, 1,024 words, set for a "simple" unit: a whole code point
    /// whose Grapheme_Cluster_Break is Other, Control, CR or LF. Between two simple units a
    /// cluster boundary lies unless they are CR then LF.
    const uint64_t *simple;
    /// In: eight runs of simple units (first and last, 16 units in all) where text spends most
    /// of its units, so that a paragraph's units can be looked at eight at a time; a unit outside
    /// them is looked up in `simple`.
    const uint16_t *simpleRuns;
    /// In: each paragraph's first unit, ascending, then the run's length + 1 (one entry more than
    /// there are paragraphs, of which there is at least one).
    const int32_t *starts;
    int32_t paragraphs;
    /// In: where units go (two edges each), and how many edges fit; the caller may grow it
    /// between calls (edges written so far kept).
    int32_t *edges;
    int32_t capacity;
    /// In: the index of each paragraph's first unit (`paragraphs` + 1 entries, the last one the
    /// number of units), written as the run goes.
    int32_t *firsts;
    /// In: memory for a flag per paragraph, set by cicu_run_begin: whether it is plain, that is
    /// every code unit of it is simple and none is CR. Then every offset in it is a cluster
    /// boundary, and no edge needs looking at (most paragraphs of most books).
    uint8_t *plains;

    /// The edges written so far.
    int32_t used;
    /// The paragraph segments go to now, and its units' range in the run.
    int32_t paragraph;
    int32_t start;
    int32_t end;
    /// The end of the paragraph's last unit, in its offsets (0 before its first).
    int32_t lastEnd;
    /// Set when a segment went on past the separator after its paragraph, or ICU failed: the units
    /// are then not to be used.
    int32_t crossed;
    /// ICU's character iterator, for edges the simple units cannot decide, and the paragraph it
    /// is pointed at (-1: none).
    cicu_break_iterator *clusters;
    int32_t clustersParagraph;
    /// Where ICU's words stand (cicu_run_add_icu_words): the paragraph the word iterator is
    /// pointed at (-1: none yet), and the last boundary taken, in that paragraph's offsets.
    int32_t wordsParagraph;
    int32_t wordsFrom;
} cicu_run;

/// Starts `run` (its "in" fields set): marks which paragraphs are plain, in one pass over the
/// run; the first paragraph, no units.
void cicu_run_begin(cicu_run *run);

/// Moves on to the paragraph the segment `start..<end` (run offsets, not empty) starts in and
/// returns its end cut at that paragraph's end; -1, setting `crossed`, when it goes on past the
/// separator after it.
int32_t cicu_run_place(cicu_run *run, int32_t start, int32_t end);

/// The start of the grapheme cluster holding `offset` (run offsets) in the current paragraph:
/// `offset` itself when it is a cluster boundary (or not strictly inside the paragraph).
int32_t cicu_run_cluster_start(cicu_run *run, int32_t offset);

/// Adds word segments (run offsets, ascending, already filtered), each placed and its edges
/// moved to cluster starts, unless it is empty or overlaps the unit before. Needs room for
/// 2 * `count` more edges. Returns 0 when the run was crossed, else 1.
int32_t cicu_run_add_words(cicu_run *run, const int32_t *starts, const int32_t *ends, int32_t count);

/// Adds the word segments of ICU's word iterator, those whose closing boundary has a rule
/// status of at least `minimumStatus`, as cicu_run_add_words does: the iterator is pointed at
/// each paragraph in turn (not at the separators) and, at the end, back at the whole run. Goes
/// on until the last paragraph ends or ICU fails (returns 0; `crossed` set on failure) or `edges`
/// has too little room (returns how many more edges it wants room for; call again after growing
/// it, with the iterator as it was left).
int32_t cicu_run_add_icu_words(cicu_run *run, cicu_break_iterator *iterator, int32_t minimumStatus);

/// Ends the run: every paragraph's first unit written (those after the last segment's own
/// paragraph have none), the character iterator closed.
void cicu_run_end(cicu_run *run);

#ifdef __cplusplus
}
#endif

#endif
