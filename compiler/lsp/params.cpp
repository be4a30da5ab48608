#include "compiler/lsp/params.hpp"

namespace talebook::lsp {
namespace {

[[noreturn]] void invalid(std::string_view name, const char* what) {
  throw RpcError{rpc::invalid_params, "'" + std::string(name) + "' " + what};
}

} // namespace

const Json& member(const Json& object, std::string_view name) {
  if (!object.is_object()) invalid(name, "is missing: its parent is not an object");
  auto it = object.find(name);
  if (it == object.end()) invalid(name, "is missing");
  return *it;
}

const Json* optional_member(const Json& object, std::string_view name) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(name);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

const std::string& string_member(const Json& object, std::string_view name) {
  const Json& value = member(object, name);
  if (!value.is_string()) invalid(name, "must be a string");
  return value.get_ref<const std::string&>();
}

std::uint32_t uinteger_member(const Json& object, std::string_view name) {
  const Json& value = member(object, name);
  // A number with a fraction or an exponent is a double (refused); an integer
  // is signed or unsigned.
  const bool fits = value.is_number_unsigned()  ? value.get<std::uint64_t>() <= max_uinteger
                    : value.is_number_integer() ? value.get<std::int64_t>() >= 0 &&
                                                      value.get<std::int64_t>() <= max_uinteger
                                                : false;
  if (!fits) invalid(name, "must be an integer from 0 to 2147483647");
  return std::uint32_t(value.get<std::uint64_t>());
}

bool bool_member(const Json& object, std::string_view name, bool otherwise) {
  const Json* value = optional_member(object, name);
  if (!value) return otherwise;
  if (!value->is_boolean()) invalid(name, "must be true or false");
  return value->get<bool>();
}

Position position_member(const Json& object, std::string_view name) {
  const Json& p = member(object, name);
  return {uinteger_member(p, "line"), uinteger_member(p, "character")};
}

PositionRange range_member(const Json& object, std::string_view name) {
  const Json& r = member(object, name);
  return {position_member(r, "start"), position_member(r, "end")};
}

std::string document_path(const Json& params) {
  return path_of_uri(string_member(member(params, "textDocument"), "uri"));
}

} // namespace talebook::lsp
