// ATK and its AT-SPI bridge (Debian's libatk1.0-dev and libatk-bridge2.0-dev), for the C target
// CAccessibilityBridge alone: Swift code never imports this module.
#include <atk/atk.h>
#include <atk-bridge.h>
