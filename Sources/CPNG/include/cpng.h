#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What went wrong in a libpng call: a stable code and libpng's (or the shim's) message.
typedef struct cpng_error {
    int code;
    char message[512];
} cpng_error;

enum {
    CPNG_OK = 0,
    CPNG_ERR_OPEN = 1,       /* the file (or its temporary sibling) could not be opened */
    CPNG_ERR_LIBPNG = 2,     /* libpng reported an error (corrupt, truncated, unsupported) */
    CPNG_ERR_IO = 3,         /* a write, flush or rename failed */
    CPNG_ERR_MEMORY = 4,     /* allocation failed or the image is too large */
    CPNG_ERR_ARGUMENT = 5    /* nonsensical arguments */
};

/// Filter choices, matching libpng's PNG_FILTER_* bits.
enum {
    CPNG_FILTER_NONE = 0x08,
    CPNG_FILTER_SUB = 0x10,
    CPNG_FILTER_UP = 0x20,
    CPNG_FILTER_AVG = 0x40,
    CPNG_FILTER_PAETH = 0x80,
    CPNG_FILTER_ALL = 0xf8,
    /* With CPNG_FILTER_ALL: decide per frame between all five and Sub + Up only (a probe of a few
     * rows tells which the frame needs). */
    CPNG_FILTER_PER_FRAME = 0x100
};

/// Which deflate compressor writes the image data.
enum {
    CPNG_DEFLATER_LIBDEFLATE = 0, /* libdeflate at `level` */
    CPNG_DEFLATER_RUNS = 1,       /* matches of a repeated byte or pixel only (run_deflate.c) */
    CPNG_DEFLATER_MATCHES = 2     /* a few candidate matches per position (match_deflate.c) */
};

/// How a frame is encoded. libpng writes the file (signature, IHDR, chunk framing and CRCs, error
/// handling); the image data is filtered here and deflated with libdeflate (zlib's sizes in a
/// fraction of zlib's time) or with one of the shim's own compressors, written for filtered
/// interface frames: faster still, the matching one within a few percent of zlib level-6 sizes.
typedef struct cpng_write_options {
    int level;          /* libdeflate compression level, 0 (store) ... 12 (smallest) */
    int filters;        /* CPNG_FILTER_* bits: one filter, or several to choose per row */
    int drop_alpha;     /* write RGB, ignoring the 4th byte of each pixel */
    int deflater;       /* CPNG_DEFLATER_*; `level` is used by libdeflate only */
    int premultiplied;  /* the pixels have premultiplied alpha: converted to straight alpha row by
                           row as they are filtered (no effect with drop_alpha, which the caller
                           sets only when every pixel is opaque) */
} cpng_write_options;

/// Encodes 8-bit RGBA rows (straight alpha, or premultiplied with `options.premultiplied`) into a
/// PNG in memory. When several filters are
/// allowed, each row gets the one whose residuals have the smallest sum of absolute values
/// (libpng's own heuristic). On success `*png_bytes` (to be released with
/// cpng_free) holds `*png_size` bytes.
int cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
                     cpng_write_options options, uint8_t **png_bytes, size_t *png_size, cpng_error *error);

/// Writes `bytes` to `path` through a temporary sibling that is renamed into place once complete,
/// so no process ever sees `path` other than as the old file or the complete new one, whenever the
/// writer is stopped. With `sync_to_disk` the data is also flushed to disk before the rename, so the
/// same holds after a power loss; without it the caller syncs later (cpng_sync_folder).
int cpng_write_file_atomically(const char *path, const uint8_t *bytes, size_t size, int sync_to_disk,
                               cpng_error *error);

/// Flushes everything written to the file system holding `directory` (the data of the files renamed
/// into it, and the renames) to disk: one flush for many frames.
int cpng_sync_folder(const char *directory, cpng_error *error);

/// Reads any PNG libpng accepts into 8-bit RGBA (straight alpha). On success `*pixels` holds
/// width * height * 4 bytes, to be released with cpng_free.
int cpng_read_rgba(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                   cpng_error *error);

/// cpng_read_rgba for a PNG file's bytes in memory (`count` of them at `bytes`), with the same
/// limits and messages.
int cpng_read_rgba_memory(const uint8_t *bytes, size_t count, uint8_t **pixels, uint32_t *width, uint32_t *height,
                          cpng_error *error);

void cpng_free(void *pointer);

/// Unlinks every temporary file being written at this moment. Async-signal-safe: for a host's
/// SIGINT/SIGTERM/SIGHUP handler (the library installs none).
void cpng_unlink_in_flight(void);

/// Counts frames queued for writing but not yet written (+1 when queued, -1 when written or
/// dropped), so a host's crash handler knows what to wait for.
void cpng_frames_pending_add(int delta);

/// Frames queued for writing and not yet written. Async-signal-safe.
int cpng_frames_pending(void);

/// Temporary siblings are named `<file>.tmp-<process id>@<host>-<six random characters>`.
#define CPNG_TEMPORARY_SUFFIX ".tmp-"

#ifdef __cplusplus
}
#endif

#endif
