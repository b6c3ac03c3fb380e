#include "cepubxml.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/HTMLparser.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

// XHTML's named entities, made on first use from libxml2's HTML 4 table and kept for the life of
// the process (at most the table's 253 entries; never freed, never changed once published).
typedef struct cepubxml_entity {
    const htmlEntityDesc *description;
    xmlEntity entity;
    xmlChar utf8[8];
    struct cepubxml_entity *next;
} cepubxml_entity;

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static cepubxml_entity *table = NULL;

static int encode_utf8(unsigned int value, xmlChar *out) {
    if (value < 0x80) { out[0] = (xmlChar)value; return 1; }
    if (value < 0x800) {
        out[0] = (xmlChar)(0xC0 | (value >> 6));
        out[1] = (xmlChar)(0x80 | (value & 0x3F));
        return 2;
    }
    if (value < 0x10000) {
        out[0] = (xmlChar)(0xE0 | (value >> 12));
        out[1] = (xmlChar)(0x80 | ((value >> 6) & 0x3F));
        out[2] = (xmlChar)(0x80 | (value & 0x3F));
        return 3;
    }
    out[0] = (xmlChar)(0xF0 | (value >> 18));
    out[1] = (xmlChar)(0x80 | ((value >> 12) & 0x3F));
    out[2] = (xmlChar)(0x80 | ((value >> 6) & 0x3F));
    out[3] = (xmlChar)(0x80 | (value & 0x3F));
    return 4;
}

/// The predefined-style entity for an XHTML entity name, or NULL.
static xmlEntityPtr table_entity(const xmlChar *name) {
    const htmlEntityDesc *description = htmlEntityLookup(name);
    if (description == NULL) return NULL;
    pthread_mutex_lock(&table_lock);
    cepubxml_entity *found = table;
    while (found != NULL && found->description != description) found = found->next;
    if (found == NULL) {
        found = calloc(1, sizeof(cepubxml_entity));
        if (found != NULL) {
            int length = encode_utf8(description->value, found->utf8);
            found->description = description;
            found->entity.type = XML_ENTITY_DECL;
            found->entity.name = (const xmlChar *)description->name;
            found->entity.content = found->utf8;
            found->entity.length = length;
            found->entity.etype = XML_INTERNAL_PREDEFINED_ENTITY;
            found->next = table;
            table = found;
        }
    }
    pthread_mutex_unlock(&table_lock);
    return found == NULL ? NULL : &found->entity;
}

/// The document's own entities first (its internal subset), then XHTML's named ones.
static xmlEntityPtr get_entity(void *context, const xmlChar *name) {
    xmlEntityPtr declared = xmlSAX2GetEntity(context, name);
    if (declared != NULL) return declared;
    return table_entity(name);
}

/// External entities and DTDs are never loaded.
static xmlParserInputPtr refuse_entity(void *context, const xmlChar *publicId, const xmlChar *systemId) {
    (void)context; (void)publicId; (void)systemId;
    return NULL;
}

static void ignore_external_subset(void *context, const xmlChar *name, const xmlChar *externalID,
                                   const xmlChar *systemID) {
    (void)context; (void)name; (void)externalID; (void)systemID;
}

/// The first error of a parse (later ones are often consequences of it), kept in the parser
/// context's _private; nothing is printed.
typedef struct first_error {
    int isSet;
    int line;
    char message[256];
} first_error;

static void keep_first_error(void *context, xmlErrorPtr error) {
    xmlParserCtxtPtr parser = context;
    if (parser == NULL || error == NULL || parser->_private == NULL) return;
    first_error *first = parser->_private;
    if (first->isSet || error->level < XML_ERR_ERROR || error->message == NULL) return;
    first->isSet = 1;
    first->line = error->line;
    snprintf(first->message, sizeof first->message, "%s", error->message);
}

static pthread_once_t initialized = PTHREAD_ONCE_INIT;

static void initialize(void) { xmlInitParser(); }

cepubxml_document *cepubxml_parse(const char *bytes, int length, char *error, size_t capacity) {
    pthread_once(&initialized, initialize);
    if (capacity > 0) error[0] = 0;
    xmlParserCtxtPtr context = xmlNewParserCtxt();
    if (context == NULL) {
        snprintf(error, capacity, "out of memory");
        return NULL;
    }
    context->sax->getEntity = get_entity;
    context->sax->resolveEntity = refuse_entity;
    context->sax->externalSubset = ignore_external_subset;
    first_error first = {0};
    context->_private = &first;
    context->sax->serror = keep_first_error;
    context->sax->error = NULL;
    context->sax->warning = NULL;
    context->sax->fatalError = NULL;
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlDocPtr document = xmlCtxtReadMemory(context, bytes, length, NULL, NULL, options);
    // Namespace well-formedness too (XML Namespaces 1.0, which EPUB requires): `<p::p>` or an
    // undeclared prefix is an error of the document, as in a browser.
    if (document == NULL || !context->wellFormed || !context->nsWellFormed) {
        xmlErrorPtr last = xmlCtxtGetLastError(context);
        if (first.isSet) {
            snprintf(error, capacity, "line %d: %s", first.line, first.message);
        } else if (last != NULL && last->message != NULL) {
            snprintf(error, capacity, "line %d: %s", last->line, last->message);
        } else {
            snprintf(error, capacity, "not well-formed XML");
        }
        size_t end = strlen(error);
        while (end > 0 && (error[end - 1] == '\n' || error[end - 1] == ' ')) error[--end] = 0;
        if (document != NULL) xmlFreeDoc(document);
        document = NULL;
    }
    context->_private = NULL;
    xmlFreeParserCtxt(context);
    return (cepubxml_document *)document;
}

void cepubxml_free_document(cepubxml_document *document) { xmlFreeDoc((xmlDocPtr)document); }

const cepubxml_node *cepubxml_root(const cepubxml_document *document) {
    return (const cepubxml_node *)xmlDocGetRootElement((xmlDocPtr)document);
}

int cepubxml_node_kind(const cepubxml_node *node) { return (int)((xmlNodePtr)node)->type; }

const char *cepubxml_node_name(const cepubxml_node *node) {
    const xmlChar *name = ((xmlNodePtr)node)->name;
    return name == NULL ? "" : (const char *)name;
}

const char *cepubxml_node_namespace(const cepubxml_node *node) {
    xmlNodePtr element = (xmlNodePtr)node;
    if (element->type != XML_ELEMENT_NODE || element->ns == NULL) return NULL;
    return (const char *)element->ns->href;
}

const char *cepubxml_node_text(const cepubxml_node *node) {
    xmlNodePtr text = (xmlNodePtr)node;
    if ((text->type != XML_TEXT_NODE && text->type != XML_CDATA_SECTION_NODE) || text->content == NULL) return "";
    return (const char *)text->content;
}

const cepubxml_node *cepubxml_first_child(const cepubxml_node *node) {
    xmlNodePtr parent = (xmlNodePtr)node;
    if (parent->type != XML_ELEMENT_NODE) return NULL;
    return (const cepubxml_node *)parent->children;
}

const cepubxml_node *cepubxml_next_sibling(const cepubxml_node *node) {
    return (const cepubxml_node *)((xmlNodePtr)node)->next;
}

char *cepubxml_attribute(const cepubxml_node *node, const char *name, const char *namespace_uri) {
    xmlNodePtr element = (xmlNodePtr)node;
    if (element->type != XML_ELEMENT_NODE) return NULL;
    xmlChar *value = namespace_uri == NULL ? xmlGetNoNsProp(element, (const xmlChar *)name)
                                           : xmlGetNsProp(element, (const xmlChar *)name, (const xmlChar *)namespace_uri);
    return (char *)value;
}

void cepubxml_free(char *value) { xmlFree(value); }

const cepubxml_node *cepubxml_parent(const cepubxml_node *node) {
    xmlNodePtr parent = ((xmlNodePtr)node)->parent;
    return parent != NULL && parent->type == XML_ELEMENT_NODE ? (const cepubxml_node *)parent : NULL;
}

const cepubxml_node *cepubxml_previous_sibling(const cepubxml_node *node) {
    return (const cepubxml_node *)((xmlNodePtr)node)->prev;
}

const cepubxml_node *cepubxml_split_text(const cepubxml_node *node, size_t offset) {
    xmlNodePtr text = (xmlNodePtr)node;
    if ((text->type != XML_TEXT_NODE && text->type != XML_CDATA_SECTION_NODE) || text->content == NULL) return NULL;
    size_t length = strlen((const char *)text->content);
    if (offset == 0 || offset >= length) return NULL;
    xmlNodePtr rest = text->type == XML_TEXT_NODE ? xmlNewDocTextLen(text->doc, text->content + offset, (int)(length - offset))
                                                  : xmlNewCDataBlock(text->doc, text->content + offset, (int)(length - offset));
    if (rest == NULL) return NULL;
    xmlChar *kept = xmlStrndup(text->content, (int)offset);
    if (kept == NULL) { xmlFreeNode(rest); return NULL; }
    xmlNodeSetContent(text, NULL);
    xmlNodeAddContentLen(text, kept, (int)offset);
    xmlFree(kept);
    // xmlAddNextSibling merges adjacent text nodes; link by hand to keep them apart.
    rest->parent = text->parent;
    rest->prev = text;
    rest->next = text->next;
    if (text->next != NULL) text->next->prev = rest;
    else if (text->parent != NULL) text->parent->last = rest;
    text->next = rest;
    return (const cepubxml_node *)rest;
}

const cepubxml_node *cepubxml_clone_after(const cepubxml_node *node) {
    xmlNodePtr element = (xmlNodePtr)node;
    if (element->type != XML_ELEMENT_NODE) return NULL;
    // Made in place, then its attributes copied: their namespaces then resolve to the
    // declarations already in scope, and the copy declares none of its own.
    xmlNodePtr copy = xmlNewDocNode(element->doc, element->ns, element->name, NULL);
    if (copy == NULL) return NULL;
    if (xmlAddNextSibling(element, copy) == NULL) {
        xmlFreeNode(copy);
        return NULL;
    }
    copy->properties = xmlCopyPropList(copy, element->properties);
    xmlAttrPtr id = xmlHasNsProp(copy, (const xmlChar *)"id", NULL);
    if (id != NULL) xmlRemoveProp(id);
    xmlAttrPtr xmlId = xmlHasNsProp(copy, (const xmlChar *)"id", XML_XML_NAMESPACE);
    if (xmlId != NULL) xmlRemoveProp(xmlId);
    return (const cepubxml_node *)copy;
}

void cepubxml_move_into(const cepubxml_node *node, const cepubxml_node *first, const cepubxml_node *last) {
    xmlNodePtr element = (xmlNodePtr)node;
    xmlNodePtr current = (xmlNodePtr)first;
    while (current != NULL) {
        xmlNodePtr next = current == (xmlNodePtr)last ? NULL : current->next;
        xmlUnlinkNode(current);
        // Linked by hand: xmlAddChild would merge text nodes (and free one of them).
        current->parent = element;
        current->prev = element->last;
        current->next = NULL;
        if (element->last != NULL) element->last->next = current;
        else element->children = current;
        element->last = current;
        current = next;
    }
}

const cepubxml_node *cepubxml_insert_element(const cepubxml_node *parent_node, const cepubxml_node *sibling,
                                             const char *name, const char *namespace_uri) {
    xmlNodePtr parent = (xmlNodePtr)parent_node;
    xmlNsPtr ns = namespace_uri == NULL ? NULL : xmlSearchNsByHref(parent->doc, parent, (const xmlChar *)namespace_uri);
    xmlNodePtr element = xmlNewDocNode(parent->doc, ns, (const xmlChar *)name, NULL);
    if (element == NULL) return NULL;
    if (sibling != NULL) return (const cepubxml_node *)xmlAddPrevSibling((xmlNodePtr)sibling, element);
    return (const cepubxml_node *)xmlAddChild(parent, element);
}

void cepubxml_set_attribute(const cepubxml_node *node, const char *name, const char *value) {
    xmlNodePtr element = (xmlNodePtr)node;
    if (element->type != XML_ELEMENT_NODE) return;
    if (value != NULL) {
        xmlSetProp(element, (const xmlChar *)name, (const xmlChar *)value);
    } else {
        xmlAttrPtr attribute = xmlHasNsProp(element, (const xmlChar *)name, NULL);
        if (attribute != NULL) xmlRemoveProp(attribute);
    }
}

void cepubxml_append_text(const cepubxml_node *node, const char *text) {
    xmlNodePtr element = (xmlNodePtr)node;
    xmlNodePtr child = xmlNewDocText(element->doc, (const xmlChar *)text);
    if (child != NULL && xmlAddChild(element, child) == NULL) xmlFreeNode(child);
}

void cepubxml_remove(const cepubxml_node *node) {
    xmlUnlinkNode((xmlNodePtr)node);
    xmlFreeNode((xmlNodePtr)node);
}

char *cepubxml_serialize(const cepubxml_document *document, int *length) {
    xmlChar *bytes = NULL;
    xmlDocDumpMemoryEnc((xmlDocPtr)document, &bytes, length, "UTF-8");
    return (char *)bytes;
}
