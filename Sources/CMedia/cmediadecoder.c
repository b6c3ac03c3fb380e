#include "cmediadecoder.h"
#include "media_error.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/channel_layout.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libswresample/swresample.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// The file's bytes, read by FFmpeg through a custom I/O context.
typedef struct memory_file {
    uint8_t *bytes;
    size_t length;
    size_t position;
} memory_file;

struct cmedia_decoder {
    memory_file file;
    AVFormatContext *format;
    AVIOContext *io;
    AVCodecContext *codec;
    SwrContext *resampler;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    int rate;
    int channels;
    /// Sample frames decoded and converted so far (where the decoder stands).
    int64_t position;
    /// Converted frames not yet handed out: `pending_count` frames from `pending`.
    int16_t *pending;
    size_t pending_count;
    size_t pending_capacity;
    int finished;
};

static int read_memory(void *opaque, uint8_t *buffer, int size) {
    memory_file *file = opaque;
    size_t left = file->length - file->position;
    if (left == 0) return AVERROR_EOF;
    size_t count = (size_t)size < left ? (size_t)size : left;
    memcpy(buffer, file->bytes + file->position, count);
    file->position += count;
    return (int)count;
}

static int64_t seek_memory(void *opaque, int64_t offset, int whence) {
    memory_file *file = opaque;
    if (whence == AVSEEK_SIZE) return (int64_t)file->length;
    int64_t base = 0;
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET: base = 0; break;
    case SEEK_CUR: base = (int64_t)file->position; break;
    case SEEK_END: base = (int64_t)file->length; break;
    default: return -1;
    }
    int64_t target = base + offset;
    if (target < 0 || target > (int64_t)file->length) return -1;
    file->position = (size_t)target;
    return target;
}

/// Closes what `start` opened, keeping the bytes.
static void stop(cmedia_decoder *decoder) {
    swr_free(&decoder->resampler);
    avcodec_free_context(&decoder->codec);
    avformat_close_input(&decoder->format);
    if (decoder->io != NULL) {
        av_freep(&decoder->io->buffer);
        avio_context_free(&decoder->io);
    }
    decoder->pending_count = 0;
    decoder->position = 0;
    decoder->finished = 0;
}

/// Opens the bytes from their start: demuxer, decoder and converter. Returns 0 or -1.
static int start(cmedia_decoder *decoder, char *error, size_t capacity) {
    decoder->file.position = 0;
    unsigned char *buffer = av_malloc(65536);
    decoder->io = buffer == NULL ? NULL
                                 : avio_alloc_context(buffer, 65536, 0, &decoder->file, read_memory, NULL, seek_memory);
    decoder->format = avformat_alloc_context();
    if (decoder->io == NULL || decoder->format == NULL) {
        if (decoder->io == NULL) av_free(buffer);
        say(error, capacity, "out of memory", 0);
        return -1;
    }
    decoder->format->pb = decoder->io;
    decoder->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    int code = avformat_open_input(&decoder->format, NULL, NULL, NULL);
    if (code < 0) {
        say(error, capacity, "not an audio file FFmpeg can read", code);
        return -1;
    }
    code = avformat_find_stream_info(decoder->format, NULL);
    if (code < 0) {
        say(error, capacity, "its streams cannot be read", code);
        return -1;
    }
    const AVCodec *codec = NULL;
    decoder->stream = av_find_best_stream(decoder->format, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0);
    if (decoder->stream < 0 || codec == NULL) {
        say(error, capacity, decoder->stream == AVERROR_DECODER_NOT_FOUND ? "no decoder for its audio"
                                                                          : "it has no audio stream",
            0);
        return -1;
    }
    AVStream *stream = decoder->format->streams[decoder->stream];
    decoder->codec = avcodec_alloc_context3(codec);
    if (decoder->codec == NULL || avcodec_parameters_to_context(decoder->codec, stream->codecpar) < 0 ||
        (code = avcodec_open2(decoder->codec, codec, NULL)) < 0) {
        say(error, capacity, "its audio decoder cannot be opened", code);
        return -1;
    }
    decoder->rate = decoder->codec->sample_rate;
    decoder->channels = decoder->codec->ch_layout.nb_channels >= 2 ? 2 : 1;
    if (decoder->rate <= 0 || decoder->codec->ch_layout.nb_channels <= 0) {
        say(error, capacity, "its audio has no sample rate or channels", 0);
        return -1;
    }
    AVChannelLayout out;
    av_channel_layout_default(&out, decoder->channels);
    code = swr_alloc_set_opts2(&decoder->resampler, &out, AV_SAMPLE_FMT_S16, decoder->rate,
                               &decoder->codec->ch_layout, decoder->codec->sample_fmt, decoder->rate, 0, NULL);
    if (code < 0 || (code = swr_init(decoder->resampler)) < 0) {
        say(error, capacity, "its samples cannot be converted", code);
        return -1;
    }
    return 0;
}

cmedia_decoder *cmedia_decoder_open(const uint8_t *bytes, size_t length, char *error, size_t capacity) {
    if (capacity > 0) error[0] = 0;
    // FFmpeg's own log lines (an MP3's "Could not update timestamps for skipped samples")
    // would interleave with readaloud's output; failures are reported through `error`.
    av_log_set_level(AV_LOG_QUIET);
    if (length == 0) {
        say(error, capacity, "the audio file is empty", 0);
        return NULL;
    }
    cmedia_decoder *decoder = calloc(1, sizeof *decoder);
    decoder->packet = av_packet_alloc();
    decoder->frame = av_frame_alloc();
    decoder->file.bytes = malloc(length);
    if (decoder->packet == NULL || decoder->frame == NULL || decoder->file.bytes == NULL) {
        say(error, capacity, "out of memory", 0);
        cmedia_decoder_free(decoder);
        return NULL;
    }
    memcpy(decoder->file.bytes, bytes, length);
    decoder->file.length = length;
    if (start(decoder, error, capacity) != 0) {
        cmedia_decoder_free(decoder);
        return NULL;
    }
    return decoder;
}

void cmedia_decoder_free(cmedia_decoder *decoder) {
    if (decoder == NULL) return;
    stop(decoder);
    av_packet_free(&decoder->packet);
    av_frame_free(&decoder->frame);
    free(decoder->pending);
    free(decoder->file.bytes);
    free(decoder);
}

int cmedia_decoder_sample_rate(const cmedia_decoder *decoder) { return decoder->rate; }
int cmedia_decoder_channels(const cmedia_decoder *decoder) { return decoder->channels; }

int64_t cmedia_decoder_duration_ms(const cmedia_decoder *decoder) {
    if (decoder->format == NULL || decoder->format->duration == AV_NOPTS_VALUE) return -1;
    return decoder->format->duration / (AV_TIME_BASE / 1000);
}

/// Appends the converted samples of the decoded frame to `pending`. Returns 0 or -1.
static int convert_frame(cmedia_decoder *decoder) {
    int most = swr_get_out_samples(decoder->resampler, decoder->frame->nb_samples);
    if (most < 0) return -1;
    size_t needed = decoder->pending_count + (size_t)most;
    if (needed > decoder->pending_capacity) {
        size_t capacity = needed * 2;
        int16_t *grown = realloc(decoder->pending, capacity * (size_t)decoder->channels * sizeof(int16_t));
        if (grown == NULL) return -1;
        decoder->pending = grown;
        decoder->pending_capacity = capacity;
    }
    uint8_t *out = (uint8_t *)(decoder->pending + decoder->pending_count * (size_t)decoder->channels);
    int got = swr_convert(decoder->resampler, &out, most, (const uint8_t **)decoder->frame->extended_data,
                          decoder->frame->nb_samples);
    if (got < 0) return -1;
    decoder->pending_count += (size_t)got;
    return 0;
}

/// Decodes on until `pending` holds at least `wanted` frames or the file ends. Returns 0 or -1.
static int fill(cmedia_decoder *decoder, size_t wanted, char *error, size_t capacity) {
    while (decoder->pending_count < wanted && !decoder->finished) {
        int code = avcodec_receive_frame(decoder->codec, decoder->frame);
        if (code == 0) {
            int converted = convert_frame(decoder);
            av_frame_unref(decoder->frame);
            if (converted != 0) {
                say(error, capacity, "its samples cannot be converted", 0);
                return -1;
            }
            continue;
        }
        if (code == AVERROR_EOF) {
            decoder->finished = 1;
            break;
        }
        if (code != AVERROR(EAGAIN)) {
            say(error, capacity, "its audio cannot be decoded", code);
            return -1;
        }
        code = av_read_frame(decoder->format, decoder->packet);
        if (code < 0) {
            avcodec_send_packet(decoder->codec, NULL);  // drain
            continue;
        }
        if (decoder->packet->stream_index == decoder->stream) {
            code = avcodec_send_packet(decoder->codec, decoder->packet);
            // A damaged packet is skipped, as players do; the samples around it still count.
            (void)code;
        }
        av_packet_unref(decoder->packet);
    }
    return 0;
}

/// Drops the first `count` pending frames (count ≤ pending_count), moving the decoder on.
static void drop(cmedia_decoder *decoder, size_t count) {
    size_t rest = decoder->pending_count - count;
    memmove(decoder->pending, decoder->pending + count * (size_t)decoder->channels,
            rest * (size_t)decoder->channels * sizeof(int16_t));
    decoder->pending_count = rest;
    decoder->position += (int64_t)count;
}

int cmedia_decoder_read(cmedia_decoder *decoder, int64_t begin, int64_t end, int16_t **samples, size_t *frames,
                        char *error, size_t capacity) {
    if (capacity > 0) error[0] = 0;
    *samples = NULL;
    *frames = 0;
    if (begin < 0 || (end >= 0 && end < begin)) {
        say(error, capacity, "a clip that ends before it begins", 0);
        return -1;
    }
    if (begin < decoder->position) {
        stop(decoder);
        if (start(decoder, error, capacity) != 0) return -1;
    }
    // Skip to the clip's start, a bounded chunk at a time.
    const size_t chunk = 1 << 16;
    while (decoder->position < begin) {
        size_t wanted = (size_t)(begin - decoder->position) < chunk ? (size_t)(begin - decoder->position) : chunk;
        if (fill(decoder, wanted, error, capacity) != 0) return -1;
        size_t count = decoder->pending_count < wanted ? decoder->pending_count : wanted;
        if (count == 0) return 0;  // the file ends before the clip begins
        drop(decoder, count);
    }
    size_t length = 0;
    size_t room = 0;
    int16_t *out = NULL;
    while (end < 0 || decoder->position < end) {
        size_t wanted = end < 0 ? chunk
                                : ((size_t)(end - decoder->position) < chunk ? (size_t)(end - decoder->position) : chunk);
        if (fill(decoder, wanted, error, capacity) != 0) {
            free(out);
            return -1;
        }
        size_t count = decoder->pending_count < wanted ? decoder->pending_count : wanted;
        if (count == 0) break;
        if (length + count > room) {
            room = (length + count) * 2;
            int16_t *grown = realloc(out, room * (size_t)decoder->channels * sizeof(int16_t));
            if (grown == NULL) {
                free(out);
                say(error, capacity, "out of memory", 0);
                return -1;
            }
            out = grown;
        }
        memcpy(out + length * (size_t)decoder->channels, decoder->pending,
               count * (size_t)decoder->channels * sizeof(int16_t));
        length += count;
        drop(decoder, count);
    }
    *samples = out;
    *frames = length;
    return 0;
}

void cmedia_free(void *pointer) { free(pointer); }
