// HarfBuzz shapes, FreeType loads the same font file for Cairo, and Cairo draws the page and
// writes the PNG. HarfBuzz's headers are reached through their directory, so that cairo-ft's
// pkg-config flags (Cairo and FreeType) are the only ones the module needs.
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo.h>
#include <cairo-ft.h>
