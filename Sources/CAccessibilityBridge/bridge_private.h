// The bridge's GObject types and shared state, for its own .c files.
#ifndef BRIDGE_PRIVATE_H
#define BRIDGE_PRIVATE_H

#include "caccessibilitybridge.h"
#include <atk/atk.h>

// An accessible object: the application, a frame, a document frame or a text object.
typedef struct RaNode {
    AtkObject parent;
    GPtrArray *children;  // RaNode *, one reference each
    ra_role role;
    gboolean is_application;
    gboolean focused;
    gboolean defunct;
    ra_rect rect;  // the extents of a frame or document
} RaNode;

typedef struct RaNodeClass {
    AtkObjectClass parent_class;
} RaNodeClass;

// A text object: one element of the host's document.
typedef struct RaText {
    RaNode node;
    int64_t element;
    char *text;       // UTF-8
    int32_t *bytes;   // bytes[i]: the byte offset of character i; bytes[count] the length
    int32_t count;    // characters
    char *language;   // or NULL
    int32_t level;    // heading level, 0 for none
    int32_t caret;
    int32_t selection_start, selection_end;  // equal when there is no selection
} RaText;

typedef struct RaTextClass {
    RaNodeClass parent_class;
} RaTextClass;

// A frame: an RaNode with the AtkWindow interface, so that `window:` events exist.
typedef struct RaFrame {
    RaNode node;
} RaFrame;

typedef struct RaFrameClass {
    RaNodeClass parent_class;
} RaFrameClass;

GType ra_node_get_type(void);
GType ra_text_get_type(void);
GType ra_frame_get_type(void);
#define RA_TYPE_NODE (ra_node_get_type())
#define RA_TYPE_TEXT (ra_text_get_type())
#define RA_TYPE_FRAME (ra_frame_get_type())
#define RA_NODE(object) ((RaNode *)(object))
#define RA_TEXT(object) ((RaText *)(object))
#define RA_IS_TEXT(object) (G_TYPE_CHECK_INSTANCE_TYPE((object), RA_TYPE_TEXT))

// The host's callbacks (set by ra_bridge_start) and the application object.
extern ra_callbacks ra_host;
extern RaNode *ra_application;

// The AtkText and AtkComponent interfaces (text.c).
void ra_text_interface_init(AtkTextIface *iface);
void ra_component_interface_init(AtkComponentIface *iface);

// The application object (bridge.c).
RaNode *ra_application_new(const char *name);

#endif
