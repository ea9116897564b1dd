"""Real event-stream clients against StandIn: the OpenAI Python SDK and httpx-sse.

    sse_clients.py openai BASE_URL            streams a chat completion; prints {"text", "chunks", "atMs"}: each
                                               chunk's arrival in ms after the request was made
    sse_clients.py events URL [LAST_EVENT_ID] reads every event; prints [{"event","data","id","retry"}], then
                                               {"error": ...} if the stream broke
    sse_clients.py leave URL N                reads N events, then closes the connection; prints the events read
"""
import json
import sys
import time

import httpx
from httpx_sse import SSEError, connect_sse


def chat(base_url):
    from openai import OpenAI

    client = OpenAI(base_url=base_url, api_key="sk-test-not-a-secret", max_retries=0)
    started = time.monotonic()
    stream = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": "Say hello"}],
        stream=True,
    )
    text, chunks, arrivals = "", 0, []
    for chunk in stream:
        arrivals.append(round((time.monotonic() - started) * 1000))
        chunks += 1
        for choice in chunk.choices:
            text += choice.delta.content or ""
    print(json.dumps({"text": text, "chunks": chunks, "atMs": arrivals}))


def read_events(url, last_event_id=None, limit=None):
    headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
    events, error = [], None
    with httpx.Client(timeout=30) as client:
        try:
            with connect_sse(client, "GET", url, headers=headers) as source:
                for event in source.iter_sse():
                    events.append({"event": event.event, "data": event.data, "id": event.id, "retry": event.retry})
                    if limit is not None and len(events) >= limit:
                        break
        except (httpx.HTTPError, SSEError) as failure:
            error = type(failure).__name__
    print(json.dumps(events))
    if error:
        print(json.dumps({"error": error}))


def main():
    command, url = sys.argv[1], sys.argv[2]
    if command == "openai":
        chat(url)
    elif command == "events":
        read_events(url, sys.argv[3] if len(sys.argv) > 3 else None)
    elif command == "leave":
        read_events(url, limit=int(sys.argv[3]))
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
