// Damage: every truncation and every single-byte change of a small .tbook is
// rejected with a message, and with the checksum repaired (damage the checksum
// cannot see) the reader still never reads out of bounds: it rejects the file,
// or every view of the book stays inside it. Run under AddressSanitizer with
// -DTALEBOOK_SANITIZE=ON (see docs/binary-format.md).
#include <catch2/catch.hpp>

#include "compiler/emit/emit.hpp"
#include "compiler/emit/emit_json.hpp"
#include "talebook/reader.hpp"
#include "tests/tbook_fixture.hpp"
#include "tests/tbook_rebuild.hpp"

namespace {

std::string small_book(bool pack) {
  std::string bytes;
  std::string error =
      talebook::emit_tbook(tbook_test::fixture_book(), tbook_test::fixture_vocabulary(), bytes,
                           talebook::EmitOptions{pack});
  REQUIRE(error.empty());
  return bytes;
}

// Opens a damaged copy; true if it was rejected with a "bad book file" message.
bool rejected(const std::string& bytes) {
  std::string error;
  // A borrowed view of an exact-size heap copy: ASan sees any read past the end.
  std::unique_ptr<char[]> exact(new char[bytes.size() + 1]);
  std::memcpy(exact.get(), bytes.data(), bytes.size());
  auto book = talebook::tbook::Book::open_borrowed(exact.get(), bytes.size(), error);
  if (book) return false;
  return error.rfind("bad book file: ", 0) == 0;
}

} // namespace

TEST_CASE("every truncation of a .tbook is rejected", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  REQUIRE(!rejected(good));
  std::size_t failures = 0;
  for (std::size_t n = 0; n < good.size(); ++n)
    if (!rejected(good.substr(0, n))) ++failures;
  CHECK(failures == 0);
}

TEST_CASE("every single-byte change of a .tbook is rejected", "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  std::size_t failures = 0;
  for (std::size_t i = 0; i < good.size(); ++i)
    for (int change = 0; change < 2; ++change) {
      std::string bad = good;
      bad[i] = change == 0 ? char(bad[i] ^ 0xFF) : char(bad[i] + 1);
      if (!rejected(bad)) ++failures, UNSCOPED_INFO("byte " << i << " change " << change);
    }
  CHECK(failures == 0);
}

TEST_CASE("changes behind a repaired checksum never make the reader read out of bounds",
          "[tbook]") {
  const bool pack = GENERATE(true, false);
  INFO((pack ? "packed" : "unpacked"));
  const std::string good = small_book(pack);
  std::size_t opened = 0, refused = 0;
  for (std::size_t i = 0; i < good.size(); ++i)
    for (int change = 0; change < 2; ++change) {
      std::string bad = good;
      bad[i] = change == 0 ? char(bad[i] ^ 0xFF) : char(bad[i] + 1);
      tbook_test::seal(bad);
      std::string copy = bad, error;
      auto book = talebook::tbook::Book::open_borrowed(copy.data(), copy.size(), error);
      if (!book) {
        CHECK(error.rfind("bad book file: ", 0) == 0);
        ++refused;
        continue;
      }
      ++opened;
      // Walk every view: a bad offset that slipped through would fault here.
      std::string json = talebook::tbook_json(*book).dump();
      for (std::uint32_t p = 0; p < book->paragraph_count(); ++p) {
        auto found = book->find_paragraph(book->paragraph(p).number);
        CHECK((found && found->index == p));
      }
      CHECK(!json.empty());
    }
  // Most structural bytes are checked; some (prose, padding-free values) may be accepted.
  CHECK(refused > opened / 4);
  CHECK(refused + opened == 2 * good.size());
}
