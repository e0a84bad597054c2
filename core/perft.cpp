#include "core/perft.h"
