// talec check FILE.tales: the book above the file, checked whole; and the
// pre-commit hook that passes file names.
#include <catch2/catch.hpp>

#include <regex>

#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

// A book in book/ of a fresh folder: a.tales refers to 2, defined in sub/b.tales.
struct FileBook {
  test::TempDir temp{"files"};
  std::string dir = temp.str();
  FileBook() {
    std::filesystem::create_directories(dir + "/book/sub");
    std::ofstream(dir + "/book/book.json")
        << R"({"title": "t", "language": "en", "vocabulary": ")" + test::source_dir() +
               R"(/locales/en/vocabulary.json", "sources": ["*.tales", "sub/*.tales"]})";
    std::ofstream(dir + "/book/a.tales") << "@1\nNo Skill: You go on. [Go to 2]\n";
    std::ofstream(dir + "/book/sub/b.tales") << "@2\nNo Skill: x [S1]\n";
    std::ofstream(dir + "/stray.tales") << "@1\n";
  }
  test::Run talec(const std::vector<std::string>& args, const std::string& in = "") const {
    return test::talec(args, test::in_dir(dir + in));
  }
};

} // namespace

TEST_CASE("talec check FILE.tales: the whole book above the file", "[cli][files]") {
  FileBook book;
  CHECK(book.talec({"check", "book/a.tales"}).exit == 0);
  CHECK(book.talec({"check", "b.tales"}, "/book/sub").exit == 0);
  // A change in b.tales breaks a reference in a.tales: naming b.tales reports it.
  std::ofstream(book.dir + "/book/sub/b.tales") << "@3\nNo Skill: x [S1]\n";
  test::Run r = book.talec({"check", "book/sub/b.tales"});
  CHECK(r.exit == 1);
  CHECK(r.err.find("book/a.tales:2:23: error[TB0011]: reference to undefined paragraph 2\n") !=
        std::string::npos);
  // Several files of one book: checked once.
  r = book.talec({"check", "--format", "json", "book/a.tales", "book/sub/b.tales", "book"});
  CHECK(r.exit == 1);
  CHECK(r.out.find("\"diagnostics\"") == r.out.rfind("\"diagnostics\""));
  // Relative to a folder below the book.
  r = book.talec({"check", "../a.tales"}, "/book/sub");
  CHECK(r.err.find("a.tales:2:23: error[TB0011]") != std::string::npos);
  // build takes a source file too.
  CHECK(book.talec({"build", "book/a.tales", "-o", "out.tbook"}).exit == 1);
}

TEST_CASE("talec check FILE.tales: no book, not a source, no file", "[cli][files]") {
  FileBook book;
  test::Run r = book.talec({"check", "stray.tales"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("no book.json in the folder of 'stray.tales' or any folder above it") !=
        std::string::npos);
  std::filesystem::create_directory(book.dir + "/book/sub/x");
  std::filesystem::copy_file(book.dir + "/stray.tales", book.dir + "/book/sub/x/deeper.tales");
  r = book.talec({"check", "book/sub/x/deeper.tales"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("'book/sub/x/deeper.tales' is not a source of the book 'book/book.json'") !=
        std::string::npos);
  r = book.talec({"check", "book/missing.tales"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("no such file 'book/missing.tales'") != std::string::npos);
}

TEST_CASE("talec check with no book anywhere says how to name or start one", "[cli][files]") {
  // Outside every book (no book.json here or above, no book/): a usage error
  // for each command that reads a book, not TB0070 about a folder never named.
  test::TempDir temp("no-book");
  for (const char* command : {"check", "stats", "graph", "simulate"}) {
    INFO(command);
    test::Run r = test::talec({command}, test::in_dir(temp.path));
    CHECK(r.exit == 2);
    CHECK(r.err.find(std::string("talec ") + command +
                     ": error: no book here: no book.json in this folder or any folder above "
                     "it, and no 'book/'; name a book, or start one with 'talec init'") !=
          std::string::npos);
  }
  test::Run build = test::talec({"build", "-o", "x.tbook"}, test::in_dir(temp.path));
  CHECK(build.exit == 2);
  CHECK(build.err.find("no book here") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(temp / "x.tbook"));
}

// Debian's pre-commit (tools/setup.sh installs it) runs the hook of
// .pre-commit-hooks.yaml, as a local hook pointing at this build's talec.
TEST_CASE("pre-commit: the talec-check hook passes a clean book, fails a broken one",
          "[cli][precommit]") {
  TEST_REQUIRE_TOOL("pre-commit", "pre-commit");
  TEST_REQUIRE_TOOL("git", "git");
  FileBook book;
  std::string hooks = test::read_file(test::source_dir() + "/.pre-commit-hooks.yaml");
  REQUIRE(hooks.find("- id: talec-check") != std::string::npos);
  REQUIRE(hooks.find("entry: talec check\n") != std::string::npos);
  REQUIRE(hooks.find("language: system\n") != std::string::npos);
  std::size_t files = hooks.find("files: ");
  REQUIRE(files != std::string::npos);
  std::string pattern = hooks.substr(files + 7, hooks.find('\n', files) - files - 7);
  std::filesystem::remove(book.dir + "/stray.tales");
  std::ofstream(book.dir + "/.pre-commit-config.yaml")
      << "repos:\n- repo: local\n  hooks:\n  - id: talec-check\n    name: talec check\n"
         "    entry: " +
             test::talec_path() + " check\n    language: system\n    files: " + pattern +
             "\n    require_serial: true\n";
  test::RunOptions in_book = test::in_dir(book.dir);
  in_book.env = {{"PRE_COMMIT_HOME", book.dir + "/.cache"}};
  auto pre_commit = [&] {
    test::Run r = test::run("pre-commit", {"run", "--all-files"}, in_book);
    test::write_file(book.dir + "/log", r.out + r.err);
    return r.exit;
  };
  REQUIRE(test::run("git", {"init", "-q", "."}, in_book).exit == 0);
  REQUIRE(test::run("git", {"add", "-A"}, in_book).exit == 0);
  int clean = pre_commit();
  INFO(test::read_file(book.dir + "/log"));
  CHECK(clean == 0);
  std::ofstream(book.dir + "/book/sub/b.tales") << "@3\nNo Skill: x [S1]\n";
  test::run("git", {"add", "-A"}, in_book);
  int broken = pre_commit();
  std::string log = test::read_file(book.dir + "/log");
  INFO(log);
  CHECK(broken == 1);
  CHECK(log.find("error[TB0011]: reference to undefined paragraph 2") != std::string::npos);
}

// The hook's files pattern, from .pre-commit-hooks.yaml.
static std::string hook_files_pattern() {
  std::string hooks = test::read_file(test::source_dir() + "/.pre-commit-hooks.yaml");
  std::size_t files = hooks.find("files: ");
  REQUIRE(files != std::string::npos);
  return hooks.substr(files + 7, hooks.find('\n', files) - files - 7);
}

TEST_CASE("talec check VOCABULARY: the books below that read it", "[cli][files]") {
  test::TempDir temp("vocabulary-path");
  std::string dir = temp.str();
  std::filesystem::create_directories(dir + "/book");
  std::filesystem::create_directories(dir + "/other");
  std::filesystem::copy_file(test::source_dir() + "/locales/en/vocabulary.json",
                             dir + "/vocabulary.json");
  test::write_file(dir + "/book/book.json",
                   R"({"title": "t", "language": "en", "vocabulary": "../vocabulary.json"})");
  test::write_file(dir + "/book/a.tales", "@1\nAppearance: You smile. [S1]\n");
  test::write_file(dir + "/other/book.json", R"({"title": "o", "language": "en", "vocabulary": ")" +
                                                 test::source_dir() +
                                                 R"(/locales/en/vocabulary.json"})");
  test::write_file(dir + "/other/b.tales", "@1\nNo Skill: x [Go to 9]\n"); // TB0011
  auto here = test::in_dir(dir);
  CHECK(test::talec({"check", "vocabulary.json"}, here).exit == 0); // book/, not other/
  std::string v = test::read_file(dir + "/vocabulary.json");
  v.replace(v.find("\"name\": \"Appearance\""), 20, "\"name\": \"Appearances\"");
  test::write_file(dir + "/vocabulary.json", v);
  test::Run broken = test::talec({"check", "vocabulary.json"}, here);
  CHECK(broken.exit == 1);
  CHECK(broken.err.find("book/a.tales:2:1: error[TB0021]: unknown skill 'Appearance'") !=
        std::string::npos);
  CHECK(broken.err.find("TB0011") == std::string::npos);
  test::write_file(dir + "/unread.json", "{}");
  test::Run unread = test::talec({"check", "unread.json"}, here);
  CHECK(unread.exit == 2);
  CHECK(unread.err.find("no book in this folder or below reads 'unread.json'") !=
        std::string::npos);
}

TEST_CASE("pre-commit: the hook's files are every file a book reads", "[cli][precommit]") {
  std::regex files(hook_files_pattern(), std::regex::ECMAScript);
  for (const char* path :
       {"a.tales", "book/storms.tales", "book.json", "book/book.json", "locales/en/vocabulary.json",
        "locales/zh/vocabulary.json", "vocabulary.json", "locales/zh/translation-state.json"})
    CHECK(std::regex_search(path, files));
  for (const char* path : {"a.tales.orig", "notebook.json", "package.json", "book/README.md"})
    CHECK_FALSE(std::regex_search(path, files));
}

TEST_CASE("pre-commit: a vocabulary edit that breaks the book fails the hook", "[cli][precommit]") {
  TEST_REQUIRE_TOOL("pre-commit", "pre-commit");
  TEST_REQUIRE_TOOL("git", "git");
  test::TempDir temp("precommit-vocabulary");
  std::string dir = temp.str();
  std::filesystem::create_directories(dir + "/book");
  std::filesystem::create_directories(dir + "/locales/en");
  std::filesystem::copy_file(test::source_dir() + "/locales/en/vocabulary.json",
                             dir + "/locales/en/vocabulary.json");
  test::write_file(dir + "/book/book.json", R"({"title": "t", "language": "en",
      "vocabulary": "../locales/en/vocabulary.json"})");
  test::write_file(dir + "/book/a.tales", "@1\nAppearance: You smile. [S1]\n");
  test::write_file(dir + "/.pre-commit-config.yaml",
                   "repos:\n- repo: local\n  hooks:\n  - id: talec-check\n"
                   "    name: talec check\n    entry: " +
                       test::talec_path() + " check\n    language: system\n    files: " +
                       hook_files_pattern() + "\n    require_serial: true\n");
  test::RunOptions in_book = test::in_dir(dir);
  in_book.env = {{"PRE_COMMIT_HOME", dir + "/.cache"}};
  REQUIRE(test::run("git", {"init", "-q", "."}, in_book).exit == 0);
  REQUIRE(test::run("git", {"add", "-A"}, in_book).exit == 0);
  test::Run clean = test::run("pre-commit", {"run"}, in_book); // the staged files
  INFO(clean.out + clean.err);
  CHECK(clean.exit == 0);
  REQUIRE(test::run("git",
                    {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "book",
                     "--no-verify"},
                    in_book)
              .exit == 0);
  // Only the vocabulary changes: the hook still checks the book.
  std::string v = test::read_file(dir + "/locales/en/vocabulary.json");
  v.replace(v.find("\"name\": \"Appearance\""), 20, "\"name\": \"Appearances\"");
  test::write_file(dir + "/locales/en/vocabulary.json", v);
  REQUIRE(test::run("git", {"add", "-A"}, in_book).exit == 0);
  test::Run broken = test::run("pre-commit", {"run"}, in_book);
  INFO(broken.out + broken.err);
  CHECK(broken.exit == 1);
  CHECK((broken.out + broken.err).find("error[TB0021]: unknown skill 'Appearance'") !=
        std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
