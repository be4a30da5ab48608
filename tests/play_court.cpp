// Rule 11.6 through the real talec: Court is offered only to a character of
// the other sex, as the chart entry states the being's (tests/data/play/court
// and court_zh: chart 4 meets women, chart 5 men; matrix H has Aid and Court).
#include <catch2/catch.hpp>

#include <filesystem>

#include "talebook/talebook.h"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

struct CourtBook {
  const char* folder;
  const char* court; // the book's word for the option
  const char* aid;
};

// Plays `--from chart` with a man (1) or a woman (2), the first three skills,
// and the first reaction offered; returns what talec printed.
std::string play(const fs::path& tbook, int chart, int gender) {
  test::Run run =
      test::talec({"play", tbook.string(), "--seed", "7", "--from", std::to_string(chart)},
                  test::with_input(std::to_string(gender) + "\n1\n2\n3\n1\n"));
  INFO(run.err);
  REQUIRE(run.exit == 0);
  return run.out;
}

TEST_CASE("play: Court is offered only to the other sex (rule 11.6)", "[play][court]") {
  for (const CourtBook& b :
       {CourtBook{"court", "Court", "Aid"}, CourtBook{"court_zh", "求爱", "援助"}}) {
    INFO(b.folder);
    test::TempDir dir{"play-court"};
    const fs::path tbook = dir / "court.tbook";
    test::Run build =
        test::talec({"build", (fs::path(test::tests_dir()) / "data" / "play" / b.folder).string(),
                     "-o", tbook.string()});
    INFO(build.err);
    REQUIRE(build.exit == 0);
    // The sex is in the .tbook: the C API and `talec dump` give it back.
    talebook_book* book = talebook_open_file(tbook.string().c_str());
    REQUIRE(book);
    talebook_paragraph women{}, men{};
    REQUIRE(talebook_find_paragraph(book, 4, &women));
    REQUIRE(talebook_find_paragraph(book, 5, &men));
    talebook_chart_entry entry{};
    REQUIRE(talebook_chart_entry_at(book, women.first_chart_entry, &entry));
    CHECK(entry.sex == TALEBOOK_SEX_FEMALE);
    CHECK(entry.matrix == 'H');
    REQUIRE(talebook_chart_entry_at(book, men.first_chart_entry + 5, &entry));
    CHECK(entry.sex == TALEBOOK_SEX_MALE);
    talebook_close(book);
    test::Run dump = test::talec({"dump", tbook.string()});
    CHECK(dump.out.find("\"sex\": \"female\"") != std::string::npos);

    const std::string offered = std::string(". ") + b.court + " (14)";
    const std::string withheld = std::string(b.court) + " is not open to you";
    // Chart 4, women: a man may court them, a woman may not.
    const std::string man_women = play(tbook, 4, 1), woman_women = play(tbook, 4, 2);
    CHECK(man_women.find(offered) != std::string::npos);
    CHECK(man_women.find(withheld) == std::string::npos);
    CHECK(woman_women.find(offered) == std::string::npos);
    CHECK(woman_women.find(withheld) != std::string::npos);
    CHECK(woman_women.find(std::string(". ") + b.aid + " (11)") != std::string::npos);
    // Chart 5, men: the other way round.
    const std::string man_men = play(tbook, 5, 1), woman_men = play(tbook, 5, 2);
    CHECK(man_men.find(withheld) != std::string::npos);
    CHECK(woman_men.find(offered) != std::string::npos);
    CHECK(woman_men.find(withheld) == std::string::npos);
  }
}

// The number a menu of `out` gives `choice` ("  14. Scholarship"), as the player types it.
std::string menu_number(const std::string& out, const std::string& choice) {
  const std::string mark = ". " + choice + "\n";
  const std::size_t at = out.find(mark);
  REQUIRE(at != std::string::npos);
  const std::size_t begin = out.rfind("  ", at) + 2;
  return out.substr(begin, at - begin);
}

TEST_CASE("play: the sample book's wedding gives a companion skill (rule 12.4)", "[play][court]") {
  struct Sample {
    const char* folder;
    const char* scholarship;
    const char* luck;
    const char* piety;
    const char* companion; // the skill as the character sheet shows it
    const char* married;
  };
  for (const Sample& b :
       {Sample{"book", "Scholarship", "Luck", "Piety", "Wisdom (companion)", "Married"},
        Sample{"locales/zh", "博学", "幸运", "虔诚", "智慧 (同伴)", "已婚"}}) {
    INFO(b.folder);
    test::TempDir dir{"play-wedding"};
    const fs::path tbook = dir / "sample.tbook";
    REQUIRE(test::talec({"build", (fs::path(test::tests_dir()) / ".." / b.folder).string(), "-o",
                         tbook.string()})
                .exit == 0);
    const std::vector<std::string> args = {"play", tbook.string(), "--seed", "3", "--from", "640"};
    const std::string menu = test::talec(args, test::with_input("1\n")).out;
    const std::string answers = "1\n" + menu_number(menu, b.scholarship) + "\n" +
                                menu_number(menu, b.luck) + "\n" + menu_number(menu, b.piety) +
                                "\n";
    test::Run run = test::talec(args, test::with_input(answers));
    REQUIRE(run.exit == 0);
    CHECK(run.out.find(std::string("You gain the skill ") + b.companion + " at Talent.") !=
          std::string::npos);
    CHECK(run.out.find(std::string("  Status     ") + b.married + "\n") != std::string::npos);
    CHECK(run.out.find(std::string(", ") + b.companion + "\n") != std::string::npos);
  }
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
