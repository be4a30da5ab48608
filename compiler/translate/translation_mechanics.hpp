// The mechanics of a book written without its language: condition, award,
// reference and matrix signatures that are equal in an English book and its
// Chinese translation exactly when their mechanics are equal. Treasure and
// place names, which a translation changes, are resolved to their paragraph
// numbers.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "compiler/model/model.hpp"

namespace talebook {

// The markup word of a kind: "award", "chart", "status"...
const char* kind_word(ParagraphKind kind);

class Mechanics {
public:
  explicit Mechanics(const Book& book);

  const Paragraph* paragraph(std::uint32_t number) const;
  // "courtly_graces, quick_thinking", "1-3", "6+", "treasure 154", "insane (mandatory)".
  std::string conditions(const Section& section) const;
  // Conditions and the quest's spaces and modifiers read from the section's text:
  // `conditions` names a section (a PO context), this compares it with its source.
  std::string mechanics(const Section& section) const;
  // Award items sorted: "D1/S1/skill minor_magic/Q:S"; "none" without an award group.
  std::string award(const std::optional<AwardCode>& code) const;
  std::string award(const AwardCode& code) const;
  // Every paragraph reference, sorted: "97, 134".
  std::string refs(const Paragraph& paragraph) const;
  // Every matrix letter named, sorted: "C, H".
  std::string matrix_refs(const Paragraph& paragraph) const;
  std::string chart_entry(const ChartEntry& entry) const;  // "3. (G)"
  std::string options(const ReactionMatrix& matrix) const; // "pray | avoid | wait"
  std::string cells(const MatrixRow& row) const;           // "703 | ★ | NE"
  std::string card(const Card& card) const;

private:
  std::string conditions_of(const Section& section, bool derived) const;
  std::string item(const Award& award) const;
  const Book& book_;
};

} // namespace talebook
