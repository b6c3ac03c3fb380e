// A small C bridge that publishes a tree of accessible objects on the Linux accessibility bus
// (AT-SPI) through ATK and atk-bridge, for TextNavigationAccessibility.
//
// The tree is an application, a frame, a document frame and one text object per element. The
// bridge keeps each object's text (as UTF-8), caret and selection, and asks the host through a
// table of callbacks (`ra_callbacks`) for everything the host's layout and tokenizer know:
// text units, extents, hit tests, scrolling and the element that flows to or from another.
// Offsets are in characters (Unicode scalar values), as ATK counts them.
//
// Everything runs on the thread that calls `ra_bridge_start` and pumps the GLib main context.
// This header exposes only standard C types and opaque handles.
#ifndef CACCESSIBILITYBRIDGE_H
#define CACCESSIBILITYBRIDGE_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An accessible object (a GObject); owned by the host through `ra_node_unref`.
typedef struct ra_node ra_node;

/// What an object is, mapped to ATK's roles.
typedef enum ra_role {
    RA_ROLE_FRAME = 0,
    RA_ROLE_DOCUMENT = 1,
    RA_ROLE_PARAGRAPH = 2,
    RA_ROLE_HEADING = 3,
    RA_ROLE_IMAGE = 4,
    RA_ROLE_PAGE = 5,
    RA_ROLE_STATIC = 6,
    RA_ROLE_LINK = 7,
} ra_role;

/// The text units a client asks for: ATK's boundary types (0 to 6, same values), then the
/// granularity API's paragraph.
typedef enum ra_unit {
    RA_UNIT_CHARACTER = 0,
    RA_UNIT_WORD_START = 1,
    RA_UNIT_WORD_END = 2,
    RA_UNIT_SENTENCE_START = 3,
    RA_UNIT_SENTENCE_END = 4,
    RA_UNIT_LINE_START = 5,
    RA_UNIT_LINE_END = 6,
    RA_UNIT_PARAGRAPH = 7,
} ra_unit;

/// Which segment of a unit: the one before the one at an offset, at it, or after it.
typedef enum ra_segment_side {
    RA_SEGMENT_BEFORE = -1,
    RA_SEGMENT_AT = 0,
    RA_SEGMENT_AFTER = 1,
} ra_segment_side;

/// A rectangle in screen pixels.
typedef struct ra_rect {
    int32_t x, y, width, height;
} ra_rect;

/// What the bridge asks the host. `element` is the id the host gave the text object.
typedef struct ra_callbacks {
    void *context;
    /// The segment of `unit` on `side` of `offset`, in characters; false for none (the bridge
    /// answers an empty string at `offset`).
    bool (*segment)(void *context, int64_t element, ra_unit unit, ra_segment_side side, int32_t offset,
                    int32_t *start, int32_t *end);
    /// The client moved the caret (`set_caret_offset`, or focus with `grab_focus`).
    void (*caret_moved)(void *context, int64_t element, int32_t offset);
    /// The client changed the selection; start == end when it removed it.
    void (*selection_changed)(void *context, int64_t element, int32_t start, int32_t end);
    /// The extents of the characters `start..<end` (one character when end == start + 1);
    /// false when there are none.
    bool (*range_extents)(void *context, int64_t element, int32_t start, int32_t end, ra_rect *rect);
    /// The character at a screen point, or -1.
    int32_t (*offset_at_point)(void *context, int64_t element, int32_t x, int32_t y);
    /// The element's extents on the screen.
    bool (*element_extents)(void *context, int64_t element, ra_rect *rect);
    /// Bring `start..<end` onto the screen (turning the page); false when it cannot.
    bool (*scroll_to)(void *context, int64_t element, int32_t start, int32_t end);
    /// The object the element flows to (direction 1) or from (-1), published if it was not,
    /// or NULL at the end (start) of the book. The bridge does not take ownership.
    ra_node *(*flows)(void *context, int64_t element, int32_t direction);
} ra_callbacks;

/// Starts the bridge: registers the application named `name` on the accessibility bus.
/// Returns 0, or -1 when there is no accessibility bus (the message says why).
int32_t ra_bridge_start(const ra_callbacks *callbacks, const char *name, char *message,
                        int32_t message_size);
/// Whether `ra_bridge_start` succeeded in this process.
bool ra_bridge_is_started(void);

/// Runs one iteration of the GLib main context; blocks for an event when `may_block`.
/// Returns whether an event was dispatched.
bool ra_bridge_iterate(bool may_block);
/// Watches a file descriptor for input (or hang-up) while the main context runs: `ready` is
/// called on the main context; it returns false to stop watching. Returns a source id.
uint32_t ra_bridge_watch_input(int32_t fd, bool (*ready)(void *context, int32_t fd), void *context);
/// Calls `fire` every `milliseconds` on the main context until it returns false.
uint32_t ra_bridge_add_timer(uint32_t milliseconds, bool (*fire)(void *context), void *context);
/// Removes a watch or timer.
void ra_bridge_remove_source(uint32_t source);

/// Gives a key event to the screen reader's key snoopers before the host acts on it (as GTK
/// does): `keyval` is the X keysym, `name` the keysym's name ("Down", "KP_Add") or the typed
/// text, `keycode` the hardware code, `state` the X modifier mask. Returns true when a snooper
/// consumed the key: the host must then ignore it.
bool ra_bridge_key_event(bool press, uint32_t keyval, const char *name, uint16_t keycode, uint32_t state);

/// The frame (a window): a child of the application. STATE_ACTIVE is set, `window:activate`
/// emitted. Its extents are `rect`.
ra_node *ra_frame_new(const char *title, ra_rect rect);
/// A document frame with `name`, a child of `frame`, with the same extents.
ra_node *ra_document_new(ra_node *frame, const char *name, ra_rect rect);
/// A text object for the host's element `element`, not yet in the tree: `text` is its UTF-8
/// text, `name` its accessible name (or NULL), `language` a BCP 47 tag (or NULL), `level` the
/// heading level (0 for none).
ra_node *ra_text_new(int64_t element, ra_role role, const char *text, const char *name, const char *language,
                     int32_t level);
/// The host's id of a text object.
int64_t ra_text_element(const ra_node *node);

/// Inserts `child` in `parent` at `index` (clamped), announcing it with `children-changed::add`.
void ra_node_insert(ra_node *parent, int32_t index, ra_node *child);
/// Removes `child` from its parent, announcing it, and marks it defunct.
void ra_node_remove(ra_node *child);
/// Gives the focus to `node` (the previous focus loses it), announced with state changes.
void ra_node_focus(ra_node *node);
/// Releases the host's reference.
void ra_node_unref(ra_node *node);

/// Moves the caret of a text object, announcing it with `text-caret-moved` when it moved.
void ra_text_set_caret(ra_node *node, int32_t offset);
/// The caret of a text object.
int32_t ra_text_caret(const ra_node *node);
/// Sets the selection of a text object (start == end removes it), announcing it.
void ra_text_set_selection(ra_node *node, int32_t start, int32_t end);
/// The character count of a text object.
int32_t ra_text_character_count(const ra_node *node);

#ifdef __cplusplus
}
#endif

#endif
