// The tree of accessible objects: the application, frames, document frames and text objects,
// with their roles, states, relations, children and focus.
#include "bridge_private.h"

#include <string.h>

ra_callbacks ra_host;
RaNode *ra_application;
static RaNode *focused_node;

static void ra_window_interface_init(AtkWindowIface *iface) { (void)iface; }

G_DEFINE_TYPE_WITH_CODE(RaNode, ra_node, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, ra_component_interface_init))
G_DEFINE_TYPE_WITH_CODE(RaText, ra_text, RA_TYPE_NODE, G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, ra_text_interface_init))
G_DEFINE_TYPE_WITH_CODE(RaFrame, ra_frame, RA_TYPE_NODE,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, ra_window_interface_init))

static AtkRole atk_role(ra_role role) {
    switch (role) {
    case RA_ROLE_FRAME: return ATK_ROLE_FRAME;
    case RA_ROLE_DOCUMENT: return ATK_ROLE_DOCUMENT_FRAME;
    case RA_ROLE_PARAGRAPH: return ATK_ROLE_PARAGRAPH;
    case RA_ROLE_HEADING: return ATK_ROLE_HEADING;
    case RA_ROLE_IMAGE: return ATK_ROLE_IMAGE;
    case RA_ROLE_PAGE: return ATK_ROLE_PAGE;
    case RA_ROLE_STATIC: return ATK_ROLE_STATIC;
    case RA_ROLE_LINK: return ATK_ROLE_LINK;
    }
    return ATK_ROLE_UNKNOWN;
}

static gint ra_node_get_n_children(AtkObject *object) { return (gint)RA_NODE(object)->children->len; }

static AtkObject *ra_node_ref_child(AtkObject *object, gint index) {
    GPtrArray *children = RA_NODE(object)->children;
    if (index < 0 || (guint)index >= children->len) return NULL;
    return g_object_ref(ATK_OBJECT(g_ptr_array_index(children, index)));
}

static gint ra_node_get_index_in_parent(AtkObject *object) {
    if (RA_NODE(object)->is_application) return -1;
    AtkObject *parent = object->accessible_parent;
    guint index;
    if (parent && g_ptr_array_find(RA_NODE(parent)->children, object, &index)) return (gint)index;
    return -1;
}

static AtkStateSet *ra_node_ref_state_set(AtkObject *object) {
    RaNode *node = RA_NODE(object);
    AtkStateSet *set = atk_state_set_new();
    if (node->defunct) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    if (node->is_application) return set;
    AtkStateType common[] = {ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE, ATK_STATE_SHOWING};
    atk_state_set_add_states(set, common, G_N_ELEMENTS(common));
    if (node->role == RA_ROLE_FRAME) atk_state_set_add_state(set, ATK_STATE_ACTIVE);
    if (RA_IS_TEXT(object) || node->role == RA_ROLE_DOCUMENT) {
        atk_state_set_add_state(set, ATK_STATE_FOCUSABLE);
        atk_state_set_add_state(set, ATK_STATE_READ_ONLY);
        atk_state_set_add_state(set, ATK_STATE_MULTI_LINE);
    }
    if (node->focused) atk_state_set_add_state(set, ATK_STATE_FOCUSED);
    return set;
}

static AtkRelationSet *ra_node_ref_relation_set(AtkObject *object) {
    AtkRelationSet *set = atk_relation_set_new();
    if (!RA_IS_TEXT(object) || RA_NODE(object)->defunct || !ra_host.flows) return set;
    int64_t element = RA_TEXT(object)->element;
    ra_node *next = ra_host.flows(ra_host.context, element, 1);
    if (next) atk_relation_set_add_relation_by_type(set, ATK_RELATION_FLOWS_TO, ATK_OBJECT(next));
    ra_node *previous = ra_host.flows(ra_host.context, element, -1);
    if (previous) atk_relation_set_add_relation_by_type(set, ATK_RELATION_FLOWS_FROM, ATK_OBJECT(previous));
    return set;
}

static AtkAttributeSet *ra_node_get_attributes(AtkObject *object) {
    if (!RA_IS_TEXT(object) || RA_TEXT(object)->level <= 0) return NULL;
    AtkAttribute *level = g_new(AtkAttribute, 1);
    level->name = g_strdup("level");
    level->value = g_strdup_printf("%d", RA_TEXT(object)->level);
    return g_slist_append(NULL, level);
}

static const gchar *ra_node_get_object_locale(AtkObject *object) {
    if (RA_IS_TEXT(object) && RA_TEXT(object)->language) return RA_TEXT(object)->language;
    return "";
}

static void ra_node_finalize(GObject *object) {
    RaNode *node = RA_NODE(object);
    if (focused_node == node) focused_node = NULL;
    g_ptr_array_unref(node->children);
    G_OBJECT_CLASS(ra_node_parent_class)->finalize(object);
}

static void ra_node_class_init(RaNodeClass *class) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(class);
    atk->get_n_children = ra_node_get_n_children;
    atk->ref_child = ra_node_ref_child;
    atk->get_index_in_parent = ra_node_get_index_in_parent;
    atk->ref_state_set = ra_node_ref_state_set;
    atk->ref_relation_set = ra_node_ref_relation_set;
    atk->get_attributes = ra_node_get_attributes;
    atk->get_object_locale = ra_node_get_object_locale;
    G_OBJECT_CLASS(class)->finalize = ra_node_finalize;
}

static void ra_node_init(RaNode *node) { node->children = g_ptr_array_new_with_free_func(g_object_unref); }

static void ra_text_finalize(GObject *object) {
    RaText *text = RA_TEXT(object);
    g_free(text->text);
    g_free(text->bytes);
    g_free(text->language);
    G_OBJECT_CLASS(ra_text_parent_class)->finalize(object);
}

static void ra_text_class_init(RaTextClass *class) { G_OBJECT_CLASS(class)->finalize = ra_text_finalize; }
static void ra_text_init(RaText *text) { (void)text; }
static void ra_frame_class_init(RaFrameClass *class) { (void)class; }
static void ra_frame_init(RaFrame *frame) { (void)frame; }

static void set_role_and_name(RaNode *node, ra_role role, const char *name) {
    node->role = role;
    atk_object_set_role(ATK_OBJECT(node), atk_role(role));
    if (name) atk_object_set_name(ATK_OBJECT(node), name);
}

RaNode *ra_application_new(const char *name) {
    RaNode *node = g_object_new(RA_TYPE_NODE, NULL);
    node->is_application = TRUE;
    atk_object_set_role(ATK_OBJECT(node), ATK_ROLE_APPLICATION);
    atk_object_set_name(ATK_OBJECT(node), name);
    return node;
}

ra_node *ra_frame_new(const char *title, ra_rect rect) {
    RaNode *node = g_object_new(RA_TYPE_FRAME, NULL);
    set_role_and_name(node, RA_ROLE_FRAME, title);
    node->rect = rect;
    ra_node_insert((ra_node *)ra_application, G_MAXINT32, (ra_node *)node);
    g_signal_emit_by_name(node, "create");
    g_signal_emit_by_name(node, "activate");
    return (ra_node *)node;
}

ra_node *ra_document_new(ra_node *frame, const char *name, ra_rect rect) {
    RaNode *node = g_object_new(RA_TYPE_NODE, NULL);
    set_role_and_name(node, RA_ROLE_DOCUMENT, name);
    node->rect = rect;
    ra_node_insert(frame, G_MAXINT32, (ra_node *)node);
    return (ra_node *)node;
}

ra_node *ra_text_new(int64_t element, ra_role role, const char *utf8, const char *name, const char *language,
                     int32_t level) {
    RaText *text = g_object_new(RA_TYPE_TEXT, NULL);
    set_role_and_name(RA_NODE(text), role, name);
    text->element = element;
    text->text = g_utf8_make_valid(utf8 ? utf8 : "", -1);
    text->count = (int32_t)g_utf8_strlen(text->text, -1);
    text->bytes = g_new(int32_t, text->count + 1);
    const char *cursor = text->text;
    for (int32_t index = 0; index < text->count; index++) {
        text->bytes[index] = (int32_t)(cursor - text->text);
        cursor = g_utf8_next_char(cursor);
    }
    text->bytes[text->count] = (int32_t)strlen(text->text);
    text->language = language && *language ? g_strdup(language) : NULL;
    text->level = level;
    return (ra_node *)text;
}

int64_t ra_text_element(const ra_node *node) { return RA_TEXT(node)->element; }
int32_t ra_text_character_count(const ra_node *node) { return RA_TEXT(node)->count; }
int32_t ra_text_caret(const ra_node *node) { return RA_TEXT(node)->caret; }

void ra_node_insert(ra_node *parent_handle, int32_t index, ra_node *child_handle) {
    RaNode *parent = RA_NODE(parent_handle);
    RaNode *child = RA_NODE(child_handle);
    if (index < 0) index = 0;
    if ((guint)index > parent->children->len) index = (int32_t)parent->children->len;
    g_ptr_array_insert(parent->children, index, g_object_ref(child));
    atk_object_set_parent(ATK_OBJECT(child), ATK_OBJECT(parent));
    g_signal_emit_by_name(parent, "children-changed::add", index, child);
}

void ra_node_remove(ra_node *child_handle) {
    RaNode *child = RA_NODE(child_handle);
    AtkObject *parent = ATK_OBJECT(child)->accessible_parent;
    if (focused_node == child) focused_node = NULL;
    child->defunct = TRUE;
    atk_object_notify_state_change(ATK_OBJECT(child), ATK_STATE_DEFUNCT, TRUE);
    if (!parent) return;
    guint index;
    if (g_ptr_array_find(RA_NODE(parent)->children, child, &index)) {
        g_object_ref(child);
        g_ptr_array_remove_index(RA_NODE(parent)->children, index);
        g_signal_emit_by_name(parent, "children-changed::remove", index, child);
        atk_object_set_parent(ATK_OBJECT(child), NULL);
        g_object_unref(child);
    }
}

void ra_node_focus(ra_node *handle) {
    RaNode *node = RA_NODE(handle);
    if (focused_node == node) return;
    RaNode *previous = focused_node;
    focused_node = node;
    if (previous) {
        previous->focused = FALSE;
        atk_object_notify_state_change(ATK_OBJECT(previous), ATK_STATE_FOCUSED, FALSE);
    }
    node->focused = TRUE;
    atk_object_notify_state_change(ATK_OBJECT(node), ATK_STATE_FOCUSED, TRUE);
}

void ra_node_unref(ra_node *node) { g_object_unref(node); }

void ra_text_set_caret(ra_node *handle, int32_t offset) {
    RaText *text = RA_TEXT(handle);
    if (offset < 0) offset = 0;
    if (offset > text->count) offset = text->count;
    if (text->caret == offset) return;
    text->caret = offset;
    g_signal_emit_by_name(text, "text-caret-moved", offset);
}

void ra_text_set_selection(ra_node *handle, int32_t start, int32_t end) {
    RaText *text = RA_TEXT(handle);
    if (start > end) {
        int32_t swap = start;
        start = end;
        end = swap;
    }
    if (start < 0) start = 0;
    if (end > text->count) end = text->count;
    if (start > end) start = end;
    if (text->selection_start == start && text->selection_end == end) return;
    text->selection_start = start;
    text->selection_end = end;
    g_signal_emit_by_name(text, "text-selection-changed");
}
