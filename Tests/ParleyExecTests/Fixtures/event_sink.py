"""An exec plugin written in Python: reads Parley's event lines and records what it saw.

Usage: event_sink.py [--open] SCHEMA OUT [INPUT]

Reads event lines from standard input (or INPUT), writes each line as it came to OUT, and checks
each against SCHEMA with the reference validator (jsonschema, draft 2020-12). By default the
schema's object definitions are closed first, so a key the schema does not document is an error
too; --open checks against the schema as published (open objects, unknown types allowed).
Prints one line per problem to standard error and exits 1 if any line fails, 0 otherwise.
"""
import json
import sys

import jsonschema


def closed(schema):
    """The schema with every object that lists its properties closed to others (not the root,
    whose properties are the ones every line shares)."""

    def close(node):
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                close(value)
        elif isinstance(node, list):
            for value in node:
                close(value)

    close(schema.get("$defs", {}))
    return schema


def main() -> int:
    args = sys.argv[1:]
    open_schema = args[:1] == ["--open"]
    if open_schema:
        args = args[1:]
    schema_path, out_path, *source = args
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema if open_schema else closed(schema))
    lines = open(source[0], encoding="utf-8") if source else sys.stdin
    failed = False
    count = 0
    with open(out_path, "w", encoding="utf-8") as out:
        for number, line in enumerate(lines, start=1):
            out.write(line)
            out.flush()
            count += 1
            try:
                document = json.loads(line)
            except json.JSONDecodeError as error:
                failed = True
                print(f"line {number}: not JSON: {error}", file=sys.stderr)
                continue
            for error in validator.iter_errors(document):
                failed = True
                where = "/".join(str(p) for p in error.absolute_path) or "(root)"
                print(f"line {number} ({document.get('type')}): at {where}: {error.message[:300]}", file=sys.stderr)
    print(f"checked {count} line(s): {'FAILED' if failed else 'ok'}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
