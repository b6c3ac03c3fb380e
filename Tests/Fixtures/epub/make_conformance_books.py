#!/usr/bin/env python3
"""Writes small EPUB 3 books that exercise the EPUB reader's handling of the specification.

Usage: make_conformance_books.py OUTPUT_DIR   writes the books below into OUTPUT_DIR (created
if missing); prints nothing on success, an error on stderr and exit status 1 otherwise.

Standard library only. Every book has a STORED `mimetype` first, META-INF/container.xml,
EPUB/package.opf (version 3.0), an EPUB 3 navigation document EPUB/nav.xhtml with a toc nav,
and XHTML content documents; the rest is DEFLATED unless stated. Images are real 2x2 PNGs.
Entries carry a fixed date, so the same script writes the same bytes.

Valid books (epubcheck 4.2.6: 0 fatals, 0 errors, 0 warnings for each):
  metadata.epub          two refined dc:titles (title-type, display-seq; xml:lang, dir,
                         whitespace to collapse) and two creators ordered by display-seq
  metadata-rtl.epub      an Arabic right-to-left title and content, dc:language ar
  fallbacks.epub         PNG spine items reached through manifest fallback chains, one of them
                         PNG -> JSON -> XHTML; the fallback XHTML is in the manifest only
  svg.epub               an SVG content document in the spine, and inline SVG in XHTML
                         (title, desc, text and tspan)
  nav-labels.epub        toc labels: an img with alt text, a hidden li, a display:none link
  language.epub          no language on <html> (dc:language fr applies), per-paragraph
                         xml:lang/lang and dir
  structure.epub         what a listener skips and escapes: a note reference and its
                         footnote aside, a print page break, a table with a caption, a
                         sidebar, a list, a quotation, a figure with an image and a caption

Invalid books (they model bad input; epubcheck is not expected to pass them):
  duplicate-spine.epub   the spine lists c1 twice (c1, c2, c1)
  remote-spine.epub      a spine item whose manifest href is https://example.com/remote.xhtml
  no-fallback.epub       a PNG spine item with no fallback, and a PNG <-> JSON fallback cycle
  namespace.epub         a content document with <p::p>: well-formed XML 1.0, not
                         namespace-well-formed
  bzip2.epub             the content document entry compressed with BZIP2 (method 12)
  lzma.epub              the content document entry compressed with LZMA (method 14)
  split.epub             the End Of Central Directory says disk 1 of a multi-disk archive
  spanned.epub           a book prefixed by the spanning signature PK\\x07\\x08

Notes on the valid books: in metadata.epub the manifest item for c1.xhtml has id "text",
since the creator already has id="c1" and ids are unique in the package document. The toc
of fallbacks.epub links to the spine items themselves (images/page1.png, images/page2.png,
page3.xhtml): a link to the fallback page1.xhtml, which is not in the spine, is an epubcheck
error (RSC-011).
"""
import os
import struct
import sys
import zipfile
import zlib

MODIFIED = "2026-12-03T00:00:00Z"
DATE_TIME = (2026, 12, 3, 0, 0, 0)

CONTAINER = """<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
"""


def png(width=2, height=2, rgb=(200, 40, 40)):
    """A valid truecolour PNG of one colour."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    row = b"\x00" + bytes(rgb) * width  # filter type 0, then the pixels
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height, 9))
            + chunk(b"IEND", b""))


def item(id, href, media_type, fallback=None, properties=None):
    """One manifest <item>."""
    attrs = f'id="{id}" href="{href}" media-type="{media_type}"'
    if fallback:
        attrs += f' fallback="{fallback}"'
    if properties:
        attrs += f' properties="{properties}"'
    return f"<item {attrs}/>"


def package(name, metadata, items, spine, package_attrs=""):
    """The package document of book NAME. metadata: the elements after dc:identifier (titles,
    creators, languages, refinements); items: manifest <item>s besides the nav; spine: idrefs."""
    lines = "\n    ".join
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"{package_attrs}>
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:example:conformance:{name}</dc:identifier>
    {lines(metadata)}
    <meta property="dcterms:modified">{MODIFIED}</meta>
  </metadata>
  <manifest>
    {item("nav", "nav.xhtml", "application/xhtml+xml", properties="nav")}
    {lines(items)}
  </manifest>
  <spine>
    {lines(f'<itemref idref="{idref}"/>' for idref in spine)}
  </spine>
</package>
"""


def xhtml(title, body, lang="en", dir=None):
    """An XHTML content document. lang=None leaves <html> without lang and xml:lang."""
    attrs = ""
    if lang:
        attrs += f' xml:lang="{lang}" lang="{lang}"'
    if dir:
        attrs += f' dir="{dir}"'
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"{attrs}>
<head><title>{title}</title></head>
<body>{body}</body>
</html>
"""


def nav(entries, lang="en", dir=None):
    """The EPUB 3 navigation document. entries: (href, label) pairs, or raw <li> markup."""
    lis = "\n".join(e if isinstance(e, str) else f'<li><a href="{e[0]}">{e[1]}</a></li>' for e in entries)
    attrs = f' xml:lang="{lang}" lang="{lang}"' + (f' dir="{dir}"' if dir else "")
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"{attrs}>
<head><title>Contents</title></head>
<body>
<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
{lis}
</ol>
</nav>
</body>
</html>
"""


def write_book(path, opf, nav_doc, files, compression=None):
    """Writes one book. files: {path under EPUB/: str or bytes}; compression: {path under
    EPUB/: zipfile method} for entries that are not to be DEFLATED."""
    compression = compression or {}

    def add(zf, name, data, method):
        info = zipfile.ZipInfo(name, DATE_TIME)
        info.create_system = 3
        info.external_attr = 0o644 << 16
        info.compress_type = method
        zf.writestr(info, data.encode("utf-8") if isinstance(data, str) else data)

    with zipfile.ZipFile(path, "w") as zf:
        add(zf, "mimetype", "application/epub+zip", zipfile.ZIP_STORED)
        add(zf, "META-INF/container.xml", CONTAINER, zipfile.ZIP_DEFLATED)
        add(zf, "EPUB/package.opf", opf, zipfile.ZIP_DEFLATED)
        add(zf, "EPUB/nav.xhtml", nav_doc, zipfile.ZIP_DEFLATED)
        for name, data in files.items():
            add(zf, "EPUB/" + name, data, compression.get(name, zipfile.ZIP_DEFLATED))


def basic_metadata(title, language="en"):
    """The metadata of a book with one title and one language."""
    return [f"<dc:title>{title}</dc:title>", f"<dc:language>{language}</dc:language>"]


def simple_book(path, title, chapters, spine=None, compression=None):
    """A book of XHTML chapters: chapters is [(id, body)], each written as ID.xhtml; the spine
    is the chapters in order unless given."""
    items = [item(cid, f"{cid}.xhtml", "application/xhtml+xml") for cid, _ in chapters]
    name = os.path.splitext(os.path.basename(path))[0]
    opf = package(name, basic_metadata(title), items, spine or [cid for cid, _ in chapters])
    files = {f"{cid}.xhtml": xhtml(title, body) for cid, body in chapters}
    write_book(path, opf, nav([(f"{cid}.xhtml", cid) for cid, _ in chapters]), files, compression)


# Valid books.

def metadata_book(out):
    metadata = [
        '<dc:title id="t1">A Subtitle</dc:title>',
        '<meta refines="#t1" property="title-type">subtitle</meta>',
        '<meta refines="#t1" property="display-seq">2</meta>',
        '<dc:title id="t2" xml:lang="fr" dir="ltr">  Le   Grand\n   Livre </dc:title>',
        '<meta refines="#t2" property="title-type">main</meta>',
        '<meta refines="#t2" property="display-seq">1</meta>',
        '<dc:creator id="c1">Second Author</dc:creator>',
        '<meta refines="#c1" property="display-seq">2</meta>',
        '<dc:creator id="c2" xml:lang="de">Erste   Autorin</dc:creator>',
        '<meta refines="#c2" property="display-seq">1</meta>',
        "<dc:language>en</dc:language>",
    ]
    # The manifest item is "text", not "c1": ids are unique across the package document and
    # the first creator is id="c1".
    opf = package("metadata", metadata, [item("text", "c1.xhtml", "application/xhtml+xml")], ["text"],
                  ' xml:lang="en"')
    files = {"c1.xhtml": xhtml("Le Grand Livre", "<p>Metadata book text.</p>")}
    write_book(os.path.join(out, "metadata.epub"), opf, nav([("c1.xhtml", "Text")]), files)


def metadata_rtl_book(out):
    metadata = [
        '<dc:title dir="rtl" xml:lang="ar">كتاب الاختبار</dc:title>',
        "<dc:creator>Anonymous</dc:creator>",
        "<dc:language>ar</dc:language>",
    ]
    opf = package("metadata-rtl", metadata, [item("c1", "c1.xhtml", "application/xhtml+xml")], ["c1"])
    files = {"c1.xhtml": xhtml("كتاب الاختبار", "<p>نص الكتاب.</p>", lang="ar", dir="rtl")}
    write_book(os.path.join(out, "metadata-rtl.epub"), opf,
               nav([("c1.xhtml", "النص")], lang="ar", dir="rtl"), files)


def fallbacks_book(out):
    items = [
        item("page1", "images/page1.png", "image/png", fallback="page1-text"),
        item("page1-text", "page1.xhtml", "application/xhtml+xml"),
        item("page2", "images/page2.png", "image/png", fallback="page2-data"),
        item("page2-data", "page2.json", "application/json", fallback="page2-text"),
        item("page2-text", "page2.xhtml", "application/xhtml+xml"),
        item("page3", "page3.xhtml", "application/xhtml+xml"),
    ]
    opf = package("fallbacks", basic_metadata("Fallbacks"), items, ["page1", "page2", "page3"])
    files = {
        "images/page1.png": png(rgb=(200, 40, 40)),
        "page1.xhtml": xhtml("Page one", "<p>Page one text.</p>"),
        "images/page2.png": png(rgb=(40, 200, 40)),
        "page2.json": '{"page": 2}',
        "page2.xhtml": xhtml("Page two", "<p>Page two text.</p>"),
        "page3.xhtml": xhtml("Page three", "<p>Page three text.</p>"),
    }
    toc = [("images/page1.png", "Page one"), ("images/page2.png", "Page two"), ("page3.xhtml", "Page three")]
    write_book(os.path.join(out, "fallbacks.epub"), opf, nav(toc), files)


DRAWING = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 400 200">
<title>A drawing</title>
<desc>Two boxes and a label.</desc>
<rect x="5" y="5" width="190" height="90" fill="none" stroke="black"/>
<rect x="205" y="5" width="190" height="90" fill="none" stroke="black"/>
<text x="10" y="40">Hello <tspan font-weight="bold">bold</tspan> world</text>
<text x="10" y="80">Second line</text>
</svg>
"""


def svg_book(out):
    items = [
        item("drawing", "drawing.svg", "image/svg+xml"),
        item("inline", "inline.xhtml", "application/xhtml+xml", properties="svg"),
    ]
    opf = package("svg", basic_metadata("SVG"), items, ["drawing", "inline"])
    body = ('<p>Before the figure.</p><svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
            '<title>Inline figure</title><desc>A described shape.</desc>'
            '<text x="5" y="20">Label <tspan>inside</tspan></text></svg><p>After the figure.</p>')
    files = {"drawing.svg": DRAWING, "inline.xhtml": xhtml("Inline SVG", body)}
    write_book(os.path.join(out, "svg.epub"), opf,
               nav([("drawing.svg", "Drawing"), ("inline.xhtml", "Inline figure")]), files)


def nav_labels_book(out):
    items = [
        item("c1", "c1.xhtml", "application/xhtml+xml"),
        item("icon", "images/icon.png", "image/png"),
    ]
    opf = package("nav-labels", basic_metadata("Navigation labels"), items, ["c1"])
    body = "".join(f'<section id="s{i}"><p>{word} section text.</p></section>'
                   for i, word in enumerate(["First", "Second", "Third", "Fourth"], 1))
    entries = [
        '<li><a href="c1.xhtml#s1"><img src="images/icon.png" alt="Chapter"/> One</a></li>',
        '<li hidden=""><a href="c1.xhtml#s2">Hidden entry</a></li>',
        '<li><a href="c1.xhtml#s3" style="display:none">Invisible entry</a></li>',
        '<li><a href="c1.xhtml#s4">Four</a></li>',
    ]
    files = {"c1.xhtml": xhtml("Sections", body), "images/icon.png": png(rgb=(40, 40, 200))}
    write_book(os.path.join(out, "nav-labels.epub"), opf, nav(entries), files)


def language_book(out):
    opf = package("language", basic_metadata("Langue", "fr"),
                  [item("c1", "c1.xhtml", "application/xhtml+xml")], ["c1"])
    body = ('<p>No language here.</p><p xml:lang="de" lang="de">Deutscher Satz.</p>'
            '<p dir="rtl" xml:lang="he" lang="he">משפט בעברית.</p>')
    files = {"c1.xhtml": xhtml("Langue", body, lang=None)}
    write_book(os.path.join(out, "language.epub"), opf, nav([("c1.xhtml", "Texte")], lang="fr"), files)


# Invalid books.

STRUCTURE_BODY = """<h1>Structures</h1>
<p>Before the table, a note.<a epub:type="noteref" role="doc-noteref" href="#n1">1</a></p>
<p>The page turns here.<span epub:type="pagebreak" role="doc-pagebreak" id="page2" aria-label="2"/></p>
<table><caption>Prices</caption>
<tr><td>Apples</td><td>Two</td></tr>
<tr><td>Pears</td><td>Three</td></tr>
</table>
<p>After the table.</p>
<aside epub:type="sidebar"><p>A sidebar.</p></aside>
<ul><li>First item.</li><li>Second item.</li></ul>
<blockquote><p>A quoted line.</p><p>Another quoted line.</p></blockquote>
<figure><img src="square.png" alt="A red square"/><figcaption>Figure one.</figcaption></figure>
<p>The end of the chapter.</p>
<aside epub:type="footnote" role="doc-footnote" id="n1"><p>The note's text.</p></aside>"""


def structure_book(out):
    items = [item("c1", "c1.xhtml", "application/xhtml+xml"), item("square", "square.png", "image/png")]
    opf = package("structure", basic_metadata("Structures"), items, ["c1"])
    files = {"c1.xhtml": xhtml("Structures", STRUCTURE_BODY), "square.png": png()}
    write_book(os.path.join(out, "structure.epub"), opf, nav([("c1.xhtml", "Structures")]), files)


def duplicate_spine_book(out):
    simple_book(os.path.join(out, "duplicate-spine.epub"), "Duplicate spine",
                [("c1", "<p>Chapter one.</p>"), ("c2", "<p>Chapter two.</p>")], spine=["c1", "c2", "c1"])


def remote_spine_book(out):
    items = [
        item("remote", "https://example.com/remote.xhtml", "application/xhtml+xml"),
        item("c1", "c1.xhtml", "application/xhtml+xml"),
    ]
    opf = package("remote-spine", basic_metadata("Remote spine"), items, ["remote", "c1"])
    files = {"c1.xhtml": xhtml("Remote spine", "<p>Local text.</p>")}
    write_book(os.path.join(out, "remote-spine.epub"), opf, nav([("c1.xhtml", "Local")]), files)


def no_fallback_book(out):
    items = [
        item("lonely", "images/lonely.png", "image/png"),
        item("cycle-a", "a.png", "image/png", fallback="cycle-b"),
        item("cycle-b", "b.json", "application/json", fallback="cycle-a"),
        item("c1", "c1.xhtml", "application/xhtml+xml"),
    ]
    opf = package("no-fallback", basic_metadata("No fallback"), items, ["lonely", "cycle-a", "c1"])
    files = {
        "images/lonely.png": png(rgb=(120, 120, 120)),
        "a.png": png(rgb=(200, 200, 40)),
        "b.json": '{"cycle": true}',
        "c1.xhtml": xhtml("No fallback", "<p>Readable text.</p>"),
    }
    write_book(os.path.join(out, "no-fallback.epub"), opf, nav([("c1.xhtml", "Readable")]), files)


def namespace_book(out):
    items = [item(cid, f"{cid}.xhtml", "application/xhtml+xml") for cid in ["bad", "good"]]
    opf = package("namespace", basic_metadata("Namespaces"), items, ["bad", "good"])
    files = {
        "bad.xhtml": xhtml("Bad", "<p::p>broken</p::p>"),
        "good.xhtml": xhtml("Good", "<p>Good text.</p>"),
    }
    write_book(os.path.join(out, "namespace.epub"), opf, nav([("good.xhtml", "Good")]), files)


def compressed_books(out):
    for name, method in [("bzip2.epub", zipfile.ZIP_BZIP2), ("lzma.epub", zipfile.ZIP_LZMA)]:
        simple_book(os.path.join(out, name), "Compressed", [("c1", "<p>Compressed text.</p>")],
                    compression={"c1.xhtml": method})


def split_book(out):
    path = os.path.join(out, "split.epub")
    simple_book(path, "Split", [("c1", "<p>Split text.</p>")])
    with open(path, "rb") as f:
        data = bytearray(f.read())
    eocd = data.rfind(b"PK\x05\x06")
    if eocd < 0:
        raise RuntimeError("split.epub: no End Of Central Directory record")
    # "number of this disk" and "disk where the central directory starts", both 2 bytes.
    struct.pack_into("<HH", data, eocd + 4, 1, 1)
    with open(path, "wb") as f:
        f.write(data)


def spanned_book(out):
    path = os.path.join(out, "spanned.epub")
    simple_book(path, "Spanned", [("c1", "<p>Spanned text.</p>")])
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(b"PK\x07\x08" + data)


BOOKS = [
    metadata_book, metadata_rtl_book, fallbacks_book, svg_book, nav_labels_book, language_book, structure_book,
    duplicate_spine_book, remote_spine_book, no_fallback_book, namespace_book, compressed_books,
    split_book, spanned_book,
]


def main(argv):
    if len(argv) != 2:
        print(f"usage: {os.path.basename(argv[0])} OUTPUT_DIR", file=sys.stderr)
        return 1
    try:
        os.makedirs(argv[1], exist_ok=True)
        for make in BOOKS:
            make(argv[1])
    except Exception as error:  # report any failure as one line, not a traceback
        print(f"{os.path.basename(argv[0])}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
