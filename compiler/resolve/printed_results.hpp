// A city card's result as the rulebook prints one (`Lose 3 Wealth`): the award
// group those words mean, to suggest (TB0047).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/model/award_code.hpp"

#include "compiler/model/vocabulary.hpp"

namespace talebook::resolve {

// What the rulebook's English words of a city card's result mean: the award
// groups as a writer would write them in the result (`code`: `[W-3]`, `[D3] if
// any status, otherwise [D1]`, `[Lost]`, `[Acting & Disguise]`, `[D2 if
// Merchant]`), each group's items resolved (`groups`, one item a group; ids
// the vocabulary's, which outlives the book), and the words that stay outside
// the groups (`rest`: `if any status, otherwise`). Nothing when any part of
// the words is not of those forms. Skill and status names in any case.
struct PrintedResult {
  std::string code;
  std::vector<Award> groups;
  std::string rest;
};
std::optional<PrintedResult> printed_result(const Vocabulary& v, std::string_view words);

} // namespace talebook::resolve
