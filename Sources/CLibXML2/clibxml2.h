// CLibXML2: the system libxml2 (Debian's libxml2-dev), which parses the XML of EPUB books.
// Its headers live in /usr/include/libxml2 (found through pkg-config's libxml-2.0). Only the C
// target CEPUBXML includes them: Debian builds libxml2 with ICU, and its headers pull in ICU's,
// which clash with Foundation's copy of ICU in Swift, so Swift never imports this module.
#ifndef CLIBXML2_H
#define CLIBXML2_H

#include <libxml/parser.h>

#endif
