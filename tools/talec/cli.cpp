#include "tools/talec/cli.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

#include "compiler/diagnostics/ci_output.hpp"
#include "compiler/diagnostics/diagnostics.hpp"
#include "compiler/diagnostics/messages.hpp"
#include "compiler/translate/translation.hpp"

namespace talec {

bool is_help(const std::string& arg) {
  return arg == "--help" || arg == "-h" || arg == "help";
}

int usage_error(const std::string& command, const std::string& message) {
  std::cerr << "talec " << command << ": error: " << shown(message) << "\n"
            << "run 'talec " << command << " --help' for usage\n";
  return exit_usage;
}

bool ArgScanner::next(std::string& arg) {
  while (!done && i_ < args_.size()) {
    const std::string& a = args_[i_];
    if (operands_) { // after `--`: an operand, whatever it looks like
      arg = a;
      ++i_;
      operand_ = true;
      return true;
    }
    if (a == "--") {
      operands_ = true;
      ++i_;
      continue;
    }
    if (is_help(a)) {
      std::cout << help_;
      done = exit_ok;
      return false;
    }
    std::string error;
    if (diagnostics_ && take_diagnostic_option(args_, i_, *diagnostics_, error)) {
      ++i_;
      if (!error.empty()) fail(error);
      continue;
    }
    arg = a;
    ++i_;
    return true;
  }
  return false;
}

bool ArgScanner::value(const std::string& arg, std::initializer_list<const char*> names,
                       std::string& out) {
  if (operand_) return false;
  for (const char* name : names) {
    std::string n = name;
    if (arg == n) {
      if (i_ >= args_.size()) {
        fail("'" + n + "' needs a value");
        return true;
      }
      out = args_[i_++];
      return true;
    }
    if (n.size() > 2 && arg.rfind(n + "=", 0) == 0) {
      out = arg.substr(n.size() + 1);
      return true;
    }
  }
  return false;
}

bool ArgScanner::number(const std::string& arg, std::initializer_list<const char*> names,
                        std::uint64_t& out, std::uint64_t max, std::uint64_t min) {
  std::string text;
  if (!value(arg, names, text)) return false;
  if (!done) whole_number(arg.substr(0, arg.find('=')), text, out, max, min);
  return true;
}

bool ArgScanner::paragraph(const std::string& arg, std::initializer_list<const char*> names,
                           std::uint64_t& out) {
  if (operand_) return false;
  const std::string name = arg.substr(0, arg.find('='));
  bool named = false;
  for (const char* n : names)
    named = named || name == n;
  if (!named) return false;
  if (arg == name && i_ >= args_.size()) {
    fail("'" + name + "' needs a paragraph number");
    return true;
  }
  const std::string text = arg == name ? args_[i_++] : arg.substr(name.size() + 1);
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  errno = 0;
  const unsigned long long n = digits ? std::strtoull(text.c_str(), nullptr, 10) : 0;
  if (!digits)
    fail("'" + name + "' needs a paragraph number, not '" + text + "'");
  else if (errno == ERANGE)
    fail("'" + name + "': no book has a paragraph " + text);
  else
    out = n; // whether the book has it, the command says
  return true;
}

void ArgScanner::whole_number(const std::string& name, const std::string& text, std::uint64_t& out,
                              std::uint64_t max, std::uint64_t min) {
  bool digits = !text.empty() && text.size() <= 20 &&
                text.find_first_not_of("0123456789") == std::string::npos;
  errno = 0;
  unsigned long long n = digits ? std::strtoull(text.c_str(), nullptr, 10) : 0;
  if (!digits || errno == ERANGE || n > max || n < min)
    fail("'" + name + "' needs a whole number from " + std::to_string(min) + " to " +
         std::to_string(max) + ", not '" + text + "'");
  else
    out = n;
}

bool ArgScanner::compile_option(const std::string& arg, talebook::CompileOptions& out) {
  if (flag(arg, "--require-complete")) {
    out.require_complete = true;
    return true;
  }
  return jobs(arg, out.jobs);
}

bool ArgScanner::jobs(const std::string& arg, unsigned& out) {
  if (operand_) return false;
  constexpr std::uint64_t most = 1024;
  std::uint64_t n = 0;
  if (arg.size() > 2 && arg.rfind("-j", 0) == 0) {
    whole_number("-j", arg.substr(2), n, most, 0); // -j4
  } else if (!number(arg, {"-j", "--jobs"}, n, most)) {
    return false;
  }
  if (!done) out = static_cast<unsigned>(n);
  return true;
}

bool ArgScanner::positional(const std::string& arg) {
  if (operand_) return true;
  if (arg.size() > 1 && arg[0] == '-') {
    fail("unknown option '" + arg + "'");
    return false;
  }
  return true;
}

int ArgScanner::fail(const std::string& message) {
  if (!done) done = usage_error(command_, message);
  return exit_usage;
}

bool take_diagnostic_option(const Args& args, std::size_t& i, DiagnosticOptions& options,
                            std::string& error) {
  const std::string& a = args[i];
  auto value = [&](const std::string& name, std::string& out) {
    if (a.rfind(name + "=", 0) == 0) {
      out = a.substr(name.size() + 1);
      return true;
    }
    if (a == name) {
      if (i + 1 >= args.size()) {
        error = "'" + name + "' needs a value";
        return true;
      }
      out = args[++i];
      return true;
    }
    return false;
  };
  if (a == "--werror") {
    options.werror = true;
    return true;
  }
  if (value("--format", options.format)) {
    if (error.empty() && options.format != "text" && options.format != "json" &&
        options.format != "sarif" && options.format != "github")
      error = "unknown format '" + options.format + "' (text, json, sarif or github)";
    return true;
  }
  if (value("--lang", options.language)) {
    std::string language = talebook::message_language_of(options.language);
    bool posix = options.language == "C" || options.language == "POSIX";
    if (error.empty() && !posix &&
        (language.empty() || options.language.compare(0, language.size(), language) != 0)) {
      std::string known;
      for (const std::string& l : talebook::message_languages())
        known += (known.empty() ? "" : ", ") + l;
      error = "no messages in language '" + options.language + "' (" + known + ")";
    }
    options.language = language;
    return true;
  }
  if (value("--color", options.colour) || value("--colour", options.colour)) {
    if (error.empty() && options.colour != "auto" && options.colour != "always" &&
        options.colour != "never")
      error = "unknown colour mode '" + options.colour + "' (auto, always or never)";
    return true;
  }
  return false;
}

void print_diagnostics(const talebook::Compilation& compilation, const DiagnosticOptions& options) {
  const auto& list = compilation.diagnostics.all();
  std::string language =
      options.language.empty() ? talebook::message_language_from_environment() : options.language;
  if (options.format == "json") {
    std::cout << talebook::render_json(compilation.sources, list, language);
    return;
  }
  if (options.format == "sarif") {
    std::cout << talebook::render_sarif(compilation.sources, list);
    return;
  }
  if (options.format == "github") {
    talebook::render_github(std::cout, compilation.sources, list, language);
    return;
  }
  bool colour = options.colour == "always" ||
                (options.colour == "auto" && isatty(STDERR_FILENO) && !std::getenv("NO_COLOR"));
  talebook::render_text(std::cerr, compilation.sources, list, {colour, language});
  std::size_t errors = compilation.diagnostics.errors(),
              warnings = compilation.diagnostics.warnings();
  if (errors || warnings)
    std::cerr << talebook::localized(talebook::MessageText::Summary, {errors, warnings}, language) +
                     '\n'; // one write
}

int exit_code(const talebook::Compilation& compilation) {
  return compilation.diagnostics.errors() ? exit_errors : exit_ok;
}

int book_errors_exit(const char* command, const talebook::Compilation& book,
                     const std::string& path, bool allow, const char* output) {
  std::size_t errors = talebook::book_errors(book.diagnostics);
  if (!errors) return exit_ok;
  std::cerr << "talec " << command << (allow ? ": warning: " : ": error: ") << "the book has "
            << errors << (errors == 1 ? " error" : " errors") << " ('talec check " << shown(path)
            << "' shows them); the " << shown(output) << " may be incomplete\n";
  return allow ? exit_ok : exit_errors;
}

namespace {
// TB0078: what the reader's check found, by layer, kind, section and record.
void report_damaged(talebook::Diagnostics& diagnostics, const talebook::tbook::ReadError& error,
                    const std::string& file) {
  const auto layer = error.layer();
  const char* where =
      layer == talebook::tbook::ReadLayer::io ? "header" : talebook::tbook::name_of(layer);
  std::string section = "none";
  if (error.section < talebook::tbook::layout::SectionId::count) {
    section = talebook::tbook::section_name(error.section);
  }
  const std::string record =
      error.record == talebook::tbook::layout::none ? "none" : std::to_string(error.record);
  diagnostics.report(talebook::Code::damaged_tbook, {},
                     {talebook::arg::text(file), talebook::arg::keyword(where),
                      talebook::arg::name(talebook::tbook::name_of(error.kind)),
                      talebook::arg::keyword(section), talebook::arg::keyword(record)});
}
} // namespace

// A file the reader refuses: TB0080 for one of an older packing, TB0078 (the layer, the reader's
// error kind, the section and record), or a usage error for a file that cannot be read at all.
int refuse_tbook(const std::string& command, const talebook::tbook::ReadError& error,
                 const std::string& file) {
  if (!error.bad_file()) {
    std::cerr << "talec " << command << ": error: " << shown(error.what()) << "\n";
    return exit_usage;
  }
  talebook::Diagnostics diagnostics;
  if (error.kind == talebook::tbook::ReadErrorKind::OwnPacking) // not damaged: too old
    diagnostics.report(talebook::Code::old_packed_tbook, {},
                       {talebook::arg::text(file), error.value});
  else
    report_damaged(diagnostics, error, file);
  talebook::SourceSet sources;
  talebook::render_text(std::cerr, sources, diagnostics.all(),
                        {false, talebook::message_language_from_environment()});
  return exit_errors;
}

talebook::CommitStep test_commit_step() {
  const char* at = std::getenv("TALEBOOK_TEST_KILL_AT_STEP");
  if (!at) return {};
  return [count = 0, last = std::atoi(at)](const char*) mutable {
    if (++count == last) ::kill(::getpid(), SIGKILL);
  };
}

} // namespace talec
