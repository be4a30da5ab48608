// The same reading through the installed C++17 header: consumer_cpp FILE.tbook NUMBER
#include <iostream>

#include <talebook/reader.hpp>

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  std::string error;
  auto book = talebook::tbook::Book::open_file(argv[1], error);
  if (!book) {
    std::cout << "error: " << error << '\n';
    return 1;
  }
  auto p = book->find_paragraph(std::uint32_t(std::stoul(argv[2])));
  if (!p) return 1;
  std::cout << book->title() << ": paragraph " << p->number << '\n';
  for (std::uint32_t s : p->sections)
    for (std::uint32_t a : book->section(s).awards) {
      talebook::tbook::Award award = book->award(a);
      std::cout << "  " << talebook::tbook::name_of(award.kind) << ' ' << award.name << '\n';
    }
  return 0;
}
