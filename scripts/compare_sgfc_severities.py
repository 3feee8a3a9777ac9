"""Compare what `kifu check` warns of with what SGFC reports by default.

usage: compare_sgfc_severities.py KIFU SGFC DIR...

For every .sgf file under the DIRs (sorted), SGFC is run with its default
options (`SGFC FILE`: no -s, no -v) and `KIFU check --format json FILE`.
A file is clean for SGFC when it prints no error and no warning; clean for
kifu when it reports nothing above a note. Printed:

- the files SGFC calls clean and kifu warns about, by kifu code, with
  examples: each should be a deliberate difference (docs/codes.md, the
  "against SGFC" column);
- the files SGFC reports and kifu does not warn about, by SGFC message
  number, with examples: where kifu notes what SGFC warns of (unknown
  properties, other games) or SGFC is wrong.

SGFC is not part of kifu: build it from its public sources outside the
repository (`make` in its src/ directory).
"""

import collections
import json
import re
import subprocess
import sys

# The .sgf files under some folders, sorted: as the game-information
# comparison walks them (this script's folder is on the import path).
from compare_sgfc_gameinfo import sgf_files


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    kifu, sgfc, dirs = argv[0], argv[1], argv[2:]
    files = 0
    clean_warned = 0
    reported_quiet = 0
    kifu_only = collections.Counter()
    kifu_examples = collections.defaultdict(list)
    sgfc_only = collections.Counter()
    sgfc_examples = collections.defaultdict(list)
    for path in sgf_files(dirs):
        files += 1
        out = subprocess.run([sgfc, path], capture_output=True)
        text = out.stdout.decode("latin-1") + out.stderr.decode("latin-1")
        theirs = re.findall(r"(Fatal error|Error|Warning) (\d+)", text)
        out = subprocess.run(
            [kifu, "check", "--format", "json", path], capture_output=True
        )
        ours = []
        for line in out.stderr.decode("utf-8", "replace").splitlines():
            try:
                d = json.loads(line)
            except ValueError:
                continue
            if d.get("severity") in ("warning", "error"):
                ours.append(d)
        if not theirs and ours:
            clean_warned += 1
            for code in sorted({d["code"] for d in ours}):
                kifu_only[code] += 1
                if len(kifu_examples[code]) < 3:
                    message = next(d["message"] for d in ours if d["code"] == code)
                    kifu_examples[code].append("%s: %s" % (path, message))
        if theirs and not ours:
            reported_quiet += 1
            for kind, number in sorted(set(theirs)):
                key = "%s %s" % (kind, number)
                sgfc_only[key] += 1
                if len(sgfc_examples[key]) < 3:
                    sgfc_examples[key].append(path)
    print("%d files" % files)
    print("\n%d files SGFC calls clean and kifu warns about, by kifu code:" % clean_warned)
    for code, n in kifu_only.most_common():
        print("  %5d %s" % (n, code))
        for e in kifu_examples[code]:
            print("          %s" % e)
    print("\n%d files SGFC reports and kifu does not warn about, by SGFC message:" % reported_quiet)
    for key, n in sgfc_only.most_common():
        print("  %5d %s" % (n, key))
        for e in sgfc_examples[key]:
            print("          %s" % e)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
