// Reading and parsing on several threads (talec -j) gives the same book and
// the same diagnostics, in the same order, as doing it on one.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "compiler/driver/stages.hpp"
#include "compiler/driver/workers.hpp"
#include "compiler/emit/emit.hpp"
#include "compiler/parse/parser.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"
#include "tests/translation_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

// What a compilation gives: its diagnostics as `talec check` prints them
// (text and JSON) and, when it has no errors, its .tbook.
struct Outcome {
  std::string text, json, tbook;
  std::size_t files = 0, diagnostics = 0; // files: .tales sources
};

Outcome outcome(const talebook::Compilation& c) {
  Outcome o;
  std::ostringstream text;
  talebook::render_text(text, c.sources, c.diagnostics.all(), {false});
  o.text = text.str();
  o.json = talebook::render_json(c.sources, c.diagnostics.all());
  // The sources read (a diagnostic that points into book.json adds it too).
  for (std::uint32_t id = 1; id <= c.sources.size(); ++id)
    o.files += fs::path(c.sources.file(id).path()).extension() == ".tales";
  o.diagnostics = c.diagnostics.all().size();
  if (c.diagnostics.errors() == 0) {
    std::string error = talebook::emit_tbook(c.book, c.vocabulary, o.tbook);
    INFO(error);
    REQUIRE(error.empty());
  }
  return o;
}

Outcome compiled(const std::string& path, unsigned jobs) {
  talebook::Compilation c;
  talebook::CompileOptions options;
  options.jobs = jobs;
  talebook::compile_book(path, c, options);
  return outcome(c);
}

void require_same(const Outcome& one, const Outcome& many) {
  CHECK(many.files == one.files);
  CHECK(many.diagnostics == one.diagnostics);
  CHECK(many.text == one.text);
  CHECK(many.json == one.json);
  CHECK(many.tbook == one.tbook);
}

} // namespace

TEST_CASE("for_each_index does each index once and throws the first failure", "[jobs]") {
  for (unsigned jobs : {1u, 2u, 4u}) {
    std::vector<std::atomic<int>> done(100);
    talebook::for_each_index(done.size(), jobs, [&](std::size_t i) { ++done[i]; });
    for (const auto& d : done)
      CHECK(d == 1);
    try {
      talebook::for_each_index(50, jobs, [](std::size_t i) {
        if (i == 7 || i == 30) throw std::runtime_error("index " + std::to_string(i));
      });
      FAIL("no exception");
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()) == "index 7");
    }
  }
  CHECK(talebook::job_count(0) >= 1);
  CHECK(talebook::job_count(3) == 3);
}

TEST_CASE("jobs 0 uses threads only for a book of 64 KiB or more", "[jobs]") {
  talebook::SourceSet sources;
  std::uint32_t small = sources.add("a.tales", std::string(1000, 'x'));
  std::uint32_t large = sources.add("b.tales", std::string(talebook::parallel_bytes, 'x'));
  CHECK(talebook::jobs_for(0, {small}, sources) == 1);
  CHECK(talebook::jobs_for(0, {small, large}, sources) == 0); // one per core
  CHECK(talebook::jobs_for(3, {small}, sources) == 3);        // as asked
  CHECK(talebook::jobs_for(1, {large}, sources) == 1);
}

TEST_CASE("the sample book and its translation compile alike on 1 and 4 threads", "[jobs]") {
  const std::string path =
      GENERATE(test::source_dir() + "/book", test::source_dir() + "/locales/zh");
  INFO(path);
  Outcome one = compiled(path, 1), many = compiled(path, 4);
  REQUIRE(one.files > 5);
  REQUIRE(!one.tbook.empty()); // no errors: built
  require_same(one, many);
}

// Every golden example (tests/golden/*.tales) as the files of one book: many
// files with errors, duplicates across files (notes point into other files),
// unreadable and outside files among them.
TEST_CASE("a book with errors in many files reports alike on 1, 2 and 4 threads", "[jobs]") {
  fs::path dir = translation_test::scratch("jobs");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::size_t copied = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(test::source_dir()) / "tests/golden"))
    if (entry.path().extension() == ".tales") {
      fs::copy_file(entry.path(), dir / entry.path().filename());
      ++copied;
    }
  REQUIRE(copied > 20);
  fs::create_directory(dir / "m-folder.tales"); // not a regular file: TB0007
  fs::path outside = dir.string() + "-outside";
  translation_test::spit(outside, "@1\nA paragraph outside the book.\n");
  fs::create_symlink(outside, dir / "n-outside.tales"); // TB0058
  translation_test::spit(dir / "book.json",
                         "{\"title\": \"t\", \"language\": \"en\", \"vocabulary\": \"" +
                             test::source_dir() + "/locales/en/vocabulary.json\"}");
  Outcome one = compiled(dir.string(), 1);
  REQUIRE(one.files == copied);
  REQUIRE(one.diagnostics > copied);
  CHECK(one.json.find("TB0007") != std::string::npos);
  CHECK(one.json.find("TB0058") != std::string::npos);
  for (unsigned jobs : {2u, 4u}) {
    INFO("jobs " << jobs);
    require_same(one, compiled(dir.string(), jobs));
  }
  fs::remove_all(dir);
  fs::remove(outside);
}

TEST_CASE("talec -j takes a number of threads, the output is the same", "[jobs][cli]") {
  test::Run one = test::talec({"check", "--format", "json", "-j", "1", "book"});
  REQUIRE(one.exit == 0);
  const std::vector<std::vector<std::string>> options = {
      {"-j2"}, {"-j", "4"}, {"--jobs", "3"}, {"--jobs=0"}};
  for (const std::vector<std::string>& option : options) {
    INFO(option[0] << (option.size() > 1 ? " " + option[1] : ""));
    std::vector<std::string> args = {"check", "--format", "json"};
    args.insert(args.end(), option.begin(), option.end());
    args.push_back("book");
    test::Run run = test::talec(args);
    CHECK(run.exit == 0);
    CHECK(run.out == one.out);
    CHECK(run.err == one.err);
  }
  test::Run bad = test::talec({"check", "-j", "many", "book"});
  CHECK(bad.exit == 2);
  CHECK(bad.err.find("'-j' needs a whole number from 0 to 1024, not 'many'") != std::string::npos);
  CHECK(test::talec({"build", "--jobs=-1", "book", "-o", "/dev/null"}).exit == 2);
}

TEST_CASE("paragraph headers are counted without parsing", "[jobs][parser]") {
  using talebook::paragraph_headers;
  CHECK(paragraph_headers("") == 0);
  CHECK(paragraph_headers("@1\nA tale (2).\n@2 place Basra\n\n@12") == 3);
  // Full-width signs and digits; not a matrix, a card, an `@` inside a line or a bare `@`.
  CHECK(paragraph_headers("\xEF\xBC\xA0\xEF\xBC\x91\n@matrix H\n@card city Basra\nmail@3\n@\n") ==
        1);
  CHECK(paragraph_headers("x\n\xEF\xBC\xA0\xEF\xBC\xA0"
                          "1\n@ 1\n") == 0);
}

// A header in digits of another script (a vocabulary's `digits`) is not
// counted: its paragraph is placed after the counted ones of its file, in order.
TEST_CASE("paragraphs the header count misses keep their place on any number of threads",
          "[jobs]") {
  fs::path dir = translation_test::scratch("jobs-digits");
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ifstream in(test::source_dir() + "/locales/en/vocabulary.json");
  nlohmann::json vocabulary = nlohmann::json::parse(in);
  vocabulary["punctuation"]["digits"].push_back("\xD9\xA0\xD9\xA1\xD9\xA2\xD9\xA3\xD9\xA4"
                                                "\xD9\xA5\xD9\xA6\xD9\xA7\xD9\xA8\xD9\xA9");
  translation_test::spit(dir / "vocabulary.json", vocabulary.dump());
  translation_test::spit(dir / "book.json", R"({"title": "t", "language": "en",
                                                "vocabulary": "vocabulary.json"})");
  const std::string arabic_one = "\xD9\xA1"; // ١
  translation_test::spit(dir / "a.tales", "@1\nGo on (2).\n@" + arabic_one +
                                              " place Aden\nA port.\n@2\nBack (1).\n");
  translation_test::spit(dir / "b.tales", "@x3\n@3\nThe end (1).\n@" + arabic_one +
                                              " place Basra\nA city.\n@4 place Cairo\n");
  std::vector<std::string> order[2];
  Outcome outcomes[2];
  for (unsigned jobs : {1u, 4u}) {
    talebook::Compilation c;
    talebook::CompileOptions options;
    options.jobs = jobs;
    talebook::compile_book(dir.string(), c, options);
    for (const talebook::Paragraph& p : c.book.paragraphs)
      order[jobs == 4].push_back(std::to_string(p.number) + " " + std::string(p.name));
    outcomes[jobs == 4] = outcome(c);
  }
  CHECK(order[0] == std::vector<std::string>{"1 ", "1 Aden", "2 ", "3 ", "1 Basra", "4 Cairo"});
  CHECK(order[1] == order[0]);
  require_same(outcomes[0], outcomes[1]);
  fs::remove_all(dir);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
