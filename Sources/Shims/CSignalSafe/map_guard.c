#define _GNU_SOURCE
#include "signal_safe.h"
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { SLOTS = 32 };
static _Atomic uintptr_t starts[SLOTS], ends[SLOTS];
static atomic_int faulted[SLOTS];
static struct sigaction previous;
static atomic_int installed;
static uintptr_t page_size;

static void on_bus(int sig, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t start = atomic_load(&starts[i]), end = atomic_load(&ends[i]);
        if (start == 0 || address < start || address >= end) continue;
        // Past the end of the file: map zeros over the page and retry the read (mmap is a plain system call).
        void *page = (void *)(address & ~(page_size - 1));
        if (mmap(page, page_size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
            atomic_store(&faulted[i], 1);
            return;
        }
    }
    // Not a guarded region: whatever handled SIGBUS before (the Swift runtime's crash report, or the default).
    if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction) {
        previous.sa_sigaction(sig, info, context);
    } else if (!(previous.sa_flags & SA_SIGINFO) && previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
    } else {
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(SIGBUS, &dfl, NULL);  // the faulting read runs again and the process dies of SIGBUS as before
    }
}

static void install(void) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&installed, &expected, 1)) return;
    page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous);
}

int kape_map_guard_register(const void *base, size_t length) {
    install();
    for (int i = 0; i < SLOTS; i++) {
        uintptr_t free_slot = 0;
        // Claim the slot with a placeholder so the handler skips it until the range is complete.
        if (atomic_compare_exchange_strong(&starts[i], &free_slot, UINTPTR_MAX)) {
            atomic_store(&faulted[i], 0);
            atomic_store(&ends[i], (uintptr_t)base + length);
            atomic_store(&starts[i], (uintptr_t)base);
            return i;
        }
    }
    return -1;
}

int kape_map_guard_release(int slot) {
    if (slot < 0 || slot >= SLOTS) return 0;
    int hit = atomic_load(&faulted[slot]);
    atomic_store(&ends[slot], 0);
    atomic_store(&starts[slot], 0);
    return hit;
}
