// The variants of the Standard game a game may be played with (talec play
// --variant, GameSetup::variant): one name, or several joined by commas
// ("quest,merchant,skills"), as the rulebook's Adventure rules combine.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace talebook::engine {

struct Variants {
  bool storytelling = false; // rules 17-19, two players or more
  bool solitaire = false;    // rules 27-29, one player
  bool zh = false;           // 003: solo for one player, player against player for more
  bool merchant = false;     // rule 23, with players
  bool quest = false;        // rule 22, with players
  bool skills = false;       // rule 26: skills used on other players, two players or more
  bool statuses = false;     // rule 25: no status limit
  bool interactive = false;  // rule 24: Interactive Card Play, two players or more
};

// The names, in the order `talec play --help` gives them.
inline constexpr const char* kVariantNames =
    "storytelling, solitaire, zh, merchant, quest, skills, statuses or interactive";

// The variants of `list`; nothing, and a message in `error`, for a name that
// is none of them.
std::optional<Variants> read_variants(std::string_view list, std::string& error);

// Why the variants do not fit a game of `players` players (0: one character
// with no victory), or "" when they do.
std::string variants_misfit(const Variants& variants, int players);

} // namespace talebook::engine
