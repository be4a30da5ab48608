// A book of the source tree built with talec into a temporary folder and
// opened with the reader: what the engine's tests play (engine_game.cpp,
// play_map.cpp).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include <talebook/reader.hpp>

#include "tests/support.hpp"

namespace test {

struct BuiltBook {
  TempDir temp{"built-book"};
  std::filesystem::path tbook;
  std::unique_ptr<talebook::tbook::Book> book;
  // `folder` is relative to the source tree ("book", "locales/zh").
  explicit BuiltBook(const std::string& folder) {
    tbook = temp / "book.tbook";
    Run build = talec({"build", source_dir() + "/" + folder, "-o", tbook.string()});
    INFO(build.err);
    REQUIRE(build.exit == 0);
    std::string error;
    book = talebook::tbook::Book::open_file(tbook.string(), error);
    INFO(error);
    REQUIRE(book);
  }
};

} // namespace test
