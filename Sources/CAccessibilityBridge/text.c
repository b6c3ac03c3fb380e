// AtkText and AtkComponent: the text the bridge keeps, and what it asks the host for (units,
// extents, hit tests, scrolling). Offsets are characters; an offset out of range gets ATK's
// empty answers, never a call to the host.
#include "bridge_private.h"

static gchar *substring(RaText *text, gint start, gint end) {
    if (start < 0) start = 0;
    if (end < 0 || end > text->count) end = text->count;
    if (start > end) start = end;
    return g_strndup(text->text + text->bytes[start], (gsize)(text->bytes[end] - text->bytes[start]));
}

static gchar *get_text(AtkText *atk, gint start, gint end) { return substring(RA_TEXT(atk), start, end); }

static gchar *segment(AtkText *atk, ra_unit unit, ra_segment_side side, gint offset, gint *start, gint *end) {
    RaText *text = RA_TEXT(atk);
    int32_t from = 0, to = 0;
    gboolean found = offset >= 0 && offset <= text->count && !RA_NODE(text)->defunct && ra_host.segment &&
                     ra_host.segment(ra_host.context, text->element, unit, side, offset, &from, &to);
    if (!found || from < 0 || to > text->count || from > to) {
        from = to = (offset >= 0 && offset <= text->count) ? offset : 0;
    }
    if (start) *start = from;
    if (end) *end = to;
    return substring(text, from, to);
}

static gchar *text_before(AtkText *atk, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return segment(atk, (ra_unit)boundary, RA_SEGMENT_BEFORE, offset, start, end);
}

static gchar *text_at(AtkText *atk, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return segment(atk, (ra_unit)boundary, RA_SEGMENT_AT, offset, start, end);
}

static gchar *text_after(AtkText *atk, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return segment(atk, (ra_unit)boundary, RA_SEGMENT_AFTER, offset, start, end);
}

static gchar *string_at(AtkText *atk, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    ra_unit unit;
    switch (granularity) {
    case ATK_TEXT_GRANULARITY_CHAR: unit = RA_UNIT_CHARACTER; break;
    case ATK_TEXT_GRANULARITY_WORD: unit = RA_UNIT_WORD_START; break;
    case ATK_TEXT_GRANULARITY_SENTENCE: unit = RA_UNIT_SENTENCE_START; break;
    case ATK_TEXT_GRANULARITY_LINE: unit = RA_UNIT_LINE_START; break;
    case ATK_TEXT_GRANULARITY_PARAGRAPH: unit = RA_UNIT_PARAGRAPH; break;
    default: unit = RA_UNIT_CHARACTER; offset = -1; break;
    }
    return segment(atk, unit, RA_SEGMENT_AT, offset, start, end);
}

static gunichar character_at(AtkText *atk, gint offset) {
    RaText *text = RA_TEXT(atk);
    if (offset < 0 || offset >= text->count) return 0;
    return g_utf8_get_char(text->text + text->bytes[offset]);
}

static gint character_count(AtkText *atk) { return RA_TEXT(atk)->count; }
static gint caret_offset(AtkText *atk) { return RA_TEXT(atk)->caret; }

static gboolean set_caret_offset(AtkText *atk, gint offset) {
    RaText *text = RA_TEXT(atk);
    if (offset < 0 || offset > text->count || RA_NODE(text)->defunct) return FALSE;
    ra_text_set_caret((ra_node *)text, offset);
    if (ra_host.caret_moved) ra_host.caret_moved(ra_host.context, text->element, offset);
    return TRUE;
}

static AtkAttributeSet *language_attributes(RaText *text) {
    if (!text->language) return NULL;
    AtkAttribute *language = g_new(AtkAttribute, 1);
    language->name = g_strdup(atk_text_attribute_get_name(ATK_TEXT_ATTR_LANGUAGE));
    language->value = g_strdup(text->language);
    return g_slist_append(NULL, language);
}

static AtkAttributeSet *run_attributes(AtkText *atk, gint offset, gint *start, gint *end) {
    RaText *text = RA_TEXT(atk);
    gboolean inside = offset >= 0 && offset <= text->count;
    if (start) *start = inside ? 0 : -1;
    if (end) *end = inside ? text->count : -1;
    return inside ? language_attributes(text) : NULL;
}

static AtkAttributeSet *default_attributes(AtkText *atk) { return language_attributes(RA_TEXT(atk)); }

static gboolean host_range_extents(RaText *text, gint start, gint end, ra_rect *rect) {
    *rect = (ra_rect){-1, -1, 0, 0};
    if (start < 0 || end > text->count || start >= end || RA_NODE(text)->defunct || !ra_host.range_extents) return FALSE;
    return ra_host.range_extents(ra_host.context, text->element, start, end, rect);
}

static void character_extents(AtkText *atk, gint offset, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    (void)coords;  // the frame is at the screen's origin: screen, window and parent coordinates agree
    ra_rect rect;
    if (!host_range_extents(RA_TEXT(atk), offset, offset + 1, &rect)) rect = (ra_rect){-1, -1, 0, 0};
    if (x) *x = rect.x;
    if (y) *y = rect.y;
    if (width) *width = rect.width;
    if (height) *height = rect.height;
}

static void range_extents(AtkText *atk, gint start, gint end, AtkCoordType coords, AtkTextRectangle *out) {
    (void)coords;
    ra_rect rect;
    if (!host_range_extents(RA_TEXT(atk), start, end, &rect)) rect = (ra_rect){-1, -1, 0, 0};
    if (out) *out = (AtkTextRectangle){rect.x, rect.y, rect.width, rect.height};
}

static gint offset_at_point(AtkText *atk, gint x, gint y, AtkCoordType coords) {
    (void)coords;
    RaText *text = RA_TEXT(atk);
    if (RA_NODE(text)->defunct || !ra_host.offset_at_point) return -1;
    int32_t offset = ra_host.offset_at_point(ra_host.context, text->element, x, y);
    return offset < -1 || offset > text->count ? -1 : offset;
}

static gint n_selections(AtkText *atk) {
    RaText *text = RA_TEXT(atk);
    return text->selection_start < text->selection_end ? 1 : 0;
}

static gchar *get_selection(AtkText *atk, gint number, gint *start, gint *end) {
    RaText *text = RA_TEXT(atk);
    if (number != 0 || text->selection_start >= text->selection_end) {
        if (start) *start = 0;
        if (end) *end = 0;
        return NULL;
    }
    if (start) *start = text->selection_start;
    if (end) *end = text->selection_end;
    return substring(text, text->selection_start, text->selection_end);
}

static gboolean change_selection(RaText *text, gint start, gint end) {
    if (start < 0 || end < 0 || start > text->count || end > text->count || RA_NODE(text)->defunct) return FALSE;
    ra_text_set_selection((ra_node *)text, start, end);
    if (ra_host.selection_changed)
        ra_host.selection_changed(ra_host.context, text->element, text->selection_start, text->selection_end);
    return TRUE;
}

static gboolean add_selection(AtkText *atk, gint start, gint end) {
    if (n_selections(atk) > 0) return FALSE;  // one selection, as GTK's text views have
    return change_selection(RA_TEXT(atk), start, end);
}

static gboolean set_selection(AtkText *atk, gint number, gint start, gint end) {
    if (number != 0) return FALSE;
    return change_selection(RA_TEXT(atk), start, end);
}

static gboolean remove_selection(AtkText *atk, gint number) {
    if (number != 0 || n_selections(atk) == 0) return FALSE;
    RaText *text = RA_TEXT(atk);
    return change_selection(text, text->caret, text->caret);
}

static gboolean scroll_substring_to(AtkText *atk, gint start, gint end, AtkScrollType type) {
    (void)type;
    RaText *text = RA_TEXT(atk);
    if (start < 0 || end > text->count || start > end || RA_NODE(text)->defunct || !ra_host.scroll_to) return FALSE;
    return ra_host.scroll_to(ra_host.context, text->element, start, end);
}

static gboolean scroll_substring_to_point(AtkText *atk, gint start, gint end, AtkCoordType coords, gint x, gint y) {
    (void)coords, (void)x, (void)y;
    return scroll_substring_to(atk, start, end, ATK_SCROLL_ANYWHERE);
}

void ra_text_interface_init(AtkTextIface *iface) {
    iface->get_text = get_text;
    iface->get_text_before_offset = text_before;
    iface->get_text_at_offset = text_at;
    iface->get_text_after_offset = text_after;
    iface->get_string_at_offset = string_at;
    iface->get_character_at_offset = character_at;
    iface->get_character_count = character_count;
    iface->get_caret_offset = caret_offset;
    iface->set_caret_offset = set_caret_offset;
    iface->get_run_attributes = run_attributes;
    iface->get_default_attributes = default_attributes;
    iface->get_character_extents = character_extents;
    iface->get_range_extents = range_extents;
    iface->get_offset_at_point = offset_at_point;
    iface->get_n_selections = n_selections;
    iface->get_selection = get_selection;
    iface->add_selection = add_selection;
    iface->set_selection = set_selection;
    iface->remove_selection = remove_selection;
    iface->scroll_substring_to = scroll_substring_to;
    iface->scroll_substring_to_point = scroll_substring_to_point;
}

static void component_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType coords) {
    (void)coords;
    RaNode *node = RA_NODE(component);
    ra_rect rect = node->rect;
    if (RA_IS_TEXT(node)) {
        rect = (ra_rect){-1, -1, 0, 0};
        if (!node->defunct && ra_host.element_extents &&
            !ra_host.element_extents(ra_host.context, RA_TEXT(node)->element, &rect))
            rect = (ra_rect){-1, -1, 0, 0};
    }
    if (x) *x = rect.x;
    if (y) *y = rect.y;
    if (width) *width = rect.width;
    if (height) *height = rect.height;
}

static gboolean grab_focus(AtkComponent *component) {
    RaNode *node = RA_NODE(component);
    if (!RA_IS_TEXT(node) || node->defunct) return FALSE;
    ra_node_focus((ra_node *)node);
    if (ra_host.caret_moved) ra_host.caret_moved(ra_host.context, RA_TEXT(node)->element, RA_TEXT(node)->caret);
    return TRUE;
}

void ra_component_interface_init(AtkComponentIface *iface) {
    iface->get_extents = component_extents;
    iface->grab_focus = grab_focus;
}
