#!/usr/bin/env python3
"""How long `standin record` takes to search a 1 MiB answer for the secrets it remembers, when a backend has taught
it 1,000 secrets that share a prefix, and how long another recording waits meanwhile.

The backend answers GET /teach with {"token": [1,000 values "abab…ab0000" … "abab…ab0999"]} (values under a
secret-named member are secrets the recorder remembers for the run), GET /big with 1 MiB of "abab…" as text, and
GET /small with a short text. The script teaches, then asks for /big and, 0.2 s later, for /small; it prints the
time of each through the recorder.

Usage: Benchmarks/record-secret-scan.py [STANDIN] (default .build/debug/standin), from the repository's root."""
import http.server
import json
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/standin"
prefix = "ab" * 8
answers = {
    "/teach": ("application/json", json.dumps({"token": [f"{prefix}{i:04d}" for i in range(1000)]}).encode()),
    "/big": ("text/plain", b"ab" * (1 << 19)),
    "/small": ("text/plain", b"small"),
}


class Backend(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        content_type, body = answers[self.path]
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


backend = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Backend)
threading.Thread(target=backend.serve_forever, daemon=True).start()
mocks = tempfile.mkdtemp()
recorder = subprocess.Popen(
    [binary, "record", "--upstream", f"http://127.0.0.1:{backend.server_address[1]}", "--mocks", mocks,
     "--port", "0", "--quiet", "--upstream-timeout", "600s"],
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
)
times = {}


def timed(path):
    started = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=900) as response:
        length = len(response.read())
    times[path] = (time.monotonic() - started, response.status, length)


try:
    port = next(int(m.group(1)) for line in recorder.stdout if (m := re.search(r"on http://127\.0\.0\.1:(\d+)", line)))
    timed("/teach")
    big = threading.Thread(target=timed, args=("/big",))
    big.start()
    time.sleep(0.2)
    timed("/small")
    big.join()
    for path in ["/teach", "/big", "/small"]:
        seconds, status, length = times[path]
        print(f"GET {path}: {status}, {length} bytes, {seconds:.3f} s")
finally:
    recorder.terminate()
    recorder.wait()
    backend.shutdown()
    subprocess.run(["rm", "-rf", mocks])
