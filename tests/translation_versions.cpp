// Paragraph versions (FNV-1a of normalized content) and the translation state file.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "compiler/translate/stale.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;

TEST_CASE("FNV-1a 64 matches its published test vectors", "[translation]") {
  CHECK(fnv1a64("") == 0xcbf29ce484222325ULL);
  CHECK(fnv1a64("a") == 0xaf63dc4c8601ec8cULL);
  CHECK(fnv1a64("foobar") == 0x85944171f73967e8ULL);
}

TEST_CASE("a paragraph's version ignores comments, white space and normalization form",
          "[translation]") {
  const std::string base =
      "@12\nThe fisherman casts his net.\nNo Skill: He catches nothing. [S1]\n";
  const std::string v = paragraph_version(base);
  CHECK(v.size() == 16);
  CHECK(paragraph_version("@12\n% a note for the writer\nThe fisherman  casts his\tnet.\r\n"
                          "No Skill: He catches nothing. [S1]\n\n\n") == v);
  CHECK(paragraph_version(
            "  @12 The fisherman casts his net. No Skill: He catches nothing. [S1]") == v);
  // Prose and mechanics both matter.
  CHECK(paragraph_version(
            "@12\nThe fisherman casts his nets.\nNo Skill: He catches nothing. [S1]\n") != v);
  CHECK(paragraph_version(
            "@12\nThe fisherman casts his net.\nNo Skill: He catches nothing. [S2]\n") != v);
  // NFC: a decomposed é is the same version as the composed one.
  CHECK(paragraph_version("caf\xC3\xA9") == paragraph_version("cafe\xCC\x81"));
  CHECK(normalized_content("a\n%x\n  b  ") == "a b");
  CHECK(normalized_content("a\n\xEF\xBC\x85 full-width comment\nb") == "a b");
  CHECK(normalized_content("a\n  % indented: text, not a comment\nb") ==
        "a % indented: text, not a comment b");
}

TEST_CASE("the translation state file round-trips in numeric order", "[translation]") {
  TranslationState state;
  state.source = "../../book/book.json";
  state.reviewed[10] = "0123456789abcdef";
  state.reviewed[2] = "fedcba9876543210";
  state.reviewed[100] = "00000000000000ff";
  std::string json = state_json(state);
  CHECK(json.find("\"2\"") < json.find("\"10\""));
  CHECK(json.find("\"10\"") < json.find("\"100\""));

  test::TempDir temp("state");
  const std::filesystem::path& dir = temp.path;
  std::string path = state_path(dir.string());
  REQUIRE(save_state(path, state).empty());
  TranslationState loaded;
  REQUIRE(load_state(path, loaded).empty());
  CHECK(loaded.source == state.source);
  CHECK(loaded.reviewed == state.reviewed);

  std::ofstream(path) << R"({"paragraphs": {"twelve": "0123456789abcdef"}})";
  CHECK_FALSE(load_state(path, loaded).empty());
  std::ofstream(path) << R"({"paragraphs": {"12": "short"}})";
  CHECK_FALSE(load_state(path, loaded).empty());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
