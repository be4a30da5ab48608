// talec check --format json|sarif never throws on what a user wrote: names and
// file names that are not UTF-8 come out as U+FFFD in valid JSON.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

const std::string replacement = "\xEF\xBF\xBD"; // U+FFFD

// A book in a fresh directory: book.json and one source file.
std::string book(const std::string& name, const std::string& file, const std::string& text) {
  std::string dir = "/tmp/talebook_utf8_" + name + "_" + std::to_string(::getpid());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/book.json") << R"({"title": "t", "language": "en", "vocabulary": ")" +
                                           test::source_dir() + R"(/locales/en/vocabulary.json"})";
  std::ofstream(dir + "/" + file, std::ios::binary) << text;
  return dir;
}

// Both machine formats: exit 1, valid JSON holding `expected` (U+FFFD where
// the bad byte was); SARIF holds `sarif_expected` if given (a URI keeps the
// byte, percent-encoded).
void check_formats(const std::string& dir, const std::string& expected,
                   const std::string& sarif_expected = "") {
  for (const char* format : {"json", "sarif"}) {
    INFO("--format " << format);
    test::Run r = test::talec({"check", "--format", format, dir});
    CHECK(r.exit == 1);
    CHECK(r.err.find("terminate") == std::string::npos);
    nlohmann::json doc;
    REQUIRE_NOTHROW(doc = nlohmann::json::parse(r.out));
    bool sarif = std::string(format) == "sarif" && !sarif_expected.empty();
    CHECK(r.out.find(sarif ? sarif_expected : expected) != std::string::npos);
  }
}

} // namespace

TEST_CASE("talec check: a did-you-mean on a row that is not UTF-8", "[cli]") {
  std::string dir = book("row", "a.tales",
                         "@matrix G\nOptions: Pray\nGen\xffrous: NE\n@4 chart\n"
                         "1. Generous Man (G)\n2. Generous Man (G)\n3. Generous Man (G)\n"
                         "4. Generous Man (G)\n5. Generous Man (G)\n6. Generous Man (G)\n");
  // The text output says the same (the suggestion as the user wrote it).
  CHECK(test::talec({"check", dir}).err.find("did you mean 'Gen\xffrous'") != std::string::npos);
  check_formats(dir, "Gen" + replacement + "rous");
  std::filesystem::remove_all(dir);
}

TEST_CASE("talec check: a file name that is not UTF-8", "[cli]") {
  std::string dir = book("file", "a\xff.tales", "@1\nNo Skill: x [Go to 7]\n");
  check_formats(dir, "a" + replacement + ".tales", "a%FF.tales");
  std::filesystem::remove_all(dir);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
