#include "core/plural.h"

#include <gtest/gtest.h>

namespace chessrank {
namespace {

TEST(Plural, SingularOnlyForOne) {
  EXPECT_EQ(plural(1, "byte"), "1 byte");
  EXPECT_EQ(plural(0, "byte"), "0 bytes");
  EXPECT_EQ(plural(26, "byte"), "26 bytes");
  EXPECT_EQ(plural(-1, "file"), "-1 files");
}

TEST(Plural, IrregularPlurals) {
  EXPECT_EQ(plural(1, "promoted man", "promoted men"), "1 promoted man");
  EXPECT_EQ(plural(2, "promoted man", "promoted men"), "2 promoted men");
  EXPECT_EQ(plural(3, "capture was", "captures were"), "3 captures were");
}

}  // namespace
}  // namespace chessrank
