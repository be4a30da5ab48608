#include "compiler/model/json_input.hpp"

#include "compiler/text/files.hpp"

namespace talebook {

LoadError read_json_object(const std::string& path, nlohmann::json& out) {
  std::string bytes;
  if (std::string error = read_regular_file(path, bytes); !error.empty())
    return LoadError(Code::cannot_read, {arg::text(path), arg::text(error)});
  out = nlohmann::json::parse(bytes, nullptr, false);
  if (out.is_discarded()) return "'" + path + "' is not valid JSON";
  if (!out.is_object()) return "'" + path + "' is not a JSON object";
  return {};
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
  if (error_.empty())
    error_ = LoadError(Code::json_type, {arg::text(file_), arg::text(at), arg::keyword(expected)});
  return false;
}

bool JsonInput::string(const nlohmann::json& value, const std::string& at, std::string& out) {
  if (!value.is_string()) return fail(at, "string");
  out = value.get_ref<const std::string&>();
  return true;
}

bool JsonInput::array(const nlohmann::json& value, const std::string& at) {
  return value.is_array() || fail(at, "array");
}

bool JsonInput::object(const nlohmann::json& value, const std::string& at) {
  return value.is_object() || fail(at, "object");
}

} // namespace talebook
