// Diagnostic carets line up under Chinese text: columns are display columns
// (East Asian wide = 2, grapheme clusters), not bytes or code points.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>

#include "compiler/diagnostics/diagnostics.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"
#include "tests/translation_fixture.hpp"

using namespace translation_test;

namespace {

std::string rendered(const talebook::Compilation& c, const fs::path& root) {
  std::ostringstream out;
  talebook::render_text(out, c.sources, c.diagnostics.all(), {});
  std::string text = out.str(), prefix = root.string() + "/";
  for (std::size_t at; (at = text.find(prefix)) != std::string::npos;)
    text.replace(at, prefix.size(), "");
  return text;
}

} // namespace

TEST_CASE("carets line up under Chinese text (golden)", "[text]") {
  RiverBooks books("carets");
  books.edit(books.zh_tales(), "无技能：你饿着肚子。[W-1（最低：贫穷）]",
             "无技能：你饿着肚子。[W-2（最低：贫穷）]");
  talebook::Compilation c;
  REQUIRE(check(books.zh, c) == std::multiset<std::string>{"TB0109"});
  std::string text = rendered(c, books.root);

  // Independently of the golden file: the caret starts under '[' (ten wide
  // characters = 20 columns in) and spans 4 + 7 * 2 + 1 = 19 columns.
  std::istringstream lines(text);
  std::string line, source_line, caret_line;
  while (std::getline(lines, line))
    if (line.find("无技能：你饿着肚子。[W-2") != std::string::npos) {
      source_line = line;
      std::getline(lines, caret_line);
      break;
    }
  REQUIRE_FALSE(caret_line.empty());
  std::size_t bar = caret_line.find('|');
  REQUIRE(bar != std::string::npos);
  CHECK(caret_line.substr(bar + 2) == std::string(20, ' ') + "^" + std::string(18, '~'));

  fs::path golden = fs::path(test::tests_dir()) / "data" / "translation" / "carets.golden";
  if (test::rebasing()) test::rebase(golden, text);
  CHECK(text == slurp(golden));
}
