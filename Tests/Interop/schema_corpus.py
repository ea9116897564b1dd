#!/usr/bin/env python3
"""Writes the corpus of the schema validator's differential test: (schema, instance) pairs whose verdicts StandIn's
validator must share with Python's openapi-schema-validator (see schema_verdicts.py).

Usage: schema_corpus.py SPECS_DIR OUTPUT

SPECS_DIR holds the public specs that scripts/setup-interop.sh fetches (github.yaml, stripe.yaml, petstore-3.0.yaml,
petstore-3.1.yaml). The corpus takes component schemas from them, with instances made from the spec's own examples
(GitHub) or sampled from the schema (Stripe, the petstores), each followed by mutations of it; then cases written
for every keyword, in both dialects. Each document is cut down to the component schemas its cases reach, with
descriptions dropped, so the corpus stays small enough to keep in git. Run it again only to change the corpus.
"""
import copy
import json
import sys

from openapi_validate import load

FORMAT_SAMPLES = {
    "date-time": "2026-11-27T03:15:00Z", "date": "2026-11-27", "email": "octocat@example.com",
    "uri": "https://example.com/a", "uuid": "123e4567-e89b-12d3-a456-426614174000", "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1", "byte": "U3RhbmRJbg==",
}
DROPPED = {"description", "summary", "example", "examples", "externalDocs", "title", "x-stripeBypassValidation",
           "x-expansionResources", "x-resourceId", "x-stripeMostCommon", "x-stripeResource", "x-github"}


def refs(node):
    """Every $ref string inside node."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                yield value
            else:
                yield from refs(value)
        if isinstance(node.get("discriminator"), dict):
            yield from (value for value in (node["discriminator"].get("mapping") or {}).values())
    elif isinstance(node, list):
        for item in node:
            yield from refs(item)


def closure(spec, names):
    """The component schema names reachable from names."""
    schemas = spec["components"]["schemas"]
    seen, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name in seen or name not in schemas:
            continue
        seen.add(name)
        todo.extend(ref.rsplit("/", 1)[-1] for ref in refs(schemas[name]) if ref.startswith("#/components/schemas/"))
    return seen


def stripped(node):
    """node without annotations that only make the corpus longer (a property named like one is kept)."""
    if isinstance(node, dict):
        keep = {}
        for key, value in node.items():
            if key in DROPPED and not isinstance(value, dict):
                continue
            keep[key] = stripped(value) if key != "properties" else {k: stripped(v) for k, v in value.items()}
        return keep
    if isinstance(node, list):
        return [stripped(item) for item in node]
    return node


def resolve(spec, schema):
    while isinstance(schema, dict) and "$ref" in schema:
        schema = spec["components"]["schemas"].get(schema["$ref"].rsplit("/", 1)[-1], {})
    return schema


def sample(spec, schema, depth=0):
    """A small instance the schema probably accepts: required members only, the first of each choice."""
    schema = resolve(spec, schema)
    if not isinstance(schema, dict) or depth > 6:
        return None
    if "enum" in schema:
        return schema["enum"][0]
    for keyword in ("oneOf", "anyOf"):
        if keyword in schema:
            return sample(spec, schema[keyword][0], depth + 1)
    if "allOf" in schema:
        merged = {}
        for part in schema["allOf"]:
            value = sample(spec, part, depth + 1)
            if isinstance(value, dict):
                merged.update(value)
        return merged
    kind = schema.get("type")
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties") or {}
        return {name: sample(spec, properties.get(name, {}), depth + 1) for name in schema.get("required", [])}
    if kind == "array":
        return [sample(spec, schema.get("items", {}), depth + 1)]
    if kind == "string":
        return FORMAT_SAMPLES.get(schema.get("format"), "x" * max(1, schema.get("minLength", 1)))
    if kind == "integer":
        return int(schema.get("minimum", 1))
    if kind == "number":
        return schema.get("minimum", 1.5)
    if kind == "boolean":
        return True
    return None


def mutations(spec, schema, instance):
    """(name, instance) pairs: the instance itself, then changed the ways a client or a backend gets it wrong."""
    yield "as-is", instance
    schema = resolve(spec, schema)
    if not isinstance(instance, dict):
        yield "as-object", {"value": instance}
        return
    properties = (schema or {}).get("properties") or {}
    present = [key for key in instance if key in properties]
    missing = [key for key in (schema or {}).get("required", []) if key in instance]
    if missing:
        yield "without-" + missing[0], {k: v for k, v in instance.items() if k != missing[0]}
    yield "with-unknown-member", dict(instance, standin_unknown=1)
    yield "as-string", "not an object"
    for key in present[:2]:
        value = instance[key]
        wrong = 12345 if isinstance(value, str) else "12345" if not isinstance(value, dict) else []
        yield f"{key}-wrong-type", dict(instance, **{key: wrong})
    for key in present[2:3]:
        yield f"{key}-null", dict(instance, **{key: None})
    for key in present:
        prop = resolve(spec, properties[key])
        if isinstance(prop, dict) and "enum" in prop:
            yield f"{key}-outside-enum", dict(instance, **{key: "standin-not-a-member"})
            break
    for key in present:
        value = instance[key]
        if isinstance(value, dict) and value:
            inner = next(iter(value))
            yield f"{key}.{inner}-wrong-type", dict(instance, **{key: dict(value, **{inner: [True]})})
            break


def document(spec, names):
    schemas = spec["components"]["schemas"]
    return {"openapi": spec["openapi"],
            "components": {"schemas": {name: stripped(schemas[name]) for name in sorted(closure(spec, names))}}}


def github_cases(spec, limit_schemas=18, most_reached=40):
    """Response schemas of GitHub's API with the examples the spec gives for them."""
    chosen, cases = [], []
    examples = spec["components"]["examples"]
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict):
                continue
            for code, response in (operation.get("responses") or {}).items():
                content = (response.get("content") or {}).get("application/json") if isinstance(response, dict) else None
                if not content or "$ref" not in content.get("schema", {}) or "examples" not in content:
                    continue
                name = content["schema"]["$ref"].rsplit("/", 1)[-1]
                if name in chosen or len(chosen) >= limit_schemas or len(closure(spec, [name])) > most_reached:
                    continue
                for example in content["examples"].values():
                    value = examples.get(example.get("$ref", "").rsplit("/", 1)[-1], example).get("value")
                    if value is None:
                        continue
                    chosen.append(name)
                    for mutation, instance in mutations(spec, content["schema"], value):
                        cases.append({"name": f"github/{name}/{mutation}", "document": "github", "dialect": "3.0",
                                      "direction": "response", "schema": f"#/components/schemas/{name}",
                                      "instance": instance})
                    break
    return chosen, cases


def sampled_cases(spec, label, dialect, names, direction="response"):
    cases = []
    for name in names:
        schema = {"$ref": f"#/components/schemas/{name}"}
        for mutation, instance in mutations(spec, schema, sample(spec, schema)):
            where = name if direction == "response" else f"{name}/request"
            cases.append({"name": f"{label}/{where}/{mutation}", "document": label, "dialect": dialect,
                          "direction": direction, "schema": f"#/components/schemas/{name}", "instance": instance})
    return cases


def small_stripe_schemas(spec, count=14, most_reached=12):
    names = []
    for name, schema in spec["components"]["schemas"].items():
        if len(names) < count and schema.get("type") == "object" and schema.get("required") \
                and 3 <= len(schema.get("properties", {})) and len(closure(spec, [name])) <= most_reached:
            names.append(name)
    return names


def main():
    specs, output = sys.argv[1], sys.argv[2]
    from keyword_cases import KEYWORD_COMPONENTS, keyword_cases
    github = load(f"{specs}/github.yaml")
    chosen, cases = github_cases(github)
    documents = {"github": document(github, chosen)}
    stripe = load(f"{specs}/stripe.yaml")
    names = small_stripe_schemas(stripe)
    documents["stripe"] = document(stripe, names)
    cases += sampled_cases(stripe, "stripe", "3.0", names)
    cases += sampled_cases(stripe, "stripe", "3.0", names[:4], direction="request")
    for label, dialect in (("petstore-3.0", "3.0"), ("petstore-3.1", "3.1")):
        spec = load(f"{specs}/{label}.yaml")
        names = list(spec["components"]["schemas"])
        documents[label] = document(spec, names)
        cases += sampled_cases(spec, label, dialect, names)
    documents["keywords"] = {"components": {"schemas": KEYWORD_COMPONENTS}}
    cases += keyword_cases()
    names = [case["name"] for case in cases]
    assert len(names) == len(set(names)), "case names repeat"
    with open(output, "w") as handle:
        # One document and one case a line, so that a change to the corpus reads as a diff of the cases it touches.
        compact = {"separators": (",", ":"), "sort_keys": False}
        handle.write('{"documents":{\n')
        handle.write(",\n".join(f"{json.dumps(name)}:{json.dumps(value, **compact)}" for name, value in documents.items()))
        handle.write('\n},"cases":[\n')
        handle.write(",\n".join(json.dumps(case, **compact) for case in cases))
        handle.write("\n]}\n")
    print(f"{len(cases)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
