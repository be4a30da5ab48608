// One output guard (refuse_write, compiler/driver/book_writes.hpp): a command
// that writes a file of its own (build -o, po export -o, simulate --coverage)
// never writes over a file the book is made of, nor over a folder, nor a new
// file the book would read as a source; the file is left as it was and the
// refusal is TB0053, TB0054 or TB0059.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/support.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using translation_test::RiverBooks;
using translation_test::slurp;

namespace {

// A first book (talec init) in a temporary folder.
fs::path first_book(const test::TempDir& temp) {
  REQUIRE(test::talec({"init", "b"}, test::in_dir(temp.path)).exit == 0);
  return temp / "b";
}

} // namespace

TEST_CASE("output guard: build, po export and simulate --coverage never write over the book",
          "[cli][guard]") {
  test::TempDir temp("guard");
  const fs::path book = first_book(temp);
  const std::string tales = (book / "tales.tales").string();
  const std::string manifest = (book / "book.json").string();
  const std::string before = slurp(tales), manifest_before = slurp(manifest);
  const std::vector<std::vector<std::string>> writes = {
      {"build", book.string(), "-o", tales},
      {"build", book.string(), "-o", manifest},
      {"simulate", "--runs", "5", "--coverage", tales, book.string()},
      {"simulate", "--runs", "5", "--coverage", manifest, book.string()},
  };
  for (const std::vector<std::string>& command : writes) {
    INFO(command[0] << " over " << command[command.size() - (command[0] == "build" ? 1 : 2)]);
    test::Run run = test::talec(command);
    CHECK(run.exit == 1); // an error of the command, as build says it
    CHECK(run.err.find("TB0053") != std::string::npos);
    CHECK(slurp(tales) == before);
    CHECK(slurp(manifest) == manifest_before);
  }
  // A folder is no file to write.
  test::Run folder =
      test::talec({"simulate", "--runs", "5", "--coverage", (book / "").string(), book.string()});
  CHECK(folder.exit == 1);
  CHECK(folder.err.find("TB0054") != std::string::npos);
  // Nor a file the book would read once written.
  for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
           {"build", book.string(), "-o", (book / "out.tales").string()},
           {"simulate", "--runs", "5", "--coverage", (book / "c.tales").string(), book.string()}}) {
    INFO(command[0]);
    test::Run run = test::talec(command);
    CHECK(run.exit == 1);
    CHECK(run.err.find("error[TB0059]") != std::string::npos);
  }
  CHECK_FALSE(fs::exists(book / "out.tales"));
  CHECK_FALSE(fs::exists(book / "c.tales"));
  // Elsewhere, each writes.
  CHECK(test::talec(
            {"simulate", "--runs", "5", "--coverage", (temp / "c.info").string(), book.string()})
            .exit == 0);
  CHECK(fs::file_size(temp / "c.info") > 0);
}

TEST_CASE("output guard: po export never writes over the translation or its source book",
          "[cli][guard][po]") {
  RiverBooks books("guard-po");
  const fs::path zh_tales = books.zh_tales();
  const fs::path source_tales = books.source_tales();
  const std::vector<fs::path> targets = {zh_tales, source_tales, books.zh / "book.json",
                                         books.source / "book.json"};
  for (const fs::path& target : targets) {
    INFO("po export over " << target);
    const std::string before = slurp(target);
    test::Run run = test::talec({"po", "export", books.zh.string(), "-o", target.string()});
    CHECK(run.exit == 1); // an error of the command, as build says it
    CHECK(run.err.find("TB0053") != std::string::npos);
    CHECK(slurp(target) == before);
  }
  // Not there yet: the translation state (which review writes later), a new
  // source the manifest's "*.tales" would read.
  const fs::path state = books.zh / "translation-state.json", tales = books.zh / "po.tales";
  fs::remove(state); // a translation not reviewed yet has none
  test::Run run = test::talec({"po", "export", books.zh.string(), "-o", state.string()});
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[TB0053]") != std::string::npos);
  CHECK(run.err.find("the translation state") != std::string::npos);
  run = test::talec({"po", "export", books.zh.string(), "-o", tales.string()});
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[TB0059]") != std::string::npos);
  CHECK_FALSE(fs::exists(state));
  CHECK_FALSE(fs::exists(tales));
  const fs::path po = books.root / "zh.po";
  CHECK(test::talec({"po", "export", books.zh.string(), "-o", po.string()}).exit == 0);
  CHECK(slurp(po).find("msgid") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
