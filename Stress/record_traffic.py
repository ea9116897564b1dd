#!/usr/bin/env python3
"""Traffic for Stress/record-kill.sh: 16 threads send distinct requests to a recorder until it dies.

Usage: record_traffic.py PORT ROUND
"""
import http.client
import json
import sys
import threading

PORT, ROUND = int(sys.argv[1]), int(sys.argv[2])


def worker(number):
    count = 0
    while True:
        count += 1
        unique = f"{ROUND}-{number}-{count}"
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
            kind = count % 4
            if kind == 0:
                connection.request("GET", f"/articles?page={unique}")
            elif kind == 1:
                connection.request("GET", "/user/info", headers={"Authorization": f"Bearer secret-{unique}"})
            elif kind == 2:
                body = json.dumps({"username": "ada", "password": f"pw-{unique}"})
                connection.request("POST", "/user/login", body, {"Content-Type": "application/json"})
            else:
                connection.request("GET", f"/orders/{unique}")
            connection.getresponse().read()
            connection.close()
        except OSError:
            return  # the recorder is gone


threads = [threading.Thread(target=worker, args=(n,)) for n in range(16)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
