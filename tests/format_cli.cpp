// talec fmt on the command line: --check lists what would change and exits 1,
// a formatted book checks clean, a book with errors is left alone, a .tales
// file formats only itself, and usage errors exit 2.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;

// book/ and locales/ copied into `temp`; its path.
fs::path copy_book(const test::TempDir& temp) {
  const fs::path& dir = temp.path;
  fs::copy(test::source_dir() + "/book", dir / "book", fs::copy_options::recursive);
  fs::copy(test::source_dir() + "/locales", dir / "locales", fs::copy_options::recursive);
  return dir;
}

} // namespace

TEST_CASE("talec fmt --check lists the files to change, exits 1, then 0 once formatted",
          "[format][cli]") {
  test::TempDir temp("fmt-cli-check");
  fs::path dir = copy_book(temp);
  fs::path book = dir / "book";
  std::string elders = test::read_file((book / "elders.tales").string());
  REQUIRE(test::talec({"build", book, "-o", dir / "before.tbook"}).exit == 0);

  test::Run check = test::talec({"fmt", "--check", book});
  CHECK(check.exit == 1);
  CHECK(check.out.find("elders.tales\n") != std::string::npos);
  CHECK(check.out.find("matrices.tales\n") != std::string::npos);
  CHECK(check.out.find("quests.tales") == std::string::npos);         // already canonical
  CHECK(test::read_file((book / "elders.tales").string()) == elders); // nothing written

  test::Run write = test::talec({"fmt", book / "book.json"});
  CHECK(write.exit == 0);
  CHECK(write.out == check.out);
  CHECK(test::read_file((book / "elders.tales").string()) != elders);

  test::Run again = test::talec({"fmt", "--check", book});
  CHECK(again.exit == 0);
  CHECK(again.out.empty());
  // The same book: `talec dump` of the two builds is the same JSON.
  REQUIRE(test::talec({"build", book, "-o", dir / "after.tbook"}).exit == 0);
  test::Run before = test::talec({"dump", dir / "before.tbook"});
  test::Run after = test::talec({"dump", dir / "after.tbook"});
  CHECK(before.exit == 0);
  CHECK(before.out.size() > 1000);
  CHECK(before.out == after.out);
}

TEST_CASE("talec fmt formats the .tales files it is given, and only those", "[format][cli]") {
  test::TempDir temp("fmt-cli-file");
  fs::path dir = copy_book(temp);
  fs::path zh = dir / "locales/zh";
  std::string charts = test::read_file((zh / "charts.tales").string());
  test::Run run = test::talec({"fmt", zh / "matrices.tales"});
  CHECK(run.exit == 0);
  CHECK(run.out.find("matrices.tales\n") != std::string::npos);
  CHECK(test::read_file((zh / "charts.tales").string()) == charts);
  CHECK(test::talec({"fmt", "--check", zh / "matrices.tales"}).exit == 0);
  CHECK(test::talec({"fmt", "--check", zh / "charts.tales"}).exit == 1);
}

TEST_CASE("talec fmt refuses a book with errors and leaves it as it was", "[format][cli]") {
  test::TempDir temp("fmt-cli-errors");
  fs::path dir = copy_book(temp);
  fs::path storms = dir / "book/storms.tales";
  std::string text =
      test::read_file(storms.string()) + "\n@9999\nNo Skill: Nowhere. [Go to 77777]  \n";
  {
    std::ofstream out(storms, std::ios::binary);
    out << text;
  }
  test::Run run = test::talec({"fmt", dir / "book"});
  CHECK(run.exit == 1);
  CHECK(run.err.find("TB0") != std::string::npos); // the diagnostics are printed
  CHECK(run.err.find("not formatted") != std::string::npos);
  CHECK(test::read_file(storms.string()) == text);
  CHECK(test::talec({"fmt", "--check", dir / "book"}).exit == 1);
}

TEST_CASE("talec fmt usage errors exit 2", "[format][cli]") {
  CHECK(test::talec({"fmt"}).exit == 2);
  CHECK(test::talec({"fmt", "--frobnicate", "book"}).exit == 2);
  CHECK(test::talec({"fmt", "/nonexistent/nowhere.tales"}).exit == 2);
  test::Run help = test::talec({"fmt", "--help"});
  CHECK(help.exit == 0);
  CHECK(help.out.find("--check") != std::string::npos);
  CHECK(help.out.find("--bracket") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
