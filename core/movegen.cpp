#include "core/movegen.h"
