#include "compiler/lsp/params.hpp"

namespace talebook::lsp {
namespace {

// `what`: a keyword of the bad_param text ("missing", "string"...).
[[noreturn]] void invalid(std::string_view name, const char* what) {
  throw RpcError{rpc::invalid_params, MessageText::BadParam, {arg::name(name), arg::keyword(what)}};
}

} // namespace

const Json& member(const Json& object, std::string_view name) {
  if (!object.is_object()) invalid(name, "no_parent");
  auto it = object.find(name);
  if (it == object.end()) invalid(name, "missing");
  return *it;
}

const Json* optional_member(const Json& object, std::string_view name) {
  if (!object.is_object()) return nullptr;
  auto it = object.find(name);
  return it == object.end() || it->is_null() ? nullptr : &*it;
}

const std::string& string_member(const Json& object, std::string_view name) {
  const Json& value = member(object, name);
  if (!value.is_string()) invalid(name, "string");
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
  if (!fits) invalid(name, "uinteger");
  return std::uint32_t(value.get<std::uint64_t>());
}

bool bool_member(const Json& object, std::string_view name, bool otherwise) {
  const Json* value = optional_member(object, name);
  if (!value) return otherwise;
  if (!value->is_boolean()) invalid(name, "boolean");
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
