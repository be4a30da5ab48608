// What every talec command shares: exit codes, argument scanning and how
// diagnostics are printed.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "compiler/book_loader.hpp"

namespace talec {

inline constexpr int exit_ok = 0;     // no errors (warnings allowed)
inline constexpr int exit_errors = 1; // the book (or file) has errors
inline constexpr int exit_usage = 2;  // usage or I/O failure

using Args = std::vector<std::string>;

// Diagnostics output options shared by check, build and the translation commands.
struct DiagnosticOptions {
  std::string format = "text"; // text | json | sarif
  bool werror = false;
  std::string colour = "auto"; // auto | always | never
};

// Consumes --format, --werror, --color/--colour at args[i]; true if it did.
// Sets `error` for a bad value.
bool take_diagnostic_option(const Args& args, std::size_t& i, DiagnosticOptions& options,
                            std::string& error);
// Prints the diagnostics in the chosen format; text to stderr, json/sarif to stdout.
void print_diagnostics(const talebook::Compilation& compilation, const DiagnosticOptions& options);
// The exit code for a finished compilation (after --werror).
int exit_code(const talebook::Compilation& compilation);
// `talec: error: message` on stderr; returns exit_usage.
int usage_error(const std::string& command, const std::string& message);
bool is_help(const std::string& arg);

} // namespace talec
