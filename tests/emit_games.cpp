// The game family through the .tbook (format 1.7, docs/games.md): a deck of
// "Da geht was ab im Morgenland" and Shahrazad's story tiles and verdicts,
// built in C++ from the model (the parser's books come later), written, and
// read back through the reader, the C API and the dump, every field as the
// model holds it; a Book of Tales writes none of their sections; a damaged
// game section is refused at open with its read error; the emitter refuses
// what the reader would.
#include <cstring>
#include <tuple>

#include <catch2/catch.hpp>

#include "compiler/emit/emit.hpp"
#include "compiler/model/model_json.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/format.hpp"
#include "talebook/reader.hpp"
#include "talebook/talebook.h"
#include "tests/support.hpp"
#include "tests/tbook_rebuild.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook;
namespace tb = talebook::tbook;
using tb::layout::tag;

namespace {

struct GameBook {
  Book book;
  Vocabulary vocabulary;
  GameBook() {
    const auto error = vocabulary.load_file(test::source_dir() + "/locales/en/vocabulary.json");
    if (!error.empty()) throw std::runtime_error("vocabulary");
  }
};

DeckCard card(Book& b, DeckClass c, const char* name, const char* gloss, const char* text,
              CardRole role = CardRole::none) {
  DeckCard d;
  d.deck_class = c;
  d.role = role;
  d.name = b.keep(name);
  d.gloss = b.keep(gloss);
  d.text = b.keep(text);
  return d;
}

void scores(DeckCard& d, std::uint32_t a, std::uint32_t def, std::uint32_t k) {
  d.has_scores = true;
  d.attack = a, d.defence = def, d.key = k;
}

CardName named(Book& b, const char* name, std::uint32_t index) {
  CardName n;
  n.name = b.keep(name);
  n.card = index;
  return n;
}

// A small deck: a card of each stack, a flying card and the archer that
// stops it, a bars day card, effects with and without an amount.
void deck(GameBook& g) {
  Book& b = g.book;
  b.title = "Da geht was ab im Morgenland";
  b.language = "de";
  b.game.game = GameKind::morgenland;
  std::vector<DeckCard>& d = b.game.deck;
  d.push_back(card(b, DeckClass::insignia, "Siegel des Sultans", "Sultan's Seal",
                   "Wer es trägt, spricht mit der Stimme des Palastes."));
  d.push_back(card(b, DeckClass::treasure, "Flaschengeist", "Djinni in a Bottle",
                   "Der Geist ist frei und dankt es dem Räuber schlecht.", CardRole::cursed));
  d.back().effect = {CardEffectKind::discard, 2, {}};
  d.push_back(card(b, DeckClass::attack, "Fliegender Löwe", "Flying Lion",
                   "Er trägt seinen Reiter über die Zinnen.", CardRole::flying));
  scores(d.back(), 6, 2, 3);
  d.back().stopped_by.push_back(named(b, "Wache mit Bogen", 3));
  d.push_back(card(b, DeckClass::defence, "Wache mit Bogen", "Guard with Bow",
                   "Sein Pfeil findet, was fliegt.", CardRole::archer));
  scores(d.back(), 1, 5, 4);
  d.back().copies = 2;
  d.push_back(card(b, DeckClass::attack, "Dieb", "Thief", "Leise Sohlen, flinke Finger."));
  scores(d.back(), 3, 1, 6);
  d.back().copies = 6;
  d.push_back(card(b, DeckClass::day, "Hinrichtung", "Execution", "Auf dem Platz wird gerichtet.",
                   CardRole::bars));
  d.back().bars = {named(b, "Dieb", 4), named(b, "Fliegender Löwe", 2)};
  d.push_back(card(b, DeckClass::day, "Bazar", "", "Ein Gut wird versteigert.", CardRole::bazaar));
  d.back().effect = {CardEffectKind::key, 1, {}};
  d.push_back(card(b, DeckClass::attack, "Ereignis", "Event", "Du setzt aus.", CardRole::event));
  scores(d.back(), 0, 0, 1);
  d.back().effect = {CardEffectKind::skip, 0, {}};
  d.back().fallback = true;
  d.push_back(card(b, DeckClass::vaguwam, "V.A.G.U.W.A.M.", "V.A.G.U.W.A.M.",
                   "Er wandert von Wesir zu Wesir."));
}

// Six tiles, written out of number order; three verdicts, the last open.
void tiles(GameBook& g) {
  Book& b = g.book;
  b.title = "Shahrazad: Tales in Tiles";
  b.language = "en";
  b.game.game = GameKind::shahrazad;
  const std::tuple<std::uint32_t, TileColour, const char*> list[] = {
      {3, TileColour::blue, "The Porter and the Three Ladies"},
      {0, TileColour::red, "The Merchant and the Jinni"},
      {5, TileColour::yellow, "The Ebony Horse"},
      {1, TileColour::red, "The Fisherman's Fourth Cast"},
      {4, TileColour::black, "The City of Brass"},
      {2, TileColour::blue, "The Hunchback's Tale"}};
  for (const auto& [number, colour, title] : list) {
    StoryTileEntry t;
    t.number = number, t.colour = colour, t.title = b.keep(title);
    b.game.tiles.push_back(t);
  }
  b.game.tiles[4].fallback = true;
  const std::tuple<std::uint32_t, std::uint32_t, bool, const char*> verdicts[] = {
      {0, 9, false, "The King yawns and calls for his executioner."},
      {10, 19, false, "The King spares you one more night."},
      {20, 0, true, "The King frees you and makes you his queen."}};
  for (const auto& [from, to, open, words] : verdicts) {
    Verdict v;
    v.from = from, v.to = to, v.open = open, v.words = b.keep(words);
    b.game.verdicts.push_back(v);
  }
}

std::string emit(const GameBook& g, bool pack = true, bool stream = false) {
  std::string bytes;
  EmitOptions options;
  options.pack = pack;
  options.stream = stream;
  const std::string error = emit_tbook(g.book, g.vocabulary, bytes, options);
  INFO(error);
  REQUIRE(error.empty());
  return bytes;
}

std::string emit_error(const GameBook& g) {
  std::string bytes;
  return emit_tbook(g.book, g.vocabulary, bytes, EmitOptions{});
}

std::unique_ptr<tb::Book> open(const std::string& bytes, std::string& error) {
  return tb::Book::open_memory(bytes.data(), bytes.size(), error);
}

bool has_section(const std::string& bytes, const char* t) {
  char name[5] = {};
  std::memcpy(name, t, 4);
  for (const tbook_test::RawSection& s : tbook_test::split(bytes).sections)
    if (s.tag == tag(name)) return true;
  return false;
}

// The file with the field of `width` bytes at `at` of record `index` of
// section `t` set to `value`, resealed (the file written unpacked).
std::string with_field(const std::string& good, const char (&t)[5], std::uint32_t index,
                       std::size_t at, std::uint32_t value, std::size_t width = 4) {
  tbook_test::Sections s = tbook_test::split(good);
  bool found = false;
  for (tbook_test::RawSection& r : s.sections)
    if (r.tag == tag(t)) {
      REQUIRE(std::size_t(index + 1) * r.record_size <= r.data.size());
      std::memcpy(r.data.data() + index * r.record_size + at, &value, width);
      found = true;
    }
  REQUIRE(found);
  return tbook_test::join(s);
}

std::vector<std::string> names(const tb::Book& book, tb::Span span) {
  std::vector<std::string> out;
  for (std::uint32_t k : span)
    out.push_back(std::string(book.deck_card(book.deck_card_ref(k)).name));
  return out;
}

} // namespace

TEST_CASE("tbook: a deck reads back through the reader as the model holds it", "[tbook][games]") {
  GameBook g;
  deck(g);
  for (auto [pack, stream] : {std::pair{false, false}, {true, false}, {true, true}}) {
    INFO("pack " << pack << " stream " << stream);
    std::string error;
    const auto book = open(emit(g, pack, stream), error);
    INFO(error);
    REQUIRE(book);
    CHECK(book->version().minor == 7);
    CHECK(book->game() == tb::GameKind::morgenland);
    CHECK((book->story_tile_count() == 0 && book->verdict_count() == 0));
    REQUIRE(book->deck_card_count() == g.book.game.deck.size());
    for (std::uint32_t i = 0; i < book->deck_card_count(); ++i) {
      const DeckCard& m = g.book.game.deck[i];
      const tb::DeckCard c = book->deck_card(i);
      INFO(m.name);
      CHECK(c.index == i);
      CHECK(c.deck_class == m.deck_class);
      CHECK(c.role == m.role);
      CHECK((c.name == m.name && c.gloss == m.gloss && c.text == m.text));
      CHECK(c.has_scores == m.has_scores);
      CHECK((c.attack == m.attack && c.defence == m.defence && c.key == m.key));
      CHECK(c.copies == m.copies);
      CHECK(c.effect == m.effect.kind);
      CHECK(std::int32_t(c.effect_amount) == m.effect.amount);
      CHECK(c.fallback == m.fallback);
      std::vector<std::string> stopped, bars;
      for (const CardName& n : m.stopped_by)
        stopped.push_back(std::string(g.book.game.deck[n.card].name));
      for (const CardName& n : m.bars)
        bars.push_back(std::string(g.book.game.deck[n.card].name));
      CHECK(names(*book, c.stopped_by) == stopped);
      CHECK(names(*book, c.bars) == bars);
    }
    CHECK(book->find_deck_card("Dieb") == 4u);
    CHECK_FALSE(book->find_deck_card("Sklave"));
    CHECK(book->deck_card(*book->find_deck_card("Bazar")).gloss.empty());
    CHECK_THROWS_AS(book->deck_card(9), std::out_of_range);
    CHECK_THROWS_AS(book->deck_card_ref(3), std::out_of_range);
    CHECK(std::string(tb::name_of(tb::CardRole::flying)) == "flying");
    CHECK(std::string(tb::name_of(tb::DeckClass::vaguwam)) == "vaguwam");
  }
}

TEST_CASE("tbook: story tiles by number and the verdicts read back", "[tbook][games]") {
  GameBook g;
  tiles(g);
  std::string error;
  const auto book = open(emit(g), error);
  INFO(error);
  REQUIRE(book);
  CHECK(book->game() == tb::GameKind::shahrazad);
  CHECK(book->deck_card_count() == 0);
  REQUIRE(book->story_tile_count() == 6);
  for (const StoryTileEntry& m : g.book.game.tiles) {
    const tb::StoryTile t = book->story_tile(m.number);
    CHECK(t.number == m.number);
    CHECK(t.colour == m.colour);
    CHECK(t.title == m.title);
    CHECK(t.fallback == m.fallback);
  }
  CHECK(book->story_tile(1).title == "The Fisherman's Fourth Cast");
  CHECK_THROWS_AS(book->story_tile(6), std::out_of_range);
  REQUIRE(book->verdict_count() == 3);
  for (std::uint32_t i = 0; i < 3; ++i) {
    const Verdict& m = g.book.game.verdicts[i];
    const tb::Verdict v = book->verdict(i);
    CHECK((v.index == i && v.from == m.from && v.open == m.open && v.words == m.words));
    CHECK(v.to == (m.open ? 0xFFFFFFFFu : m.to));
  }
  CHECK(book->verdict_for(0) == 0u);
  CHECK(book->verdict_for(9) == 0u);
  CHECK(book->verdict_for(10) == 1u);
  CHECK(book->verdict_for(20) == 2u);
  CHECK(book->verdict_for(4000) == 2u);
}

TEST_CASE("tbook: the C API gives the deck, the tiles and the verdicts", "[tbook][games][c]") {
  GameBook d;
  deck(d);
  const std::string bytes = emit(d);
  talebook_book* c = talebook_open_memory(bytes.data(), bytes.size());
  REQUIRE(c);
  CHECK(talebook_book_game(c) == TALEBOOK_GAME_MORGENLAND);
  CHECK(std::string(talebook_game_kind_name(talebook_book_game(c))) == "morgenland");
  REQUIRE(talebook_deck_card_count(c) == d.book.game.deck.size());
  for (std::uint32_t i = 0; i < d.book.game.deck.size(); ++i) {
    const DeckCard& m = d.book.game.deck[i];
    talebook_deck_card k{};
    REQUIRE(talebook_deck_card_at(c, i, &k));
    INFO(m.name);
    CHECK(k.index == i);
    CHECK(k.deck_class == int32_t(m.deck_class));
    CHECK(k.role == int32_t(m.role));
    CHECK(std::string(k.name.data, k.name.size) == m.name);
    CHECK(std::string(k.gloss.data, k.gloss.size) == m.gloss);
    CHECK(std::string(k.text.data, k.text.size) == m.text);
    CHECK(k.has_scores == int32_t(m.has_scores));
    CHECK((k.attack == m.attack && k.defence == m.defence && k.key == m.key));
    CHECK(k.copies == m.copies);
    CHECK(k.effect == int32_t(m.effect.kind));
    CHECK(int32_t(k.effect_amount) == m.effect.amount);
    CHECK(k.stopped_by_count == m.stopped_by.size());
    CHECK(k.bars_count == m.bars.size());
    CHECK(k.fallback == int32_t(m.fallback));
    for (std::uint32_t j = 0; j < k.bars_count; ++j) {
      uint32_t target = 99;
      REQUIRE(talebook_deck_card_ref_at(c, k.first_bars + j, &target));
      CHECK(target == m.bars[j].card);
    }
    for (std::uint32_t j = 0; j < k.stopped_by_count; ++j) {
      uint32_t target = 99;
      REQUIRE(talebook_deck_card_ref_at(c, k.first_stopped_by + j, &target));
      CHECK(target == m.stopped_by[j].card);
    }
  }
  talebook_deck_card k{};
  REQUIRE(talebook_find_deck_card(c, "Wache mit Bogen", &k));
  CHECK((k.index == 3 && k.role == TALEBOOK_ROLE_ARCHER && k.deck_class == TALEBOOK_DECK_DEFENCE));
  CHECK(std::string(talebook_card_role_name(k.role)) == "archer");
  CHECK(std::string(talebook_deck_class_name(k.deck_class)) == "defence");
  CHECK_FALSE(talebook_find_deck_card(c, "Sklave", &k));
  CHECK(k.name.data == nullptr); // zeroed
  CHECK_FALSE(talebook_deck_card_at(c, 9, &k));
  uint32_t target = 0;
  CHECK_FALSE(talebook_deck_card_ref_at(c, 3, &target));
  CHECK(std::string(talebook_card_effect_name(TALEBOOK_CARD_EFFECT_DISCARD)) == "discard");
  CHECK(std::string(talebook_card_role_name(TALEBOOK_ROLE_COURT + 1)).empty());
  CHECK(talebook_story_tile_count(c) == 0);
  talebook_close(c);

  GameBook s;
  tiles(s);
  const std::string tile_bytes = emit(s);
  c = talebook_open_memory(tile_bytes.data(), tile_bytes.size());
  REQUIRE(c);
  CHECK(talebook_book_game(c) == TALEBOOK_GAME_SHAHRAZAD);
  CHECK(talebook_deck_card_count(c) == 0);
  REQUIRE(talebook_story_tile_count(c) == 6);
  for (const StoryTileEntry& m : s.book.game.tiles) {
    talebook_story_tile t{};
    REQUIRE(talebook_story_tile_at(c, m.number, &t));
    CHECK(t.number == m.number);
    CHECK(t.colour == int32_t(m.colour));
    CHECK(std::string(t.title.data, t.title.size) == m.title);
    CHECK(t.fallback == int32_t(m.fallback));
  }
  talebook_story_tile t{};
  CHECK_FALSE(talebook_story_tile_at(c, 6, &t));
  CHECK(std::string(talebook_tile_colour_name(TALEBOOK_TILE_YELLOW)) == "yellow");
  REQUIRE(talebook_verdict_count(c) == 3);
  for (std::uint32_t i = 0; i < 3; ++i) {
    const Verdict& m = s.book.game.verdicts[i];
    talebook_verdict v{};
    REQUIRE(talebook_verdict_at(c, i, &v));
    CHECK((v.index == i && v.from == m.from && v.open == int32_t(m.open)));
    CHECK(v.to == (m.open ? 0xFFFFFFFFu : m.to));
    CHECK(std::string(v.words.data, v.words.size) == m.words);
  }
  talebook_verdict v{};
  REQUIRE(talebook_verdict_for(c, 15, &v));
  CHECK(v.index == 1);
  CHECK_FALSE(talebook_verdict_at(c, 3, &v));
  talebook_close(c);
}

TEST_CASE("tbook: a Book of Tales writes none of the game's sections", "[tbook][games]") {
  Compilation c;
  test::compile(c, "@1\nNo Skill: x [S1]\n");
  REQUIRE(c.diagnostics.errors() == 0);
  std::string bytes;
  REQUIRE(emit_tbook(c.book, c.vocabulary, bytes, EmitOptions{}).empty());
  for (const char* t : {"GAME", "DECK", "DREF", "TILE", "VERD"}) {
    INFO(t);
    CHECK_FALSE(has_section(bytes, t));
  }
  std::string error;
  const auto book = open(bytes, error);
  REQUIRE(book);
  CHECK(book->game() == tb::GameKind::tales);
  CHECK((book->deck_card_count() == 0 && book->story_tile_count() == 0 &&
         book->verdict_count() == 0));
  CHECK_FALSE(book->verdict_for(3));
  talebook_book* h = talebook_open_memory(bytes.data(), bytes.size());
  REQUIRE(h);
  CHECK(talebook_book_game(h) == TALEBOOK_GAME_TALES);
  talebook_verdict v{};
  CHECK_FALSE(talebook_verdict_for(h, 3, &v));
  talebook_close(h);
  // A game book writes all five.
  GameBook g;
  deck(g);
  const std::string game = emit(g);
  for (const char* t : {"GAME", "DECK", "DREF", "TILE", "VERD"})
    CHECK(has_section(game, t));
}

TEST_CASE("tbook: a damaged game section is refused at open", "[tbook][games]") {
  using namespace tb::layout;
  GameBook d;
  deck(d);
  const std::string deck_file = emit(d, false);
  GameBook s;
  tiles(s);
  const std::string tile_file = emit(s, false);
  std::string error;
  REQUIRE(open(deck_file, error));
  REQUIRE(open(tile_file, error));
  struct Damage {
    const char* what;
    std::string bytes;
    tb::ReadErrorKind kind;
    std::string message;
  };
  using K = tb::ReadErrorKind;
  const std::vector<Damage> damages = {
      {"a game of no list", with_field(deck_file, "GAME", 0, offsetof(GameRecord, game), 3, 1),
       K::BadKind, "bad book file: section 'game' record 0: bad kind"},
      {"a deck in a Shahrazad book",
       with_field(deck_file, "GAME", 0, offsetof(GameRecord, game), 2, 1), K::BadSectionSize,
       "bad book file: bad size of section 'deck cards'"},
      {"a stack of no list",
       with_field(deck_file, "DECK", 0, offsetof(DeckCardRecord, deck_class), 6, 1), K::BadKind,
       "bad book file: section 'deck cards' record 0: bad kind"},
      {"a role its stack does not allow",
       with_field(deck_file, "DECK", 0, offsetof(DeckCardRecord, role), 2, 1), K::BadKind,
       "bad book file: section 'deck cards' record 0: bad kind"},
      {"a Key of 7", with_field(deck_file, "DECK", 2, offsetof(DeckCardRecord, key), 7, 1),
       K::BadReference, "bad book file: section 'deck cards' record 2: bad reference"},
      {"a Key of 0", with_field(deck_file, "DECK", 4, offsetof(DeckCardRecord, key), 0, 1),
       K::BadReference, "bad book file: section 'deck cards' record 4: bad reference"},
      {"scores on a day card",
       with_field(deck_file, "DECK", 5, offsetof(DeckCardRecord, attack), 1, 1), K::BadReference,
       "bad book file: section 'deck cards' record 5: bad reference"},
      {"an effect of no amount",
       with_field(deck_file, "DECK", 1, offsetof(DeckCardRecord, effect_amount), 0, 1),
       K::BadReference, "bad book file: section 'deck cards' record 1: bad reference"},
      {"an effect of no list",
       with_field(deck_file, "DECK", 1, offsetof(DeckCardRecord, effect), 7, 1), K::BadKind,
       "bad book file: section 'deck cards' record 1: bad kind"},
      {"no copies", with_field(deck_file, "DECK", 4, offsetof(DeckCardRecord, copies), 0, 1),
       K::BadReference, "bad book file: section 'deck cards' record 4: bad reference"},
      {"a run past the names",
       with_field(deck_file, "DECK", 5, offsetof(DeckCardRecord, first_bars), 2), K::ListOutOfRange,
       "bad book file: section 'deck cards' record 5: list out of range"},
      {"stoppers on a card that does not fly",
       with_field(deck_file, "DECK", 4, offsetof(DeckCardRecord, stopped_by_count), 1, 2),
       K::BadReference, "bad book file: section 'deck cards' record 4: bad reference"},
      {"a name of no card", with_field(deck_file, "DREF", 1, 0, 9), K::ListOutOfRange,
       "bad book file: section 'deck card names' record 1: list out of range"},
      {"a name none", with_field(deck_file, "DREF", 0, 0, none), K::ListOutOfRange,
       "bad book file: section 'deck card names' record 0: list out of range"},
      {"a tile out of its place",
       with_field(tile_file, "TILE", 2, offsetof(StoryTileRecord, number), 3, 2), K::BadNumber,
       "bad book file: section 'story tiles' record 2: bad number"},
      {"a colour of no list",
       with_field(tile_file, "TILE", 0, offsetof(StoryTileRecord, colour), 4, 1), K::BadKind,
       "bad book file: section 'story tiles' record 0: bad kind"},
      {"a verdict after a gap", with_field(tile_file, "VERD", 1, offsetof(VerdictRecord, from), 11),
       K::OutOfOrder, "bad book file: section 'verdicts' record 1: records out of order"},
      {"an open verdict before the last",
       with_field(tile_file, "VERD", 0, offsetof(VerdictRecord, open), 1, 1), K::BadReference,
       "bad book file: section 'verdicts' record 0: bad reference"},
      {"a verdict that ends before it starts",
       with_field(tile_file, "VERD", 1, offsetof(VerdictRecord, to), 5), K::BadReference,
       "bad book file: section 'verdicts' record 1: bad reference"},
      {"tiles in a Morgenland book",
       with_field(tile_file, "GAME", 0, offsetof(GameRecord, game), 1, 1), K::BadSectionSize,
       "bad book file: bad size of section 'story tiles'"},
  };
  for (const Damage& damage : damages) {
    INFO(damage.what);
    tb::ReadError read;
    CHECK_FALSE(tb::Book::open_memory(damage.bytes.data(), damage.bytes.size(), read));
    CHECK(read.kind == damage.kind);
    INFO(read.what());
    CHECK(read.what().find(damage.message) == 0);
  }
  // Two GAME records: the section's size.
  tbook_test::Sections split = tbook_test::split(deck_file);
  for (tbook_test::RawSection& r : split.sections)
    if (r.tag == tag("GAME")) r.data += r.data;
  CHECK_FALSE(open(tbook_test::join(split), error));
  CHECK(error.find("'game'") != std::string::npos);
}

TEST_CASE("tbook: a mapped book reads its deck when asked", "[tbook][games]") {
  GameBook g;
  deck(g);
  test::TempDir dir("games-mapped");
  const std::string path = (dir / "deck.tbook").string();
  test::write_file(path, emit(g));
  std::string error;
  const auto book = tb::Book::open_mapped(path, error);
  INFO(error);
  REQUIRE(book);
  CHECK(book->game() == tb::GameKind::morgenland);
  CHECK(names(*book, book->deck_card(2).stopped_by) == std::vector<std::string>{"Wache mit Bogen"});
  CHECK(book->verify(error));
}

TEST_CASE("tbook: the emitter refuses a game the reader would refuse", "[tbook][games]") {
  {
    GameBook g;
    deck(g);
    g.book.game.deck[2].key = 7;
    CHECK(emit_error(g).find("key 7") != std::string::npos);
  }
  {
    GameBook g;
    deck(g);
    g.book.game.deck[5].bars[0].card = UINT32_MAX;
    CHECK(emit_error(g).find("'Dieb' is not resolved") != std::string::npos);
  }
  {
    GameBook g;
    deck(g);
    g.book.game.deck[4].copies = 100;
    CHECK(!emit_error(g).empty());
  }
  {
    GameBook g;
    deck(g);
    g.book.game.deck[2].stopped_by.assign(65536, g.book.game.deck[2].stopped_by[0]);
    CHECK(emit_error(g).find("card_stoppers") != std::string::npos);
  }
  {
    GameBook g;
    tiles(g);
    g.book.game.tiles[0].number = 7; // 3 is missing
    CHECK(!emit_error(g).empty());
  }
  {
    GameBook g;
    tiles(g);
    g.book.game.verdicts[1].from = 11;
    CHECK(emit_error(g).find("gap") != std::string::npos);
  }
}

TEST_CASE("dump: the deck, the tiles and the verdicts, as the model holds them",
          "[tbook][games][dump]") {
  GameBook d;
  deck(d);
  std::string error;
  auto book = open(emit(d), error);
  REQUIRE(book);
  nlohmann::json dumped = tbook_json(*book);
  CHECK(dumped == model_json(d.book, d.vocabulary));
  const nlohmann::json& cards = dumped.at("game").at("deck");
  CHECK(dumped.at("game").at("kind") == "morgenland");
  CHECK(cards.at(2) == nlohmann::json({{"class", "attack"},
                                       {"role", "flying"},
                                       {"name", "Fliegender Löwe"},
                                       {"gloss", "Flying Lion"},
                                       {"text", "Er trägt seinen Reiter über die Zinnen."},
                                       {"copies", 1},
                                       {"scores", {{"attack", 6}, {"defence", 2}, {"key", 3}}},
                                       {"stopped_by", {"Wache mit Bogen"}}}));
  CHECK(cards.at(1).at("effect") == nlohmann::json({{"kind", "discard"}, {"amount", 2}}));
  CHECK(cards.at(5).at("bars") == nlohmann::json({"Dieb", "Fliegender Löwe"}));
  CHECK(cards.at(7).at("fallback") == true);
  CHECK_FALSE(cards.at(0).contains("scores"));

  GameBook s;
  tiles(s);
  book = open(emit(s), error);
  REQUIRE(book);
  dumped = tbook_json(*book);
  CHECK(dumped == model_json(s.book, s.vocabulary));
  const nlohmann::json& game = dumped.at("game");
  CHECK(
      game.at("tiles").at(0) ==
      nlohmann::json({{"number", 0}, {"colour", "red"}, {"title", "The Merchant and the Jinni"}}));
  CHECK(game.at("tiles").at(4).at("fallback") == true);
  CHECK(
      game.at("verdicts").at(1) ==
      nlohmann::json({{"from", 10}, {"to", 19}, {"words", "The King spares you one more night."}}));
  CHECK(game.at("verdicts").at(2).at("open") == true);
  CHECK_FALSE(game.at("verdicts").at(2).contains("to"));
  // --records: the sections by their fields.
  const nlohmann::ordered_json records = tbook_records_json(*book, "VERD");
  CHECK(records.at("VERD").at("records").at(2).at("open") == 1);
}

TEST_CASE("talec dump: a game book's sections, and a damaged deck is TB0078",
          "[cli][tbook][games]") {
  GameBook g;
  deck(g);
  test::TempDir dir("games-dump");
  const std::string good = emit(g, false);
  const std::string path = (dir.path / "deck.tbook").string();
  test::write_file(path, good);
  test::Run run = test::talec({"dump", path});
  INFO(run.err);
  REQUIRE(run.exit == 0);
  const nlohmann::json dumped = nlohmann::json::parse(run.out);
  CHECK(dumped.at("game").at("deck").at(5).at("bars") ==
        nlohmann::json({"Dieb", "Fliegender Löwe"}));
  run = test::talec({"dump", "--records", "--section", "DECK", path});
  REQUIRE(run.exit == 0);
  const nlohmann::json records = nlohmann::json::parse(run.out);
  CHECK(records.at("DECK").at("name") == "deck cards");
  CHECK(records.at("DECK").at("records").at(2).at("key") == 3);
  CHECK(records.at("DECK").at("records").at(2).at("strings").at("name") == "Fliegender Löwe");
  const std::string damaged = (dir.path / "damaged.tbook").string();
  test::write_file(damaged,
                   with_field(good, "DECK", 2, offsetof(tb::layout::DeckCardRecord, key), 7, 1));
  run = test::talec({"dump", damaged});
  CHECK(run.exit == 1);
  CHECK(run.err.find("error[TB0078]") != std::string::npos);
  CHECK(run.err.find("'bad_reference'") != std::string::npos);
}

// Not run by default: writes the fuzz corpus's game books
// (tests/fuzz/corpus/tbook/games-deck-1.7.tbook, games-tiles-1.7.tbook), unpacked.
TEST_CASE("the fuzz corpus's game books", "[.games-corpus]") {
  GameBook d;
  deck(d);
  test::write_file(test::source_dir() + "/tests/fuzz/corpus/tbook/games-deck-1.7.tbook",
                   emit(d, false));
  GameBook s;
  tiles(s);
  test::write_file(test::source_dir() + "/tests/fuzz/corpus/tbook/games-tiles-1.7.tbook",
                   emit(s, false));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
