"""Keep-alive HTTPS clients, direct or through an HTTP proxy's CONNECT, for Benchmarks/proxy.sh.

    proxy-client.py --target HOST:PORT --name NAME --cafile PEM --path PATH
                    [--proxy HOST:PORT] [--connections N] [--seconds S]

opens N TLS connections to HOST:PORT (through a CONNECT to HOST:PORT when --proxy is given), with NAME sent by SNI
and checked against the certificate (trusted through PEM), then sends GET PATH on each, one request in flight per
connection, each answer read to its end (Content-Length) before the next request, for S seconds. It prints
"RESPONSES BODY_BYTES SECONDS CPU_SECONDS": the answers read whole, the body bytes read (the last partial ones
included), the seconds measured (from the first request to the end, the connections' set-up not included) and the
client's own CPU time in them (near SECONDS: the client is what bounds the rate). Every answer must be 200.

One thread and one selector for every connection, so that the client costs the same for whatever it talks to: the
figures of two servers compare the servers, not two clients.
"""
import argparse
import select
import selectors
import socket
import ssl
import sys
import time


def address(text):
    host, _, port = text.rpartition(":")
    return host, int(port)


def open_connection(args, context):
    """A TLS connection to the target, through the proxy's CONNECT if there is one, handshake done."""
    sock = socket.create_connection(args.proxy or args.target)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if args.proxy:
        authority = "%s:%d" % args.target
        sock.sendall(f"CONNECT {authority} HTTP/1.1\r\nHost: {authority}\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                sys.exit(f"the proxy closed the connection after CONNECT {authority}: {head!r}")
            head += chunk
        status = head.split(b"\r\n", 1)[0]
        if status.split()[1:2] != [b"200"]:
            sys.exit(f"CONNECT {authority} was answered {status.decode(errors='replace')}")
        if not head.endswith(b"\r\n\r\n"):
            sys.exit("the proxy sent bytes after its answer to CONNECT")
    tls = context.wrap_socket(sock, server_hostname=args.name)
    tls.setblocking(False)
    return tls


class Connection:
    """One connection's request in flight: its head as read so far, then the body bytes still to come."""

    def __init__(self, tls, request):
        self.tls = tls
        self.request = request
        self.head = bytearray()
        self.remaining = -1  # -1 while the head is read

    def send(self):
        view = memoryview(self.request)
        while view:
            try:
                view = view[self.tls.send(view):]
            except ssl.SSLWantWriteError:
                select.select([], [self.tls], [], 1)

    def received(self, data):
        """Takes bytes read (a memoryview of the read buffer); returns (answers finished, body bytes)."""
        finished = body = 0
        while data:
            if self.remaining < 0:
                self.head += data
                end = self.head.find(b"\r\n\r\n")
                if end < 0:
                    return finished, body
                head = bytes(self.head[:end]).lower()
                if not head.startswith(b"http/1.") or head[9:13] != b"200 ":
                    sys.exit(f"an answer was not 200: {bytes(self.head[:end]).decode(errors='replace')}")
                start = head.find(b"\r\ncontent-length:")
                if start < 0:
                    sys.exit("an answer has no Content-Length")
                line_end = head.find(b"\r\n", start + 2)
                self.remaining = int(head[start + 17 : line_end if line_end >= 0 else len(head)])
                data = bytes(self.head[end + 4 :])
                self.head.clear()
            take = min(len(data), self.remaining)
            self.remaining -= take
            body += take
            data = data[take:]
            if self.remaining == 0:
                self.remaining = -1
                finished += 1
                if data:
                    sys.exit("the server sent bytes no request asked for")
                self.send()
        return finished, body


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", type=address, required=True)
    parser.add_argument("--proxy", type=address)
    parser.add_argument("--name", required=True)
    parser.add_argument("--cafile", required=True)
    parser.add_argument("--path", required=True)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()

    context = ssl.create_default_context(cafile=args.cafile)
    request = f"GET {args.path} HTTP/1.1\r\nHost: {args.name}\r\nAccept: */*\r\n\r\n".encode()
    selector = selectors.DefaultSelector()
    connections = [Connection(open_connection(args, context), request) for _ in range(args.connections)]
    for connection in connections:
        selector.register(connection.tls, selectors.EVENT_READ, connection)

    responses = body_bytes = 0
    buffer = bytearray(262144)
    view = memoryview(buffer)
    started = time.monotonic()
    cpu_started = time.process_time()
    deadline = started + args.seconds
    for connection in connections:
        connection.send()
    while (now := time.monotonic()) < deadline:
        for key, _ in selector.select(deadline - now):
            connection = key.data
            while True:  # TLS may hold decrypted bytes the selector cannot see: read until it wants more
                try:
                    count = connection.tls.recv_into(buffer)
                except ssl.SSLWantReadError:
                    break
                if count == 0:
                    sys.exit("the server closed a connection")
                finished, body = connection.received(view[:count])
                responses += finished
                body_bytes += body
    seconds = time.monotonic() - started
    cpu_seconds = time.process_time() - cpu_started
    for connection in connections:
        connection.tls.close()
    print(responses, body_bytes, round(seconds, 3), round(cpu_seconds, 3), flush=True)


if __name__ == "__main__":
    main()
