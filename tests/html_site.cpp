// `talec html`: the static proof site (compiler/html/). Every page's links
// resolve to a file and an id of the site, every paragraph has its anchor,
// the book's text is escaped, a translation stands beside its source with its
// fallbacks marked, and a large book is split into pages.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>

#include "compiler/html/site_book.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

struct Site {
  std::map<std::string, std::string> pages;         // file name -> text
  std::map<std::string, std::set<std::string>> ids; // file name -> its ids
};

Site read_site(const fs::path& dir) {
  Site site;
  const std::regex id("\\sid=\"([^\"]+)\"");
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".html") continue;
    std::string text = test::read_file(entry.path().string());
    for (std::sregex_iterator it(text.begin(), text.end(), id), end; it != end; ++it) {
      INFO(name << ": id " << (*it)[1] << " twice");
      CHECK(site.ids[name].insert((*it)[1]).second);
    }
    site.pages[name] = std::move(text);
  }
  return site;
}

// Every href of every page names a file of the site and, after '#', an id of it.
void check_links(const Site& site, const fs::path& dir) {
  const std::regex href("href=\"([^\"]*)\"");
  std::size_t links = 0;
  for (const auto& [name, text] : site.pages)
    for (std::sregex_iterator it(text.begin(), text.end(), href), end; it != end; ++it) {
      std::string link = (*it)[1];
      std::size_t hash = link.find('#');
      std::string file = link.substr(0, hash), fragment;
      if (hash != std::string::npos) fragment = link.substr(hash + 1);
      if (file.empty()) file = name;
      INFO(name << " links to " << link);
      REQUIRE(file.find(':') == std::string::npos); // nothing outside the site
      CHECK(fs::exists(dir / file));
      if (!fragment.empty()) {
        auto ids = site.ids.find(file);
        REQUIRE(ids != site.ids.end());
        CHECK(ids->second.count(fragment) == 1);
      }
      ++links;
    }
  CHECK(links > 0);
}

// A book of the paragraphs `tales` in a folder of its own (English unless `translates`).
void write_book(const fs::path& dir, const std::string& tales, const std::string& language = "en",
                const std::string& translates = "") {
  fs::create_directories(dir);
  std::string vocabulary = test::source_dir() + "/locales/" + language + "/vocabulary.json";
  std::string manifest = "{\"title\": \"T <&>\", \"language\": \"" + language +
                         "\", \"vocabulary\": \"" + vocabulary + "\", \"sources\": [\"*.tales\"]";
  if (!translates.empty()) manifest += ", \"translates\": \"" + translates + "\"";
  test::write_file(dir / "book.json", manifest + "}\n");
  test::write_file(dir / "book.tales", tales);
}

} // namespace

TEST_CASE("html: the sample book's site has an anchor per paragraph and every link resolves",
          "[html]") {
  test::TempDir dir("html-sample");
  test::Run r = test::talec({"html", "book", "-o", dir.str()});
  INFO(r.err);
  REQUIRE(r.exit == 0);
  Site site = read_site(dir.path);
  talebook::Compilation book;
  REQUIRE(talebook::compile_book(test::source_dir() + "/book", book));
  REQUIRE(book.book.paragraphs.size() > 80);
  for (const talebook::Paragraph& p : book.book.paragraphs) {
    const std::string page = talebook::html::page_file(talebook::html::page_of(p.number));
    INFO(p.number << " on " << page);
    CHECK(site.ids[page].count("p" + std::to_string(p.number)) == 1);
  }
  check_links(site, dir.path);
  // Matrices are tables with header cells, cells are links; awards are words with the code on
  // hover.
  const std::string& matrices = site.pages["matrices.html"];
  CHECK(matrices.find("<th scope=\"col\">Pray for guidance</th>") != std::string::npos);
  CHECK(matrices.find("<th scope=\"row\">Terrible</th>") != std::string::npos);
  CHECK(matrices.find("href=\"paragraphs-5.html#p507\"") != std::string::npos);
  const std::string& page5 = site.pages["paragraphs-5.html"];
  CHECK(page5.find("title=\"[S1/Enter City of Brass]\"") != std::string::npos);
  CHECK(page5.find("+1 Story") != std::string::npos);
  CHECK(page5.find("Leads here") != std::string::npos);
  for (const char* file : {"index.html", "cards.html", "findings.html", "print.html", "search.js",
                           "search-data.js", "search-0.js", "style.css"})
    CHECK(fs::exists(dir / file));
  CHECK(site.pages["index.html"].find("href=\"play.html\"") != std::string::npos);
}

TEST_CASE("html: the book's text is escaped on every page", "[html]") {
  test::TempDir dir("html-escape");
  write_book(dir / "b", "@1\nA sign reads <script>alert('x')</script> & \"run\" (2).\n"
                        "No Skill: You run. [S1]\n\n@2\nYou are safe. [D1]\n");
  test::Run r = test::talec({"html", (dir / "b").string(), "-o", (dir / "site").string()});
  INFO(r.err);
  REQUIRE(r.exit == 0);
  Site site = read_site(dir / "site");
  const std::string& page = site.pages["paragraphs-0.html"];
  CHECK(page.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;run&quot;") !=
        std::string::npos);
  for (const auto& [name, text] : site.pages) {
    INFO(name);
    CHECK(text.find("<script>alert") == std::string::npos);
    CHECK(text.find("T &lt;&amp;&gt;") != std::string::npos); // the title
  }
  std::string search = test::read_file((dir / "site" / "search-0.js").string());
  CHECK(search.find("<script>alert('x')</script>") != std::string::npos); // JSON, never markup
  check_links(site, dir / "site");
}

TEST_CASE("html: a book with errors is written with its findings and exits 1", "[html]") {
  test::TempDir dir("html-errors");
  write_book(dir / "b", "@1\nThe road ends. [Go to 9]\n");
  test::Run r = test::talec({"html", (dir / "b").string(), "-o", (dir / "site").string()});
  CHECK(r.exit == 1);
  CHECK(r.err.find("TB0011") != std::string::npos);
  std::string page = test::read_file((dir / "site" / "paragraphs-0.html").string());
  std::size_t paragraph = page.find("id=\"p1\"");
  std::size_t finding = page.find("<code>TB0011</code>");
  CHECK(paragraph != std::string::npos);
  CHECK(finding > paragraph);
  CHECK(page.find("class=\"broken\"") != std::string::npos); // the link to no paragraph
}

TEST_CASE("html: a translation stands beside its source with its fallbacks marked", "[html]") {
  test::TempDir dir("html-ar");
  test::Run r = test::talec({"html", "locales/ar", "-o", dir.str()});
  INFO(r.err);
  REQUIRE(r.exit == 0);
  Site site = read_site(dir.path);
  check_links(site, dir.path);
  const std::string& page = site.pages["paragraphs-5.html"];
  CHECK(page.find("<html lang=\"ar\" dir=\"rtl\">") != std::string::npos);
  CHECK(page.find("class=\"cell source\" lang=\"en\" dir=\"ltr\"") != std::string::npos);
  // Paragraph 500 is translated (an Arabic cell), and some paragraph falls back.
  std::size_t translated = page.find("id=\"p500\"");
  REQUIRE(translated != std::string::npos);
  CHECK(page.find("class=\"cell translation\"", translated) != std::string::npos);
  std::size_t fallback = 0;
  for (const auto& [name, text] : site.pages)
    for (std::size_t at = 0; (at = text.find("class=\"pair fallback", at)) != std::string::npos;
         ++at)
      ++fallback;
  CHECK(fallback >= 10);
  CHECK(site.pages["paragraphs-6.html"].find("class=\"mark fallback\"") != std::string::npos);
}

TEST_CASE("html: a Chinese site speaks Chinese and marks a stale translation", "[html]") {
  test::TempDir dir("html-zh");
  write_book(dir / "en", "@1\nA gull cries over the water. [S1]\n\n@2\nThe sea is calm. [D1]\n");
  write_book(dir / "zh", "@1\n海鸥在水面上鸣叫。[S1]\n", "zh", "../en/book.json");
  test::write_file(dir / "zh" / "translation-state.json",
                   "{\"source\": \"../en/book.json\", \"hash\": \"fnv1a-64\", \"paragraphs\": "
                   "{\"1\": \"0000000000000000\"}}\n");
  test::Run r = test::talec({"html", (dir / "zh").string(), "-o", (dir / "site").string()});
  INFO(r.err);
  REQUIRE(r.exit == 0);
  Site site = read_site(dir / "site");
  const std::string& page = site.pages["paragraphs-0.html"];
  CHECK(page.find("<html lang=\"zh\" dir=\"ltr\">") != std::string::npos);
  CHECK(page.find("搜索段落") != std::string::npos);
  CHECK(page.find("class=\"mark stale\"") != std::string::npos); // 1 reviewed against another
  CHECK(page.find("class=\"pair fallback\" id=\"p2\"") != std::string::npos); // 2 not translated
  CHECK(page.find("故事 +1") != std::string::npos);                           // [S1] in words
  check_links(site, dir / "site");
  std::string search = test::read_file((dir / "site" / "search-0.js").string());
  CHECK(search.find("海鸥") != std::string::npos);
  CHECK(search.find("a gull cries") != std::string::npos); // the source's words, lowercased
}

TEST_CASE("html: a large book is split into pages of a hundred numbers", "[html]") {
  test::TempDir dir("html-large");
  std::string tales;
  const int paragraphs = 2500;
  for (int n = 1; n <= paragraphs; ++n)
    tales += "@" + std::to_string(n) + "\nYou walk on. [Go to " +
             std::to_string(n % paragraphs + 1) + "]\n\n";
  write_book(dir / "b", tales);
  test::Run r = test::talec({"html", (dir / "b").string(), "-o", (dir / "site").string()});
  INFO(r.err);
  REQUIRE(r.exit == 0);
  Site site = read_site(dir / "site");
  for (int page = 0; page <= paragraphs / 100; ++page) {
    const std::string name = "paragraphs-" + std::to_string(page) + ".html";
    INFO(name);
    REQUIRE(site.pages.count(name) == 1);
    CHECK(site.pages[name].size() < 200000);
    CHECK(site.pages["index.html"].find("href=\"" + name + "\"") != std::string::npos);
  }
  CHECK(site.ids["paragraphs-25.html"].count("p2500") == 1);
  CHECK(site.ids["paragraphs-0.html"].count("p99") == 1);
  CHECK(site.ids["paragraphs-1.html"].count("p100") == 1);
  // The search's data in files of a thousand paragraphs.
  CHECK(fs::exists(dir / "site" / "search-2.js"));
  CHECK_FALSE(fs::exists(dir / "site" / "search-3.js"));
  check_links(site, dir / "site");
}

TEST_CASE("html: --pdf without Chromium is a clear error and exit 2", "[html]") {
  test::TempDir dir("html-pdf");
  test::RunOptions options =
      test::with_env({{"TALEBOOK_CHROMIUM", (dir / "no-chromium").string()}});
  test::Run r = test::talec(
      {"html", "book", "-o", (dir / "site").string(), "--pdf", (dir / "book.pdf").string()},
      options);
  CHECK(r.exit == 2);
  CHECK(r.err.find("no Chromium at") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "book.pdf"));
  CHECK(fs::exists(dir / "site" / "print.html"));
}

TEST_CASE("html: --pdf prints the whole book with Chromium", "[html]") {
  const std::string chromium = "/usr/bin/chromium";
  INFO(test::missing_tool("chromium", "chromium"));
  REQUIRE(fs::exists(chromium));
  test::TempDir dir("html-pdf-chromium");
  test::Run r = test::talec(
      {"html", "book", "-o", (dir / "site").string(), "--pdf", (dir / "book.pdf").string()},
      test::with_env({{"TALEBOOK_CHROMIUM", chromium}}));
  INFO(r.err);
  REQUIRE(r.exit == 0);
  CHECK(test::read_file((dir / "book.pdf").string()).substr(0, 5) == "%PDF-");
  CHECK(fs::file_size(dir / "book.pdf") > 100000); // the whole book, not an empty page
}

TEST_CASE("html: no output folder is a usage error", "[html]") {
  test::Run r = test::talec({"html", "book"});
  CHECK(r.exit == 2);
  CHECK(r.err.find("-o DIR") != std::string::npos);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
