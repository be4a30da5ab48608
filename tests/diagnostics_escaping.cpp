// What a terminal shows of a diagnostic never obeys the user's bytes: a file
// name's newline cannot forge a diagnostic line, nor its ESC set a colour.
#include <catch2/catch.hpp>

#include <sstream>

#include "compiler/text/text.hpp"
#include "support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

TEST_CASE("control characters in a message's names are printed as pictures", "[diagnostics]") {
  CHECK(talebook::text::control_pictures("a\tb\x1b[0m\x7f") == "a\u2409b\u241B[0m\u2421");
  CHECK(talebook::text::control_pictures("ok: 巴士拉 \xff") == "ok: 巴士拉 \xff");
}

TEST_CASE("talec's own messages print a user's text with control characters as pictures",
          "[diagnostics][cli]") {
  test::Run unknown = test::talec({"chec\x1b[2Jk"});
  CHECK(unknown.exit == 2);
  CHECK(unknown.err.find("unknown command 'chec\u241B[2Jk'") != std::string::npos);
  CHECK(unknown.err.find('\x1b') == std::string::npos);
  test::TempDir dir("escape-po");
  test::Run po = test::talec({"po", "export", (dir / "no\nbook").string()});
  CHECK(po.exit != 0);
  CHECK(po.err.find("no\u240Abook") != std::string::npos);
  CHECK(po.err.find("no\nbook") == std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
