#!/usr/bin/env python3
"""Sends schemathesis's generated requests for every operation of a spec to `standin serve --spec` and counts how
they were answered.

Usage: contract_fuzz.py SPEC BASE_URL EXAMPLES

For each operation, schemathesis (hypothesis, derandomized, so every run sends the same requests) generates EXAMPLES
requests that conform to the spec (positive) and EXAMPLES that break it (negative). A positive request refused with
422 means StandIn's validator and schemathesis disagree on the spec; a negative one answered anything but 422 is a
violation StandIn did not see.

Prints one JSON object: positive (requests sent), positiveRefused (those answered 422: at most 10, each with the
request and StandIn's message), negative (sent), negativeRefused (answered 422), negativeMissed (at most 10 that were
not, each with what schemathesis changed), and byOperation (the counts per operation).
"""
import json
import sys

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode


def draw(operation, mode, count):
    """The first `count` requests hypothesis generates for `operation` in `mode`, the same on every run; none when
    there are none to make (an operation without parameters or body has no negative request)."""
    cases = []

    @given(operation.as_strategy(generation_mode=mode))
    @settings(max_examples=count, database=None, derandomize=True, deadline=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    def collect(case):
        cases.append(case)

    try:
        collect()
    except Unsatisfiable:
        return []
    return cases[:count]


def describe(case, response):
    return {
        "operation": case.operation.label,
        "query": case.query,
        "headers": {k: v for k, v in (case.headers or {}).items() if k.lower() != "user-agent"},
        "body": repr(case.body)[:200],
        "status": response.status_code,
        "answer": response.text[:300],
    }


def main():
    spec, base_url, examples = sys.argv[1], sys.argv[2], int(sys.argv[3])
    schema = schemathesis.openapi.from_path(spec)
    report = {"positive": 0, "positiveRefused": [], "negative": 0, "negativeRefused": 0, "negativeMissed": [],
              "byOperation": {}}
    positive_refused = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        counts = {"positive": 0, "positiveRefused": 0, "negative": 0, "negativeRefused": 0}
        for mode, kind in ((GenerationMode.POSITIVE, "positive"), (GenerationMode.NEGATIVE, "negative")):
            for case in draw(operation, mode, examples):
                response = case.call(base_url=base_url, timeout=30)
                counts[kind] += 1
                refused = response.status_code == 422
                if kind == "positive" and refused:
                    counts["positiveRefused"] += 1
                    if len(report["positiveRefused"]) < 10:
                        report["positiveRefused"].append(describe(case, response))
                if kind == "negative":
                    if refused:
                        counts["negativeRefused"] += 1
                    elif len(report["negativeMissed"]) < 10:
                        report["negativeMissed"].append(describe(case, response))
        report["byOperation"][operation.label] = counts
        report["positive"] += counts["positive"]
        report["negative"] += counts["negative"]
        report["negativeRefused"] += counts["negativeRefused"]
        positive_refused += counts["positiveRefused"]
    report["positiveRefusedCount"] = positive_refused
    print(json.dumps(report))


if __name__ == "__main__":
    main()
