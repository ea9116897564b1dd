#!/usr/bin/env python3
"""Calls every operation of an OpenAPI spec on a running StandIn that imported it, and validates each answer.

Usage: openapi_validate.py SPEC BASE_URL

Reads the spec on its own (PyYAML or json), derives what each call should answer (the lowest 2xx as the default,
every other response code as a variant named by the code, every named example as a variant by its name), sends the
call with X-StandIn-Variant, and checks the status and that the body validates against the response's schema with
openapi-schema-validator (OpenAPI 3.0 or 3.1 rules, formats checked, writeOnly refused in a response). A body that is
exactly one of the spec's own examples, which fails its own schema, is counted apart: the spec is wrong there.

Prints one JSON object: operations, requests, validated, specExamplesInvalid, oneOfOverlaps (where a sampled body
matched several branches of a `oneOf`), failures (at most 25, each saying
where and why).
"""
import copy
import http.client
import json
import re
import sys
import urllib.parse

import yaml
from jsonschema.exceptions import ValidationError
from openapi_schema_validator import (OAS30ReadValidator, OAS31Validator, oas30_format_checker,
                                      oas31_format_checker)

# A sampled body valid under more than one branch of a `oneOf`: the import samples the first branch and does not
# search for a body that only one branch accepts (where the branches' objects differ in no required property or
# closed set of properties, there may be none). Reported apart from failures, and expected to be rare.
OVERLAP = object()
METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]


class SpecLoader(yaml.CSafeLoader if hasattr(yaml, "CSafeLoader") else yaml.SafeLoader):
    """YAML as OpenAPI means it: keys as text (`200:` is "200"), dates left as strings."""


SpecLoader.yaml_implicit_resolvers = {
    first: [(tag, regex) for tag, regex in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

# YAML 1.2 reads 1e3 and 0.5e0 as numbers, as Yams does; PyYAML's YAML 1.1 rules need a dot and a signed exponent.
SpecLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)[eE][-+]?[0-9]+$"),
    list("-+0123456789."),
)


def string_keys(value):
    if isinstance(value, dict):
        return {str(key): string_keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [string_keys(item) for item in value]
    return value


def load(path):
    with open(path, "rb") as handle:
        text = handle.read()
    if text.lstrip()[:1] == b"{":
        return json.loads(text)
    return string_keys(yaml.load(text, Loader=SpecLoader))


def base_path(spec):
    servers = spec.get("servers") or []
    if not servers or "url" not in servers[0]:
        return ""
    url = servers[0]["url"]
    for name, variable in (servers[0].get("variables") or {}).items():
        if "default" in variable:
            url = url.replace("{%s}" % name, str(variable["default"]))
    path = urllib.parse.urlsplit(url).path if "://" in url else url.split("?")[0].split("#")[0]
    path = path.rstrip("/")
    return path if not path or path.startswith("/") else "/" + path


def resolve(spec, node):
    for _ in range(32):
        if not isinstance(node, dict) or "$ref" not in node:
            return node
        node = pointer(spec, node["$ref"])
        if node is None:
            return None
    return None


def pointer(spec, reference):
    if not reference.startswith("#"):
        return None
    node = spec
    for token in urllib.parse.unquote(reference[1:]).split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def escape(token):
    return token.replace("~", "~0").replace("/", "~1")


def key_status(key):
    if key == "default":
        return 500
    if re.fullmatch(r"[1-5][xX][xX]", key):
        return int(key[0]) * 100
    if re.fullmatch(r"[1-5][0-9][0-9]", key):
        return int(key)
    return None


def main_key(keys):
    def order(key):
        return (key_status(key), 1 if "X" in key.upper() else 0)

    success = [key for key in keys if key != "default" and 200 <= key_status(key) < 300]
    if success:
        return min(success, key=order)
    if "default" in keys:
        return "default"
    codes = [key for key in keys if key != "default"]
    return min(codes, key=order) if codes else None


def chosen_media(response):
    content = response.get("content") or {}
    for test in (lambda name: name.lower().startswith("application/json"), lambda name: "json" in name.lower()):
        for name in content:
            if test(name):
                return name
    return next(iter(content), None)


def safe(name):
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)


def expectations(spec, operation_pointer, operation):
    """(variant or None, status, schema pointer or None, spec example or None) for every call the import serves."""
    responses = operation.get("responses") or {}
    keys = [key for key in responses if key_status(key) is not None]
    main = main_key(keys)
    if main is None:
        return []
    taken, calls = set(), []

    def add(name, prefix, call):
        for candidate in [safe(name)] + ([f"{prefix}-{safe(name)}"] if prefix else []):
            if candidate not in taken:
                taken.add(candidate)
                calls.append((candidate,) + call)
                return

    for key in [main] + [key for key in keys if key != main]:
        response = resolve(spec, responses[key])
        if response is None:
            continue
        status = 200 if key == main and key == "default" else key_status(key)
        media = chosen_media(response) if status not in (204, 304) and status >= 200 else None
        place = f"{operation_pointer}/responses/{escape(key)}"
        if responses[key] != response and "$ref" in responses[key]:
            place = responses[key]["$ref"]
        schema = None
        examples = []
        if media is not None:
            content = response["content"][media]
            if "schema" in content and ("json" in media or media == "*/*"):
                schema = f"{place}/content/{escape(media)}/schema"
            for name, example in (content.get("examples") or {}).items():
                example = resolve(spec, example)
                if isinstance(example, dict) and "value" in example:
                    examples.append((name, example["value"]))
            if not examples and "example" in content:
                examples = [(None, content["example"])]
        first = examples[0][1] if examples else None
        if key == main:
            calls.append((None, status, schema, first, bool(examples)))
        else:
            add(key, None, (status, schema, first, bool(examples)))
        for name, value in examples:
            if name is not None:
                add(name, key, (status, schema, value, True))
    return calls


def concrete(base, path):
    return base + re.sub(r"\{[^}/]*\}", "1", path)


def call(server, target, method, variant):
    """One request on its own connection, redirects not followed: a Location the spec gives points elsewhere."""
    connection = http.client.HTTPConnection(server.hostname, server.port, timeout=60)
    try:
        headers = {} if variant is None else {"X-StandIn-Variant": variant}
        connection.request(method.upper(), urllib.parse.quote(target, safe="/.-_~"), headers=headers)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def main():
    spec_path, server = sys.argv[1], urllib.parse.urlsplit(sys.argv[2])
    spec = load(spec_path)
    is31 = str(spec.get("openapi", "")).startswith("3.1")
    validator_class = OAS31Validator if is31 else OAS30ReadValidator
    checker = oas31_format_checker if is31 else oas30_format_checker
    base = base_path(spec)
    summary = {"operations": 0, "requests": 0, "validated": 0, "specExamplesInvalid": 0, "oneOfOverlaps": [],
               "failures": []}

    def fail(where, why):
        if len(summary["failures"]) < 25:
            summary["failures"].append(f"{where}: {why}")
        summary["failed"] = summary.get("failed", 0) + 1

    def errors(instance, schema_pointer):
        root = copy.copy(spec)
        root["$ref"] = schema_pointer
        found = list(validator_class(root, format_checker=checker).iter_errors(instance))
        if not found:
            return None
        if all(error.validator == "oneOf" and "is valid under each of" in error.message for error in found):
            return OVERLAP
        return f"{found[0].message[:200]} at {list(found[0].absolute_path)}"

    for path, item in (spec.get("paths") or {}).items():
        item_pointer = item["$ref"] if isinstance(item, dict) and "$ref" in item else f"#/paths/{escape(path)}"
        item = resolve(spec, item) or {}
        for method in METHODS:
            if method not in item or not path.startswith("/"):
                continue
            summary["operations"] += 1
            for variant, status, schema, example, from_example in expectations(spec, f"{item_pointer}/{method}", item[method]):
                where = f"{method.upper()} {path} variant {variant or '(default)'}"
                summary["requests"] += 1
                got_status, body = call(server, concrete(base, path), method, variant)
                if got_status != status:
                    fail(where, f"status {got_status}, expected {status}")
                    continue
                if schema is None or method == "head" or not body:
                    continue
                try:
                    served = json.loads(body)
                except ValueError as error:
                    fail(where, f"body is not JSON: {error}")
                    continue
                problem = errors(served, schema)
                if problem is None:
                    summary["validated"] += 1
                elif problem is OVERLAP and not from_example:
                    summary["oneOfOverlaps"].append(where)
                elif from_example and served == example and errors(example, schema) is not None:
                    summary["specExamplesInvalid"] += 1
                else:
                    fail(where, problem)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
