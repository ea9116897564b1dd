"""Checks in a real headless Chromium that the dashboard says what each answer meant.

Usage: dashboard_outcomes_check.py BASE_URL

BASE_URL serves GET /account, an envelope, with the variants "frozen" (envelope code 40001), "gone" (404),
"down" (503) and "hang" (a timeout fault), and holds a request at most a second (see DashboardBrowserTests). The
script asks for each and checks that its entry shows the status with the envelope's code beside it, or the fault by
name before the status it kept from being sent; that its status has the colour the legend gives its meaning (success,
business error, client error, server error, fault), five colours apart; that an opened entry names its envelope
code and fault; and that the browser logged no error. It prints "ok", or fails with a message on standard error.
"""

import subprocess
import sys

from selenium.webdriver.common.by import By

from dashboard_check import call, entries, fail, live_dashboard, wait_for

# The variant asked for (none for the default answer), the outcome it comes to, and what its status column says.
CASES = [
    (None, "success", "200 code 0"),
    ("frozen", "business-error", "200 code 40001"),
    ("gone", "client-error", "404 code 40400"),
    ("down", "server-error", "503 code 0"),
    ("hang", "fault", "timeout 200 planned"),
]


def ask(base, variant):
    """GET /account?case=VARIANT; a timeout fault's request is left to end, unanswered, after the server's hold."""
    path = "/account?case=" + (variant or "default")
    if variant == "hang":
        subprocess.run(["curl", "-s", "-m", "10", "-H", "X-StandIn-Variant: hang", base + path],
                       capture_output=True)
    else:
        call(base, "GET", path, headers={"X-StandIn-Variant": variant} if variant else None)


def entry_for(driver, variant):
    return next((item for item in driver.find_elements(By.CSS_SELECTOR, '[data-testid="journal-entry"]')
                 if "case=" + (variant or "default") in item.text), None)


def colour_of(element):
    return element.value_of_css_property("color")


def check_case(driver, variant, outcome, status_text, legend):
    item = wait_for(driver, f"the answer to case={variant or 'default'} appears",
                    lambda: entry_for(driver, variant))
    status = item.find_element(By.CSS_SELECTOR, ".status")
    if item.get_attribute("data-outcome") != outcome or status.text != status_text:
        fail(f"case={variant}: the entry is {item.get_attribute('data-outcome')!r} showing {status.text!r}, "
             f"expected {outcome!r} showing {status_text!r}")
    if colour_of(status) != legend[outcome]:
        fail(f"case={variant}: the status is coloured {colour_of(status)}, the legend's {outcome} is {legend[outcome]}")
    return item


def main():
    if len(sys.argv) != 2:
        fail("usage: dashboard_outcomes_check.py BASE_URL")
    base = sys.argv[1].rstrip("/")
    with live_dashboard(base) as driver:
        legend = {span.get_attribute("data-outcome"): colour_of(span) for span in
                  driver.find_elements(By.CSS_SELECTOR, '[data-testid="legend"] [data-outcome]')}
        if sorted(legend) != sorted(outcome for _, outcome, _ in CASES) or len(set(legend.values())) != len(CASES):
            fail(f"the legend does not give the five meanings five colours: {legend}")
        for variant, _, _ in CASES:
            ask(base, variant)
        wait_for(driver, "the five answers appear", lambda: len(entries(driver)) == len(CASES))
        items = {variant: check_case(driver, variant, outcome, text, legend) for variant, outcome, text in CASES}
        for variant, expected in [("frozen", "envelope code 40001"), ("hang", "fault timeout")]:
            items[variant].find_element(By.CSS_SELECTOR, ".row").click()
            wait_for(driver, f"the opened entry of case={variant} says {expected!r}",
                     lambda: expected in items[variant].text)
    print("ok")


if __name__ == "__main__":
    main()
