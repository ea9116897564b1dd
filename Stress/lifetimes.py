#!/usr/bin/env python3
"""Drives a running `standin serve` through the paths where libevent holds pointers to the server's objects, all at
once, for a while: dashboard event streams that open, stall until the server drops them, read again, or hang up
mid-stream (some with a reset); large 404 requests that make near-miss matching work and fill the streams with
large events; delayed and faulted requests whose clients hang up before, during or after the answer; uploads read
slowly whose clients leave mid-body; bursts of large 404s on many connections at once, which can overflow a stream's
queue before its loop writes it out. Prints what each kind of client did, then checks the server still answers.

Usage: lifetimes.py PORT SECONDS   (Stress/lifetimes.sh starts the server, under a sanitizer if asked, and calls this)
Exits 1 when the server stopped answering.
"""
import random
import socket
import struct
import sys
import threading
import time

PORT, SECONDS = int(sys.argv[1]), float(sys.argv[2])
deadline = time.monotonic() + SECONDS
counts = {}
counts_lock = threading.Lock()


def count(name):
    with counts_lock:
        counts[name] = counts.get(name, 0) + 1


def connect(receive_buffer=None, timeout=5.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer:
        # Before connecting, so the window the server sees is small and a stalled reader fills it fast.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    s.settimeout(timeout)
    s.connect(("127.0.0.1", PORT))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def hang_up(s, reset):
    if reset:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def read_until_closed(s, seconds):
    """Reads as fast as possible until the server closes or `seconds` pass; returns the bytes read."""
    data = bytearray()
    end = time.monotonic() + seconds
    s.settimeout(0.5)
    while time.monotonic() < end:
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            break
        if not chunk:
            break
        data += chunk
    return bytes(data)


def stream_client():
    """One dashboard stream: reads a little, then stalls, drains, or hangs up, at random moments."""
    while time.monotonic() < deadline:
        try:
            s = connect(receive_buffer=random.choice([4096, 16384, None]), timeout=15)
            s.sendall(b"GET /__standin/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            head = s.recv(4096)
            if not head.startswith(b"HTTP/1.1 200"):
                count("stream refused")
                s.close()
                time.sleep(0.05)
                continue
            mode = random.random()
            if mode < 0.3:
                # Read as fast as possible: a burst can still overflow the stream's queue before its loop writes,
                # and then the dropped stream's last bytes leave at once.
                rest = read_until_closed(s, random.uniform(0.5, 5.0))
                count("stream dropped while reading" if b"event: dropped" in rest else "stream read")
                hang_up(s, reset=random.random() < 0.5)
            elif mode < 0.5:
                # Stall until the server drops the stream, then read what is left as fast as possible: its last
                # bytes go out and the connection closes while the stream may still have writes queued.
                time.sleep(random.uniform(0.2, 2.0))
                rest = read_until_closed(s, 10)
                count("stream dropped" if b"event: dropped" in rest else "stream drained")
                s.close()
            elif mode < 0.85:
                read_until_closed(s, random.uniform(0.0, 1.0))
                hang_up(s, reset=random.random() < 0.5)
                count("stream hung up")
            else:
                time.sleep(random.uniform(0.0, 0.5))
                hang_up(s, reset=random.random() < 0.5)
                count("stream hung up stalled")
        except OSError as error:
            count("stream error: %s" % type(error).__name__)
            time.sleep(0.05)


def near_miss_load():
    """Keep-alive 404s with long paths: each is near-miss matched and makes a large event for every stream."""
    while time.monotonic() < deadline:
        try:
            s = connect()
            for _ in range(random.randint(1, 50)):
                # Most of the bytes in the query: the event carries it whole, near-miss matching looks at the path.
                path = "/users/42/%s/%d?q=%s" % (
                    "p" * random.randint(10, 2000), random.randint(0, 1 << 30), "q" * random.randint(0, 6000)
                )
                s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path).encode())
                reply = s.recv(65536)
                if not reply:
                    break
                count("near-miss 404")
            hang_up(s, reset=random.random() < 0.2)
        except OSError as error:
            count("load error: %s" % type(error).__name__)
            time.sleep(0.05)


def burst():
    """Many keep-alive connections that each send a large 404 at the same moment, so that a loop handles a burst of
    them in one turn: their events can overflow a stream's queue before the loop writes it out."""
    connections = []
    while time.monotonic() < deadline:
        try:
            while len(connections) < 40:
                connections.append(connect())
            query = "b" * 8000
            for s in connections:
                target = "/users/42/%d?q=%s" % (random.randint(0, 1 << 30), query)
                s.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % target).encode())
            for s in connections:
                if not s.recv(65536):
                    raise OSError("closed")
            count("burst of %d" % len(connections))
        except OSError as error:
            count("burst error: %s" % type(error).__name__)
            time.sleep(0.05)
            for s in connections:
                s.close()
            connections = []


FAULTS = ["connection-reset", "empty-response", "malformed-body", "timeout", "slow-body", None]


def deferred_client():
    """Delayed or faulted requests; the client hangs up before, during or after the answer."""
    while time.monotonic() < deadline:
        try:
            s = connect()
            fault = random.choice(FAULTS)
            headers = "X-StandIn-Delay: %dms\r\n" % random.choice([0, 5, 50, 300, 1200])
            if fault:
                headers += "X-StandIn-Fault: %s\r\n" % fault
            s.sendall(("GET /users/42 HTTP/1.1\r\nHost: 127.0.0.1\r\n%s\r\n" % headers).encode())
            wait = random.choice([0.0, 0.01, 0.1, 0.5, 1.5])
            if wait:
                time.sleep(wait)
                if random.random() < 0.5:
                    s.settimeout(0.2)
                    try:
                        s.recv(100)
                    except OSError:
                        pass
            hang_up(s, reset=random.random() < 0.5)
            count("deferred %s" % (fault or "delay"))
        except OSError as error:
            count("deferred error: %s" % type(error).__name__)
            time.sleep(0.05)


def slow_upload():
    """An upload the server reads slowly; the client leaves mid-body."""
    while time.monotonic() < deadline:
        try:
            s = connect()
            s.sendall(
                b"POST /users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-StandIn-Read-Rate: 2KB/s\r\n"
                b"Content-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\n"
            )
            s.sendall(b"x" * random.randint(0, 20000))
            time.sleep(random.uniform(0.0, 0.6))
            hang_up(s, reset=random.random() < 0.5)
            count("slow upload left")
        except OSError as error:
            count("upload error: %s" % type(error).__name__)
            time.sleep(0.05)


def alive():
    try:
        s = connect(timeout=10)
        s.sendall(b"GET /__standin/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        reply = s.recv(4096)
        s.close()
        return reply.startswith(b"HTTP/1.1 200")
    except OSError:
        return False


workers = (
    [stream_client] * 6 + [near_miss_load] * 2 + [burst] * 2 + [deferred_client] * 4 + [slow_upload] * 2
)
threads = [threading.Thread(target=worker, daemon=True) for worker in workers]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join(SECONDS + 30)
for name in sorted(counts):
    print("%8d  %s" % (counts[name], name))
if not alive():
    print("FAIL: the server no longer answers")
    sys.exit(1)
print("ok: the server still answers")
