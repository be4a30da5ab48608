// A city card's result as the rulebook prints one (`Lose 3 Wealth`): the award
// group those words mean, to suggest (TB0047).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "compiler/model/vocabulary.hpp"

namespace talebook::resolve {

// The award groups that the rulebook's English words of a city card's result
// mean, as a writer would write them in the result (`[W-3]`, `[D3] if any
// status, otherwise [D1]`, `[Lost]`, `[Acting & Disguise]`, `[D2 if
// Merchant]`); nothing when any part of the words is not of those forms. Skill
// and status names are the vocabulary's, in any case.
std::optional<std::string> printed_result_code(const Vocabulary& v, std::string_view words);

} // namespace talebook::resolve
