// CEspeak: espeak-ng, loaded at run time.
//
// Why this target exists: speech is optional. readaloud must build and run where espeak-ng is
// not installed, and say clearly what to install when --speak is asked for. So the library
// libespeak-ng.so.1 (Debian package espeak-ng, through libespeak-ng1) is opened with dlopen when
// speech is first needed, and no espeak-ng header is needed to build: cespeak.c declares the few
// types of speak_lib.h it uses, as espeak-ng 1.51 defines them.
//
// espeak-ng keeps global state and is not thread-safe: call these functions from one thread (or
// one serial queue) at a time.
#ifndef CESPEAK_H
#define CESPEAK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Opens libespeak-ng (`library`, or "libespeak-ng.so.1" when NULL) and looks up its functions.
/// Returns 0 on success; otherwise writes a NUL-terminated reason into `error` and returns -1.
/// Safe to call again after success.
int32_t cespeak_load(const char *library, char *error, int32_t capacity);

/// Initialises espeak-ng: `playback` 1 plays through the sound device as it synthesises
/// (AUDIO_OUTPUT_SYNCH_PLAYBACK); 0 hands the samples to the sink (AUDIO_OUTPUT_SYNCHRONOUS).
/// Returns the sample rate in Hz, or -1.
int32_t cespeak_initialize(int32_t playback);

/// Selects a voice by name ("en", "ja", "en-us"). Returns 0 on success.
int32_t cespeak_set_voice(const char *name);

/// espeak-ng's voice parameters (espeak_PARAMETER).
enum {
    CESPEAK_RATE = 1,    // words per minute, 80 to 450
    CESPEAK_VOLUME = 2,  // 0 to 200, 100 normal
    CESPEAK_PITCH = 3,   // 0 to 100, 50 normal
};

/// Sets a voice parameter (`CESPEAK_RATE`, ...) for what is synthesised next. Returns 0 on success.
int32_t cespeak_set_parameter(int32_t parameter, int32_t value);

/// Event kinds passed to a sink.
enum {
    CESPEAK_SAMPLES = 0,  // `samples` holds `count` 16-bit mono samples
    CESPEAK_MARK = 1,     // an SSML <mark name="w12"/> is reached: `mark` holds its number (12)
    CESPEAK_END = 2,      // the text has been spoken to its end
};

/// Receives synthesis output. Returns 0 to go on, 1 to stop synthesis.
/// `audioMilliseconds` is where the event falls in the text's audio.
typedef int32_t (*cespeak_sink)(void *context, int32_t kind, const int16_t *samples, int32_t count, int32_t mark,
                                int32_t audioMilliseconds);

/// What `cespeak_synthesize`'s text holds.
enum {
    CESPEAK_TEXT_SSML = 1,      // SSML (espeakSSML)
    CESPEAK_TEXT_PHONEMES = 2,  // [[...]] phoneme mnemonics, spoken as phonemes (espeakPHONEMES)
};

/// Speaks UTF-8 `text` (`options`: CESPEAK_TEXT_ flags), calling `sink` with samples
/// (synchronous mode) and mark events, and returns when done (or stopped by the sink). Returns
/// 0 on success.
int32_t cespeak_synthesize(const char *text, int32_t options, cespeak_sink sink, void *context);


#ifdef __cplusplus
}
#endif

#endif
