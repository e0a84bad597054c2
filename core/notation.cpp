#include "core/notation.h"
