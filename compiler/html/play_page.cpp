// A stand-in until the play page lands: writes the book only.
#include "compiler/html/play_page.hpp"

#include <fstream>

namespace talebook::html {

bool write_play_page(const std::string& dir, const PlayPage& page, std::string& error) {
  std::ofstream out(dir + "/book.tbook", std::ios::binary);
  out.write(page.tbook.data(), std::streamsize(page.tbook.size()));
  if (!out) error = "cannot write '" + dir + "/book.tbook'";
  return bool(out);
}

} // namespace talebook::html
