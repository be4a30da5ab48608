#include "compiler/html/site.hpp"

#include <filesystem>

#include "compiler/driver/book_writes.hpp"
#include "compiler/emit/emit.hpp"
#include "compiler/html/play_page.hpp"
#include "compiler/html/site_assets.hpp"
#include "compiler/html/site_pages.hpp"
#include "compiler/html/tables_html.hpp"

namespace talebook::html {
namespace {

namespace fs = std::filesystem;

class Writer {
public:
  Writer(Compilation& c, std::string dir, std::string& error)
      : c_(c), dir_(std::move(dir)), error_(error) {}
  bool operator()(const std::string& name, const std::string& text) {
    if (!error_.empty()) return false;
    const std::string path = (fs::path(dir_) / name).string();
    if (refuse_write(c_, path, WriteScope::Output)) {
      error_ = "'" + path + "' not written: the book reads it";
      return false;
    }
    error_ = write_file_atomically(path, text);
    return error_.empty();
  }

private:
  Compilation& c_;
  std::string dir_;
  std::string& error_;
};

// The links of pages to each other made links inside one page (print.html
// holds them all, with the same ids).
std::string local_links(const std::string& html) {
  std::string out;
  out.reserve(html.size());
  const std::string href = "href=\"";
  std::size_t at = 0;
  for (std::size_t found; (found = html.find(href, at)) != std::string::npos;) {
    std::size_t start = found + href.size();
    std::size_t hash = html.find('#', start);
    std::size_t quote = html.find('"', start);
    out.append(html, at, start - at);
    if (hash != std::string::npos && hash < quote && html.compare(start, 5, "play.") != 0)
      start = hash;
    at = start;
  }
  out.append(html, at);
  return out;
}

} // namespace

bool write_site(Compilation& c, const std::string& dir, const SiteOptions& options,
                std::string& error) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) {
    error = "cannot make the folder '" + dir + "'";
    return false;
  }
  const BookGraph& graph = book_graph(c);
  SiteBook site(c, graph, c.sources);
  std::unique_ptr<SiteBook> source;
  if (c.source) source = std::make_unique<SiteBook>(*c.source, book_graph(*c.source), c.sources);
  SiteFindings findings(c);
  SiteContext context{c, site, source.get(), findings};
  context.print = options.print_page || c.book.paragraphs.size() <= print_page_paragraphs;
  const SiteLanguage& language = site.language();
  Writer write(c, dir, error);

  for (const char* asset : {"style.css", "search.js"})
    if (!write(asset, std::string(site_asset(asset)))) return false;
  const std::vector<ParagraphPage> pages = paragraph_pages(context);
  if (!write("index.html", page_html(context, c.book.title, index_body(context, pages), false)))
    return false;
  std::string print_body;
  for (const ParagraphPage& page : pages) {
    std::string title = page_title(context, page), body = paragraphs_body(context, page);
    if (!write(page_file(page.page), page_html(context, title, body))) return false;
    if (context.print) print_body += "<h2 class=\"page\">" + escape(title) + "</h2>\n" + body;
  }
  std::string matrices = matrices_html(site, findings), cards = cards_html(site, findings),
              map = map_html(site);
  if (!c.book.matrices.empty() &&
      !write("matrices.html", page_html(context, site_word("matrices", language), matrices)))
    return false;
  if (!c.book.cards.empty() &&
      !write("cards.html", page_html(context, site_word("cards", language), cards)))
    return false;
  if (!c.book.map.spaces.empty() &&
      !write("map.html", page_html(context, site_word("map", language), map)))
    return false;
  if (!write("findings.html",
             page_html(context, site_word("findings", language), findings_body(context))))
    return false;
  for (const auto& [name, text] : search_files(context, pages))
    if (!write(name, text)) return false;
  if (context.print) {
    print_body += "<h2 class=\"page\">" + escape(site_word("matrices", language)) + "</h2>\n" +
                  matrices + "<h2 class=\"page\">" + escape(site_word("cards", language)) +
                  "</h2>\n" + cards;
    if (!map.empty())
      print_body += "<h2 class=\"page\">" + escape(site_word("map", language)) + "</h2>\n" + map;
    std::string page = page_html(context, c.book.title, local_links(print_body), false);
    if (!write("print.html", page)) return false;
  }

  // The browser game plays the book unpacked (the web reader has no zstd);
  // a book with errors has no .tbook to play.
  std::string tbook;
  if (c.diagnostics.errors() == 0) {
    EmitOptions emit;
    emit.pack = false;
    if (!emit_tbook(c.book, c.vocabulary, tbook, emit).empty()) tbook.clear();
  }
  return write_play_page(dir, {tbook, options.player, c.book.language, c.book.title}, error);
}

} // namespace talebook::html
