#!/usr/bin/env python3
"""What hostile writes to a resource cost: resident memory after 40 POSTs of a 1 MiB body of zeros to the sample's
/todos, and the time of a merge patch that adds 90,000 keys to an item of 90,000 keys.

Usage: Benchmarks/resource-bounds.py [STANDIN] (default .build/debug/standin), from the repository's root."""
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/standin"
server = subprocess.Popen(
    [binary, "serve", "--mocks", "Mocks", "--port", "0", "--quiet", "--no-watch", "--threads", "1"],
    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
)


def resident_mb():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) // 1024


def call(method, path, body=None):
    headers = {"Content-Type": "application/json"} if body else {}
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


try:
    port = next(int(m.group(1)) for line in server.stdout if (m := re.search(r"127\.0\.0\.1:(\d+)", line)))
    time.sleep(0.5)
    print("resident MB at start:", resident_mb())
    zeros = ('{"zeros":[' + ",".join(["0"] * 500_000) + "]}").encode()
    statuses = [call("POST", "/todos", zeros)[0] for _ in range(40)]
    counts = {status: statuses.count(status) for status in sorted(set(statuses))}
    print(f"40 POSTs of {len(zeros)} bytes: {counts}; resident MB: {resident_mb()}")
    call("POST", "/__standin/reset")
    keys = 90_000
    first = ("{" + ",".join(f'"a{i}":0' for i in range(keys)) + "}").encode()
    second = ("{" + ",".join(f'"b{i}":0' for i in range(keys)) + "}").encode()
    item = json.loads(call("POST", "/todos", first)[1])["data"]["id"]
    started = time.monotonic()
    status, _ = call("PATCH", f"/todos/{item}", second)
    print(f"PATCH adding {keys} keys: {status} after {time.monotonic() - started:.2f} s")
finally:
    server.terminate()
    server.wait()
