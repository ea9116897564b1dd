"""A real WebSocket backend for record mode's tests, on the `websockets` library (asyncio).

    websocket_server.py PORT

Speaks the subprotocol `chat.v1` when offered. On connect it sends {"type": "welcome", "token": "sk-live-123"}; it
answers a JSON message with {"echo": <message>}, a text with "echo: <text>", a binary message with its bytes
reversed; and "bye" with a close 1000 "see you".
"""
import asyncio
import json
import sys

import websockets


async def converse(socket):
    await socket.send(json.dumps({"type": "welcome", "token": "sk-live-123"}))
    async for message in socket:
        if isinstance(message, bytes):
            await socket.send(message[::-1])
        elif message == "bye":
            await socket.close(1000, "see you")
        else:
            try:
                await socket.send(json.dumps({"echo": json.loads(message)}, separators=(",", ":")))
            except ValueError:
                await socket.send("echo: " + message)


async def main(port):
    async with websockets.serve(converse, "127.0.0.1", port, subprotocols=["chat.v1"]):
        await asyncio.Future()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
