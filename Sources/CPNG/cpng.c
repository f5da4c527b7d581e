// A thin shim over libpng whose only jobs are the ones Swift cannot do: setjmp-based error
// recovery, and the temporary-file-then-rename dance that keeps half-written frames off disk
// (with the temporary file registered in inflight_files.c, for a host's signal handlers).
#define _GNU_SOURCE /* syncfs */
#include "cpng.h"
#include "inflight_files.h"
#include "png_filters.h"
#include "match_deflate.h"
#include "run_deflate.h"
#include <sys/random.h>

#include <errno.h>
#include <fcntl.h>
#include <libdeflate.h>
#include <limits.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

/* The largest image we agree to decode: 2^26 pixels (8192 x 8192, 256 MiB of RGBA), checked
 * against the size the header declares before anything is allocated. The renderer holds a few
 * copies of an image (straight, premultiplied, scaled), so this bounds an image input to about a
 * gigabyte in all. */
#define CPNG_MAX_PIXELS ((uint64_t)1 << 26)
/* Deflate never compresses better than 1032:1 (a 258-byte match in about 2 bits): a file smaller
 * than its declared image data over this ratio cannot hold it, and is refused before the image's
 * memory is allocated. */
#define DEFLATE_MAX_RATIO 1032

typedef struct {
    jmp_buf jump;
    cpng_error *error;
} cpng_context;

static void set_error(cpng_error *error, int code, const char *format, const char *detail) {
    if (!error) return;
    error->code = code;
    snprintf(error->message, sizeof error->message, format, detail ? detail : "");
}

static void on_png_error(png_structp png, png_const_charp message) {
    cpng_context *context = (cpng_context *)png_get_error_ptr(png);
    set_error(context->error, CPNG_ERR_LIBPNG, "%s", message);
    longjmp(context->jump, 1);
}

/* libpng's own reader says only "Read Error" when the file ends early; this one says what
 * happened: the file is shorter than its chunks declare, or the read itself failed. */
static void read_from_file(png_structp png, png_bytep data, size_t length) {
    FILE *file = (FILE *)png_get_io_ptr(png);
    if (fread(data, 1, length, file) == length) return;
    if (ferror(file)) {
        cpng_context *context = (cpng_context *)png_get_error_ptr(png);
        set_error(context->error, CPNG_ERR_IO, "reading failed: %s", strerror(errno ? errno : EIO));
        longjmp(context->jump, 1);
    }
    png_error(png, "the file ends before its image data does (it is truncated)");
}

static void on_png_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* warnings (e.g. an unknown ancillary chunk) never stop a read */
}

/* One compressor per thread and level: frames are encoded on several threads at once, and
 * allocating a compressor costs more than a small frame. */
static struct libdeflate_compressor *compressor_for_level(int level) {
    static __thread struct libdeflate_compressor *cached = NULL;
    static __thread int cached_level = -1;
    if (cached && cached_level == level) return cached;
    if (cached) libdeflate_free_compressor(cached);
    cached = libdeflate_alloc_compressor(level);
    cached_level = cached ? level : -1;
    return cached;
}

/* Per-thread working buffers, kept between frames: a 720p frame needs a few megabytes, and
 * allocating them afresh each time costs page faults in everything around the encoder too. */
typedef struct {
    uint8_t *filtered, *rows, *deflated;
    size_t filtered_capacity, rows_capacity, deflated_capacity;
} encode_buffers;

static int reserve(uint8_t **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) return 1;
    uint8_t *grown = realloc(*buffer, size);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = size;
    return 1;
}

/* Bytes after each row buffer that a vector copy may overwrite. */
#define ROW_SLACK 16

/* Copies `width` RGBA pixels to RGB. The SSSE3 copy moves 4 pixels per byte shuffle and may write
 * up to 4 bytes past the row's end, the AVX2 copy up to 8 (the row buffer has that slack). */
static void rgba_to_rgb_generic(uint8_t *restrict dst, const uint8_t *restrict src, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        dst[3 * x] = src[4 * x];
        dst[3 * x + 1] = src[4 * x + 1];
        dst[3 * x + 2] = src[4 * x + 2];
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
__attribute__((target("ssse3")))
static void rgba_to_rgb_ssse3(uint8_t *restrict dst, const uint8_t *restrict src, uint32_t width) {
    const __m128i drop_alpha = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    uint32_t x = 0;
    for (; x + 4 <= width; x += 4) {
        __m128i pixels = _mm_loadu_si128((const __m128i *)(src + 4 * (size_t)x));
        _mm_storeu_si128((__m128i *)(dst + 3 * (size_t)x), _mm_shuffle_epi8(pixels, drop_alpha));
    }
    rgba_to_rgb_generic(dst + 3 * (size_t)x, src + 4 * (size_t)x, width - x);
}

/* 8 pixels per step: the same byte shuffle in each 128-bit half, then a 32-bit permute closes the
 * gap between the halves' 12 bytes, one 32-byte store (up to 8 bytes past the row's end, within the
 * slack). Half the instructions of the SSSE3 copy, which converts every opaque frame's rows. */
__attribute__((target("avx2")))
static void rgba_to_rgb_avx2(uint8_t *restrict dst, const uint8_t *restrict src, uint32_t width) {
    const __m256i drop_alpha = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                                0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i close_gap = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7);
    uint32_t x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i pixels = _mm256_loadu_si256((const __m256i *)(src + 4 * (size_t)x));
        __m256i rgb = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(pixels, drop_alpha), close_gap);
        _mm256_storeu_si256((__m256i *)(dst + 3 * (size_t)x), rgb);
    }
    rgba_to_rgb_ssse3(dst + 3 * (size_t)x, src + 4 * (size_t)x, width - x);
}

static void rgba_to_rgb(uint8_t *restrict dst, const uint8_t *restrict src, uint32_t width) {
    /* 0: neither; 1: SSSE3; 2: AVX2 (which implies SSSE3). Every thread computes the same value,
     * so threads racing on the first call store the same thing. */
    static int level = -1;
    if (level < 0) level = __builtin_cpu_supports("avx2") ? 2 : (__builtin_cpu_supports("ssse3") ? 1 : 0);
    if (level == 2) {
        rgba_to_rgb_avx2(dst, src, width);
    } else if (level == 1) {
        rgba_to_rgb_ssse3(dst, src, width);
    } else {
        rgba_to_rgb_generic(dst, src, width);
    }
}
#else
#define rgba_to_rgb rgba_to_rgb_generic
#endif

/* Copies `width` premultiplied RGBA pixels to straight alpha: each colour channel c of a pixel with
 * alpha a (0 < a < 255) becomes c * 255 / a rounded to nearest (at most 255), a pixel with alpha
 * 0 becomes all zeros, opaque pixels stay as they are -- what Pixmap.unpremultiplied() computes. */
static void unpremultiply_row(uint8_t *restrict dst, const uint8_t *restrict src, uint32_t width) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = src + 4 * (size_t)x;
        uint8_t *q = dst + 4 * (size_t)x;
        uint32_t a = p[3];
        if (a == 255) {
            memcpy(q, p, 4);
        } else if (a == 0) {
            memset(q, 0, 4);
        } else {
            uint32_t half = a / 2;
            for (int c = 0; c < 3; c++) {
                uint32_t v = (p[c] * 255u + half) / a;
                q[c] = (uint8_t)(v > 255 ? 255 : v);
            }
            q[3] = (uint8_t)a;
        }
    }
}

/* The row to filter: RGB (the alpha dropped; the caller only asks for that when every pixel is
 * opaque, where premultiplied and straight alpha agree), straight RGBA converted from
 * premultiplied, or the image's own row. */
static const uint8_t *image_row(uint8_t *buffer, const uint8_t *src, uint32_t width, size_t bpp, int premultiplied) {
    if (bpp == 3) {
        rgba_to_rgb(buffer, src, width);
        return buffer;
    }
    if (premultiplied) {
        unpremultiply_row(buffer, src, width);
        return buffer;
    }
    return src;
}

/* Every PROBE_STRIDE-th row is filtered all five ways to decide a frame's filter set. */
#define PROBE_STRIDE 16
/* Keep all five filters when the best of them leaves residuals at most this share (in 1/256) of
 * the best of Sub and Up, summed over the probed rows. */
#define PREDICTOR_GAIN_256 200

/* The filters for one frame: Sub and Up only (a third of the filtering work, and on interface
 * frames -- flat fills, straight edges, soft shadows -- as small or smaller after deflate), unless
 * a probe of every PROBE_STRIDE-th row shows Average or Paeth leave clearly smaller residuals (many
 * small shapes, gradients, photographs), in which case all five, chosen per row. */
static int filters_for_frame(const uint8_t *pixels, uint32_t height, size_t row_bytes, uint32_t width,
                             size_t bpp, int premultiplied, size_t n, uint8_t *row_a, uint8_t *row_b) {
    uint64_t all = 0, up_sub = 0;
    for (uint32_t y = 1; y < height; y += PROBE_STRIDE) {
        const uint8_t *above = pixels + (size_t)(y - 1) * row_bytes, *row = pixels + (size_t)y * row_bytes;
        uint32_t a, b;
        cpng_probe_row(image_row(row_b, row, width, bpp, premultiplied), image_row(row_a, above, width, bpp, premultiplied),
                       n, bpp, &a, &b);
        all += a;
        up_sub += b;
    }
    return all * 256 < up_sub * PREDICTOR_GAIN_256 ? CPNG_FILTER_ALL : (CPNG_FILTER_SUB | CPNG_FILTER_UP);
}

/* Filters every row and deflates the result into this thread's buffer (valid until the next
 * call on the thread); returns NULL when memory runs out. */
static const uint8_t *encode_image(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
                                   cpng_write_options options, size_t *size) {
    static __thread encode_buffers buffers;
    static __thread cpng_deflate_scratch deflate_scratch;
    size_t bpp = options.drop_alpha ? 3 : 4;
    int premultiplied = options.premultiplied && !options.drop_alpha;
    size_t n = (size_t)width * bpp;
    size_t filtered_size = (n + 1) * height;
    int level = options.level < 0 ? 0 : (options.level > 12 ? 12 : options.level);
    int allowed = options.filters & 0xf8 ? options.filters & 0xf8 : CPNG_FILTER_PAETH;
    struct libdeflate_compressor *compressor = NULL;
    size_t bound;
    if (options.deflater != CPNG_DEFLATER_LIBDEFLATE) {
        bound = deflate_stream_bound(filtered_size);
    } else {
        compressor = compressor_for_level(level);
        if (!compressor) return NULL;
        bound = libdeflate_zlib_compress_bound(compressor, filtered_size);
    }
    if (!reserve(&buffers.filtered, &buffers.filtered_capacity, filtered_size)
        || !reserve(&buffers.rows, &buffers.rows_capacity, 2 * (n + ROW_SLACK))
        || !reserve(&buffers.deflated, &buffers.deflated_capacity, bound)) {
        return NULL;
    }
    uint8_t *prev = buffers.rows, *cur = buffers.rows + n + ROW_SLACK;
    if ((options.filters & CPNG_FILTER_PER_FRAME) && allowed == CPNG_FILTER_ALL) {
        allowed = filters_for_frame(pixels, height, row_bytes, width, bpp, premultiplied, n, prev, cur);
    }
    memset(prev, 0, n);
    const uint8_t *above = prev;
    for (uint32_t y = 0; y < height; y++) {
        /* Straight RGBA rows are filtered from the image itself; others from a converted copy. */
        const uint8_t *row = image_row(cur, pixels + (size_t)y * row_bytes, width, bpp, premultiplied);
        cpng_filter_row(buffers.filtered + (size_t)y * (n + 1), row, above, n, bpp, allowed);
        if (row == cur) {
            uint8_t *swap = prev; prev = cur; cur = swap;
        }
        above = row;
    }
    if (options.deflater == CPNG_DEFLATER_MATCHES) {
        *size = cpng_match_deflate(buffers.filtered, filtered_size, bpp, n + 1, buffers.deflated, &deflate_scratch);
    } else if (options.deflater == CPNG_DEFLATER_RUNS) {
        *size = cpng_run_deflate(buffers.filtered, filtered_size, bpp, buffers.deflated, &deflate_scratch);
    } else {
        *size = libdeflate_zlib_compress(compressor, buffers.filtered, filtered_size, buffers.deflated, bound);
    }
    return *size ? buffers.deflated : NULL;
}

/* The bytes of a PNG around its image data: signature (8), IHDR (25), the IDAT chunk's length,
 * type and CRC (12) and IEND (12), with room to spare. */
#define PNG_FRAMING_BYTES 128

/* A growable memory buffer that libpng writes into. */
typedef struct {
    uint8_t *bytes;
    size_t size, capacity;
    int failed;
} memory_sink;

static void write_to_memory(png_structp png, png_bytep data, size_t length) {
    memory_sink *sink = (memory_sink *)png_get_io_ptr(png);
    if (sink->size + length > sink->capacity) {
        size_t capacity = (sink->size + length) * 2;
        uint8_t *grown = realloc(sink->bytes, capacity);
        if (!grown) {
            sink->failed = 1;
            png_error(png, "out of memory while writing the PNG");
        }
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->size, data, length);
    sink->size += length;
}

static void flush_memory(png_structp png) { (void)png; }

int cpng_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, size_t row_bytes,
                     cpng_write_options options, uint8_t **png_bytes, size_t *png_size, cpng_error *error) {
    *png_bytes = NULL;
    *png_size = 0;
    if (!pixels || width == 0 || height == 0 || row_bytes < (size_t)width * 4) {
        set_error(error, CPNG_ERR_ARGUMENT, "invalid image arguments%s", NULL);
        return CPNG_ERR_ARGUMENT;
    }
    cpng_context context;
    context.error = error;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_write_struct(&png, NULL);
        set_error(error, CPNG_ERR_MEMORY, "libpng could not allocate its state%s", NULL);
        return CPNG_ERR_MEMORY;
    }
    /* The image data first: filtered rows, deflated as one zlib stream, for one IDAT chunk. Its
     * size known, the file's buffer is allocated once, at its final size. */
    size_t encoded_size = 0;
    const uint8_t *encoded = encode_image(pixels, width, height, row_bytes, options, &encoded_size);
    memory_sink sink = {NULL, 0, 0, 0};
    sink.capacity = encoded ? encoded_size + PNG_FRAMING_BYTES : 0;
    sink.bytes = encoded ? malloc(sink.capacity) : NULL;
    if (setjmp(context.jump)) {
        free(sink.bytes);
        png_destroy_write_struct(&png, &info);
        return CPNG_ERR_LIBPNG;
    }
    if (!sink.bytes) png_error(png, "out of memory while compressing the image");
    png_set_write_fn(png, &sink, write_to_memory, flush_memory);
    png_set_IHDR(png, info, width, height, 8,
                 options.drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    png_write_chunk(png, (png_const_bytep)"IDAT", encoded, encoded_size);
    png_write_chunk(png, (png_const_bytep)"IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    *png_bytes = sink.bytes;
    *png_size = sink.size;
    return CPNG_OK;
}

/* A frame's temporary sibling is `<path>.tmp-<pid>@<host>-XXXXXX` (random characters replace the Xs):
 * the process id and host let a later run tell a dead render's leftovers from the files of a
 * render still running, here or on another machine writing to the same shared folder. */
#define TEMPORARY_FORMAT "%s" CPNG_TEMPORARY_SUFFIX "%ld@%s-XXXXXX"
#define HOST_LIMIT 64
#define TEMPORARY_EXTRA (sizeof CPNG_TEMPORARY_SUFFIX + 20 + 1 + HOST_LIMIT + sizeof "-XXXXXX")

static char host_name[HOST_LIMIT + 1];

static void read_host_name(void) {
    if (gethostname(host_name, sizeof host_name) != 0) host_name[0] = '\0';
    host_name[HOST_LIMIT] = '\0';
    for (char *c = host_name; *c; c++) {
        if (*c == '/') *c = '_';
    }
    if (!host_name[0]) strcpy(host_name, "localhost");
}

/* The host name as it goes into file names: at most HOST_LIMIT characters, without '/'. */
static const char *host_for_names(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, read_host_name);
    return host_name;
}

/* Replaces the trailing Xs of `template` with random letters and digits, as mkstemp does. */
static void randomize_template(char *template) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    size_t length = strlen(template);
    unsigned char noise[6];
    if (getrandom(noise, sizeof noise, 0) != (ssize_t)sizeof noise) {
        /* No entropy yet (early boot): the clock and a counter still make the name unlikely to
         * collide, and O_EXCL below makes a collision a retry, never a shared file. */
        static _Atomic unsigned counter;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        unsigned long mixed = (unsigned long)now.tv_nsec ^ ((unsigned long)getpid() << 16) ^ counter++;
        for (size_t i = 0; i < sizeof noise; i++) noise[i] = (unsigned char)(mixed >> (i * 5));
    }
    for (size_t i = 0; i < sizeof noise && i < length; i++) {
        if (template[length - 1 - i] != 'X') break;
        template[length - 1 - i] = letters[noise[i] % (sizeof letters - 1)];
    }
}

/* Creates `temporary` (a template ending in Xs), writes it (and syncs it when `sync_to_disk`) and
 * renames it to `path`; on failure the temporary file is removed.
 *
 * The file is created with open(O_CREAT | O_EXCL | O_NOFOLLOW, 0666), so the kernel applies the
 * process's umask as for any new file: a finished frame gets the usual permissions without the
 * process-wide umask ever being read or changed (umask(0) and back, done from the concurrent
 * encoder threads, could create world-writable files or leave the mask at 0). O_EXCL refuses a
 * name that exists, a planted symbolic link included. */
static int write_through_temporary(char *temporary, const char *path, const uint8_t *bytes, size_t size,
                                   int sync_to_disk, cpng_error *error) {
    char template_copy[PATH_MAX];
    size_t template_length = strlen(temporary);
    if (template_length >= sizeof template_copy) {
        set_error(error, CPNG_ERR_OPEN, "cannot create a file: %s", strerror(ENAMETOOLONG));
        return CPNG_ERR_OPEN;
    }
    memcpy(template_copy, temporary, template_length + 1);
    int descriptor = -1;
    for (int attempt = 0; attempt < 100 && descriptor < 0; attempt++) {
        memcpy(temporary, template_copy, template_length + 1);
        randomize_template(temporary);
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (descriptor < 0 && errno != EEXIST) break;
    }
    if (descriptor < 0) {
        set_error(error, CPNG_ERR_OPEN, "cannot create a file: %s", strerror(errno));
        return CPNG_ERR_OPEN;
    }
    int failed = 0, saved_errno = 0;
    size_t written = 0;
    while (written < size) {
        ssize_t n = write(descriptor, bytes + written, size - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            failed = 1;
            saved_errno = errno;
            break;
        }
        written += (size_t)n;
    }
    if (!failed && sync_to_disk && fsync(descriptor) != 0 && errno != EINVAL) {
        failed = 1;
        saved_errno = errno;
    }
    if (close(descriptor) != 0 && !failed) {
        failed = 1;
        saved_errno = errno;
    }
    if (failed) {
        set_error(error, CPNG_ERR_IO, "write failed: %s", strerror(saved_errno ? saved_errno : EIO));
        unlink(temporary);
        return CPNG_ERR_IO;
    }
    if (rename(temporary, path) != 0) {
        set_error(error, CPNG_ERR_IO, "cannot move the finished file into place: %s", strerror(errno));
        unlink(temporary);
        return CPNG_ERR_IO;
    }
    return CPNG_OK;
}

int cpng_write_file_atomically(const char *path, const uint8_t *bytes, size_t size, int sync_to_disk,
                               cpng_error *error) {
    /* The temporary name lives in a registry slot, so a signal handler can unlink it; a path too
     * long for a slot (or more writes in flight than slots) gets a private buffer instead. */
    size_t temporary_size = strlen(path) + TEMPORARY_EXTRA;
    int slot = temporary_size <= PATH_MAX ? cpng_temp_claim() : -1;
    char *temporary = slot >= 0 ? cpng_temp_path(slot) : malloc(temporary_size);
    if (!temporary) {
        set_error(error, CPNG_ERR_MEMORY, "out of memory%s", NULL);
        return CPNG_ERR_MEMORY;
    }
    snprintf(temporary, temporary_size, TEMPORARY_FORMAT, path, (long)getpid(), host_for_names());
    if (slot >= 0) cpng_temp_activate(slot);
    int status = write_through_temporary(temporary, path, bytes, size, sync_to_disk, error);
    if (slot >= 0) cpng_temp_release(slot); else free(temporary);
    return status;
}

int cpng_sync_folder(const char *directory, cpng_error *error) {
    int descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) {
        set_error(error, CPNG_ERR_OPEN, "cannot open the folder to sync it: %s", strerror(errno));
        return CPNG_ERR_OPEN;
    }
#if defined(__linux__)
    /* One flush of the file system holding the folder: the frames' data and their renames
     * together, in one journal commit instead of one per frame. */
    int status = syncfs(descriptor);
#else
    sync();
    int status = fsync(descriptor);
#endif
    int saved_errno = errno;
    close(descriptor);
    if (status != 0 && saved_errno != EINVAL) {
        set_error(error, CPNG_ERR_IO, "syncing the frames to disk failed: %s", strerror(saved_errno));
        return CPNG_ERR_IO;
    }
    return CPNG_OK;
}

static int read_rgba(FILE *file, uint64_t size, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     cpng_error *error);

int cpng_read_rgba(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                   cpng_error *error) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    /* O_NONBLOCK: opening a FIFO named *.png must not wait for a writer; anything but a regular
     * file (a FIFO, a device, a folder) is refused before a byte is read. */
    int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (descriptor < 0) {
        set_error(error, CPNG_ERR_OPEN, "cannot open: %s", strerror(errno));
        return CPNG_ERR_OPEN;
    }
    struct stat status;
    if (fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
        close(descriptor);
        set_error(error, CPNG_ERR_OPEN, "cannot read it as an image: it is not a regular file (a pipe, a device or a folder)%s", NULL);
        return CPNG_ERR_OPEN;
    }
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
    FILE *file = fdopen(descriptor, "rb");
    if (!file) {
        close(descriptor);
        set_error(error, CPNG_ERR_OPEN, "cannot open: %s", strerror(errno));
        return CPNG_ERR_OPEN;
    }
    return read_rgba(file, (uint64_t)status.st_size, pixels, width, height, error);
}

int cpng_read_rgba_memory(const uint8_t *bytes, size_t count, uint8_t **pixels, uint32_t *width, uint32_t *height,
                          cpng_error *error) {
    *pixels = NULL;
    *width = 0;
    *height = 0;
    /* Read in place, as a stream over the caller's bytes: no copy, and no temporary file. */
    if (count == 0) {
        set_error(error, CPNG_ERR_LIBPNG, "not a PNG file (bad signature)%s", NULL);
        return CPNG_ERR_LIBPNG;
    }
    FILE *file = fmemopen((void *)bytes, count, "rb");
    if (!file) {
        set_error(error, CPNG_ERR_MEMORY, "out of memory%s", NULL);
        return CPNG_ERR_MEMORY;
    }
    return read_rgba(file, (uint64_t)count, pixels, width, height, error);
}

/* Decodes the PNG in `file` (`size` bytes long), which it closes. */
static int read_rgba(FILE *file, uint64_t size, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     cpng_error *error) {
    unsigned char signature[8];
    if (fread(signature, 1, 8, file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
        fclose(file);
        set_error(error, CPNG_ERR_LIBPNG, "not a PNG file (bad signature)%s", NULL);
        return CPNG_ERR_LIBPNG;
    }

    cpng_context context;
    context.error = error;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info) {
        if (png) png_destroy_read_struct(&png, NULL, NULL);
        fclose(file);
        set_error(error, CPNG_ERR_MEMORY, "libpng could not allocate its state%s", NULL);
        return CPNG_ERR_MEMORY;
    }
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(context.jump)) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        free(buffer);
        free(rows);
        return error ? error->code : CPNG_ERR_LIBPNG; /* CPNG_ERR_IO when reading itself failed */
    }
    png_set_read_fn(png, file, read_from_file);
    png_set_sig_bytes(png, 8);
    png_read_info(png, info);

    png_uint_32 w = png_get_image_width(png, info);
    png_uint_32 h = png_get_image_height(png, info);
    if ((uint64_t)w * (uint64_t)h > CPNG_MAX_PIXELS) {
        png_destroy_read_struct(&png, &info, NULL);
        fclose(file);
        char detail[160];
        snprintf(detail, sizeof detail, "it declares %u x %u pixels; carender decodes at most %llu pixels (8192 x 8192) per image",
                 (unsigned)w, (unsigned)h, (unsigned long long)CPNG_MAX_PIXELS);
        set_error(error, CPNG_ERR_MEMORY, "image is too large to decode: %s", detail);
        return CPNG_ERR_MEMORY;
    }
    {
        /* The filtered image data the header declares (a filter byte per row, then the samples). */
        uint64_t channels = png_get_channels(png, info);
        uint64_t bits = (uint64_t)w * channels * (uint64_t)png_get_bit_depth(png, info);
        uint64_t declared = (uint64_t)h * (1 + (bits + 7) / 8);
        if (size * DEFLATE_MAX_RATIO < declared) {
            png_destroy_read_struct(&png, &info, NULL);
            fclose(file);
            char detail[200];
            snprintf(detail, sizeof detail, "it declares %u x %u pixels, more than its %llu bytes can hold (truncated or forged)",
                     (unsigned)w, (unsigned)h, (unsigned long long)size);
            set_error(error, CPNG_ERR_LIBPNG, "%s", detail);
            return CPNG_ERR_LIBPNG;
        }
    }
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_scale_16(png); /* rounds, unlike strip_16 */
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) {
        png_error(png, "unexpected row layout after conversion to RGBA");
    }

    buffer = malloc((size_t)w * h * 4);
    rows = malloc(sizeof(png_bytep) * h);
    if (!buffer || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    fclose(file);
    free(rows);
    *pixels = buffer;
    *width = w;
    *height = h;
    return CPNG_OK;
}

void cpng_free(void *pointer) { free(pointer); }
