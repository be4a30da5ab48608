// Looking into a compiled book from a test: a paragraph that must exist.
#pragma once

#include <catch2/catch.hpp>

#include "compiler/driver/book_loader.hpp"

namespace test {

inline const talebook::Paragraph& paragraph(const talebook::Compilation& c, std::uint32_t number) {
  const talebook::Paragraph* p = c.book.paragraph(number);
  REQUIRE(p != nullptr);
  return *p;
}

} // namespace test
