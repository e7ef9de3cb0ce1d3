#pragma once
#include <hunspell.h>
