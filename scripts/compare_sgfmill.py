"""Compare kifu's JSON reading of SGF files with sgfmill's.

usage: compare_sgfmill.py KIFU DIR...

For every .sgf file under the DIRs that sgfmill's grammar accepts, the
trees must agree: same number of games, the same tree shape, the same
property identifiers in the same order and the same values. Values are
compared as text with the SGF escapes resolved (a backslash before a
character removed, soft line breaks removed). sgfmill does not know
charsets at this level, so its raw bytes are decoded here as UTF-8, or
failing that with the CA charset; files that are not valid UTF-8 and whose
only differences are in non-ASCII text are counted as charset differences,
not failures (kifu decodes by CA and detection, see its charset module).

Exit status 1 on any other difference.
"""

import codecs
import json
import os
import re
import subprocess
import sys

from sgfmill import sgf_grammar

SOFT_BREAK = re.compile(rb"\\(\r\n|\n\r|\n|\r)")
ESCAPE = re.compile(rb"\\(.)", re.DOTALL)


def unescape(raw: bytes) -> bytes:
    # One pass, left to right, as the spec reads: `\` + line break is a soft
    # break (removed), `\` + any other character is that character.
    out = bytearray()
    i = 0
    while i < len(raw):
        b = raw[i]
        if b == 0x5C and i + 1 < len(raw):
            nxt = raw[i + 1 : i + 3]
            if nxt in (b"\r\n", b"\n\r"):
                i += 3
                continue
            if raw[i + 1] in (0x0A, 0x0D):
                i += 2
                continue
            out.append(raw[i + 1])
            i += 2
            continue
        out.append(b)
        i += 1
    return bytes(out)


def decoder(tree) -> str:
    ca = tree.sequence[0].get("CA")
    if ca:
        label = ca[0].decode("ascii", "replace").strip()
        try:
            codecs.lookup(label)
            return label
        except LookupError:
            pass
    return "latin-1"


def decode(raw: bytes, fallback: str) -> str:
    value = unescape(raw)
    if codecs.lookup(fallback).name.startswith("iso2022"):
        # 7-bit ISO-2022 text is valid UTF-8 too: only CA tells.
        return value.decode(fallback, "replace")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return value.decode(fallback)
        except (UnicodeDecodeError, LookupError):
            return value.decode("latin-1")


def sgfmill_node(seq, i, children, enc):
    """sgfmill's sequence + children as kifu's JSON node shape."""
    props = [[ident, [decode(v, enc) for v in values]] for ident, values in seq[i].items()]
    if i + 1 < len(seq):
        kids = [sgfmill_node(seq, i + 1, children, enc)]
    else:
        kids = [sgfmill_node(c.sequence, 0, c.children, enc) for c in children]
    return {"props": props, "children": kids}


def merge_repeated(node):
    """sgfmill keeps one entry per identifier, with the values of repeated
    properties (`AB[aa]AB[bb]`) joined in file order; kifu's JSON keeps
    each property as written. Merge ours the same way to compare."""
    merged = {}
    for ident, values in node["props"]:
        merged.setdefault(ident, []).extend(values)
    node["props"] = [[k, v] for k, v in merged.items()]


def walk(node):
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n["children"]))


def compare(ours, theirs):
    """Returns None when equal, else (kind, message)."""
    if len(ours) != len(theirs):
        return ("structure", f"{len(ours)} games vs {len(theirs)}")
    only_text = True
    first = None
    for g, (a, b) in enumerate(zip(ours, theirs)):
        na, nb = list(walk(a)), list(walk(b))
        for n in na:
            merge_repeated(n)
        if len(na) != len(nb):
            return ("structure", f"game {g}: {len(na)} nodes vs {len(nb)}")
        for k, (x, y) in enumerate(zip(na, nb)):
            if len(x["children"]) != len(y["children"]):
                return ("structure", f"game {g} node {k}: children differ")
            ids_x = [p[0] for p in x["props"]]
            ids_y = [p[0] for p in y["props"]]
            if ids_x != ids_y:
                return ("structure", f"game {g} node {k}: ids {ids_x} vs {ids_y}")
            for (pid, vx), (_, vy) in zip(x["props"], y["props"]):
                if len(vx) != len(vy):
                    return ("structure", f"game {g} node {k} {pid}: {len(vx)} values vs {len(vy)}")
                for s, t in zip(vx, vy):
                    if s != t:
                        if s.isascii() and t.isascii():
                            only_text = False
                        if first is None:
                            first = f"game {g} node {k} {pid}: {s[:60]!r} vs {t[:60]!r}"
    if first is None:
        return None
    return ("text" if only_text else "value", first)


def files(dirs):
    for d in dirs:
        for root, _, names in os.walk(d):
            for n in sorted(names):
                if n.lower().endswith(".sgf"):
                    yield os.path.join(root, n)


def main():
    kifu, dirs = sys.argv[1], sys.argv[2:]
    counts = {"agree": 0, "sgfmill-rejects": 0, "charset-differences": 0}
    failures = []
    for path in sorted(files(dirs)):
        data = open(path, "rb").read()
        try:
            trees = sgf_grammar.parse_sgf_collection(data)
        except ValueError:
            counts["sgfmill-rejects"] += 1
            continue
        run = subprocess.run([kifu, "convert", path, "--to", "json", "-q"], capture_output=True)
        if run.returncode == 2:
            failures.append(f"{path}: kifu failed: {run.stderr.decode(errors='replace').strip()}")
            continue
        ours = json.loads(run.stdout)
        theirs = [sgfmill_node(t.sequence, 0, t.children, decoder(t)) for t in trees]
        diff = compare(ours, theirs)
        if diff is None:
            counts["agree"] += 1
        elif diff[0] == "text" and not is_utf8(data):
            counts["charset-differences"] += 1
        else:
            failures.append(f"{path}: {diff[0]}: {diff[1]}")
    print("compare-sgfmill: " + ", ".join(f"{v} {k}" for k, v in counts.items()) + f", {len(failures)} differ")
    for f in failures[:50]:
        print("  " + f)
    os._exit(1 if failures else 0)


def is_utf8(data):
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


if __name__ == "__main__":
    # Game trees nest as deep as games are long; json and the tree
    # conversion above recurse, so give them room.
    import threading

    sys.setrecursionlimit(1_000_000)
    threading.stack_size(512 * 1024 * 1024)
    worker = threading.Thread(target=main)
    worker.start()
    worker.join()
