#ifndef CPNG_INFLIGHT_FILES_H
#define CPNG_INFLIGHT_FILES_H

/// The registry of temporary files being written, which the signal handlers unlink. A writer
/// claims a slot (-1 when all are taken), builds its path in the slot's PATH_MAX buffer, marks
/// it active before creating the file, and releases the slot once the file is renamed or removed.
int cpng_temp_claim(void);
char *cpng_temp_path(int slot);
void cpng_temp_activate(int slot);
void cpng_temp_release(int slot);

#endif
