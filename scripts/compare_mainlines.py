"""Check `kifu fix` on broken and old SGF files against other readers.

usage: compare_mainlines.py KIFU DIR...

For every .sgf file under the DIRs (sorted):

1. `KIFU fix --force FILE -o OUT` must succeed, and `KIFU check OUT` must
   find no error in the repaired file.
2. Where sgfmill can read the original, the main line of every game (the
   B and W moves of the main sequence, root included, in the order
   written) must be the same in the repaired file, read by sgfmill too.
   Passes are compared as passes (`[]`, and `[tt]` on boards up to 19x19);
   moves that are no point of the board (`B[zz]` on 9x9) are left out on
   both sides: sgfmill keeps their text, kifu removes them as invalid.
3. Where SGFC's own repaired file lies beside its test file
   (`broken/sgfc/v2.0/NAME-result.sgf`), kifu's main lines must be SGFC's.

Files on the allow-list below are reported, not failed, with the reason.
Exit status 1 on any other difference.
"""

import os
import subprocess
import sys
import tempfile

from sgfmill import sgf, sgf_grammar

# Where kifu and a peer read a file differently for a reason that is the
# file's, not kifu's: path (relative to the corpus's sgf/ directory) and why.
ALLOWED = {
    "broken/littlego/Illegal games/encoding-detection-fails.sgf": (
        "`(CA[UTF-8])` before the game: sgfmill skips it as text, kifu reads "
        "it as a game missing its `;` and adds it"
    ),
}


def board_size(root) -> int:
    try:
        raw = root.get_raw("SZ")
    except KeyError:
        return 19
    text = raw.decode("ascii", "replace").split(":")[0].strip()
    return int(text) if text.isdigit() else 19


def moves_of(game_tree) -> list:
    game = sgf.Sgf_game.from_coarse_game_tree(game_tree)
    size = board_size(game.get_root())
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[:size]
    moves = []
    for node in game.get_main_sequence():
        for ident in node.properties():
            if ident not in ("B", "W"):
                continue
            for raw in node.get_raw_list(ident):
                value = raw.decode("latin-1").strip()
                if value == "" or (value == "tt" and size <= 19):
                    moves.append((ident, "pass"))
                elif len(value) == 2 and all(c in letters for c in value):
                    moves.append((ident, value))
    return moves


def main_lines(data: bytes):
    """The main lines of every game, or None when sgfmill cannot read it."""
    try:
        trees = sgf_grammar.parse_sgf_collection(data)
        return [moves_of(tree) for tree in trees]
    except Exception:  # sgfmill's errors are ValueError and friends
        return None


def first_difference(a: list, b: list) -> str:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"move {i + 1}: {x} vs {y}"
    return f"lengths {len(a)} vs {len(b)}"


def main() -> int:
    kifu = sys.argv[1]
    files = []
    for top in sys.argv[2:]:
        for dirpath, _, names in os.walk(top):
            files.extend(
                os.path.join(dirpath, n) for n in names if n.lower().endswith(".sgf")
            )
    files.sort()
    counts = dict(files=0, not_sgf=0, clean=0, comparable=0, agree=0, unreadable=0, sgfc=0, sgfc_agree=0)
    failures, allowed = [], []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.sgf")
        for path in files:
            counts["files"] += 1
            key = path.split("/sgf/", 1)[-1]
            fix = subprocess.run(
                [kifu, "fix", "--force", "--format", "short", path, "-o", out],
                capture_output=True,
            )
            if fix.returncode == 2:
                failures.append(f"{path}: kifu fix failed: {fix.stderr.decode()[:300]}")
                continue
            check = subprocess.run(
                [kifu, "check", "--format", "short", out], capture_output=True
            )
            errors = [l for l in check.stderr.decode().splitlines() if ": error[" in l]
            if any("error[sgf/no-data]" in e for e in errors):
                # Not SGF at all (an empty file, a text): nothing to repair.
                counts["not_sgf"] += 1
                continue
            if errors:
                failures.append(f"{path}: errors after repair: {errors[:3]}")
            else:
                counts["clean"] += 1
            with open(path, "rb") as f:
                original = f.read()
            with open(out, "rb") as f:
                repaired = f.read()
            ours = main_lines(repaired)
            theirs = main_lines(original)
            problems = []
            if theirs is None:
                # sgfmill cannot read the original (boards over 26 lines,
                # say): nor, then, always the repaired file.
                counts["unreadable"] += 1
            elif ours is None:
                failures.append(f"{path}: sgfmill reads the original but not the repaired file")
                continue
            else:
                counts["comparable"] += 1
                if theirs == ours:
                    counts["agree"] += 1
                elif len(theirs) != len(ours):
                    problems.append(f"sgfmill reads {len(theirs)} games, kifu writes {len(ours)}")
                else:
                    for g, (a, b) in enumerate(zip(theirs, ours)):
                        if a != b:
                            problems.append(f"game {g + 1}: sgfmill {first_difference(a, b)}")
            result = path[:-4] + "-result.sgf"
            if "/sgfc/" in path and not path.endswith("-result.sgf") and os.path.exists(result):
                with open(result, "rb") as f:
                    sgfc = main_lines(f.read())
                if sgfc is not None:
                    counts["sgfc"] += 1
                    if sgfc == ours:
                        counts["sgfc_agree"] += 1
                    elif ours is None or len(sgfc) != len(ours):
                        problems.append("SGFC's result file has other games")
                    else:
                        for g, (a, b) in enumerate(zip(sgfc, ours)):
                            if a != b:
                                problems.append(f"game {g + 1}: SGFC {first_difference(a, b)}")
            for p in problems:
                if key in ALLOWED:
                    allowed.append(f"{path}: {p} (allowed: {ALLOWED[key]})")
                else:
                    failures.append(f"{path}: {p}")
    print(
        "compare-mainlines: {files} files ({not_sgf} not SGF); {clean} repaired clean; "
        "{comparable} readable by sgfmill, {agree} with the same main lines "
        "({unreadable} sgfmill cannot read); {sgfc_agree} of {sgfc} as SGFC's "
        "result files sgfmill reads".format(**counts)
    )
    for a in allowed:
        print("  allowed:", a)
    for f in failures:
        print("  FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
