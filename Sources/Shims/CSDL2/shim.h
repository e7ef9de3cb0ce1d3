#pragma once
// SDL2 and SDL2_ttf: the game's window (GameWindow). Their own includes are quoted, so they resolve inside
// /usr/include/SDL2 without pkg-config's -I.
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
