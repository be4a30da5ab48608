// The play page of a talec html site: play.html (compiler/html/site/play.html
// with its fields filled in), play.js, the book as book.tbook and as a script
// (book.tbook.js: a file:// page cannot fetch() it), and the player,
// talebook-web.js, copied from the web build when there is one.
#include "compiler/html/play_page.hpp"

#include <fstream>
#include <sstream>

#include "compiler/html/html_text.hpp"
#include "compiler/html/site_assets.hpp"

namespace talebook::html {
namespace {

std::string base64(std::string_view bytes) {
  static const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned n = unsigned(static_cast<unsigned char>(bytes[i])) << 16 |
                       unsigned(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    out += {digits[n >> 18], digits[n >> 12 & 63], digits[n >> 6 & 63], digits[n & 63]};
  }
  if (const std::size_t left = bytes.size() - i) {
    unsigned n = unsigned(static_cast<unsigned char>(bytes[i])) << 16;
    if (left == 2) n |= unsigned(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += {digits[n >> 18], digits[n >> 12 & 63], left == 2 ? digits[n >> 6 & 63] : '=', '='};
  }
  return out;
}

void fill(std::string& page, std::string_view field, const std::string& value) {
  const std::string mark = "{{" + std::string(field) + "}}";
  for (std::size_t at; (at = page.find(mark)) != std::string::npos;)
    page.replace(at, mark.size(), value);
}

// What play.html says instead of a game when the site has none to offer.
std::string notice(const PlayPage& page) {
  std::string out;
  if (page.player.empty())
    out += "<div class=\"play-notice\" role=\"note\">\n"
           "<p>This site was made without the browser game's player, <code>talebook-web.js</code>"
           " (the engine as WebAssembly). To play here, build it once with emscripten, from the "
           "top of a clone of talebook:</p>\n"
           "<pre>bash tools/web/build.sh   # cmake --preset web &amp;&amp; cmake --build --preset "
           "web</pre>\n"
           "<p>then make the site again with it:</p>\n"
           "<pre>talec html BOOK -o SITE --player build-web/engine/web/talebook-web.js</pre>\n"
           "</div>\n";
  if (page.tbook.empty())
    out += "<p class=\"play-notice\">The book has errors: this site carries no book to play. "
           "A <code>.tbook</code> opened from disk plays.</p>\n";
  return out;
}

std::string play_html(const PlayPage& page) {
  std::string html(site_asset("play.html"));
  const std::string language = page.language.empty() ? "en" : page.language;
  std::string scripts;
  if (!page.tbook.empty()) scripts += "<script src=\"book.tbook.js\"></script>\n";
  if (!page.player.empty()) scripts += "<script src=\"talebook-web.js\"></script>\n";
  scripts += "<script src=\"play.js\"></script>";
  fill(html, "lang", escape(language));
  fill(html, "dir", right_to_left(language) ? "rtl" : "ltr");
  fill(html, "title", escape(page.title));
  fill(html, "notice", notice(page));
  fill(html, "scripts", scripts);
  return html;
}

class PageWriter {
public:
  PageWriter(const std::string& dir, std::string& error) : dir_(dir), error_(error) {}
  bool operator()(const std::string& name, std::string_view text) {
    const std::string path = dir_ + "/" + name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(text.data(), std::streamsize(text.size()));
    out.close();
    if (!out) error_ = "cannot write '" + path + "'";
    return bool(out);
  }

private:
  const std::string& dir_;
  std::string& error_;
};

bool read_player(const std::string& path, std::string& text, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  if (in) bytes << in.rdbuf();
  if (!in || in.bad() || bytes.str().empty()) {
    error = "cannot read the player '" + path + "' (build it with 'bash tools/web/build.sh')";
    return false;
  }
  text = std::move(bytes).str();
  return true;
}

} // namespace

bool write_play_page(const std::string& dir, const PlayPage& page, std::string& error) {
  std::string player;
  if (!page.player.empty() && !read_player(page.player, player, error)) return false;
  PageWriter write(dir, error);
  if (!write("play.html", play_html(page)) || !write("play.js", site_asset("play.js")))
    return false;
  if (!page.tbook.empty() &&
      (!write("book.tbook", page.tbook) ||
       !write("book.tbook.js", "// The book that play.html plays (talec html): an unpacked .tbook."
                               "\nwindow.talebookBook = {name: 'book.tbook', base64: '" +
                                   base64(page.tbook) + "'};\n")))
    return false;
  return player.empty() || write("talebook-web.js", player);
}

} // namespace talebook::html
