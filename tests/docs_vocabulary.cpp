// docs/format.md shows the English vocabulary as `talec vocab --lang en`
// prints it: the block after its `<!-- talec vocab --lang en -->` marker.
#include <catch2/catch.hpp>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

TEST_CASE("docs/format.md lists the English vocabulary as talec vocab prints it", "[docs][vocab]") {
  const std::string doc = test::read_file(test::source_dir() + "/docs/format.md");
  const std::string marker = "<!-- talec vocab --lang en -->\n```\n";
  const std::size_t at = doc.find(marker);
  REQUIRE(at != std::string::npos);
  const std::size_t begin = at + marker.size(), end = doc.find("```\n", begin);
  REQUIRE(end != std::string::npos);
  test::Run vocab = test::talec({"vocab", "--lang", "en"});
  REQUIRE(vocab.exit == 0);
  INFO("regenerate the block with: talec vocab --lang en");
  CHECK(doc.substr(begin, end - begin) == vocab.out);
  // Each language the docs name is installed and lists its skills.
  for (const char* language : {"zh", "ar"}) {
    test::Run other = test::talec({"vocab", "--lang", language});
    CHECK(other.exit == 0);
    CHECK(other.out.find("skills (") != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
