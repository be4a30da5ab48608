// Messages are ICU MessageFormat patterns with typed arguments.
#include <catch2/catch.hpp>

#include "compiler/diagnostics/diagnostics.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using talebook::format_message;
using talebook::info;

TEST_CASE("diagnostic messages: counts are pluralised, numbers are not grouped", "[diagnostics]") {
  const char* chart = info(talebook::Code::chart_size).message;
  CHECK(format_message(chart, {1}) == "encounter chart has 1 entry; it must have 6 or 12");
  CHECK(format_message(chart, {5}) == "encounter chart has 5 entries; it must have 6 or 12");
  CHECK(format_message(info(talebook::Code::undefined_paragraph).message, {12345}) ==
        "reference to undefined paragraph 12345");
  CHECK(format_message(info(talebook::Code::unknown_skill).message, {"Luk"}) ==
        "unknown skill 'Luk'");
}

TEST_CASE("diagnostic table: codes are unique and in order", "[diagnostics]") {
  const auto& codes = talebook::all_codes();
  for (std::size_t i = 1; i < codes.size(); ++i) {
    INFO(codes[i].code);
    CHECK(std::string(codes[i - 1].code) < std::string(codes[i].code));
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
