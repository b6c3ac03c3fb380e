#!/usr/bin/env python3
"""Prints the text an accessible reading system reads from an EPUB, for readaloud's tests.

An independent reference for EPUBCorpusTests: Python's zipfile, ElementTree (for the OPF) and
html.parser (for XHTML; it resolves named entities itself) instead of libzip and libxml2, and
a separate reading of the same rules: spine order without linear="no" items; not read are head,
script, style, template, rt, rp, title, noscript, anything hidden or aria-hidden="true",
footnote/endnote/annotation blocks (notes, which read-all skips by default), page-break markers and epub:switch cases (only the default is read);
img reads its alt text, svg its title, math its alttext.

Usage: extract_text.py BOOK.epub   prints one line per content document: its text.
"""
import html.parser
import posixpath
import sys
import urllib.parse
import xml.etree.ElementTree as ET
import zipfile

SKIPPED = {"head", "script", "style", "template", "rt", "rp", "title", "noscript"}
NOTES = {"footnote", "endnote", "rearnote", "note", "footnotes", "endnotes", "rearnotes", "annotation"}
VOID = {"img", "br", "hr", "meta", "link", "input", "col", "area", "base", "wbr", "source", "embed", "param", "track"}

class Reader(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, skipping, svg)
        self.parts = []

    def skipping(self):
        return bool(self.stack) and self.stack[-1][1]

    def in_svg(self):
        return bool(self.stack) and self.stack[-1][2]

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = tag.split(":")[-1]
        skip = self.skipping()
        svg = self.in_svg()
        types = set((a.get("epub:type") or "").split())
        role = a.get("role") or ""
        if name in SKIPPED or "hidden" in a or (a.get("aria-hidden") or "").lower() == "true":
            skip = True
        if "pagebreak" in types or role == "doc-pagebreak":
            skip = True
        if (types & NOTES or role in ("doc-footnote", "doc-endnote", "doc-endnotes")) and name in (
                "aside", "section", "div", "li", "ol", "p"):
            skip = True
        if tag == "epub:case" or (tag == "case" and any(t[0].endswith("switch") for t in self.stack)):
            skip = True
        if not skip and name == "img":
            alt = " ".join((a.get("alt") or "").split())
            if alt:
                self.parts.append(" " + alt + " ")
        if not skip and name == "math" and a.get("alttext"):
            self.parts.append(" " + a["alttext"] + " ")
        if name == "math":
            skip = True
        if name == "svg":
            svg = True
        if tag in VOID:
            return
        self.stack.append((tag, skip, svg))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        if self.skipping():
            return
        if self.in_svg() and not (self.stack and self.stack[-1][0] == "title"):
            return
        self.parts.append(data)

def main():
    book = zipfile.ZipFile(sys.argv[1])
    container = ET.fromstring(book.read("META-INF/container.xml"))
    rootfile = container.find(".//{urn:oasis:names:tc:opendocument:xmlns:container}rootfile")
    opf_path = rootfile.get("full-path")
    opf = ET.fromstring(book.read(opf_path))
    ns = {"opf": "http://www.idpf.org/2007/opf"}
    folder = posixpath.dirname(opf_path)
    manifest = {item.get("id"): item.get("href") for item in opf.find("opf:manifest", ns)}
    for itemref in opf.find("opf:spine", ns):
        if itemref.get("linear") == "no":
            continue
        href = urllib.parse.unquote(manifest[itemref.get("idref")])
        path = posixpath.normpath(posixpath.join(folder, href))
        reader = Reader()
        # svg titles: read the title inside an svg, nothing else of it.
        reader.feed(book.read(path).decode("utf-8"))
        print(path + "\t" + " ".join("".join(reader.parts).split()))

main()
