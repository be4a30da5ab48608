// What reaches the language server, in order: the client's messages, read
// from the stream by a thread of their own (so that they queue up while the
// server works), and the ends of its background compiles.
#pragma once

#include <condition_variable>
#include <deque>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>

namespace talebook::lsp {

class Inbox {
public:
  struct Item {
    enum Kind { Message, BadFrame, End, Compiled } kind = End;
    std::string body; // Message: the body; BadFrame: why it could not be read (read_message)
  };
  // Starts reading framed messages from `in` (read_message) until its end,
  // or until a message that is an `exit` notification.
  void read_from(std::istream& in);
  ~Inbox(); // waits for the reading thread (it ends at `exit` or the end)
  // The next item, waiting for one.
  Item pop();
  // No item waits, and no message is being read (its first byte has come):
  // an editor has sent nothing more for now.
  bool empty() const;
  // A background compile has ended (from its thread).
  void compiled();

private:
  void push(Item item);
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Item> items_;
  bool reading_ = false; // a message's first byte has come, the message not yet
  std::thread reader_;
};

} // namespace talebook::lsp
