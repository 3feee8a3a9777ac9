"""Compare kifu's repaired game information (DT, RE, KM, TM) with SGFC's.

usage: compare_sgfc_gameinfo.py [-v] [--props DT,RE,KM,TM] KIFU SGFC DIR...

For every .sgf file under the DIRs (sorted), each game's first value of
each property on its main line is read (through `KIFU convert --to json`,
so escapes are resolved and charsets decoded) from:

- the input;
- `KIFU fix --force` (the smallest change: a file that needs no repair is
  written as it was, so the dates of a correct FF[3] file stay free text);
- `KIFU fix --force --normalize` (the canonical form: every file FF[4]);
- SGFC's repaired file (`SGFC IN OUT`), when SGFC writes one.

`KIFU check --format json` on the input says whether kifu reported the
value (the diagnostics whose message starts with `ID[`).

Printed: for each property, how many values were already standard, how
many fix converted, how many it kept and reported, how many it left in a
file it did not repair (and what --normalize made of them); how many of
the values SGFC wrote kifu --normalize agrees with; then every value
where they disagree, with a first sorting of the reason by the rule
"nothing lost, nothing guessed" (kifu converts what SGFC leaves; SGFC
drops part of the text, or writes a number the text does not hold), for
the reader to check (-v prints every value).

SGFC is not part of kifu: build it from its public sources outside the
repository (`make` in its src/ directory).
"""

import collections
import json
import os
import re
import subprocess
import sys
import tempfile


def sgf_files(dirs):
    """The .sgf files under `dirs`, each folder's sorted."""
    for top in dirs:
        for root, subdirs, files in os.walk(top):
            subdirs.sort()
            for name in sorted(files):
                if name.lower().endswith(".sgf"):
                    yield os.path.join(root, name)


def first_values(kifu, path, props):
    """[{prop: value}] per game: the first value on the main line."""
    out = subprocess.run(
        [kifu, "convert", "--to", "json", path], capture_output=True
    )
    if out.returncode not in (0, 1) or not out.stdout:
        return None
    try:
        games = json.loads(out.stdout)
    except ValueError:
        return None
    result = []
    for game in games:
        found = {}
        node = game
        while node is not None:
            for ident, values in node.get("props", []):
                if ident in props and ident not in found and values:
                    found[ident] = values[0]
            children = node.get("children") or []
            node = children[0] if children else None
        result.append(found)
    return result


def reported(kifu, path, props):
    """{(prop, severity)} kifu check reports on the input's values."""
    out = subprocess.run(
        [kifu, "check", "--format", "json", path], capture_output=True
    )
    said = set()
    for line in out.stderr.decode("utf-8", "replace").splitlines():
        try:
            d = json.loads(line)
        except ValueError:
            continue
        message = d.get("message", "")
        for p in props:
            if message.startswith(p + "["):
                said.add((p, d.get("severity")))
    return said


def main(argv):
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    props = ["DT", "RE", "KM", "TM"]
    if "--props" in argv:
        at = argv.index("--props")
        props = argv[at + 1].split(",")
        del argv[at : at + 2]
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    kifu, sgfc, dirs = argv[0], argv[1], argv[2:]
    counts = {p: collections.Counter() for p in props}
    compared = collections.Counter()
    differences = []
    with tempfile.TemporaryDirectory() as tmp:
        fixed_path = os.path.join(tmp, "fixed.sgf")
        normal_path = os.path.join(tmp, "normal.sgf")
        sgfc_path = os.path.join(tmp, "sgfc.sgf")
        for path in sgf_files(dirs):
            for p in (fixed_path, normal_path, sgfc_path):
                if os.path.exists(p):
                    os.remove(p)
            subprocess.run(
                [kifu, "fix", "--force", "-q", path, "-o", fixed_path],
                capture_output=True,
            )
            subprocess.run(
                [kifu, "fix", "--force", "--normalize", "-q", path, "-o", normal_path],
                capture_output=True,
            )
            subprocess.run([sgfc, path, sgfc_path], capture_output=True)
            original = first_values(kifu, path, props) or []
            fixed = first_values(kifu, fixed_path, props) if os.path.exists(fixed_path) else None
            normal = first_values(kifu, normal_path, props) if os.path.exists(normal_path) else None
            theirs = first_values(kifu, sgfc_path, props) if os.path.exists(sgfc_path) else None
            said = reported(kifu, path, props)
            for g, values in enumerate(original):
                for p, value in values.items():
                    f = fixed[g].get(p) if fixed and g < len(fixed) else None
                    n = normal[g].get(p) if normal and g < len(normal) else None
                    s = theirs[g].get(p) if theirs and g < len(theirs) else None
                    severities = sorted(sev for (q, sev) in said if q == p)
                    if not severities and f == value:
                        kind = "standard"
                    elif f is None and os.path.exists(fixed_path):
                        kind = "removed by fix (empty)"
                    elif f != value:
                        kind = "converted by fix"
                    elif not os.path.exists(fixed_path) or open(fixed_path, "rb").read() == open(path, "rb").read():
                        kind = "left in a file fix did not change (%s)" % "/".join(severities)
                    else:
                        kind = "kept and reported (%s)" % "/".join(severities)
                    counts[p][kind] += 1
                    if n != value and kind.startswith("left"):
                        counts[p]["  of which --normalize converts"] += 1
                    if theirs is not None:
                        compared[p] += 1
                        if s != n:
                            differences.append((path, p, value, f, n, s))
                    if verbose:
                        print("%s %s[%s]: fix %r, normalize %r, sgfc %r (%s)" % (path, p, value, f, n, s, kind))
    for p in props:
        print("%s: %d values" % (p, sum(v for k, v in counts[p].items() if not k.startswith(" "))))
        for kind, n in sorted(counts[p].items(), key=lambda kv: kv[0].startswith(" ")):
            print("  %5d %s" % (n, kind))
    for p in props:
        d = sum(1 for x in differences if x[1] == p)
        print("%s: SGFC wrote %d values; kifu --normalize agrees on %d" % (p, compared[p], compared[p] - d))
    print("\n%d values where kifu --normalize and SGFC differ:" % len(differences))
    for path, p, value, f, n, s in differences:
        print("  %s: %s[%s] kifu %r, SGFC %r: %s" % (path, p, value, n, s, reason(value, n, s)))
    return 0


def reason(value, kifu, sgfc):
    """Why kifu and SGFC differ, in the terms of the rule "nothing lost,
    nothing guessed" (a first sorting: read each one)."""
    kept = kifu is not None and kifu.strip() == value.strip()
    if sgfc is not None and sgfc.strip() == value.strip() and not kept:
        return "kifu converts (a certain reading); SGFC leaves the old form"
    if kept and sgfc is None:
        return "SGFC drops the value; kifu keeps it and reports it"
    if kept and sgfc in value:
        return "SGFC keeps part of the value and drops the rest (lost); kifu keeps it and reports it"
    if kept:
        made_up = [n for n in re.findall(r"\d+(?:\.\d+)?", sgfc) if n not in value]
        if made_up:
            return "SGFC writes a number the value does not hold (%s); kifu keeps it and reports it" % made_up[0]
        return "SGFC reads the words and drops the rest of the text (lost); kifu keeps it and reports it"
    return "both convert, differently"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
