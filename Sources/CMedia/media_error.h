// What the decoder and the encoder say when FFmpeg fails: shared by both, not part of the
// module's public headers.
#ifndef CMEDIA_MEDIA_ERROR_H
#define CMEDIA_MEDIA_ERROR_H

#include <libavutil/error.h>
#include <stddef.h>
#include <stdio.h>

/// Writes `what` into `error` (`capacity` bytes), followed by FFmpeg's reason for `code` when
/// it is not 0.
static inline void say(char *error, size_t capacity, const char *what, int code) {
    if (capacity == 0) return;
    if (code == 0) {
        snprintf(error, capacity, "%s", what);
        return;
    }
    char reason[128];
    av_strerror(code, reason, sizeof reason);
    snprintf(error, capacity, "%s: %s", what, reason);
}

#endif
