#pragma once

// alsa-lib prints its own diagnostics to stderr (ten "ALSA lib confmisc.c…" lines for one missing card). Kape
// installs its handler instead: it keeps the first message since the last reset, per thread, so the error Kape
// reports can say it once in its own words; with echo on (-v) each message is also written, marked as alsa-lib's.
// The handler is variadic, which Swift cannot define, hence this C.

void kape_alsa_install_handler(void);
void kape_alsa_set_echo(int echo);
// The calling thread's first message since the last reset ("" when none).
const char *kape_alsa_first_error(void);
void kape_alsa_reset_errors(void);
