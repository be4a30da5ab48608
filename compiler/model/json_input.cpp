#include "compiler/model/json_input.hpp"

#include <algorithm>

#include "compiler/text/files.hpp"

namespace talebook {

LoadError read_json_object(const std::string& path, nlohmann::json& out) {
  std::string bytes;
  if (std::string error = read_regular_file(path, bytes); !error.empty())
    return LoadError(Code::cannot_read, {arg::text(path), arg::text(error)});
  try {
    out = nlohmann::json::parse(bytes);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte: the 1-based byte where the parser stopped (one past the end at
    // the end of the text).
    LoadError error(Code::json_syntax, {arg::text(path)});
    error.file = path;
    error.offset = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, bytes.size());
    return error;
  }
  if (!out.is_object()) {
    LoadError error(Code::json_not_object, {arg::text(path)});
    error.file = path;
    return error;
  }
  return {};
}

namespace {

// A walk over a JSON text that nlohmann::json accepted (so it needs no checks
// of its own): skips values, reads member names.
struct JsonWalk {
  std::string_view text;
  std::size_t at = 0;

  void blanks() {
    while (at < text.size() &&
           (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r'))
      ++at;
  }
  // A string from its opening quote; its text, escapes kept but for `\"`,
  // `\\` and `\/` (enough to compare a member name with a pointer's).
  std::string string() {
    std::string out;
    for (++at; at < text.size() && text[at] != '"'; ++at) {
      if (text[at] == '\\' && at + 1 < text.size()) {
        char c = text[++at];
        if (c != '"' && c != '\\' && c != '/') out += '\\';
        out += c;
      } else {
        out += text[at];
      }
    }
    ++at;
    return out;
  }
  void value() {
    blanks();
    if (at >= text.size()) return;
    char c = text[at];
    if (c == '"') {
      string();
    } else if (c == '{' || c == '[') {
      int depth = 0;
      while (at < text.size()) {
        char d = text[at];
        if (d == '"') {
          string();
          continue;
        }
        if (d == '{' || d == '[') ++depth;
        if (d == '}' || d == ']') --depth;
        ++at;
        if (depth == 0) break;
      }
    } else {
      while (at < text.size() && text[at] != ',' && text[at] != '}' && text[at] != ']' &&
             text[at] != ' ' && text[at] != '\n' && text[at] != '\r' && text[at] != '\t')
        ++at;
    }
  }
  // From a value's first byte: moves to the start of the member `name` (an
  // object) or the element `name` (an array); false when there is none.
  bool step(const std::string& name) {
    char open = text[at];
    ++at;
    for (std::size_t index = 0;; ++index) {
      blanks();
      if (at >= text.size() || text[at] == '}' || text[at] == ']') return false;
      bool found;
      if (open == '{') {
        found = string() == name;
        blanks();
        ++at; // ':'
        blanks();
      } else {
        found = std::to_string(index) == name;
      }
      if (found) return true;
      value();
      blanks();
      if (at < text.size() && text[at] == ',') ++at;
    }
  }
};

// A pointer's next token, unescaped (`~1` is '/', `~0` is '~').
std::string token(std::string_view& pointer) {
  pointer.remove_prefix(1); // '/'
  std::size_t end = std::min(pointer.find('/'), pointer.size());
  std::string out;
  for (std::size_t i = 0; i < end; ++i) {
    if (pointer[i] == '~' && i + 1 < end) {
      out += pointer[i + 1] == '1' ? '/' : '~';
      ++i;
    } else {
      out += pointer[i];
    }
  }
  pointer.remove_prefix(end);
  return out;
}

} // namespace

JsonSpan json_span(std::string_view text, std::string_view pointer) {
  JsonWalk walk{text};
  walk.blanks();
  std::size_t begin = walk.at;
  while (!pointer.empty() && walk.at < text.size() &&
         (text[walk.at] == '{' || text[walk.at] == '[')) {
    std::size_t container = walk.at;
    if (!walk.step(token(pointer))) {
      walk.at = container; // a missing member: the object that lacks it
      return {container, container + 1};
    }
    begin = walk.at;
  }
  walk.at = begin;
  walk.value();
  return {begin, std::max(walk.at, begin + (begin < text.size() ? 1 : 0))};
}

const nlohmann::json* JsonInput::member(const nlohmann::json& parent, const std::string& key) {
  if (!parent.is_object()) return nullptr;
  auto it = parent.find(key);
  return it == parent.end() ? nullptr : &*it;
}

std::string JsonInput::pointer(const std::string& parent, const std::string& key) {
  std::string out = parent + "/";
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string JsonInput::pointer(const std::string& parent, std::size_t index) {
  return parent + "/" + std::to_string(index);
}

bool JsonInput::fail(const std::string& at, const char* expected) {
  if (error_.empty()) {
    error_ = LoadError(Code::json_type, {arg::text(file_), arg::text(at), arg::keyword(expected)});
    error_.file = file_, error_.pointer = at;
  }
  return false;
}

bool JsonInput::string(const nlohmann::json& value, const std::string& at, std::string& out) {
  if (!value.is_string()) return fail(at, "string");
  out = value.get_ref<const std::string&>();
  return true;
}

bool JsonInput::boolean(const nlohmann::json& value, const std::string& at, bool& out) {
  if (!value.is_boolean()) return fail(at, "boolean");
  out = value.get<bool>();
  return true;
}

bool JsonInput::array(const nlohmann::json& value, const std::string& at) {
  return value.is_array() || fail(at, "array");
}

bool JsonInput::object(const nlohmann::json& value, const std::string& at) {
  return value.is_object() || fail(at, "object");
}

} // namespace talebook
