#include "cmediaencoder.h"
#include "media_error.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libswresample/swresample.h>
#include <stdio.h>
#include <string.h>

struct cmedia_encoder {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    SwrContext *resampler;
    AVAudioFifo *fifo;
    AVFrame *frame;
    AVPacket *packet;
    int input_rate;
    int started;
    int64_t next_pts;
    /// With no muxer: the packets encoded since they were last taken, and how many of them
    /// have been taken (`taken` of `count`, in an array of `capacity`).
    AVPacket **queue;
    int count, taken, capacity;
};

/// The encoder's sample format: the first it takes of float planar, float, 16-bit.
static enum AVSampleFormat sample_format(const AVCodec *codec) {
    const enum AVSampleFormat *formats = NULL;
#if LIBAVCODEC_VERSION_MAJOR >= 61 && LIBAVCODEC_VERSION_MINOR >= 13
    avcodec_get_supported_config(NULL, codec, AV_CODEC_CONFIG_SAMPLE_FORMAT, 0, (const void **)&formats, NULL);
#else
    formats = codec->sample_fmts;
#endif
    return formats ? formats[0] : AV_SAMPLE_FMT_S16;
}

/// The encoder's rate: `wanted` when it takes it (or takes any), else 48000.
static int sample_rate(const AVCodec *codec, int wanted) {
    const int *rates = NULL;
#if LIBAVCODEC_VERSION_MAJOR >= 61 && LIBAVCODEC_VERSION_MINOR >= 13
    avcodec_get_supported_config(NULL, codec, AV_CODEC_CONFIG_SAMPLE_RATE, 0, (const void **)&rates, NULL);
#else
    rates = codec->supported_samplerates;
#endif
    if (!rates) return wanted;
    for (const int *rate = rates; *rate; rate++)
        if (*rate == wanted) return wanted;
    return 48000;
}

static int open_codec(cmedia_encoder *encoder, const char *name, int bitrate, char *error, size_t capacity) {
    const AVCodec *codec = avcodec_find_encoder_by_name(name);
    if (!codec) {
        say(error, capacity, "FFmpeg has no encoder for this format", 0);
        return -1;
    }
    AVCodecContext *context = avcodec_alloc_context3(codec);
    encoder->codec = context;
    if (!context) return -1;
    context->sample_fmt = sample_format(codec);
    context->sample_rate = sample_rate(codec, encoder->input_rate);
    av_channel_layout_default(&context->ch_layout, 1);
    context->bit_rate = bitrate;
    context->time_base = (AVRational){1, context->sample_rate};
    context->flags |= AV_CODEC_FLAG_BITEXACT;
    // Speech needs no search for the best coding: the fast coder is several times faster.
    if (strcmp(name, "aac") == 0) av_opt_set(context->priv_data, "aac_coder", "fast", 0);
    // A caller that muxes the packets itself needs the codec's configuration apart (AAC's
    // AudioSpecificConfig for MP4's `esds`).
    if (!encoder->format || encoder->format->oformat->flags & AVFMT_GLOBALHEADER)
        context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    int status = avcodec_open2(context, codec, NULL);
    if (status < 0) {
        say(error, capacity, "cannot open the encoder", status);
        return -1;
    }
    if (!encoder->format) return 0;
    encoder->stream = avformat_new_stream(encoder->format, NULL);
    if (!encoder->stream) return -1;
    encoder->stream->time_base = context->time_base;
    avcodec_parameters_from_context(encoder->stream->codecpar, context);
    return 0;
}

static int open_resampler(cmedia_encoder *encoder) {
    AVChannelLayout mono = AV_CHANNEL_LAYOUT_MONO;
    int status = swr_alloc_set_opts2(&encoder->resampler, &encoder->codec->ch_layout, encoder->codec->sample_fmt,
                                     encoder->codec->sample_rate, &mono, AV_SAMPLE_FMT_S16, encoder->input_rate, 0,
                                     NULL);
    if (status < 0 || swr_init(encoder->resampler) < 0) return -1;
    encoder->fifo = av_audio_fifo_alloc(encoder->codec->sample_fmt, 1, 4096);
    encoder->frame = av_frame_alloc();
    encoder->packet = av_packet_alloc();
    return encoder->fifo && encoder->frame && encoder->packet ? 0 : -1;
}

cmedia_encoder *cmedia_encoder_open(const char *path, const char *muxer, const char *codec, int input_rate,
                                    int bitrate, char *error, size_t capacity) {
    av_log_set_level(AV_LOG_ERROR);
    cmedia_encoder *encoder = av_mallocz(sizeof *encoder);
    if (!encoder) return NULL;
    encoder->input_rate = input_rate;
    if (muxer) {
        int status = avformat_alloc_output_context2(&encoder->format, NULL, muxer, path);
        if (status < 0 || !encoder->format) {
            say(error, capacity, "FFmpeg has no muxer for this format", status);
            cmedia_encoder_free(encoder);
            return NULL;
        }
        encoder->format->flags |= AVFMT_FLAG_BITEXACT;
    }
    if (open_codec(encoder, codec, bitrate, error, capacity) < 0 || open_resampler(encoder) < 0) {
        if (capacity && !error[0]) say(error, capacity, "cannot set up the encoder", 0);
        cmedia_encoder_free(encoder);
        return NULL;
    }
    if (!muxer) return encoder;
    int status = avio_open(&encoder->format->pb, path, AVIO_FLAG_WRITE);
    if (status < 0) {
        say(error, capacity, "cannot create the file", status);
        cmedia_encoder_free(encoder);
        return NULL;
    }
    return encoder;
}

void cmedia_encoder_set_metadata(cmedia_encoder *encoder, const char *key, const char *value) {
    if (!encoder->format) return;
    av_dict_set(&encoder->format->metadata, key, value, 0);
}

int cmedia_encoder_add_chapter(cmedia_encoder *encoder, int64_t start_ms, int64_t end_ms, const char *title) {
    if (!encoder->format) return -1;
    AVChapter *chapter = av_mallocz(sizeof *chapter);
    if (!chapter) return -1;
    chapter->id = encoder->format->nb_chapters + 1;
    chapter->time_base = (AVRational){1, 1000};
    chapter->start = start_ms;
    chapter->end = end_ms;
    av_dict_set(&chapter->metadata, "title", title, 0);
    av_dynarray_add(&encoder->format->chapters, (int *)&encoder->format->nb_chapters, chapter);
    return 0;
}

/// Ogg keeps its tags and chapters in the stream's comments. FFmpeg's own chapter comments
/// round the seconds to the nearest (7.508 s is written 00:00:08.508), so they are written here
/// as the comments themselves (CHAPTER001=00:00:07.508, CHAPTER001NAME=...), exact.
static void move_tags_to_comments(cmedia_encoder *encoder) {
    AVFormatContext *format = encoder->format;
    if (strcmp(format->oformat->name, "ogg") != 0) return;
    av_dict_copy(&encoder->stream->metadata, format->metadata, 0);
    for (unsigned index = 0; index < format->nb_chapters; index++) {
        AVChapter *chapter = format->chapters[index];
        int64_t ms = av_rescale_q(chapter->start, chapter->time_base, (AVRational){1, 1000});
        char key[32], time[32];
        snprintf(key, sizeof key, "CHAPTER%03u", index + 1);
        snprintf(time, sizeof time, "%02lld:%02lld:%02lld.%03lld", (long long)(ms / 3600000),
                 (long long)(ms / 60000 % 60), (long long)(ms / 1000 % 60), (long long)(ms % 1000));
        av_dict_set(&encoder->stream->metadata, key, time, 0);
        AVDictionaryEntry *title = av_dict_get(chapter->metadata, "title", NULL, 0);
        snprintf(key, sizeof key, "CHAPTER%03uNAME", index + 1);
        av_dict_set(&encoder->stream->metadata, key, title ? title->value : "", 0);
        av_dict_free(&chapter->metadata);
        av_freep(&format->chapters[index]);
    }
    av_freep(&format->chapters);
    format->nb_chapters = 0;
}

static int start(cmedia_encoder *encoder, char *error, size_t capacity) {
    if (encoder->started || !encoder->format) return 0;
    encoder->started = 1;
    move_tags_to_comments(encoder);
    AVDictionary *options = NULL;
    int status = avformat_write_header(encoder->format, &options);
    av_dict_free(&options);
    if (status < 0) {
        say(error, capacity, "cannot write the file's header", status);
        return -1;
    }
    return 0;
}

/// Keeps the packet just encoded for the caller (with no muxer), in the queue.
static int enqueue(cmedia_encoder *encoder) {
    if (encoder->taken == encoder->count) encoder->taken = encoder->count = 0;
    if (encoder->count == encoder->capacity) {
        int capacity = encoder->capacity ? encoder->capacity * 2 : 64;
        AVPacket **queue = av_realloc_array(encoder->queue, capacity, sizeof *queue);
        if (!queue) return -1;
        for (int index = encoder->capacity; index < capacity; index++) queue[index] = NULL;
        encoder->queue = queue;
        encoder->capacity = capacity;
    }
    AVPacket **slot = &encoder->queue[encoder->count];
    if (!*slot && !(*slot = av_packet_alloc())) return -1;
    av_packet_unref(*slot);
    av_packet_move_ref(*slot, encoder->packet);
    encoder->count++;
    return 0;
}

/// Sends `frame` (NULL to flush) and writes (or, with no muxer, queues) the packets that come
/// out.
static int encode(cmedia_encoder *encoder, AVFrame *frame, char *error, size_t capacity) {
    int status = avcodec_send_frame(encoder->codec, frame);
    while (status >= 0) {
        status = avcodec_receive_packet(encoder->codec, encoder->packet);
        if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return 0;
        if (status < 0) break;
        if (!encoder->format) {
            if (enqueue(encoder) == 0) continue;
            say(error, capacity, "out of memory for the audio", 0);
            return -1;
        }
        av_packet_rescale_ts(encoder->packet, encoder->codec->time_base, encoder->stream->time_base);
        encoder->packet->stream_index = encoder->stream->index;
        status = av_interleaved_write_frame(encoder->format, encoder->packet);
        if (status < 0 || (encoder->format->pb && encoder->format->pb->error < 0)) {
            say(error, capacity, "cannot write the audio", status < 0 ? status : encoder->format->pb->error);
            return -1;
        }
    }
    say(error, capacity, "cannot encode the audio", status);
    return -1;
}

/// Encodes whole frames from the FIFO (and, with `all`, what is left of it).
static int drain(cmedia_encoder *encoder, int all, char *error, size_t capacity) {
    int size = encoder->codec->frame_size > 0 ? encoder->codec->frame_size : 1024;
    while (av_audio_fifo_size(encoder->fifo) >= size || (all && av_audio_fifo_size(encoder->fifo) > 0)) {
        int count = FFMIN(size, av_audio_fifo_size(encoder->fifo));
        AVFrame *frame = encoder->frame;
        av_frame_unref(frame);
        frame->nb_samples = count;
        frame->format = encoder->codec->sample_fmt;
        frame->sample_rate = encoder->codec->sample_rate;
        av_channel_layout_copy(&frame->ch_layout, &encoder->codec->ch_layout);
        if (av_frame_get_buffer(frame, 0) < 0) return -1;
        av_audio_fifo_read(encoder->fifo, (void **)frame->data, count);
        frame->pts = encoder->next_pts;
        encoder->next_pts += count;
        if (encode(encoder, frame, error, capacity) < 0) return -1;
    }
    return 0;
}

/// Converts `count` samples (NULL to flush the resampler) into the FIFO.
static int convert(cmedia_encoder *encoder, const int16_t *samples, size_t count) {
    int room = swr_get_out_samples(encoder->resampler, (int)count);
    if (room <= 0) return 0;
    uint8_t **buffer = NULL;
    if (av_samples_alloc_array_and_samples(&buffer, NULL, 1, room, encoder->codec->sample_fmt, 0) < 0) return -1;
    const uint8_t *input = (const uint8_t *)samples;
    int converted = swr_convert(encoder->resampler, buffer, room, samples ? &input : NULL, (int)count);
    int status = converted < 0 ? -1 : av_audio_fifo_write(encoder->fifo, (void **)buffer, converted);
    av_freep(&buffer[0]);
    av_freep(&buffer);
    return status < 0 ? -1 : 0;
}

int cmedia_encoder_write(cmedia_encoder *encoder, const int16_t *samples, size_t count, char *error,
                         size_t capacity) {
    if (start(encoder, error, capacity) < 0) return -1;
    while (count > 0) {
        size_t part = count < 65536 ? count : 65536;
        if (convert(encoder, samples, part) < 0) {
            say(error, capacity, "cannot convert the audio", 0);
            return -1;
        }
        if (drain(encoder, 0, error, capacity) < 0) return -1;
        samples += part;
        count -= part;
    }
    return 0;
}

int cmedia_encoder_finish(cmedia_encoder *encoder, char *error, size_t capacity) {
    if (start(encoder, error, capacity) < 0) return -1;
    if (convert(encoder, NULL, 0) < 0 || drain(encoder, 1, error, capacity) < 0) return -1;
    if (encode(encoder, NULL, error, capacity) < 0) return -1;
    if (!encoder->format) return 0;
    int status = av_write_trailer(encoder->format);
    if (status >= 0) avio_flush(encoder->format->pb);
    if (status < 0 || encoder->format->pb->error < 0) {
        say(error, capacity, "cannot write the file's end", status < 0 ? status : encoder->format->pb->error);
        return -1;
    }
    return 0;
}

int cmedia_encoder_next_packet(cmedia_encoder *encoder, const uint8_t **data, size_t *size, int64_t *duration) {
    if (encoder->taken == encoder->count) return 0;
    const AVPacket *packet = encoder->queue[encoder->taken++];
    *data = packet->data;
    *size = (size_t)packet->size;
    *duration = packet->duration;
    return 1;
}

int cmedia_encoder_configuration(const cmedia_encoder *encoder, const uint8_t **bytes, size_t *length) {
    *bytes = encoder->codec->extradata;
    *length = encoder->codec->extradata ? (size_t)encoder->codec->extradata_size : 0;
    return encoder->codec->sample_rate;
}

int cmedia_encoder_priming(const cmedia_encoder *encoder) { return encoder->codec->initial_padding; }

void cmedia_encoder_free(cmedia_encoder *encoder) {
    if (!encoder) return;
    if (encoder->format) {
        if (encoder->format->pb) avio_closep(&encoder->format->pb);
        avformat_free_context(encoder->format);
    }
    avcodec_free_context(&encoder->codec);
    swr_free(&encoder->resampler);
    if (encoder->fifo) av_audio_fifo_free(encoder->fifo);
    av_frame_free(&encoder->frame);
    av_packet_free(&encoder->packet);
    for (int index = 0; index < encoder->capacity; index++) av_packet_free(&encoder->queue[index]);
    av_free(encoder->queue);
    av_free(encoder);
}
