// The temporary files of frames being written, and the frames still queued for encoding: what a
// host cleans up when its process is stopped or crashes (the handlers themselves are the script
// host's, in CHost, installed only when the host asks: library code installs none).
//
// A frame is written to `frame_NNNNN.png.tmp-<pid>@<host>-XXXXXX` and renamed into place. The
// registry is a fixed array of path buffers with an atomic state per slot, so that a signal
// handler may walk it: a handler may only call async-signal-safe functions (unlink), so it cannot
// take locks or allocate.
#include "cpng.h"
#include "inflight_files.h"

#include <limits.h>
#include <stdatomic.h>
#include <unistd.h>

/* More frames than this in flight at once fall back to an unregistered buffer (still swept when
 * the output folder is next prepared); the frame writer keeps about one per core in flight. */
#define SLOT_COUNT 64

enum { SLOT_FREE = 0, SLOT_CLAIMED = 1, SLOT_ACTIVE = 2 };

typedef struct {
    atomic_int state;
    char path[PATH_MAX];
} temp_slot;

static temp_slot slots[SLOT_COUNT];
static atomic_int pending_frames;

int cpng_temp_claim(void) {
    for (int i = 0; i < SLOT_COUNT; i++) {
        int expected = SLOT_FREE;
        if (atomic_compare_exchange_strong(&slots[i].state, &expected, SLOT_CLAIMED)) return i;
    }
    return -1;
}

char *cpng_temp_path(int slot) { return slots[slot].path; }

void cpng_temp_activate(int slot) { atomic_store(&slots[slot].state, SLOT_ACTIVE); }

void cpng_temp_release(int slot) { atomic_store(&slots[slot].state, SLOT_FREE); }

void cpng_unlink_in_flight(void) {
    for (int i = 0; i < SLOT_COUNT; i++) {
        if (atomic_load(&slots[i].state) == SLOT_ACTIVE) unlink(slots[i].path);
    }
}

void cpng_frames_pending_add(int delta) { atomic_fetch_add(&pending_frames, delta); }

int cpng_frames_pending(void) { return atomic_load(&pending_frames); }
