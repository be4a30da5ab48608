#include "compiler/html/site_words.hpp"

#include "compiler/diagnostics/messages.hpp"
#include "compiler/html/html_text.hpp"

namespace talebook::html {
namespace {

std::string vocab_name(const Vocabulary& v, VocabKind kind, std::string_view id) {
  if (const VocabEntry* e = v.by_id(kind, id)) return e->name;
  return std::string(id);
}

// `1 use`, `Master, 7 or less`: a term in the vocabulary's award words.
std::string term_words(AwardTerm term, const Vocabulary& v) {
  if (term == AwardTerm::Permanent) return {};
  for (const auto& pair : tbook::master_terms)
    if (pair[1] == term) {
      std::string master = vocab_name(v, VocabKind::Award, "master");
      if (pair[0] == AwardTerm::Permanent) return master;
      return master + ", " + vocab_name(v, VocabKind::Award, tbook::name_of(pair[0]));
    }
  return vocab_name(v, VocabKind::Award, tbook::name_of(term));
}

} // namespace

SiteLanguage::SiteLanguage(std::string_view tag) : book(tag) {
  messages = message_language_of(tag);
  if (messages.empty()) messages = "en";
  rtl = right_to_left(tag);
}

std::string SiteLanguage::attributes() const {
  return "lang=\"" + escape(book.empty() ? "und" : book) + "\" dir=\"" + (rtl ? "rtl" : "ltr") +
         "\"";
}

std::string SiteLanguage::messages_attributes() const {
  if (book.substr(0, book.find_first_of("-_")) == messages) return {};
  return " lang=\"" + escape(messages) + "\" dir=\"ltr\"";
}

std::string site_word(std::string_view id, const SiteLanguage& language) {
  return localized(MessageText::SiteWord, {arg::keyword(id)}, language.messages);
}

std::string award_words(const Award& a, const Vocabulary& v, const SiteLanguage& language) {
  std::string name;
  switch (a.kind) {
  case AwardKind::Skill:
  case AwardKind::LoseSkill:
    name = vocab_name(v, VocabKind::Skill, a.id);
    break;
  case AwardKind::Status:
  case AwardKind::LoseStatus:
    name = vocab_name(v, VocabKind::Status, a.id);
    break;
  case AwardKind::MoveToTerrain:
    name = vocab_name(v, VocabKind::Terrain, a.id);
    break;
  case AwardKind::GoTo:
    name = std::to_string(a.paragraph());
    break;
  case AwardKind::Wealth:
    break;
  default:
    name = std::string(a.id.view());
  }
  std::string words = localized(MessageText::SiteAward,
                                {arg::keyword(tbook::name_of(a.kind)),
                                 static_cast<std::int64_t>(a.amount()), arg::text(name)},
                                language.messages);
  std::string term = term_words(a.term, v);
  if (a.kind == AwardKind::Wealth && a.limit != WealthLimit::None)
    term = vocab_name(v, VocabKind::Award, tbook::name_of(a.limit)) + ": " +
           vocab_name(v, VocabKind::Wealth, a.limit_id());
  if (!term.empty()) words += " (" + term + ")";
  if (a.qualifier != AwardQualifier::None)
    words += " " + vocab_name(v, VocabKind::Award, tbook::name_of(a.qualifier));
  return words;
}

} // namespace talebook::html
