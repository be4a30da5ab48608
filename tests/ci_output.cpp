// CI-native output: GitHub workflow commands, the problem matcher for the
// text format, and SARIF that code-scanning services accept.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "compiler/diagnostics/ci_output.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

// A small book in a fresh folder: a.tales has two errors, "b c#%é.tales" one.
struct CiBook {
  test::TempDir temp{"ci"};
  std::string dir = temp.str();
  CiBook() {
    std::ofstream(dir + "/book.json") << R"({"title": "t", "language": "en", "vocabulary": ")" +
                                             test::source_dir() +
                                             R"(/locales/en/vocabulary.json"})";
    std::ofstream(dir + "/a.tales") << "@1\nNo Skill: You go on. [Go to 7]\nLuk: x [S1]\n";
    std::ofstream(dir + "/b c#%\u00e9.tales") << "@2\n\u00e9\u00e9, see (9).\nNo Skill: x [S1]\n";
  }
  // talec run in the book's folder (`.` gives relative paths).
  test::Run talec(std::vector<std::string> args, const std::string& book = "") const {
    args.push_back(book.empty() ? dir : book);
    return test::talec(args, test::in_dir(dir));
  }
};

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

} // namespace

TEST_CASE("github: workflow-command escaping", "[ci]") {
  CHECK(talebook::github_escape_data("50% a\r\nb:c,d") == "50%25 a%0D%0Ab:c,d");
  CHECK(talebook::github_escape_property("50% a\r\nb:c,d") == "50%25 a%0D%0Ab%3Ac%2Cd");
}

TEST_CASE("github: talec check --format github prints one annotation per diagnostic", "[ci]") {
  CiBook book;
  test::Run r = book.talec({"check", "--format", "github"});
  CHECK(r.exit == 1);
  std::string dir = book.dir;
  auto out = lines(r.out);
  REQUIRE(out.size() == 3);
  CHECK(out[0] == "::error file=" + dir +
                      "/a.tales,line=2,col=23,endLine=2,endColumn=30,title=TB0011::reference to "
                      "undefined paragraph 7");
  CHECK(out[1] == "::error file=" + dir +
                      "/a.tales,line=3,col=1,endLine=3,endColumn=4,title=TB0021::unknown skill "
                      "'Luk'; did you mean 'Luck'?");
  // '%' in a file name is escaped; columns count code points (two é before).
  CHECK(out[2] == "::error file=" + dir + "/b c#%25\u00e9.tales,line=2,col=9,endLine=2," +
                      "endColumn=12,title=TB0011::reference to undefined paragraph 9");
  CHECK(r.err.empty());
  CHECK(test::talec({"build", "--format", "github", "-o", dir + "/out.tbook", dir}).out == r.out);
}

TEST_CASE("github: notes go into the message, escaped", "[ci]") {
  talebook::Compilation c;
  test::compile(c, "@1\nNo Skill: x [S1]\n@1\nNo Skill: y [S1]\n");
  std::ostringstream out;
  talebook::render_github(out, c.sources, c.diagnostics.all());
  CHECK(out.str() == "::error file=test.tales,line=3,col=1,endLine=3,endColumn=3,title=TB0010::"
                     "duplicate paragraph 1%0Anote: first defined here (test.tales:1:1)\n");
}

TEST_CASE("github: a note is a notice, a warning a warning", "[ci]") {
  talebook::Compilation c;
  c.sources.add("n.tales", "@1\nx\n");
  c.diagnostics.report(talebook::Code::translation_coverage, {}, {10, 11, 90});
  c.diagnostics.report(talebook::Code::untranslated_paragraph, {}, {30});
  REQUIRE(c.diagnostics.all()[0].severity == talebook::Severity::Note);
  REQUIRE(c.diagnostics.all()[1].severity == talebook::Severity::Warning);
  std::ostringstream out;
  talebook::render_github(out, c.sources, c.diagnostics.all());
  CHECK(out.str() ==
        "::notice title=TB0103::the translation covers 10 of 11 source paragraphs (90%25)\n"
        "::warning title=TB0102::paragraph 30 is not translated\n");
  CHECK(std::string(talebook::github_level(talebook::Severity::Error)) == "error");
}

TEST_CASE("problem matcher: its regex reads talec's text output", "[ci]") {
  nlohmann::json matcher = nlohmann::json::parse(
      test::read_file(test::source_dir() + "/tools/ci/talec-problem-matcher.json"));
  const auto& pattern = matcher["problemMatcher"][0]["pattern"][0];
  CHECK(matcher["problemMatcher"][0]["owner"] == "talec");
  std::regex re(pattern["regexp"].get<std::string>(), std::regex::ECMAScript);
  CiBook book;
  test::Run r = book.talec({"check"});
  CHECK(r.exit == 1);
  std::vector<std::smatch> found;
  std::vector<std::string> all = lines(r.err);
  for (const std::string& line : all) {
    std::smatch m;
    if (std::regex_match(line, m, re)) found.push_back(m);
  }
  REQUIRE(found.size() == 3); // not the snippets, carets or the summary
  auto group = [&](std::size_t i, const char* name) {
    return found[i][pattern[name].get<std::size_t>()].str();
  };
  CHECK(group(0, "file") == book.dir + "/a.tales");
  CHECK(group(0, "line") == "2");
  CHECK(group(0, "column") == "23");
  CHECK(group(0, "severity") == "error");
  CHECK(group(0, "code") == "TB0011");
  CHECK(group(0, "message") == "reference to undefined paragraph 7");
  CHECK(group(1, "message") == "unknown skill 'Luk'; did you mean 'Luck'?");
  CHECK(group(2, "file") == book.dir + "/b c#%\u00e9.tales");
  CHECK(group(2, "column") == "9");

  SECTION("warnings too") {
    std::smatch m;
    std::string line = "book/a.tales:4:2: warning[TB0035]: paragraph has skill sections";
    REQUIRE(std::regex_match(line, m, re));
    CHECK(m[pattern["severity"].get<std::size_t>()] == "warning");
    CHECK(m[pattern["code"].get<std::size_t>()] == "TB0035");
  }
}

TEST_CASE("sarif: rules explain themselves in plain text, from docs/diagnostics.md", "[ci]") {
  CiBook book;
  nlohmann::json doc = nlohmann::json::parse(book.talec({"check", "--format", "sarif"}).out);
  const auto& rules = doc["runs"][0]["tool"]["driver"]["rules"];
  REQUIRE(rules.size() == talebook::all_codes().size());
  std::string md = test::read_file(test::source_dir() + "/docs/diagnostics.md");
  for (std::size_t i = 0; i < rules.size(); ++i) {
    const auto& rule = rules[i];
    const talebook::CodeInfo& c = talebook::all_codes()[i];
    INFO(c.code);
    CHECK(rule["id"] == c.code);
    std::string shortd = rule["shortDescription"]["text"], full = rule["fullDescription"]["text"];
    CHECK(!shortd.empty());
    CHECK(full.rfind(shortd.substr(0, shortd.size() - 1), 0) == 0); // the first sentence
    for (const std::string& text : {shortd, full, rule["help"]["text"].get<std::string>()})
      CHECK(text.find_first_of("{}`") == std::string::npos); // no ICU, no markdown
    // The help is the code's section; the link is its heading's anchor.
    std::string heading = std::string("## ") + c.code + " `" + c.name + "` (" +
                          talebook::to_string(c.severity) + ")\n";
    REQUIRE(md.find(heading) != std::string::npos);
    std::string section = md.substr(md.find(heading) + heading.size());
    CHECK(section.find(rule["help"]["markdown"].get<std::string>().substr(0, 40)) <
          section.find("\n## "));
    std::string code = c.code;
    for (char& ch : code)
      ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    CHECK(rule["helpUri"] ==
          "docs/diagnostics.md#" + code + "-" + c.name + "-" + talebook::to_string(c.severity));
    // Every code takes its description from this document.
    std::string plain;
    for (char ch : section.substr(0, section.find("\n## ")))
      if (ch != '`' && ch != '*') plain += ch == '\n' ? ' ' : ch;
    CHECK(plain.find(shortd) != std::string::npos);
  }
  CHECK(rules[10]["shortDescription"]["text"] ==
        "A (n) in prose, Go to n, a card's number or a Treasure (n) points to a paragraph that no "
        "file defines.");
  CHECK(rules[10]["properties"]["messageFormat"] == talebook::all_codes()[10].message);
}

TEST_CASE("sarif: code-point columns, encoded relative URIs, stable fingerprints", "[ci]") {
  CiBook book;
  nlohmann::json doc = nlohmann::json::parse(book.talec({"check", "--format", "sarif"}, ".").out);
  // The properties SARIF 2.1.0 requires, and the ones code scanning reads.
  CHECK(doc["version"] == "2.1.0");
  CHECK(doc["$schema"].get<std::string>().find("sarif-2.1.0") != std::string::npos);
  REQUIRE(doc["runs"].size() == 1);
  const auto& run = doc["runs"][0];
  CHECK(run["tool"]["driver"]["name"] == "talec");
  CHECK(run["columnKind"] == "unicodeCodePoints");
  CHECK(run["originalUriBaseIds"]["SRCROOT"]["uri"] == "file://" + book.dir + "/");
  const auto& results = run["results"];
  REQUIRE(results.size() == 3);
  std::set<std::string> fingerprints;
  for (const auto& r : results) {
    CHECK(run["tool"]["driver"]["rules"][r["ruleIndex"].get<std::size_t>()]["id"] == r["ruleId"]);
    CHECK(r["level"] == "error");
    CHECK(!r["message"]["text"].get<std::string>().empty());
    const auto& artifact = r["locations"][0]["physicalLocation"]["artifactLocation"];
    CHECK(artifact["uriBaseId"] == "SRCROOT");
    CHECK(std::regex_match(artifact["uri"].get<std::string>(), std::regex("[A-Za-z0-9._~/%-]+")));
    fingerprints.insert(r["partialFingerprints"]["talebookLineHash/v1"].get<std::string>());
  }
  CHECK(fingerprints.size() == 3);
  const auto& last = results[2]["locations"][0]["physicalLocation"];
  CHECK(last["artifactLocation"]["uri"] == "b%20c%23%25%C3%A9.tales");
  CHECK(last["region"]["startColumn"] == 9); // "éé, see " is 8 code points, 10 bytes

  SECTION("a line that moves keeps its fingerprint; a line that changes does not") {
    std::ofstream(book.dir + "/a.tales") << "@1\n\n\nNo Skill: You go on. [Go to 7]\nLuk: y [S1]\n";
    nlohmann::json again =
        nlohmann::json::parse(book.talec({"check", "--format", "sarif"}, ".").out);
    const auto& moved = again["runs"][0]["results"];
    REQUIRE(moved.size() == 3);
    CHECK(moved[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 4);
    CHECK(moved[0]["partialFingerprints"] == results[0]["partialFingerprints"]);
    CHECK(moved[1]["partialFingerprints"] != results[1]["partialFingerprints"]);
    CHECK(moved[2]["partialFingerprints"] == results[2]["partialFingerprints"]);
  }
}

TEST_CASE("sarif: percent-encoding of paths", "[ci]") {
  CHECK(talebook::percent_encode_path("book/a b#c%d\u00e9~x_y-z.tales") ==
        "book/a%20b%23c%25d%C3%A9~x_y-z.tales");
  CHECK(talebook::line_fingerprint("TB0011", "a.tales", "  x [Go to 7] ") ==
        talebook::line_fingerprint("TB0011", "a.tales", "x [Go to 7]"));
  CHECK(talebook::line_fingerprint("TB0011", "a.tales", "x") !=
        talebook::line_fingerprint("TB0011", "b.tales", "x"));
}

TEST_CASE("sarif: a code's section of the document, as plain text", "[ci]") {
  auto docs = talebook::parse_code_docs(
      "# Diagnostics\n\nIntro.\n\n## TB0011 `undefined_paragraph` (error)\n\n"
      "Message: `reference to {0, number}`\n\n"
      "A `Go to n` points to a paragraph that no file defines (see [the rules](rules.md),\n"
      "e.g. 11.2). Fix the number.\n\n```\n@1\n```\n\nMore.\n\n"
      "## TB0900 `first_defined` (note)\n\nMessage: `first defined here`\n\nAttached to: TB0010\n\n"
      "Points at the first definition.\n\n# Appendix\n\nNot a code.\n");
  REQUIRE(docs.size() == 2);
  CHECK(docs[0].first == "TB0011");
  CHECK(docs[0].second.anchor == "tb0011-undefined_paragraph-error");
  CHECK(docs[0].second.description ==
        "A Go to n points to a paragraph that no file defines (see the rules, e.g. 11.2). Fix the "
        "number.");
  CHECK(docs[0].second.summary ==
        "A Go to n points to a paragraph that no file defines (see the rules, e.g. 11.2).");
  CHECK(docs[0].second.markdown.rfind("Message: `reference to {0, number}`\n", 0) == 0);
  CHECK(docs[0].second.markdown.find("More.\n") != std::string::npos);
  CHECK(docs[1].first == "TB0900");
  CHECK(docs[1].second.description == "Points at the first definition.");
  CHECK(docs[1].second.markdown.find("Appendix") == std::string::npos);
}

TEST_CASE("github: a manifest or vocabulary problem is annotated in its file", "[ci]") {
  test::TempDir temp("ci-manifest");
  const std::string vocabulary = test::source_dir() + "/locales/en/vocabulary.json";
  struct Case {
    const char* name;
    std::string manifest;
    const char* annotation; // the file's place in the workflow command
  };
  const std::vector<Case> cases = {
      {"syntax", "{\"title\": \"t\",\n  \"language\": \"en\",,\n}", "book.json,line=2,col=20,"},
      {"missing-vocabulary",
       "{\"title\": \"t\", \"language\": \"en\",\n \"vocabulary\": \"nowhere.json\"}",
       "book.json,line=2,col=16,"},
      {"unreadable-source",
       R"({"title": "t", "language": "en", "vocabulary": ")" + vocabulary +
           "\",\n \"sources\": [\"*.md\", \"*.tales\"]}",
       "book.json,line=2,col=22,"},
      {"unreadable-default-source",
       R"({"title": "t", "language": "en", "vocabulary": ")" + vocabulary + "\"}",
       "book.json,line=1,col=1,"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    std::filesystem::path dir = temp / c.name;
    std::filesystem::create_directories(dir / "a.tales"); // a source that is a folder
    test::write_file(dir / "book.json", c.manifest);
    test::Run r = test::talec({"check", "--format", "github", dir.string()});
    CHECK(r.exit == 2);
    auto out = lines(r.out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].rfind("::error file=" + dir.string() + "/" + c.annotation, 0) == 0);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
