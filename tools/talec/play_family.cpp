// talec play and talec simulate over the game family (tools/talec/play_family.hpp).
#include "tools/talec/play_family.hpp"

#include "tools/talec/play_family_parts.hpp"

namespace talec {

int play_family(const talebook::tbook::Book& book, std::uint64_t seed, std::uint64_t players,
                bool echo) {
  if (book.game() == talebook::tbook::GameKind::shahrazad)
    return play_shahrazad(book, seed, players, echo);
  return play_morgenland(book, seed, players, echo);
}

std::string simulate_family(const talebook::tbook::Book& book, const FamilyRuns& runs,
                            std::string& error) {
  if (book.game() == talebook::tbook::GameKind::shahrazad)
    return simulate_shahrazad(book, runs, error);
  return simulate_morgenland(book, runs, error);
}

} // namespace talec
