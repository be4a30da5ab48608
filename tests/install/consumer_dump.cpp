// A tool's main over the installed dump (talebook::dump): consumer_dump FILE.tbook
// prints the book as JSON, as `talec dump FILE.tbook` does (without its "format").
#include <iostream>

#include <talebook/dump/dump.hpp>
#include <talebook/reader.hpp>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::string error;
  auto book = talebook::tbook::Book::open_file(argv[1], error);
  if (!book) {
    std::cout << "error: " << error << '\n';
    return 1;
  }
  std::cout << talebook::tbook_json(*book).dump(2) << '\n';
  return 0;
}
