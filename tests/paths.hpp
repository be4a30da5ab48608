// Where the tests find the sources, their data and the built talec. The paths
// are compiled into paths.cpp alone, so that every other test file compiles
// the same in any checkout (a compiler cache then serves them all).
#pragma once

#include <string>

namespace test {

const std::string& source_dir(); // the top of the checkout
const std::string& tests_dir();  // tests/
const std::string& talec_path(); // the built talec

} // namespace test
