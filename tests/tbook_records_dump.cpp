// talec dump --records: the records as stored, walked by the schema. Every
// record section of the file, every record, every field but the reserved ones:
// written back from the dump by the schema, each record is its bytes again.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "compiler/driver/book_loader.hpp"
#include "compiler/emit/emit.hpp"
#include "talebook/dump/dump.hpp"
#include "talebook/records.hpp"
#include "tests/support.hpp"

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

namespace {

namespace layout = talebook::tbook::layout;

std::string built(const std::string& book) {
  talebook::Compilation c;
  REQUIRE(talebook::compile_book(test::source_dir() + book, c));
  std::string bytes;
  REQUIRE(talebook::emit_tbook(c.book, c.vocabulary, bytes).empty());
  return bytes;
}

// A record's bytes from its dumped fields (reserved bytes: 0, as written).
std::string from_fields(const layout::RecordInfo& info, const nlohmann::ordered_json& record) {
  std::string out(info.size, '\0');
  for (const layout::FieldInfo& f : info.fields) {
    if (f.role == layout::FieldRole::reserved) {
      CHECK(!record.contains(f.name));
      continue;
    }
    REQUIRE(record.contains(f.name));
    const std::uint64_t v = std::uint64_t(record[f.name].get<std::int64_t>());
    for (std::uint32_t k = 0; k < f.size; ++k)
      out[f.offset + k] = char((v >> (8 * k)) & 0xFF);
  }
  return out;
}

} // namespace

TEST_CASE("dump --records: every record of the file, each field by the schema, nothing lost",
          "[dump][schema]") {
  for (std::string book : {"/book", "/locales/zh"}) {
    INFO(book);
    const std::string bytes = built(book);
    talebook::tbook::ReadError error;
    auto file = talebook::tbook::Book::open_memory(bytes.data(), bytes.size(), error);
    REQUIRE(file);
    const nlohmann::ordered_json dump = talebook::tbook_records_json(*file);
    std::size_t records = 0, strings = 0;
    for (std::size_t k = 0; k < std::size_t(layout::SectionId::count); ++k) {
      const auto id = layout::SectionId(k);
      if (id == layout::SectionId::STRS) continue;
      const std::string tag = layout::section_tag_names[k];
      INFO(tag);
      REQUIRE(dump.contains(tag));
      CHECK(dump[tag]["name"] == talebook::tbook::section_name(id));
      const auto& list = dump[tag]["records"];
      REQUIRE(list.size() == file->record_count(id));
      const layout::RecordInfo* info = layout::record_info(tag);
      for (std::uint32_t i = 0; i < list.size(); ++i) {
        const std::string stored = file->record_bytes(id, i);
        if (!info) { // a u32 section
          std::uint32_t v;
          std::memcpy(&v, stored.data(), 4);
          CHECK(list[i].get<std::uint32_t>() == v);
          continue;
        }
        // Reserved bytes are zero as written: the fields give the record back.
        CHECK(from_fields(*info, list[i]) == stored);
        for (const layout::FieldInfo& f : info->fields)
          if (f.role == layout::FieldRole::string) {
            CHECK(list[i]["strings"][f.name] ==
                  file->string_at(list[i][f.name].get<std::uint32_t>()));
            ++strings;
          }
        ++records;
      }
    }
    CHECK(records > 500);
    CHECK(strings > 500);
    // The fields mean what the reader's accessors say.
    const auto& paragraphs = dump["PARA"]["records"];
    REQUIRE(paragraphs.size() == file->paragraph_count());
    for (std::uint32_t i = 0; i < file->paragraph_count(); ++i) {
      const talebook::tbook::Paragraph p = file->paragraph(i);
      CHECK(paragraphs[i]["number"] == p.number);
      CHECK(paragraphs[i]["strings"]["prose"] == p.prose);
      CHECK(paragraphs[i]["section_count"] == p.sections.count);
    }
  }
}

TEST_CASE("talec dump --records --section prints one section, a bad tag is a usage error",
          "[dump][schema][cli]") {
  test::TempDir dir("records");
  const std::string path = (dir / "book.tbook").string();
  test::write_file(path, built("/book"));
  test::Run run = test::talec({"dump", path, "--records", "--section", "CARD"});
  REQUIRE(run.exit == 0);
  const nlohmann::ordered_json j = nlohmann::ordered_json::parse(run.out);
  REQUIRE(j.size() == 1);
  REQUIRE(j.contains("CARD"));
  CHECK(j["CARD"]["name"] == "cards");
  REQUIRE(!j["CARD"]["records"].empty());
  // In the record's order (records.def), not sorted.
  std::vector<std::string> keys;
  for (const auto& [key, value] : j["CARD"]["records"][0].items())
    keys.push_back(key);
  CHECK(keys == std::vector<std::string>{"kind", "matrix", "count", "name", "first", "flags",
                                         "quest", "quest_being", "strings"});
  test::Run bad = test::talec({"dump", path, "--records", "--section", "NOPE"});
  CHECK(bad.exit == 2);
  CHECK(bad.err.find("no record section 'NOPE'") != std::string::npos);
  CHECK(test::talec({"dump", path, "--section", "CARD"}).exit == 2);
  CHECK(test::talec({"dump", path, "--records", "--paragraph", "1"}).exit == 2);
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
