// CMedia (encoding): encodes 16-bit mono PCM into an audiobook file with FFmpeg's libraries
// (Debian's libavformat, libavcodec, libswresample): AAC in MP4 (`.m4b`, `.m4a`) or Opus in
// Ogg (`.opus`), with chapters and metadata, written bit-exact (the same input gives the same
// bytes).
//
// FFmpeg's own headers stay out of this one; the encoder is opaque.
#ifndef CMEDIAENCODER_H
#define CMEDIAENCODER_H

#include <stddef.h>
#include <stdint.h>

/// An audio file being written.
typedef struct cmedia_encoder cmedia_encoder;

/// Starts writing `path` with the muxer `muxer` ("ogg", "mp3") and the encoder `codec` ("aac",
/// "libopus", "libmp3lame") at `bitrate` bits per second, taking mono samples at `input_rate`;
/// or returns NULL with a one-line reason in `error` (`capacity` bytes). Nothing is written
/// before the first samples (or cmedia_encoder_finish), so metadata and chapters may be added
/// first. Free it with cmedia_encoder_free.
///
/// With `muxer` NULL (and `path` ignored) no file is written: the caller takes the encoded
/// packets with cmedia_encoder_next_packet and muxes them itself; metadata, chapters and
/// cover are then the caller's.
cmedia_encoder *cmedia_encoder_open(const char *path, const char *muxer, const char *codec, int input_rate,
                                    int bitrate, char *error, size_t capacity);

/// Sets a metadata tag of the file ("title", "artist", "album", "language", "genre").
void cmedia_encoder_set_metadata(cmedia_encoder *encoder, const char *key, const char *value);

/// Adds a chapter from `start_ms` to `end_ms` titled `title`.
int cmedia_encoder_add_chapter(cmedia_encoder *encoder, int64_t start_ms, int64_t end_ms, const char *title);

/// Encodes `count` samples. Returns 0, or -1 with a reason in `error` (a full disk).
int cmedia_encoder_write(cmedia_encoder *encoder, const int16_t *samples, size_t count, char *error,
                         size_t capacity);

/// Flushes the encoder and writes the file's end. Returns 0, or -1 with a reason in `error`.
int cmedia_encoder_finish(cmedia_encoder *encoder, char *error, size_t capacity);

/// Takes the next packet encoded by cmedia_encoder_write or cmedia_encoder_finish of an encoder
/// with no muxer: returns 1 with its bytes (valid until the next write or finish) and its
/// duration in samples at the codec's rate, or 0 when every packet has been taken.
int cmedia_encoder_next_packet(cmedia_encoder *encoder, const uint8_t **data, size_t *size, int64_t *duration);

/// The codec's configuration (AAC's AudioSpecificConfig, for MP4's `esds`) in `bytes`
/// (`length` bytes, owned by the encoder), and its sample rate as the result.
int cmedia_encoder_configuration(const cmedia_encoder *encoder, const uint8_t **bytes, size_t *length);

/// How many samples the codec puts before the first input sample (AAC's priming, 1024): the
/// media time an MP4 edit list starts at.
int cmedia_encoder_priming(const cmedia_encoder *encoder);

/// Closes the file (finished or not) and frees the encoder.
void cmedia_encoder_free(cmedia_encoder *encoder);

#endif
