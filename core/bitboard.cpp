#include "core/bitboard.h"
