// Where a load error points: json_span finds the value of a JSON pointer in
// the text of a document (book.json, a vocabulary), so that a manifest error
// has a line and a column.
#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "compiler/model/json_input.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

std::string_view at(std::string_view text, std::string_view pointer) {
  talebook::JsonSpan span = talebook::json_span(text, pointer);
  REQUIRE(span.begin <= span.end);
  REQUIRE(span.end <= text.size());
  return text.substr(span.begin, span.end - span.begin);
}

const std::string manifest = R"({
  "title": "a \"quoted\" title",
  "language": "en",
  "sources": ["a.tales", "b/*.tales"],
  "nested": {"a/b": {"~x": [1, {"deep": true}]}},
  "vocabulary": "../vocabulary.json"
})";

} // namespace

TEST_CASE("json_span: the value of a pointer, members and elements", "[model][json]") {
  CHECK(at(manifest, "/language") == "\"en\"");
  CHECK(at(manifest, "/vocabulary") == "\"../vocabulary.json\"");
  CHECK(at(manifest, "/sources") == "[\"a.tales\", \"b/*.tales\"]");
  CHECK(at(manifest, "/sources/1") == "\"b/*.tales\"");
  // Escapes in member names (`~1` is '/', `~0` is '~') and values skipped past.
  CHECK(at(manifest, "/nested/a~1b/~0x/1/deep") == "true");
  CHECK(at(manifest, "/nested/a~1b/~0x/0") == "1");
  CHECK(at(manifest, "") == manifest);
}

TEST_CASE("json_span: a missing member points at the object that lacks it", "[model][json]") {
  CHECK(at(manifest, "/entry_points") == "{");
  CHECK(talebook::json_span(manifest, "/entry_points").begin == 0);
  CHECK(at(manifest, "/nested/none") == "{");
  CHECK(talebook::json_span(manifest, "/nested/none").begin == manifest.find("{\"a/b\""));
  CHECK(at(manifest, "/sources/7") == "[");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
