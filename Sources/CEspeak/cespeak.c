// See include/cespeak.h: espeak-ng loaded with dlopen, so speech stays optional.
#include "cespeak.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The parts of espeak-ng 1.51's speak_lib.h this file uses.
typedef enum {
    espeakEVENT_LIST_TERMINATED = 0,
    espeakEVENT_MARK = 3,
    espeakEVENT_MSG_TERMINATED = 6,
} espeak_EVENT_TYPE;

typedef struct {
    espeak_EVENT_TYPE type;
    unsigned int unique_identifier;
    int text_position;
    int length;
    int audio_position;
    int sample;
    void *user_data;
    union {
        int number;
        const char *name;
        char string[8];
    } id;
} espeak_EVENT;

enum { AUDIO_OUTPUT_SYNCHRONOUS = 2, AUDIO_OUTPUT_SYNCH_PLAYBACK = 3 };
enum { POS_CHARACTER = 1 };
enum { espeakCHARS_UTF8 = 1, espeakSSML = 0x10, espeakPHONEMES = 0x100 };
#define espeakINITIALIZE_DONT_EXIT 0x8000

typedef int(t_espeak_callback)(short *, int, espeak_EVENT *);

static int (*p_initialize)(int, int, const char *, int);
static void (*p_set_synth_callback)(t_espeak_callback *);
static int (*p_synth)(const void *, size_t, unsigned int, int, unsigned int, unsigned int, unsigned int *,
                      void *);
static int (*p_synchronize)(void);
static int (*p_set_voice_by_name)(const char *);
static int (*p_set_parameter)(int, int, int);

static void *library;

int32_t cespeak_load(const char *name, char *error, int32_t capacity) {
    if (library != NULL) {
        return 0;
    }
    void *handle = dlopen(name != NULL ? name : "libespeak-ng.so.1", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(error, (size_t)capacity, "%s", dlerror());
        return -1;
    }
#define LOOK_UP(pointer, name)                                                                       \
    *(void **)(&pointer) = dlsym(handle, name);                                                      \
    if (pointer == NULL) {                                                                           \
        snprintf(error, (size_t)capacity, "libespeak-ng has no %s", name);                      \
        dlclose(handle);                                                                             \
        return -1;                                                                                   \
    }
    LOOK_UP(p_initialize, "espeak_Initialize")
    LOOK_UP(p_set_synth_callback, "espeak_SetSynthCallback")
    LOOK_UP(p_synth, "espeak_Synth")
    LOOK_UP(p_synchronize, "espeak_Synchronize")
    LOOK_UP(p_set_voice_by_name, "espeak_SetVoiceByName")
    LOOK_UP(p_set_parameter, "espeak_SetParameter")
#undef LOOK_UP
    library = handle;
    return 0;
}

struct synthesis {
    cespeak_sink sink;
    void *context;
    int stopped;
};

// The synthesis in progress. espeak-ng is single-threaded and cespeak_synthesize waits for the
// end, so one slot is enough (events' user_data is not relied on).
static struct synthesis *current;

static int callback(short *samples, int count, espeak_EVENT *events) {
    struct synthesis *run = current;
    if (run == NULL || run->stopped) {
        return 1;
    }
    if (events == NULL) {
        return 0;
    }
    if (samples != NULL && count > 0 &&
        run->sink(run->context, CESPEAK_SAMPLES, samples, count, 0, 0) != 0) {
        run->stopped = 1;
        return 1;
    }
    for (espeak_EVENT *event = events; event->type != espeakEVENT_LIST_TERMINATED; event++) {
        int32_t kind = -1;
        int32_t number = 0;
        if (event->type == espeakEVENT_MARK && event->id.name != NULL) {
            // A mark's name is a letter and a number ("w12"): pass the number on.
            const char *digits = event->id.name;
            while (*digits != '\0' && (*digits < '0' || *digits > '9')) {
                digits++;
            }
            if (*digits != '\0') {
                kind = CESPEAK_MARK;
                number = (int32_t)strtol(digits, NULL, 10);
            }
        } else if (event->type == espeakEVENT_MSG_TERMINATED) {
            kind = CESPEAK_END;
        }
        if (kind >= 0 && run->sink(run->context, kind, NULL, 0, number, event->audio_position) != 0) {
            run->stopped = 1;
            return 1;
        }
    }
    return 0;
}

int32_t cespeak_initialize(int32_t playback) {
    if (library == NULL) {
        return -1;
    }
    int rate = p_initialize(playback ? AUDIO_OUTPUT_SYNCH_PLAYBACK : AUDIO_OUTPUT_SYNCHRONOUS, 0, NULL,
                            espeakINITIALIZE_DONT_EXIT);
    if (rate > 0) {
        p_set_synth_callback(callback);
    }
    return rate;
}

int32_t cespeak_set_voice(const char *name) { return library == NULL ? -1 : p_set_voice_by_name(name); }

int32_t cespeak_set_parameter(int32_t parameter, int32_t value) {
    return library == NULL ? -1 : p_set_parameter(parameter, value, 0);
}

int32_t cespeak_synthesize(const char *text, int32_t options, cespeak_sink sink, void *context) {
    if (library == NULL) {
        return -1;
    }
    struct synthesis run = {sink, context, 0};
    current = &run;
    unsigned int flags = espeakCHARS_UTF8 | ((options & CESPEAK_TEXT_SSML) ? espeakSSML : 0) |
                         ((options & CESPEAK_TEXT_PHONEMES) ? espeakPHONEMES : 0);
    int result = p_synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, flags, NULL, &run);
    if (result == 0) {
        p_synchronize();
    }
    current = NULL;
    return result;
}

