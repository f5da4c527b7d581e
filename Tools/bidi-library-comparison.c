/* The measurement behind carender's choice of bidi library (FriBidi over ICU's ubidi): both run
 * every case of Unicode's BidiCharacterTest.txt (levels and visual order), then time a paragraph
 * (levels resolved and the line reordered), alternating the two libraries three times.
 *
 *   cc -O2 Tools/bidi-library-comparison.c -o /tmp/bidi-compare $(pkg-config --cflags --libs fribidi icu-uc)
 *   /tmp/bidi-compare
 *
 * Needs libfribidi-dev, libicu-dev (HarfBuzz's headers pull it in) and unicode-data. */
#include <fribidi.h>
#include <unicode/ubidi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef struct { int n; uint32_t cp[256]; int dir; int plevel; int lv[256]; int order[256]; int on; } Case;
static Case *cases; static int ncases;
static void load(const char *path) {
  FILE *f = fopen(path, "r"); char line[8192]; cases = malloc(sizeof(Case) * 100000);
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    Case *c = &cases[ncases]; memset(c, 0, sizeof *c);
    char *fields[5]; char *p = line; for (int i = 0; i < 5; i++) { fields[i] = p; p = strchr(p, ';'); if (p) *p++ = 0; else p = ""; }
    char *t = fields[0]; while (*t) { char *e; unsigned long v = strtoul(t, &e, 16); if (e == t) break; c->cp[c->n++] = v; t = e; }
    c->dir = atoi(fields[1]); c->plevel = atoi(fields[2]);
    t = fields[3]; for (int i = 0; i < c->n; i++) { while (*t == ' ') t++; if (*t == 'x') { c->lv[i] = -1; t++; } else c->lv[i] = strtol(t, &t, 10); }
    t = fields[4]; while (1) { while (*t == ' ') t++; if (*t < '0' || *t > '9') break; c->order[c->on++] = strtol(t, &t, 10); }
    ncases++;
  }
}
static int fribidi_run(Case *c, int check) {
  FriBidiCharType types[256]; FriBidiBracketType br[256]; FriBidiLevel lv[256]; FriBidiStrIndex map[256];
  fribidi_get_bidi_types(c->cp, c->n, types);
  fribidi_get_bracket_types(c->cp, c->n, types, br);
  FriBidiParType base = c->dir == 0 ? FRIBIDI_PAR_LTR : c->dir == 1 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
  FriBidiLevel maxl = fribidi_get_par_embedding_levels_ex(types, br, c->n, &base, lv);
  if (!maxl) return 0;
  for (int i = 0; i < c->n; i++) map[i] = i;
  if (!fribidi_reorder_line(FRIBIDI_FLAGS_ARABIC & ~FRIBIDI_FLAG_REORDER_NSM, types, c->n, 0, base, lv, NULL, map)) return 0;
  if (!check) return 1;
  int plevel = FRIBIDI_IS_RTL(base) ? 1 : 0; if (plevel != c->plevel) return 0;
  for (int i = 0; i < c->n; i++) if (c->lv[i] >= 0 && c->lv[i] != lv[i]) return 0;
  int k = 0; for (int i = 0; i < c->n; i++) { if (c->lv[map[i]] < 0) continue; if (k >= c->on || c->order[k] != map[i]) return 0; k++; }
  return k == c->on;
}
static int icu_run(UBiDi *b, Case *c, int check) {
  UChar u[512]; int32_t idx[512]; int len = 0;
  for (int i = 0; i < c->n; i++) { idx[len] = i; if (c->cp[i] > 0xFFFF) { u[len++] = 0xD7C0 + (c->cp[i] >> 10); idx[len] = i; u[len++] = 0xDC00 | (c->cp[i] & 0x3FF);} else u[len++] = c->cp[i]; }
  UErrorCode e = U_ZERO_ERROR;
  ubidi_setPara(b, u, len, c->dir == 0 ? UBIDI_LTR : c->dir == 1 ? UBIDI_RTL : UBIDI_DEFAULT_LTR, NULL, &e);
  if (U_FAILURE(e)) return 0;
  const UBiDiLevel *lv = ubidi_getLevels(b, &e); int32_t vmap[512]; ubidi_getVisualMap(b, vmap, &e);
  if (!check) return 1;
  if (ubidi_getParaLevel(b) != c->plevel) return 0;
  for (int i = 0; i < len; i++) { int ci = idx[i]; if (c->lv[ci] >= 0 && c->lv[ci] != lv[i]) return 0; }
  int k = 0, last = -1;
  for (int i = 0; i < len; i++) { int ci = idx[vmap[i]]; if (ci == last) continue; last = ci; if (c->lv[ci] < 0) continue; if (k >= c->on || c->order[k] != ci) return 0; k++; }
  return k == c->on;
}
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(void) {
  load("/usr/share/unicode/BidiCharacterTest.txt");
  UErrorCode e = U_ZERO_ERROR; UBiDi *b = ubidi_openSized(512, 0, &e);
  int fp = 0, ip = 0; for (int i = 0; i < ncases; i++) { fp += fribidi_run(&cases[i], 1); ip += icu_run(b, &cases[i], 1); }
  printf("cases %d  fribidi pass %d  icu pass %d\n", ncases, fp, ip);
  for (int rep = 0; rep < 3; rep++) {
    double t0 = now(); for (int r = 0; r < 5; r++) for (int i = 0; i < ncases; i++) fribidi_run(&cases[i], 0);
    double t1 = now(); for (int r = 0; r < 5; r++) for (int i = 0; i < ncases; i++) icu_run(b, &cases[i], 0);
    double t2 = now(); printf("fribidi %.0f ns/para   icu %.0f ns/para\n", (t1 - t0) / (5.0 * ncases) * 1e9, (t2 - t1) / (5.0 * ncases) * 1e9);
  }
}
