// The grammar's actions for reaction matrices and cards. Included once, by
// parser.cpp, after parser_actions.hpp.
#pragma once

#include "compiler/parse/parser_actions.hpp"

namespace talebook::actions {

// ---- reaction matrices --------------------------------------------------------
template <> struct Action<g::matrix_letter> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string letter = text::fold_width(in.string_view());
    st.book.matrices.emplace_back();
    st.book.matrices.back().letter = letter.empty() ? '?' : letter[0];
    st.block = ParseState::Block::Matrix;
    st.current = st.book.matrices.size() - 1;
  }
};
template <> struct Action<g::matrix_header> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (ReactionMatrix* m = st.matrix()) m->header = st.line_range(in);
  }
};
template <> struct Action<g::matrix_block> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (ReactionMatrix* m = st.matrix()) m->range = {st.file, m->header.begin, st.range(in).end};
    st.block = ParseState::Block::None;
  }
};
// An options line that fails to parse leaves the matrix without options, and
// marked: its rows are then not measured against a half-read line (one error, not one a row).
template <> struct Action<g::options_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) {
    if (ReactionMatrix* m = st.matrix()) {
      m->options.clear();
      m->option_ranges.clear();
      m->options_damaged = true;
    }
  }
};
template <> struct Action<g::options_line> {
  template <typename In> static void apply(const In&, ParseState& st) {
    if (ReactionMatrix* m = st.matrix()) m->options_damaged = false;
  }
};
template <> struct Action<g::option_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    ReactionMatrix* m = st.matrix();
    if (!m) return;
    m->options.push_back(in.string()); // the resolver's to look up
    m->option_ranges.push_back(st.range(in));
  }
};
template <> struct Action<g::row_adjective> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.row = MatrixRow{};
    st.row.adjective = in.string();
  }
};
template <CellKind Kind> struct CellAction {
  template <typename In> static void apply(const In& in, ParseState& st) {
    MatrixCell cell;
    cell.kind = Kind;
    cell.range = st.range(in);
    if (Kind == CellKind::Number) {
      // Too large: reported; kept as a ★ so the row keeps its width and nothing follows.
      std::optional<std::uint32_t> number = st.read_number(in.string_view(), cell.range);
      cell.number = number.value_or(0);
      if (!number) cell.kind = CellKind::Forbidden;
    }
    st.row.cells.push_back(cell);
  }
};
template <> struct Action<g::number_cell> : CellAction<CellKind::Number> {};
template <> struct Action<g::forbidden_cell> : CellAction<CellKind::Forbidden> {};
template <> struct Action<g::no_encounter_cell> : CellAction<CellKind::NoEncounter> {};
template <> struct Action<g::matrix_row> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    ReactionMatrix* m = st.matrix();
    if (!m) return;
    st.row.range = st.line_range(in);
    m->rows.push_back(std::move(st.row));
    st.row = MatrixRow{};
  }
};

// ---- cards -------------------------------------------------------------------------
template <> struct Action<g::card_keyword> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.card = Card{};
    const char* line = in.begin(); // the header starts at its `@` (or `＠`)
    while (line > st.base && line[-1] != '\n')
      --line;
    st.card.header.begin = st.range(line, line).begin;
  }
};
template <> struct Action<g::card_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.card.name = in.string();
  }
};
template <> struct Action<g::card_matrix> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string letter = text::fold_width(in.string_view());
    st.card.matrix = letter.empty() ? '?' : letter[0];
  }
};
template <> struct Action<g::deck_paragraph> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::optional<std::uint32_t> number = st.read_number(in.string_view(), st.range(in));
    // Too large: reported; the card is skipped, like one that cannot be read.
    if (!number) throw pegtl::parse_error("a smaller paragraph number", in);
    st.card.decks.push_back({*number, st.range(in)});
  }
};
template <> struct Action<g::terrain_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.terrain = TerrainEntry{};
    st.terrain.terrain = in.string(); // the resolver's to look up
    st.terrain.name_range = st.range(in);
  }
};
template <> struct Action<g::terrain_paragraph> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::optional<std::uint32_t> number = st.read_number(in.string_view(), st.range(in));
    if (!number) throw pegtl::parse_error("a smaller paragraph number", in); // as for decks
    st.terrain.paragraph = {*number, st.range(in)};
  }
};
template <> struct Action<g::terrain_star> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.terrain.illustrated = true;
  }
};
template <> struct Action<g::terrain_entry> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.terrain.range = st.range(in);
    st.card.terrains.push_back(st.terrain);
  }
};
template <CardKind Kind> struct CardAction {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.card.kind = Kind;
    st.card.header.file = st.file;
    st.card.header.end = st.line_range(in).end;
    st.card.range = st.card.header;
    st.book.cards.push_back(std::move(st.card));
    st.card = Card{};
    st.block = ParseState::Block::Card;
    st.current = st.book.cards.size() - 1;
    st.city_result = -1;
  }
};
template <> struct Action<g::character_card> : CardAction<CardKind::Character> {};
template <> struct Action<g::terrain_card> : CardAction<CardKind::Terrain> {};
template <> struct Action<g::city_card> : CardAction<CardKind::City> {};
template <> struct Action<g::special_card> : CardAction<CardKind::Special> {};
// A Special card's `You:` (result 1) or `Other:` (result 2); on another card, TB0225.
template <int Target> struct SpecialTargetAction {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Card* card = st.current_card();
    st.city_result = -1;
    if (!card) return;
    const char* word = Target == 1 ? "You" : "Other";
    if (card->kind != CardKind::Special) {
      st.report(Code::special_card_lines, st.range(in),
                {card->name, arg::keyword(to_string(card->kind)), word});
      return;
    }
    for (const CityResult& r : card->results)
      if (r.roll == Target) {
        st.report(Code::special_card_lines, st.range(in), {card->name, arg::keyword("twice"), word})
            .note(Code::first_defined, r.range);
        return;
      }
    card->results.emplace_back();
    card->results.back().roll = Target;
    st.city_result = static_cast<int>(card->results.size() - 1);
  }
};
template <> struct Action<g::you_keyword> : SpecialTargetAction<1> {};
template <> struct Action<g::other_keyword> : SpecialTargetAction<2> {};
template <> struct Action<g::special_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Card* card = st.current_card();
    if (card && st.city_result >= 0) card->results[st.city_result].range = st.line_range(in);
    st.city_result = -1;
  }
};
template <> struct Action<g::city_roll> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Card* card = st.current_card();
    if (!card) return;
    card->results.emplace_back();
    card->results.back().roll =
        static_cast<int>(st.read_number(in.string_view(), st.range(in), max_roll).value_or(0));
    st.city_result = static_cast<int>(card->results.size() - 1);
  }
};
template <> struct Action<g::quest_being> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.quest_being = text::trim_view(in.string_view());
  }
};
template <> struct Action<g::quest_paragraph> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.quest_number = st.read_number(in.string_view(), st.range(in)).value_or(0);
    st.quest_number_range = st.range(in);
  }
};
template <> struct Action<g::quest_half> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Card* card = st.current_card();
    if (!card) return;
    const SourceRange line = st.line_range(in);
    if (card->kind != CardKind::City && card->kind != CardKind::Special) { // fate cards
      st.report(Code::quest_half_misplaced, line, {card->name});
    } else if (card->quest_range.valid()) {
      st.report(Code::quest_half_twice, line, {card->name})
          .note(Code::first_defined, card->quest_range);
    } else {
      card->quest_being = st.stored(st.quest_being);
      card->quest = {st.quest_number, st.quest_number_range};
      card->quest_range = line;
    }
    st.city_result = -1;
  }
};
template <> struct Action<g::city_result> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Card* card = st.current_card();
    if (!card || st.city_result < 0) return;
    card->results[st.city_result].range = st.line_range(in);
  }
};
template <> struct Action<g::card_block> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (Card* card = st.current_card()) card->range.end = st.range(in).end;
    st.block = ParseState::Block::None;
    st.city_result = -1;
  }
};

// ---- the map (rule 9) -------------------------------------------------------------
// Where a header line starts (at its `@` or `＠`).
inline std::uint32_t header_start(const char* at, ParseState& st) {
  const char* line = at;
  while (line > st.base && line[-1] != '\n')
    --line;
  return st.range(line, line).begin;
}
template <> struct Action<g::map_header> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.book.map.headers.push_back(st.line_range(in));
    st.block = ParseState::Block::Map;
  }
};
template <> struct Action<g::rate_level> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.rate = MovementRate{};
    st.rate.level = in.string(); // the resolver's to look up
  }
};
// A rate is a number of spaces: at most 99 (TB0004 above, read as 0).
template <> struct Action<g::rate_land> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.rate.land =
        static_cast<std::uint8_t>(st.read_number(in.string_view(), st.range(in), 99).value_or(0));
  }
};
template <> struct Action<g::rate_sea> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.rate.sea =
        static_cast<std::uint8_t>(st.read_number(in.string_view(), st.range(in), 99).value_or(0));
  }
};
template <> struct Action<g::movement_rate> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (st.block != ParseState::Block::Map) return;
    st.rate.range = st.line_range(in);
    st.book.map.rates.push_back(std::move(st.rate));
    st.rate = MovementRate{};
  }
};
template <> struct Action<g::space_keyword> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.new_space = Space{};
    st.new_space.header.begin = header_start(in.begin(), st);
  }
};
template <> struct Action<g::space_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.new_space.name = in.string();
  }
};
template <> struct Action<g::space_start> {
  template <typename In> static void apply(const In&, ParseState& st) { st.new_space.start = true; }
};
template <> struct Action<g::space_wild> {
  template <typename In> static void apply(const In&, ParseState& st) { st.new_space.wild = true; }
};
template <> struct Action<g::place_number> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.new_space.place = {st.read_number(in.string_view(), st.range(in)).value_or(0), st.range(in)};
  }
};
// The black numbers of the map are small (11.5): at most 9 (TB0004 above).
template <> struct Action<g::space_black> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.new_space.black_range = st.range(in);
    st.new_space.black = static_cast<std::uint8_t>(
        st.read_number(text::trim_view(in.string_view()), st.range(in), 9).value_or(0));
  }
};
template <> struct Action<g::space_terrain> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (!st.new_space.terrain.empty()) { // the first is kept
      st.report(Code::space_terrain, st.range(in), {st.new_space.name, 2});
      return;
    }
    st.new_space.terrain = in.string(); // the resolver's to look up
    st.new_space.terrain_range = st.range(in);
  }
};
template <> struct Action<g::space_body> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.new_space.header.file = st.file;
    st.new_space.header.end = st.line_range(in).end;
    st.new_space.range = st.new_space.header;
    st.book.map.spaces.push_back(std::move(st.new_space));
    st.new_space = Space{};
    st.block = ParseState::Block::Space;
    st.current = st.book.map.spaces.size() - 1;
  }
};
template <> struct Action<g::land_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) { st.route = Route{}; }
};
template <> struct Action<g::sea_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.route = Route{};
    st.route.kind = RouteKind::Sea;
  }
};
template <> struct Action<g::exit_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.route = Route{};
    st.route.exit = true;
  }
};
template <> struct Action<g::route_target> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Space* space = st.space();
    if (!space) return;
    Route route = st.route;
    route.to = st.stored(text::trim_view(in.string_view()));
    route.range = st.range(in);
    space->routes.push_back(route);
  }
};
template <> struct Action<g::map_block> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.block = ParseState::Block::None;
  }
};
template <> struct Action<g::space_block> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (Space* space = st.space()) space->range.end = st.range(in).end;
    st.block = ParseState::Block::None;
  }
};

// A city's products (rule 23.1): one `Products:` line (a second is TB0232).
template <> struct Action<g::products_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) {
    const Space* space = st.space();
    st.products_again = space && space->products_line.valid();
  }
};
template <> struct Action<g::product_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Space* space = st.space();
    if (!space || st.products_again) return;
    space->products.push_back({st.stored(text::trim_view(in.string_view())), st.range(in)});
  }
};
template <> struct Action<g::products_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    Space* space = st.space();
    if (!space) return;
    if (st.products_again)
      st.report(Code::space_products, st.line_range(in),
                {space->name, arg::keyword("twice"), 0, ""});
    else
      space->products_line = st.line_range(in);
  }
};

// ---- the Merchant Display (rule 23) --------------------------------------------------------
template <> struct Action<g::display_header> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.display_header = st.line_range(in);
    st.book.display.headers.push_back(st.display_header);
    st.block = ParseState::Block::Display;
  }
};
template <> struct Action<g::display_row_begin> {
  template <typename In> static void apply(const In&, ParseState& st) { st.boxes.clear(); }
};
template <> struct Action<g::empty_box> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.boxes.push_back({{}, st.range(in)});
  }
};
template <> struct Action<g::product_box> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.boxes.push_back({st.stored(text::trim_view(in.string_view())), st.range(in)});
  }
};
template <> struct Action<g::display_row> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (st.block != ParseState::Block::Display) return;
    st.book.display.rows.push_back({std::move(st.boxes), st.line_range(in), st.display_header});
    st.boxes.clear();
  }
};
template <> struct Action<g::counters_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.counter_line = CounterLine{};
    st.counter_line_damaged = false;
  }
};
template <> struct Action<g::wealth_keyword> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.counter_line = CounterLine{};
    st.counter_line.marked = true;
    st.counter_line_damaged = false;
  }
};
// The wealth on a counter's back (rule 23.5): 1 or 2 (TB0060 above, once the
// line reads as a counter line and not as a row of a product `Wealth 5`: the
// line is left out; 0 is TB0237).
template <> struct Action<g::counter_wealth> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    const std::optional<std::uint32_t> wealth =
        st.read_number(in.string_view(), st.range(in), 2, true);
    st.counter_line.wealth = wealth.value_or(0);
    st.counter_line_damaged = st.counter_line_damaged || !wealth;
  }
};
template <> struct Action<g::counter_shape> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.counter = CounterCount{};
    st.counter_damaged = false;
    st.counter.shape = in.string(); // the resolver's to look up
    st.counter.shape_range = st.range(in);
  }
};
// A shape's counters in the cup: at most max_counters (TB0060 above: the shape is left out).
template <> struct Action<g::counter_count> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    const std::optional<std::uint32_t> count =
        st.read_number(in.string_view(), st.range(in), max_counters);
    st.counter.count = count.value_or(0);
    st.counter_damaged = !count;
  }
};
template <> struct Action<g::counter_entry> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.counter.range = st.range(in);
    if (!st.counter_damaged) st.counter_line.counts.push_back(std::move(st.counter));
    st.counter = CounterCount{};
  }
};
template <> struct Action<g::counters_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.report_too_large(st.range(in));
    if (st.block != ParseState::Block::Display || st.counter_line_damaged) return;
    st.counter_line.range = st.line_range(in);
    st.counter_line.header = st.display_header;
    st.book.display.counters.push_back(std::move(st.counter_line));
    st.counter_line = CounterLine{};
  }
};
template <> struct Action<g::display_block> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.block = ParseState::Block::None;
  }
};

// ---- file level ------------------------------------------------------------------------
template <> struct Action<g::stray_line> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.report(Code::text_before_header, st.line_range(in));
  }
};

} // namespace talebook::actions
