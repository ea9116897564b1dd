#!/usr/bin/env python3
"""Sends schemathesis's generated requests for every operation of a spec to `standin serve --spec` and counts how
they were answered.

Usage: contract_fuzz.py SPEC BASE_URL EXAMPLES

For each operation, schemathesis (hypothesis, derandomized, so every run sends the same requests) generates EXAMPLES
requests that conform to the spec (positive) and EXAMPLES that break it (negative). A request counts as refused when
StandIn answered 422, or answered with `X-StandIn-Violations` (the fixture's own 400/422 variant the spec lists
answered it). A positive request refused means StandIn's validator and schemathesis disagree on the spec; a negative
one not refused is a violation StandIn did not see.

Requests with a form body (application/x-www-form-urlencoded, multipart/form-data) are sent but not judged: the
requests library writes a nested object there as its keys and `True` as `True`, which is not the spec's encoding
(OpenAPI's default for an object property in a form is JSON text), so a "conforming" one may not conform on the wire.

Prints one JSON object: positive (requests sent and judged), positiveRefused (at most 10 refused, each with the
request and StandIn's answer), positiveRefusedCount, negative (sent and judged), negativeRefused, negativeMissed (at
most 10 not refused, each with what schemathesis sent), formBodies (sent, not judged), and byOperation (the counts).
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


FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def describe(case, response):
    return {
        "operation": case.operation.label,
        "pathParameters": case.path_parameters,
        "query": case.query,
        "headers": {k: v for k, v in (case.headers or {}).items() if k.lower() != "user-agent"},
        "mediaType": case.media_type,
        "broken": sorted(str(location.value) for location in (case.meta.components if case.meta else {}))
        if case.meta else [],
        "cookies": case.cookies,
        "body": repr(case.body)[:200],
        "status": response.status_code,
        "answer": response.text[:300],
    }


def main():
    spec, base_url, examples = sys.argv[1], sys.argv[2], int(sys.argv[3])
    schema = schemathesis.openapi.from_path(spec)
    report = {"positive": 0, "positiveRefused": [], "negative": 0, "negativeRefused": 0, "negativeMissed": [],
              "formBodies": 0, "byOperation": {}}
    positive_refused = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        counts = {"positive": 0, "positiveRefused": 0, "negative": 0, "negativeRefused": 0}
        for mode, kind in ((GenerationMode.POSITIVE, "positive"), (GenerationMode.NEGATIVE, "negative")):
            for case in draw(operation, mode, examples):
                response = case.call(base_url=base_url, timeout=30)
                if case.media_type in FORMS:
                    report["formBodies"] += 1
                    continue
                counts[kind] += 1
                refused = response.status_code == 422 or any(
                    name.lower() == "x-standin-violations" for name in response.headers)
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
