// What every number and name of a compiled book points to, by place: the
// index behind go to definition, references, hover and symbols. Built once per
// compilation: what a number or a name leads to from the book's graph
// (compiler/graph/), the places of matrix letters, beings and vocabulary names
// from the model's ranges. Linear in the size of the book.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/graph/book_graph.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"
#include "compiler/text/source.hpp"

namespace talebook::lsp {

// What a place in the sources names.
struct Target {
  enum class Kind : std::uint8_t { Paragraph, Matrix, Row, Cell, Card, Vocab, Space, Product };
  Kind kind = Kind::Paragraph;
  std::uint32_t number = 0; // Paragraph; Cell: the number written in the cell
  char letter = 0;          // Matrix, Row, Cell
  int row = -1;             // Row, Cell
  int column = -1;          // Cell
  std::size_t card = 0;     // Card: index in book.cards; Space: in book.map.spaces; Product: in
                            // book.display.products
  VocabKind vocab = VocabKind::Skill;
  std::string id{}; // Vocab: the vocabulary id
  bool operator==(const Target& other) const;
};

struct Occurrence {
  SourceRange range;
  Target target;
  bool definition = false; // the header (or row, card) that defines the target
  std::string where;       // what holds it, for hover: "@605", "matrix H: Old / Grovel"
};

class BookIndex {
public:
  BookIndex(const Book& book, const SourceSet& sources, const BookGraph& graph);
  // Only what is written in one file (its id): at() and all() for that file.
  BookIndex(const Book& book, const SourceSet& sources, const BookGraph& graph,
            std::uint32_t only_file);

  // The innermost occurrence at a byte offset of a file, or null.
  const Occurrence* at(std::uint32_t file, std::uint32_t offset) const;
  // Where the target is defined (a paragraph's header, a matrix, a row); invalid when nowhere.
  SourceRange definition(const Target& target) const;
  // Every place that names the target (the cells of n-1..n+1 for a paragraph),
  // and its definition when asked.
  std::vector<const Occurrence*> references(const Target& target, bool with_definition) const;
  const std::vector<Occurrence>& all() const { return list_; }

private:
  void add(SourceRange range, Target target, std::string where, bool definition = false);
  void index_paragraph(std::size_t i);
  void index_edges(NodeId node, const std::string& where);
  void index_award(const Award& a, const std::string& where);
  void index_conditions(const Section& s, const std::string& where);
  void index_matrix_ref(const MatrixRef& ref, const std::string& where);
  void index_matrices();
  void index_map();     // spaces, the routes that name them, their terrains, their products
  void index_display(); // the Merchant Display's products, defined in their boxes
  void index_cards();
  Target vocab(VocabKind kind, std::string_view id) const;

  const Book& book_;
  const SourceSet& sources_;
  const BookGraph& graph_;
  std::vector<Occurrence> list_;
  std::uint32_t only_ = 0; // a file's index: its id (0: every file's)
};

// A paragraph's first line of text (prose, else its first section), cut to
// `most` bytes (at a character, with an ellipsis).
std::string first_line(const Paragraph& p, std::size_t most = 120);
// "@601", "@120 status Lost": a paragraph as its header names it.
std::string paragraph_title(const Paragraph& p);

} // namespace talebook::lsp
