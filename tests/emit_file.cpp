// The default form's file written part by part (compiler/emit/emit_file.hpp):
// what the emitter writes, moves and reads back of a file is what a string
// would hold, and the pool (views of the book's text) gives the bytes a pool
// of copies would.
#include <catch2/catch.hpp>

#include <cstring>
#include <filesystem>
#include <random>
#include <unistd.h>

#include "compiler/emit/emit_file.hpp"
#include "compiler/emit/string_pool.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

std::string random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::string s(n, '\0');
  for (char& c : s)
    c = char(rng());
  return s;
}

} // namespace

TEST_CASE("emit file: what is written, moved both ways by chunks, read back and truncated is as in "
          "a string",
          "[tbook][emit]") {
  test::TempDir temp("output");
  const fs::path dir = temp.path;
  const std::string data = random_bytes(2'500'000, 7); // over two chunks of the move
  for (std::int64_t shift : {-24, -4096, 96, 1'300'000}) {
    INFO("shift " << shift);
    talebook::AtomicFile file;
    REQUIRE(file.open((dir / "f.bin").string()).empty());
    std::string memory;
    talebook::FileOutput to_file(&file, memory), to_memory(nullptr, memory);
    std::string expected(5'000'000, 'x');
    for (talebook::FileOutput* out : {&to_file, &to_memory}) {
      out->write_at(0, expected);
      out->write_at(1'000'000, data);
      out->move(1'000'000, std::uint64_t(1'000'000 + shift), data.size());
      out->truncate(4'000'000);
    }
    expected.replace(1'000'000, data.size(), data); // then a memmove of it
    std::memmove(expected.data() + 1'000'000 + shift, expected.data() + 1'000'000, data.size());
    expected.resize(4'000'000);
    std::string back;
    REQUIRE(to_file.read_at(0, 4'000'000, back));
    CHECK((back == expected)); // not printed: megabytes
    CHECK((memory == expected));
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (back[i] != expected[i] || memory[i] != expected[i]) {
        FAIL_CHECK("first difference at " << i);
        break;
      }
    back.clear();
    CHECK(!to_file.read_at(3'999'999, 2, back)); // past the end
    CHECK(back.empty());
    CHECK(!to_memory.read_at(3'999'999, 2, back));
  }
}

TEST_CASE("emit file: the pool of views gives the bytes of a pool of copies from any offset",
          "[tbook][emit]") {
  std::mt19937 rng(3);
  std::vector<std::string> texts;
  for (int i = 0; i < 3000; ++i)
    texts.push_back(random_bytes(rng() % 40, unsigned(rng() % 500))); // repeats among them
  talebook::StringPool pool;
  std::string copies;
  std::vector<std::uint32_t> offsets;
  for (const std::string& t : texts) {
    bool added = false;
    const std::uint32_t at = pool.add(t, added);
    if (added) {
      CHECK(at == copies.size());
      talebook::StringPool::put(copies, t);
    }
    offsets.push_back(at);
  }
  for (std::size_t i = 0; i < texts.size(); ++i) {
    std::uint32_t size;
    std::memcpy(&size, copies.data() + offsets[i], 4);
    CHECK(copies.substr(offsets[i] + 4, size) == texts[i]);
  }
  CHECK(pool.size() == copies.size());
  CHECK(pool.bytes() == copies);
  for (int k = 0; k < 500; ++k) {
    const std::size_t start = rng() % copies.size(), size = rng() % (copies.size() - start + 1);
    std::string out = "head";
    pool.copy(start, size, out);
    CHECK(out == "head" + copies.substr(start, size));
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
