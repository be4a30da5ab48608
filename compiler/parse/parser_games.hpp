// The grammar's actions for the game family (docs/games.md): the cards of
// "Da geht was ab im Morgenland", Shahrazad's story tiles and verdicts.
// Included once, by parser.cpp, after parser_blocks.hpp. What a card or a
// tile means (its roles, lines, numbers) is checked by the resolver
// (compiler/resolve/resolve_games.cpp); the parser reports a line twice.
#pragma once

#include "compiler/parse/parser_blocks.hpp"

namespace talebook::actions {

// ---- a deck's cards ----------------------------------------------------------------------
template <talebook::DeckClass Class> struct DeckHeaderAction {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.book.game.deck.emplace_back();
    st.book.game.deck.back().deck_class = Class;
    st.block = ParseState::Block::Deck;
    st.current = st.book.game.deck.size() - 1;
  }
};
template <> struct Action<g::insignia_keyword> : DeckHeaderAction<talebook::DeckClass::insignia> {};
template <> struct Action<g::treasure_keyword> : DeckHeaderAction<talebook::DeckClass::treasure> {};
template <> struct Action<g::attack_keyword> : DeckHeaderAction<talebook::DeckClass::attack> {};
template <> struct Action<g::defence_keyword> : DeckHeaderAction<talebook::DeckClass::defence> {};
template <> struct Action<g::day_keyword> : DeckHeaderAction<talebook::DeckClass::day> {};
template <> struct Action<g::vaguwam_keyword> : DeckHeaderAction<talebook::DeckClass::vaguwam> {};
template <> struct Action<g::deck_card_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (DeckCard* c = st.deck_card()) {
      c->name = st.stored(in.string_view());
      c->name_range = st.range(in);
    }
  }
};
template <> struct Action<g::deck_card_gloss> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (DeckCard* c = st.deck_card()) {
      c->gloss = st.stored(in.string_view());
      c->gloss_range = st.range(in);
    }
  }
};
template <> struct Action<g::deck_card_role> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    DeckCard* c = st.deck_card();
    if (!c) return;
    c->role_range = st.range(in);
    c->role = talebook::CardRole::none;
    for (std::size_t r = 1; r < card_role_names.size(); ++r)
      if (in.string_view() == card_role_names[r]) c->role = static_cast<talebook::CardRole>(r);
  }
};
template <> struct Action<g::deck_card_header> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (DeckCard* c = st.deck_card()) c->header = c->range = st.line_range(in);
  }
};
template <> struct Action<g::deck_card_block> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (DeckCard* c = st.deck_card()) c->range.end = st.line_range(in).end;
    st.block = ParseState::Block::None;
  }
};

// A line a card has at most once: the second is reported and left out.
inline bool first_line(ParseState& st, DeckCard& c, SourceRange& line, SourceRange where,
                       std::string_view keyword) {
  if (line.valid()) {
    st.report(Code::card_line, where, {c.name, arg::keyword("twice"), arg::text(keyword)});
    return false;
  }
  line = where;
  return true;
}
template <> struct Action<g::card_text_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    DeckCard* c = st.deck_card();
    if (!c || !first_line(st, *c, c->text_range, st.line_range(in), "Text:")) return;
    c->text = st.stored(text::trim_view(st.pending_text));
    c->text_range = st.pending_range;
  }
};
template <> struct Action<g::card_text> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.pending_text = in.string_view();
    st.pending_range = st.range(in);
  }
};
template <> struct Action<g::score_attack> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.scores[0] = st.read_number(in.string_view(), st.range(in)).value_or(0);
  }
};
template <> struct Action<g::score_defence> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.scores[1] = st.read_number(in.string_view(), st.range(in)).value_or(0);
  }
};
template <> struct Action<g::score_key> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.scores[2] = st.read_number(in.string_view(), st.range(in)).value_or(0);
    st.scores_key_range = st.range(in);
  }
};
template <> struct Action<g::scores_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    DeckCard* c = st.deck_card();
    if (!c || !first_line(st, *c, c->scores_range, st.line_range(in), "Scores:")) return;
    c->has_scores = true;
    c->attack = st.scores[0], c->defence = st.scores[1], c->key = st.scores[2];
  }
};
template <> struct Action<g::copies_count> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.scores[0] = st.read_number(in.string_view(), st.range(in)).value_or(0);
  }
};
template <> struct Action<g::copies_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    DeckCard* c = st.deck_card();
    if (!c || !first_line(st, *c, c->copies_range, st.line_range(in), "Copies:")) return;
    c->copies = st.scores[0];
  }
};
template <> struct Action<g::effect_kind> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.effect = talebook::CardEffect{};
    for (std::size_t k = 1; k < effect_kind_names.size(); ++k)
      if (in.string_view() == effect_kind_names[k])
        st.effect.kind = static_cast<talebook::CardEffectKind>(k);
    st.effect_has_amount = false;
  }
};
template <> struct Action<g::effect_amount> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.effect.amount = static_cast<std::int32_t>(
        st.read_number(in.string_view(), st.range(in), 0x7FFFFFFF).value_or(0));
    st.effect_has_amount = true;
  }
};
template <> struct Action<g::effect_value> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.effect.range = st.line_range(in);
  }
};
template <> struct Action<g::effect_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    DeckCard* c = st.deck_card();
    if (!c || !first_line(st, *c, c->effect_line, st.line_range(in), "Effect:")) return;
    c->effect = st.effect;
    c->effect_has_amount = st.effect_has_amount;
  }
};
template <> struct Action<g::stopped_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) { st.names.clear(); }
};
template <> struct Action<g::bars_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) { st.names.clear(); }
};
template <> struct Action<g::named_card> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.names.push_back({st.stored(in.string_view()), st.range(in)});
  }
};
template <> struct Action<g::stopped_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    DeckCard* c = st.deck_card();
    if (!c || !first_line(st, *c, c->stopped_line, st.line_range(in), "Stopped by:")) return;
    c->stopped_by = std::move(st.names);
    st.names.clear();
  }
};
template <> struct Action<g::bars_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    DeckCard* c = st.deck_card();
    if (!c || !first_line(st, *c, c->bars_line, st.line_range(in), "Bars:")) return;
    c->bars = std::move(st.names);
    st.names.clear();
  }
};

// ---- Shahrazad's tiles and verdicts ---------------------------------------------------------
template <> struct Action<g::tile_number> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.book.game.tiles.emplace_back();
    st.block = ParseState::Block::Tile;
    st.current = st.book.game.tiles.size() - 1;
    StoryTileEntry& t = st.book.game.tiles.back();
    t.number = st.read_number(in.string_view(), st.range(in)).value_or(0xFFFFFFFFu);
    t.number_range = st.range(in);
  }
};
template <> struct Action<g::tile_colour> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    StoryTileEntry* t = st.tile();
    if (!t) return;
    t->colour_range = st.range(in);
    for (std::size_t k = 0; k < tile_colour_names.size(); ++k)
      if (in.string_view() == tile_colour_names[k])
        t->colour = static_cast<talebook::TileColour>(k);
  }
};
template <> struct Action<g::tile_title> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    StoryTileEntry* t = st.tile();
    if (!t) return;
    const std::string_view title = text::trim_view(in.string_view());
    t->title = st.stored(title);
    t->title_range = st.range(title.data(), title.data() + title.size());
  }
};
template <> struct Action<g::tile_header> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (StoryTileEntry* t = st.tile()) t->header = t->range = st.line_range(in);
  }
};
template <> struct Action<g::others_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) { st.numbers.clear(); }
};
template <> struct Action<g::other_number> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.numbers.push_back(st.read_number(in.string_view(), st.range(in)).value_or(0xFFFFFFFFu));
  }
};
template <> struct Action<g::others_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    StoryTileEntry* t = st.tile();
    if (!t) return;
    if (t->others_range.valid()) {
      st.report(Code::tile_line, st.line_range(in), {t->number, arg::keyword("twice")});
      return;
    }
    t->others_range = st.line_range(in);
    t->others = std::move(st.numbers);
    st.numbers.clear();
  }
};
template <> struct Action<g::tile_block> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (StoryTileEntry* t = st.tile()) t->range.end = st.line_range(in).end;
    st.block = ParseState::Block::None;
  }
};
template <> struct Action<g::verdicts_header> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.book.game.verdict_headers.push_back(st.line_range(in));
    // A second table (TB0418) is reported, its rows left out.
    st.block = st.book.game.verdict_headers.size() == 1 ? ParseState::Block::Verdicts
                                                        : ParseState::Block::None;
  }
};
template <> struct Action<g::verdict_from> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.verdict = Verdict{};
    st.verdict.from = st.read_number(in.string_view(), st.range(in)).value_or(0);
    st.verdict.to = st.verdict.from;
  }
};
template <> struct Action<g::verdict_to> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.verdict.to = st.read_number(in.string_view(), st.range(in)).value_or(0);
  }
};
template <> struct Action<g::verdict_open> {
  template <typename In> static void apply(const In&, ParseState& st) { st.verdict.open = true; }
};
template <> struct Action<g::verdict_scores> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.verdict.scores_range = st.range(in);
  }
};
template <> struct Action<g::verdict_words> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    const std::string_view words = text::trim_view(in.string_view());
    st.verdict.words = st.stored(words);
    st.verdict.words_range = st.range(words.data(), words.data() + words.size());
  }
};
template <> struct Action<g::verdict_row> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (st.block != ParseState::Block::Verdicts) return;
    st.verdict.range = st.line_range(in);
    st.book.game.verdicts.push_back(st.verdict);
  }
};
template <> struct Action<g::verdicts_block> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.block = ParseState::Block::None;
  }
};

} // namespace talebook::actions
