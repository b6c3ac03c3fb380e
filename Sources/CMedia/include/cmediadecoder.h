// CMedia (decoding): decodes clips of audio files (MP3, AAC in MP4, Opus in Ogg, WAV, FLAC...)
// to 16-bit PCM with FFmpeg's libraries (Debian's libavformat, libavcodec, libswresample),
// exact to the sample: what a Media Overlay's `clipBegin`/`clipEnd` cut.
//
// FFmpeg's own headers stay out of this one; the decoder is opaque.
#ifndef CMEDIADECODER_H
#define CMEDIADECODER_H

#include <stddef.h>
#include <stdint.h>

/// An open audio file, decoded forward from its start.
typedef struct cmedia_decoder cmedia_decoder;

/// Opens the audio file whose bytes are `bytes` (`length` bytes, copied), or returns NULL and
/// writes a one-line reason into `error` (`capacity` bytes, NUL-terminated): not a media file,
/// no audio stream, no decoder for its codec. Free it with cmedia_decoder_free.
cmedia_decoder *cmedia_decoder_open(const uint8_t *bytes, size_t length, char *error, size_t capacity);

void cmedia_decoder_free(cmedia_decoder *decoder);

/// The sample rate the decoder's PCM has (the file's), and its channels (1 or 2: more are
/// mixed down to 2).
int cmedia_decoder_sample_rate(const cmedia_decoder *decoder);
int cmedia_decoder_channels(const cmedia_decoder *decoder);

/// The file's duration in milliseconds as its container declares it, or -1 when unknown.
int64_t cmedia_decoder_duration_ms(const cmedia_decoder *decoder);

/// Decodes the frames from sample frame `begin` to `end` (exclusive; -1 for the end of the
/// file), counted from the file's first decoded sample, into a new buffer of interleaved
/// signed 16-bit samples: `*samples` (free with cmedia_free) and `*frames` its frame count,
/// fewer than asked when the file ends first. A clip before where the decoder stands reopens
/// the file from its start; one after it decodes on (clips played in order cost one pass).
/// Returns 0, or -1 with a reason in `error` (a corrupt stream).
int cmedia_decoder_read(cmedia_decoder *decoder, int64_t begin, int64_t end, int16_t **samples, size_t *frames,
                        char *error, size_t capacity);

void cmedia_free(void *pointer);

#endif
