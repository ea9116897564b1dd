"""Real WebSocket clients against StandIn: the `websockets` library (asyncio) and `websocket-client` (blocking).

    websocket_clients.py LIBRARY URL STEPS [SUBPROTOCOL]

LIBRARY is `websockets` or `websocket-client`. STEPS is a JSON list run in order:
    {"send": "text"}          sends a text message
    {"sendBinary": "BASE64"}  sends a binary message
    {"recv": N}               receives N messages (5 s each at most)
    {"close": CODE}           starts the close handshake with CODE
    {"wait": "closed"}        waits until the server closes the connection
A `wss://` URL is verified against the CA file in the environment variable CA_FILE; with PROXY set
(`http://host:port`), the client goes through that HTTP proxy (a CONNECT tunnel, for `ws://` too).
Prints one JSON object: {"subprotocol", "received": [{"text": …} | {"base64": …}], "closeCode", "closeReason",
"error"}; a refused handshake prints {"status": N, "error": …}.
"""
import asyncio
import base64
import json
import os
import ssl
import sys


def message_json(message):
    if isinstance(message, str):
        return {"text": message}
    return {"base64": base64.b64encode(message).decode()}


async def run_websockets(url, steps, subprotocol):
    import websockets
    from websockets.exceptions import ConnectionClosed, InvalidStatus

    result = {"received": []}
    protocols = [subprotocol] if subprotocol else None
    tls = ssl.create_default_context(cafile=os.environ["CA_FILE"]) if url.startswith("wss:") else None
    try:
        proxy = {"proxy": os.environ["PROXY"]} if "PROXY" in os.environ else {}
        async with websockets.connect(
            url, subprotocols=protocols, open_timeout=5, max_size=None, ssl=tls, **proxy
        ) as socket:
            result["subprotocol"] = socket.subprotocol
            try:
                for step in steps:
                    if "send" in step:
                        await socket.send(step["send"])
                    elif "sendBinary" in step:
                        await socket.send(base64.b64decode(step["sendBinary"]))
                    elif "recv" in step:
                        for _ in range(step["recv"]):
                            result["received"].append(message_json(await asyncio.wait_for(socket.recv(), 5)))
                    elif "close" in step:
                        await socket.close(code=step["close"])
                    elif "wait" in step:
                        await asyncio.wait_for(socket.wait_closed(), 5)
            except ConnectionClosed:
                pass
        result["closeCode"] = socket.close_code
        result["closeReason"] = socket.close_reason
    except InvalidStatus as refusal:
        result = {"status": refusal.response.status_code, "error": "InvalidStatus"}
    except asyncio.TimeoutError:
        result["error"] = "timeout"
    return result


def run_websocket_client(url, steps, subprotocol):
    import websocket

    result = {"received": []}
    options = {"subprotocols": [subprotocol]} if subprotocol else {}
    if url.startswith("wss:"):
        options["sslopt"] = {"ca_certs": os.environ["CA_FILE"]}
    if "PROXY" in os.environ:
        host, port = os.environ["PROXY"].removeprefix("http://").rsplit(":", 1)
        options.update(http_proxy_host=host, http_proxy_port=int(port), proxy_type="http")
    try:
        socket = websocket.create_connection(url, timeout=5, **options)
    except websocket.WebSocketBadStatusException as refusal:
        return {"status": refusal.status_code, "error": "WebSocketBadStatusException"}
    result["subprotocol"] = socket.getsubprotocol()
    try:
        for step in steps:
            if "send" in step:
                socket.send(step["send"])
            elif "sendBinary" in step:
                socket.send_binary(base64.b64decode(step["sendBinary"]))
            elif "recv" in step:
                for _ in range(step["recv"]):
                    opcode, data = socket.recv_data()
                    if opcode == websocket.ABNF.OPCODE_CLOSE:
                        raise websocket.WebSocketConnectionClosedException(data)
                    result["received"].append(message_json(data.decode() if opcode == websocket.ABNF.OPCODE_TEXT else data))
            elif "close" in step:
                socket.close(status=step["close"])
            elif "wait" in step:
                frame = socket.recv_frame()
                while frame.opcode != websocket.ABNF.OPCODE_CLOSE:
                    frame = socket.recv_frame()
                result["closeCode"] = int.from_bytes(frame.data[:2], "big") if len(frame.data) >= 2 else None
                result["closeReason"] = frame.data[2:].decode()
    except websocket.WebSocketConnectionClosedException as closed:
        data = closed.args[0] if closed.args and isinstance(closed.args[0], bytes) else b""
        result["closeCode"] = int.from_bytes(data[:2], "big") if len(data) >= 2 else None
        result["closeReason"] = data[2:].decode()
    except websocket.WebSocketTimeoutException:
        result["error"] = "timeout"
    finally:
        socket.close()
    return result


def main():
    library, url, steps = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    subprotocol = sys.argv[4] if len(sys.argv) > 4 else None
    if library == "websockets":
        result = asyncio.run(run_websockets(url, steps, subprotocol))
    else:
        result = run_websocket_client(url, steps, subprotocol)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
