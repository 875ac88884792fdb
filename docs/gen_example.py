#!/usr/bin/env python3
"""A property test of a toy create-post handler, fed by `validate gen` (docs/gen.md).

Reads the JSON lines of `validate gen` on stdin; each holds a body and the status the
rule book answers for it. The handler under test must answer the same status. The
handler has a planted bug: a twitter thread item is refused only past one grapheme
over the cap. With --fixed the bug is gone and every line must pass.

Plain python3, standard library only: a Hypothesis suite would read the same lines as
examples (@example) or as the strategy's seeds.
"""

import json
import sys
import unicodedata

CAP = 280  # twitter.text.max; a real suite reads it from `validate rules --format json`


def pictographic(cp):
    return cp >= 0x1F000 or 0x2600 <= cp <= 0x27BF


def regional(cp):
    return 0x1F1E6 <= cp <= 0x1F1FF


def graphemes(text):
    """Grapheme clusters, as far as the scripts and emoji validate gen writes need:
    marks, variation selectors, skin tones, ZWJ sequences, flags, Indic conjuncts."""
    count, prev, run = 0, None, 0
    for ch in text:
        cp = ord(ch)
        joins = False
        if prev is not None:
            cat = unicodedata.category(ch)
            if cat in ("Mn", "Me", "Mc") or cp == 0x200D or 0x1F3FB <= cp <= 0x1F3FF:
                joins = True
            elif ord(prev) == 0x200D and pictographic(cp):
                joins = True
            elif regional(cp) and run % 2 == 1:
                joins = True
            elif unicodedata.combining(prev) == 9 and cat == "Lo":
                joins = True
            elif prev == "\r" and ch == "\n":
                joins = True
        run = run + 1 if regional(cp) else 0
        if not joins:
            count += 1
        prev = ch
    return count


def handler(body, fixed):
    """The handler under test: 202 or 400 by the twitter cap."""
    try:
        req = json.loads(body)
    except ValueError:
        return 400
    for target in req.get("platforms", []):
        text = target.get("content", req.get("content", ""))
        if graphemes(text) > CAP:
            return 400
        items = (target.get("platformSpecificData") or {}).get("threadItems", [])
        for item in items:
            limit = CAP if fixed else CAP + 1  # the planted bug
            if graphemes(item.get("content", "")) > limit:
                return 400
    return 202


def main():
    fixed = "--fixed" in sys.argv[1:]
    n = 0
    for raw in sys.stdin:
        line = json.loads(raw)
        got = handler(line["body"].encode("utf-8"), fixed)
        n += 1
        if got != line["httpStatus"]:
            print("counterexample: seed %d, index %d (%s)" % (line["seed"], line["index"], line["generator"]))
            print("the book answers %d %s at %s" % (line["httpStatus"], line.get("code", ""), line.get("path", "")))
            print("the handler answers %d" % got)
            return 1
    print("%d bodies: the handler answers as the book does" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
