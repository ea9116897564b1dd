"""Checks in a real headless Chromium that a page talks to a WebSocket fixture of StandIn.

Usage: websocket_page_check.py BASE_URL

BASE_URL serves a page at /page and a conversation at /chat that says {"type":"hello"} on opening and answers
{"type":"ping"} with {"type":"pong"} (see WebSocketBrowserTests). The page opens a WebSocket to /chat, shows each
message it gets, and has buttons that send the ping and close the WebSocket. The script checks that the page shows
the hello, then, after the ping, the pong, and that the WebSocket closes cleanly; that the browser offered
permessage-deflate and the server's 101 agreed to no extension (so the frames the browser took were plain); and that
the browser logged no error. It prints "ok", or fails with a message on standard error.
"""

import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from dashboard_check import WAIT_SECONDS, browser, check_console_is_clean, fail

HELLO = '{"type":"hello"}'
PONG = '{"type":"pong"}'


def shown(driver, name):
    """The text of the page's element with the id `name`."""
    return driver.find_element(By.ID, name).text


def wait_on_page(driver, what, condition):
    """Waits until `condition()` is true; fails saying `what` and what the page shows."""
    try:
        WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1).until(lambda _: condition())
    except Exception:
        fail(f"timed out waiting until {what}; the page shows: {driver.find_element(By.TAG_NAME, 'body').text!r}")


def converse(driver, base):
    """Opens the page in the browser's current tab and holds the conversation: the hello, the ping and its pong, and
    a close from the page (code 1000, reason "done"). Fails unless the page shows each step."""
    driver.get(base + "/page")
    wait_on_page(driver, "the page shows the server's hello", lambda: shown(driver, "hello") == HELLO)
    driver.find_element(By.ID, "ping").click()
    wait_on_page(driver, "the page shows the reply to its ping", lambda: shown(driver, "reply") == PONG)
    driver.find_element(By.ID, "close").click()
    wait_on_page(driver, "the page says the WebSocket closed cleanly", lambda: shown(driver, "state") == "closed 1000")


def header(headers, name):
    """The value of the header `name` in a dict of headers named in any case, or None."""
    return next((value for key, value in headers.items() if key.lower() == name.lower()), None)


def check_no_extension_was_agreed(driver):
    """Fails unless the browser offered permessage-deflate and the server answered 101 without agreeing to it."""
    offered, answer = None, None
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.webSocketWillSendHandshakeRequest":
            offered = header(message["params"]["request"]["headers"], "Sec-WebSocket-Extensions")
        elif message["method"] == "Network.webSocketHandshakeResponseReceived":
            answer = message["params"]["response"]
    if offered is None or "permessage-deflate" not in offered:
        fail(f"the browser did not offer permessage-deflate (it offered {offered!r})")
    if answer is None or answer["status"] != 101:
        fail(f"the browser saw no 101 for the WebSocket: {answer!r}")
    agreed = header(answer["headers"], "Sec-WebSocket-Extensions")
    if agreed is not None:
        fail(f"the server agreed to the extensions {agreed!r}; it agrees to none")


def main():
    if len(sys.argv) != 2:
        fail("usage: websocket_page_check.py BASE_URL")
    base = sys.argv[1].rstrip("/")
    driver = browser()
    try:
        converse(driver, base)
        check_no_extension_was_agreed(driver)
        check_console_is_clean(driver)
    finally:
        driver.quit()
    print("ok")


if __name__ == "__main__":
    main()
