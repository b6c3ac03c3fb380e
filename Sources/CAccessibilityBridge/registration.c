// Registration on the accessibility bus as GTK does it without GTK: AtkUtil's root, toolkit
// name, key snoopers and `window:` event names, then atk-bridge; and the GLib main context the
// host pumps.
#include "bridge_private.h"

#include <atk-bridge.h>
#include <glib-unix.h>
#include <stdio.h>
#include <string.h>

typedef struct KeySnooper {
    guint id;
    AtkKeySnoopFunc function;
    gpointer data;
} KeySnooper;

typedef struct WindowHook {
    guint id;
    guint signal;
    gulong hook;
} WindowHook;

// Ids this file gives: far above ATK's own listener ids, which count up from 1.
#define OWN_LISTENER_IDS 0x40000000u

static gboolean started;
static GSList *key_snoopers;
static GSList *window_hooks;
static guint next_id = 1;
static guint32 key_time;
static guint (*atk_add_listener)(GSignalEmissionHook, const gchar *);
static void (*atk_remove_listener)(guint);

static AtkObject *get_root(void) { return ATK_OBJECT(ra_application); }
static const gchar *toolkit_name(void) { return "readaloud"; }
static const gchar *toolkit_version(void) { return "0.1.0"; }

static guint add_key_listener(AtkKeySnoopFunc function, gpointer data) {
    KeySnooper *snooper = g_new(KeySnooper, 1);
    *snooper = (KeySnooper){next_id++, function, data};
    key_snoopers = g_slist_append(key_snoopers, snooper);
    return snooper->id;
}

static void remove_key_listener(guint id) {
    for (GSList *item = key_snoopers; item; item = item->next) {
        KeySnooper *snooper = item->data;
        if (snooper->id == id) {
            key_snoopers = g_slist_delete_link(key_snoopers, item);
            g_free(snooper);
            return;
        }
    }
}

// ATK's own listener understands "Toolkit:Class:signal"; "window:activate" and its kind are
// emission hooks on the AtkWindow interface's signals.
static guint add_global_listener(GSignalEmissionHook listener, const gchar *event_type) {
    if (!g_str_has_prefix(event_type, "window:")) return atk_add_listener(listener, event_type);
    guint signal = g_signal_lookup(event_type + strlen("window:"), ATK_TYPE_WINDOW);
    if (signal == 0) return 0;
    WindowHook *hook = g_new(WindowHook, 1);
    *hook = (WindowHook){OWN_LISTENER_IDS + next_id++, signal, g_signal_add_emission_hook(signal, 0, listener, NULL, NULL)};
    window_hooks = g_slist_append(window_hooks, hook);
    return hook->id;
}

static void remove_global_listener(guint id) {
    if (id < OWN_LISTENER_IDS) {
        atk_remove_listener(id);
        return;
    }
    for (GSList *item = window_hooks; item; item = item->next) {
        WindowHook *hook = item->data;
        if (hook->id == id) {
            g_signal_remove_emission_hook(hook->signal, hook->hook);
            window_hooks = g_slist_delete_link(window_hooks, item);
            g_free(hook);
            return;
        }
    }
}

int32_t ra_bridge_start(const ra_callbacks *callbacks, const char *name, char *message, int32_t message_size) {
    if (started) return 0;
    if (!g_getenv("DBUS_SESSION_BUS_ADDRESS") && !g_getenv("AT_SPI_BUS_ADDRESS")) {
        if (message) snprintf(message, (size_t)message_size, "no D-Bus session (DBUS_SESSION_BUS_ADDRESS is not set)");
        return -1;
    }
    ra_host = *callbacks;
    // The bridge finds the signals of these types only once their classes exist.
    g_type_class_ref(RA_TYPE_NODE);
    g_type_class_ref(RA_TYPE_TEXT);
    g_type_class_ref(RA_TYPE_FRAME);
    g_type_default_interface_ref(ATK_TYPE_WINDOW);
    g_type_default_interface_ref(ATK_TYPE_TEXT);
    g_type_default_interface_ref(ATK_TYPE_COMPONENT);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    atk_add_listener = util->add_global_event_listener;
    atk_remove_listener = util->remove_global_event_listener;
    util->add_global_event_listener = add_global_listener;
    util->remove_global_event_listener = remove_global_listener;
    util->add_key_event_listener = add_key_listener;
    util->remove_key_event_listener = remove_key_listener;
    util->get_root = get_root;
    util->get_toolkit_name = toolkit_name;
    util->get_toolkit_version = toolkit_version;
    ra_application = ra_application_new(name);
    int argc = 0;
    char **argv = NULL;
    if (atk_bridge_adaptor_init(&argc, &argv) != 0) {
        if (message) snprintf(message, (size_t)message_size, "the accessibility bus (AT-SPI) is not reachable");
        return -1;
    }
    started = TRUE;
    return 0;
}

bool ra_bridge_is_started(void) { return started; }

bool ra_bridge_iterate(bool may_block) { return g_main_context_iteration(NULL, may_block); }

typedef struct InputWatch {
    bool (*ready)(void *context, int32_t fd);
    void *context;
} InputWatch;

static gboolean input_ready(gint fd, GIOCondition condition, gpointer data) {
    (void)condition;
    InputWatch *watch = data;
    return watch->ready(watch->context, fd) ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

uint32_t ra_bridge_watch_input(int32_t fd, bool (*ready)(void *context, int32_t fd), void *context) {
    InputWatch *watch = g_new(InputWatch, 1);
    *watch = (InputWatch){ready, context};
    return g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN | G_IO_HUP | G_IO_ERR, input_ready, watch, g_free);
}

typedef struct Timer {
    bool (*fire)(void *context);
    void *context;
} Timer;

static gboolean timer_fired(gpointer data) {
    Timer *timer = data;
    return timer->fire(timer->context) ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

uint32_t ra_bridge_add_timer(uint32_t milliseconds, bool (*fire)(void *context), void *context) {
    Timer *timer = g_new(Timer, 1);
    *timer = (Timer){fire, context};
    return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, timer_fired, timer, g_free);
}

void ra_bridge_remove_source(uint32_t source) { g_source_remove(source); }

bool ra_bridge_key_event(bool press, uint32_t keyval, const char *name, uint16_t keycode, uint32_t state) {
    AtkKeyEventStruct event = {
        .type = press ? ATK_KEY_EVENT_PRESS : ATK_KEY_EVENT_RELEASE,
        .state = state,
        .keyval = keyval,
        .length = name ? (gint)strlen(name) : 0,
        .string = (gchar *)(name ? name : ""),
        .keycode = keycode,
        .timestamp = key_time += 10,
    };
    // By id, looked up at each call: a snooper may remove itself or another while called.
    GArray *ids = g_array_new(FALSE, FALSE, sizeof(guint));
    for (GSList *item = key_snoopers; item; item = item->next) g_array_append_val(ids, ((KeySnooper *)item->data)->id);
    gboolean consumed = FALSE;
    for (guint index = 0; index < ids->len; index++) {
        for (GSList *item = key_snoopers; item; item = item->next) {
            KeySnooper *snooper = item->data;
            if (snooper->id != g_array_index(ids, guint, index)) continue;
            if (snooper->function(&event, snooper->data)) consumed = TRUE;
            break;
        }
    }
    g_array_free(ids, TRUE);
    return consumed;
}
