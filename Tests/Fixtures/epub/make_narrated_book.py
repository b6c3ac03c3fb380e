#!/usr/bin/env python3
"""Builds an EPUB 3 with Media Overlays whose narration is made by espeak-ng, one clip per
sentence, for NarrationPlaybackTests.

Usage: make_narrated_book.py OUT.epub WORKDIR

Three chapters: chapters 1 and 2's audio is MP3, chapter 3's AAC in MP4 (the Media Overlays
core media types epubcheck accepts; Opus decoding is AudioDecoderTests'); each
chapter is one audio file of its sentences with 300 ms of silence between them, so every
clip's clipBegin/clipEnd is known from sox's measure of each sentence. Chapter 2's second
paragraph has no clip (the reader's voice reads it); chapter 3 ends with an <audio> element
(a bell, its fallback text read where it cannot be played). Prints one JSON line: the clips,
the bell last, in reading order, as [file, begin_ms, end_ms, text].
"""

import json
import os
import subprocess
import sys
import zipfile

CHAPTERS = [
    ("ch1", "mp3", ["libmp3lame"], "audio/mpeg", [["The rain had stopped.", "A bird sang on the wall."]]),
    ("ch2", "mp3", ["libmp3lame"], "audio/mpeg", [["Morning came slowly over the hills."], None]),
    ("ch3", "m4a", ["aac"], "audio/mp4", [["She opened the door.", "The garden was full of light."]]),
]
UNNARRATED = "Nobody recorded this paragraph, so the reader's own voice reads it."
BELL = "A bell rings."  # the fallback text of chapter 3's <audio> element, 800 ms of 880 Hz
GAP_MS = 300


def run(*arguments):
    subprocess.run(arguments, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def duration_ms(path):
    out = subprocess.run(["sox", "--i", "-D", path], check=True, capture_output=True, text=True).stdout
    return round(float(out.strip()) * 1000)


def clock(ms):
    return "%d:%02d:%02d.%03d" % (ms // 3_600_000, ms // 60_000 % 60, ms // 1000 % 60, ms % 1000)


def main():
    out, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    run("sox", "-n", "-r", "22050", "-c", "1", "-b", "16", os.path.join(work, "gap.wav"), "trim", "0", str(GAP_MS / 1000))
    entries = {}
    manifest = []
    spine = []
    clips = []
    total = 0
    for name, extension, codec, media_type, paragraphs in CHAPTERS:
        parts = []
        pars = []
        body = []
        position = 0
        number = 0
        for index, sentences in enumerate(paragraphs):
            if sentences is None:
                body.append("<p>%s</p>" % UNNARRATED)
                continue
            spans = []
            for sentence in sentences:
                number += 1
                wav = os.path.join(work, "%s-%d.wav" % (name, number))
                run("espeak-ng", "-w", wav + ".raw.wav", sentence)
                run("sox", wav + ".raw.wav", "-r", "22050", "-c", "1", "-b", "16", wav)
                length = duration_ms(wav)
                if parts:
                    parts.append(os.path.join(work, "gap.wav"))
                    position += GAP_MS
                parts.append(wav)
                fragment = "%s-s%d" % (name, number)
                spans.append('<span id="%s">%s</span>' % (fragment, sentence))
                pars.append(
                    '<par><text src="%s.xhtml#%s"/><audio src="audio/%s.%s" clipBegin="%s" clipEnd="%s"/></par>'
                    % (name, fragment, name, extension, clock(position), clock(position + length))
                )
                clips.append(["EPUB/audio/%s.%s" % (name, extension), position, position + length, sentence])
                position += length
            body.append("<p>%s</p>" % " ".join(spans))
        if name == "ch3":
            bell = os.path.join(work, "bell.wav")
            run("sox", "-n", "-r", "22050", "-c", "1", "-b", "16", bell, "synth", "0.8", "sine", "880", "vol", "0.5")
            run("ffmpeg", "-v", "error", "-y", "-i", bell, "-c:a", "libmp3lame", "-b:a", "64k", bell + ".mp3")
            with open(bell + ".mp3", "rb") as audio:
                entries["EPUB/audio/bell.mp3"] = audio.read()
            body.append('<audio src="audio/bell.mp3" controls="controls">%s</audio>' % BELL)
            manifest.append('<item id="bell" href="audio/bell.mp3" media-type="audio/mpeg"/>')
            bell_clip = ["EPUB/audio/bell.mp3", 0, duration_ms(bell), BELL]
        joined = os.path.join(work, name + ".wav")
        run("sox", *parts, joined)
        encoded = os.path.join(work, "%s.%s" % (name, extension))
        run("ffmpeg", "-v", "error", "-y", "-i", joined, "-c:a", *codec, "-b:a", "64k", encoded)
        length = duration_ms(joined)
        total += length
        with open(encoded, "rb") as audio:
            entries["EPUB/audio/%s.%s" % (name, extension)] = audio.read()
        entries["EPUB/%s.xhtml" % name] = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" '
            'xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en"><head><title>%s</title></head>'
            "<body><h1>Chapter %s</h1>%s</body></html>" % (name, name[-1], "".join(body))
        ).encode()
        entries["EPUB/%s.smil" % name] = (
            '<?xml version="1.0" encoding="UTF-8"?>\n<smil xmlns="http://www.w3.org/ns/SMIL" '
            'xmlns:epub="http://www.idpf.org/2007/ops" version="3.0"><body>%s'
            "</body></smil>" % "".join(pars)
        ).encode()
        manifest.append(
            '<item id="%s" href="%s.xhtml" media-type="application/xhtml+xml" media-overlay="%s-mo"/>'
            '<item id="%s-mo" href="%s.smil" media-type="application/smil+xml"/>'
            '<item id="%s-audio" href="audio/%s.%s" media-type="%s"/>'
            % (name, name, name, name, name, name, name, extension, media_type)
        )
        manifest.append('<meta property="media:duration" refines="#%s-mo">%s</meta>' % (name, clock(length)))
        spine.append('<itemref idref="%s"/>' % name)
    metas = [m for m in manifest if m.startswith("<meta")]
    items = [m for m in manifest if not m.startswith("<meta")]
    entries["EPUB/nav.xhtml"] = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" '
        'xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en"><head><title>Contents</title></head>'
        '<body><nav epub:type="toc"><ol>%s</ol></nav></body></html>'
        % "".join('<li><a href="%s.xhtml">Chapter %s</a></li>' % (c[0], c[0][-1]) for c in CHAPTERS)
    ).encode()
    entries["EPUB/package.opf"] = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<package xmlns="http://www.idpf.org/2007/opf" version="3.0" '
        'unique-identifier="id" xml:lang="en"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">'
        '<dc:identifier id="id">urn:uuid:6f1c2b1e-8a57-4c1e-9a55-3d2b7e0c4a11</dc:identifier>'
        "<dc:title>Narrated Test Book</dc:title><dc:creator>readaloud</dc:creator><dc:language>en</dc:language>"
        '<meta property="dcterms:modified">2026-12-04T00:00:00Z</meta>'
        '<meta property="media:duration">%s</meta>%s'
        '<meta property="media:active-class">-epub-media-overlay-active</meta></metadata>'
        '<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>%s'
        "</manifest><spine>%s</spine></package>" % (clock(total), "".join(metas), "".join(items), "".join(spine))
    ).encode()
    entries["META-INF/container.xml"] = (
        b'<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" '
        b'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
        b'<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>'
    )
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        for name, data in entries.items():
            archive.writestr(name, data, compress_type=zipfile.ZIP_DEFLATED)
    print(json.dumps(clips + [bell_clip]))


if __name__ == "__main__":
    main()
