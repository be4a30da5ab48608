#include "compiler/lsp/inbox.hpp"

#include <istream>

#include <nlohmann/json.hpp>

#include "compiler/lsp/server.hpp"

namespace talebook::lsp {

namespace {

// Whether a message body is the `exit` notification (after which nothing is read).
bool is_exit(const std::string& body) {
  if (body.size() > 4096 || body.find("\"exit\"") == std::string::npos) return false;
  nlohmann::json message = nlohmann::json::parse(body, nullptr, false);
  return message.is_object() && message.value("method", nlohmann::json()) == "exit";
}

} // namespace

void Inbox::read_from(std::istream& in) {
  reader_ = std::thread([this, &in] {
    std::string body, error;
    // Each message's first byte is waited for apart: from then on the message
    // is on its way, and the server waits for it before it checks (empty()).
    while (in.peek() != std::char_traits<char>::eof()) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        reading_ = true;
      }
      if (!read_message(in, body, error)) break;
      if (!error.empty()) {
        push({Item::BadFrame, error});
        error.clear();
        continue;
      }
      const bool exit = is_exit(body);
      push({Item::Message, std::move(body)});
      if (exit) return;
    }
    push({Item::End, {}});
  });
}

Inbox::~Inbox() {
  if (reader_.joinable()) reader_.join();
}

Inbox::Item Inbox::pop() {
  std::unique_lock<std::mutex> lock(mutex_);
  ready_.wait(lock, [this] { return !items_.empty(); });
  Item item = std::move(items_.front());
  items_.pop_front();
  return item;
}

bool Inbox::empty() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return items_.empty() && !reading_;
}

void Inbox::compiled() {
  push({Item::Compiled, {}});
}

void Inbox::push(Item item) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (item.kind != Item::Compiled) reading_ = false;
    items_.push_back(std::move(item));
  }
  ready_.notify_one();
}

} // namespace talebook::lsp
