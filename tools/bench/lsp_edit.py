#!/usr/bin/env python3
"""Time the language server's re-diagnosis after one keystroke; print the figure.

lsp_edit.py [--talec PATH] [--edits N] [--paragraphs N] [--book DIR]

Starts `talec lsp` on stdin and stdout (as an editor does: docs/editor.md), opens
one file of the book (a synthetic book of --paragraphs paragraphs written by
gen_book.py into a temporary folder, or --book DIR), then sends N edits, each one
`didChange` that adds one character to a line of prose. Each edit is timed from
the `didChange` written to the answer to a `hover` request sent just after it: the
server handles its messages in order, so by then it has compiled the book again
and written every `publishDiagnostics`. Prints the median wall time of the edits
and the server's CPU time (user + system, from /proc) per edit, and for comparison
the CPU time of one `talec check` of the same book. A benchmark prints; it never fails.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_message(stream):
    length = None
    while True:
        line = stream.readline()
        if not line:
            raise EOFError("the server closed its output")
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length))


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    def __init__(self, talec):
        self.proc = subprocess.Popen([talec, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1

    def send(self, message):
        self.proc.stdin.write(frame(message))
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            m = read_message(self.proc.stdout)
            if m.get("id") == rid:
                return m

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=60)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--talec", default=os.path.join(ROOT, "build", "tools", "talec"))
    ap.add_argument("--edits", type=int, default=3)
    ap.add_argument("--paragraphs", type=int, default=100000)
    ap.add_argument("--book", help="a book folder (else a synthetic one)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        book = args.book
        if not book:
            book = os.path.join(tmp, "book")
            subprocess.run([sys.executable, os.path.join(HERE, "gen_book.py"),
                            str(args.paragraphs), book], check=True, stdout=subprocess.DEVNULL)
        book = os.path.abspath(book)
        files = sorted(f for f in os.listdir(book) if f.endswith(".tales"))
        path = os.path.join(book, files[0])
        with open(path, encoding="utf-8") as f:
            text = f.read()
        uri = "file://" + path
        lines = text.split("\n")
        line = next(i for i, l in enumerate(lines) if l and not l.startswith(("@", "%")))

        start = time.perf_counter()
        check = subprocess.run(["bash", "-c", 'TIMEFORMAT="%U %S"; time "$0" check "$1" '
                                '>/dev/null 2>&1', args.talec, book],
                               stderr=subprocess.PIPE, text=True)
        check_cpu = sum(float(x) for x in check.stderr.split()[-2:])
        check_wall = time.perf_counter() - start

        server = Server(args.talec)
        server.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
        server.notify("initialized", {})
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "tales", "version": 1, "text": text}})
        hover = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 1}}
        server.request("textDocument/hover", hover)  # the first compilation
        walls, cpus = [], []
        for k in range(args.edits):
            lines[line] += "x"
            cpu = cpu_seconds(server.proc.pid)
            t = time.perf_counter()
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": k + 2},
                "contentChanges": [{"text": "\n".join(lines)}]})
            server.request("textDocument/hover", hover)
            walls.append(time.perf_counter() - t)
            cpus.append(cpu_seconds(server.proc.pid) - cpu)
        server.close()
    print("book: %s (%d files)" % (args.book or "gen_book.py %d" % args.paragraphs, len(files)))
    print("talec check: %.2f s CPU (%.2f s wall)" % (check_cpu, check_wall))
    print("one keystroke's re-diagnosis (didChange to the last publishDiagnostics), median of %d:"
          % args.edits)
    print("  %.2f s wall, %.2f s server CPU (%.1fx the check's CPU)"
          % (statistics.median(walls), statistics.median(cpus),
             statistics.median(cpus) / check_cpu if check_cpu else 0))


if __name__ == "__main__":
    main()
