"""Drives the dashboard's session filter in a real headless Chromium and checks what a person would see.

Usage: dashboard_sessions_check.py BASE_URL

BASE_URL serves GET /greeting with the variant "formal" and GET /users/{id} (see DashboardBrowserTests). The script
starts a session "alpha" and sends it a request before the page opens, a session "beta" after; then requests in the
main state, on beta's port and with alpha's header. It checks that the filter offers both sessions, that choosing
one shows only its requests, that an entry shows its session and opens to its request, that the variant picker
with a session chosen sets the variant in that session only, that a session that ends leaves the filter, and that
the browser logged no error. It prints "ok", or fails with a message on standard error.
"""

import json
import re
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from dashboard_check import WAIT_SECONDS, call, entries, fail, live_dashboard, wait_for


def start_session(base, name):
    status, body = call(base, "POST", "/__standin/sessions", json.dumps({"name": name}))
    if status != 201:
        fail(f"starting the session {name} answered {status} {body!r}")
    return json.loads(body)


def in_session(session):
    return {"X-StandIn-Session": session["id"]}


def shown_paths(driver):
    """The /users/N paths of the journal entries the page shows, sorted."""
    items = driver.find_elements(By.CSS_SELECTOR, '[data-testid="journal-entry"]')
    return sorted(match.group(0) for item in items if item.is_displayed()
                  for match in [re.search(r"/users/\d+", item.text)] if match)


def session_filter(driver):
    return Select(driver.find_element(By.CSS_SELECTOR, '[data-testid="session-filter"]'))


def offered(driver):
    """The filter's choices, read at once (the page replaces them when the sessions change)."""
    return driver.execute_script(
        "return [...document.querySelector('[data-testid=\"session-filter\"]').options].map((o) => o.text)")


def check_filter(driver, expected):
    for label, paths in expected.items():
        session_filter(driver).select_by_visible_text(label)
        wait_for(driver, f"choosing {label} shows {paths} only",
                 lambda: shown_paths(driver) == paths)


def check_entry_shows_its_session_and_opens(driver):
    session_filter(driver).select_by_visible_text("all")
    item = next(item for item in driver.find_elements(By.CSS_SELECTOR, '[data-testid="journal-entry"]')
                if "/users/4" in item.text)
    if "alpha" not in item.text:
        fail(f"the entry of alpha's request does not name its session: {item.text!r}")
    item.find_element(By.CSS_SELECTOR, ".row").click()
    wait_for(driver, "alpha's entry opens to its request and response",
             lambda: "GET /users/4" in item.text and "fixture users/get.json" in item.text)


def greeting_picker(driver):
    rows = driver.find_elements(By.CSS_SELECTOR, '[data-testid="endpoint"]')
    row = next((row for row in rows if "GET /greeting" in row.text), None)
    if row is None:
        fail(f"no endpoint row for GET /greeting among {[row.text for row in rows]}")
    return Select(row.find_element(By.CSS_SELECTOR, '[data-testid="variant-select"]'))


def greeting_variant(driver):
    return greeting_picker(driver).first_selected_option.get_attribute("value")


def check_variant_picker_in_session(driver, base, beta, alpha):
    session_filter(driver).select_by_visible_text("beta")
    greeting_picker(driver).select_by_value("formal")
    deadline = time.monotonic() + WAIT_SECONDS
    answer = ""
    while time.monotonic() < deadline and "good day" not in answer:
        _, answer = call(base, "GET", "/greeting", headers=in_session(beta))
        time.sleep(0.1)
    if "good day" not in answer:
        fail(f"after choosing formal with beta chosen, GET /greeting in beta still answers {answer!r}")
    for name, headers in [("the main state", None), ("alpha", in_session(alpha))]:
        _, other = call(base, "GET", "/greeting", headers=headers)
        if "hello" not in other:
            fail(f"choosing formal in beta changed what {name} gets: {other!r}")


def main():
    if len(sys.argv) != 2:
        fail("usage: dashboard_sessions_check.py BASE_URL")
    base = sys.argv[1].rstrip("/")
    alpha = start_session(base, "alpha")
    call(base, "GET", "/users/1", headers=in_session(alpha))
    with live_dashboard(base) as driver:
        beta = start_session(base, "beta")
        wait_for(driver, "the filter offers all, main, alpha and beta",
                 lambda: offered(driver) == ["all", "main", "alpha", "beta"])
        call(base, "GET", "/users/2")
        call(beta["baseURL"], "GET", "/users/3")
        call(base, "GET", "/users/4", headers=in_session(alpha))
        wait_for(driver, "the four requests appear in the journal",
                 lambda: len([text for text in entries(driver) if "/users/" in text]) == 4)
        check_filter(driver, {"alpha": ["/users/1", "/users/4"], "beta": ["/users/3"], "main": ["/users/2"],
                              "all": ["/users/1", "/users/2", "/users/3", "/users/4"]})
        check_entry_shows_its_session_and_opens(driver)
        check_variant_picker_in_session(driver, base, beta, alpha)
        # With "all" chosen (and the main state's variants shown), the page makes no call in beta that its end
        # could refuse.
        session_filter(driver).select_by_visible_text("all")
        wait_for(driver, "the picker shows the main state's variant again", lambda: greeting_variant(driver) == "")
        call(base, "DELETE", "/__standin/sessions/" + beta["id"])
        wait_for(driver, "the ended session leaves the filter",
                 lambda: offered(driver) == ["all", "main", "alpha"])
    print("ok")


if __name__ == "__main__":
    main()
