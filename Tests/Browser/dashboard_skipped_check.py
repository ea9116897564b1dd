"""Checks in a real headless Chromium that the dashboard tells of requests the server did not show live.

Usage: dashboard_skipped_check.py BASE_URL

BASE_URL serves GET /users/{id} (see DashboardBrowserTests). With the page open, the script sends a burst of
requests, far more in a second than the server shows live, pipelined on a few connections (and again, up to
BURSTS in all, while the last requests of each were all shown live anyway). It checks that the page
then shows the notice of the requests not shown live, that its button loads the journal's last entries into the
list (and hides the notice), and that the browser logged no error. It prints "ok", or fails with a message on
standard error.
"""

import json
import socket
import sys
import threading
from urllib.parse import urlsplit

from selenium.webdriver.common.by import By

from dashboard_check import call, entries, fail, live_dashboard, wait_for

CONNECTIONS = 4
PER_CONNECTION = 1000
SHOWN_ENTRIES = 500
BURSTS = 3


def burst(base, number):
    """Sends CONNECTIONS x PER_CONNECTION requests for /users/N, each connection's pipelined, and waits for all."""
    address = urlsplit(base)
    answered = [0] * CONNECTIONS

    def send(index):
        first = (number * CONNECTIONS + index) * PER_CONNECTION
        paths = [f"/users/{first + n}" for n in range(PER_CONNECTION)]
        requests = "".join(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" for path in paths[:-1])
        requests += f"GET {paths[-1]} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        with socket.create_connection((address.hostname, address.port), timeout=60) as connection:
            connection.sendall(requests.encode())
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
        answered[index] = received.count(b"HTTP/1.1 200")

    threads = [threading.Thread(target=send, args=(index,)) for index in range(CONNECTIONS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if sum(answered) != CONNECTIONS * PER_CONNECTION:
        fail(f"only {sum(answered)} of the burst's {CONNECTIONS * PER_CONNECTION} requests were answered 200")


def last_journal_paths(base, total):
    """The paths of the main journal's last SHOWN_ENTRIES entries of `total`, and of its very last."""
    status, body = call(base, "GET", f"/__standin/requests?since={total - SHOWN_ENTRIES}&limit={SHOWN_ENTRIES}")
    if status != 200:
        fail(f"GET /__standin/requests answered {status} {body!r}")
    paths = [entry["path"] for entry in json.loads(body)["requests"]]
    return set(paths), paths[-1]


def loaded_enough(shown, expected, last):
    """Whether the list shows the journal's last entry and nearly all of its last ones. The page keeps the newest by
    arrival, to the millisecond, which may differ at the edge from the last by number."""
    return last in shown and len(shown & expected) >= 0.9 * len(expected)


def shown_paths(driver):
    return {words[1] for words in map(str.split, entries(driver)) if words[:1] == ["GET"] and len(words) > 1}


def main():
    if len(sys.argv) != 2:
        fail("usage: dashboard_skipped_check.py BASE_URL")
    base = sys.argv[1].rstrip("/")
    with live_dashboard(base) as driver:
        notice = driver.find_element(By.CSS_SELECTOR, '[data-testid="skipped"]')
        def tells_of_skipped():
            return notice.is_displayed() and "not shown live" in notice.text

        # On a busy machine the server may answer a whole burst slower than the cap, and the page then shows every
        # request live and tells of none skipped; then another burst.
        for number in range(BURSTS):
            burst(base, number)
            expected, last = last_journal_paths(base, (number + 1) * CONNECTIONS * PER_CONNECTION)
            wait_for(driver, "the page tells of requests not shown live, or shows the burst's last ones",
                     lambda: tells_of_skipped() or loaded_enough(shown_paths(driver), expected, last))
            if tells_of_skipped() and not loaded_enough(shown_paths(driver), expected, last):
                break
        else:
            fail(f"the journal's last entries were shown live after each of {BURSTS} bursts: they were too slow")
        button = driver.find_element(By.CSS_SELECTOR, '[data-testid="load-skipped"]')

        # The server reports the last skipped requests a moment after the burst: the notice may come back once.
        def load_and_look():
            if button.is_displayed():
                button.click()
            return loaded_enough(shown_paths(driver), expected, last)

        wait_for(driver, "the button loads the journal's last entries into the list", load_and_look)
        if notice.is_displayed() and load_and_look() and notice.is_displayed():
            fail(f"the notice stays after its button loaded the entries: {notice.text!r}")
    print("ok")


if __name__ == "__main__":
    main()
