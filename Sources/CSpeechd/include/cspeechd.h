// CSpeechd: speech-dispatcher's client library (libspeechd), loaded at run time.
//
// Why this target exists: speech-dispatcher is the Linux desktop's speech service (Orca speaks
// through it), but it is optional. readaloud must build and run where it is not installed, so
// libspeechd.so.2 (Debian package libspeechd2, with speech-dispatcher) is opened with dlopen
// when speech is first needed, and no libspeechd header is needed to build: cspeechd.c declares
// the few types of libspeechd.h it uses, as speech-dispatcher 0.11 defines them (the Debian
// package libspeechd-dev has the header they come from).
//
// libspeechd's callbacks carry no context pointer, so one connection at a time is supported:
// open, use and close it from one thread; events arrive on libspeechd's own thread.
#ifndef CSPEECHD_H
#define CSPEECHD_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens libspeechd (`library`, or "libspeechd.so.2" when NULL) and looks up its functions.
/// Returns 0 on success; otherwise writes a NUL-terminated reason into `error` and returns -1.
/// Safe to call again after success.
int32_t cspeechd_load(const char *library, char *error, int32_t capacity);

/// Events of a message (SPDNotificationType).
enum {
    CSPEECHD_BEGIN = 0,
    CSPEECHD_END = 1,
    CSPEECHD_INDEX_MARK = 2,  // `mark` holds the mark's name
    CSPEECHD_CANCEL = 3,
    CSPEECHD_PAUSE = 4,
    CSPEECHD_RESUME = 5,
};

/// Message priorities (SPDPriority).
enum {
    CSPEECHD_IMPORTANT = 1,
    CSPEECHD_MESSAGE = 2,
    CSPEECHD_TEXT = 3,
    CSPEECHD_NOTIFICATION = 4,
    CSPEECHD_PROGRESS = 5,
};

/// Receives a message's events, on libspeechd's event thread.
typedef void (*cspeechd_sink)(void *context, int32_t event, int64_t message, const char *mark);

/// Connects to speech-dispatcher at its default address (SPEECHD_ADDRESS, else the user's
/// socket), starting the service first when `autospawn` is 1, with every event reported to
/// `sink`, and text taken as SSML. Returns the connection, or NULL with a reason in `error`.
void *cspeechd_open(const char *client, int32_t autospawn, cspeechd_sink sink, void *context, char *error,
                    int32_t capacity);

/// Closes a connection from cspeechd_open.
void cspeechd_close(void *connection);

/// Queues SSML `text` at `priority`. Returns the message's id, or -1.
int64_t cspeechd_say(void *connection, int32_t priority, const char *text);

/// Stops the message being spoken and drops this client's queued messages. Returns 0 on success.
int32_t cspeechd_cancel(void *connection);

/// Settings for what is said next. Each returns 0 on success.
int32_t cspeechd_set_language(void *connection, const char *language);
int32_t cspeechd_set_voice(void *connection, const char *name);  // a synthesis voice's name
int32_t cspeechd_set_rate(void *connection, int32_t rate);       // -100 to 100, 0 normal
int32_t cspeechd_set_pitch(void *connection, int32_t pitch);     // -100 to 100, 0 normal
int32_t cspeechd_set_volume(void *connection, int32_t volume);   // -100 to 100, 100 loudest

#ifdef __cplusplus
}
#endif

#endif
