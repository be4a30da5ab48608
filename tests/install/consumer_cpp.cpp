// The same reading through the installed C++17 header: consumer_cpp FILE.tbook NUMBER,
// or consumer_cpp FILE.tbook game: a game of the family (format 1.7), its deck
// (the cards, the first one's scores) or its tile set (the first tile, the verdicts).
#include <iostream>
#include <string>

#include <talebook/reader.hpp>

namespace tb = talebook::tbook;

int game(const tb::Book& book) {
  std::cout << book.title() << ": " << tb::name_of(book.game()) << '\n';
  if (book.game() == tb::GameKind::morgenland) {
    std::uint32_t copies = 0, night = 0;
    for (std::uint32_t i = 0; i < book.deck_card_count(); ++i) {
      const tb::DeckCard c = book.deck_card(i);
      copies += c.copies;
      if (c.has_scores) night += c.copies;
    }
    std::cout << "  deck: " << book.deck_card_count() << " cards, " << copies << " with copies, "
              << night << " Night\n";
    for (std::uint32_t i = 0; i < book.deck_card_count(); ++i) {
      const tb::DeckCard c = book.deck_card(i);
      if (!c.has_scores) continue;
      std::cout << "  " << c.name << " [" << c.gloss << "] " << c.attack << '/' << c.defence << '/'
                << c.key << '\n';
      break;
    }
  } else if (book.game() == tb::GameKind::shahrazad) {
    if (book.story_tile_count() == 0 || book.verdict_count() == 0) return 1;
    const tb::StoryTile t = book.story_tile(0);
    std::cout << "  tiles: " << book.story_tile_count() << "; tile 0: " << tb::name_of(t.colour)
              << ' ' << t.title << '\n';
    std::cout << "  verdicts: " << book.verdict_count() << '\n';
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  std::string error;
  auto book = tb::Book::open_file(argv[1], error);
  if (!book) {
    std::cout << "error: " << error << '\n';
    return 1;
  }
  if (std::string(argv[2]) == "game") return game(*book);
  auto p = book->find_paragraph(std::uint32_t(std::stoul(argv[2])));
  if (!p) return 1;
  std::cout << book->title() << ": paragraph " << p->number << '\n';
  for (std::uint32_t s : p->sections)
    for (std::uint32_t a : book->section(s).awards) {
      tb::Award award = book->award(a);
      std::cout << "  " << tb::name_of(award.kind) << ' ' << award.name << '\n';
    }
  return 0;
}
