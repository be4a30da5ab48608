// The award economy of a resolved book: for every skill, status and treasure,
// how often an award grants it, takes it away, and a section heading tests
// it (`talec stats --economy`). A thing granted but never tested changes no
// encounter; one tested but never granted can only come from a character's
// start (skills) or the rules (a random treasure, `Trea*`).
//
// A treasure is a paragraph: its awards, losses and tests are the edges into it
// of the book's reference graph (compiler/graph/), the paragraph resolve
// stored, as reachability and `talec graph` see them. Skills and statuses are
// vocabulary entries (a status need not have a paragraph): counted by the id
// resolve stored on the award or condition.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "compiler/graph/book_graph.hpp"
#include "compiler/model/model.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook {

struct EconomyLine {
  const char* kind = "skill"; // "skill", "status", "treasure"
  std::string id;             // vocabulary id; a treasure's name
  std::string name;           // as the book's language writes it
  std::size_t granted = 0;    // award items that give it
  std::size_t lost = 0;       // `Lose ...` items
  std::size_t tested = 0;     // heading conditions that test it
  // "granted_untested", "tested_ungranted", "unused" or "" (granted and tested).
  const char* finding() const;
};

struct Economy {
  std::vector<EconomyLine> lines;   // skills, statuses, treasures, each in their list's order
  std::size_t random_treasures = 0; // `Trea*` items: any treasure may come of them
};

// `graph` is the book's (BookGraph(book) when it has none).
Economy award_economy(const Book& book, const Vocabulary& vocabulary, const BookGraph& graph);
std::string economy_text(const Economy& economy);
std::string economy_json(const Economy& economy);

} // namespace talebook
