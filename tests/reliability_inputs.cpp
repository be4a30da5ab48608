// What talec reads: only regular files, bounded, every JSON value checked, no
// control character or lone CR in text, globs inside the book, linear error
// recovery, and no exception ever ends the program (issue "Reliability").
#include <catch2/catch.hpp>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <sys/stat.h>

#include <nlohmann/json.hpp>

#include "compiler/text/files.hpp"
#include "talebook/reader.hpp"
#include "tests/reliability_support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace reliability;

namespace {

std::vector<std::string> vocabulary_codes(const std::string& json_text) {
  talebook::Vocabulary v;
  talebook::LoadError e = v.load_json(nlohmann::json::parse(json_text), "v.json");
  return e.empty() ? std::vector<std::string>{} : std::vector<std::string>{info(e.code).code};
}

// What this process has read through system calls so far (Linux: `rchar` of
// /proc/self/io).
std::uint64_t bytes_read_by_this_process() {
  std::ifstream io("/proc/self/io");
  std::string key;
  std::uint64_t value = 0;
  while (io >> key >> value)
    if (key == "rchar:") return value;
  FAIL("no rchar in /proc/self/io");
  return 0;
}

} // namespace

TEST_CASE("an internal error prints its context and exits 2, never aborts", "[reliability]") {
  test::Run r =
      test::talec({"check", "book"}, test::with_env({{"TALEC_TEST_INTERNAL_ERROR", "1"}}));
  CHECK(r.exit == 2);
  CHECK(r.err.find("talec: internal error: a test of the guard") != std::string::npos);
  CHECK(r.err.find("while running: talec check book") != std::string::npos);
}

TEST_CASE("a vocabulary value of the wrong type is TB0050, not a type_error", "[reliability]") {
  const std::string entry = R"({"id": "luck", "name": "Luck")";
  CHECK(vocabulary_codes(R"({"skills": [)" + entry + R"(, "aliases": [7]}]})") ==
        std::vector<std::string>{"TB0050"});
  CHECK(vocabulary_codes(R"({"language": ["en"]})") == std::vector<std::string>{"TB0050"});
  CHECK(vocabulary_codes(R"({"punctuation": {"colon": [":", 58]}})") ==
        std::vector<std::string>{"TB0050"});
  CHECK(vocabulary_codes(R"({"punctuation": {"colon": ":"}})") ==
        std::vector<std::string>{"TB0050"});
  CHECK(vocabulary_codes(R"({"skills": [)" + entry + R"(, "aliases": "Fortune"}]})") ==
        std::vector<std::string>{"TB0050"});
  CHECK(vocabulary_codes(R"({"skills": [)" + entry + R"(, "aliases": ["Fortune"]}]})").empty());

  talebook::Vocabulary v;
  talebook::LoadError e = v.load_json(
      nlohmann::json::parse(R"({"skills": [)" + entry + R"(, "aliases": ["a", 7]}]})"), "v.json");
  CHECK(e.message == "'/skills/0/aliases/1' in 'v.json' must be a string");
}

TEST_CASE("talec reports a bad JSON value of every file with a code", "[reliability]") {
  Scratch s("json");
  small_book(s);
  s.write("book/book.json", R"({"title": 3, "language": "en", "vocabulary": "v.json"})");
  test::Run r = test::talec({"check", s.path("book")});
  CHECK(r.exit == 2);
  CHECK(r.err.find("error[TB0050]: '/title' in") != std::string::npos);

  s.write("book/book.json", R"({"language": "en", "vocabulary": "v.json"})");
  s.write("book/v.json",
          R"({"language": "en", "skills": [{"id": "a", "name": "A", "aliases": [1]}]})");
  r = test::talec({"check", s.path("book")});
  CHECK(r.exit == 2);
  CHECK(r.err.find("error[TB0050]: '/skills/0/aliases/0'") != std::string::npos);
}

TEST_CASE("a directory, FIFO or device is refused wherever a file is read", "[reliability]") {
  Scratch s("special");
  small_book(s);
  fs::create_directory(s.path("dir.tbook"));
  REQUIRE(::mkfifo(s.path("fifo.tbook").c_str(), 0600) == 0);
  for (const std::string& file :
       {s.path("dir.tbook"), s.path("fifo.tbook"), std::string("/dev/zero")}) {
    INFO(file);
    test::Run r = test::talec({"dump", file}, within_20s);
    CHECK(r.exit == 2);
    CHECK(r.err.find("not a regular file") != std::string::npos);
  }
  // A FIFO and a folder as sources, a folder as book.json and as the vocabulary.
  REQUIRE(::mkfifo(s.path("book/fifo.tales").c_str(), 0600) == 0);
  fs::create_directory(s.path("book/dir.tales"));
  test::Run r = test::talec({"check", s.path("book")}, within_20s);
  CHECK(r.exit == 2);
  CHECK(r.err.find("fifo.tales': not a regular file (a FIFO)") != std::string::npos);
  CHECK(r.err.find("dir.tales': not a regular file (a directory)") != std::string::npos);

  fs::create_directories(s.path("b2/book.json"));
  r = test::talec({"check", s.path("b2")});
  CHECK(r.exit == 2);
  CHECK(r.err.find("error[TB0007]") != std::string::npos);

  small_book(s, "b3");
  s.write("b3/book.json", R"({"language": "en", "vocabulary": "voc"})");
  fs::create_directory(s.path("b3/voc"));
  r = test::talec({"check", s.path("b3")});
  CHECK(r.exit == 2);
  CHECK(r.err.find("voc': not a regular file (a directory)") != std::string::npos);
}

TEST_CASE("a translation state that is a folder is an error, not an abort", "[reliability]") {
  Scratch s("state");
  small_book(s, "source");
  small_book(s, "zh");
  s.write("zh/book.json", R"({"language": "en", "vocabulary": ")" + vocabulary_path() +
                              R"(", "translates": "../source/book.json"})");
  fs::create_directory(s.path("zh/translation-state.json"));
  test::Run r = test::talec({"check", s.path("zh")});
  CHECK(r.exit == 1);
  CHECK(r.err.find("error[TB0124]") != std::string::npos);
  r = test::talec({"review", "--all", s.path("zh")});
  CHECK((r.exit == 1 || r.exit == 2));
  CHECK(r.err.find("internal error") == std::string::npos);
}

TEST_CASE("a .tbook larger than any book is refused before it is read", "[reliability]") {
  Scratch s("huge");
  { std::ofstream out(s.path("huge.tbook"), std::ios::binary); }
  fs::resize_file(s.path("huge.tbook"), std::uintmax_t(5) << 30); // sparse: no disk used
  std::uint64_t read_before = bytes_read_by_this_process();
  std::string error;
  auto book = talebook::tbook::Book::open_file(s.path("huge.tbook"), error);
  std::uint64_t read = bytes_read_by_this_process() - read_before;
  CHECK(!book);
  CHECK(error.find("is larger than 4294967295 bytes") != std::string::npos);
  CHECK(read < (std::uint64_t(1) << 20)); // refused from its size: not a byte of its 5 GiB read
  std::string bytes;
  CHECK(talebook::read_regular_file(s.path("huge.tbook"), bytes) ==
        "larger than the limit of 67108864 bytes");
  CHECK(bytes.empty());
}

TEST_CASE("control characters in text are TB0051 at their place", "[reliability]") {
  talebook::Compilation c;
  const char text[] = "@1\nNo Skill: a\0b \x1b"
                      "1m. [S1]\n";
  test::compile(c, std::string(text, sizeof text - 1));
  std::vector<std::string> expected = {"TB0051", "TB0051"};
  CHECK(test::codes(c) == expected);
  REQUIRE(c.diagnostics.all().size() == 2);
  CHECK(c.diagnostics.all()[0].range.begin == 14);
  CHECK(c.diagnostics.all()[0].message == "control character U+0000 in text");
  CHECK(c.diagnostics.all()[1].message == "control character U+001B in text");
  talebook::Compilation tab;
  test::compile(tab, "@1\nNo Skill:\tYou go on. [S1]\r\n");
  CHECK(test::codes(tab).empty());
}

TEST_CASE("lone CR line ends are read as line ends, comments included", "[reliability]") {
  // A first `%` comment line used to swallow the whole file (one long line).
  talebook::Compilation c;
  test::compile(c, "% a comment\r@1\rNo Skill: You go on. [S1]\r@2\rNo Skill: x. [S1]\r");
  CHECK(test::codes(c).empty());
  CHECK(c.book.paragraphs.size() == 2);
  // Mixed ends; each diagnostic is at the line and column an editor shows.
  talebook::Compilation m;
  test::compile(m, "% one\r\n@1\rNo Skill: [Go to 7]\n% four\r@2\r\nNo Skill: x. [Go to 8]\r");
  REQUIRE(test::codes(m) == std::vector<std::string>{"TB0011", "TB0011"});
  const talebook::SourceFile& file = m.sources.file(m.diagnostics.all()[0].range.file);
  auto at = [&](std::size_t i) { return file.position(m.diagnostics.all()[i].range.begin); };
  CHECK(at(0).line == 3);
  CHECK(at(0).column == 12);
  CHECK(at(1).line == 6);
  CHECK(at(1).column == 15);
  CHECK(file.line_text(m.diagnostics.all()[1].range.begin) == "No Skill: x. [Go to 8]");
  Scratch s("cr");
  small_book(s, "book", "% header comment\r@1\rNo Skill: You go on. [Go to 2]\r");
  test::Run run = test::talec({"check", s.path("book")});
  CHECK(run.exit == 1);
  CHECK(run.err.find("a.tales:3:23: error[TB0011]") != std::string::npos);
  CHECK(run.err.find("\n 3 | No Skill: You go on. [Go to 2]\n") != std::string::npos);
}

TEST_CASE("a source pattern may not leave the book's folder", "[reliability]") {
  Scratch s("glob");
  small_book(s);
  for (const char* glob : {"../../../../etc/pass*", "/etc/pass*", "sub/../../x*"}) {
    INFO(glob);
    s.write("book/book.json", R"({"language": "en", "vocabulary": ")" + vocabulary_path() +
                                  R"(", "sources": ["*.tales", ")" + glob + R"("]})");
    test::Run r = test::talec({"check", s.path("book")});
    CHECK(r.exit == 2);
    CHECK(r.err.find("error[TB0052]") != std::string::npos);
    CHECK(r.err.find("root:") == std::string::npos);
  }
  s.write("book/book.json", R"({"language": "en", "vocabulary": ")" + vocabulary_path() +
                                R"(", "sources": ["sub/*.tales", "*.tales"]})");
  CHECK(test::talec({"check", s.path("book")}).exit == 0);
}

namespace {

// The CPU time of this thread for one compile of `bad` bad lines, the least of
// three runs: a count of work, not a deadline (a slower machine scales every run alike).
double recovery_cpu_seconds(int bad) {
  std::string text = "@1\n";
  for (int i = 0; i < bad; ++i)
    text += "No Skill: x [S1/]\n";
  double least = 1e9;
  for (int run = 0; run < 3; ++run) {
    timespec t0{}, t1{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    talebook::Compilation c;
    test::compile(c, text);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
    CHECK(c.diagnostics.errors() == std::size_t(bad));
    least = std::min(least, double(t1.tv_sec - t0.tv_sec) + 1e-9 * double(t1.tv_nsec - t0.tv_nsec));
  }
  return least;
}

} // namespace

TEST_CASE("error recovery is linear in the number of bad lines", "[reliability]") {
  // Four times the bad lines cost about four times the work when recovery is
  // linear; quadratic recovery (a position counted from the file's start per
  // error, as before) cost about fourteen times at these sizes.
  double small = recovery_cpu_seconds(3000);
  double large = recovery_cpu_seconds(12000);
  INFO("3,000 bad lines: " << small << " s of CPU; 12,000: " << large << " s");
  CHECK(large < 8 * std::max(small, 1e-3));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
