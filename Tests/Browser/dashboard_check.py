"""Drives StandIn's dashboard in a real headless Chromium and checks what a person would see.

Usage: dashboard_check.py BASE_URL STANDIN_BINARY [ADMIN_TOKEN]

BASE_URL serves the fixture GET /greeting with the variant "formal" (see DashboardBrowserTests). The script checks
that the journal updates without a reload, that choosing a variant changes what the next request gets, that "copy
as fixture" yields a fixture `standin check` accepts, answering with an envelope as the server's 404 did, that "add as
run-time fixture" makes the server answer the request with it, that the browser logged no error, and that no request
left the server's origin. With ADMIN_TOKEN (a server started with --admin-token) it first checks that the page asks for the
token, and gives it. With STANDIN_DASHBOARD_SCREENSHOT=PATH it saves a screenshot there. It prints "ok", or fails
with a message on standard error.
"""

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

# A safety net for a loaded machine, not a measure of the page.
WAIT_SECONDS = 60


def fail(message):
    print(message, file=sys.stderr)
    sys.exit(1)


def call(base, method, path, body=None, headers=None):
    """One request as curl sends it, with `headers` (a dict) if any; returns the status and the body."""
    command = ["curl", "-s", "-o", "-", "-w", "\n%{http_code}", "-X", method, base + path]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if body is not None:
        command += ["-H", "Content-Type: application/json", "--data-binary", body]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    text, _, status = output.rpartition("\n")
    return int(status), text


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=options, service=service)


@contextlib.contextmanager
def live_dashboard(base, token=None):
    """Opens the dashboard of the server at `base` in a headless browser, gives it `token` when there is one, waits
    until the page says it is live and yields the browser; after a body that did not fail, checks that the console is
    clean. The browser is closed however the body ends."""
    driver = browser()
    try:
        driver.get(base + "/__standin/ui")
        if token:
            give_token(driver, token)
        wait_for(driver, "the page says it is live",
                 lambda: driver.find_element(By.CSS_SELECTOR, '[data-testid="status"]').text == "live")
        yield driver
        check_console_is_clean(driver)
    finally:
        driver.quit()


def entries(driver):
    """The text of each entry in the list, empty for one not shown (as Selenium's `text` is), read in one call: one call
    per entry took longer than the wait on a loaded machine once the list held hundreds."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-testid=\"journal-entry\"]'),"
        " entry => entry.checkVisibility() ? entry.innerText : '')")


def wait_for(driver, what, condition):
    """Waits until `condition()` is true; an element the page replaced while it was read means "not yet"."""
    try:
        return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1,
                             ignored_exceptions=[StaleElementReferenceException]).until(lambda _: condition())
    except Exception:
        fail(f"timed out waiting until {what}; the journal shows: {entries(driver)[:5]}")


def give_token(driver, token):
    form = driver.find_element(By.ID, "token-form")
    wait_for(driver, "the page asks for the admin token", form.is_displayed)
    driver.find_element(By.ID, "token").send_keys(token)
    form.find_element(By.CSS_SELECTOR, "button").click()
    # The page's first calls were refused before it had the token: those 401s are expected, nothing else is.
    refused = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if any("401" not in entry["message"] for entry in refused):
        fail(f"the browser logged errors other than the expected 401s: {refused}")


def check_journal_updates_live(driver, base):
    call(base, "POST", "/dashboard/unmatched?page=2", '{"name":"ada","tags":["a"]}')
    wait_for(driver, "the unmatched POST appears in the journal",
             lambda: any("POST" in text and "/dashboard/unmatched" in text and "404" in text
                         for text in entries(driver)))


def check_variant_picker(driver, base):
    status, before = call(base, "GET", "/greeting")
    if "hello" not in before:
        fail(f"GET /greeting answered {status} {before!r} before a variant was chosen")
    rows = driver.find_elements(By.CSS_SELECTOR, '[data-testid="endpoint"]')
    row = next((row for row in rows if "GET /greeting" in row.text), None)
    if row is None:
        fail(f"no endpoint row for GET /greeting among {[row.text for row in rows]}")
    Select(row.find_element(By.CSS_SELECTOR, '[data-testid="variant-select"]')).select_by_value("formal")
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        status, after = call(base, "GET", "/greeting")
        if "good day" in after:
            return
        time.sleep(0.1)
    fail(f"after choosing the variant formal, GET /greeting still answers {after!r}")


def copy_as_fixture(driver, path):
    """Opens the first entry for `path`, copies it as a fixture and returns the entry and the fixture's JSON text."""
    item = next(entry for entry in driver.find_elements(By.CSS_SELECTOR, '[data-testid="journal-entry"]')
                if path in entry.text)
    item.find_element(By.CSS_SELECTOR, ".row").click()
    button = wait_for(driver, "the entry opens with a copy-as-fixture button",
                      lambda: item.find_elements(By.CSS_SELECTOR, '[data-testid="copy-as-fixture"]'))[0]
    button.click()
    area = item.find_element(By.CSS_SELECTOR, '[data-testid="fixture-json"]')
    return item, wait_for(driver, "the fixture JSON is shown", lambda: area.get_attribute("value"))


def check_accepted(standin, fixture):
    """Fails unless `standin check` accepts the fixture JSON `fixture` as a file of its own."""
    with tempfile.TemporaryDirectory() as mocks:
        with open(os.path.join(mocks, "copied.json"), "w") as file:
            file.write(fixture)
        checked = subprocess.run([standin, "check", "--mocks", mocks], capture_output=True, text=True)
        if checked.returncode != 0:
            fail(f"standin check refused the copied fixture ({checked.returncode}): {checked.stdout}"
                 f"{checked.stderr}\n{fixture}")


def add_as_runtime_fixture(driver, item):
    """Clicks "add as run-time fixture" in the opened entry `item` and returns what the page says it added."""
    item.find_element(By.CSS_SELECTOR, '[data-testid="add-fixture"]').click()
    said = item.find_element(By.CSS_SELECTOR, '[data-testid="added-fixture"]')
    return wait_for(driver, "the page says the fixture was added", lambda: said.text)


def check_copy_as_fixture(driver, base, standin, headers):
    item, fixture = copy_as_fixture(driver, "/dashboard/unmatched")
    if "Nearest fixtures" not in item.text:
        fail(f"the unmatched entry shows no nearest fixtures: {item.text!r}")
    parsed = json.loads(fixture)
    if parsed["request"] != {"method": "POST", "path": "/dashboard/unmatched", "query": {"page": "2"},
                             "body": {"json": {"name": "ada", "tags": ["a"]}}}:
        fail(f"the fixture does not describe the request: {fixture}")
    if parsed["response"] != {"status": 200, "envelope": {"data": {}}}:
        fail(f"the fixture does not answer with an envelope, as the server's 404 was one: {fixture}")
    check_accepted(standin, fixture)
    said = add_as_runtime_fixture(driver, item)
    if not said.startswith("Added as runtime/") or "POST /dashboard/unmatched" not in said:
        fail(f"after adding the fixture the page says {said!r}")
    status, answer = call(base, "POST", "/dashboard/unmatched?page=2", '{"name":"ada","tags":["a"]}')
    if status != 200 or json.loads(answer).get("code") != 0:
        fail(f"the request the added fixture matches answers {status} {answer!r}")
    fixtures = json.loads(call(base, "GET", "/__standin/fixtures", headers=headers)[1])["fixtures"]
    if not any(fixture["source"] == "runtime" for fixture in fixtures):
        fail(f"the server lists no run-time fixture: {fixtures}")
    wait_for(driver, "the page lists the added fixture's endpoint",
             lambda: any("POST /dashboard/unmatched" in row.text
                         for row in driver.find_elements(By.CSS_SELECTOR, '[data-testid="endpoint"]')))


def check_console_is_clean(driver):
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    if errors:
        fail(f"the browser logged errors: {errors}")


def check_nothing_leaves_the_origin(driver, base):
    outside = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not (url.startswith(base + "/") or url.startswith("data:")):
                outside.append(url)
    resources = driver.execute_script(
        "return performance.getEntriesByType('resource').map((entry) => entry.name)")
    outside += [url for url in resources if not url.startswith(base + "/")]
    if outside:
        fail(f"the page sent requests outside {base}: {outside}")


def main():
    if len(sys.argv) not in (3, 4):
        fail("usage: dashboard_check.py BASE_URL STANDIN_BINARY [ADMIN_TOKEN]")
    base, standin = sys.argv[1].rstrip("/"), sys.argv[2]
    token = sys.argv[3] if len(sys.argv) == 4 else None
    with live_dashboard(base, token) as driver:
        wait_for(driver, "the endpoints are listed",
                 lambda: driver.find_elements(By.CSS_SELECTOR, '[data-testid="endpoint"]'))
        check_journal_updates_live(driver, base)
        check_variant_picker(driver, base)
        check_copy_as_fixture(driver, base, standin, {"Authorization": "Bearer " + token} if token else {})
        wait_for(driver, "the formal answer appears in the journal",
                 lambda: any("(formal)" in text for text in entries(driver)))
        screenshot = os.environ.get("STANDIN_DASHBOARD_SCREENSHOT")
        if screenshot:
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(screenshot)
        check_nothing_leaves_the_origin(driver, base)
    print("ok")


if __name__ == "__main__":
    main()
