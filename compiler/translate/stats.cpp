#include "compiler/translate/stats.hpp"

#include <sstream>

#include <nlohmann/json.hpp>

#include "compiler/text/text.hpp"
#include "compiler/translate/translation_mechanics.hpp"

namespace talebook {
namespace {

void row(std::ostringstream& out, const std::string& label, std::size_t value, int indent = 0) {
  std::string name(static_cast<std::size_t>(indent), ' ');
  name += label;
  out << name;
  for (std::size_t i = name.size(); i < 24; ++i)
    out << ' ';
  out << value << '\n';
}

} // namespace

std::size_t BookStats::fallback_percent() const {
  return source_paragraphs ? fallback_paragraphs * 100 / source_paragraphs : 0;
}

BookStats book_stats(const Book& book) {
  BookStats s;
  s.title = book.title;
  s.language = book.language;
  const char* locale = book.language.empty() ? "en" : book.language.c_str();
  for (const char* kind : tbook::Kind<ParagraphKind>::ids)
    s.by_kind.emplace_back(kind, 0);
  // What the book itself holds: a translation's fallbacks are its source's
  // (counted apart, from the translation report).
  for (const Paragraph& p : book.paragraphs) {
    if (p.fallback) continue;
    ++s.paragraphs;
    ++s.by_kind[static_cast<std::size_t>(p.kind)].second;
    s.references += p.refs.size();
    s.words += text::word_count(p.prose, locale);
    for (const Section& section : p.sections) {
      if (section.fallback) continue;
      ++s.sections;
      s.words += text::word_count(section.text, locale);
      if (section.has_award()) {
        ++s.award_groups;
        s.awards += section.awards().size();
      }
    }
    if (p.chart) {
      ++s.charts;
      s.chart_entries += p.chart->entries.size();
    }
  }
  for (const ReactionMatrix& m : book.matrices) {
    if (m.fallback) continue;
    ++s.matrices;
    s.matrix_rows += m.rows.size();
  }
  s.cards_by_kind.clear();
  for (const char* kind : tbook::Kind<CardKind>::ids)
    s.cards_by_kind.emplace_back(kind, 0);
  for (const Card& card : book.cards) {
    if (card.fallback) continue;
    ++s.cards;
    ++s.cards_by_kind[static_cast<std::size_t>(card.kind)].second;
    for (const CityResult& result : card.results) {
      s.words += text::word_count(result.text, locale);
      s.award_groups += result.awards.size();
      for (const AwardCode& code : result.awards)
        s.awards += code.awards.size();
    }
  }
  const GameContent& game = book.game;
  s.game = game.game != GameKind::tales;
  for (const DeckCard& card : game.deck) {
    if (card.fallback) continue;
    ++s.deck_cards;
    s.words += text::word_count(card.name, locale) + text::word_count(card.text, locale);
  }
  for (const StoryTileEntry& tile : game.tiles) {
    if (tile.fallback) continue;
    ++s.tiles;
    s.words += text::word_count(tile.title, locale);
  }
  for (const Verdict& v : game.verdicts) {
    if (v.fallback) continue;
    ++s.verdicts;
    s.words += text::word_count(v.words, locale);
  }
  return s;
}

std::string stats_text(const BookStats& s) {
  std::ostringstream out;
  out << s.title << " (" << (s.language.empty() ? "?" : s.language) << ")\n";
  row(out, "paragraphs", s.paragraphs);
  for (const auto& [kind, count] : s.by_kind)
    if (count) row(out, kind, count, 2);
  row(out, "sections", s.sections);
  row(out, "award groups", s.award_groups);
  row(out, "awards", s.awards);
  row(out, "references", s.references);
  row(out, "encounter charts", s.charts);
  row(out, "chart entries", s.chart_entries, 2);
  row(out, "reaction matrices", s.matrices);
  row(out, "matrix rows", s.matrix_rows, 2);
  row(out, "cards", s.cards);
  for (const auto& [kind, count] : s.cards_by_kind)
    if (count) row(out, kind, count, 2);
  if (s.game) {
    row(out, "deck cards", s.deck_cards);
    row(out, "tiles", s.tiles);
    row(out, "verdicts", s.verdicts);
  }
  row(out, "words", s.words);
  if (s.translation) {
    out << "translation\n";
    row(out, "translated", s.translated, 2);
    row(out, "source paragraphs", s.source_paragraphs, 2);
    row(out, "coverage (%)", s.source_paragraphs ? s.translated * 100 / s.source_paragraphs : 100,
        2);
    row(out, "fallback paragraphs", s.fallback_paragraphs, 2);
    row(out, "fallback (%)", s.fallback_percent(), 2);
    row(out, "fallback sections", s.fallback_sections, 2);
    row(out, "fallback matrices", s.fallback_matrices, 2);
    row(out, "fallback cards", s.fallback_cards, 2);
    row(out, "stale", s.stale, 2);
    row(out, "unreviewed", s.unreviewed, 2);
    if (s.game) {
      row(out, "game blocks", s.source_game_blocks, 2);
      row(out, "translated", s.game_translated, 4);
      row(out, "stale", s.game_stale, 4);
      row(out, "unreviewed", s.game_unreviewed, 4);
    }
    row(out, "source words", s.source_words, 2);
  }
  return out.str();
}

std::string stats_json(const BookStats& s) {
  nlohmann::ordered_json j;
  j["title"] = s.title;
  j["language"] = s.language;
  j["paragraphs"] = s.paragraphs;
  nlohmann::ordered_json kinds = nlohmann::ordered_json::object();
  for (const auto& [kind, count] : s.by_kind)
    kinds[kind] = count;
  j["paragraphs_by_kind"] = kinds;
  j["sections"] = s.sections;
  j["award_groups"] = s.award_groups;
  j["awards"] = s.awards;
  j["references"] = s.references;
  j["charts"] = s.charts;
  j["chart_entries"] = s.chart_entries;
  j["matrices"] = s.matrices;
  j["matrix_rows"] = s.matrix_rows;
  j["cards"] = s.cards;
  nlohmann::ordered_json cards = nlohmann::ordered_json::object();
  for (const auto& [kind, count] : s.cards_by_kind)
    cards[kind] = count;
  j["cards_by_kind"] = cards;
  if (s.game)
    j["game"] = {{"deck_cards", s.deck_cards}, {"tiles", s.tiles}, {"verdicts", s.verdicts}};
  j["words"] = s.words;
  if (s.translation) {
    j["translation"] = {
        {"source_paragraphs", s.source_paragraphs},
        {"translated", s.translated},
        {"coverage_percent", s.source_paragraphs ? s.translated * 100 / s.source_paragraphs : 100},
        {"fallback_paragraphs", s.fallback_paragraphs},
        {"fallback_percent", s.fallback_percent()},
        {"fallback_sections", s.fallback_sections},
        {"fallback_matrices", s.fallback_matrices},
        {"fallback_cards", s.fallback_cards},
        {"stale", s.stale},
        {"unreviewed", s.unreviewed},
        {"source_words", s.source_words}};
    if (s.game)
      j["translation"]["game_blocks"] = {{"source", s.source_game_blocks},
                                         {"translated", s.game_translated},
                                         {"stale", s.game_stale},
                                         {"unreviewed", s.game_unreviewed}};
  }
  return j.dump(2) + "\n";
}

} // namespace talebook
