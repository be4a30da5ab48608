// talec's SARIF validated against the SARIF 2.1.0 JSON schema of OASIS
// (tests/data/sarif/, see its NOTICE.md) by Debian's python3-jsonschema,
// which tools/setup.sh installs: without it this test fails, never skips.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

const std::string schema = test::source_dir() + "/tests/data/sarif/sarif-schema-2.1.0.json";

// Exit status of validating `file` against the schema (0: valid).
int validate(const std::string& file, const std::string& log) {
  std::string script = "import json, sys, jsonschema\n"
                       "schema = json.load(open(sys.argv[1]))\n"
                       "log = json.load(open(sys.argv[2]))\n"
                       "v = jsonschema.Draft7Validator(schema, "
                       "format_checker=jsonschema.FormatChecker())\n"
                       "errors = list(v.iter_errors(log))\n"
                       "for e in errors: print(list(e.absolute_path), e.message)\n"
                       "sys.exit(1 if errors else 0)\n";
  std::string py = log + ".py";
  std::ofstream(py) << script;
  test::Run r = test::run("python3", {py, schema, file});
  test::write_file(log, r.out + r.err);
  return r.exit;
}

} // namespace

TEST_CASE("sarif: talec's output is valid against the SARIF 2.1.0 schema", "[ci][sarif]") {
  TEST_REQUIRE_TOOL("python3", "python3");
  if (test::run("python3", {"-c", "import jsonschema"}).exit != 0)
    FAIL(test::missing_tool("python3 -c 'import jsonschema'", "python3-jsonschema"));
  test::TempDir temp("sarif");
  std::string dir = temp.str();
  std::ofstream(dir + "/book.json") << R"({"title": "t", "language": "en", "vocabulary": ")" +
                                           test::source_dir() + R"(/locales/en/vocabulary.json"})";
  // Errors with notes (relatedLocations), warnings, a path with a blank and an é.
  std::ofstream(dir + "/a.tales") << "@1\nNo Skill: You go on. [Go to 7]\nLuk: x [S1]\n"
                                     "@1\nNo Skill: again. [D0]\n";
  std::ofstream(dir + "/b c\u00e9.tales") << "@2\n\u00e9\u00e9, see (9).\nNo Skill: x [D1/D1]\n";
  test::Run run = test::talec({"check", "--format", "sarif", "."}, test::in_dir(dir));
  CHECK(run.exit == 1);
  std::ofstream(dir + "/out.sarif") << run.out;
  nlohmann::json doc = nlohmann::json::parse(run.out);
  const auto& results = doc["runs"][0]["results"];
  REQUIRE(results.size() >= 5);
  bool related = false, encoded = false;
  for (const auto& r : results) {
    related |= r.contains("relatedLocations");
    encoded |=
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "b%20c%C3%A9.tales";
  }
  CHECK(related);
  CHECK(encoded);
  INFO(test::read_file(dir + "/log"));
  CHECK(validate(dir + "/out.sarif", dir + "/log") == 0);

  SECTION("the validator rejects a log the schema does not allow") {
    doc["runs"][0]["columnKind"] = "bytes"; // not one of the enum's two values
    doc["runs"][0]["results"][0]["level"] = "fatal";
    std::ofstream(dir + "/bad.sarif") << doc.dump();
    CHECK(validate(dir + "/bad.sarif", dir + "/badlog") != 0);
    std::string log = test::read_file(dir + "/badlog");
    CHECK(log.find("columnKind") != std::string::npos);
    CHECK(log.find("level") != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
