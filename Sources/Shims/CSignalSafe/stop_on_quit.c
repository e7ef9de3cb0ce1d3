#define _GNU_SOURCE
#include "signal_safe.h"
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP };
enum { COUNT = sizeof quit_signals / sizeof quit_signals[0] };
static struct sigaction previous[COUNT];
static atomic_int target = -1;

static void on_first_quit(int sig) {
    (void)sig;
    int fd = atomic_load(&target);
    if (fd >= 0) {
        uint64_t one = 1;
        ssize_t written = write(fd, &one, sizeof one);
        (void)written;
    }
    // Only the first: the next one goes to what was there before (the temporary-file cleanup, then the default).
    for (int i = 0; i < COUNT; i++) sigaction(quit_signals[i], &previous[i], NULL);
}

void kape_stop_on_quit_install(int event_fd) {
    sigset_t block, old;
    sigemptyset(&block);
    for (int i = 0; i < COUNT; i++) sigaddset(&block, quit_signals[i]);
    sigprocmask(SIG_BLOCK, &block, &old);
    atomic_store(&target, event_fd);
    for (int i = 0; i < COUNT; i++) {
        struct sigaction action, before;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_first_quit;
        sigemptyset(&action.sa_mask);
        for (int j = 0; j < COUNT; j++) sigaddset(&action.sa_mask, quit_signals[j]);
        if (sigaction(quit_signals[i], &action, &before) == 0 && before.sa_handler != on_first_quit) previous[i] = before;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
}
