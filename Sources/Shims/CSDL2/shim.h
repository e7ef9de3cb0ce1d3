#pragma once
// SDL2 and SDL2_ttf: the game's window (GameWindow). Their own includes are quoted, so they resolve inside
// /usr/include/SDL2 without pkg-config's -I.
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_syswm.h>

// The X11 connection's descriptor (-1 on any other video driver): readable when an event arrives, so the
// game's loop can sleep in poll(2) until then instead of reading SDL's queue every few milliseconds.
// ConnectionNumber is Xlib's macro (a field of the display), so nothing more is linked.
static inline int kape_sdl_x11_descriptor(SDL_Window *window) {
#if defined(SDL_VIDEO_DRIVER_X11)
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (SDL_GetWindowWMInfo(window, &info) == SDL_TRUE && info.subsystem == SDL_SYSWM_X11) {
        return ConnectionNumber(info.info.x11.display);
    }
#endif
    return -1;
}
