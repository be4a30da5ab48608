// The docs test's rules (tests/docs_blocks.hpp) on small samples: what is a command, what is
// its quoted output, what is skipped and why, how a quote matches and how a rebase rewrites it.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tests/docs_blocks.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace docs_test;

TEST_CASE("docs: the extraction finds commands, their quoted output and what it skips", "[docs]") {
  test::TempDir temp("docs-sample");
  const fs::path sample = temp / "sample.md";
  std::ofstream(sample) << "Run `talec check` inline.\n"                           // 1
                           "```sh\n"                                               // 2
                           "build/tools/talec check book   # a comment\n"          // 3
                           "bash tools/setup.sh\n"                                 // 4
                           "sudo cmake --install build\n"                          // 5
                           "CC=clang cmake -S . -B b \\\n"                         // 6
                           "  -DX=1\n"                                             // 7
                           "# a comment line\n"                                    // 8
                           "cd book && ls \\\n"                                    // 9
                           "  ..\n"                                                // 10
                           "talec check --new-flag book   # docs-commands: skip\n" // 11
                           "talec fmt --check book   # exit 1\n"                   // 12
                           "```\n"                                                 // 13
                           "<!-- docs-commands: skip -->\n"                        // 14
                           "```sh\n"                                               // 15
                           "talec something --new\n"                               // 16
                           "```\n"                                                 // 17
                           "```console\n"                                          // 18
                           "$ talec stats book\n"                                  // 19
                           "84 paragraphs  \n"                                     // 20
                           "…\n"                                                   // 21
                           "$ npm install\n"                                       // 22
                           "added 3 packages\n"                                    // 23
                           "$ talec build book -o b.tbook\n"                       // 24
                           "```\n"                                                 // 25
                           "```\n"                                                 // 26
                           "talec play x.tbook\n"                                  // 27
                           "talec build: error: 'x' not written\n"                 // 28
                           "@1\n"                                                  // 29
                           "```\n";                                                // 30
  const Document found = document_of(sample);
  fs::remove(sample);
  REQUIRE(found.commands.size() == 5);
  CHECK(found.commands[0].text == "build/tools/talec check book   # a comment");
  CHECK(found.commands[0].line == 3);
  CHECK_FALSE(found.commands[0].quoted);
  CHECK(found.commands[1].text == "cd book && ls \\\n  ..");
  CHECK(found.commands[1].line == 9);
  CHECK(found.commands[2].text == "talec fmt --check book   # exit 1");
  CHECK(found.commands[2].exit == 1);
  CHECK(found.commands[3].text == "talec stats book");
  CHECK(found.commands[3].line == 19);
  CHECK(found.commands[3].quoted);
  CHECK(found.commands[3].output == std::vector<std::string>{"84 paragraphs", "…"});
  CHECK(found.commands[4].text == "talec build book -o b.tbook");
  CHECK(found.commands[4].output.empty());
  REQUIRE(found.skipped.size() == 6);
  CHECK(found.skipped[0].why == "set-up: tools/setup.sh");
  CHECK(found.skipped[1].why == "set-up: sudo");
  CHECK(found.skipped[2].why == "set-up: cmake");
  CHECK(found.skipped[2].text == "CC=clang cmake -S . -B b \\\n  -DX=1");
  CHECK(found.skipped[3].why == "docs-commands: skip");
  CHECK(found.skipped[4].line == 16);
  CHECK(found.skipped[4].why == skip_marker);
  CHECK(found.skipped[5].why == "set-up: npm");
  // The bare block's command is flagged; its quoted output and source are not.
  REQUIRE(found.problems.size() == 1);
  CHECK(starts_with(found.problems[0], "27: "));
}

TEST_CASE("docs: a rebase rewrites the quotes that differ and reports only what it changed",
          "[docs]") {
  const std::string text = "```console\n$ talec a\nold\nold 2\n$ talec b\nsame\n```\n";
  CHECK(rewritten(text, {{3, 2, "new\n"}}) == "```console\n$ talec a\nnew\n$ talec b\nsame\n```\n");
  CHECK(rewritten(text, {{6, 1, "b1\nb2\n"}, {3, 2, ""}}) ==
        "```console\n$ talec a\n$ talec b\nb1\nb2\n```\n");
  Command elided;
  elided.output = {"first", "…"};
  CHECK_FALSE(rewritable(elided));

  // test::rebase, which the goldens and this test share: a file already equal is
  // neither written nor named.
  test::TempDir temp("docs-rebase");
  const fs::path same = temp / "same.md", changed = temp / "changed.md";
  test::write_file(same, text);
  test::write_file(changed, text);
  const auto old_time = fs::last_write_time(same) - std::chrono::hours(1);
  fs::last_write_time(same, old_time);
  std::fflush(stdout);
  const int saved = ::dup(1);
  const fs::path log = temp / "stdout";
  const int to = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(saved >= 0);
  REQUIRE(to >= 0);
  ::dup2(to, 1);
  test::rebase(same, text);
  test::rebase(changed, rewritten(text, {{3, 2, "new\n"}}));
  std::fflush(stdout);
  ::dup2(saved, 1);
  ::close(saved);
  ::close(to);
  CHECK(test::read_file(log.string()) == "rebased " + changed.string() + "\n");
  CHECK(fs::last_write_time(same) == old_time);
  CHECK(test::read_file(changed.string()) == rewritten(text, {{3, 2, "new\n"}}));
}

TEST_CASE("docs: quoted output matches line by line, … standing for anything", "[docs]") {
  CHECK(output_matches({"a", "b"}, "a\nb  \n\n"));
  CHECK_FALSE(output_matches({"a", "b"}, "a\nc\n"));
  CHECK_FALSE(output_matches({"a"}, "a\nb\n"));
  CHECK(output_matches({"took … s (seed …)"}, "took 1.7 s (seed 3)\n"));
  CHECK_FALSE(output_matches({"took … s"}, "took 1.7 ms\n"));
  CHECK(output_matches({"first", "…", "last"}, "first\nlast\n"));
  CHECK(output_matches({"first", "…", "last"}, "first\n1\n2\nlast\n"));
  CHECK_FALSE(output_matches({"first", "…", "last"}, "first\n1\n"));
  CHECK(output_matches({"…"}, ""));
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
