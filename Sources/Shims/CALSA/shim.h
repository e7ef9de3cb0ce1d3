#pragma once
#include <alsa/asoundlib.h>

// alsa-lib prints its own diagnostics to stderr; Kape reports failures itself, naming the device.
// The handler is variadic, which Swift cannot define, hence these two lines of C.
static void kape_alsa_silent_handler(const char *file, int line, const char *function, int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}
static inline void kape_alsa_set_quiet(int quiet) {
    snd_lib_error_set_handler(quiet ? kape_alsa_silent_handler : NULL);
}
