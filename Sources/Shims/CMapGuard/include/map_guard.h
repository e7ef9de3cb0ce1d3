// SIGBUS on a read-only file mapping whose file shrank while it was read (another program truncated or rewrote
// it): the page is replaced by zeros and the region marked, so the reader can say "the file changed" instead of
// the process dying. Swift cannot return from a signal handler safely on its own terms, hence C.
#include <stddef.h>

// Watches [base, base + length); -1 when every slot is taken (the region is then read unguarded).
int kape_map_guard_register(const void *base, size_t length);
// Stops watching; 1 when a page of the region had to be replaced since it was registered.
int kape_map_guard_release(int slot);
