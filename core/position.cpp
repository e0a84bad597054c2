#include "core/position.h"
