"""Many event-stream clients at once, for Benchmarks/event-streams.sh.

    stream-clients.py hold N PORT PATH    opens N streams (GET PATH) and reads each one's first event; prints
                                          "held N" once all are open, then holds them until a line arrives on
                                          stdin, closes them all and prints "closed"
    stream-clients.py read N PORT PATH    opens N streams at once and reads each to its end; prints
                                          "EVENTS SECONDS": the events all of them received, and how long it took
"""
import asyncio
import sys
import time

REQUEST = "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"


async def open_stream(port, path, gate):
    async with gate:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(REQUEST.format(path=path).encode())
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")  # the head
        await reader.readuntil(b"\n\n")  # the first event
        return reader, writer


async def hold(count, port, path):
    gate = asyncio.Semaphore(500)
    streams = await asyncio.gather(*(open_stream(port, path, gate) for _ in range(count)))
    print(f"held {len(streams)}", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    for _, writer in streams:
        writer.close()
    await asyncio.gather(*(writer.wait_closed() for _, writer in streams), return_exceptions=True)
    print("closed", flush=True)


async def read_to_end(port, path):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(REQUEST.format(path=path).encode())
    await writer.drain()
    received = b""
    while chunk := await reader.read(65536):
        received += chunk
    writer.close()
    return received.count(b"\ndata: ")


async def read(count, port, path):
    started = time.monotonic()
    counts = await asyncio.gather(*(read_to_end(port, path) for _ in range(count)))
    print(sum(counts), round(time.monotonic() - started, 3), flush=True)


def main():
    command, count, port, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    asyncio.run({"hold": hold, "read": read}[command](count, port, path))


if __name__ == "__main__":
    main()
