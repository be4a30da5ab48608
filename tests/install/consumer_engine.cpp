// A game engine's main over the installed reference engine (talebook::engine):
//   consumer_engine FILE.tbook SEED < answers
// plays the Standard game with the answers read from stdin, as `talec play
// FILE.tbook --seed SEED` does.
#include <iostream>
#include <string>

#include <talebook/engine/session.hpp>
#include <talebook/reader.hpp>

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  std::string error;
  auto book = talebook::tbook::Book::open_file(argv[1], error);
  if (!book) {
    std::cout << "error: " << error << '\n';
    return 1;
  }
  talebook::engine::Session session(*book, std::cin, std::cout, std::stoull(argv[2]), true);
  session.run();
  return 0;
}
