// Damage: every truncation and every single-byte change of a small .tbook is
// rejected, and each test checks which layer refused it: a plain truncation is
// caught by the header's file size, a plain byte change by the checksum. With
// the file size and checksum repaired (resealed), the same damage reaches the
// structural validator: a resealed truncation must still be refused there, and
// a resealed byte change is refused there or opens a book whose every view
// stays inside the file. Refusals are counted by reason. Run under
// AddressSanitizer with -DTALEBOOK_SANITIZE=ON (see docs/binary-format.md).
#include <catch2/catch.hpp>

#include <cstddef>
#include <map>

#include "compiler/emit/emit.hpp"
#include "compiler/emit/emit_json.hpp"
#include "talebook/reader.hpp"
#include "tests/tbook_fixture.hpp"
#include "tests/tbook_rebuild.hpp"

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

// The reason of a refusal without its numbers and names: "bad book file:
// truncated (10 of 20 bytes)" -> "truncated"; "" when the file opened.
std::string reason(const std::string& error) {
  std::string what = error.substr(error.rfind("bad book file: ", 0) == 0 ? 15 : 0);
  what = what.substr(0, what.find_first_of("0123456789'(:"));
  while (!what.empty() && what.back() == ' ')
    what.pop_back();
  return what.empty() ? "?" : what;
}

// Opens a copy of exactly `bytes.size()` bytes (ASan sees any read past its
// end); returns the refusal's reason, or "" if it opened. An opened book is
// walked whole.
std::string open_reason(const std::string& bytes) {
  std::unique_ptr<char[]> exact(new char[bytes.size() + 1]);
  std::memcpy(exact.get(), bytes.data(), bytes.size());
  std::string error;
  auto book = talebook::tbook::Book::open_borrowed(exact.get(), bytes.size(), error);
  if (!book) {
    CHECK(error.rfind("bad book file: ", 0) == 0);
    return reason(error);
  }
  // Walk every view: a bad offset that slipped through would fault here.
  talebook::tbook_json(*book).dump();
  for (std::uint32_t p = 0; p < book->paragraph_count(); ++p)
    CHECK(book->find_paragraph(book->paragraph(p).number));
  return "";
}

// The header's file size (and, unpacked, image size) set to the bytes'
// length, and the checksum recomputed: what a writer would have written.
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

std::string report(const std::map<std::string, std::size_t>& reasons) {
  std::string out;
  for (const auto& [what, count] : reasons)
    out += "  " + (what.empty() ? std::string("(opened)") : what) + ": " + std::to_string(count) +
           "\n";
  return out;
}

} // namespace

TEST_CASE("every truncation of a .tbook is refused by its size", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  REQUIRE(open_reason(good).empty());
  std::map<std::string, std::size_t> reasons;
  for (std::size_t n = 0; n < good.size(); ++n)
    ++reasons[open_reason(good.substr(0, n))];
  INFO("refusals by reason:\n" << report(reasons));
  CHECK(reasons.count("") == 0);
  // A cut inside the 8-byte magic fails the magic (or its line-ending bytes);
  // every longer cut is caught as a truncation (of the header, the section
  // table or a section: the reader says which, from the header's sizes).
  std::size_t truncations = 0;
  for (const auto& [what, count] : reasons)
    if (what.rfind("truncated", 0) == 0) truncations += count;
  CHECK(truncations == good.size() - 8);
}

TEST_CASE("every truncation, resealed, is refused by the structural validator", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  REQUIRE(open_reason(resealed(good)).empty());
  std::map<std::string, std::size_t> reasons;
  for (std::size_t n = sizeof(Header); n < good.size(); ++n)
    ++reasons[open_reason(resealed(good.substr(0, n)))];
  INFO("refusals by reason:\n" << report(reasons));
  CHECK(reasons.count("") == 0);
  // The size and checksum checks are passed: every refusal is structural.
  CHECK(reasons.count("checksum mismatch") == 0);
  CHECK(reasons.count("truncated") == 0);
  CHECK(reasons.count("longer than its header says") == 0);
  CHECK(reasons.size() >= 2);
}

TEST_CASE("every single-byte change of a .tbook is refused, by its checksum", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  std::map<std::string, std::size_t> reasons;
  for (std::size_t i = 0; i < good.size(); ++i)
    for (int change = 0; change < 2; ++change) {
      std::string bad = good;
      bad[i] = change == 0 ? char(bad[i] ^ 0xFF) : char(bad[i] + 1);
      ++reasons[open_reason(bad)];
    }
  INFO("refusals by reason:\n" << report(reasons));
  CHECK(reasons.count("") == 0);
  // The header fields read before the checksum (magic, version, sizes, probes)
  // refuse the changes made to them; every other change meets the checksum.
  CHECK(reasons["checksum mismatch"] >= 2 * (good.size() - sizeof(Header)));
}

TEST_CASE("single-byte changes, resealed, reach the validator and never read out of bounds",
          "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  std::map<std::string, std::size_t> reasons;
  for (std::size_t i = 0; i < good.size(); ++i) {
    if (i >= offsetof(Header, file_size) && i < offsetof(Header, checksum) + 8)
      continue; // the size and checksum are rewritten by the reseal
    for (int change = 0; change < 2; ++change) {
      std::string bad = good;
      bad[i] = change == 0 ? char(bad[i] ^ 0xFF) : char(bad[i] + 1);
      ++reasons[open_reason(resealed(bad))];
    }
  }
  INFO("refusals by reason:\n" << report(reasons));
  CHECK(reasons.count("checksum mismatch") == 0);
  std::size_t opened = reasons[""], refused = 0;
  for (const auto& [what, count] : reasons)
    if (!what.empty()) refused += count;
  // Most structural bytes are checked; some (prose, values without a check)
  // may be accepted, and the book they open was walked whole above.
  CHECK(refused > opened / 4);
  CHECK(reasons.size() >= 6); // many different checks of the validator were reached
}
