"""Checks in a real headless Chromium that the dashboard shows a finished WebSocket's messages.

Usage: dashboard_websocket_check.py BASE_URL

BASE_URL serves the page and the conversation websocket_page_check.py holds (see WebSocketBrowserTests). With the
dashboard open and live in one tab, the script holds that conversation from the page in another, then checks that the
WebSocket appears in the journal with its 101, and that the entry, opened, says how it ended and how many messages
passed each way, and lists the three messages in order with their direction and text. It prints "ok", or fails with a
message on standard error.
"""

import sys

from selenium.webdriver.common.by import By

from dashboard_check import entries, fail, live_dashboard, wait_for
from websocket_page_check import HELLO, PONG, converse

EXPECTED = [("\u2190 server", HELLO), ("client \u2192", '{"type":"ping"}'), ("\u2190 server", PONG)]


def check_messages(shown):
    """Fails unless the WebSocket section's text `shown` has the summary line and then the expected messages."""
    lines = [line.strip() for line in shown.split("\n") if line.strip()]
    if not lines or lines[0] != "closed by client 1000 done; 1 received, 2 sent":
        fail(f"the WebSocket section does not start with how it ended and its counts: {shown!r}")
    messages = lines[1:]
    if len(messages) != len(EXPECTED):
        fail(f"the WebSocket section lists {len(messages)} messages, expected {len(EXPECTED)}: {shown!r}")
    for line, (direction, text) in zip(messages, EXPECTED):
        time, _, rest = line.partition(" ms  ")
        try:
            float(time)
        except ValueError:
            fail(f"the message line {line!r} does not start with its time in milliseconds")
        if rest != f"{direction}  {text}":
            fail(f"the message line {line!r} should show {direction} {text}")


def main():
    if len(sys.argv) != 2:
        fail("usage: dashboard_websocket_check.py BASE_URL")
    base = sys.argv[1].rstrip("/")
    with live_dashboard(base) as driver:
        dashboard = driver.current_window_handle
        driver.switch_to.new_window("tab")
        converse(driver, base)
        driver.close()
        driver.switch_to.window(dashboard)
        wait_for(driver, "the finished WebSocket appears in the journal",
                 lambda: any("/chat" in text and "101" in text for text in entries(driver)))
        item = next(entry for entry in driver.find_elements(By.CSS_SELECTOR, '[data-testid="journal-entry"]')
                    if "/chat" in entry.text)
        item.find_element(By.CSS_SELECTOR, ".row").click()
        section = wait_for(driver, "the opened entry shows the WebSocket's messages",
                           lambda: item.find_elements(By.CSS_SELECTOR, '[data-testid="websocket-messages"]'))[0]
        check_messages(section.text)
    print("ok")


if __name__ == "__main__":
    main()
