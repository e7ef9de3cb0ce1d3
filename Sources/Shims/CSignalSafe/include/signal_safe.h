// Signal handlers Swift cannot write safely (a handler must be async-signal-safe and may return to a faulting read).

// SIGBUS on a read-only file mapping whose file shrank while it was read (another program truncated or rewrote
// it): the page is replaced by zeros and the region marked, so the reader can say "the file changed" instead of
// the process dying. Swift cannot return from a signal handler safely on its own terms, hence C.
#include <stddef.h>

// Watches [base, base + length); -1 when every slot is taken (the region is then read unguarded).
int kape_map_guard_register(const void *base, size_t length);
// Stops watching; 1 when a page of the region had to be replaced since it was registered.
int kape_map_guard_release(int slot);

// Temporary files to remove when SIGINT, SIGTERM or SIGHUP ends the process (a `stretch` or `trace convert` killed
// mid-write left `.OUT.tmp-XXXXXX` beside its target). The handler unlinks them, then lets the signal end the
// process as before. A path too long or no free slot: -1 (that file is then not removed on a signal).
int kape_cleanup_register(const char *path);
void kape_cleanup_release(int slot);
// Takes SIGINT, SIGTERM and SIGHUP unless they are ignored (nohup); a later handler replaces this one.
void kape_cleanup_install(void);

// A file being written whose partial content is worth keeping if the process crashes (SIGSEGV, SIGBUS, SIGILL,
// SIGTRAP, SIGABRT, SIGFPE): the handler renames `temp` to `target`, then hands the signal to the handler before
// it. One file at a time; -1 when a path is too long.
int kape_keep_on_crash(const char *temp, const char *target);
void kape_keep_on_crash_release(void);

// The first SIGINT, SIGTERM or SIGHUP signals `event_fd` (an eventfd: a reader's stop) instead of ending the
// process, so a recording finishes its file; it then puts back the handlers it replaced, so a second one ends the
// process as they would (the temporary-file cleanup first: nothing half-written is left beside its target).
// The last call's descriptor is the one signalled.
void kape_stop_on_quit_install(int event_fd);
