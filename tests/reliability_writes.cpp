// What talec writes: never an input of the book, never a device, FIFO or
// folder; atomically, leaving no temporary behind; po import refuses entries
// that would damage the translation (issue "Reliability").
#include <catch2/catch.hpp>

#include <csignal>
#include <sys/stat.h>
#include <sys/wait.h>

#include "compiler/text/files.hpp"
#include "tests/reliability_support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace reliability;

TEST_CASE("build -o refuses a file of the book and leaves it as it was", "[reliability]") {
  Scratch s("out_input");
  small_book(s);
  s.write("voc.json", test::read_file(vocabulary_path()));
  s.write("book/book.json", R"({"language": "en", "vocabulary": "../voc.json"})");
  for (std::string leaf : {"book/a.tales", "book/book.json", "voc.json", "book/./a.tales"}) {
    INFO(leaf);
    std::string before = s.read(leaf);
    test::Run r = test::talec({"build", s.path("book"), "-o", s.path(leaf)});
    CHECK(r.exit == 1);
    CHECK(r.err.find("error[TB0053]") != std::string::npos);
    CHECK(s.read(leaf) == before);
  }
  CHECK(test::talec({"build", s.path("book"), "-o", s.path("out.tbook")}).exit == 0);
  CHECK(fs::is_regular_file(s.path("out.tbook")));
}

TEST_CASE("build -o refuses a device, FIFO, folder or link to one", "[reliability]") {
  Scratch s("out_special");
  small_book(s);
  REQUIRE(::mkfifo(s.path("fifo").c_str(), 0600) == 0);
  fs::create_directory(s.path("dir"));
  fs::create_symlink("/dev/null", s.path("null-link"));
  fs::create_symlink(s.path("fifo"), s.path("fifo-link"));
  for (const std::string& out : {std::string("/dev/null"), s.path("fifo"), s.path("dir"),
                                 s.path("null-link"), s.path("fifo-link")}) {
    INFO(out);
    test::Run r = test::talec({"build", s.path("book"), "-o", out}, within_20s);
    CHECK(r.exit == 1);
    CHECK(r.err.find("error[TB0054]") != std::string::npos);
  }
  struct stat st {};
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  CHECK(fs::is_fifo(s.path("fifo")));
  CHECK(fs::is_symlink(s.path("null-link")));
  // The low-level writer refuses them too.
  CHECK(talebook::write_file_atomically(s.path("fifo"), "x").find("not a regular file (a FIFO)") !=
        std::string::npos);
  // A link to a regular file is written through; the link stays.
  s.write("target.tbook", "old");
  fs::create_symlink(s.path("target.tbook"), s.path("link.tbook"));
  CHECK(talebook::write_file_atomically(s.path("link.tbook"), "new").empty());
  CHECK(fs::is_symlink(s.path("link.tbook")));
  CHECK(s.read("target.tbook") == "new");
}

TEST_CASE("a rewritten file keeps its permissions", "[reliability]") {
  Scratch s("keep_mode");
  s.write("a.tales", "@1\nold\n");
  const std::string path = s.path("a.tales");
  for (mode_t mode : {mode_t(0600), mode_t(0640), mode_t(0755)}) {
    INFO(std::oct << mode);
    REQUIRE(::chmod(path.c_str(), mode) == 0);
    REQUIRE(talebook::write_file_atomically(path, "@1\nnew\n").empty());
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == mode);
    CHECK(s.read("a.tales") == "@1\nnew\n");
  }
}

TEST_CASE("the temporaries of a killed write are removed by the next write", "[reliability]") {
  Scratch s("temps");
  pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0); // a process id that is no longer running
  const std::string stale = ".out.tbook.tmp" + std::to_string(child) + "-0";
  const std::string live = ".out.tbook.tmp1-0"; // pid 1 runs: not ours to remove
  s.write(stale, "half a book");
  s.write(live, "another build");
  CHECK(talebook::write_file_atomically(s.path("out.tbook"), "book").empty());
  CHECK(!fs::exists(s.path(stale)));
  CHECK(fs::exists(s.path(live)));
  CHECK(s.read("out.tbook") == "book");
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(s.dir))
    files += entry.path().filename().string().find(".tmp" + std::to_string(::getpid())) ==
             std::string::npos;
  CHECK(files == 2); // out.tbook and the live temporary
}

TEST_CASE("a write interrupted by SIGTERM leaves no temporary", "[reliability]") {
  Scratch s("sigterm");
  pid_t child = ::fork();
  if (child == 0) {
    // SIGTERM's own action, not the handler Catch2 installed in the parent
    // (which reported the child's signal as this test's failure).
    ::signal(SIGTERM, SIG_DFL);
    // 400 MB to a file: long enough to be interrupted while writing.
    std::string big(std::size_t(400) << 20, 'x');
    talebook::write_file_atomically(s.path("big.tbook"), big);
    ::_exit(0);
  }
  bool saw_temp = false;
  // Up to 30 s for the temporary to appear: on a loaded machine the child
  // may take seconds to fill its 400 MB before it starts writing.
  for (int i = 0; i < 30000 && !saw_temp; ++i) {
    for (const auto& entry : fs::directory_iterator(s.dir))
      saw_temp |= entry.path().filename().string().find(".tmp") != std::string::npos;
    if (!saw_temp) ::usleep(1000);
  }
  ::kill(child, SIGTERM);
  int status = 0;
  ::waitpid(child, &status, 0);
  if (!WIFSIGNALED(status)) {
    WARN("the write finished before SIGTERM; nothing to check");
    return;
  }
  CHECK(saw_temp);
  CHECK(fs::is_empty(s.dir));
}

namespace {

// A source book and its translation (English to English: the text is what
// matters), and a PO file with `entries` after its header.
void po_books(const Scratch& s, const std::string& entries) {
  const std::string text = "@1\nA merchant greets you.\nNo Skill: You buy a lamp. [S1]\n"
                           "@2\nA storm rises.\nNo Skill: You wait. [S1]\n";
  small_book(s, "source", text);
  small_book(s, "tr", text);
  s.write("tr/book.json", R"({"language": "en", "vocabulary": ")" + vocabulary_path() +
                              R"(", "translates": "../source/book.json"})");
  s.write("in.po",
          "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\n" + entries);
}

std::string entry(const std::string& context, const std::string& id, const std::string& str) {
  return "msgctxt \"" + context + "\"\nmsgid \"" + id + "\"\nmsgstr \"" + str + "\"\n\n";
}

} // namespace

TEST_CASE("po import refuses two entries for one text and writes nothing", "[reliability]") {
  Scratch s("po_dup");
  po_books(s, entry("@1", "A merchant greets you.", "A trader greets you.") +
                  entry("@2", "A storm rises.", "A gale rises.") +
                  entry("@1", "A merchant greets you.", "A dealer in lamps, 商人, greets you."));
  const std::string before = s.read("tr/a.tales");
  test::Run r = test::talec({"po", "import", s.path("in.po"), s.path("tr")});
  CHECK(r.exit == 1);
  CHECK(r.err.find("error[TB0055]: the PO file has two entries for '@1'") != std::string::npos);
  CHECK(s.read("tr/a.tales") == before);
}

TEST_CASE("po import refuses a msgstr that cannot be .tales text", "[reliability]") {
  const std::pair<std::string, std::string> cases[] = {
      {"caf\xe9", "is not valid UTF-8"},
      {std::string("a NUL\0here", 10), "NUL"},
      {"bell\x07", "control character"},
      {"A storm.\\n@999", "starting with '@'"},
      {"A storm.\\n% the rest is a comment", "starting with '%'"},
      {"@3 the start", "starting with '@'"},
  };
  for (const auto& [str, why] : cases) {
    INFO(why);
    Scratch s("po_bad");
    po_books(s, entry("@2", "A storm rises.", str));
    const std::string before = s.read("tr/a.tales");
    test::Run r = test::talec({"po", "import", s.path("in.po"), s.path("tr")});
    CHECK(r.exit == 1);
    bool coded = r.err.find("error[TB0056]") != std::string::npos ||
                 r.err.find("error[TB0125]") != std::string::npos; // the PO reader's own refusal
    CHECK(coded);
    CHECK(s.read("tr/a.tales") == before);
  }
  // A fit msgstr is written.
  Scratch s("po_ok");
  po_books(s, entry("@2", "A storm rises.", "A gale rises, 100% sure."));
  CHECK(test::talec({"po", "import", s.path("in.po"), s.path("tr")}).exit == 0);
  CHECK(s.read("tr/a.tales").find("A gale rises, 100% sure.") != std::string::npos);
}

// The file talec build writes while the reader checks it: a temporary until
// commit(), removed when it is not committed.
namespace {
std::size_t temporaries(const Scratch& s) {
  std::size_t n = 0;
  for (const auto& entry : fs::directory_iterator(s.dir))
    n += entry.path().filename().string().find(".tmp") != std::string::npos;
  return n;
}
} // namespace

TEST_CASE("an AtomicFile is a temporary until it is committed", "[reliability]") {
  Scratch s("atomic_file");
  s.write("out.tbook", "old");
  {
    talebook::AtomicFile file;
    REQUIRE(file.open(s.path("out.tbook")).empty());
    CHECK(file.write("new bytes, "));
    CHECK(file.write("more"));
    CHECK(file.write_at(0, "NEW"));
    CHECK(file.sync());
    CHECK(s.read("out.tbook") == "old"); // nothing under the name yet
    CHECK(temporaries(s) == 1);
    CHECK(test::read_file(file.temporary()) == "NEW bytes, more");
    CHECK(file.commit().empty());
  }
  CHECK(s.read("out.tbook") == "NEW bytes, more");
  CHECK(temporaries(s) == 0);
  {
    talebook::AtomicFile file; // discarded: by discard(), then by its end
    REQUIRE(file.open(s.path("out.tbook")).empty());
    CHECK(file.write("half a book"));
    file.discard();
    CHECK(temporaries(s) == 0);
    REQUIRE(file.open(s.path("new.tbook")).empty());
    CHECK(file.write("half a book"));
  }
  CHECK(temporaries(s) == 0);
  CHECK(s.read("out.tbook") == "NEW bytes, more");
  CHECK(!fs::exists(s.path("new.tbook")));
  talebook::AtomicFile file;
  CHECK(file.open(s.dir.string()).find("not a regular file") != std::string::npos);
  CHECK(file.open(s.path("no-such-dir/x.tbook")).find("cannot write") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
