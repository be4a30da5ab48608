// talec build and talec dump on the sample book: the round trip from the
// compiler's model to the reader's view, determinism whatever the file order on
// disk, atomic writes and the commands' exit codes.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "compiler/model/model_json.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/reader.hpp"
#include "tests/paths.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

const std::string sample = test::source_dir() + "/book";

using test::TempDir;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Runs talec; returns its exit code, stdout and stderr in out/err.
int talec(const std::vector<std::string>& args, std::string& out, std::string& err,
          const fs::path& /*dir*/) {
  test::Run r = test::talec(args);
  out = r.out;
  err = r.err;
  return r.exit;
}

// A copy of the sample book under new file names, written in a shuffled order.
void copy_sample(const fs::path& to, unsigned seed) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(sample))
    if (entry.path().extension() == ".tales") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::mt19937 random(seed);
  std::vector<std::string> names;
  for (std::size_t i = 0; i < files.size(); ++i)
    names.push_back(std::to_string(random() % 1000) + "-" + std::to_string(i));
  std::shuffle(names.begin(), names.end(), random);
  std::vector<std::size_t> order(files.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::shuffle(order.begin(), order.end(), random);
  fs::create_directories(to);
  for (std::size_t i : order)
    fs::copy_file(files[i], to / (names[i] + ".tales"));
  write_file(to / "book.json",
             "{\"title\": \"The Sample Book of Tales\", \"language\": \"en\", \"vocabulary\": \"" +
                 test::source_dir() + "/locales/en/vocabulary.json\", \"sources\": [\"*.tales\"]}");
}

} // namespace

TEST_CASE("the sample book reads back from its .tbook as the compiler built it", "[tbook]") {
  // The English book and its Chinese translation.
  const int which = GENERATE(0, 1);
  const std::string path = which == 0 ? sample : test::source_dir() + "/locales/zh";
  INFO(path);
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(path, c));
  REQUIRE(c.diagnostics.errors() == 0);
  std::string bytes, error = talebook::emit_tbook(c.book, c.vocabulary, bytes);
  INFO(error);
  REQUIRE(error.empty());
  auto book = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
  INFO(error);
  REQUIRE(book);
  nlohmann::json expected = talebook::model_json(c.book, c.vocabulary);
  nlohmann::json actual = talebook::tbook_json(*book);
  CHECK(actual.dump(1) == expected.dump(1));
  CHECK(book->paragraph_count() == c.book.paragraphs.size());
  CHECK(book->card_count() == c.book.cards.size());
  CHECK(book->paragraph_count() > 50);
  // Format 1.1: every city card encounter and chart entry carries its matrix row,
  // every treasure heading its paragraph (the Chinese `年老的水手（H）` too).
  std::size_t rows = 0, treasures = 0;
  for (std::uint32_t i = 0; i < book->city_result_count(); ++i)
    for (std::uint32_t m : book->city_result(i).matrix_refs) {
      talebook::tbook::MatrixRef ref = book->matrix_ref(m);
      INFO(ref.being);
      REQUIRE(ref.row);
      auto matrix = book->find_matrix(ref.letter);
      REQUIRE(matrix);
      CHECK(ref.being.substr(0, book->matrix_row(*matrix, *ref.row).size()) ==
            book->matrix_row(*matrix, *ref.row));
      ++rows;
    }
  for (std::uint32_t i = 0; i < book->chart_entry_count(); ++i)
    rows += book->chart_entry(i).row.has_value();
  for (std::uint32_t i = 0; i < book->condition_count(); ++i) {
    talebook::tbook::Condition k = book->condition(i);
    if (k.kind != talebook::tbook::ConditionKind::Treasure) continue;
    auto p = book->find_paragraph(k.paragraph);
    REQUIRE(p);
    CHECK(p->kind == talebook::tbook::ParagraphKind::Treasure);
    ++treasures;
  }
  CHECK(rows == book->chart_entry_count() + 2); // two city cards, one matrix encounter each
  CHECK(treasures > 0);
}

TEST_CASE("talec build writes what talec dump shows, decoded by name", "[tbook]") {
  TempDir dir("tbook-dump");
  std::string out, err;
  const fs::path file = dir.path / "sample.tbook";
  REQUIRE(talec({"build", sample, "-o", file}, out, err, dir.path) == 0);
  CHECK(err.empty());
  REQUIRE(talec({"dump", file}, out, err, dir.path) == 0);
  nlohmann::json dump = nlohmann::json::parse(out);
  CHECK(dump["format"] == "1.7");
  dump.erase("format");
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(sample, c));
  CHECK(dump == talebook::model_json(c.book, c.vocabulary));

  REQUIRE(talec({"dump", file, "--paragraph", "619"}, out, err, dir.path) == 0);
  nlohmann::json p = nlohmann::json::parse(out);
  CHECK(p["number"] == 619);
  CHECK(p["sections"][1]["award"]["awards"][2] ==
        nlohmann::json{{"kind", "status"}, {"id", "vizier"}, {"name", "Vizier"}});
  CHECK(talec({"dump", file, "--paragraph", "5"}, out, err, dir.path) == 1);
  CHECK(err == "talec dump: error: no paragraph 5 in '" + file.string() + "'\n");

  std::string bytes = read_file(file);
  write_file(file, bytes.substr(0, bytes.size() / 2));
  CHECK(talec({"dump", file}, out, err, dir.path) == 1);
  CHECK(err.rfind("talec: error[TB0078]: '" + file.string() +
                      "' is a damaged or foreign .tbook: its section table fails the reader's "
                      "check 'truncated_section' in section '",
                  0) == 0);
  CHECK(out.empty());
  // The same cut, mapped: refused at open too (its header's size).
  CHECK(talec({"dump", file, "--paragraph", "619"}, out, err, dir.path) == 1);
  CHECK(err.rfind("talec: error[TB0078]: '" + file.string() +
                      "' is a damaged or foreign .tbook: its section table fails the reader's "
                      "check 'truncated_section' in section '",
                  0) == 0);

  // Unpacked: the same book, bigger, and a cut names the section it goes through.
  const fs::path plain = dir.path / "plain.tbook";
  REQUIRE(talec({"build", sample, "--unpacked", "-o", plain}, out, err, dir.path) == 0);
  CHECK(fs::file_size(plain) > bytes.size());
  REQUIRE(talec({"dump", plain}, out, err, dir.path) == 0);
  nlohmann::json plain_dump = nlohmann::json::parse(out);
  plain_dump.erase("format");
  CHECK(plain_dump == dump);
  bytes = read_file(plain);
  write_file(plain, bytes.substr(0, bytes.size() / 2));
  CHECK(talec({"dump", plain}, out, err, dir.path) == 1);
  CHECK(err.rfind("talec: error[TB0078]: '" + plain.string() +
                      "' is a damaged or foreign .tbook: its section table fails the reader's "
                      "check 'truncated_section' in section '",
                  0) == 0);
  CHECK(out.empty());
  CHECK(talec({"dump", dir.path / "missing.tbook"}, out, err, dir.path) == 2);
  CHECK(talec({"dump"}, out, err, dir.path) == 2);
  CHECK(talec({"build", sample}, out, err, dir.path) == 2);
  CHECK(talec({"build", "--help"}, out, err, dir.path) == 0);
  CHECK(out.find("usage: talec build") == 0);
}

TEST_CASE("talec build gives the same bytes whatever the file names and order on disk", "[tbook]") {
  TempDir dir("tbook-determinism");
  std::string out, err;
  REQUIRE(talec({"build", sample, "-o", dir.path / "a.tbook"}, out, err, dir.path) == 0);
  copy_sample(dir.path / "one", 1);
  copy_sample(dir.path / "two", 2);
  REQUIRE(talec({"build", dir.path / "one", "-o", dir.path / "b.tbook"}, out, err, dir.path) == 0);
  REQUIRE(talec({"build", dir.path / "two" / "book.json", "-o", dir.path / "c.tbook"}, out, err,
                dir.path) == 0);
  const std::string a = read_file(dir.path / "a.tbook");
  CHECK(a.size() > 1000);
  CHECK(read_file(dir.path / "b.tbook") == a);
  CHECK(read_file(dir.path / "c.tbook") == a);
}

TEST_CASE("a failed talec build leaves the previous file untouched", "[tbook]") {
  TempDir dir("tbook-atomic");
  std::string out, err;
  const fs::path file = dir.path / "book.tbook";
  REQUIRE(talec({"build", sample, "-o", file}, out, err, dir.path) == 0);
  const std::string before = read_file(file);

  copy_sample(dir.path / "broken", 3);
  write_file(dir.path / "broken" / "zz-broken.tales",
             "@328\nA duplicate of paragraph 328 (99999).\n");
  CHECK(talec({"build", dir.path / "broken", "-o", file}, out, err, dir.path) == 1);
  CHECK(err.find("error") != std::string::npos);
  CHECK(err.find("not written: the book has errors") != std::string::npos);
  CHECK(read_file(file) == before);
  // The diagnostics are those of talec check, printed the same way.
  std::string check_out, check_err;
  CHECK(talec({"check", dir.path / "broken"}, check_out, check_err, dir.path) == 1);
  CHECK(!check_err.empty());
  CHECK(err == check_err + "talec build: error: '" + file.string() +
                   "' not written: the book has errors\n");
  CHECK(talec({"build", dir.path / "broken", "--format", "json", "-o", file}, out, err, dir.path) ==
        1);
  CHECK(talec({"check", dir.path / "broken", "--format", "json"}, check_out, check_err, dir.path) ==
        1);
  CHECK(out == check_out);
  CHECK(read_file(file) == before);

  CHECK(talec({"build", dir.path / "no-such-book", "-o", file}, out, err, dir.path) == 2);
  CHECK(read_file(file) == before);
  CHECK(talec({"build", sample, "-o", dir.path / "no-such-dir" / "x.tbook"}, out, err, dir.path) ==
        2);
  CHECK(err.find("cannot write") != std::string::npos);
  // No temporary file is left behind.
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir.path))
    files += entry.is_regular_file();
  CHECK(files == 1);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
