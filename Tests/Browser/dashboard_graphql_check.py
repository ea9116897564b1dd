"""Checks in a real headless Chromium that the dashboard names the GraphQL operations a request asked for.

Usage: dashboard_graphql_check.py BASE_URL

BASE_URL answers the GraphQL operation GetUser at /graphql (see DashboardBrowserTests). The script sends GetUser
alone, then a batch of GetUser and ListOrders (which no fixture answers), and checks that each entry shows the
operations beside its path, that the opened entry names them, and that the browser logged no error. It prints "ok",
or fails with a message on standard error.
"""

import json
import sys

from selenium.webdriver.common.by import By

from dashboard_check import call, check_console_is_clean, entries, fail, live_dashboard, wait_for

GET_USER = {"query": "query GetUser($id: ID!) { user(id: $id) { id } }", "variables": {"id": "42"}}
LIST_ORDERS = {"query": "query ListOrders { orders { id } }"}


def operations_of(driver):
    """The operations each entry shows beside its path, newest first."""
    return [item.find_element(By.CSS_SELECTOR, ".path .operation").text
            for item in driver.find_elements(By.CSS_SELECTOR, '[data-testid="journal-entry"]')]


def main():
    if len(sys.argv) != 2:
        fail("usage: dashboard_graphql_check.py BASE_URL")
    base = sys.argv[1].rstrip("/")
    with live_dashboard(base) as driver:
        for body in [GET_USER, [GET_USER, LIST_ORDERS]]:
            status, text = call(base, "POST", "/graphql", body=json.dumps(body))
            if status != 200:
                fail(f"POST /graphql answered {status}: {text}")
        wait_for(driver, "both requests appear", lambda: len(entries(driver)) == 2)
        shown = operations_of(driver)
        if shown != ["GetUser, ListOrders", "GetUser"]:
            fail(f"the entries show the operations {shown}, expected the batch's and then GetUser")
        batch = driver.find_elements(By.CSS_SELECTOR, '[data-testid="journal-entry"]')[0]
        batch.find_element(By.CSS_SELECTOR, ".row").click()
        wait_for(driver, "the opened batch names its operations", lambda: "(GraphQL GetUser, ListOrders)" in batch.text)
        check_console_is_clean(driver)
    print("ok")


if __name__ == "__main__":
    main()
