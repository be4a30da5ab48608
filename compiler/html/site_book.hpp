// A compiled book as its site sees it: on which page each paragraph stands,
// where each reference links to, what leads to each paragraph (the book's
// reference graph turned round), which paragraphs the game cannot reach, and
// where each diagnostic of `check` applies.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "compiler/graph/graph_reach.hpp"
#include "compiler/graph/leads_into.hpp"
#include "compiler/html/html_text.hpp"
#include "compiler/html/site_words.hpp"
#include "compiler/lsp/book_index.hpp"

namespace talebook::html {

// Paragraphs stand a hundred numbers to a page (paragraphs-6.html holds 600
// to 699): a book of 100,000 paragraphs is a thousand pages of one size.
inline constexpr std::uint32_t numbers_per_page = 100;
inline std::uint32_t page_of(std::uint32_t number) {
  return number / numbers_per_page;
}
std::string page_file(std::uint32_t page);

// One book of a site: the book itself, or a translation's source book (whose
// references link into the translation's pages, which have the same numbers).
class SiteBook {
public:
  SiteBook(const CompiledBook& book, const BookGraph& graph, const SourceSet& sources);

  const Book& book() const { return book_; }
  const Vocabulary& vocabulary() const { return vocabulary_; }
  const SourceSet& sources() const { return sources_; }
  const SiteLanguage& language() const { return language_; }

  // Where a number, a matrix, a row, a card or a space is shown; empty when
  // the book has none (a broken reference).
  std::string href(const lsp::Target& target) const;
  std::string paragraph_href(std::uint32_t number) const;
  // The indexes of the paragraphs numbered `number` (more than one: TB0010).
  std::span<const std::size_t> paragraphs_numbered(std::uint32_t number) const;
  // Whether the game reaches paragraph `index` (a fragment, a book with no
  // entry point, reaches everything: check_reach says nothing there).
  bool reachable(std::size_t index) const;
  // Links to what leads to paragraph `index` (paragraphs, matrix cells, cards, the rules).
  std::vector<std::string> leads_here(std::size_t index) const;
  // Links over every reference written in `range`, and award labels over
  // every award group among `awards`, for marked_html.
  std::vector<Mark> marks(SourceRange range, const std::vector<AwardCode>& awards) const;
  // An award group as words: one label per item, the code as written on hover.
  std::string award_html(const AwardCode& code) const;

private:
  std::string node_link(NodeId node) const;
  const Book& book_;
  const Vocabulary& vocabulary_;
  const SourceSet& sources_;
  const BookGraph& graph_;
  SiteLanguage language_;
  lsp::BookIndex index_;
  std::vector<const lsp::Occurrence*> by_place_; // the index's occurrences by file and offset
  GraphReach reach_;
  bool fragment_ = false;
  LeadsInto leads_into_;               // what leads to each paragraph
  std::vector<std::size_t> by_number_; // paragraph indexes by number
};

// Where the diagnostics of a compilation apply: at a paragraph (by number, of
// the book or of a translation's source book), a matrix, a card, or the book.
struct SiteFindings {
  explicit SiteFindings(const Compilation& compilation);
  std::map<std::uint32_t, std::vector<const Diagnostic*>> paragraphs;
  std::map<char, std::vector<const Diagnostic*>> matrices;
  std::map<std::size_t, std::vector<const Diagnostic*>> cards;
  std::vector<const Diagnostic*> book; // the rest
};

// A diagnostic as `check` prints its first line, without the caret: the
// file, line and column, the severity and code, the message in `language`.
std::string finding_html(const Diagnostic& d, const SourceSet& sources,
                         const SiteLanguage& language);
// A list of findings (empty: nothing).
std::string findings_html(const std::vector<const Diagnostic*>& list, const SourceSet& sources,
                          const SiteLanguage& language);

} // namespace talebook::html
