#include "compiler/translate/translation.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/translate/translation_games.hpp"
#include "compiler/translate/translation_mechanics.hpp"

namespace talebook {
namespace {

class Comparison {
public:
  Comparison(const TranslationPair& pair, Diagnostics& out)
      : pair_(pair), out_(out), source_(pair.source), translation_(pair.translation) {}

  TranslationReport run() {
    paragraphs();
    matrices();
    cards();
    map();
    display();
    summary_.mechanics +=
        compare_games(pair_.source, pair_.translation, out_, summary_.fallback_cards);
    report_.games = review_games(pair_, out_, summary_);
    report_.summary = summary_;
    return std::move(report_);
  }

private:
  Diagnostic& mechanics(Code code, SourceRange here, std::vector<Arg> args, SourceRange there,
                        Code note, std::vector<Arg> note_args = {}) {
    ++summary_.mechanics;
    Diagnostic& d = out_.report(code, here, std::move(args));
    if (there.valid()) d.note(note, there, std::move(note_args));
    return d;
  }

  void paragraphs() {
    summary_.source_paragraphs = pair_.source.paragraphs.size();
    for (const Paragraph& p : pair_.translation.paragraphs) {
      if (!p.fallback && !source_.paragraph(p.number)) {
        ++summary_.extra;
        ++summary_.mechanics;
        report_.extra.push_back(p.number);
        out_.report(Code::extra_paragraph, p.header(), {p.number});
      }
    }
    for (const Paragraph& s : pair_.source.paragraphs) {
      const Paragraph* t = translation_.paragraph(s.number);
      report_.paragraphs.push_back({s.number, ParagraphState::Untranslated, {}});
      if (!t || t->fallback) { // the source's paragraph stands in for it (fallback.hpp)
        out_.report(Code::untranslated_paragraph, s.header(), {s.number});
        summary_.fallback_paragraphs += t != nullptr;
        continue;
      }
      ++summary_.translated;
      paragraph(s, *t);
      version(s, *t);
    }
    if (summary_.translated < summary_.source_paragraphs)
      out_.report(Code::translation_coverage, pair_.book,
                  {summary_.translated, summary_.source_paragraphs, summary_.coverage_percent()});
  }

  void paragraph(const Paragraph& s, const Paragraph& t) {
    const std::uint32_t n = s.number;
    const Code here_note = Code::source_paragraph;
    if (s.kind != t.kind) {
      mechanics(Code::kind_differs, t.header(),
                {n, arg::keyword(kind_word(t.kind)), arg::keyword(kind_word(s.kind))}, s.header(),
                here_note, {n});
      return; // nothing else compares sensibly
    }
    if (s.kind == ParagraphKind::Status && s.name_id() != t.name_id())
      mechanics(Code::status_differs, t.header(), {n, t.name_id().view(), s.name_id().view()},
                s.header(), here_note, {n});
    if (s.sections.size() != t.sections.size()) {
      mechanics(Code::section_count_differs, t.header(), {n, t.sections.size(), s.sections.size()},
                s.header(), here_note, {n});
    } else {
      for (std::size_t i = 0; i < s.sections.size(); ++i)
        section(s, t, i);
    }
    std::string refs_t = translation_.refs(t), refs_s = source_.refs(s);
    if (refs_t != refs_s)
      mechanics(Code::refs_differ, t.header(), {n, arg::text(refs_t), arg::text(refs_s)},
                s.header(), here_note, {n});
    std::string letters_t = translation_.matrix_refs(t), letters_s = source_.matrix_refs(s);
    if (letters_t != letters_s)
      mechanics(Code::matrix_refs_differ, t.header(),
                {n, arg::text(letters_t), arg::text(letters_s)}, s.header(), here_note, {n});
    if (s.chart || t.chart) chart(s, t);
  }

  void section(const Paragraph& s, const Paragraph& t, std::size_t i) {
    const Section& a = s.sections[i];
    const Section& b = t.sections[i];
    const std::size_t index = i + 1;
    const std::uint32_t n = s.number;
    if (b.fallback) {
      ++summary_.fallback_sections;
      out_.report(Code::untranslated_section, a.heading().valid() ? a.heading() : a.range(),
                  {index, n});
      return;
    }
    const Code note = Code::source_section;
    std::string cond_t = translation_.mechanics(b), cond_s = source_.mechanics(a);
    if (cond_t != cond_s)
      mechanics(Code::conditions_differ, b.heading().valid() ? b.heading() : b.range(),
                {index, n, arg::text(cond_t), arg::text(cond_s)},
                a.heading().valid() ? a.heading() : a.range(), note);
    std::string award_t = translation_.award(b.award()), award_s = source_.award(a.award());
    if (award_t != award_s) {
      SourceRange here = b.award() ? b.award()->range : b.range();
      SourceRange there = a.award() ? a.award()->range : a.range();
      mechanics(Code::award_differs, here, {index, n, arg::text(award_t), arg::text(award_s)},
                there, note);
    }
  }

  void chart(const Paragraph& s, const Paragraph& t) {
    static const EncounterChart none;
    const EncounterChart& a = s.chart ? *s.chart : none;
    const EncounterChart& b = t.chart ? *t.chart : none;
    const std::uint32_t n = s.number;
    if (a.entries.size() != b.entries.size()) {
      mechanics(Code::chart_size_differs, t.header(), {n, b.entries.size(), a.entries.size()},
                s.header(), Code::source_paragraph, {n});
      return;
    }
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      std::string et = translation_.chart_entry(b.entries[i]),
                  es = source_.chart_entry(a.entries[i]);
      if (et != es)
        mechanics(Code::chart_entry_differs, b.entries[i].range, {arg::text(et), n, arg::text(es)},
                  a.entries[i].range, Code::source_entry);
    }
  }

  // Where the translated paragraph stands against its source paragraph's version.
  void version(const Paragraph& s, const Paragraph& t) {
    ParagraphComparison& compared = report_.paragraphs.back();
    compared.version = paragraph_version(s, pair_.sources);
    compared.state = ParagraphState::Unreviewed;
    if (!pair_.state) { // no state file: TB0123 says so once
      ++summary_.unreviewed;
      return;
    }
    auto it = pair_.state->reviewed.find(s.number);
    if (it == pair_.state->reviewed.end()) {
      ++summary_.unreviewed;
      Diagnostic& d = out_.report(Code::unreviewed_paragraph, t.header(), {s.number});
      d.note(Code::source_paragraph, s.header(), {s.number});
      return;
    }
    if (it->second == compared.version) {
      compared.state = ParagraphState::Current;
      return;
    }
    compared.state = ParagraphState::Stale;
    ++summary_.stale;
    Diagnostic& d = out_.report(Code::stale_paragraph, t.header(), {s.number});
    d.note(Code::source_paragraph_changed, s.header(), {s.number});
  }

  void matrices() {
    for (const ReactionMatrix& t : pair_.translation.matrices)
      if (!find(pair_.source, t.letter)) {
        ++summary_.mechanics;
        out_.report(Code::extra_matrix, t.header, {std::string(1, t.letter)});
      }
    for (const ReactionMatrix& s : pair_.source.matrices) {
      const std::string letter(1, s.letter);
      const ReactionMatrix* t = find(pair_.translation, s.letter);
      if (!t || t->fallback) {
        summary_.fallback_matrices += t != nullptr;
        summary_.mechanics += t == nullptr;
        out_.report(Code::missing_matrix, s.header, {letter});
        continue;
      }
      const Code note = Code::source_matrix;
      std::string options_t = translation_.options(*t), options_s = source_.options(s);
      if (options_t != options_s)
        mechanics(Code::options_differ, t->header,
                  {letter, arg::text(options_t), arg::text(options_s)}, s.header, note, {letter});
      if (t->rows.size() != s.rows.size()) {
        mechanics(Code::row_count_differs, t->header, {letter, t->rows.size(), s.rows.size()},
                  s.header, note, {letter});
        continue;
      }
      for (std::size_t i = 0; i < s.rows.size(); ++i) {
        std::string cells_t = translation_.cells(t->rows[i]), cells_s = source_.cells(s.rows[i]);
        if (cells_t != cells_s)
          mechanics(Code::cells_differ, t->rows[i].range,
                    {i + 1, letter, arg::text(cells_t), arg::text(cells_s)}, s.rows[i].range,
                    Code::source_row);
      }
    }
  }

  static const ReactionMatrix* find(const Book& book, char letter) {
    for (const ReactionMatrix& m : book.matrices)
      if (m.letter == letter) return &m;
    return nullptr;
  }

  void cards() {
    for (CardKind kind :
         {CardKind::Character, CardKind::Terrain, CardKind::City, CardKind::Special}) {
      std::vector<const Card*> s, t;
      for (const Card& c : pair_.source.cards)
        if (c.kind == kind) s.push_back(&c);
      for (const Card& c : pair_.translation.cards)
        if (c.kind == kind) t.push_back(&c);
      const char* word = tbook::name_of(kind);
      if (s.size() != t.size()) {
        ++summary_.mechanics;
        out_.report(Code::card_count_differs, pair_.book, {t.size(), arg::keyword(word), s.size()});
      }
      // Cards are matched by their order in the book: their names are translated.
      for (std::size_t i = 0; i < std::min(s.size(), t.size()); ++i) {
        if (t[i]->fallback) {
          ++summary_.fallback_cards;
          out_.report(Code::untranslated_card, s[i]->header, {arg::keyword(word), s[i]->name});
          continue;
        }
        std::string card_t = translation_.card(*t[i]), card_s = source_.card(*s[i]);
        if (card_t != card_s)
          mechanics(
              Code::card_differs, t[i]->header,
              {arg::keyword(word), t[i]->name, arg::text(card_t), s[i]->name, arg::text(card_s)},
              s[i]->header, Code::source_card);
      }
    }
  }

  // The map is matched space by space in source order (their names are
  // translated); a space reads as its terrain, marks and moves, the spaces
  // they lead to by their position ("#2").
  static std::string space(const WorldMap& map, const std::vector<std::vector<Move>>& moves,
                           std::size_t i) {
    const Space& s = map.spaces[i];
    std::string out = s.terrain;
    if (s.start) out += ", start";
    if (s.black) out += ", black " + std::to_string(s.black);
    if (s.wild) out += ", wild";
    if (s.place.number) out += ", place " + std::to_string(s.place.number);
    for (RouteKind kind : {RouteKind::Land, RouteKind::Sea}) {
      std::vector<std::uint32_t> targets; // in any order the routes are written
      for (const Move& m : moves[i])
        if (m.kind == kind) targets.push_back(m.to + 1);
      std::sort(targets.begin(), targets.end());
      std::string to;
      for (std::uint32_t n : targets)
        to += (to.empty() ? "#" : ", #") + std::to_string(n);
      if (!to.empty()) out += std::string("; ") + tbook::name_of(kind) + " to " + to;
    }
    // Its products (rule 23.1), by their place on the display ("#3"), in any
    // order the line lists them.
    std::vector<std::uint32_t> places;
    for (const ProductRef& p : s.products)
      places.push_back(p.product == UINT32_MAX ? 0 : p.product + 1);
    std::sort(places.begin(), places.end());
    std::string products;
    for (std::uint32_t n : places)
      products += (products.empty() ? "#" : ", #") + (n ? std::to_string(n) : std::string("?"));
    if (!products.empty()) out += "; products " + products;
    return out;
  }
  static std::string rates(const WorldMap& map) {
    std::map<std::string, std::string> by_level;
    for (const MovementRate& r : map.rates)
      by_level.emplace(r.level, std::to_string(r.land) + "/" + std::to_string(r.sea));
    std::string out;
    for (const auto& [level, rate] : by_level)
      out += (out.empty() ? "" : ", ") + level + " " + rate;
    return out;
  }

  void map() {
    const WorldMap& s = pair_.source.map;
    const WorldMap& t = pair_.translation.map;
    if (s.empty() && t.empty()) return;
    if (t.fallback) {
      ++summary_.fallback_cards;
      out_.report(Code::untranslated_map, s.headers.empty() ? pair_.book : s.headers.front(),
                  {arg::keyword("map")});
      return;
    }
    if (s.spaces.size() != t.spaces.size()) {
      ++summary_.mechanics;
      out_.report(Code::space_count_differs, pair_.book, {t.spaces.size(), s.spaces.size()});
    }
    const auto s_moves = space_moves(s), t_moves = space_moves(t);
    for (std::size_t i = 0; i < std::min(s.spaces.size(), t.spaces.size()); ++i) {
      const std::string ts = space(t, t_moves, i), ss = space(s, s_moves, i);
      if (ts != ss)
        mechanics(Code::space_differs, t.spaces[i].header,
                  {t.spaces[i].name, arg::text(ts), s.spaces[i].name, arg::text(ss)},
                  s.spaces[i].header, Code::source_space, {arg::keyword("space")});
    }
    const std::string tr = rates(t), sr = rates(s);
    if (tr != sr)
      mechanics(Code::rates_differ, t.headers.empty() ? pair_.book : t.headers.front(),
                {arg::text(tr), arg::text(sr)},
                s.headers.empty() ? SourceRange{} : s.headers.front(), Code::source_space,
                {arg::keyword("rates")});
  }

  // The Merchant Display reads as its grid, a product box `P` and an empty
  // one `.` (the products' names are translated), and its counter groups.
  static std::string display_text(const MerchantDisplay& d) {
    std::string out = std::to_string(d.row_count) + " x " + std::to_string(d.column_count) + ":";
    std::size_t next = 0; // products are in display order
    for (std::uint32_t row = 0; row < d.row_count; ++row) {
      out += row ? " / " : " ";
      for (std::uint32_t column = 0; column < d.column_count; ++column) {
        const bool product = next < d.products.size() && d.products[next].row == row &&
                             d.products[next].column == column;
        out += product ? "P" : ".";
        next += product;
      }
    }
    std::string counters;
    for (const CounterGroup& g : counter_groups(d))
      counters += (counters.empty() ? "" : ", ") + std::string(tbook::name_of(g.shape)) + " " +
                  std::to_string(g.count) +
                  (g.wealth ? " (wealth " + std::to_string(g.wealth) + ")" : "");
    return out + "; counters " + (counters.empty() ? "none" : counters);
  }

  void display() {
    const MerchantDisplay& s = pair_.source.display;
    const MerchantDisplay& t = pair_.translation.display;
    if (s.empty() && t.empty()) return;
    if (t.fallback) {
      ++summary_.fallback_cards;
      out_.report(Code::untranslated_map, s.headers.front(), {arg::keyword("display")});
      return;
    }
    const std::string tt = display_text(t), st = s.empty() ? "none" : display_text(s);
    if (tt != st)
      mechanics(Code::display_differs, t.headers.front(), {arg::text(tt), arg::text(st)},
                s.empty() ? SourceRange{} : s.headers.front(), Code::source_space,
                {arg::keyword("display")});
  }

  const TranslationPair& pair_;
  Diagnostics& out_;
  Mechanics source_;
  Mechanics translation_;
  TranslationSummary summary_;
  TranslationReport report_;
};

} // namespace

int TranslationSummary::coverage_percent() const {
  if (source_paragraphs == 0) return 100;
  return static_cast<int>(translated * 100 / source_paragraphs);
}

const ParagraphComparison* TranslationReport::paragraph(std::uint32_t number) const {
  for (const ParagraphComparison& p : paragraphs)
    if (p.number == number) return &p;
  return nullptr;
}

const GameBlockComparison* TranslationReport::game(const std::string& block) const {
  for (const GameBlockComparison& g : games)
    if (g.block == block) return &g;
  return nullptr;
}

bool TranslationReport::current(std::uint32_t number) const {
  const ParagraphComparison* p = paragraph(number);
  return p && p->state == ParagraphState::Current;
}

TranslationReport compare_translation(const TranslationPair& pair, Diagnostics& out) {
  return Comparison(pair, out).run();
}

bool is_fallback_code(Code code) {
  return code == Code::untranslated_paragraph || code == Code::untranslated_section ||
         code == Code::missing_matrix || code == Code::untranslated_card ||
         code == Code::untranslated_map;
}

bool is_translation_code(Code code) {
  std::string_view id = info(code).code;
  return id.size() == 6 && id.substr(0, 4) == "TB01" && id[4] <= '4';
}

std::size_t book_errors(const Diagnostics& diagnostics) {
  std::size_t count = 0;
  for (const Diagnostic& d : diagnostics.all())
    if (d.severity == Severity::Error && !is_translation_code(d.code)) ++count;
  return count;
}

} // namespace talebook
