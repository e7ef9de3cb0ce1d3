#pragma once
#include <libevdev/libevdev.h>
#include <linux/input.h>

// The kernel's ioctl numbers, from its own macros (Swift cannot expand _IOR/_IOW).
static inline unsigned long kape_eviocgabs(unsigned int axis) { return EVIOCGABS(axis); }
static inline unsigned long kape_eviocsff(void) { return EVIOCSFF; }
static inline unsigned long kape_eviocrmff(void) { return EVIOCRMFF; }
