#include "talebook/engine/variants.hpp"

namespace talebook::engine {

std::optional<Variants> read_variants(std::string_view list, std::string& error) {
  Variants v;
  std::size_t from = 0;
  while (from <= list.size()) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    const std::string_view name = list.substr(from, comma - from);
    from = comma + 1;
    bool* flag = name == "storytelling"  ? &v.storytelling
                 : name == "solitaire"   ? &v.solitaire
                 : name == "zh"          ? &v.zh
                 : name == "merchant"    ? &v.merchant
                 : name == "quest"       ? &v.quest
                 : name == "skills"      ? &v.skills
                 : name == "statuses"    ? &v.statuses
                 : name == "interactive" ? &v.interactive
                                         : nullptr;
    if (!flag) {
      error = "unknown variant '" + std::string(name) + "' (" + kVariantNames + ")";
      return std::nullopt;
    }
    *flag = true;
  }
  return v;
}

std::string variants_misfit(const Variants& v, int players) {
  if (v.storytelling && players < 2) return "the Storytelling game needs two players or more";
  if (v.skills && players < 2)
    return "rule 26 (skills used on other players) needs two players or more";
  if ((v.merchant || v.quest) && players < 1)
    return std::string("the ") + (v.merchant ? "merchant" : "quest") +
           " rules need players (a player's choice of how to win)";
  if (v.interactive && players < 2)
    return "rule 24 (Interactive Card Play) needs two players or more";
  if (v.interactive && v.zh)
    return "the Chinese rules draw cards from the deck (Wilderness Lore: two), rule 24 gives "
           "them from hands: one only";
  if (v.solitaire && players != 1) return "the solitaire game is for one player";
  if (v.zh && players < 1)
    return "the Chinese rules need players: one for their solo game, more for player against "
           "player";
  if (v.zh && v.solitaire) return "the Chinese rules' solo game and the Solitaire game: one only";
  if (v.zh && v.skills && players >= 2)
    return "the Chinese rules and rule 26 both use skills on other players: one only";
  return "";
}

} // namespace talebook::engine
