// Linux calls that Swift's Glibc module hides (they need _GNU_SOURCE, which the module was built without).
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/types.h>

// mkstemp with a suffix and open flags (O_CLOEXEC): exclusive creation of temporary and fallback files.
int mkostemps(char *template, int suffixlen, int flags);
// The calling thread's kernel id (what rtkit and sched_setscheduler take).
pid_t gettid(void);
// SO_PEERCRED's reply: who is at the other end of a Unix socket (struct ucred needs _GNU_SOURCE).
struct kape_peer_credentials { pid_t pid; uid_t uid; gid_t gid; };
// eventfd: the one wake-up primitive of every loop (a counter, so any number of pokes is one readable state).
int eventfd(unsigned int initval, int flags);
#define KAPE_EFD_NONBLOCK 04000
#define KAPE_EFD_CLOEXEC 02000000
