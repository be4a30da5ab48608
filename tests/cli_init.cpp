// `talec init`: a new book folder, in each language it knows, that checks
// clean, builds, plays and simulates at once; its manifest names the
// vocabulary by language ("vocabulary": "en"), found where talec is installed
// (here: its build tree's share/talebook, which links to locales/).
#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

TEST_CASE("init: the first book of each language checks clean, builds and plays", "[init]") {
  for (const char* language : {"en", "zh", "ar"}) {
    INFO("language " << language);
    test::TempDir temp("init");
    test::Run init = test::talec({"init", "mybook", "--lang", language}, test::in_dir(temp.path));
    REQUIRE(init.exit == 0);
    CHECK(init.err.empty());
    const fs::path book = temp / "mybook";
    nlohmann::json manifest = nlohmann::json::parse(test::read_file((book / "book.json").string()));
    CHECK(manifest["language"] == language);
    CHECK(manifest["vocabulary"] == language); // by language, not by path
    // Inside the folder, with no PATH: the book of the current folder.
    test::Run check = test::talec({"check", "--werror"}, test::in_dir(book));
    INFO(check.err);
    CHECK(check.exit == 0);
    CHECK(check.err.empty());
    test::Run build = test::talec({"build", "-o", "mybook.tbook"}, test::in_dir(book));
    INFO(build.err);
    REQUIRE(build.exit == 0);
    // A man, three skills, draw a card (the character card sends you to chart
    // 1), the first option of the row: one of paragraphs 10-12, then quit.
    test::RunOptions answers = test::in_dir(book);
    answers.input = "1\n1\n2\n3\n1\n1\nq\n";
    test::Run play = test::talec({"play", "mybook.tbook", "--seed", "5"}, answers);
    INFO(play.out << play.err);
    CHECK(play.exit == 0);
    CHECK(play.out.find("Reaction matrix H") != std::string::npos);
    CHECK(play.out.find(": paragraph 1") != std::string::npos); // 10, 11 or 12
  }
}

TEST_CASE("init: simulate reads every paragraph of the first book", "[init]") {
  test::TempDir temp("init-simulate");
  REQUIRE(test::talec({"init", "--lang", "en"}, test::in_dir(temp.path)).exit == 0);
  test::Run simulate =
      test::talec({"simulate", "--runs", "20", "--seed", "1"}, test::in_dir(temp.path));
  INFO(simulate.err);
  CHECK(simulate.exit == 0);
  CHECK(simulate.out.find("paragraphs read   4 of 4 (100.0%)") != std::string::npos);
  CHECK(simulate.out.find("matrix cells      2 of 2 (100.0%)") != std::string::npos);
}

TEST_CASE("init: overwrites nothing and knows its languages", "[init]") {
  test::TempDir temp("init-refuse");
  REQUIRE(test::talec({"init", "b"}, test::in_dir(temp.path)).exit == 0);
  const std::string before = test::read_file((temp / "b" / "tales.tales").string());
  test::Run again = test::talec({"init", "b", "--lang", "zh"}, test::in_dir(temp.path));
  CHECK(again.exit == 2);
  CHECK(again.err.find("already exists") != std::string::npos);
  CHECK(test::read_file((temp / "b" / "tales.tales").string()) == before);
  test::Run unknown = test::talec({"init", "c", "--lang", "tlh"}, test::in_dir(temp.path));
  CHECK(unknown.exit == 2);
  CHECK(unknown.err.find("en, zh, ar") != std::string::npos);
  CHECK_FALSE(fs::exists(temp / "c"));
}

// The "done when": talec installed into a prefix that is then moved
// away from the build and source trees finds its vocabularies from its own
// path; `talec init mybook && cd mybook && talec check && talec build -o
// mybook.tbook && talec play mybook.tbook` works there.
TEST_CASE("init: an installed talec, moved away from the clone, writes and plays a book",
          "[init][install]") {
  const fs::path build = fs::path(test::talec_path()).parent_path().parent_path();
  test::TempDir temp("init-install");
  test::Run install = test::run("cmake", {"--install", build.string(), "--prefix",
                                          (temp / "staged").string(), "--component", "talec"});
  INFO(install.out << install.err);
  REQUIRE(install.exit == 0);
  fs::rename(temp / "staged", temp / "moved"); // no path of the install is compiled in
  const std::string talec = (temp / "moved" / "bin" / "talec").string();
  REQUIRE(test::run(talec, {"init", "mybook"}, test::in_dir(temp.path)).exit == 0);
  const fs::path book = temp / "mybook";
  test::Run check = test::run(talec, {"check"}, test::in_dir(book));
  INFO(check.err);
  CHECK(check.exit == 0);
  REQUIRE(test::run(talec, {"build", "-o", "mybook.tbook"}, test::in_dir(book)).exit == 0);
  test::RunOptions answers = test::in_dir(book);
  answers.input = "1\n1\n2\n3\n1\n1\nq\n";
  test::Run play = test::run(talec, {"play", "mybook.tbook", "--seed", "5"}, answers);
  CHECK(play.exit == 0);
  CHECK(play.out.find("Reaction matrix H") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
