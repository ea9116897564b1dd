#!/usr/bin/env python3
"""Abuses a running `standin serve` and prints, after each attack, whether it is alive, how fast
/__standin/health answers, and its open file descriptors and RSS against the baseline.

Usage: abuse.py PORT PID READ_TIMEOUT_SECONDS [ACCESS_LOG]   (Stress/abuse.sh starts the server and calls this)
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
ACCESS_LOG = sys.argv[4] if len(sys.argv) > 4 else None  # the server's stdout, for the log-injection check
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


def check(name, outcome, expected, baseline, rss_margin_kb=RSS_MARGIN_KB):
    # Give the server a moment to close what the attack left behind.
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and fds() > baseline[0] + FD_MARGIN:
        time.sleep(0.1)
    is_alive = alive()
    latency = health_ms() if is_alive else None
    open_fds, rss = (fds(), rss_kb()) if is_alive else (0, 0)
    ok = (expected and is_alive and latency is not None and latency < 1000
          and open_fds <= baseline[0] + FD_MARGIN and rss <= baseline[1] + rss_margin_kb)
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


# --- Hostile input: durations, regular expressions, admin access from web pages, log injection ---------------------


def request(head, body=b""):
    s = connect(timeout=30)
    s.sendall(head.encode() + f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
    reply = read_all(s)
    s.close()
    return status_of(reply)


def huge_delays():
    statuses = set()
    for delay in ["10000000000s", "median=1us,p99=9000000000s", "1ms..99999999999m"]:
        statuses.add(request(f"GET /ping HTTP/1.1\r\nHost: x\r\nX-StandIn-Delay: {delay}\r\n"))
    fixture = b'{"request": {"path": "/abuse/slow"}, "response": {"delay": {"median": "1us", "p99": "9000000000s"}}}'
    admin = f"POST /__standin/fixtures HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nContent-Type: application/json\r\n"
    statuses.add(request(admin, fixture))
    return "replies: " + ",".join(sorted(statuses)), statuses == {"400"}


def held_delays():
    # 20 requests asking to be held for a day would lock a 20-connection server out; each is refused at once.
    started = time.monotonic()
    statuses = {request(f"GET /ping HTTP/1.1\r\nHost: x\r\nX-StandIn-Delay: {delay}\r\n")
                for delay in ["100000s"] * 10 + ["6m"] * 10}
    elapsed = time.monotonic() - started
    return f"replies: {','.join(sorted(statuses))} in {elapsed:.1f}s", statuses == {"400"} and elapsed < 10


def regex_patterns():
    admin = f"POST /__standin/fixtures HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nContent-Type: application/json\r\n"
    nested = request(admin, b'{"request": {"pathRegex": "^/abuse/pr/(a+)+$"}, "response": {}}')
    split = request(admin, b'{"request": {"pathRegex": "^/abuse/p/(.*)(.*)(.*)x$"}, "response": {}}')
    heavy = [socket.create_connection(("127.0.0.1", PORT), timeout=30) for _ in range(8)]
    for index, s in enumerate(heavy):
        path = "/abuse/p/" + "a" * 91 if index % 2 else "/abuse/pr/" + "a" * 30 + "b"
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    latency = health_ms()
    answers = {status_of(read_all(s)) for s in heavy}
    for s in heavy:
        s.close()
    reset = request(f"POST /__standin/reset HTTP/1.1\r\nHost: 127.0.0.1:{PORT}\r\nContent-Type: application/json\r\n")
    health = f"{latency:.1f}ms" if latency is not None else "NO ANSWER"
    outcome = f"(a+)+ {nested}, split {split}, health {health}, {','.join(sorted(answers))}"
    return outcome, (nested == "400" and split == "201" and latency is not None and latency < 1000
                     and answers == {"404"} and reset == "200")


def admin_from_web_pages():
    fixture = b'{"request": {"path": "/abuse/planted"}, "response": {"text": "planted"}}'
    local = f"127.0.0.1:{PORT}"
    statuses = [
        request(f"POST /__standin/fixtures HTTP/1.1\r\nHost: {local}\r\nContent-Type: text/plain\r\n", fixture),
        request(f"POST /__standin/fixtures HTTP/1.1\r\nHost: {local}\r\nContent-Type: application/json\r\n"
                "Origin: https://evil.example\r\n", fixture),
        request(f"GET /__standin/requests HTTP/1.1\r\nHost: evil.example:{PORT}\r\n"),
    ]
    planted = request("GET /abuse/planted HTTP/1.1\r\nHost: x\r\n")
    return f"replies: {','.join(statuses)}; planted {planted}", statuses == ["403"] * 3 and planted == "404"


def log_injection():
    if ACCESS_LOG is None:
        return "no access log given", True
    request("GET /abuse/x%0aGET%20/abuse/forged%20200%20ok.json HTTP/1.1\r\nHost: x\r\n")
    request("GET /abuse/y%1b%5b2J%00 HTTP/1.1\r\nHost: x\r\n")
    time.sleep(0.5)  # the access log is written every 100 ms
    with open(ACCESS_LOG, "rb") as log:
        text = log.read()
    forged = any(line.startswith(b"GET /abuse/forged") for line in text.split(b"\n"))
    raw = b"\x1b" in text or b"\x00" in text
    escaped = b"GET /abuse/x\\x0aGET /abuse/forged" in text
    return f"forged line {forged}, raw control bytes {raw}", escaped and not forged and not raw


hostile_attacks = [
    ("huge delays (header, fixture)", huge_delays),
    ("20 delays held past --max-hold", held_delays),
    ("(a+)+ and (.*)(.*)(.*) regexes", regex_patterns),
    ("admin API from a web page", admin_from_web_pages),
    ("%0a and %1b in the access log", log_injection),
]

# --- end of hostile input ----------------------------------------------------------------------------------------


# --- Memory, record edges and strict HTTP (issue 21, cases 4, 8, 9, 10) ------------------------------------------
# abuse.sh serves a copy of Mocks/ with a 100 MB file body at /__abuse/big and a redirect whose Location is
# {{query.next}} at /__abuse/redirect, and runs `standin record` against this server with an upstream path prefix
# (RECORD_PORT).

JOURNAL_BYTES_KB = 64 * 1024
# The admin API answers only a local Host.
ADMIN_HOST = f"127.0.0.1:{PORT}".encode()


def journal_bytes_and_paging():
    """Case 4: 10,000 requests with 64 KB bodies and 20 KB headers; the journal keeps at most 64 MiB, a page of
    1,000 entries streams, and a clear hands the memory back."""
    body = b"j" * 65536
    request = (b"POST /__abuse/journal HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"h" * 20480
               + b"\r\nContent-Length: 65536\r\n\r\n" + body)
    for _ in range(100):
        s = connect(timeout=30)
        s.sendall(request * 99 + request.replace(b"Host: x", b"Host: x\r\nConnection: close"))
        read_all(s, limit=1 << 26)
        s.close()
    full = rss_kb()
    started = time.monotonic()
    s = connect(timeout=60)
    s.sendall(b"GET /__standin/requests?limit=1000 HTTP/1.1\r\nHost: " + ADMIN_HOST + b"\r\nConnection: close\r\n\r\n")
    head, page_bytes, during_read = b"", 0, 0
    while chunk := s.recv(1 << 20):
        head, page_bytes = head or chunk[:1024], page_bytes + len(chunk)
        during_read = max(during_read, rss_kb())
    s.close()
    read_seconds = time.monotonic() - started
    s = connect()
    s.sendall(b"DELETE /__standin/requests HTTP/1.1\r\nHost: " + ADMIN_HOST + b"\r\nConnection: close\r\n\r\n")
    cleared_status = status_of(read_all(s))
    time.sleep(0.5)
    cleared = rss_kb()
    chunked = b"transfer-encoding: chunked" in head.lower()
    outcome = (f"RSS full {full // 1024} MB, {during_read // 1024} MB reading a {page_bytes >> 20} MB page "
               f"({read_seconds:.1f}s), {cleared // 1024} MB cleared")
    return outcome, (chunked and cleared_status == "200"
                     and full <= baseline[1] + JOURNAL_BYTES_KB + RSS_MARGIN_KB * 3)


def record_edges():
    """Case 8: a dot-segment path cannot leave the recorder's upstream prefix; a header template with CR/LF from the
    request is sent percent-encoded, not dropped."""
    record_port = int(os.environ.get("RECORD_PORT", "0"))
    escaped = []
    if record_port:
        for path in [b"/../../get", b"/%2e%2e/%2e%2e/get", b"/a/../../get"]:
            s = socket.create_connection(("127.0.0.1", record_port), timeout=5)
            s.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            escaped.append(status_of(read_all(s)))
    s = connect()
    s.sendall(b"GET /__abuse/redirect?next=%2Fhome%0D%0AX-Injected:%201 HTTP/1.1\r\nHost: x\r\n"
              b"Connection: close\r\n\r\n")
    reply = read_all(s)
    location_kept = b"\r\nLocation: /home%0D%0AX-Injected: 1\r\n" in reply and b"\r\nX-Injected" not in reply
    outcome = f"escapes {','.join(escaped) or 'not run'}, Location {'escaped' if location_kept else 'LOST'}"
    return outcome, all(status == "400" for status in escaped) and location_kept


def slow_readers():
    """Case 9: 10 clients ask for a 100 MB body and never read it."""
    before = rss_kb()
    held = [connect() for _ in range(10)]
    for s in held:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(b"GET /__abuse/big HTTP/1.1\r\nHost: x\r\n\r\n")
    time.sleep(3)
    during = rss_kb()
    for s in held:
        s.close()
    return f"RSS {before // 1024} -> {during // 1024} MB while held", during - before < 64 * 1024


def lenient_parsing():
    """Case 10: what libevent alone would accept is refused (chunk extensions without a space: libevent's 413)."""
    cases = [
        (b"POST /ping HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 40\r\n\r\nabc", "400"),
        (b"POST /ping HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc", "400"),
        (b"POST /ping HTTP/1.1\r\nHost: x\r\nContent-Length : 3\r\n\r\nabc", "400"),
        (b"GET /ping HTTP/1.1\r\nHost: x\r\nX-A: a\r\n folded\r\n\r\n", "400"),
        (b"GET /ping HTTP/1.1\r\nHost: x\r\nX-A: a\x00b\r\n\r\n", "400"),
        (b"GET /ping HTTP/1.9\r\nHost: x\r\n\r\n", "505"),
        (b"POST /ping HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;x=1\r\nabc\r\n0\r\n\r\n", "413"),
    ]
    answers = []
    for head, expected in cases:
        s = connect()
        s.sendall(head + b"GET /ping HTTP/1.1\r\nHost: x\r\n\r\n")
        reply = read_all(s)
        s.close()
        # Nothing after a refused head may be answered as a request of its own.
        answers.append(status_of(reply) == expected and reply.count(b"HTTP/1.") == 1)
    return f"{sum(answers)} of {len(cases)} refused as expected", all(answers)


memory_and_strictness_attacks = [
    ("4: journal, 10,000 x (64 KB + 20 KB)", journal_bytes_and_paging, RSS_MARGIN_KB * 2),
    ("8: record prefix, header CR/LF", record_edges, RSS_MARGIN_KB),
    ("9: 10 readers stalled on 100 MB", slow_readers, RSS_MARGIN_KB * 2),
    ("10: lenient parsing", lenient_parsing, RSS_MARGIN_KB),
]
# --- end of cases 4, 8, 9, 10 ---------------------------------------------------------------------------------------

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

attacks += hostile_attacks

baseline = (fds(), rss_kb())
print(f"baseline: {baseline[0]} fds, {baseline[1] // 1024} MB RSS, health {health_ms():.1f}ms")
for name, attack in attacks:
    try:
        outcome, expected = attack()
    except OSError as error:
        outcome, expected = f"client error: {error}", False
    check(name, outcome, expected, baseline)

for name, attack, rss_margin_kb in memory_and_strictness_attacks:
    try:
        outcome, expected = attack()
    except OSError as error:
        outcome, expected = f"client error: {error}", False
    check(name, outcome, expected, baseline, rss_margin_kb)

print("all checks passed" if not failures else f"FAILED: {', '.join(failures)}")
sys.exit(1 if failures else 0)
