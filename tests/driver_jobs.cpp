// Reading and parsing on several threads (talec -j) gives the same book and
// the same diagnostics, in the same order, as doing it on one.
#include <catch2/catch.hpp>

#include <atomic>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "compiler/driver/stages.hpp"
#include "compiler/driver/workers.hpp"
#include "compiler/emit/emit.hpp"
#include "tests/support.hpp"
#include "tests/translation_fixture.hpp"

namespace fs = std::filesystem;

namespace {

// What a compilation gives: its diagnostics as `talec check` prints them
// (text and JSON) and, when it has no errors, its .tbook.
struct Outcome {
  std::string text, json, tbook;
  std::size_t files = 0, diagnostics = 0;
};

Outcome outcome(const talebook::Compilation& c) {
  Outcome o;
  std::ostringstream text;
  talebook::render_text(text, c.sources, c.diagnostics.all(), {false});
  o.text = text.str();
  o.json = talebook::render_json(c.sources, c.diagnostics.all());
  o.files = c.sources.size();
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
  const std::string path = GENERATE(std::string(TALEBOOK_SOURCE_DIR) + "/book",
                                    std::string(TALEBOOK_SOURCE_DIR) + "/locales/zh");
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
  for (const auto& entry : fs::directory_iterator(fs::path(TALEBOOK_SOURCE_DIR) / "tests/golden"))
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
                             std::string(TALEBOOK_SOURCE_DIR) + "/locales/en/vocabulary.json\"}");
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

TEST_CASE("talec -j takes a number of threads; the output is the same", "[jobs][cli]") {
  test::Run one = test::talec("check --format json -j 1 book");
  REQUIRE(one.exit == 0);
  for (const char* option : {"-j2", "-j 4", "--jobs 3", "--jobs=0"}) {
    INFO(option);
    test::Run run = test::talec(std::string("check --format json ") + option + " book");
    CHECK(run.exit == 0);
    CHECK(run.out == one.out);
    CHECK(run.err == one.err);
  }
  test::Run bad = test::talec("check -j many book");
  CHECK(bad.exit == 2);
  CHECK(bad.err.find("'-j' needs a whole number from 0 to 1024, not 'many'") != std::string::npos);
  CHECK(test::talec("build --jobs=-1 book -o /dev/null").exit == 2);
}
