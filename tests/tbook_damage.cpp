// Damage: every truncation and every single-byte change of a small .tbook is
// rejected, and each test checks which layer refused it (by the reader's
// error kind): a plain truncation is caught by the header's file size, a plain
// byte change by the checksum. With the file size and checksum repaired, a
// change inside a section meets its per-section sum; with every sum resealed
// (tbook_reseal.hpp) it reaches the check of what it is in: a record's field
// or a string. A resealed byte change is refused there or opens a book whose
// every view stays inside the file. Refusals are counted by kind and layer,
// and printed. Run under AddressSanitizer with -DTALEBOOK_SANITIZE=ON (see
// docs/binary-format.md).
#include <catch2/catch.hpp>

#include <cstddef>
#include <filesystem>
#include <iostream>
#include <map>

#include <sys/resource.h>

#include "compiler/emit/emit.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/reader.hpp"
#include "tests/support.hpp"
#include "tests/tbook_fixture.hpp"
#include "tests/tbook_rebuild.hpp"
#include "tests/tbook_reseal.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

using talebook::tbook::layout::Header;

std::string small_book(bool pack) {
  std::string bytes;
  std::string error =
      talebook::emit_tbook(tbook_test::fixture_book(), tbook_test::fixture_vocabulary(), bytes,
                           talebook::EmitOptions{pack});
  REQUIRE(error.empty());
  return bytes;
}

using talebook::tbook::ReadErrorKind;
using talebook::tbook::ReadLayer;

// Refusals by kind; ReadErrorKind::None counts the files that opened.
using Refusals = std::map<ReadErrorKind, std::size_t>;

// Opens a copy of exactly `bytes.size()` bytes (ASan sees any read past its
// end); returns the refusal's kind, or None if it opened. An opened book is
// walked whole.
ReadErrorKind open_kind(const std::string& bytes) {
  std::unique_ptr<char[]> exact(new char[bytes.size() + 1]);
  std::memcpy(exact.get(), bytes.data(), bytes.size());
  talebook::tbook::ReadError error;
  auto book = talebook::tbook::Book::open_borrowed(exact.get(), bytes.size(), error);
  if (!book) {
    CHECK(error.bad_file());
    CHECK(error.kind != ReadErrorKind::None);
    // A record's check says where: the section, and (but for the section-wide
    // ones) the record.
    if (error.layer() == ReadLayer::records) {
      CHECK(error.section < talebook::tbook::layout::SectionId::count);
      if (error.kind != ReadErrorKind::BookCount && error.kind != ReadErrorKind::IndexIncomplete)
        CHECK(error.record != talebook::tbook::layout::none);
    }
    return error.kind;
  }
  // Walk every view: a bad offset that slipped through would fault here.
  talebook::tbook_json(*book).dump();
  for (std::uint32_t p = 0; p < book->paragraph_count(); ++p)
    CHECK(book->find_paragraph(book->paragraph(p).number));
  return ReadErrorKind::None;
}

// The header's file size (and, unpacked, image size) set to the bytes'
// length, and the whole-file checksum recomputed; the per-section sums left
// as they are (so a change inside a section meets them).
std::string resealed(std::string bytes) {
  std::uint64_t size = bytes.size();
  std::memcpy(bytes.data() + offsetof(Header, file_size), &size, 8);
  Header h;
  std::memcpy(&h, bytes.data(), sizeof h);
  if (!(h.flags & talebook::tbook::layout::header_packed))
    std::memcpy(bytes.data() + offsetof(Header, image_size), &size, 8);
  tbook_test::seal(bytes);
  return bytes;
}

std::map<ReadLayer, std::size_t> by_layer(const Refusals& refusals) {
  std::map<ReadLayer, std::size_t> out;
  for (const auto& [kind, count] : refusals)
    if (kind != ReadErrorKind::None) out[layer_of(kind)] += count;
  return out;
}

// "records/bad_reference: 12" lines, and the totals by layer.
std::string report(const Refusals& refusals) {
  std::string out;
  for (const auto& [kind, count] : refusals)
    out +=
        "  " +
        (kind == ReadErrorKind::None ? std::string("(opened)")
                                     : std::string(name_of(layer_of(kind))) + "/" + name_of(kind)) +
        ": " + std::to_string(count) + "\n";
  for (const auto& [layer, count] : by_layer(refusals))
    out += "  layer " + std::string(name_of(layer)) + ": " + std::to_string(count) + "\n";
  return out;
}

// Shown in the test's output (not only on failure): where the refusals come from.
void print(const char* what, const Refusals& refusals) {
  std::cout << what << ":\n" << report(refusals);
}

std::size_t count(const Refusals& refusals, ReadErrorKind kind) {
  auto it = refusals.find(kind);
  return it == refusals.end() ? 0 : it->second;
}

// Every single-byte change (two per byte: all bits flipped, plus one) but of
// the header's size and checksum, each resealed by `seal`.
template <class Seal> Refusals each_change(const std::string& good, Seal&& seal) {
  Refusals refusals;
  for (std::size_t i = 0; i < good.size(); ++i) {
    if (i >= offsetof(Header, file_size) && i < offsetof(Header, checksum) + 8)
      continue; // the size and checksum are rewritten by the reseal
    for (int change = 0; change < 2; ++change) {
      std::string bad = good;
      bad[i] = change == 0 ? char(bad[i] ^ 0xFF) : char(bad[i] + 1);
      ++refusals[open_kind(seal(bad))];
    }
  }
  return refusals;
}

} // namespace

TEST_CASE("every truncation of a .tbook is refused by its size", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  REQUIRE(open_kind(good) == ReadErrorKind::None);
  Refusals refusals;
  for (std::size_t n = 0; n < good.size(); ++n)
    ++refusals[open_kind(good.substr(0, n))];
  INFO("refusals by kind:\n" << report(refusals));
  CHECK(count(refusals, ReadErrorKind::None) == 0);
  // A cut inside the 8-byte magic fails the magic (or its line-ending bytes);
  // every longer cut is caught as a truncation (of the header, the section
  // table or a section: the reader says which, from the header's sizes).
  const std::size_t truncations = count(refusals, ReadErrorKind::Truncated) +
                                  count(refusals, ReadErrorKind::TruncatedHeader) +
                                  count(refusals, ReadErrorKind::TruncatedTable) +
                                  count(refusals, ReadErrorKind::TruncatedSection);
  CHECK(truncations == good.size() - 8);
  CHECK(count(refusals, ReadErrorKind::BadMagic) +
            count(refusals, ReadErrorKind::LineEndingProbe) ==
        8);
}

TEST_CASE("every truncation, resealed, is refused past the sums", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  REQUIRE(open_kind(tbook_test::resealed_all(good)) == ReadErrorKind::None);
  Refusals refusals;
  for (std::size_t n = sizeof(Header); n < good.size(); ++n)
    ++refusals[open_kind(tbook_test::resealed_all(good.substr(0, n)))];
  INFO("refusals by kind:\n" << report(refusals));
  print(pack ? "truncations, every sum resealed (packed)"
             : "truncations, every sum resealed (unpacked)",
        refusals);
  CHECK(count(refusals, ReadErrorKind::None) == 0);
  // The size and every sum are passed: each refusal is the table's or later.
  const auto layers = by_layer(refusals);
  CHECK(layers.count(ReadLayer::header) == 0);
  CHECK(layers.count(ReadLayer::sums) == 0);
  CHECK(layers.count(ReadLayer::table) == 1);
  CHECK(refusals.size() >= 2);
}

TEST_CASE("every single-byte change of a .tbook is refused, by its checksum", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  Refusals refusals;
  for (std::size_t i = 0; i < good.size(); ++i)
    for (int change = 0; change < 2; ++change) {
      std::string bad = good;
      bad[i] = change == 0 ? char(bad[i] ^ 0xFF) : char(bad[i] + 1);
      ++refusals[open_kind(bad)];
    }
  INFO("refusals by kind:\n" << report(refusals));
  CHECK(count(refusals, ReadErrorKind::None) == 0);
  // The header fields read before the checksum (magic, version, sizes, probes)
  // refuse the changes made to them; every other change meets the checksum.
  CHECK(count(refusals, ReadErrorKind::ChecksumMismatch) >= 2 * (good.size() - sizeof(Header)));
}

TEST_CASE("single-byte changes reach every layer of checks and never read out of bounds",
          "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  // The whole-file checksum resealed: a change inside a section meets its sum.
  const Refusals sums = each_change(good, resealed);
  // Every sum resealed: the change meets the check of what it is in.
  const Refusals all = each_change(good, tbook_test::resealed_all);
  INFO("whole-file checksum resealed:\n" << report(sums));
  INFO("every sum resealed:\n" << report(all));
  print(pack ? "single-byte changes, checksum resealed (packed)"
             : "single-byte changes, checksum resealed (unpacked)",
        sums);
  print(pack ? "single-byte changes, every sum resealed (packed)"
             : "single-byte changes, every sum resealed (unpacked)",
        all);
  CHECK(count(sums, ReadErrorKind::ChecksumMismatch) == 0);
  CHECK(count(all, ReadErrorKind::ChecksumMismatch) == 0);
  // Resealing every sum leaves no refusal to the sums: the changes they took
  // reach the records and strings instead.
  const auto sum_layers = by_layer(sums), all_layers = by_layer(all);
  CHECK(sum_layers.at(ReadLayer::sums) > 0);
  CHECK(all_layers.count(ReadLayer::sums) == 0);
  CHECK(all_layers.at(ReadLayer::header) > 0);
  CHECK(all_layers.at(ReadLayer::table) > 0);
  CHECK(all_layers.at(ReadLayer::strings) > 0);
  CHECK(all_layers.at(ReadLayer::records) >
        (sum_layers.count(ReadLayer::records) ? sum_layers.at(ReadLayer::records) : 0));
  // Each family of record checks is reached by some change (of the unpacked
  // file: in 1.3's default form a change inside a record section changes a
  // zstd frame, which mostly no longer unpacks: damaged_section).
  for (ReadErrorKind kind :
       {ReadErrorKind::BadString, ReadErrorKind::BadKind, ReadErrorKind::BadFlag,
        ReadErrorKind::ListOutOfRange, ReadErrorKind::BadReference, ReadErrorKind::OutOfOrder,
        ReadErrorKind::BadSlot, ReadErrorKind::BadLetter}) {
    if (pack) break;
    INFO(name_of(kind));
    CHECK(count(all, kind) > 0);
  }
  // Most structural bytes are checked; some (prose, values without a check)
  // may be accepted, and the book they open was walked whole above.
  std::size_t refused = 0;
  for (const auto& [kind, n] : all)
    if (kind != ReadErrorKind::None) refused += n;
  CHECK(refused > count(all, ReadErrorKind::None) / 4);
}

// open_file reads a file's header before the rest: a 3 GiB file that is no
// .tbook (or one longer than its header says) is refused with the error the
// whole file gets, without being read (it was read whole first: 3 GiB of
// memory to refuse its first byte). The file is sparse: it costs no disk.
TEST_CASE("a large file is refused from its header, not read whole", "[tbook]") {
  test::TempDir temp("large-tbook");
  const std::string good = small_book(true);
  auto peak_kib = [] {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return std::uint64_t(usage.ru_maxrss);
  };
  const std::uint64_t three_gib = std::uint64_t(3) << 30;
  struct Case {
    const char* name;
    std::string head;
    ReadErrorKind kind;
  };
  for (const Case& c : {Case{"foreign", "not a book", ReadErrorKind::BadMagic},
                        Case{"longer than its header says", good, ReadErrorKind::TooLong}}) {
    INFO(c.name);
    const std::string path = (temp / "big.tbook").string();
    test::write_file(path, c.head);
    std::filesystem::resize_file(path, three_gib);
    const std::uint64_t before = peak_kib();
    talebook::tbook::ReadError error;
    CHECK_FALSE(talebook::tbook::Book::open_file(path, error));
    CHECK(error.kind == c.kind);
    CHECK(error.path == path);
    CHECK(peak_kib() - before < 256 * 1024); // KiB: far from 3 GiB
    if (c.kind == ReadErrorKind::TooLong) {
      CHECK(error.value == three_gib);
      CHECK(error.limit == good.size());
      // The same error as the whole file in memory gets.
      std::string longer = good + std::string(100, '\0');
      talebook::tbook::ReadError whole;
      CHECK_FALSE(talebook::tbook::Book::open_memory(longer.data(), longer.size(), whole));
      CHECK(whole.kind == ReadErrorKind::TooLong);
    }
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
