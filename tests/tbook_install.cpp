// The installed reader, engine and dump: `cmake --install` of the three
// components into a temporary prefix, then a consumer project (tests/install: a
// C program and a C++17 one over the reader, a C++17 game over the engine, a
// C++17 tool over the dump) finds them with find_package(talebook COMPONENTS
// reader engine dump), links talebook::reader, talebook::engine and
// talebook::dump, reads a small .tbook, plays it as `talec play` does and
// prints it as `talec dump` does.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "compiler/emit/emit.hpp"
#include "tests/paths.hpp"
#include "tests/tbook_fixture.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

int run(const std::string& command) {
  int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string q(const fs::path& p) {
  return "'" + p.string() + "'";
}

} // namespace

TEST_CASE("an engine finds the installed reader, engine and dump with find_package, reads, "
          "plays and dumps a .tbook",
          "[tbook][install]") {
  const fs::path build = fs::path(test::talec_path()).parent_path().parent_path(); // the build tree
  const fs::path dir =
      fs::temp_directory_path() / ("talebook-install-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  struct Cleanup { // the scratch tree goes, whether the test passes or fails
    fs::path dir;
    ~Cleanup() {
      std::error_code ec;
      fs::remove_all(dir, ec);
    }
  } cleanup{dir};
  const fs::path log = dir / "log.txt";

  std::string bytes;
  REQUIRE(talebook::emit_tbook(tbook_test::fixture_book(), tbook_test::fixture_vocabulary(), bytes)
              .empty());
  std::ofstream(dir / "small.tbook", std::ios::binary) << bytes;

  std::string flags;
#if defined(__SANITIZE_ADDRESS__)
  flags =
      " -DCMAKE_C_FLAGS=-fsanitize=address,undefined -DCMAKE_CXX_FLAGS=-fsanitize=address,undefined"
      " -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined";
#elif defined(__clang__) && defined(__has_feature)
#if __has_feature(address_sanitizer)
  // The clang sanitizer build (.ci/run): the engine links the same runtimes,
  // and libFuzzer's coverage hooks when the library was built for fuzzing.
  flags = " -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++"
          " -DCMAKE_C_FLAGS=-fsanitize=address,undefined"
          " -DCMAKE_CXX_FLAGS=-fsanitize=address,undefined"
          " -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined,fuzzer-no-link";
#endif
#endif
  REQUIRE(run("cmake --install " + q(build) + " --prefix " + q(dir / "prefix") +
              " --component talebook_reader > " + q(log) + " 2>&1") == 0);
  REQUIRE(run("cmake --install " + q(build) + " --prefix " + q(dir / "prefix") +
              " --component talebook_engine >> " + q(log) + " 2>&1") == 0);
  REQUIRE(run("cmake --install " + q(build) + " --prefix " + q(dir / "prefix") +
              " --component talebook_dump >> " + q(log) + " 2>&1") == 0);
  REQUIRE(run("cmake -S " + q(fs::path(test::tests_dir()) / "install") + " -B " + q(dir / "build") +
              " -DCMAKE_PREFIX_PATH=" + q(dir / "prefix") + " -DCMAKE_BUILD_TYPE=Release" + flags +
              " >> " + q(log) + " 2>&1") == 0);
  REQUIRE(run("cmake --build " + q(dir / "build") + " >> " + q(log) + " 2>&1") == 0);
  REQUIRE(run(q(dir / "build" / "consumer") + " " + q(dir / "small.tbook") + " 328 > " +
              q(dir / "out.txt")) == 0);
  std::ifstream in(dir / "out.txt");
  std::stringstream out;
  out << in.rdbuf();
  CHECK(out.str() == "title: A Small Book of Tales\n"
                     "paragraphs: 7\n"
                     "paragraph 328: 4 sections\n"
                     "  story \n"
                     "  destiny \n"
                     "  wealth \n"
                     "  skill luck\n"
                     "  status lost\n"
                     "  wealth \n"
                     "  random_treasure \n"
                     "  treasure Ionian Gems\n"
                     "  lose_skill piety\n"
                     "  lose_status imprisoned\n"
                     "  go_to \n"
                     "  enter_place City of Brass\n"
                     "  death \n"
                     "cut: bad book file: truncated (" +
                         std::to_string(bytes.size() - 1) + " of " + std::to_string(bytes.size()) +
                         " bytes)\n");
  REQUIRE(run(q(dir / "build" / "consumer_cpp") + " " + q(dir / "small.tbook") + " 328 > " +
              q(dir / "out.txt")) == 0);
  std::ifstream in_cpp(dir / "out.txt");
  std::stringstream out_cpp;
  out_cpp << in_cpp.rdbuf();
  CHECK(out_cpp.str() ==
        "A Small Book of Tales: paragraph 328\n"
        "  story \n  destiny \n  wealth \n  skill Luck\n  status Lost\n  wealth \n"
        "  random_treasure \n  treasure Ionian Gems\n  lose_skill Piety\n"
        "  lose_status Imprisoned\n  go_to \n  enter_place City of Brass\n  death \n");

  // The installed engine plays the game `talec play` plays: same seed, same
  // answers (a man, three skills, chart 4, the first reaction...), same transcript.
  std::ofstream(dir / "answers.txt") << "1\n1\n2\n3\n2\n4\n1\n1\n3\n1\n2\n";
  REQUIRE(run(q(dir / "build" / "consumer_engine") + " " + q(dir / "small.tbook") + " 5 < " +
              q(dir / "answers.txt") + " > " + q(dir / "engine.txt")) == 0);
  REQUIRE(run("'" + std::string(test::talec_path()) + "' play " + q(dir / "small.tbook") +
              " --seed 5 < " + q(dir / "answers.txt") + " > " + q(dir / "talec.txt")) == 0);
  std::ifstream engine_in(dir / "engine.txt"), talec_in(dir / "talec.txt");
  std::stringstream engine_out, talec_out;
  engine_out << engine_in.rdbuf();
  talec_out << talec_in.rdbuf();
  INFO(talec_out.str());
  CHECK(talec_out.str().find("Encounter chart 4: By the shore.") != std::string::npos);
  CHECK(talec_out.str().find("Your character (turn ") != std::string::npos);
  CHECK(engine_out.str() == talec_out.str());

  // A C engine over the installed engine's C API plays the same game to the
  // same question (talec then reads the end of its input) and restores it.
  REQUIRE(run(q(dir / "build" / "consumer_game") + " " + q(dir / "small.tbook") + " 5 < " +
              q(dir / "answers.txt") + " > " + q(dir / "game.txt")) == 0);
  std::ifstream game_in(dir / "game.txt");
  std::stringstream game_out;
  game_out << game_in.rdbuf();
  REQUIRE(game_out.str().size() > 1000);
  CHECK(talec_out.str().substr(0, game_out.str().size()) == game_out.str());
  CHECK(talec_out.str().substr(game_out.str().size(), 2) == "> ");

  // The installed dump prints the book as `talec dump` does (which adds the
  // file's "format").
  REQUIRE(run(q(dir / "build" / "consumer_dump") + " " + q(dir / "small.tbook") + " > " +
              q(dir / "dump.json")) == 0);
  REQUIRE(run("'" + std::string(test::talec_path()) + "' dump " + q(dir / "small.tbook") + " > " +
              q(dir / "talec.json")) == 0);
  std::ifstream dump_in(dir / "dump.json"), talec_json_in(dir / "talec.json");
  const nlohmann::json installed = nlohmann::json::parse(dump_in);
  nlohmann::json talec_json = nlohmann::json::parse(talec_json_in);
  CHECK(talec_json.erase("format") == 1);
  CHECK(installed["title"] == "A Small Book of Tales");
  CHECK(installed["paragraphs"].size() == 7);
  CHECK(installed == talec_json);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
