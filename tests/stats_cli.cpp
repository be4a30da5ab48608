// `talec stats` on the river books: table and JSON, with translation coverage.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/paths.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;

namespace {

std::string talec_output(const std::vector<std::string>& arguments, const fs::path& out,
                         int& code) {
  test::Run r = test::talec(arguments);
  test::write_file(out, r.out);
  code = r.exit;
  return slurp(out);
}

} // namespace

TEST_CASE("talec stats counts a translation and its coverage", "[stats]") {
  RiverBooks books("stats-cli");
  books.edit(books.zh_tales(), "@30 status 迷路\n你找不到路了。你失去下一次移动。\n", "");
  books.edit(books.source_tales(), "The otter steals your bread", "The otter steals your cheese");
  int code = 0;
  auto j = nlohmann::json::parse(
      talec_output({"stats", "--json", books.zh.string()}, books.root / "out", code));
  CHECK(code == 0);
  CHECK(j["language"] == "zh");
  CHECK(j["paragraphs"] == 10);
  CHECK(j["paragraphs_by_kind"]["status"] == 0);
  CHECK(j["matrices"] == 2);
  CHECK(j["cards"] == 3);
  CHECK(j["words"].get<int>() > 100);
  CHECK(j["translation"]["source_paragraphs"] == 11);
  CHECK(j["translation"]["translated"] == 10);
  CHECK(j["translation"]["coverage_percent"] == 90);
  CHECK(j["translation"]["stale"] == 1);
  CHECK(j["translation"]["unreviewed"] == 0);

  std::string table = talec_output({"stats", books.source.string()}, books.root / "out", code);
  CHECK(code == 0);
  CHECK(table.rfind("The River Book (en)\nparagraphs              11\n", 0) == 0);
  CHECK(table.find("translation") == std::string::npos);
  talec_output({"stats", (books.root / "nowhere").string()}, books.root / "out", code);
  CHECK(code == 2);
  talec_output({"stats", "--bogus"}, books.root / "out", code);
  CHECK(code == 2);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
