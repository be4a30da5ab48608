// The book model: what a Book of Tales is, in the game's words.
//
// The parser (compiler/parse/) builds it from `.tales` sources; the resolver
// (compiler/resolve/) and the checks (compiler/check/) read it; the emitter
// (compiler/emit/) writes it as a `.tbook`. Its records, one header each:
// references.hpp (the kinds, paragraph and matrix references), award_code.hpp,
// section.hpp, paragraph.hpp (paragraphs, charts, matrices, cards); this one
// holds the Book and its TextStore.
// Names that a translation changes are resolved to vocabulary ids (stable
// strings such as "courtly_graces") so that an English and a Chinese book
// compare equal wherever their mechanics are equal.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/model/award_code.hpp"
#include "compiler/model/game_family.hpp"
#include "compiler/model/merchant_display.hpp"
#include "compiler/model/paragraph.hpp"
#include "compiler/model/references.hpp"
#include "compiler/model/section.hpp"
#include "compiler/model/store.hpp"
#include "compiler/model/symbols.hpp"
#include "compiler/model/text_ref.hpp"
#include "compiler/model/world_map.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

// ---- the book ----------------------------------------------------------------

// Where the model's text is kept when it is not a slice of a source file (the
// common case, a view into the SourceSet's text): text joined from several
// lines, a CRLF file's lines, an NFC form, a JSON book's strings. Chunks of
// bytes that never move: moving a Book, or adopting another's store when two
// books merge, keeps every view valid.
class TextStore {
public:
  // A copy of `text` that lives as long as the store (or the one adopting it).
  std::string_view keep(std::string_view text);
  // `before` + `separator` + `piece`, kept; grows `before` in place when it is
  // the last text kept (or the last long joined text) and its chunk has room;
  // a long text is kept with room to grow (Store::allocate_run).
  std::string_view join(std::string_view before, char separator, std::string_view piece);
  // Takes `other`'s chunks (a merge of two books): their views stay valid.
  void adopt(TextStore&& other) { chars_.adopt(std::move(other.chars_)); }

private:
  Store<char, 64 * 1024> chars_;
};

struct Book {
  std::string title;
  std::string language;   // BCP 47 tag: "en", "zh"
  std::string translates; // for a translation: the source book's manifest path
  // The manifest's `entry_points`: what the rules reach outside the book
  // (`635`, a matrix `H`, a row `Old (H)`), as written.
  std::vector<std::string> entry_points;
  std::vector<Paragraph> paragraphs; // in source order
  std::vector<ReactionMatrix> matrices;
  std::vector<Card> cards;
  WorldMap map;            // the map of the world (rule 9): empty in a book without one
  MerchantDisplay display; // the Merchant Display (rule 23): empty in a book without one
  // A game of the family (docs/games.md): its deck, or its tiles and verdicts;
  // `game.game` is GameKind::tales in a Book of Tales, whose lists stay empty.
  GameContent game;
  // Award groups the parser reported and left out (a section's second group):
  // the resolver still looks up their names, for their reports.
  std::vector<AwardCode> rejected_awards;
  // The text of the model that is not the sources' own bytes (TextStore). A
  // Book moves but is never copied: a copy's views would point into this one.
  TextStore texts;
  std::string_view keep(std::string_view text) { return texts.keep(text); }
  // The paragraphs' references, the sections' conditions, the award groups'
  // items (Store): the Paragraph's, Section's and AwardCode's Slices
  // point into them.
  Store<Section> section_store;
  Store<ParagraphRef> ref_store;
  Store<MatrixRef> matrix_ref_store;
  Store<Condition> condition_store;
  Store<Award> award_store;
  Slice<Section> keep_sections(const std::vector<Section>& list) {
    return section_store.keep(list);
  }
  Slice<ParagraphRef> keep_refs(const std::vector<ParagraphRef>& list) {
    return ref_store.keep(list);
  }
  Slice<MatrixRef> keep_matrix_refs(const std::vector<MatrixRef>& list) {
    return matrix_ref_store.keep(list);
  }
  Slice<Condition> keep_conditions(const std::vector<Condition>& list) {
    return condition_store.keep(list);
  }
  Slice<Award> keep_awards(const std::vector<Award>& list) { return award_store.keep(list); }
  // A copy of `s` (a section of book `from`) whose conditions, award group and
  // modifiers' words are this book's own.
  Section own(const Section& s, const Book& from);
  // A copy of `p` (a paragraph of book `from`) whose references and sections
  // are this book's own.
  Paragraph own(const Paragraph& p, const Book& from);
  AwardCode own(const AwardCode& code) {
    AwardCode copy = code;
    copy.awards = award_store.keep(code.awards.data(), code.awards.size());
    return copy;
  }
  // A quest modifier's or an effect's words as written (few: apart from its Condition).
  std::string_view words(const Condition& c) const {
    return c.has_words() && c.words_index() < modifier_words.size()
               ? modifier_words[c.words_index()].view()
               : std::string_view();
  }
  // Keeps `text` (a modifier's words) as the words of `c`.
  void set_words(Condition& c, std::string_view text) {
    c.set_words_index(static_cast<std::uint32_t>(modifier_words.size()));
    modifier_words.push_back(keep(text));
  }
  std::vector<TextRef> modifier_words;

  // The one symbol table (compiler/model/symbols.hpp), built by index():
  // the resolver calls it once every file is parsed.
  SymbolTable symbols;
  void index() { symbols.build(*this); }
  const Paragraph* paragraph(std::uint32_t number) const { return at(symbols.paragraph(number)); }
  const ReactionMatrix* matrix(char letter) const {
    std::size_t i = symbols.matrix(letter);
    return i == SymbolTable::none ? nullptr : &matrices[i];
  }
  const Paragraph* treasure(std::string_view name) const { return at(symbols.treasure(name)); }
  const Paragraph* place(std::string_view name) const { return at(symbols.place(name)); }

  // Moves what the parser put in `part` (one file's Book, parsed apart: its
  // paragraphs, matrices, cards and rejected award groups) to the end of this
  // book's; `part` is left empty. Before index().
  void append(Book&& part);
  // Puts the paragraphs of `part` (one file parsed anew, nothing but
  // paragraphs) in the place of paragraphs [first, first + count) and adopts
  // its stores, as append does. What the old paragraphs kept in the stores
  // stays there unused until the book is made anew. The symbol table is the
  // caller's to build again (index()) when numbers, kinds or names changed.
  void replace_paragraphs(std::size_t first, std::size_t count, Book&& part);

private:
  // Takes `part`'s text and record stores (append, replace_paragraphs).
  void adopt_stores(Book&& part);
  const Paragraph* at(std::size_t i) const {
    return i == SymbolTable::none ? nullptr : &paragraphs[i];
  }
};

} // namespace talebook
