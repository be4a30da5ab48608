// A book compiled whole runs on a thread of its own (compiler/lsp/background.hpp):
// meanwhile the server answers requests from the book as last checked (those
// that answer with edits wait), and an edit of the book cancels the compile
// and starts it again (CompileOptions::cancel).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

#include "compiler/driver/book_loader.hpp"
#include "tests/lsp_fixture.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using test::Json;
using test::LspClient;

// The sample file with one paragraph more: a new number, so the book is compiled whole.
std::string with_new_paragraph(const std::string& relative) {
  return test::read_file(test::source_dir() + "/" + relative) +
         "\n@998\nA new paragraph, for the test.\nNo Skill: Nothing happens. [S1]\n";
}

Json did_change(const std::string& relative, int version, const std::string& text) {
  return {{"jsonrpc", "2.0"},
          {"method", "textDocument/didChange"},
          {"params",
           {{"textDocument", {{"uri", LspClient::uri(relative)}, {"version", version}}},
            {"contentChanges", Json::array({{{"text", text}}})}}}};
}

Json request(int id, const std::string& method, const Json& params) {
  return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}};
}

// The places in `messages` of the answer to `id` and of the diagnostics of
// `relative` at `version` (npos when absent).
struct Order {
  std::size_t answer = std::string::npos, published = std::string::npos;
};
Order order_of(const std::vector<Json>& messages, int id, const std::string& relative,
               int version) {
  Order o;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const Json& m = messages[i];
    if (m.contains("id") && m["id"] == id) o.answer = i;
    if (m.value("method", "") == "textDocument/publishDiagnostics" &&
        m["params"]["uri"] == LspClient::uri(relative) &&
        m["params"].value("version", 0) == version)
      o.published = i;
  }
  return o;
}

TEST_CASE("lsp background: a hover is answered while the book compiles whole", "[lsp]") {
  LspClient c;
  c.initialize();
  REQUIRE(c.open("book/rogues.tales").count(LspClient::uri("book/rogues.tales")));
  // A new paragraph and a hover sent together: the hover is answered from the
  // book as last checked, before the new compile's diagnostics.
  std::vector<Json> messages = c.send_raw(
      test::frame(
          did_change("book/rogues.tales", 2, with_new_paragraph("book/rogues.tales")).dump()) +
      test::frame(
          request(7, "textDocument/hover", LspClient::at("book/rogues.tales", 4, 1)).dump()));
  const Order o = order_of(messages, 7, "book/rogues.tales", 2);
  REQUIRE(o.answer != std::string::npos);
  REQUIRE(o.published != std::string::npos); // the compile ends before the stream does
  CHECK(o.answer < o.published);
  CHECK(messages[o.answer]["result"].dump().find("609") != std::string::npos);
  CHECK(c.server.activity().started == 2); // the open, then the new paragraph
  CHECK(c.server.activity().installed == 2);
}

TEST_CASE("lsp background: a rename waits for the compile", "[lsp]") {
  LspClient c;
  c.initialize();
  c.open("book/rogues.tales");
  std::vector<Json> messages = c.send_raw(
      test::frame(
          did_change("book/rogues.tales", 2, with_new_paragraph("book/rogues.tales")).dump()) +
      test::frame(request(8, "textDocument/prepareRename", LspClient::at("book/rogues.tales", 4, 1))
                      .dump()));
  const Order o = order_of(messages, 8, "book/rogues.tales", 2);
  REQUIRE(o.answer != std::string::npos);
  REQUIRE(o.published != std::string::npos);
  CHECK(o.published < o.answer); // its edits are made on the texts as they are now
}

TEST_CASE("compile_book stops between stages once cancelled", "[lsp]") {
  std::atomic<bool> cancel{true};
  talebook::CompileOptions options;
  options.cancel = &cancel;
  talebook::Compilation stopped;
  talebook::compile_book(test::source_dir() + "/book", stopped, options);
  CHECK(stopped.cancelled);
  CHECK(stopped.graph == nullptr); // stopped before the checks
  CHECK(stopped.book.paragraphs.empty());

  cancel = false;
  talebook::Compilation whole;
  talebook::compile_book(test::source_dir() + "/book", whole, options);
  CHECK_FALSE(whole.cancelled);
  CHECK(whole.graph != nullptr);
  CHECK(whole.book.paragraphs.size() > 50);
}

// The read end of a pipe as a stream buffer: the server's input, written
// while it runs.
class PipeBuf : public std::streambuf {
public:
  explicit PipeBuf(int fd) : fd_(fd) {}

protected:
  int_type underflow() override {
    ssize_t n;
    do
      n = ::read(fd_, buffer_, sizeof buffer_);
    while (n < 0 && errno == EINTR);
    if (n <= 0) return traits_type::eof();
    setg(buffer_, buffer_, buffer_ + n);
    return traits_type::to_int_type(buffer_[0]);
  }

private:
  int fd_;
  char buffer_[4096];
};

void write_all(int fd, const std::string& bytes) {
  for (std::size_t done = 0; done < bytes.size();) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    REQUIRE(n > 0);
    done += std::size_t(n);
  }
}

// Waits (at most a minute) until `ready`.
template <class Ready> bool wait_until(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!ready()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return true;
}

TEST_CASE("lsp background: an edit during the compile cancels it and starts it again", "[lsp]") {
  TEST_REQUIRE_TOOL("python3", "python3");
  test::TempDir dir("lsp-background");
  const test::Run gen = test::run(
      "python3", {test::source_dir() + "/tools/bench/gen_book.py", "3000", (dir / "gen").string()});
  INFO(gen.err);
  REQUIRE(gen.exit == 0);
  const std::string file = (dir / "gen/p0001001.tales").string();
  const std::string uri = talebook::lsp::uri_of_path(file);
  const std::string text = test::read_file(file);
  // Each change adds one paragraph at the end (a small message: a range of
  // the text replaced), and the book is compiled whole.
  std::uint32_t lines = std::uint32_t(std::count(text.begin(), text.end(), '\n'));
  REQUIRE(text.back() == '\n');
  auto change = [&](int version) {
    const std::string added =
        "\n@" + std::to_string(5000 + version) + "\nNew.\nNo Skill: Nothing. [S1]\n";
    Json at = {{"line", lines}, {"character", 0}};
    lines += 4;
    return test::frame(
        Json{{"jsonrpc", "2.0"},
             {"method", "textDocument/didChange"},
             {"params",
              {{"textDocument", {{"uri", uri}, {"version", version}}},
               {"contentChanges",
                Json::array({{{"range", {{"start", at}, {"end", at}}}, {"text", added}}})}}}}
            .dump());
  };
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  PipeBuf buf(fds[0]);
  std::istream in(&buf);
  std::ostringstream out;
  talebook::lsp::Server server(out, "en");
  std::thread running([&] { server.run(in); });
  const auto& a = server.activity();
  write_all(fds[1],
            test::frame(request(1, "initialize", {{"capabilities", Json::object()}}).dump()) +
                test::frame(Json{
                    {"jsonrpc", "2.0"},
                    {"method", "textDocument/didOpen"},
                    {"params",
                     {{"textDocument",
                       {{"uri", uri}, {"languageId", "tales"}, {"version", 1}, {"text", text}}}}}}
                                .dump()));
  CHECK(wait_until([&] { return a.installed == 1; }));
  // Two new paragraphs, one after the other: the second arrives while the
  // first one's compile runs (a book of 3,000 paragraphs takes longer than a
  // message), which is cancelled. Tried again when the compile was quicker.
  int version = 1, cancelled_at = 0;
  for (int round = 0; round < 5 && a.cancelled == 0; ++round) {
    const std::size_t started = a.started, ended = a.installed + a.cancelled;
    const std::string first = change(++version), second = change(++version);
    write_all(fds[1], first);
    CHECK(wait_until([&] { return a.started == started + 1; }));
    write_all(fds[1], second);
    // Either way two compiles: installed and installed, or cancelled and installed.
    CHECK(wait_until(
        [&] { return a.started == started + 2 && a.installed + a.cancelled == ended + 2; }));
    if (a.cancelled) cancelled_at = version - 1;
  }
  write_all(fds[1], test::frame(request(2, "shutdown", nullptr).dump()) +
                        test::frame(Json{{"jsonrpc", "2.0"}, {"method", "exit"}}.dump()));
  ::close(fds[1]);
  running.join();
  ::close(fds[0]);
  REQUIRE(a.cancelled >= 1);
  std::vector<int> versions; // those published for the file
  for (const Json& m : test::unframe(out.str()))
    if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri)
      versions.push_back(m["params"].value("version", 0));
  CAPTURE(versions, cancelled_at);
  CHECK(std::find(versions.begin(), versions.end(), cancelled_at) == versions.end());
  CHECK(std::find(versions.begin(), versions.end(), cancelled_at + 1) != versions.end());
  CHECK(versions.back() == version);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
