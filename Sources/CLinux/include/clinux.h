#ifndef CLINUX_H
#define CLINUX_H

/// Atomically exchanges two paths (renameat2 with RENAME_EXCHANGE): both must exist.
/// Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file system cannot).
int clinux_rename_exchange(const char *first, const char *second);

#endif
