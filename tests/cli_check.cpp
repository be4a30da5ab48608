// talec check as CI and writers use it: exit codes, formats, colour, help.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

TEST_CASE("talec check: exit 0 on a clean book, 1 on errors, 2 on usage and I/O", "[cli]") {
  CHECK(test::talec({"check", "book"}).exit == 0);
  CHECK(test::talec({"check"}).exit == 0); // book/ by default
  CHECK(test::talec({"check", "tests/golden/TB0007-cannot-read"}).exit == 2);
  CHECK(test::talec({"check", "tests/golden/TB0073-manifest-key-missing"}).exit == 2);
  CHECK(test::talec({"check", "no/such/book"}).exit == 2);
  CHECK(test::talec({"check", "--bogus"}).exit == 2);
  CHECK(test::talec({"check", "--format", "yaml", "book"}).exit == 2);
  CHECK(test::talec({"frobnicate"}).exit == 2);
}

TEST_CASE("talec check: text diagnostics with a caret, no colour when piped", "[cli]") {
  test::TempDir temp("cli");
  std::string dir = temp.str();
  std::ofstream(dir + "/book.json") << R"({"title": "t", "language": "en", "vocabulary": ")" +
                                           test::source_dir() + R"(/locales/en/vocabulary.json"})";
  std::ofstream(dir + "/a.tales") << "@1\nNo Skill: You go on. [Go to 7]\nLuk: x [S1]\n";
  test::Run r = test::talec({"check", dir});
  CHECK(r.exit == 1);
  CHECK(r.err.find(dir + "/a.tales:2:23: error[TB0011]: reference to undefined paragraph 7\n"
                         " 2 | No Skill: You go on. [Go to 7]\n"
                         "   |                       ^~~~~~~\n") != std::string::npos);
  CHECK(r.err.find("unknown skill 'Luk'; did you mean 'Luck'?") != std::string::npos);
  CHECK(r.err.find("\033[") == std::string::npos);
  CHECK(test::talec({"check", "--color", "always", dir}).err.find("\033[1;31m") !=
        std::string::npos);
  CHECK(test::talec({"check", "--color", "auto", dir}, test::with_env({{"NO_COLOR", "1"}}))
            .err.find("\033[") == std::string::npos);

  SECTION("json") {
    test::Run j = test::talec({"check", "--format", "json", dir});
    CHECK(j.exit == 1);
    nlohmann::json doc = nlohmann::json::parse(j.out);
    REQUIRE(doc["diagnostics"].size() == 2);
    const auto& d = doc["diagnostics"][0];
    CHECK(d["code"] == "TB0011");
    CHECK(d["severity"] == "error");
    CHECK(d["line"] == 2);
    CHECK(d["column"] == 23);
    CHECK(d["end_column"] == 30);
    CHECK(doc["diagnostics"][1]["suggestion"] == "Luck");
    CHECK(doc["errors"] == 2);
  }
  SECTION("sarif") {
    test::Run s = test::talec({"check", "--format", "sarif", dir});
    nlohmann::json doc = nlohmann::json::parse(s.out);
    CHECK(doc["version"] == "2.1.0");
    const auto& result = doc["runs"][0]["results"][0];
    CHECK(result["ruleId"] == "TB0011");
    CHECK(result["locations"][0]["physicalLocation"]["region"]["startLine"] == 2);
  }
}

TEST_CASE("talec check: warnings pass unless --werror", "[cli]") {
  test::TempDir temp("werror");
  std::string dir = temp.str();
  std::ofstream(dir + "/book.json") << R"({"title": "t", "language": "en", "vocabulary": ")" +
                                           test::source_dir() + R"(/locales/en/vocabulary.json"})";
  std::ofstream(dir + "/a.tales") << "@1\nLuck: x [S1]\n"; // TB0035, a warning
  CHECK(test::talec({"check", dir}).exit == 0);
  CHECK(test::talec({"check", "--werror", dir}).exit == 1);
}

TEST_CASE("talec: help and version tell the truth", "[cli]") {
  test::Run help = test::talec({"--help"});
  CHECK(help.exit == 0);
  for (const char* command : {"check", "build", "dump", "play", "stats", "po", "review"})
    CHECK(help.out.find(std::string("  ") + command) != std::string::npos);
  test::Run check_help = test::talec({"check", "--help"});
  CHECK(check_help.exit == 0);
  CHECK(check_help.out.find("--werror") != std::string::npos);
  CHECK(check_help.out.find("--format text|json|sarif") != std::string::npos);
  test::Run version = test::talec({"--version"});
  CHECK(version.exit == 0);
  CHECK(version.out.rfind("talec ", 0) == 0);
}

TEST_CASE("talec: '--' ends the options, what follows is a path", "[cli]") {
  test::TempDir temp("dashdash");
  std::filesystem::create_directory(temp / "-book");
  std::string dir = (temp / "-book").string();
  std::ofstream(dir + "/book.json") << R"({"title": "t", "language": "en", "vocabulary": ")" +
                                           test::source_dir() + R"(/locales/en/vocabulary.json"})";
  std::ofstream(dir + "/a.tales") << "@1\nLuck: x [S1]\n"; // TB0035, a warning
  auto here = test::in_dir(temp.path);
  test::Run refused = test::talec({"check", "-book"}, here);
  CHECK(refused.exit == 2);
  CHECK(refused.err.find("unknown option '-book'") != std::string::npos);
  test::Run checked = test::talec({"check", "--werror", "--", "-book"}, here);
  CHECK(checked.exit == 1); // the book was read: its warning is an error under --werror
  CHECK(checked.err.find("TB0035") != std::string::npos);
  CHECK(test::talec({"check", "--", "-book"}, here).exit == 0);
  // after '--', an option's name is a path too, even --help and --werror
  test::Run help = test::talec({"check", "--", "--help"}, here);
  CHECK(help.exit == 2);
  CHECK(help.out.empty());
  CHECK(test::talec({"check", "--", "-book", "--werror"}, here).exit == 2);
  CHECK(test::talec({"stats", "--", "-book"}, here).exit == 0);
  CHECK(test::talec({"--help"}).out.find("'--' ends a command's options") != std::string::npos);
}

TEST_CASE("talec graph, stats and simulate: exit 1 on a book with errors unless --allow-errors",
          "[cli]") {
  test::TempDir temp("allow-errors");
  std::string dir = temp.str();
  std::ofstream(dir + "/book.json") << R"({"title": "t", "language": "en", "vocabulary": ")" +
                                           test::source_dir() + R"(/locales/en/vocabulary.json"})";
  std::ofstream(dir + "/a.tales") << "@1\nNo Skill: You go on. [Go to 7]\n"; // TB0011
  REQUIRE(test::talec({"check", dir}).exit == 1);
  for (const char* command : {"graph", "stats"}) {
    INFO(command);
    test::Run failed = test::talec({command, dir});
    CHECK(failed.exit == 1);
    CHECK_FALSE(failed.out.empty()); // still shown as far as it resolved
    CHECK(failed.err.find(std::string("talec ") + command + ": error: the book has 1 error") !=
          std::string::npos);
    test::Run allowed = test::talec({command, "--allow-errors", dir});
    CHECK(allowed.exit == 0);
    CHECK(allowed.out == failed.out);
    CHECK(allowed.err.find(std::string("talec ") + command + ": warning: the book has 1 error") !=
          std::string::npos);
    CHECK(test::talec({command, "--help"}).out.find("--allow-errors") != std::string::npos);
    CHECK(test::talec({command, "book"}).exit == 0); // a clean book
  }
  test::Run refused = test::talec({"simulate", "--runs", "5", dir});
  CHECK(refused.exit == 1);
  CHECK(refused.out.empty());
  test::Run played = test::talec({"simulate", "--runs", "5", "--allow-errors", dir});
  CHECK(played.exit == 0);
  CHECK(played.out.find("t: 5 runs of at most") != std::string::npos);
  CHECK(played.err.find("talec simulate: warning: the book has 1 error") != std::string::npos);
  CHECK(test::talec({"simulate", "--help"}).out.find("--allow-errors") != std::string::npos);
}

TEST_CASE("check on a terminal says a clean book is clean, and is silent elsewhere", "[cli]") {
  TEST_REQUIRE_TOOL("script", "bsdutils");
  test::TempDir temp("check-clean");
  REQUIRE(test::talec({"init", "b"}, test::in_dir(temp.path)).exit == 0);
  const test::RunOptions in_book = test::in_dir(temp / "b");
  // `script` gives talec a terminal (its output then ends lines in CRLF).
  const std::string talec = test::talec_path();
  test::Run tty = test::run("script", {"-qec", talec + " check", "/dev/null"}, in_book);
  CHECK(tty.exit == 0);
  CHECK(tty.out.find("'book.json' checks clean: 4 paragraphs\r\n") != std::string::npos);
  tty = test::run("script", {"-qec", talec + " check --lang zh", "/dev/null"}, in_book);
  CHECK(tty.out.find("“book.json”检查通过：4 个段落") != std::string::npos);
  // Not a terminal (CI, an editor): nothing at all.
  const test::Run quiet = test::talec({"check"}, in_book);
  CHECK(quiet.exit == 0);
  CHECK(quiet.err.empty());
  CHECK(quiet.out.empty());
  // A book with something to say prints it, and no such line.
  test::write_file(temp / "b" / "more.tales", "@90\nA lost page.\nNo Skill: You read it. [S1]\n");
  tty = test::run("script", {"-qec", talec + " check", "/dev/null"}, in_book);
  CHECK(tty.out.find("warning[") != std::string::npos);
  CHECK(tty.out.find("checks clean") == std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
