#ifndef CPNG_FILTERS_H
#define CPNG_FILTERS_H

#include <stddef.h>
#include <stdint.h>

/// Filters one row of `n` bytes (`bpp` bytes per pixel) against the row above (`up`, all zeros
/// for the first row) into `dst`: the filter-type byte, then the residuals. `allowed` holds
/// CPNG_FILTER_* bits; with several, the row takes the one whose residuals have the smallest
/// sum of absolute values (scored first, then only the chosen filter written).
void cpng_filter_row(uint8_t *dst, const uint8_t *cur, const uint8_t *up, size_t n, size_t bpp, int allowed);

/// Scores one row all five ways and reports the smallest residual score (sum of absolute
/// values) of any filter, and of Sub and Up alone.
void cpng_probe_row(const uint8_t *cur, const uint8_t *up, size_t n, size_t bpp, uint32_t *best_of_all,
                    uint32_t *best_of_up_sub);

#endif
