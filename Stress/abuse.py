#!/usr/bin/env python3
"""Abuses a running `standin serve` and prints, after each attack, whether it is alive, how fast
/__standin/health answers, and its open file descriptors and RSS against the baseline.

Usage: abuse.py PORT PID READ_TIMEOUT_SECONDS   (Stress/abuse.sh starts the server and calls this)
A check fails when the attack did not get the expected answer (400 or a close for garbage, 431, 404 for the long
line, 413, health < 1 s while 1,000 connections are held, the slowloris cut off, all 100 pipelined answers), the
server died, health took 1 s or more, or descriptors or RSS stayed above the baseline's margin. Exits 1 if any did.
"""
import os
import random
import socket
import sys
import time

PORT, PID, READ_TIMEOUT = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
FD_MARGIN = 4            # descriptors: the loop's own come and go (timers, wake-ups)
RSS_MARGIN_KB = 16 * 1024
failures = []


def connect(timeout=5.0):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_all(s, limit=1 << 20):
    data = b""
    try:
        while len(data) < limit:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    return data


def status_of(reply):
    return reply[9:12].decode(errors="replace") if reply.startswith(b"HTTP/1.") else "closed"


def health_ms():
    started = time.monotonic()
    try:
        s = connect(timeout=1.0)
        s.sendall(b"GET /__standin/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        reply = read_all(s)
        s.close()
    except OSError:
        return None
    elapsed = (time.monotonic() - started) * 1000
    return elapsed if reply.startswith(b"HTTP/1.1 200") else None


def fds():
    return len(os.listdir(f"/proc/{PID}/fd"))


def rss_kb():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def alive():
    try:
        os.kill(PID, 0)
        return True
    except OSError:
        return False


def check(name, outcome, expected, baseline):
    # Give the server a moment to close what the attack left behind.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and fds() > baseline[0] + FD_MARGIN:
        time.sleep(0.1)
    is_alive = alive()
    latency = health_ms() if is_alive else None
    open_fds, rss = (fds(), rss_kb()) if is_alive else (0, 0)
    ok = (expected and is_alive and latency is not None and latency < 1000
          and open_fds <= baseline[0] + FD_MARGIN and rss <= baseline[1] + RSS_MARGIN_KB)
    health = f"{latency:.1f}ms" if latency is not None else "NO ANSWER"
    print(f"{'ok  ' if ok else 'FAIL'} {name:<34} {outcome:<28} health {health:>9}  "
          f"fds {open_fds:>4} (base {baseline[0]})  rss {rss // 1024:>4} MB (base {baseline[1] // 1024})")
    if not ok:
        failures.append(name)


def random_bytes():
    statuses = set()
    for _ in range(20):
        s = connect()
        s.sendall(bytes(random.getrandbits(8) for _ in range(2048)))
        statuses.add(status_of(read_all(s)))
        s.close()
    return "replies: " + ",".join(sorted(statuses)), statuses <= {"400", "closed"}


def big_header():
    s = connect()
    s.sendall(b"GET /user/info HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 65536 + b"\r\n\r\n")
    status = status_of(read_all(s))
    return "status " + status, status == "431"


def long_request_line():
    s = connect()
    s.sendall(b"GET /" + b"a" * 20480 + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    status = status_of(read_all(s))
    return "status " + status, status == "404"


def huge_content_length():
    s = connect()
    s.sendall(b"POST /user/login HTTP/1.1\r\nHost: x\r\nContent-Length: 10737418240\r\n\r\n" + b"x" * 4096)
    s.settimeout(2)
    reply = read_all(s)
    s.close()
    return "status " + status_of(reply) + ", then hung up", status_of(reply) == "413"


def idle_connections():
    held = [connect() for _ in range(1000)]
    time.sleep(0.5)
    latency = health_ms()
    for s in held:
        s.close()
    if latency is None:
        return "health NO ANSWER while held", False
    return f"health while held {latency:.1f}ms", latency < 1000


def slowloris():
    s = connect(timeout=READ_TIMEOUT + 10)
    started = time.monotonic()
    s.sendall(b"GET /user/info HTTP/1.1\r\n")
    try:
        while time.monotonic() - started < READ_TIMEOUT + 8:
            time.sleep(0.5)
            s.sendall(b"X-Drip: 1\r\n")
        return "NOT cut off", False
    except OSError:
        return f"cut off after {time.monotonic() - started:.1f}s", True


def connect_close_cycles():
    started = time.monotonic()
    for _ in range(10000):
        s = socket.socket()
        s.connect(("127.0.0.1", PORT))
        s.close()
    return f"10,000 in {time.monotonic() - started:.1f}s", True


def pipelined():
    s = connect()
    s.sendall(b"GET /ping HTTP/1.1\r\nHost: x\r\n\r\n" * 99
              + b"GET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    reply = read_all(s, limit=1 << 24)
    answered = reply.count(b"HTTP/1.1 200")
    return f"{answered} of 100 answered 200", answered == 100


attacks = [
    ("2 KB of random bytes (x20)", random_bytes),
    ("a 64 KB header", big_header),
    ("a 20 KB request line", long_request_line),
    ("Content-Length: 10 GiB, hang up", huge_content_length),
    ("1,000 idle connections", idle_connections),
    (f"slowloris (read timeout {READ_TIMEOUT}s)", slowloris),
    ("10,000 connect/close cycles", connect_close_cycles),
    ("100 requests pipelined", pipelined),
]

baseline = (fds(), rss_kb())
print(f"baseline: {baseline[0]} fds, {baseline[1] // 1024} MB RSS, health {health_ms():.1f}ms")
for name, attack in attacks:
    try:
        outcome, expected = attack()
    except OSError as error:
        outcome, expected = f"client error: {error}", False
    check(name, outcome, expected, baseline)

print("all checks passed" if not failures else f"FAILED: {', '.join(failures)}")
sys.exit(1 if failures else 0)
