#!/usr/bin/env python3
"""The side activity of Stress/soak.sh while wrk loads the server: admin calls every second, a fixture rewritten
every 10 s (each reload must serve the new version within 2 s), and record-mode traffic through a recorder. Samples
descriptors and RSS of both StandIn processes at the start and the end, and prints them.

Usage: soak.py SECONDS SERVE_PORT SERVE_PID RECORD_PORT RECORD_PID MOCKS_DIR
Exits 1 if a process died, an admin call or reload failed, or the recorder answered an unexpected 5xx.
"""
import http.client
import json
import os
import sys
import threading
import time

SECONDS, SERVE_PORT, SERVE_PID, RECORD_PORT, RECORD_PID = (int(value) for value in sys.argv[1:6])
MOCKS = sys.argv[6]
problems = []
stop = threading.Event()


def report(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def call(port, method, path, body=None, headers=None):
    headers = dict(headers or {})
    if path.startswith("/__standin/") and method in ("POST", "PUT"):
        headers.setdefault("Content-Type", "application/json")  # the admin API refuses other writes
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def sample(pid):
    rss = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) // 1024
    return len(os.listdir(f"/proc/{pid}/fd")), rss


def admin_calls():
    runtime_fixture = json.dumps({"request": {"path": "/soak/runtime"}, "response": {"text": "runtime"}})
    calls = 0
    while not stop.wait(1.0):
        try:
            checks = [
                call(SERVE_PORT, "GET", "/__standin/health")[0] == 200,
                call(SERVE_PORT, "GET", "/__standin/fixtures")[0] == 200,
                call(SERVE_PORT, "GET", "/__standin/requests?path=/soak/fail&method=POST")[0] == 200,
                call(SERVE_PORT, "PUT", "/__standin/variants", json.dumps({"GET /soak/static": None}))[0] == 200,
            ]
            status, body = call(SERVE_PORT, "POST", "/__standin/fixtures", runtime_fixture)
            checks.append(status == 201)
            if status == 201:
                fixture_id = json.loads(body)["id"]
                checks.append(call(SERVE_PORT, "DELETE", f"/__standin/fixtures/{fixture_id}")[0] == 200)
            calls += len(checks)
            if not all(checks):
                problems.append(f"an admin call failed: {checks}")
        except OSError as error:
            problems.append(f"admin call error: {error}")
    report(f"soak-admin: {calls} admin calls")


def reloads():
    count = 0
    path = os.path.join(MOCKS, "reloaded.json")
    while not stop.wait(10.0):
        count += 1
        fixture = {"request": {"path": "/soak/reloaded"}, "response": {"text": f"version {count}"}}
        temporary = path + ".tmp"
        with open(temporary, "w") as file:
            json.dump(fixture, file)
        os.replace(temporary, path)
        deadline = time.monotonic() + 2
        served = b""
        while time.monotonic() < deadline:
            try:
                served = call(SERVE_PORT, "GET", "/soak/reloaded")[1]
            except OSError:
                pass
            if served == f"version {count}".encode():
                break
            time.sleep(0.05)
        else:
            problems.append(f"reload {count} not served within 2 s (got {served[:40]!r})")
    report(f"soak-reload: {count} reloads, each served within 2 s")


def record_traffic():
    sent = unexpected = 0
    while not stop.is_set():
        for page in range(50):
            if stop.is_set():
                break
            try:
                status, _ = call(RECORD_PORT, "GET", f"/articles?page={page}")
                status2, _ = call(RECORD_PORT, "GET", "/user/info", headers={"Authorization": "Bearer soak-secret"})
                sent += 2
                unexpected += (status >= 500) + (status2 >= 500)
            except OSError as error:
                problems.append(f"record call error: {error}")
                return
    if unexpected:
        problems.append(f"{unexpected} unexpected 5xx from the recorder")
    report(f"soak-record: {sent} requests through the recorder, {unexpected} unexpected 5xx")


time.sleep(min(10, SECONDS / 10))  # let the load settle before the first sample
start = {"serve": sample(SERVE_PID), "record": sample(RECORD_PID)}
workers = [threading.Thread(target=target) for target in (admin_calls, reloads, record_traffic)]
for worker in workers:
    worker.start()
time.sleep(max(0, SECONDS - min(10, SECONDS / 10) - 2))
end = {}
for name, pid in (("serve", SERVE_PID), ("record", RECORD_PID)):
    try:
        end[name] = sample(pid)  # still under load, like the start sample
    except OSError:
        problems.append(f"{name} died")
stop.set()
for worker in workers:
    worker.join()
for name, (fds, rss) in end.items():
    report(f"soak-{name}: fds {start[name][0]} -> {fds}, RSS {start[name][1]} MB -> {rss} MB (start and end, under load)")
for problem in problems[:20]:
    report(f"problem: {problem}")
sys.exit(1 if problems else 0)
