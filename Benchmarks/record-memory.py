#!/usr/bin/env python3
"""Peak resident memory of `standin record` while it proxies and records large answers at once: COUNT clients (8)
ask, all together, for a different SIZE_MB answer (60 MB) each, which a plain Python backend sends with a
Content-Length (CHUNKED=1: in chunks of 1 MB, without one). Prints each client's status, what reached the files, and the recorder's peak resident memory
(VmHWM), with its resident memory before the load.

Usage: Benchmarks/record-memory.py [STANDIN] (default .build/debug/standin), from the repository's root.
Environment (optional): COUNT=8, SIZE_MB=60, CHUNKED=1, TYPE=text/plain (the answers' Content-Type),
EXTRA="--max-in-flight-bytes 134217728" (more record flags)."""
import http.server
import os
import re
import shlex
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/standin"
count = int(os.environ.get("COUNT", "8"))
size = int(os.environ.get("SIZE_MB", "60")) * 1000 * 1000
chunked = os.environ.get("CHUNKED") == "1"
body = (b"0123456789abcdef" * (size // 16 + 1))[:size]


class Backend(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", os.environ.get("TYPE", "application/octet-stream"))
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        view = memoryview(body)
        try:
            for start in range(0, len(view), 1 << 20):
                piece = view[start:start + (1 << 20)]
                if chunked:
                    self.wfile.write(b"%x\r\n" % len(piece) + bytes(piece) + b"\r\n")
                else:
                    self.wfile.write(piece)
            if chunked:
                self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the recorder refused the answer and closed the connection

    def log_message(self, *args):
        pass


backend = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Backend)
threading.Thread(target=backend.serve_forever, daemon=True).start()
mocks = tempfile.mkdtemp()
command = [binary, "record", "--upstream", f"http://127.0.0.1:{backend.server_address[1]}", "--mocks", mocks,
           "--port", "0", "--quiet", "--upstream-timeout", "120s"] + shlex.split(os.environ.get("EXTRA", ""))
recorder = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def memory_mb(field):
    for line in open(f"/proc/{recorder.pid}/status"):
        if line.startswith(field):
            return int(line.split()[1]) // 1024


results = []


def fetch(index):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/big/{index}", timeout=300) as response:
            results.append((response.status, len(response.read())))
    except urllib.error.HTTPError as error:
        results.append((error.code, len(error.read())))
    except Exception as error:  # a connection the recorder dropped
        results.append((type(error).__name__, 0))


try:
    port = next(int(m.group(1)) for line in recorder.stdout if (m := re.search(r"on http://127\.0\.0\.1:(\d+)", line)))
    time.sleep(0.5)
    print(f"resident MB before: {memory_mb('VmRSS')}")
    started = time.monotonic()
    clients = [threading.Thread(target=fetch, args=(index,)) for index in range(count)]
    for client in clients:
        client.start()
    for client in clients:
        client.join()
    elapsed = time.monotonic() - started
    statuses = {}
    for status, length in results:
        key = f"{status} ({length} bytes)"
        statuses[key] = statuses.get(key, 0) + 1
    written = sum(len(files) for _, _, files in os.walk(mocks))
    print(f"{count} concurrent {size // 1000 // 1000} MB answers in {elapsed:.1f} s: {statuses}; files written: {written}")
    print(f"peak resident MB: {memory_mb('VmHWM')} (resident now: {memory_mb('VmRSS')})")
finally:
    recorder.terminate()
    recorder.wait()
    backend.shutdown()
    subprocess.run(["rm", "-rf", mocks])
