#include "alsa_errors.h"
#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>

static __thread char first_message[256];
static int echo_messages;

static void handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)function;
    if (first_message[0] == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(first_message, sizeof first_message, fmt, ap);
        va_end(ap);
    }
    if (__atomic_load_n(&echo_messages, __ATOMIC_RELAXED)) {
        char text[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(text, sizeof text, fmt, ap);
        va_end(ap);
        fprintf(stderr, "kape: alsa-lib %s:%d: %s%s%s\n", file, line, text, err ? ": " : "", err ? snd_strerror(err) : "");
    }
}

void kape_alsa_install_handler(void) { snd_lib_error_set_handler(handler); }
void kape_alsa_set_echo(int echo) { __atomic_store_n(&echo_messages, echo, __ATOMIC_RELAXED); }
const char *kape_alsa_first_error(void) { return first_message; }
void kape_alsa_reset_errors(void) { first_message[0] = 0; }
