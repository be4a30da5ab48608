// Which section of an award paragraph applies to the character (rule 12.1).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "talebook/engine/character.hpp"
#include "talebook/engine/paragraph.hpp"

namespace talebook::engine {

enum class SectionRule : std::uint8_t {
  Mandatory, // a mandatory heading the character meets: one of these must be used
  Chosen,    // skill, status, treasure or gender headings the character meets: pick one
  Roll,      // no heading met, the paragraph is a dice test: roll for the section
  Fallback,  // No Skill / Otherwise
  None,      // nothing applies (prose only)
};

struct SectionChoice {
  SectionRule rule = SectionRule::None;
  std::vector<std::size_t> candidates; // indexes into the paragraph's sections
};

// Does the character meet this heading condition? (No Skill, Otherwise and
// die rolls are never "met": they are what is left.)
bool meets(const Condition& condition, const Character& character);

// `ignore_mandatory`: a mandatory heading binds no more than any other (rule
// 29: Solitaire, with a Master skill, "may ignore mandatory paragraphs").
SectionChoice applicable_sections(const std::vector<Section>& sections, const Character& character,
                                  bool ignore_mandatory = false);

// The sections with no condition (an award in the prose, before any heading):
// they apply to every character, before the section chosen by rule 12.1.
std::vector<std::size_t> sections_for_everyone(const std::vector<Section>& sections);

// How many dice a dice test rolls: two when a row goes past 6 (`8+`, `2-7`,
// `10-12`), which one die cannot reach; else one.
int dice_for_rows(const std::vector<Section>& sections);

// The section whose die-roll heading covers `roll`, or `sections.size()`.
std::size_t section_for_roll(const std::vector<Section>& sections, int roll);

// The skill the character uses for a section (preferring a permanent one to a
// `1 use` one), or "" when no skill heading is met.
std::string skill_used(const Section& section, const Character& character);

} // namespace talebook::engine
