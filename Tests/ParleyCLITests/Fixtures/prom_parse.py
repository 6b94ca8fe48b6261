"""Reads Prometheus text exposition with Prometheus' own Python client and prints what it parsed as JSON.

Usage: prom_parse.py FILE_OR_URL (an http:// URL is fetched with a GET, as Prometheus would scrape it). Prints
{"families": [{"name", "type", "help", "samples": [{"name", "labels", "value"}]}]}; a text the parser
rejects exits 1 with its error on standard error, so a malformed exposition fails the test.
"""
import json
import sys
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

source = sys.argv[1]
if source.startswith("http://"):
    with urllib.request.urlopen(source, timeout=10) as answer:
        text = answer.read().decode("utf-8")
else:
    with open(source, encoding="utf-8") as file:
        text = file.read()
families = []
for family in text_string_to_metric_families(text):
    families.append({
        "name": family.name,
        "type": family.type,
        "help": family.documentation,
        "samples": [{"name": s.name, "labels": s.labels, "value": s.value} for s in family.samples],
    })
json.dump({"families": families}, sys.stdout)
