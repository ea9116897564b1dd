"""The differential corpus's cases written for each keyword (schema_corpus.py adds them to those from public specs).

Each family is a schema, the dialects it is read in, and instances around its edges; every instance becomes one case
per dialect, named `keywords/FAMILY/DIALECT/INDEX`.
"""

BOTH, V30, V31 = ("3.0", "3.1"), ("3.0",), ("3.1",)
REF = "#/components/schemas/"

# Component schemas the keyword cases refer to.
KEYWORD_COMPONENTS = {
    "Cat": {"type": "object", "required": ["kind", "claws"],
            "properties": {"kind": {"type": "string"}, "claws": {"type": "integer"}}},
    "Dog": {"type": "object", "required": ["kind", "bark"],
            "properties": {"kind": {"type": "string"}, "bark": {"type": "string"}}},
    "Tree": {"type": "object", "required": ["value"],
             "properties": {"value": {"type": "integer"},
                            "children": {"type": "array", "items": {"$ref": REF + "Tree"}}}},
    "Name": {"type": "string", "minLength": 1},
    "User": {"type": "object", "required": ["id", "name", "password"],
             "properties": {"id": {"type": "integer", "readOnly": True}, "name": {"type": "string"},
                            "password": {"type": "string", "writeOnly": True}}},
}

FAMILIES = [
    ("type-string", BOTH, {"type": "string"}, ["a", "", 1, None, True, [], {}]),
    ("type-number", BOTH, {"type": "number"}, [1, 1.5, -0.0, "1", None, True]),
    ("type-integer", BOTH, {"type": "integer"}, [1, -7, 1.0, 1.5, 3e2, "1", True, 12345678901234567890]),
    ("type-boolean", BOTH, {"type": "boolean"}, [True, False, 0, "true", None]),
    ("type-array", BOTH, {"type": "array"}, [[], [1, "a"], {}, "[]"]),
    ("type-object", BOTH, {"type": "object"}, [{}, {"a": 1}, [], None]),
    ("type-list", V31, {"type": ["string", "null"]}, ["a", None, 1, False]),
    ("nullable", BOTH, {"type": "integer", "nullable": True}, [None, 1, "a"]),
    ("nullable-without-type", V30, {"nullable": True, "minimum": 1}, [None, 0, 2]),
    ("nullable-enum", V30, {"type": "string", "nullable": True, "enum": ["a", None]}, [None, "a", "b"]),
    ("enum", BOTH, {"enum": ["a", "b", 1, None, [1], {"x": 1}]},
     ["a", "c", 1, 1.0, True, None, [1], [1.0], [2], {"x": 1}, {"x": 1, "y": 2}]),
    ("enum-strings", BOTH, {"type": "string", "enum": ["red", "green"]}, ["red", "blue", "Red"]),
    ("const", V31, {"const": {"a": [1, "x"]}}, [{"a": [1, "x"]}, {"a": [1.0, "x"]}, {"a": [1]}, None]),
    ("const-null", V31, {"const": None}, [None, 0, ""]),
    ("min-length", BOTH, {"minLength": 2}, ["ab", "a", "", "\u00e9\u00e9", "\U0001F600", 1]),
    ("max-length", BOTH, {"maxLength": 3}, ["abc", "abcd", "\U0001F600\U0001F600\U0001F600", "e\u0301e\u0301", 12345]),
    ("pattern", BOTH, {"pattern": "^[a-z]+[0-9]?$"}, ["abc", "abc1", "abc12", "ABC", "", 5]),
    ("pattern-unanchored", BOTH, {"pattern": "b+c"}, ["abbcd", "ac", "bc"]),
    ("pattern-digits", BOTH, {"pattern": "^\\d{3}-\\d{4}$"}, ["555-1234", "555-123", "5551234"]),
    ("minimum", BOTH, {"minimum": 1.5}, [1.5, 1.4, 2, -3, 1.50001, "0"]),
    ("maximum", BOTH, {"maximum": 10}, [10, 10.0, 10.5, -1e10, 1e1]),
    ("exclusive-30", V30, {"minimum": 0, "exclusiveMinimum": True, "maximum": 5, "exclusiveMaximum": True},
     [0, 0.001, 5, 4.999, 3]),
    ("exclusive-31", V31, {"exclusiveMinimum": 0, "exclusiveMaximum": 5}, [0, 0.001, 5, 4.999, 3]),
    ("multiple-of-integer", BOTH, {"multipleOf": 3}, [9, 10, 0, -6, 9.0, 7.5]),
    ("multiple-of-half", BOTH, {"multipleOf": 0.5}, [1.5, 1.25, 3, 0]),
    ("multiple-of-decimal", BOTH, {"multipleOf": 0.01}, [19.99, 0.3, 0.001, 5]),
    ("multiple-of-tenth", BOTH, {"multipleOf": 0.1}, [0.3, 0.7, 0.35]),
    ("min-max-items", BOTH, {"minItems": 1, "maxItems": 2}, [[1], [], [1, 2], [1, 2, 3], "ab"]),
    ("unique-items", BOTH, {"uniqueItems": True},
     [[1, 2], [1, 1], [1, 1.0], [1, True], [0, False], [{"a": 1, "b": 2}, {"b": 2, "a": 1}], [[1], [1.0]],
      ["a", "A"], [None, None], []]),
    ("items", BOTH, {"type": "array", "items": {"type": "integer", "minimum": 0}}, [[1, 2], [1, -1], [1, "a"], []]),
    ("prefix-items", V31, {"prefixItems": [{"type": "string"}, {"type": "integer"}]},
     [["a", 1], ["a", 1, True], [1, "a"], ["a"], []]),
    ("prefix-items-closed", V31, {"prefixItems": [{"type": "string"}], "items": False}, [["a"], ["a", 1], []]),
    ("required", BOTH, {"required": ["a", "b"]}, [{"a": 1, "b": 2}, {"a": 1}, {}, {"a": None, "b": None}, [1]]),
    ("properties", BOTH, {"properties": {"a": {"type": "string"}, "b/c": {"type": "integer"}}},
     [{"a": "x"}, {"a": 1}, {"b/c": "x"}, {"b/c": 2, "z": 1}, {}]),
    ("additional-false", BOTH, {"properties": {"a": {}}, "additionalProperties": False},
     [{"a": 1}, {"a": 1, "b": 2}, {}]),
    ("additional-schema", BOTH, {"properties": {"a": {}}, "additionalProperties": {"type": "integer"}},
     [{"a": "x", "b": 2}, {"b": "x"}, {}]),
    ("pattern-properties", BOTH, {"patternProperties": {"^x-": {"type": "string"}}, "additionalProperties": False},
     [{"x-a": "s"}, {"x-a": 1}, {"y": "s"}, {}]),
    ("pattern-properties-names", BOTH,
     {"patternProperties": {"^x-": {}}, "additionalProperties": False}, [{"x-a": 1}, {"y": 1}]),
    ("min-max-properties", BOTH, {"minProperties": 1, "maxProperties": 2},
     [{"a": 1}, {}, {"a": 1, "b": 2, "c": 3}, "abc"]),
    ("all-of", BOTH, {"allOf": [{"required": ["a"]}, {"properties": {"a": {"type": "string"}}}]},
     [{"a": "x"}, {"a": 1}, {}]),
    ("any-of", BOTH, {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 5}]}, ["a", 6, 4, None]),
    ("one-of", BOTH, {"oneOf": [{"type": "number"}, {"type": "integer"}]}, [1.5, 2, "x"]),
    ("one-of-objects", BOTH,
     {"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}, [{"a": 1}, {"b": 1}, {"a": 1, "b": 1}, {}]),
    ("not", BOTH, {"not": {"type": "string"}}, [1, "a", None]),
    ("ref", BOTH, {"$ref": REF + "Name"}, ["a", "", 1]),
    ("ref-siblings", BOTH, {"$ref": REF + "Name", "maxLength": 2}, ["ab", "abc"]),
    ("tree", BOTH, {"$ref": REF + "Tree"},
     [{"value": 1}, {"value": 1, "children": [{"value": 2, "children": [{"value": 3}]}]},
      {"value": 1, "children": [{"value": 2, "children": [{"value": "x"}]}]}, {"children": []}]),
    ("discriminator", BOTH,
     {"oneOf": [{"$ref": REF + "Cat"}, {"$ref": REF + "Dog"}], "discriminator": {"propertyName": "kind"}},
     [{"kind": "Cat", "claws": 4}, {"kind": "Dog", "bark": "woof"}, {"kind": "Cat", "claws": "x"},
      {"kind": "Cow"}, {"claws": 4}, {"kind": "Dog", "claws": 4, "bark": "w"}]),
    ("discriminator-mapping", BOTH,
     {"anyOf": [{"$ref": REF + "Cat"}, {"$ref": REF + "Dog"}],
      "discriminator": {"propertyName": "kind", "mapping": {"cat": REF + "Cat", "dog": REF + "Dog"}}},
     [{"kind": "cat", "claws": 1}, {"kind": "dog", "bark": "w"}, {"kind": "dog", "claws": 1}, {"kind": "bird"}]),
    ("format-date-time", BOTH, {"format": "date-time"},
     ["2026-11-27T03:15:00Z", "2026-11-27T03:15:00.123+05:30", "2026-11-27t03:15:00z", "2026-11-27T03:15:00",
      "2026-02-30T00:00:00Z", "2024-02-29T00:00:00Z", "2026-11-27 03:15:00Z", "2026-11-27T24:00:00Z", 5]),
    ("format-date", BOTH, {"format": "date"}, ["2026-11-27", "2026-11-31", "2026-1-01", "20261127", "2000-02-29"]),
    ("format-time", BOTH, {"format": "time"}, ["03:15:00", "23:59:59", "24:00:00", "03:15", "03:15:00.5", "03:15:00Z", "03:15:00+01:00", "03:15:00+1"]),
    ("format-email", BOTH, {"format": "email"}, ["a@example.com", "example.com", "@"]),
    ("format-uuid", BOTH, {"format": "uuid"},
     ["123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000",
      "123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400", "not-a-uuid"]),
    ("format-uri", BOTH, {"format": "uri"}, ["https://example.com/a?b=c", "urn:isbn:123", "/relative", "a b"]),
    ("format-ipv4", BOTH, {"format": "ipv4"}, ["192.168.1.1", "256.0.0.1", "1.2.3", "01.2.3.4", "0.0.0.0"]),
    ("format-ipv6", BOTH, {"format": "ipv6"},
     ["::1", "2001:db8::1", "::ffff:192.0.2.1", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1::2::3", "gggg::1",
      "fe80::1%eth0", "1:2:3:4:5:6:7::"]),
    ("format-int32", BOTH, {"type": "integer", "format": "int32"},
     [2147483647, 2147483648, -2147483648, -2147483649, 0]),
    ("format-int64", BOTH, {"type": "integer", "format": "int64"},
     [9223372036854775807, 9223372036854775808, -9223372036854775808]),
    ("format-byte", BOTH, {"type": "string", "format": "byte"}, ["U3RhbmRJbg==", "YWJj", "YWJ", "Y===", "YW!=", ""]),
    ("format-unknown", BOTH, {"format": "color"}, ["red", 1]),
    ("read-only-request", BOTH, {"$ref": REF + "User"},
     [{"name": "a", "password": "p"}, {"id": 1, "name": "a", "password": "p"}, {"name": "a"}], "request"),
    ("write-only-response", BOTH, {"$ref": REF + "User"},
     [{"id": 1, "name": "a"}, {"id": 1, "name": "a", "password": "p"}, {"name": "a"}], "response"),
    ("boolean-schemas", V31, {"properties": {"a": False, "b": True}}, [{"b": 1}, {"a": 1}, {}]),
    ("nested", BOTH,
     {"type": "object", "required": ["items"], "properties": {"items": {"type": "array", "items": {
         "type": "object", "required": ["price"], "properties": {"price": {"type": "number", "minimum": 0}}}}}},
     [{"items": [{"price": 1}]}, {"items": [{"price": "1"}]}, {"items": [{}]}, {"items": [{"price": -1}]}]),
]


def keyword_cases():
    """One case per family, dialect and instance."""
    cases = []
    for family in FAMILIES:
        label, dialects, schema, instances = family[:4]
        direction = family[4] if len(family) > 4 else "response"
        for dialect in dialects:
            for index, instance in enumerate(instances):
                cases.append({"name": f"keywords/{label}/{dialect}/{index}", "document": "keywords",
                              "dialect": dialect, "direction": direction, "schema": schema, "instance": instance})
    return cases
