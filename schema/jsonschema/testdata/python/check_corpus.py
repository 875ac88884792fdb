"""Python's jsonschema (Draft 2020-12) over the shared corpus, for TestPythonJSONSchema.

Usage: check_corpus.py DIR CORPUS, where DIR holds create-post.json and draft-publish.json.
Prints one JSON object: the version, the bodies postrules accepts that the schema refuses
("refusedValid", must be empty), and for the refused create-post bodies with a problem a
schema can state ("claimed" non-empty) how many there are and how many the schema refuses.
"""
import json
import sys
from importlib.metadata import version

import jsonschema


def main():
    folder, corpus = sys.argv[1], sys.argv[2]
    validators = {}
    for kind in ("create-post", "draft-publish"):
        with open(f"{folder}/{kind}.json", encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        validators[kind] = jsonschema.Draft202012Validator(schema)
    refused_valid, statable, statable_refused, missed = [], 0, 0, []
    with open(corpus, encoding="utf-8") as f:
        for line in f:
            c = json.loads(line)
            try:
                body = json.loads(c["body"])
            except ValueError:
                continue  # not JSON: no schema applies
            ok = validators[c["kind"]].is_valid(body)
            if c["accepted"]:
                if not ok:
                    refused_valid.append(c["why"] + ": " + c["body"][:200])
            elif c["kind"] == "create-post" and c.get("claimed"):
                statable += 1
                if ok:
                    missed.append(c["why"] + ": " + c["body"][:200])
                else:
                    statable_refused += 1
    print(json.dumps({"version": version("jsonschema"), "refusedValid": refused_valid,
                      "statable": statable, "statableRefused": statable_refused, "missed": missed[:20]}))


main()
