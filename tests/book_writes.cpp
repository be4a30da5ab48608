// A command's writes into a book are all or none, even under SIGKILL: the
// journal (compiler/text/journal.hpp) is completed or undone by the next run,
// which says so (TB0081); a book is read by one writer at a time or by readers
// (compiler/text/book_lock.hpp), so a build during an import reads the book
// before it or after it (issue "Nothing lost", items 2 and 6).
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <map>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

#include "compiler/text/book_lock.hpp"
#include "compiler/text/journal.hpp"
#include "compiler/translate/po.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

// Every regular file under `folder` (relative path → bytes).
std::map<std::string, std::string> snapshot(const fs::path& folder) {
  std::map<std::string, std::string> out;
  for (const auto& file : fs::recursive_directory_iterator(folder))
    if (file.is_regular_file())
      out[file.path().lexically_relative(folder).string()] = test::read_file(file.path().string());
  return out;
}

// What a write leaves behind when it is not finished: journals, temporaries.
std::vector<std::string> leftovers(const fs::path& folder) {
  std::vector<std::string> out;
  for (const auto& file : fs::recursive_directory_iterator(folder)) {
    const std::string name = file.path().filename().string();
    if (name.find(".talec-") != std::string::npos) out.push_back(file.path().string());
  }
  return out;
}

// A copy of the repository's book/ and locales/ (the translations read
// ../../book/book.json, and their vocabularies sit beside them).
struct SampleBooks {
  test::TempDir temp{"writes"};
  fs::path root = temp.path;
  SampleBooks() {
    fs::copy(fs::path(test::source_dir()) / "book", root / "book", fs::copy_options::recursive);
    fs::copy(fs::path(test::source_dir()) / "locales", root / "locales",
             fs::copy_options::recursive);
  }
  fs::path locale(const std::string& language) const { return root / "locales" / language; }
};

// Exports the translation `language` of `books` to `po`, then changes one
// paragraph's prose in each of `files` files of the translation (the entry
// confirmed: no longer fuzzy): `word` goes before the text.
void export_edited(const SampleBooks& books, const std::string& language, const fs::path& po,
                   const std::string& word, std::size_t files = 3) {
  REQUIRE(test::talec({"po", "export", books.locale(language).string(), "-o", po.string()}).exit ==
          0);
  talebook::PoFile file;
  talebook::PoError error;
  REQUIRE(talebook::read_po(test::read_file(po.string()), file, error));
  std::set<std::string> edited;
  for (talebook::PoEntry& e : file.entries) {
    // "@600": a paragraph's prose; its second reference is the translation's file.
    if (edited.size() == files) break;
    if (e.context.find(' ') != std::string::npos || e.str.empty() || e.references.size() < 2)
      continue;
    const std::string own = e.references[1].substr(0, e.references[1].find(':'));
    if (!edited.insert(own).second) continue;
    e.str = word + e.str;
    e.flags.erase(std::remove(e.flags.begin(), e.flags.end(), "fuzzy"), e.flags.end());
  }
  REQUIRE(edited.size() == files);
  test::write_file(po, talebook::write_po(file));
}

test::RunOptions killed_at(int step) {
  return test::with_env({{"TALEBOOK_TEST_KILL_AT_STEP", std::to_string(step)}});
}

// Runs `write` (a talec command that writes the book at `folder`) killed at
// its 1st, 2nd... commit step until it is not killed (it has no more steps),
// each time on a fresh copy; after each, `check` of the book must find it all
// as before or all as an uninterrupted run leaves it, and say which.
void kill_at_every_step(const std::string& language, const std::string& word,
                        const std::vector<std::string>& write, const std::string& book_of) {
  SampleBooks whole;
  const fs::path po = whole.root / "t.po";
  if (!language.empty()) export_edited(whole, language, po, word);
  const fs::path folder = whole.root / book_of;
  const auto before = snapshot(folder);
  std::vector<std::string> args = write;
  for (std::string& a : args)
    if (a == "PO")
      a = po.string();
    else if (a == "BOOK")
      a = folder.string();
  REQUIRE(test::talec(args).exit == 0);
  const auto after = snapshot(folder);
  REQUIRE(after != before);
  struct Killed {
    bool completed = false; // the book is the new one
    std::string check;      // what check said then
  };
  std::vector<Killed> killed; // for each step killed at
  for (int step = 1;; ++step) {
    INFO(book_of << ": killed at step " << step);
    SampleBooks books;
    const fs::path copy_po = books.root / "t.po";
    if (!language.empty()) fs::copy_file(po, copy_po);
    std::vector<std::string> copy_args = args;
    for (std::string& a : copy_args)
      if (a == po.string())
        a = copy_po.string();
      else if (a == folder.string())
        a = (books.root / book_of).string();
    const test::Run run = test::talec(copy_args, killed_at(step));
    if (run.exit == 0) break; // no step left to kill at
    REQUIRE(run.exit == 128 + SIGKILL);
    const fs::path book = books.root / book_of;
    const test::Run check = test::talec({"check", book.string()});
    const auto now = snapshot(book);
    CHECK(leftovers(book).empty());
    CHECK((now == before || now == after));
    killed.push_back({now == after, check.err});
    REQUIRE(step < 100);
  }
  // The steps: an intent, n temporaries, the commit (step n+2), n renames, done.
  const int steps = int(killed.size());
  REQUIRE(steps % 2 == 1);
  const int files = (steps - 3) / 2;
  CHECK(files >= 1);
  for (int step = 1; step <= steps; ++step) {
    const Killed& k = killed[std::size_t(step - 1)];
    INFO(book_of << ": killed at step " << step << " of " << steps << "; check said:\n" << k.check);
    CHECK(k.completed == (step >= files + 2));
    if (step == steps) // killed after its last step: nothing was left to do
      CHECK(k.check.find("TB0081") == std::string::npos);
    else if (k.completed)
      CHECK(k.check.find("warning[TB0081]: an interrupted '" + args[0] +
                         (args[0] == "po" ? " import" : "") + "' of this book is completed now: " +
                         std::to_string(files) + " files written") != std::string::npos);
    else
      CHECK(k.check.find("' of this book is undone: it had changed nothing") != std::string::npos);
  }
}

} // namespace

TEST_CASE("commit_files killed after any step is completed or undone whole", "[writes]") {
  const std::vector<std::string> old_text = {"@1\nold one\n", "@2\nold two\n"};
  constexpr int steps = 1 + 3 + 1 + 3 + 1; // intent, 3 temporaries, commit, 3 renames, done
  for (int kill_at = 1; kill_at <= steps; ++kill_at) {
    INFO("killed after step " << kill_at);
    test::TempDir dir("journal");
    fs::create_directories(dir / "part");
    test::write_file(dir / "a.tales", old_text[0]);
    test::write_file(dir / "part" / "b.tales", old_text[1]);
    const std::vector<talebook::FileWrite> files = {{(dir / "a.tales").string(), "@1\nnew one\n"},
                                                    {(dir / "part/b.tales").string(), "@2\nnew\n"},
                                                    {(dir / "c.tales").string(), "@3\nnew c\n"}};
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
      int step = 0;
      talebook::commit_files(dir.str(), "test", files, [&](const char*) {
        if (++step == kill_at) ::kill(::getpid(), SIGKILL);
      });
      ::_exit(0);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));
    CHECK(talebook::write_interrupted(dir.str()) == (kill_at < steps));
    const talebook::Recovery r = talebook::recover_writes(dir.str());
    const bool committed = kill_at >= 5;
    if (kill_at == steps)
      CHECK(r.state == talebook::Recovery::State::None);
    else {
      CHECK(r.state == (committed ? talebook::Recovery::State::Completed
                                  : talebook::Recovery::State::RolledBack));
      CHECK(r.command == "test");
      CHECK(r.files == 3);
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
      INFO(files[i].path);
      if (committed)
        CHECK(test::read_file(files[i].path) == files[i].bytes);
      else if (i < old_text.size())
        CHECK(test::read_file(files[i].path) == old_text[i]);
      else
        CHECK_FALSE(fs::exists(files[i].path));
    }
    CHECK(leftovers(dir.path).empty());
    CHECK_FALSE(talebook::write_interrupted(dir.str()));
  }
}

TEST_CASE("an intent cut short is removed, a damaged journal stays and is reported", "[writes]") {
  test::TempDir dir("journal-damaged");
  test::write_file(dir / "a.tales", "@1\nold\n");
  test::write_file(dir / talebook::intent_name, "{\"talec_journal\": 1, \"fi");
  talebook::Recovery r = talebook::recover_writes(dir.str());
  CHECK(r.state == talebook::Recovery::State::RolledBack);
  CHECK(r.files == 0);
  CHECK(leftovers(dir.path).empty());

  // A journal never names a file outside the book's folder.
  test::write_file(dir / talebook::journal_name,
                   R"({"talec_journal": 1, "command": "po import", "files": [)"
                   R"({"file": "../outside.tales", "temporary": ".a.tales.talec-new"}]})");
  test::write_file(dir / ".a.tales.talec-new", "@1\nnew\n");
  r = talebook::recover_writes(dir.str());
  CHECK(r.state == talebook::Recovery::State::Failed);
  CHECK(r.error.find("is damaged") != std::string::npos);
  CHECK(test::read_file((dir / "a.tales").string()) == "@1\nold\n");
  CHECK(fs::exists(dir / talebook::journal_name)); // left for a person to look at
}

TEST_CASE("po import killed at each commit step: check completes or undoes it (zh, ar)",
          "[writes][po]") {
  kill_at_every_step("zh", "夜里，", {"po", "import", "PO", "BOOK"}, "locales/zh");
  kill_at_every_step("ar", "ليلاً، ", {"po", "import", "PO", "BOOK"}, "locales/ar");
}

TEST_CASE("fmt of several files killed at each commit step: check completes or undoes it",
          "[writes][format]") {
  kill_at_every_step("", "", {"fmt", "BOOK"}, "book");
}

TEST_CASE("po import killed at any moment leaves the translation old or new, never mixed",
          "[writes][po]") {
  SampleBooks whole;
  const fs::path po = whole.root / "t.po";
  export_edited(whole, "zh", po, "夜里，");
  const auto before = snapshot(whole.locale("zh"));
  const auto start = std::chrono::steady_clock::now();
  REQUIRE(test::talec({"po", "import", po.string(), whole.locale("zh").string()}).exit == 0);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto after = snapshot(whole.locale("zh"));
  // Killed at a tenth of the time an import takes, at two tenths... past its end.
  for (int tenth = 1; tenth <= 12; ++tenth) {
    const double seconds = took * tenth / 10;
    INFO("killed after " << seconds << " s (an import takes " << took << " s)");
    SampleBooks books;
    const std::string zh = books.locale("zh").string();
    test::run("timeout", {"-s", "KILL", std::to_string(seconds), test::talec_path(), "po", "import",
                          po.string(), zh});
    test::talec({"check", zh});
    const auto now = snapshot(books.locale("zh"));
    CHECK((now == before || now == after));
    CHECK(leftovers(books.locale("zh")).empty());
  }
}

TEST_CASE("a build waits for the book's writer and reads what it wrote", "[writes]") {
  SampleBooks books;
  const fs::path zh = books.locale("zh");
  const fs::path edited = books.root / "storms.tales";
  const std::string text = test::read_file((zh / "storms.tales").string());
  const std::size_t stop = text.find("。", text.find("\n@"));
  REQUIRE(stop != std::string::npos);
  test::write_file(edited, std::string(text).replace(stop, 0, "，夜色正浓"));
  // The paths as the builds below give them (a .tbook names its sources).
  const test::RunOptions at_root = test::in_dir(books.root);
  REQUIRE(test::talec({"build", "locales/zh", "-o", "old.tbook"}, at_root).exit == 0);
  // Another process holds the book as a writer does (flock(1) on book.json),
  // and changes a file 0.6 s later; the build, started at 0.1 s, waits.
  const std::string script =
      "flock -x locales/zh/book.json sh -c 'sleep 0.6; cp storms.tales locales/zh/storms.tales' &"
      "\nsleep 0.1\ntalec=\"$1\"\n\"$talec\" build locales/zh -o during.tbook\nwait\n";
  const test::Run run =
      test::run("sh", {"-c", script, "sh", test::talec_path()}, test::in_dir(books.root));
  REQUIRE(run.exit == 0);
  REQUIRE(test::talec({"build", "locales/zh", "-o", "new.tbook"}, at_root).exit == 0);
  const std::string during = test::read_file((books.root / "during.tbook").string());
  CHECK(during == test::read_file((books.root / "new.tbook").string()));
  CHECK(during != test::read_file((books.root / "old.tbook").string()));
}

TEST_CASE("builds during imports read the translation before or after each import",
          "[writes][po]") {
  SampleBooks books;
  const fs::path zh = books.locale("zh");
  const fs::path a = books.root / "a.po", b = books.root / "b.po";
  export_edited(books, "zh", a, "夜里，");
  export_edited(books, "zh", b, "清晨，");
  std::set<std::string> states; // the .tbook of the book before, after a, after b
  for (const fs::path* po : {static_cast<const fs::path*>(nullptr), &a, &b}) {
    if (po) REQUIRE(test::talec({"po", "import", po->string(), zh.string()}).exit == 0);
    // The paths as the builds below give them (a .tbook names its sources).
    REQUIRE(
        test::talec({"build", "locales/zh", "-o", "state.tbook"}, test::in_dir(books.root)).exit ==
        0);
    states.insert(test::read_file((books.root / "state.tbook").string()));
  }
  REQUIRE(states.size() == 3);
  const std::string script = R"(talec="$1"
(for i in 1 2 3 4 5 6; do
  "$talec" po import a.po locales/zh && "$talec" po import b.po locales/zh || exit 1
done) >/dev/null 2>&1 &
importing=$!
for j in 1 2 3 4 5 6 7 8 9 10 11 12; do
  "$talec" build locales/zh -o during$j.tbook >/dev/null 2>&1 || exit 1
done
wait $importing
)";
  const test::Run run =
      test::run("sh", {"-c", script, "sh", test::talec_path()}, test::in_dir(books.root));
  REQUIRE(run.exit == 0);
  for (int j = 1; j <= 12; ++j) {
    INFO("build " << j);
    CHECK(states.count(test::read_file(
              (books.root / ("during" + std::to_string(j) + ".tbook")).string())) == 1);
  }
}

TEST_CASE("a book's lock: shared inside exclusive at once, exclusive over shared converts",
          "[writes]") {
  test::TempDir dir("lock");
  const std::string manifest = (dir / "book.json").string();
  test::write_file(manifest, "{}");
  CHECK(talebook::manifest_of(dir.str()) == manifest);
  {
    talebook::BookLock writer, reader;
    REQUIRE(writer.acquire(manifest, talebook::BookLock::Mode::Exclusive).empty());
    CHECK(reader.acquire(manifest, talebook::BookLock::Mode::Shared, 0).empty());
    // Another process cannot read the book now: flock(1) gives up at once.
    CHECK(test::run("flock", {"-n", "-s", manifest, "true"}).exit == 1);
    reader.release();
    CHECK(test::run("flock", {"-n", "-s", manifest, "true"}).exit == 1); // still the writer's
  }
  CHECK(test::run("flock", {"-n", "-x", manifest, "true"}).exit == 0); // released
  {
    talebook::BookLock reader, writer;
    REQUIRE(reader.acquire(manifest, talebook::BookLock::Mode::Shared).empty());
    CHECK(test::run("flock", {"-n", "-s", manifest, "true"}).exit == 0); // readers share
    REQUIRE(writer.acquire(manifest, talebook::BookLock::Mode::Exclusive, 0).empty());
    CHECK(test::run("flock", {"-n", "-s", manifest, "true"}).exit == 1);
    writer.release(); // back to shared
    CHECK(test::run("flock", {"-n", "-s", manifest, "true"}).exit == 0);
    CHECK(test::run("flock", {"-n", "-x", manifest, "true"}).exit == 1);
  }
  // Held by another process: acquire gives up after its wait, saying why.
  const std::string script = "flock -x \"$1\" sleep 2 & sleep 0.3; echo started; wait";
  const pid_t holder = ::fork();
  REQUIRE(holder >= 0);
  if (holder == 0) {
    ::execlp("sh", "sh", "-c", script.c_str(), "sh", manifest.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::usleep(500 * 1000);
  talebook::BookLock late;
  const std::string busy = late.acquire(manifest, talebook::BookLock::Mode::Shared, 200);
  CHECK(busy.find("another talec is writing this book") != std::string::npos);
  CHECK_FALSE(late.held());
  int status = 0;
  ::waitpid(holder, &status, 0);
  CHECK(late.acquire(manifest, talebook::BookLock::Mode::Shared, 0).empty());
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
