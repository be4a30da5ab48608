// Stale translations: editing one source paragraph makes exactly that one stale,
// and `talec review` makes it current again.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "tests/paths.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace translation_test;
using Codes = std::multiset<std::string>;

namespace {

int talec(const std::vector<std::string>& arguments) {
  return test::talec(arguments).exit == 0 ? 0 : 1;
}

std::vector<std::string> stale_paragraphs(const talebook::Compilation& c) {
  std::vector<std::string> out;
  for (const auto& d : c.diagnostics.all())
    if (d.code == talebook::Code::stale_paragraph) out.push_back(d.message);
  return out;
}

} // namespace

TEST_CASE("editing the prose of one source paragraph makes exactly that one stale",
          "[translation]") {
  RiverBooks books("stale");
  REQUIRE(check(books.zh).empty());
  books.edit(books.source_tales(), "The ferryman hums a song", "The ferryman whistles a song");
  talebook::Compilation c;
  CHECK(check(books.zh, c) == Codes{"TB0121"});
  CHECK(
      stale_paragraphs(c) ==
      std::vector<std::string>{"paragraph 10 translates an older version of its source paragraph"});

  // Comments and white space are not new versions.
  RiverBooks quiet("stale-comments");
  quiet.edit(quiet.source_tales(), "The ferryman hums a song about",
             "% a note\nThe ferryman  hums a song\nabout");
  CHECK(check(quiet.zh).empty());

  // Review marks it current again and changes nothing else.
  std::string before = slurp(books.zh / "translation-state.json");
  REQUIRE(talec({"review", books.zh.string(), "--paragraph", "10"}) == 0);
  std::string after = slurp(books.zh / "translation-state.json");
  CHECK(before != after);
  CHECK(check(books.zh).empty());
  auto old_state = nlohmann::json::parse(before)["paragraphs"],
       new_state = nlohmann::json::parse(after)["paragraphs"];
  for (auto it = old_state.begin(); it != old_state.end(); ++it)
    if (it.key() != "10") CHECK(new_state[it.key()] == it.value());
  CHECK(new_state["10"] != old_state["10"]);
}

TEST_CASE("a paragraph never reviewed, and a missing or bad state file", "[translation]") {
  RiverBooks books("unreviewed");
  books.edit(books.zh / "translation-state.json", "\"10\": \"", "\"9\": \"");
  CHECK(check(books.zh) == Codes{"TB0122"});

  RiverBooks none("no-state");
  fs::remove(none.zh / "translation-state.json");
  CHECK(check(none.zh) == Codes{"TB0123"});
  REQUIRE(talec({"review", none.zh.string(), "--all"}) == 0);
  CHECK(check(none.zh).empty());

  RiverBooks bad("bad-state");
  spit(bad.zh / "translation-state.json", "{\"paragraphs\": [1, 2]}");
  CHECK(check(bad.zh) == Codes{"TB0124"});
}

TEST_CASE("talec review refuses paragraphs that are not in both books", "[translation]") {
  RiverBooks books("review-usage");
  CHECK(talec({"review", books.zh.string(), "--paragraph", "77"}) != 0);
  CHECK(talec({"review", books.source.string(), "--all"}) != 0); // not a translation
  CHECK(talec({"review", books.zh.string()}) == 0);              // lists, changes nothing
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
