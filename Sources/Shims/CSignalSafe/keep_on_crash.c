#define _GNU_SOURCE
#include "signal_safe.h"
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

// One file at a time: `kape record` is the only writer whose partial output is worth more than nothing.
enum { LENGTH = 4096 };
static char keep_from[LENGTH], keep_to[LENGTH];
static atomic_int armed;
static atomic_int installed;
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
static struct sigaction previous[sizeof crash_signals / sizeof crash_signals[0]];

static int slot_of(int sig) {
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) if (crash_signals[i] == sig) return (int)i;
    return -1;
}

static void on_crash(int sig, siginfo_t *info, void *context) {
    (void)context;
    // rename(2) is async-signal-safe; what was flushed before the crash becomes the file.
    if (atomic_exchange(&armed, 0)) rename(keep_from, keep_to);
    // A fault returns to the faulting instruction, which faults again into the previous handler (the runtime's
    // crash report, or the default action). A signal someone sent is sent again to the default action: the Swift
    // runtime's crash reporter (a build linked to the toolchain's runtime has one) returns from a signal that is
    // not a fault, and the recording went on until its commit found the file already renamed.
    int slot = slot_of(sig);
    if (info == NULL || info->si_code <= 0) {
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(sig, &fallback, NULL);
        raise(sig);
    } else if (slot >= 0) {
        sigaction(sig, &previous[slot], NULL);
    }
}

int kape_keep_on_crash(const char *temp, const char *target) {
    size_t a = strlen(temp), b = strlen(target);
    if (a >= LENGTH || b >= LENGTH) return -1;
    atomic_store(&armed, 0);
    memcpy(keep_from, temp, a + 1);
    memcpy(keep_to, target, b + 1);
    int expected = 0;
    if (atomic_compare_exchange_strong(&installed, &expected, 1)) {
        for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_sigaction = on_crash;
            action.sa_flags = SA_SIGINFO;
            sigemptyset(&action.sa_mask);
            sigaction(crash_signals[i], &action, &previous[i]);
        }
    }
    atomic_store(&armed, 1);
    return 0;
}

void kape_keep_on_crash_release(void) { atomic_store(&armed, 0); }
