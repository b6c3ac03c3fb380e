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

// Editing a parsed tree, for writing a book's documents back changed (a synchronized EPUB's
// content documents with an id around each spoken stretch, its package document with Media
// Overlays). Nodes passed in belong to a tree this module parsed.

/// The node's parent element, or NULL (for the root element).
const cepubxml_node *cepubxml_parent(const cepubxml_node *node);
/// The previous sibling, or NULL.
const cepubxml_node *cepubxml_previous_sibling(const cepubxml_node *node);

/// Splits a text or CDATA node at UTF-8 byte `offset` (0 < offset < its length): the node keeps
/// the text before, a new node of the same kind after it holds the rest and is returned; NULL
/// when the node is no text or the offset is not inside it.
const cepubxml_node *cepubxml_split_text(const cepubxml_node *text, size_t offset);

/// A shallow copy of element `element` (its name, namespace and attributes but `id`, no
/// children), inserted right after it; returns it, or NULL.
const cepubxml_node *cepubxml_clone_after(const cepubxml_node *element);

/// Moves `first` and the siblings after it up to `last` (included) into `element`'s end.
void cepubxml_move_into(const cepubxml_node *element, const cepubxml_node *first, const cepubxml_node *last);

/// A new element `name` in its parent's namespace of URI `namespace_uri` (NULL: none), inserted
/// before `sibling` when it is not NULL, else appended to `parent`; returns it, or NULL.
const cepubxml_node *cepubxml_insert_element(const cepubxml_node *parent, const cepubxml_node *sibling,
                                             const char *name, const char *namespace_uri);

/// Sets (or, with `value` NULL, removes) attribute `name` in no namespace.
void cepubxml_set_attribute(const cepubxml_node *element, const char *name, const char *value);

/// Appends `text` as a text node to `element`.
void cepubxml_append_text(const cepubxml_node *element, const char *text);

/// Removes `node` (and what it holds) from its tree and frees it.
void cepubxml_remove(const cepubxml_node *node);

/// The document written as XML (UTF-8, with its XML declaration and DOCTYPE): bytes to free
/// with cepubxml_free, their count in `length`; NULL when out of memory.
char *cepubxml_serialize(const cepubxml_document *document, int *length);

#endif
