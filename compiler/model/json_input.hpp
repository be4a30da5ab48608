// Reading the book's JSON files (book.json, vocabulary.json,
// translation-state.json) without surprises.
//
// Every value is read through JsonInput, which checks its type: a value of the
// wrong type becomes a coded diagnostic (TB0050, naming the value by its JSON
// pointer), never a nlohmann::json::type_error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/model/load_error.hpp"

namespace talebook {

// Parses the regular file `path` (files.hpp: no directory, FIFO or device, a
// size limit) as a JSON document that must be an object.
LoadError read_json_object(const std::string& path, nlohmann::json& out);

// Where the value at JSON pointer `pointer` ("" the document, "/sources/1")
// stands in `text` (a document nlohmann::json accepted): its bytes [begin,
// end). The nearest enclosing value when the pointer leads nowhere (a
// member that is missing: the object that lacks it).
struct JsonSpan {
  std::size_t begin = 0, end = 0;
};
JsonSpan json_span(std::string_view text, std::string_view pointer);

// Checked access to the values of one document named `file`.
class JsonInput {
public:
  explicit JsonInput(std::string file) : file_(std::move(file)) {}

  // The member `key` of the object `parent` found at `pointer`, or nullptr.
  static const nlohmann::json* member(const nlohmann::json& parent, const std::string& key);
  static std::string pointer(const std::string& parent, const std::string& key);
  static std::string pointer(const std::string& parent, std::size_t index);

  // False (and error() set, the first time) unless `value` has the type.
  bool string(const nlohmann::json& value, const std::string& at, std::string& out);
  bool boolean(const nlohmann::json& value, const std::string& at, bool& out);
  bool array(const nlohmann::json& value, const std::string& at);
  bool object(const nlohmann::json& value, const std::string& at);

  bool failed() const { return !error_.empty(); }
  const LoadError& error() const { return error_; }

private:
  bool fail(const std::string& at, const char* expected);
  std::string file_;
  LoadError error_;
};

} // namespace talebook
