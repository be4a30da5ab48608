// How the docs test reads README.md and docs/*.md: the commands of their shell blocks, the
// output quoted after a `$ ` line, what is skipped and why, how a quote matches what a command
// printed, and how a rebase rewrites it. The rules are at the top of tests/docs_commands.cpp.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace docs_test {

namespace fs = std::filesystem;

inline const std::string skip_marker = "<!-- docs-commands: skip -->";
inline const std::set<std::string> shell_blocks = {"sh", "bash", "shell", "console"};
inline const std::set<std::string> setup_words = {"sudo", "apt", "apt-get", "cmake", "ctest",
                                                  "npm",  "npx", "pip",     "git"};
inline const std::string anything = "…";

inline std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

inline std::string trim_end(const std::string& s) {
  return s.substr(0, s.find_last_not_of(" \t\r") + 1);
}

inline bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

struct Command {
  int line = 0;
  std::string text;
  int exit = 0;                    // what `# exit N` says, else 0
  bool quoted = false;             // a `$ ` line with output after it
  std::vector<std::string> output; // what it prints, as quoted
  int output_line = 0;             // the line of its first output line
};

struct Skipped {
  int line = 0;
  std::string text, why;
};

struct Document {
  std::vector<Command> commands;
  std::vector<Skipped> skipped;
  std::vector<std::string> problems; // "LINE: what", commands the rules would lose
};

// `talec check book` reads as a command; `talec build: error: ...` is talec's output.
inline bool reads_as_talec(std::string text) {
  if (starts_with(text, "$ ")) text = text.substr(2);
  if (!starts_with(text, "talec ") && !starts_with(text, "build/tools/talec ")) return false;
  const std::string::size_type space = text.find(' ');
  const std::string word = text.substr(space + 1, text.find(' ', space + 1) - space - 1);
  return word.empty() || word.back() != ':';
}

// Why a command line is not run, or empty when it is.
inline std::string why_skipped(const std::string& command) {
  if (command.find("docs-commands: skip") != std::string::npos) return "docs-commands: skip";
  std::istringstream words(command);
  std::string word;
  while (words >> word && word.find('=') != std::string::npos && word[0] != '=') {
  }
  if (setup_words.count(word)) return "set-up: " + word;
  std::string next;
  if (word == "bash" && words >> next && starts_with(next, "tools/")) return "set-up: " + next;
  if (starts_with(word, "build") && word.find("/tests/") != std::string::npos)
    return "set-up: the project's tests";
  return {};
}

inline int exit_wanted(const std::string& command) {
  const std::string::size_type at = command.find("# exit ");
  return at == std::string::npos ? 0 : std::atoi(command.c_str() + at + 7);
}

inline Document document_of(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(trim_end(line));
  Document out;
  std::string previous;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string text = trim(lines[i]);
    if (!starts_with(text, "```")) {
      if (!text.empty()) previous = text;
      continue;
    }
    const std::string info = trim(text.substr(3));
    const bool skip = previous == skip_marker;
    std::size_t end = i + 1;
    while (end < lines.size() && !starts_with(trim(lines[end]), "```"))
      ++end;
    const int first = static_cast<int>(i) + 2; // the block's first line, counted from 1
    std::vector<std::string> body(lines.begin() + i + 1, lines.begin() + end);
    i = end;
    previous.clear();
    if (!shell_blocks.count(info)) {
      for (std::size_t k = 0; k < body.size(); ++k)
        if (reads_as_talec(trim(body[k])))
          out.problems.push_back(std::to_string(first + k) + ": a talec command in a ```" + info +
                                 " block, not run: mark the block ```sh");
      continue;
    }
    const bool transcript = std::any_of(
        body.begin(), body.end(), [](const std::string& l) { return starts_with(trim(l), "$ "); });
    for (std::size_t k = 0; k < body.size(); ++k) {
      std::string line = transcript ? body[k] : trim(body[k]);
      if (transcript && !starts_with(trim(line), "$ ")) {
        if (out.commands.empty() || !out.commands.back().quoted)
          out.problems.push_back(std::to_string(first + k) + ": output before any `$ ` command");
        else
          out.commands.back().output.push_back(line);
        continue;
      }
      if (transcript) line = trim(line).substr(2);
      if (line.empty() || line[0] == '#') continue;
      Command command;
      command.line = first + static_cast<int>(k);
      command.text = line;
      while (!command.text.empty() && command.text.back() == '\\' && k + 1 < body.size())
        command.text += "\n" + body[++k];
      command.exit = exit_wanted(command.text);
      command.quoted = transcript;
      command.output_line = first + static_cast<int>(k) + 1;
      const std::string why = skip ? "<!-- docs-commands: skip -->" : why_skipped(command.text);
      if (!why.empty()) {
        out.skipped.push_back({command.line, command.text, why});
        if (transcript) { // a placeholder takes its output, then goes
          out.commands.emplace_back();
          out.commands.back().quoted = true;
        }
      } else {
        out.commands.push_back(command);
      }
    }
  }
  out.commands.erase(std::remove_if(out.commands.begin(), out.commands.end(),
                                    [](const Command& c) { return c.text.empty(); }),
                     out.commands.end());
  return out;
}

// Whether `line` matches `pattern`, where each `…` stands for any text.
inline bool line_matches(const std::string& pattern, const std::string& line) {
  const std::string::size_type at = pattern.find(anything);
  if (at == std::string::npos) return pattern == line;
  if (line.compare(0, at, pattern, 0, at) != 0) return false;
  const std::string rest = pattern.substr(at + anything.size());
  for (std::string::size_type from = at; from <= line.size(); ++from)
    if (line_matches(rest, line.substr(from))) return true;
  return false;
}

// Whether `printed` is what `quoted` shows; a line `…` alone stands for any lines.
inline bool output_matches(const std::vector<std::string>& quoted, std::size_t q,
                           const std::vector<std::string>& printed, std::size_t p) {
  if (q == quoted.size()) return p == printed.size();
  if (trim(quoted[q]) == anything) {
    for (std::size_t from = p; from <= printed.size(); ++from)
      if (output_matches(quoted, q + 1, printed, from)) return true;
    return false;
  }
  return p < printed.size() && line_matches(quoted[q], printed[p]) &&
         output_matches(quoted, q + 1, printed, p + 1);
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(trim_end(line));
  while (!out.empty() && out.back().empty())
    out.pop_back();
  return out;
}

inline bool output_matches(std::vector<std::string> quoted, const std::string& printed) {
  while (!quoted.empty() && trim(quoted.back()).empty())
    quoted.pop_back();
  return output_matches(quoted, 0, lines_of(printed), 0);
}

// A quoted output written anew (TALEBOOK_REBASE=1): its lines from `line` on (counted from 1)
// become `printed`. A quote with `…` is the writer's choice of what to show: never rewritten.
struct Rewrite {
  int line = 0;
  std::size_t lines = 0;
  std::string printed;
};

inline std::string rewritten(const std::string& text, std::vector<Rewrite> rewrites) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  std::sort(rewrites.begin(), rewrites.end(),
            [](const Rewrite& a, const Rewrite& b) { return a.line > b.line; });
  for (const Rewrite& r : rewrites) {
    const auto at = lines.begin() + (r.line - 1);
    const std::vector<std::string> printed = lines_of(r.printed);
    lines.insert(lines.erase(at, at + static_cast<std::ptrdiff_t>(r.lines)), printed.begin(),
                 printed.end());
  }
  std::string out;
  for (const std::string& line : lines)
    out += line + "\n";
  return out;
}

inline bool rewritable(const Command& command) {
  return std::none_of(command.output.begin(), command.output.end(), [](const std::string& line) {
    return line.find(anything) != std::string::npos;
  });
}

} // namespace docs_test
