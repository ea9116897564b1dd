#!/usr/bin/env python3
"""Prints Python's verdict on every case of the schema corpus (schema_corpus.py writes it), for the differential test.

Usage: schema_verdicts.py CORPUS

Each case is validated by openapi-schema-validator with its format checker: OAS 3.0 cases by OAS30WriteValidator for
a request (readOnly refused) or OAS30ReadValidator for a response (writeOnly refused), OAS 3.1 cases by
OAS31Validator. A case's schema is a JSON pointer into its document or a schema written inline; either way it is
read with the document as its root, so that `#/components/schemas/...` resolves. Prints one JSON object mapping each
case's name to true (valid) or false (invalid).
"""
import json
import sys

from openapi_schema_validator import (OAS30ReadValidator, OAS30WriteValidator, OAS31Validator, oas30_format_checker,
                                      oas31_format_checker)


def validator_for(case):
    if case["dialect"] == "3.1":
        return OAS31Validator, oas31_format_checker
    return (OAS30WriteValidator if case["direction"] == "request" else OAS30ReadValidator), oas30_format_checker


def main():
    with open(sys.argv[1]) as handle:
        corpus = json.load(handle)
    verdicts = {}
    for case in corpus["cases"]:
        root = dict(corpus["documents"][case["document"]])
        root.pop("openapi", None)
        if isinstance(case["schema"], str):
            root["$ref"] = case["schema"]
        else:
            root.update(case["schema"])
        validator, checker = validator_for(case)
        verdicts[case["name"]] = validator(root, format_checker=checker).is_valid(case["instance"])
    json.dump(verdicts, sys.stdout)


if __name__ == "__main__":
    main()
