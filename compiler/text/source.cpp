#include "compiler/text/source.hpp"

#include "compiler/text/files.hpp"

#include <algorithm>

namespace talebook {

void read_lone_cr_as_lf(std::string& text) {
  for (std::size_t at = text.find('\r'); at != std::string::npos; at = text.find('\r', at + 1))
    if (at + 1 == text.size() || text[at + 1] != '\n') text[at] = '\n';
}

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  read_lone_cr_as_lf(text_);
}

namespace {
constexpr std::uint32_t kCheckpointBits = 8; // a count every 256 bytes

bool starts_code_point(char byte) {
  return (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
}
} // namespace

void SourceFile::index_lines() const {
  std::call_once(indexed_, [this] {
    line_starts_.push_back(0);
    code_points_.reserve((text_.size() >> kCheckpointBits) + 1);
    std::uint32_t code_points = 0;
    for (std::uint32_t i = 0; i < text_.size(); ++i) {
      if ((i & ((1u << kCheckpointBits) - 1)) == 0) code_points_.push_back(code_points);
      if (text_[i] == '\n') line_starts_.push_back(i + 1);
      if (starts_code_point(text_[i])) ++code_points;
    }
    code_points_.push_back(code_points);
  });
}

std::uint32_t SourceFile::code_points_before(std::uint32_t offset) const {
  const std::uint32_t checkpoint = offset >> kCheckpointBits;
  std::uint32_t count = code_points_[checkpoint];
  for (std::uint32_t i = checkpoint << kCheckpointBits; i < offset; ++i)
    if (starts_code_point(text_[i])) ++count;
  return count;
}

std::uint32_t SourceFile::line_start(std::uint32_t offset) const {
  index_lines();
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  return *(it - 1);
}

LineColumn SourceFile::position(std::uint32_t offset) const {
  index_lines();
  offset = std::min<std::uint32_t>(offset, text_.size());
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  LineColumn lc;
  lc.line = static_cast<std::uint32_t>(it - line_starts_.begin());
  lc.column = code_points_before(offset) - code_points_before(*(it - 1)) + 1;
  return lc;
}

std::string_view SourceFile::line_text(std::uint32_t offset) const {
  std::uint32_t start = line_start(std::min<std::uint32_t>(offset, text_.size()));
  std::size_t end = text_.find('\n', start);
  if (end == std::string::npos) end = text_.size();
  std::string_view line(text_.data() + start, end - start);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

std::string SourceSet::read(const std::string& path, std::string& text) const {
  if (overlay_)
    if (auto it = overlay_->find(path); it != overlay_->end()) {
      text = it->second;
      return {};
    }
  return read_regular_file(path, text);
}

std::uint32_t SourceSet::load(const std::string& path, std::string& error) {
  std::string text;
  error = read(path, text);
  return error.empty() ? add(path, std::move(text)) : 0;
}

std::uint32_t SourceSet::add(std::string path, std::string text) {
  files_.push_back(std::make_unique<SourceFile>(std::move(path), std::move(text)));
  return static_cast<std::uint32_t>(files_.size());
}

void SourceSet::replace(std::uint32_t id, std::string text) {
  std::string path = file(id).path();
  files_.at(id - 1) = std::make_unique<SourceFile>(std::move(path), std::move(text));
}

std::string_view SourceSet::text(SourceRange range) const {
  if (!range.valid()) return {};
  std::string_view all = file(range.file).text();
  if (range.begin > all.size()) return {};
  return all.substr(range.begin, std::min<std::size_t>(range.end, all.size()) - range.begin);
}

} // namespace talebook
