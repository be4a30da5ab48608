// The play page of a talec html site (compiler/html/play_page.hpp): the files
// write_play_page writes, the player it copies, and its errors. The page
// itself is played in chromium by tests/web/play_game.mjs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "compiler/html/play_page.hpp"
#include "compiler/html/site_assets.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;
using talebook::html::PlayPage;
using talebook::html::write_play_page;

// Every byte value, as a .tbook's bytes stand in for one.
std::string all_bytes() {
  std::string bytes;
  for (int i = 0; i < 256 * 3 + 2; ++i)
    bytes += char(i * 7 % 256);
  return bytes;
}

// The base64 text of book.tbook.js, decoded.
std::string decode_book_script(const std::string& script) {
  const std::string mark = "base64: '";
  const std::size_t start = script.find(mark);
  REQUIRE(start != std::string::npos);
  const std::string text = script.substr(
      start + mark.size(), script.find('\'', start + mark.size()) - start - mark.size());
  const std::string digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  unsigned bits = 0, count = 0;
  for (char c : text) {
    if (c == '=') break;
    const std::size_t d = digits.find(c);
    if (d == std::string::npos) FAIL("not base64: " << c);
    bits = bits << 6 | unsigned(d);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += char(bits >> count & 0xFF);
    }
  }
  return out;
}

TEST_CASE("the play page writes play.html and play.js and the book as a file and as a script",
          "[web]") {
  test::TempDir dir("play-page");
  const std::string bytes = all_bytes();
  std::string error;
  REQUIRE(write_play_page(dir.str(), {bytes, "", "en", "Tales <of> \"Nights\" & Days"}, error));
  CHECK(error.empty());
  CHECK(test::read_file((dir / "book.tbook").string()) == bytes);
  CHECK(decode_book_script(test::read_file((dir / "book.tbook.js").string())) == bytes);
  CHECK(test::read_file((dir / "play.js").string()) ==
        std::string(talebook::html::site_asset("play.js")));
  const std::string html = test::read_file((dir / "play.html").string());
  CHECK(html.find("<html lang=\"en\" dir=\"ltr\">") != std::string::npos);
  CHECK(html.find("Tales &lt;of&gt; &quot;Nights&quot; &amp; Days") != std::string::npos);
  CHECK(html.find("{{") == std::string::npos);
  CHECK(html.find("<script src=\"book.tbook.js\"></script>") != std::string::npos);
  // Without a player, it says how to build one and loads none.
  CHECK(html.find("bash tools/web/build.sh") != std::string::npos);
  CHECK(html.find("cmake --preset web") != std::string::npos);
  CHECK(html.find("--player build-web/engine/web/talebook-web.js") != std::string::npos);
  CHECK(html.find("src=\"talebook-web.js\"") == std::string::npos);
  CHECK_FALSE(fs::exists(dir / "talebook-web.js"));
}

TEST_CASE("the play page copies the player it is given", "[web]") {
  test::TempDir dir("play-page");
  const std::string player = "var TalebookWeb = function () {};\n" + all_bytes();
  test::write_file(dir / "player.js", player);
  fs::create_directories(dir / "site");
  std::string error;
  REQUIRE(write_play_page((dir / "site").string(),
                          {"tbook", (dir / "player.js").string(), "zh", "故事之书"}, error));
  CHECK(test::read_file((dir / "site" / "talebook-web.js").string()) == player);
  const std::string html = test::read_file((dir / "site" / "play.html").string());
  CHECK(html.find("<script src=\"talebook-web.js\"></script>") != std::string::npos);
  CHECK(html.find("tools/web/build.sh") == std::string::npos);
  CHECK(html.find("<html lang=\"zh\" dir=\"ltr\">") != std::string::npos);
  CHECK(html.find("故事之书") != std::string::npos);
}

TEST_CASE("an unreadable player is an error that names it", "[web]") {
  test::TempDir dir("play-page");
  std::string error;
  const std::string missing = (dir / "no-such-player.js").string();
  CHECK_FALSE(write_play_page(dir.str(), {"tbook", missing, "en", "T"}, error));
  CHECK(error.find("'" + missing + "'") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "play.html"));
  error.clear();
  fs::create_directories(dir / "a-folder");
  CHECK_FALSE(write_play_page(dir.str(), {"tbook", (dir / "a-folder").string(), "en", "T"}, error));
  CHECK(error.find("cannot read the player") != std::string::npos);
}

TEST_CASE("a play page that cannot be written is an error", "[web]") {
  test::TempDir dir("play-page");
  std::string error;
  CHECK_FALSE(write_play_page((dir / "no" / "folder").string(), {"tbook", "", "en", "T"}, error));
  CHECK(error.find("cannot write") != std::string::npos);
}

TEST_CASE("an Arabic book's play page is right to left", "[web]") {
  test::TempDir dir("play-page");
  std::string error;
  REQUIRE(write_play_page(dir.str(), {"tbook", "", "ar", "كتاب"}, error));
  CHECK(test::read_file((dir / "play.html").string()).find("<html lang=\"ar\" dir=\"rtl\">") !=
        std::string::npos);
}

TEST_CASE("a site without a book to play says so and writes no book", "[web]") {
  test::TempDir dir("play-page");
  std::string error;
  REQUIRE(write_play_page(dir.str(), {"", "", "en", "T"}, error));
  CHECK_FALSE(fs::exists(dir / "book.tbook"));
  CHECK_FALSE(fs::exists(dir / "book.tbook.js"));
  const std::string html = test::read_file((dir / "play.html").string());
  CHECK(html.find("no book to play") != std::string::npos);
  CHECK(html.find("book.tbook.js") == std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
