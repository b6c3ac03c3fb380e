// CEPUBXML: parses an EPUB book's XML (container, package document, navigation, XHTML) with
// libxml2, with the protections untrusted input needs, and lets Swift walk the tree.
//
// libxml2's own headers stay out of this one: Debian builds libxml2 with ICU, and ICU's headers
// clash with Foundation's copy of ICU when Swift imports them. Nodes are opaque here.
#ifndef CEPUBXML_H
#define CEPUBXML_H

#include <stddef.h>

/// A parsed document (libxml2's xmlDoc).
typedef struct cepubxml_document cepubxml_document;
/// A node of a parsed document (libxml2's xmlNode); valid while its document lives.
typedef struct cepubxml_node cepubxml_node;

/// Node kinds, as libxml2 numbers them.
enum {
    CEPUBXML_ELEMENT = 1,
    CEPUBXML_TEXT = 3,
    CEPUBXML_CDATA = 4,
    CEPUBXML_ENTITY_REFERENCE = 5,
};

/// Parses `length` bytes of namespace-well-formed XML into a tree, or returns NULL and writes a one-line reason
/// ("line 3: Opening and ending tag mismatch: p line 2 and div") into `error` (`capacity`
/// bytes, NUL-terminated). Free the tree with cepubxml_free_document.
///
/// Protections: no network (XML_PARSE_NONET); no DTD is loaded and no external entity is ever
/// resolved (the SAX resolveEntity and externalSubset hooks refuse them, and neither
/// XML_PARSE_NOENT nor XML_PARSE_DTDLOAD is set, so entities are never substituted); libxml2's
/// limits stay on (XML_PARSE_HUGE is not set: depth 256, entity amplification checks); errors
/// are not printed. XHTML's named character entities (&nbsp; &eacute; &mdash; ...) resolve
/// from libxml2's built-in HTML 4 table (htmlEntityLookup) as if predefined, without any DTD.
cepubxml_document *cepubxml_parse(const char *bytes, int length, char *error, size_t capacity);

void cepubxml_free_document(cepubxml_document *document);

/// The root element, or NULL.
const cepubxml_node *cepubxml_root(const cepubxml_document *document);

/// The node's kind (CEPUBXML_ELEMENT, ...; other kinds are other libxml2 node types).
int cepubxml_node_kind(const cepubxml_node *node);
/// The node's local name ("" when it has none).
const char *cepubxml_node_name(const cepubxml_node *node);
/// The node's namespace URI, or NULL.
const char *cepubxml_node_namespace(const cepubxml_node *node);
/// A text or CDATA node's text ("" for other nodes).
const char *cepubxml_node_text(const cepubxml_node *node);
/// The first child and the next sibling, or NULL. An entity reference has no children here:
/// entities a document declares itself are not expanded.
const cepubxml_node *cepubxml_first_child(const cepubxml_node *node);
const cepubxml_node *cepubxml_next_sibling(const cepubxml_node *node);

/// The value of attribute `name` of an element: in namespace `namespace_uri`, or in no
/// namespace when it is NULL. NULL when absent; free the value with cepubxml_free.
char *cepubxml_attribute(const cepubxml_node *node, const char *name, const char *namespace_uri);
void cepubxml_free(char *value);

#endif
