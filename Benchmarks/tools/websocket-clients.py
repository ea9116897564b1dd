"""Many WebSocket clients at once, and the echo server they are compared against, for Benchmarks/websocket.sh.
Needs the `websockets` package (asyncio); the clients offer no compression, so that both servers frame the same bytes.

    websocket-clients.py hold N URL           opens N WebSockets, sends one message on each and reads its answer;
                                              prints "held N" once all are open, then holds them until a line
                                              arrives on stdin (or SIGTERM), closes them all and prints "closed"
    websocket-clients.py echo C SECONDS URL   C WebSockets, each sending 64-byte text messages and reading their
                                              echoes, WINDOW (1) in flight on each, for SECONDS once all are open;
                                              prints "MESSAGES SECONDS": the echoes received in that time
    websocket-clients.py serve PORT           a `websockets` echo server on 127.0.0.1:PORT (each message sent back
                                              as it came), until SIGTERM
"""
import asyncio
import os
import resource
import signal
import sys
import time

import websockets

MESSAGE = "x" * 64
# Framing only: no permessage-deflate, no keep-alive pings, no limit on a message's size.
OPTIONS = {"compression": None, "ping_interval": None, "max_size": None}


def raise_open_files_limit():
    """Lifts the soft limit on open descriptors to the hard one: each WebSocket is a descriptor."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


async def until_line_or_term():
    """Returns when a line (or end of file) arrives on stdin, or when SIGTERM does."""
    loop = asyncio.get_running_loop()
    stopped = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopped.set)
    line = asyncio.ensure_future(loop.run_in_executor(None, sys.stdin.readline))
    await asyncio.wait([line, asyncio.ensure_future(stopped.wait())], return_when=asyncio.FIRST_COMPLETED)


async def open_one(url, gate):
    async with gate:
        socket = await websockets.connect(url, open_timeout=60, **OPTIONS)
        await socket.send(MESSAGE)
        await socket.recv()
        return socket


async def hold(count, url):
    raise_open_files_limit()
    gate = asyncio.Semaphore(500)
    sockets = await asyncio.gather(*(open_one(url, gate) for _ in range(count)))
    print(f"held {len(sockets)}", flush=True)
    await until_line_or_term()
    await asyncio.gather(*(socket.close() for socket in sockets), return_exceptions=True)
    print("closed", flush=True)
    os._exit(0)  # the stdin reader's thread may still be waiting for a line


async def echo_on_one(url, window, opened, start, deadline):
    async with websockets.connect(url, open_timeout=60, **OPTIONS) as socket:
        opened.release()
        await start.wait()
        for _ in range(window):
            await socket.send(MESSAGE)
        received = 0
        while True:
            await socket.recv()
            if time.monotonic() >= deadline[0]:
                return received
            received += 1
            await socket.send(MESSAGE)


async def echo(count, seconds, url):
    raise_open_files_limit()
    window = int(os.environ.get("WINDOW", "1"))
    opened = asyncio.Semaphore(0)
    start = asyncio.Event()
    deadline = [0.0]
    clients = [asyncio.ensure_future(echo_on_one(url, window, opened, start, deadline)) for _ in range(count)]
    for _ in range(count):
        await opened.acquire()
    started = time.monotonic()
    deadline[0] = started + seconds
    start.set()
    received = await asyncio.gather(*clients)
    print(sum(received), seconds, flush=True)


async def echo_back(socket):
    async for message in socket:
        await socket.send(message)


async def serve(port):
    raise_open_files_limit()
    stopped = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopped.set)
    async with websockets.serve(echo_back, "127.0.0.1", port, **OPTIONS):
        await stopped.wait()


def main():
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "hold":
        asyncio.run(hold(int(arguments[0]), arguments[1]))
    elif command == "echo":
        asyncio.run(echo(int(arguments[0]), float(arguments[1]), arguments[2]))
    elif command == "serve":
        asyncio.run(serve(int(arguments[0])))
    else:
        sys.exit(f"unknown command {command}; see the docstring at the top of {sys.argv[0]}")


if __name__ == "__main__":
    main()
