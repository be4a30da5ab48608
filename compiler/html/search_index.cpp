// The search's data: for each paragraph its number, where it is shown, its
// first words and its search key (compiler/text search_key: NFKC,
// lowercased, so that the page's `normalize('NFKC').toLowerCase()` of what is
// typed matches Chinese, Arabic and full-width text alike). A thousand
// paragraphs to a file, each a <script src> the page loads when a search
// starts (file:// allows no fetch).
#include <nlohmann/json.hpp>

#include "compiler/html/site_pages.hpp"
#include "compiler/text/text.hpp"

namespace talebook::html {
namespace {

constexpr std::size_t paragraphs_per_file = 1000;

// A paragraph's text without its comment lines.
std::string words_of(const SiteBook& site, std::size_t index) {
  const Paragraph& p = site.book().paragraphs[index];
  if (!p.range.valid()) return {};
  std::string_view text = site.sources().text(p.range);
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    if (!text::is_comment_line(line)) (out += line) += ' ';
    at = end + 1;
  }
  return out;
}

std::string dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace

std::vector<std::pair<std::string, std::string>>
search_files(const SiteContext& context, const std::vector<ParagraphPage>& pages) {
  std::vector<std::pair<std::string, std::string>> files;
  nlohmann::json chunk = nlohmann::json::array();
  auto flush = [&] {
    std::string name = "search-" + std::to_string(files.size()) + ".js";
    files.push_back({name, "talebookSearch.add(" + dump(chunk) + ");\n"});
    chunk = nlohmann::json::array();
  };
  for (const ParagraphPage& page : pages)
    for (std::uint32_t number : page.numbers) {
      auto mine = context.site.paragraphs_numbered(number);
      std::string words, label;
      if (!mine.empty()) {
        words = words_of(context.site, mine[0]);
        label = lsp::first_line(context.site.book().paragraphs[mine[0]], 80);
      }
      if (context.source) {
        auto theirs = context.source->paragraphs_numbered(number);
        if (!theirs.empty()) {
          words += words_of(*context.source, theirs[0]);
          if (label.empty())
            label = lsp::first_line(context.source->book().paragraphs[theirs[0]], 80);
        }
      }
      chunk.push_back({number, page_file(page.page) + "#p" + std::to_string(number), label,
                       text::search_key(words)});
      if (chunk.size() == paragraphs_per_file) flush();
    }
  if (!chunk.empty() || files.empty()) flush();
  nlohmann::json names = nlohmann::json::array();
  for (const auto& [name, text] : files)
    names.push_back(name);
  files.insert(files.begin(),
               {"search-data.js", "window.talebookSearchFiles = " + dump(names) + ";\n"});
  return files;
}

} // namespace talebook::html
