// The gettext tests' helpers (po_gettext.cpp, po_merge.cpp): a program run
// with its output kept in a log (gettext's tools, or talec), and a PO file
// read into entries. gettext is installed by tools/setup.sh: a missing tool
// fails the test.
#pragma once

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "compiler/translate/po.hpp"
#include "tests/translation_fixture.hpp"

namespace po_test {

namespace fs = std::filesystem;

// Runs `program` (talec: test::talec_path()); what it printed goes to `log`.
inline int run(const std::string& program, const std::vector<std::string>& arguments,
               const fs::path& log = "/dev/null", const test::RunOptions& options = {}) {
  if (!test::has_program(program)) FAIL(test::missing_tool(program, "gettext"));
  test::Run r = test::run(program, arguments, options);
  test::write_file(log, r.err + r.out);
  return r.exit;
}

inline int talec(const std::vector<std::string>& arguments, const fs::path& log = "/dev/null") {
  return run(test::talec_path(), arguments, log);
}

inline talebook::PoFile read(const fs::path& path) {
  talebook::PoFile po;
  talebook::PoError error;
  if (!talebook::read_po(translation_test::slurp(path), po, error))
    throw std::runtime_error(path.string() + ":" + std::to_string(error.line) + ": " +
                             error.message);
  return po;
}

inline talebook::PoEntry& entry(talebook::PoFile& po, const std::string& context) {
  for (auto& e : po.entries)
    if (e.context == context) return e;
  throw std::runtime_error("no entry '" + context + "'");
}

} // namespace po_test
