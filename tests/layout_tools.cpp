// tools/ holds thin mains: the stages (grammar/, compiler/, reader/, engine/)
// never read a file of tools/, and the logic of a command (the graph's view
// and rendering, simulate's report, review, PO) lives in its stage, leaving
// tools/talec the argument handling and the printing, each file small.
#include <catch2/catch.hpp>

#include "tests/layout_includes.hpp"
#include <algorithm>
#include <filesystem>
#include <string>

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

TEST_CASE("no stage includes a file of tools/", "[layout]") {
  const fs::path root = test::source_dir();
  std::size_t all = 0;
  for (const char* folder : {"grammar", "compiler", "reader", "engine"}) {
    std::size_t files = 0;
    for (const test::Include& i : test::includes_below(root / folder, files)) {
      INFO(i.file.lexically_relative(root).string() << " includes " << i.name);
      CHECK(i.name.rfind("tools/", 0) != 0);
    }
    all += files;
  }
  CHECK(all > 150);
}

TEST_CASE("tools/talec keeps thin mains: small files, the commands' logic in the stages",
          "[layout]") {
  const fs::path root = test::source_dir();
  const fs::path talec = root / "tools" / "talec";
  std::size_t files = 0, commands = 0;
  for (const auto& entry : fs::directory_iterator(talec)) {
    const std::string text = test::read_file(entry.path().string());
    const auto lines = std::count(text.begin(), text.end(), '\n');
    INFO(entry.path().filename().string() << ": " << lines << " lines");
    CHECK(lines <= 300);
    ++files;
    commands += entry.path().filename().string().rfind("cmd_", 0) == 0;
  }
  CHECK(files > 15);
  CHECK(commands > 10);
  // What moved into the stages stays there (compiler/graph/, compiler/driver/).
  CHECK_FALSE(fs::exists(talec / "book_graph.cpp"));
  CHECK_FALSE(fs::exists(talec / "simulate_report.cpp"));
  CHECK(fs::exists(root / "compiler" / "graph" / "graph_view.cpp"));
  CHECK(fs::exists(root / "compiler" / "graph" / "simulate_report.cpp"));
  CHECK(fs::exists(root / "compiler" / "driver" / "book_po.cpp"));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
