// Format 1.4: a record section of more than 64 KiB is stored as zstd frames
// behind a frame table, so that Book::open_mapped unpacks and checks the frame
// of the record it reads, not the whole section (docs/binary-format.md,
// "Compression" and "Reading in place").
#include <catch2/catch.hpp>

#include <zstd.h>

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <thread>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "tests/support.hpp"
#include "tests/tbook_rebuild.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using namespace talebook::tbook;
using layout::FrameTable;
using layout::tag;

constexpr int paragraphs = 3000; // PARA: 132,000 bytes, 3 frames of 1,489 records

// A book of `paragraphs` paragraphs, each awarding a treasure or going on.
std::string frames_book(bool pack) {
  static const std::string dir = [] {
    static test::TempDir temp{"frames"};
    test::write_file(temp.path / "book.json",
                     R"({"title": "Frames", "language": "en", "vocabulary": ")" +
                         test::source_dir() + R"(/locales/en/vocabulary.json"})");
    std::string tales = "@1 treasure Lamp of Brass\nA lamp of brass.\n\n";
    for (int n = 2; n <= paragraphs; ++n)
      tales += "@" + std::to_string(n) + "\nYou walk the road, and the road walks on with you.\n" +
               (n % 7 == 0 ? "No Skill: You find a lamp. [Lamp of Brass]\n\n"
                           : "No Skill: You go on. [Go to " + std::to_string(n % 50 + 1) + "]\n\n");
    test::write_file(temp.path / "road.tales", tales);
    return temp.str();
  }();
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(dir, c));
  std::string bytes;
  talebook::EmitOptions options;
  options.pack = pack;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, bytes, options).empty());
  return bytes;
}

tbook_test::RawSection& section(tbook_test::Sections& s, std::uint32_t t) {
  for (auto& r : s.sections)
    if (r.tag == t) return r;
  FAIL("no section");
  return s.sections.front();
}

// A section stored as frames, taken apart with stock zstd, and put back.
struct Framed {
  FrameTable table{};
  std::vector<std::string> frames; // unpacked

  Framed(const std::string& stored, std::uint32_t record_size, std::uint32_t count,
         std::uint32_t frame_size = layout::frame_target) {
    REQUIRE(stored.size() >= sizeof table);
    std::memcpy(&table, stored.data(), sizeof table);
    REQUIRE(table.per == std::max<std::uint32_t>(1, frame_size / record_size));
    REQUIRE(table.frames == (count + table.per - 1) / table.per);
    const std::size_t head = sizeof table + 4 * std::size_t(table.frames);
    std::uint32_t start = 0;
    for (std::uint32_t f = 0; f < table.frames; ++f) {
      std::uint32_t end;
      std::memcpy(&end, stored.data() + sizeof table + 4 * f, 4);
      const std::uint32_t n = std::min(table.per, count - f * table.per);
      std::string out(std::size_t(n) * record_size, '\0');
      const std::size_t made =
          ZSTD_decompress(out.data(), out.size(), stored.data() + head + start, end - start);
      REQUIRE(!ZSTD_isError(made));
      REQUIRE(made == out.size());
      frames.push_back(out);
      start = end;
    }
    REQUIRE(head + start == stored.size());
  }
  std::string joined() const {
    std::string all;
    for (const std::string& f : frames)
      all += f;
    return all;
  }
  std::string stored() const {
    std::string table_bytes(reinterpret_cast<const char*>(&table), sizeof table), data;
    for (const std::string& f : frames) {
      std::string packed(ZSTD_compressBound(f.size()), '\0');
      packed.resize(ZSTD_compress(packed.data(), packed.size(), f.data(), f.size(), 1));
      data += packed;
      const auto end = std::uint32_t(data.size());
      table_bytes.append(reinterpret_cast<const char*>(&end), 4);
    }
    return table_bytes + data;
  }
};

std::string write(const std::string& name, const std::string& bytes) {
  static test::TempDir temp{"frames-files"};
  const std::string path = (temp.path / name).string();
  test::write_file(path, bytes);
  return path;
}

} // namespace

TEST_CASE("a large record section is stored as frames that stock zstd reads", "[tbook]") {
  const std::string packed = frames_book(true);
  tbook_test::Sections s = tbook_test::split(packed), plain = tbook_test::split(frames_book(false));
  CHECK(s.minor == 7);
  for (const auto& r : s.sections) {
    if (!r.flags) continue;
    INFO(std::string(reinterpret_cast<const char*>(&r.tag), 4));
    // Frames for more than 64 KiB of records (here PARA alone), else one frame.
    if (r.tag == tag("PARA")) CHECK(r.flags == layout::section_frames);
    if (std::uint64_t(r.count) * r.record_size <= layout::frame_target) {
      CHECK(r.flags == layout::section_zstd);
      continue;
    }
    REQUIRE(r.flags == layout::section_frames);
    // The frames, joined, are the unpacked file's records.
    CHECK(Framed(r.data, r.record_size, r.count).joined() == section(plain, r.tag).data);
  }
  // Read whole and mapped, the book is the same.
  std::string error;
  auto whole = Book::open_memory(packed.data(), packed.size(), error);
  REQUIRE(whole);
  auto mapped = Book::open_mapped(write("good.tbook", packed), error);
  REQUIRE(mapped);
  REQUIRE(mapped->paragraph_count() == std::uint32_t(paragraphs));
  for (std::uint32_t n : {1u, 1490u, 2999u, 3000u}) {
    auto a = whole->find_paragraph(n), b = mapped->find_paragraph(n);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->index == b->index);
    CHECK(mapped->paragraph(b->index).prose == whole->paragraph(a->index).prose);
  }
  CHECK(mapped->verify(error));
}

TEST_CASE("open_mapped checks the frame it reads, verify and open_file check all", "[tbook]") {
  tbook_test::Sections s = tbook_test::split(frames_book(true));
  tbook_test::RawSection& para = section(s, tag("PARA"));
  Framed f(para.data, para.record_size, para.count);
  // Paragraph 2000 (index 1999, frame 1) of a kind no reader knows.
  const std::uint32_t bad = 1999;
  REQUIRE(bad / f.table.per == 1);
  f.frames[1][std::size_t(bad % f.table.per) * para.record_size +
              offsetof(layout::ParagraphRecord, kind)] = char(0xEE);
  para.data = f.stored();
  const std::string damaged = tbook_test::join(s);
  const std::string path = write("kind.tbook", damaged);

  ReadError error;
  auto book = Book::open_mapped(path, error);
  REQUIRE(book);
  // Frames 0 (records 0 to 1488) and 2 (2978 on) read as ever.
  CHECK(book->find_paragraph(10)->number == 10);
  CHECK(book->paragraph(2990).number == 2991);
  CHECK(book->paragraph(1488).number == 1489);
  try {
    (void)book->paragraph(bad + 1);
    FAIL("the damaged frame was read");
  } catch (const BadBookError& e) {
    CHECK(e.error().kind == ReadErrorKind::BadKind);
    CHECK(e.error().section == layout::SectionId::PARA);
    CHECK(e.error().record == bad);
    CHECK(std::string(e.error().field) == "kind");
  }
  // Every later read of that frame fails the same way; others still read.
  CHECK_THROWS_AS(book->paragraph(bad - 5), BadBookError);
  CHECK(book->paragraph(100).number == 101);
  CHECK_FALSE(book->verify(error));
  INFO(error.what());
  CHECK(error.kind == ReadErrorKind::BadKind);
  CHECK(error.record == bad);
  CHECK_FALSE(Book::open_file(path, error));
  CHECK(error.kind == ReadErrorKind::BadKind);
  CHECK(error.record == bad);
}

TEST_CASE("a damaged frame table or frame is refused", "[tbook]") {
  const std::string good = frames_book(true);
  auto damaged = [&](auto change) {
    tbook_test::Sections s = tbook_test::split(good);
    tbook_test::RawSection& para = section(s, tag("PARA"));
    change(para.data);
    return write("table.tbook", tbook_test::join(s));
  };
  auto u32 = [](std::string& d, std::size_t at, std::uint32_t v) { std::memcpy(&d[at], &v, 4); };
  const struct {
    const char* what;
    std::function<void(std::string&)> change;
    ReadErrorKind kind;
  } cases[] = {
      {"no records per frame", [&](std::string& d) { u32(d, 0, 0); },
       ReadErrorKind::BadSectionSize},
      {"too few records per frame", [&](std::string& d) { u32(d, 0, 100); },
       ReadErrorKind::BadSectionSize},
      {"one frame too few", [&](std::string& d) { u32(d, 4, 2); }, ReadErrorKind::BadSectionSize},
      {"one frame too many", [&](std::string& d) { u32(d, 4, 4); }, ReadErrorKind::BadSectionSize},
      {"ends not increasing", [&](std::string& d) { u32(d, 12, 0); },
       ReadErrorKind::BadSectionSize},
      {"the last end short of the section",
       [&](std::string& d) {
         std::uint32_t end;
         std::memcpy(&end, &d[16], 4);
         u32(d, 16, end - 1);
       },
       ReadErrorKind::BadSectionSize},
      {"the records per frame of other frames", [&](std::string& d) { u32(d, 0, 1400); },
       ReadErrorKind::DamagedSection},
      {"a frame that is not zstd's", [&](std::string& d) { d[8 + 4 * 3] = 0; },
       ReadErrorKind::DamagedSection},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    const std::string path = damaged(c.change);
    ReadError error;
    auto book = Book::open_mapped(path, error);
    REQUIRE(book);
    try {
      for (std::uint32_t i = 0; i < book->paragraph_count(); ++i)
        (void)book->paragraph(i);
      FAIL("read whole");
    } catch (const BadBookError& e) {
      CHECK(e.error().kind == c.kind);
      CHECK(e.error().section == layout::SectionId::PARA);
    }
    CHECK_FALSE(Book::open_file(path, error));
    CHECK(error.kind == c.kind);
  }
}

TEST_CASE("a section whose check fails on a section it reads stays refused", "[tbook]") {
  // The awards' check reads the vocabulary: damaged, both refuse, every time
  // (a thread that caught the first error never reads the awards unchecked).
  tbook_test::Sections s = tbook_test::split(frames_book(true));
  tbook_test::RawSection& vocab = section(s, tag("VOCB"));
  REQUIRE(vocab.flags == layout::section_zstd);
  std::string records(std::size_t(vocab.count) * vocab.record_size, '\0');
  REQUIRE(ZSTD_decompress(records.data(), records.size(), vocab.data.data(), vocab.data.size()) ==
          records.size());
  records[offsetof(layout::VocabRecord, kind)] = char(0xEE);
  vocab.data.assign(ZSTD_compressBound(records.size()), '\0');
  vocab.data.resize(
      ZSTD_compress(vocab.data.data(), vocab.data.size(), records.data(), records.size(), 1));
  ReadError error;
  auto book = Book::open_mapped(write("vocab.tbook", tbook_test::join(s)), error);
  REQUIRE(book);
  for (int attempt = 0; attempt < 2; ++attempt) {
    INFO("attempt " << attempt);
    try {
      (void)book->award(0);
      FAIL("an award read unchecked");
    } catch (const BadBookError& e) {
      CHECK(e.error().section == layout::SectionId::VOCB);
      CHECK(e.error().kind == ReadErrorKind::BadKind);
    }
  }
}

TEST_CASE("threads reading one mapped book read what open_file reads", "[tbook]") {
  // Frames and sections are unpacked and checked once, by whichever thread
  // reads them first; the others read them then, never half unpacked. Half
  // the threads start by a paragraph's number (the index reads the frame
  // without checking it), half by its place (which checks it), all at once.
  const std::string bytes = frames_book(true);
  std::string error;
  auto whole = Book::open_memory(bytes.data(), bytes.size(), error);
  REQUIRE(whole);
  auto text = [](const Book& book, const Paragraph& p) {
    std::string all(p.prose);
    for (std::uint32_t s = p.sections.first; s < p.sections.first + p.sections.count; ++s)
      for (std::uint32_t a : book.section(s).awards)
        all += "|" + std::to_string(int(book.award(a).kind)) + std::string(book.award(a).name);
    return all;
  };
  const std::uint32_t n = whole->paragraph_count();
  std::vector<std::string> expected;
  for (std::uint32_t i = 0; i < n; ++i)
    expected.push_back(text(*whole, whole->paragraph(i)));
  const std::string path = write("threads.tbook", bytes);
  constexpr int threads = 4, rounds = 40;
  int mismatches = 0;
  for (int round = 0; round < rounds; ++round) {
    auto book = Book::open_mapped(path, error);
    REQUIRE(book);
    std::atomic<int> ready{0};
    std::vector<int> wrong(threads, 0);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        ++ready;
        while (ready.load() < threads) {
        }
        for (std::uint32_t k = 0; k < 150; ++k) {
          const std::uint32_t i = (k * 20 + std::uint32_t(round)) % n;
          std::optional<Paragraph> p;
          if (t % 2) {
            p = book->find_paragraph(whole->paragraph(i).number);
          } else {
            p = book->paragraph(i);
          }
          wrong[std::size_t(t)] += !p || text(*book, *p) != expected[i];
        }
      });
    for (std::thread& w : workers)
      w.join();
    for (int w : wrong)
      mismatches += w;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("talec build --frame-size: smaller frames, the same book", "[tbook][cli]") {
  static test::TempDir temp{"frame-size"};
  const std::string book = test::source_dir() + "/book";
  auto build = [&](const std::string& name, std::vector<std::string> options) {
    const std::string out = (temp.path / name).string();
    std::vector<std::string> args{"build", book, "-o", out};
    args.insert(args.end(), options.begin(), options.end());
    const test::Run r = test::talec(args);
    INFO(r.err);
    REQUIRE(r.exit == 0);
    return out;
  };
  const std::string normal = build("normal.tbook", {}),
                    small = build("small.tbook", {"--frame-size", "256"});
  tbook_test::Sections plain =
      tbook_test::split(test::read_file(build("plain.tbook", {"--unpacked"})));
  const tbook_test::Sections s = tbook_test::split(test::read_file(small));
  // The sample book's sections are each one frame by default; at 256 bytes
  // every larger section is in frames that unpack to the unpacked file's records.
  CHECK(tbook_test::split(test::read_file(normal)).sections.size() == s.sections.size());
  int framed = 0;
  for (const auto& r : s.sections) {
    if (!r.flags) continue;
    INFO(std::string(reinterpret_cast<const char*>(&r.tag), 4));
    if (std::uint64_t(r.count) * r.record_size <= 256) {
      CHECK(r.flags == layout::section_zstd);
      continue;
    }
    REQUIRE(r.flags == layout::section_frames);
    ++framed;
    CHECK(Framed(r.data, r.record_size, r.count, 256).joined() == section(plain, r.tag).data);
  }
  CHECK(framed >= 5);
  // Read whole, mapped and dumped, it is the same book.
  ReadError error;
  auto whole = Book::open_file(small, error);
  REQUIRE(whole);
  auto mapped = Book::open_mapped(small, error);
  REQUIRE(mapped);
  for (std::uint32_t i = 0; i < whole->paragraph_count(); ++i)
    CHECK(mapped->paragraph(i).prose == whole->paragraph(i).prose);
  CHECK(mapped->verify(error));
  const test::Run a = test::talec({"dump", normal}), b = test::talec({"dump", small});
  REQUIRE(a.exit == 0);
  CHECK(b.exit == 0);
  CHECK(a.out == b.out);
  // Out of range or not a number: a usage error, nothing written.
  for (std::string bad : {"63", "16777217", "0", "64k", ""}) {
    INFO(bad);
    const test::Run r =
        test::talec({"build", book, "-o", (temp.path / "bad.tbook").string(), "--frame-size", bad});
    CHECK(r.exit == 2);
    CHECK(r.err.find("'--frame-size' needs a whole number from 64 to 16777216, not '" + bad +
                     "'") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(temp.path / "bad.tbook"));
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
