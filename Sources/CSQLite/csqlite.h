// CSQLite: the bridge between readaloud and the system SQLite (Debian's libsqlite3-dev).
//
// Why this target exists:
// - SwiftPM needs a module map to import a system C library; this one links `libsqlite3`.
// - Unlike ICU, SQLite's header declares no macro-renamed symbols and shares no types with
//   Foundation's own modules, so Swift may import <sqlite3.h> directly (checked against
//   swift-corelibs-foundation on Linux: no clash).
// - A few of SQLite's constants are function-pointer casts that Swift cannot import as macros;
//   the `csqlite_` functions below hand them to Swift.
#ifndef CSQLITE_H
#define CSQLITE_H

#include <sqlite3.h>

#if SQLITE_VERSION_NUMBER < 3037000
#error "readaloud needs SQLite 3.37 or later (STRICT tables); install a newer libsqlite3-dev"
#endif

/// SQLITE_TRANSIENT: tells sqlite3_bind_text and sqlite3_bind_blob to copy the bytes before
/// returning, so Swift may release its buffer right after the call.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
