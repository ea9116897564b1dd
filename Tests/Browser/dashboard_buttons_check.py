"""Checks in a real headless Chromium that the dashboard's buttons act through the admin API.

Usage: dashboard_buttons_check.py BASE_URL MOCKS_DIR [ADMIN_TOKEN]

BASE_URL serves GET /greeting with the variant "formal" from MOCKS_DIR, without watching it (see
DashboardBrowserTests). The script checks that "Clear journal" empties the server's journal and the page's list;
that "Reset" drops a run-time fixture and a chosen variant and empties the journal, on the server and on the page;
that "Reload fixtures" reads a fixture file written since, and names a broken one; and that the browser logged no
error. With ADMIN_TOKEN (a server started with --admin-token) the page is given the token first, and every button's
call must carry it. It prints "ok", or fails with a message on standard error.
"""

import json
import os
import sys

from selenium.webdriver.common.by import By

from dashboard_check import call, entries, fail, live_dashboard, wait_for


def admin(base, token, method, path, body=None):
    """An admin call as a test makes it, with the token if there is one; returns the parsed answer."""
    status, text = call(base, method, path, body, {"Authorization": "Bearer " + token} if token else None)
    if status >= 300:
        fail(f"{method} {path} answered {status} {text!r}")
    return json.loads(text)


def journaled(base, token):
    return admin(base, token, "GET", "/__standin/requests")["count"]


def endpoints(driver):
    return [row.text for row in driver.find_elements(By.CSS_SELECTOR, '[data-testid="endpoint"]')]


def press(driver, button, said):
    """Clicks the button with data-testid `button` and waits until the page's notice starts with `said`."""
    driver.find_element(By.CSS_SELECTOR, f'[data-testid="{button}"]').click()
    notice = driver.find_element(By.CSS_SELECTOR, '[data-testid="notice"]')
    wait_for(driver, f"the page says {said!r} after {button}", lambda: notice.text.startswith(said))
    return notice.text


def send_and_see(driver, base, count):
    for _ in range(count):
        call(base, "GET", "/greeting")
    wait_for(driver, f"{count} requests appear in the journal", lambda: len(entries(driver)) == count)


def check_clear_journal(driver, base, token):
    send_and_see(driver, base, 2)
    press(driver, "clear-journal", "Cleared the journal of the main state")
    wait_for(driver, "the list is empty", lambda: entries(driver) == [])
    if journaled(base, token) != 0:
        fail(f"after Clear journal the server's journal still holds {journaled(base, token)} entries")


def check_reset(driver, base, token):
    admin(base, token, "POST", "/__standin/fixtures",
          '{"request": {"path": "/runtime-only"}, "response": {"text": "added"}}')
    admin(base, token, "PUT", "/__standin/variants", '{"GET /greeting": "formal"}')
    send_and_see(driver, base, 1)
    wait_for(driver, "the run-time fixture's endpoint is listed",
             lambda: any("GET /runtime-only" in row for row in endpoints(driver)))
    press(driver, "reset", "Reset the main state")
    wait_for(driver, "the run-time fixture's endpoint leaves the list",
             lambda: not any("GET /runtime-only" in row for row in endpoints(driver)))
    wait_for(driver, "the list is empty", lambda: entries(driver) == [])
    if call(base, "GET", "/runtime-only")[0] != 404 or "hello" not in call(base, "GET", "/greeting")[1]:
        fail("after Reset the run-time fixture still answers, or the variant formal is still chosen")


def check_reload(driver, base, mocks):
    with open(os.path.join(mocks, "added.json"), "w") as file:
        file.write('{"request": {"path": "/added"}, "response": {"text": "new"}}')
    with open(os.path.join(mocks, "broken.json"), "w") as file:
        file.write('{"request": {"path": "/broken"}, "response": {"status": "soon"}}')
    said = press(driver, "reload", "Reloaded: 3 fixtures")
    if "broken.json:1" not in said:
        fail(f"after Reload the page does not name the broken file: {said!r}")
    wait_for(driver, "the new fixture's endpoint is listed",
             lambda: any("GET /added" in row for row in endpoints(driver)))
    if call(base, "GET", "/added")[1] != "new":
        fail("after Reload the new fixture does not answer")


def main():
    if len(sys.argv) not in (3, 4):
        fail("usage: dashboard_buttons_check.py BASE_URL MOCKS_DIR [ADMIN_TOKEN]")
    base, mocks = sys.argv[1].rstrip("/"), sys.argv[2]
    token = sys.argv[3] if len(sys.argv) == 4 else None
    with live_dashboard(base, token) as driver:
        check_clear_journal(driver, base, token)
        check_reset(driver, base, token)
        check_reload(driver, base, mocks)
    print("ok")


if __name__ == "__main__":
    main()
