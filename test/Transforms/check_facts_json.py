#!/usr/bin/env python3
"""Checks a symshape facts report (symshape-infer{report report-format=json})
against its schema, docs/facts-report.schema.json: every object has exactly
the keys the schema names with values of the stated types. Prints "valid" or
the first violation (exit 1). A small validator of the subset of JSON Schema
the file uses (type, properties, required, additionalProperties: false,
items, enum, oneOf, minItems/maxItems, minimum), so that no package beyond
the standard library is needed."""
import json
import sys


def check(value, schema, path, defs):
    if "$ref" in schema:
        schema = defs[schema["$ref"].split("/")[-1]]
    if "oneOf" in schema:
        errors = []
        for alt in schema["oneOf"]:
            try:
                check(value, alt, path, defs)
                return
            except ValueError as e:
                errors.append(str(e))
        raise ValueError("%s: matches no alternative (%s)" % (path, "; ".join(errors)))
    if "enum" in schema and value not in schema["enum"]:
        raise ValueError("%s: %r not in %r" % (path, value, schema["enum"]))
    if "const" in schema and value != schema["const"]:
        raise ValueError("%s: %r is not %r" % (path, value, schema["const"]))
    t = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "integer": int}
    if t and not (isinstance(value, types[t]) and not (t == "integer" and isinstance(value, bool))):
        raise ValueError("%s: expected %s, got %r" % (path, t, value))
    if t == "integer" and "minimum" in schema and value < schema["minimum"]:
        raise ValueError("%s: %r below %r" % (path, value, schema["minimum"]))
    if t == "object":
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                raise ValueError("%s: missing %r" % (path, key))
        for key, v in value.items():
            if key not in props:
                raise ValueError("%s: unexpected key %r" % (path, key))
            check(v, props[key], path + "." + key, defs)
    if t == "array":
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", 1 << 30):
            raise ValueError("%s: %d items" % (path, len(value)))
        items = schema.get("items")
        if isinstance(items, list):
            for i, (v, s) in enumerate(zip(value, items)):
                check(v, s, "%s[%d]" % (path, i), defs)
        elif items:
            for i, v in enumerate(value):
                check(v, items, "%s[%d]" % (path, i), defs)


def main():
    schema = json.load(open(sys.argv[1]))
    report = json.load(open(sys.argv[2]) if len(sys.argv) > 2 else sys.stdin)
    try:
        check(report, schema, "$", schema.get("definitions", {}))
    except ValueError as e:
        print("invalid:", e)
        return 1
    print("valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
