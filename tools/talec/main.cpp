// talec: the talebook compiler's command line.
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>

#include "tools/talec/commands.hpp"

namespace {

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const talec::Args&);
};

const Command commands[] = {
    {"init", "write a new book folder that checks, builds and plays at once", talec::cmd_init},
    {"check", "check a book (or a translation) and report every problem", talec::cmd_check},
    {"build", "compile a checked book into a .tbook file", talec::cmd_build},
    {"dump", "show a .tbook file as JSON", talec::cmd_dump},
    {"play", "play encounters over a .tbook (the reference engine)", talec::cmd_play},
    {"stats", "count paragraphs, sections, awards and words of a book", talec::cmd_stats},
    {"po", "export or import a gettext PO file for a translation", talec::cmd_po},
    {"review", "mark translated paragraphs as current with their source", talec::cmd_review},
    {"fmt", "rewrite sources in the canonical layout (--check: list what would change)",
     talec::cmd_fmt},
    {"graph", "print the book as a graph (Graphviz DOT, mermaid or JSON)", talec::cmd_graph},
    {"html", "write a book as a static site to proofread (and play) in a browser", talec::cmd_html},
    {"simulate", "play the book many times at random and report what play reaches",
     talec::cmd_simulate},
    {"vocab", "list every word a book may use, by role (skills, statuses, headings...)",
     talec::cmd_vocab},
    {"lsp", "run the language server for editors (LSP over stdin and stdout)", talec::cmd_lsp},
};

void print_help(std::ostream& out) {
  out << "usage: talec <command> [options] [args]\n\n"
         "talebook compiles the paragraph book of Tales of the Arabian Nights.\n\n"
         "commands:\n";
  for (const Command& c : commands) {
    out << "  " << c.name;
    for (std::size_t i = std::strlen(c.name); i < 9; ++i)
      out << ' ';
    out << c.summary << '\n';
  }
  out << "\n'talec <command> --help' describes a command. '--' ends a command's options:\n"
         "every argument after it is a path, even one that begins with '-'.\n"
         "exit codes: 0 no errors, 1 errors found, 2 usage or I/O failure.\n";
}

// The command line, for the message of an internal error.
std::string command_line(int argc, char** argv) {
  std::string line = "talec";
  for (int i = 1; i < argc; ++i)
    line += std::string(" ") + argv[i];
  return line;
}

int run(int argc, char** argv) {
  talec::find_data_folders(argc > 0 ? argv[0] : nullptr);
  if (argc < 2) {
    print_help(std::cerr);
    return talec::exit_usage;
  }
  std::string name = argv[1];
  if (talec::is_help(name)) {
    print_help(std::cout);
    return talec::exit_ok;
  }
  if (name == "--version" || name == "-V") {
    std::cout << "talec " << TALEBOOK_VERSION << '\n';
    return talec::exit_ok;
  }
  talec::Args args(argv + 2, argv + argc);
  for (const Command& c : commands)
    if (name == c.name) return c.run(args);
  std::cerr << "talec: error: unknown command '" << talec::shown(name) << "'\n";
  print_help(std::cerr);
  return talec::exit_usage;
}

} // namespace

// No exception ends in std::terminate (exit 134): whatever escapes a command
// is an internal error, reported with what was being done, and exit 2.
int main(int argc, char** argv) {
  try {
    // Lets the test suite check this guard (tests/cli_reliability.cpp).
    if (std::getenv("TALEC_TEST_INTERNAL_ERROR")) throw std::logic_error("a test of the guard");
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "talec: internal error: " << e.what()
              << "\n  while running: " << command_line(argc, argv)
              << "\n  please report this as a bug\n";
  } catch (...) {
    std::cerr << "talec: internal error: an unknown exception\n  while running: "
              << command_line(argc, argv) << "\n  please report this as a bug\n";
  }
  return talec::exit_usage;
}
