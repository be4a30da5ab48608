#include "tests/paths.hpp"

namespace test {

const std::string& source_dir() {
  static const std::string path = TALEBOOK_SOURCE_DIR;
  return path;
}

const std::string& tests_dir() {
  static const std::string path = TALEBOOK_TESTS_DIR;
  return path;
}

const std::string& talec_path() {
  static const std::string path = TALEC_PATH;
  return path;
}

} // namespace test
