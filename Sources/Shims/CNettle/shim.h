#pragma once
#include <nettle/eddsa.h>
