// Packing: whatever the matcher picks, the reader's unpacker gives back the
// exact image, across the window edge, at the longest match and on bytes that
// do not compress; and repeated text shrinks.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "compiler/emit/emit.hpp"
#include "reader/src/book_data.hpp"

namespace {

std::string round_trip(const std::string& image) {
  std::string packed = talebook::pack_image(image);
  std::string out(image.size(), '\0');
  bool ok =
      talebook::tbook::unpack(reinterpret_cast<const unsigned char*>(packed.data()), packed.size(),
                              reinterpret_cast<unsigned char*>(out.data()), out.size());
  REQUIRE(ok);
  return out;
}

std::string words(std::size_t size, unsigned seed) {
  const char* pool[] = {"the ",   "sultan ",  "djinn ", "of ",        "Basra ", "[S1/D1] ",
                        "(134) ", "caravan ", "gold ",  "No Skill: ", "\n@",    "Piety: "};
  std::mt19937 rng(seed);
  std::string out;
  while (out.size() < size)
    out += pool[rng() % std::size(pool)];
  out.resize(size);
  return out;
}

} // namespace

TEST_CASE("a packed image unpacks to the same bytes", "[tbook][pack]") {
  std::mt19937 rng(7);
  std::string noise(70000, '\0');
  for (char& c : noise)
    c = char(rng() & 0xFF);
  std::string block = words(40000, 3);
  std::string edge = block + block.substr(0, 1000); // a repeat 40000 back, beyond the window
  std::string at_window = block.substr(0, 32768) + block.substr(0, 300); // exactly 32768 back
  const std::string images[] = {std::string("abcabcabc"),
                                std::string(100000, 'x'), // distance 1, the longest matches
                                words(300000, 1),
                                noise,
                                edge,
                                at_window,
                                noise.substr(0, 5000) + words(5000, 2) + noise.substr(0, 5000)};
  for (const std::string& image : images) {
    INFO("image of " << image.size() << " bytes");
    CHECK(round_trip(image) == image);
  }
}

TEST_CASE("repeated text packs to a fraction of its size", "[tbook][pack]") {
  const std::string text = words(500000, 5);
  CHECK(talebook::pack_image(text).size() * 3 < text.size());
  CHECK(talebook::pack_image(std::string(100000, 'x')).size() < 1000);
}
