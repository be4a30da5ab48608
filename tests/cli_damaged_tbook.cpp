// talec play and talec dump report a file the reader refuses the same way:
// TB0078, with the layer and the reader's check, and exit 1; a file that cannot
// be opened at all is a usage error (exit 2).
#include <catch2/catch.hpp>

#include <string>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

TEST_CASE("talec play and dump: a damaged .tbook is TB0078, exit 1", "[cli][tbook]") {
  test::TempDir dir("damaged-tbook");
  const std::string book = (dir.path / "book.tbook").string();
  REQUIRE(test::talec({"build", "book", "-o", book}).exit == 0);
  const std::string bytes = test::read_file(book);
  const std::string cut = (dir.path / "cut.tbook").string();
  test::write_file(cut, bytes.substr(0, bytes.size() / 2));
  const std::string text = (dir.path / "text.tbook").string();
  test::write_file(text, "not a book\n");
  for (const char* command : {"play", "dump"}) {
    INFO(command);
    test::Run run = test::talec({command, cut});
    CHECK(run.exit == 1);
    CHECK(run.err.rfind("talec: error[TB0078]: '" + cut + "' is a damaged or foreign .tbook: ",
                        0) == 0);
    CHECK(run.err.find("'truncated_section'") != std::string::npos);
    run = test::talec({command, text});
    CHECK(run.exit == 1);
    CHECK(run.err.find("its header fails the reader's check 'bad_magic'") != std::string::npos);
    run = test::talec({command, (dir.path / "missing.tbook").string()});
    CHECK(run.exit == 2);
    CHECK(run.err.rfind(std::string("talec ") + command + ": error: ", 0) == 0);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
