"""Drives python-requests against httpbin (directly, through StandIn recording it, or against StandIn replaying).

Usage: httpbin_client.py headers BASE_URL   prints httpbin's /headers answer as JSON
       httpbin_client.py secrets BASE_URL   sends requests full of secrets, prints their statuses as JSON
"""

import json
import sys

import requests

# The secret values; the test searches the recorded files for each of them.
SECRETS = {
    "bearer": "tok-bearer-31337",
    "api_key": "key-header-98765",
    "cookie": "cookie-sid-24680",
    "password": "hunter22-pw",
    "session": "abcd1234-session",
    "access_token": "qwerty-7788-access",
    "client_secret": "form-secret-5555",
}


def headers(base):
    answer = requests.get(base + "/headers", headers={"X-Custom": "kept"}, timeout=30)
    print(json.dumps(answer.json()["headers"], sort_keys=True))


def secrets(base):
    common = {
        "Authorization": "Bearer " + SECRETS["bearer"],
        "X-Api-Key": SECRETS["api_key"],
        "Cookie": "sid=" + SECRETS["cookie"],
    }
    calls = [
        lambda: requests.post(
            base + "/post", json={"username": "ada", "password": SECRETS["password"]}, headers=common, timeout=30
        ),
        lambda: requests.get(
            base + "/cookies/set", params={"session": SECRETS["session"]}, allow_redirects=False, timeout=30
        ),
        lambda: requests.get(
            base + "/get", params={"access_token": SECRETS["access_token"], "page": "1"}, headers=common, timeout=30
        ),
        lambda: requests.post(
            base + "/post", data={"user": "ada", "client_secret": SECRETS["client_secret"]}, timeout=30
        ),
    ]
    print(json.dumps([call().status_code for call in calls]))


if __name__ == "__main__":
    {"headers": headers, "secrets": secrets}[sys.argv[1]](sys.argv[2].rstrip("/"))
