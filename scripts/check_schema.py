"""Validate YAML files against a JSON Schema with the reference Python implementation.

Usage: check_schema.py [--best-match] [--schema-checked] SCHEMA.json FILE.yaml...
Prints one line per problem ("FILE: at PATH: MESSAGE") and exits 1 if any file fails, 0 otherwise.
SCHEMA is first checked against the Draft 2020-12 meta-schema: most of a second of CPU for
`parley schema flow`'s 280 KB, where the files take a few hundredths. --schema-checked skips that,
for a caller whose test suite checks the same schema once elsewhere.
With --best-match, prints only the one problem per file that jsonschema's best_match picks: the
message an editor or `jsonschema.validate` shows, which should name a misspelt key itself rather
than say "is not valid under any of the given schemas".
"""
import json
import re
import sys

import jsonschema
import yaml


class Yaml12Loader(yaml.SafeLoader):
    """PyYAML reads YAML 1.1, where `on:`, `yes` and `no` are booleans; Parley and editors read YAML 1.2,
    where only true/false are. Swap the boolean rule so this check sees files as Parley does."""


Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def main() -> int:
    arguments = sys.argv[1:]
    options = {"--best-match", "--schema-checked"}
    flags = set()
    while arguments and arguments[0] in options:
        flags.add(arguments.pop(0))
    best_only = "--best-match" in flags
    schema_path, *files = arguments
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    if "--schema-checked" not in flags:
        jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failed = False
    for path in files:
        with open(path, encoding="utf-8") as handle:
            document = yaml.load(handle, Loader=Yaml12Loader)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if best_only and errors:
            errors = [jsonschema.exceptions.best_match(errors)]
        for error in errors:
            failed = True
            where = "/".join(str(p) for p in error.absolute_path) or "(root)"
            print(f"{path}: at {where}: {error.message[:300]}")
    print(f"checked {len(files)} file(s) against {schema_path}: {'FAILED' if failed else 'ok'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
