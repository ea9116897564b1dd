"""Checks in a real headless Chromium that "copy as fixture" keeps what a fallback backend answered.

Usage: dashboard_proxied_check.py BASE_URL STANDIN_BINARY

BASE_URL has no fixture for GET /account and sends it to a fallback backend (`serve --fallback-upstream`) that answers
with an envelope of code 40001, "account frozen", and data (see DashboardBrowserTests). The script checks that the
proxied entry shows the business error, that "copy as fixture" writes the backend's envelope (without its request id)
as the fixture's answer, that `standin check` accepts it, that "add as run-time fixture" makes the server answer the
request itself, and that the browser logged no error. It prints "ok", or fails with a message on standard error.
"""

import json
import sys

from selenium.webdriver.common.by import By

from dashboard_check import (add_as_runtime_fixture, call, check_accepted, copy_as_fixture, entries, fail,
                             live_dashboard, wait_for)

ENVELOPE = {"code": 40001, "message": "account frozen", "data": {"name": "Ada"}}


def main():
    if len(sys.argv) != 3:
        fail("usage: dashboard_proxied_check.py BASE_URL STANDIN_BINARY")
    base, standin = sys.argv[1].rstrip("/"), sys.argv[2]
    with live_dashboard(base) as driver:
        call(base, "GET", "/account?from=app")
        wait_for(driver, "the proxied request appears as a business error",
                 lambda: any("PROXIED" in text and "200 code 40001" in text for text in entries(driver)))
        item, fixture = copy_as_fixture(driver, "/account")
        parsed = json.loads(fixture)
        if parsed["request"] != {"method": "GET", "path": "/account", "query": {"from": "app"}}:
            fail(f"the fixture does not describe the request: {fixture}")
        if parsed["response"].get("status") != 200 or parsed["response"].get("envelope") != ENVELOPE:
            fail(f"the fixture does not answer with the backend's envelope {ENVELOPE}: {fixture}")
        check_accepted(standin, fixture)
        said = add_as_runtime_fixture(driver, item)
        if not said.startswith("Added as runtime/1"):
            fail(f"after adding the fixture the page says {said!r}")
        status, answer = call(base, "GET", "/account?from=app")
        body = json.loads(answer)
        if status != 200 or {key: body.get(key) for key in ENVELOPE} != ENVELOPE:
            fail(f"the request the added fixture matches answers {status} {answer!r}")
        wait_for(driver, "the answer from the run-time fixture appears",
                 lambda: any("runtime/1" in text and "200 code 40001" in text for text in entries(driver)))
    print("ok")


if __name__ == "__main__":
    main()
