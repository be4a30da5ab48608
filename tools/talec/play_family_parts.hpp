// The games of talec play and talec simulate over the game family
// (tools/talec/play_family.hpp), one file a game.
#pragma once

#include "tools/talec/cli.hpp"
#include "tools/talec/play_family.hpp"

namespace talec {

int play_shahrazad(const talebook::tbook::Book& book, std::uint64_t seed, std::uint64_t players,
                   bool echo);
std::string simulate_shahrazad(const talebook::tbook::Book& book, const FamilyRuns& runs,
                               std::string& error);
int play_morgenland(const talebook::tbook::Book& book, std::uint64_t seed, std::uint64_t players,
                    bool echo);
std::string simulate_morgenland(const talebook::tbook::Book& book, const FamilyRuns& runs,
                                std::string& error);

} // namespace talec
