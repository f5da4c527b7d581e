// HarfBuzz and FreeType, found through pkg-config ("harfbuzz" brings FreeType's include path too):
// the system libraries under the CText shim and the tests' FreeType oracle.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ot.h>
