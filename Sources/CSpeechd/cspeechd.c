// See include/cspeechd.h: libspeechd loaded with dlopen, so speech-dispatcher stays optional.
#include "cspeechd.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

// The parts of speech-dispatcher 0.11's libspeechd.h this file uses.
typedef void (*spd_callback)(size_t message, size_t client, int state);
typedef void (*spd_callback_im)(size_t message, size_t client, int state, char *mark);

// SPDConnection begins with its public callbacks; the rest is private to libspeechd.
typedef struct {
    spd_callback callback_begin;
    spd_callback callback_end;
    spd_callback callback_cancel;
    spd_callback callback_pause;
    spd_callback callback_resume;
    spd_callback_im callback_im;
} spd_connection_head;

enum { MODE_THREADED = 1 };     // SPD_MODE_THREADED
enum { DATA_SSML = 1 };         // SPD_DATA_SSML
enum { ALL_NOTIFICATIONS = 0x3f };  // SPD_ALL

// Where libspeechd-dev is installed (as CI installs it), its header checks these declarations.
#if __has_include(<speech-dispatcher/libspeechd.h>)
#include <speech-dispatcher/libspeechd.h>
_Static_assert(offsetof(SPDConnection, callback_im) == offsetof(spd_connection_head, callback_im),
               "SPDConnection's callbacks are where cspeechd.c expects them");
_Static_assert(MODE_THREADED == SPD_MODE_THREADED && DATA_SSML == SPD_DATA_SSML && ALL_NOTIFICATIONS == SPD_ALL,
               "libspeechd's constants");
_Static_assert(CSPEECHD_INDEX_MARK == SPD_EVENT_INDEX_MARK && CSPEECHD_CANCEL == SPD_EVENT_CANCEL &&
                   CSPEECHD_IMPORTANT == SPD_IMPORTANT && CSPEECHD_PROGRESS == SPD_PROGRESS,
               "libspeechd's events and priorities");
#endif

static void *(*p_open2)(const char *, const char *, const char *, int, const void *, int, char **);
static void (*p_close)(void *);
static int (*p_say)(void *, int, const char *);
static int (*p_cancel)(void *);
static int (*p_set_data_mode)(void *, int);
static int (*p_set_notification_on)(void *, int);
static int (*p_set_language)(void *, const char *);
static int (*p_set_synthesis_voice)(void *, const char *);
static int (*p_set_voice_rate)(void *, int);
static int (*p_set_voice_pitch)(void *, int);
static int (*p_set_volume)(void *, int);

static void *library;

int32_t cspeechd_load(const char *name, char *error, int32_t capacity) {
    if (library != NULL) {
        return 0;
    }
    void *handle = dlopen(name != NULL ? name : "libspeechd.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, (size_t)capacity, "%s", dlerror());
        return -1;
    }
#define LOOK_UP(pointer, name)                                                                       \
    *(void **)(&pointer) = dlsym(handle, name);                                                      \
    if (pointer == NULL) {                                                                           \
        snprintf(error, (size_t)capacity, "libspeechd has no %s", name);                         \
        dlclose(handle);                                                                             \
        return -1;                                                                                   \
    }
    LOOK_UP(p_open2, "spd_open2")
    LOOK_UP(p_close, "spd_close")
    LOOK_UP(p_say, "spd_say")
    LOOK_UP(p_cancel, "spd_cancel")
    LOOK_UP(p_set_data_mode, "spd_set_data_mode")
    LOOK_UP(p_set_notification_on, "spd_set_notification_on")
    LOOK_UP(p_set_language, "spd_set_language")
    LOOK_UP(p_set_synthesis_voice, "spd_set_synthesis_voice")
    LOOK_UP(p_set_voice_rate, "spd_set_voice_rate")
    LOOK_UP(p_set_voice_pitch, "spd_set_voice_pitch")
    LOOK_UP(p_set_volume, "spd_set_volume")
#undef LOOK_UP
    library = handle;
    return 0;
}

// The sink of the open connection (libspeechd's callbacks have no context of their own).
static cspeechd_sink current_sink;
static void *current_context;

static void on_event(size_t message, size_t client, int state) {
    (void)client;
    cspeechd_sink sink = current_sink;
    if (sink != NULL) {
        sink(current_context, state, (int64_t)message, NULL);
    }
}

static void on_mark(size_t message, size_t client, int state, char *mark) {
    (void)client;
    cspeechd_sink sink = current_sink;
    if (sink != NULL) {
        sink(current_context, state, (int64_t)message, mark);
    }
}

void *cspeechd_open(const char *client, int32_t autospawn, cspeechd_sink sink, void *context, char *error,
                    int32_t capacity) {
    if (library == NULL) {
        snprintf(error, (size_t)capacity, "libspeechd is not loaded");
        return NULL;
    }
    char *reason = NULL;
    void *connection = p_open2(client, "main", NULL, MODE_THREADED, NULL, autospawn, &reason);
    if (connection == NULL) {
        snprintf(error, (size_t)capacity, "%s", reason != NULL ? reason : "no connection");
        free(reason);
        return NULL;
    }
    free(reason);
    current_sink = sink;
    current_context = context;
    spd_connection_head *head = connection;
    head->callback_begin = on_event;
    head->callback_end = on_event;
    head->callback_cancel = on_event;
    head->callback_pause = on_event;
    head->callback_resume = on_event;
    head->callback_im = on_mark;
    if (p_set_notification_on(connection, ALL_NOTIFICATIONS) != 0 || p_set_data_mode(connection, DATA_SSML) != 0) {
        snprintf(error, (size_t)capacity, "speech-dispatcher refused event notifications or SSML");
        p_close(connection);
        current_sink = NULL;
        return NULL;
    }
    return connection;
}

void cspeechd_close(void *connection) {
    if (library != NULL && connection != NULL) {
        p_close(connection);
    }
    current_sink = NULL;
    current_context = NULL;
}

int64_t cspeechd_say(void *connection, int32_t priority, const char *text) {
    return library == NULL ? -1 : p_say(connection, priority, text);
}

int32_t cspeechd_cancel(void *connection) { return library == NULL ? -1 : p_cancel(connection); }

int32_t cspeechd_set_language(void *connection, const char *language) {
    return library == NULL ? -1 : p_set_language(connection, language);
}

int32_t cspeechd_set_voice(void *connection, const char *name) {
    return library == NULL ? -1 : p_set_synthesis_voice(connection, name);
}

int32_t cspeechd_set_rate(void *connection, int32_t rate) {
    return library == NULL ? -1 : p_set_voice_rate(connection, rate);
}

int32_t cspeechd_set_pitch(void *connection, int32_t pitch) {
    return library == NULL ? -1 : p_set_voice_pitch(connection, pitch);
}

int32_t cspeechd_set_volume(void *connection, int32_t volume) {
    return library == NULL ? -1 : p_set_volume(connection, volume);
}
