// talec check as CI and writers use it: exit codes, formats, colour, help.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "tests/support.hpp"

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
