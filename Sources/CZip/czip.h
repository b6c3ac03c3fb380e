// CZip: the bridge between readaloud and the system libzip (Debian's libzip-dev), which reads
// the ZIP container of EPUB books. Swift imports <zip.h> directly: it declares no macro-renamed
// symbols and shares no types with Foundation's modules.
#ifndef CZIP_H
#define CZIP_H

#include <zip.h>

#endif
