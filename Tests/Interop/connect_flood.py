"""A client that sends a proxy COUNT CONNECTs, CONCURRENCY at a time, each broken or cut short one way or another:

    connect_flood.py PROXY_PORT INTERCEPTED_HOST PLAIN_PORT COUNT CONCURRENCY

Round robin over five kinds: an intercepted CONNECT whose TLS handshake never comes (hung up after the 200); one
that sends a TLS record header and garbage; a CONNECT passed to PLAIN_PORT that asks `GET /ping` through the tunnel
and reads the answer to its end; a CONNECT to a malformed authority (400); and a CONNECT hung up before any answer.
Standard library only. Prints {"200": N, "400": N, "pong": N, "errors": N}.
"""
import asyncio
import json
import sys


async def one(kind, proxy_port, host, plain_port, counts):
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", proxy_port)
        target = {2: f"127.0.0.1:{plain_port}", 3: "bad host:443"}.get(kind, f"{host}:443")
        writer.write(f"CONNECT {target} HTTP/1.1\r\nHost: {target}\r\n\r\n".encode())
        await writer.drain()
        if kind != 4:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            status = head.split(b" ", 2)[1].decode()
            counts[status] = counts.get(status, 0) + 1
            if kind == 1:
                writer.write(bytes([22, 3, 1, 0, 5, 1, 2, 3, 4, 5, 6, 7, 8]))
                await writer.drain()
                await asyncio.wait_for(reader.read(), 10)
            elif kind == 2:
                writer.write(b"GET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                await writer.drain()
                if (await asyncio.wait_for(reader.read(), 10)).endswith(b"pong"):
                    counts["pong"] = counts.get("pong", 0) + 1
        writer.close()
    except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError):
        counts["errors"] += 1


async def main():
    proxy_port, host, plain_port, count, concurrency = sys.argv[1:6]
    proxy_port, plain_port, count, concurrency = int(proxy_port), int(plain_port), int(count), int(concurrency)
    counts = {"errors": 0}
    gate = asyncio.Semaphore(concurrency)

    async def gated(index):
        async with gate:
            await one(index % 5, proxy_port, host, plain_port, counts)

    await asyncio.gather(*(gated(index) for index in range(count)))
    print(json.dumps(counts))


if __name__ == "__main__":
    asyncio.run(main())
