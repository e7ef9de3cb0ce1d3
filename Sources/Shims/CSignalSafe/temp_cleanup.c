#define _GNU_SOURCE
#include "signal_safe.h"
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { SLOTS = 64, LENGTH = 4096, FREE = 0, READY = 1, BUSY = 2 };
static char paths[SLOTS][LENGTH];
static atomic_int states[SLOTS];
static const int signals[] = { SIGINT, SIGTERM, SIGHUP };

int kape_cleanup_register(const char *path) {
    size_t length = strlen(path);
    if (length >= LENGTH) return -1;
    for (int i = 0; i < SLOTS; i++) {
        int expected = FREE;
        if (atomic_compare_exchange_strong(&states[i], &expected, BUSY)) {
            memcpy(paths[i], path, length + 1);
            atomic_store(&states[i], READY);
            return i;
        }
    }
    return -1;
}

void kape_cleanup_release(int slot) {
    if (slot >= 0 && slot < SLOTS) atomic_store(&states[slot], FREE);
}

static void on_quit(int sig) {
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&states[i]) == READY) unlink(paths[i]);
    }
    // Die of the signal as without this handler (exit status, a parent's Ctrl-C handling).
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL);
    raise(sig);
}

void kape_cleanup_install(void) {
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        if (sigaction(signals[i], NULL, &current) != 0 || current.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_quit;
        sigemptyset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}
