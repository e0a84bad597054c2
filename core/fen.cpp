#include "core/fen.h"
