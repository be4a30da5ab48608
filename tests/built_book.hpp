// A book of the source tree built with talec into a temporary folder and
// opened with the reader: what the engine's tests play (engine_game.cpp,
// play_map.cpp).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <talebook/reader.hpp>

#include "tests/support.hpp"

namespace test {

struct BuiltBook {
  TempDir temp{"built-book"};
  std::filesystem::path tbook;
  std::unique_ptr<talebook::tbook::Book> book;
  // `folder` is relative to the source tree ("book", "locales/zh").
  explicit BuiltBook(const std::string& folder) { build(source_dir() + "/" + folder); }
  // The book of `folder` with the .tales files of `more` (folders of the
  // source tree) added: the sample book with more content for one test
  // (`folder` must name its vocabulary in locales/en, as book/ does).
  BuiltBook(const std::string& folder, const std::vector<std::string>& more) {
    namespace fs = std::filesystem;
    const fs::path merged = temp / "book";
    fs::create_directories(merged);
    fs::copy(source_dir() + "/" + folder, merged, fs::copy_options::recursive);
    for (const std::string& extra : more)
      for (const fs::directory_entry& e : fs::directory_iterator(source_dir() + "/" + extra))
        if (e.path().extension() == ".tales") fs::copy_file(e.path(), merged / e.path().filename());
    // The vocabulary, named relative to the book: beside the copy, as in the tree.
    fs::create_directories(temp / "locales");
    fs::copy(source_dir() + "/locales/en", temp / "locales" / "en", fs::copy_options::recursive);
    build(merged.string());
  }

private:
  void build(const std::string& source) {
    tbook = temp / "book.tbook";
    Run build = talec({"build", source, "-o", tbook.string()});
    INFO(build.err);
    REQUIRE(build.exit == 0);
    std::string error;
    book = talebook::tbook::Book::open_file(tbook.string(), error);
    INFO(error);
    REQUIRE(book);
  }
};

} // namespace test
