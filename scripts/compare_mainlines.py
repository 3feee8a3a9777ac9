"""Check `kifu fix` on broken and old SGF files against other readers.

usage: compare_mainlines.py [-v] KIFU DIR...

The goal this checks: every file under the DIRs is repaired to a file that
parses clean and whose main line has the same moves as sgfmill's and SGFC's
reading of it, where those can read it. For every .sgf file (sorted):

1. `KIFU fix --force FILE -o OUT` must not fail (exit status 0 or 1; 2
   only where no game could be read and nothing is written), and
   `KIFU check --format json OUT` must report no diagnostic of severity
   "error" in the repaired file (warnings and notes are printed with -v).
2. sgfmill (1.1.1) reads the original and the repaired file. The repaired
   file must be readable: its grammar always, each game unless its board
   is larger than the 26x26 sgfmill supports. Where sgfmill reads the
   original, each game's main line must be the same in both: the B and W
   values of every node of the main sequence, root included, in node order
   (a node may hold both before repair), read from the raw values and
   interpreted as sgfmill interprets a Go move (`[]`, and `[tt]` on boards
   up to 19x19, are a pass). A value sgfmill cannot interpret as a move
   (`B[zz]` on 9x9, `B[c c]`) is kept in the comparison as what it is, so a
   repair that drops or corrects it shows up as a difference to explain.
   Known limit: sgfmill keeps one list of values per identifier and node,
   so `B[aa]W[bb]B[cc]` in one node is read as B aa, B cc, W bb.
3. Where SGFC's own repaired file lies beside its test file
   (`sgfc/.../NAME-result.sgf` beside `NAME.sgf`, `sgfc NAME.sgf`'s output),
   kifu's repaired main lines must be those of SGFC's file, read by sgfmill.
   The result files are ordinary inputs too (never compared with
   themselves).

Differences whose cause is the file or the peer, not kifu, are on the
allow-list ALLOWED below, each with its reason; they are reported, not
failed. Exit status 1 on any other failure.
"""

import json
import os
import subprocess
import sys
import tempfile

from sgfmill import sgf, sgf_grammar, sgf_properties

# Where kifu and a peer read a file differently for a reason that is the
# file's or the peer's, not kifu's: path (relative to the corpus's sgf/
# directory) -> why. Every entry is checked to still apply (a stale entry is
# reported); nothing else is skipped.
ALLOWED = {
    # No SGF at all: nothing to repair. An empty file is repaired to an
    # empty file, on which `kifu check` reports error[sgf/no-data]; text
    # with no game in it is not written at all (SGFC: fatal error 7, "no
    # SGF data found"). sgfmill rejects these too.
    "broken/gnugo/games/pending/nightmare.sgf": "an empty file: no SGF data",
    "broken/littlego/Illegal games/not-an-sgf-file.sgf": (
        "the text 'this is not an .sgf file': no SGF data"
    ),
    # `B[rs]` on a 9x9 board is no point of the board. sgfmill cannot read it
    # as a move either (interpret_go_point raises ValueError, so get_move
    # fails on that node); kifu removes the value as SGFC does with illegal
    # move values (SGFC error 14, "illegal <B> value deleted"), keeping the
    # node, so the moves before and after it stay in order.
    "broken/gogui/junit/sgf/invalidmove.sgf": (
        "B[rs] off the 9x9 board: sgfmill cannot read it as a move, kifu "
        "removes it (as SGFC does)"
    ),
    # `(CA[UTF-8])(;FF[4]CA[ISO-8859-3])`: sgfmill's grammar needs `(;` to
    # start a game and skips the first tree as text before the collection;
    # kifu (like SGFC's error 36, "missing ';'") reads it as a game whose `;`
    # is missing and keeps it as an empty game. No moves either way.
    "broken/littlego/Illegal games/encoding-detection-fails.sgf": (
        "`(CA[UTF-8])` before the game: sgfmill skips it as text, kifu reads "
        "it as a game missing its `;` and adds it"
    ),
}

# sgfmill's Sgf_game handles boards up to 26x26 (sgf_properties.interpret_go_point).
SGFMILL_MAX_SIZE = 26

# The `sgfc NAME.sgf` result files, beside NAME.sgf.
SGFC_RESULT = "-result.sgf"


class Unreadable:
    """A game sgfmill's Sgf_game rejects (a board over 26x26, a bad SZ)."""

    def __init__(self, reason, sides):
        self.reason = reason
        self.sides = sides

    def beyond_sgfmill(self) -> bool:
        """A valid FF[4] board sgfmill does not support: a rectangle
        (`SZ[19:25]`, which sgfmill reads as a bad SZ) or a square over
        26x26. Sides below 1 or over 52 are no board at all."""
        if not self.sides or not all(1 <= n <= 52 for n in self.sides):
            return False
        return len(self.sides) == 2 or self.sides[0] > SGFMILL_MAX_SIZE

    def __eq__(self, other):
        return isinstance(other, Unreadable)

    def __repr__(self):
        return f"unreadable by sgfmill ({self.reason})"


def root_sides(tree) -> list:
    """The board's sides as the root's SZ writes them ([19] without);
    [] when SZ holds no numbers."""
    values = tree.sequence[0].get("SZ")
    if not values:
        return [19]
    try:
        return [int(p) for p in values[0].decode("ascii").split(":")]
    except (UnicodeDecodeError, ValueError):
        return []


def is_go(tree) -> bool:
    """GM[1] or no GM. A GM that is no number (`GM[game of go]`) is taken as
    Go, as SGFC and kifu take it."""
    values = tree.sequence[0].get("GM")
    if not values:
        return True
    text = values[0].decode("ascii", "replace").strip()
    return not text.isdigit() or int(text) == 1


def unescape(raw: bytes) -> bytes:
    """The SGF escapes resolved: `\\` + line break removed (a soft break),
    `\\` + any other character is that character."""
    out, i = bytearray(), 0
    while i < len(raw):
        if raw[i] == 0x5C and i + 1 < len(raw):
            pair = raw[i + 1 : i + 3]
            if pair in (b"\r\n", b"\n\r"):
                i += 3
            elif raw[i + 1] in (0x0A, 0x0D):
                i += 2
            else:
                out.append(raw[i + 1])
                i += 2
            continue
        out.append(raw[i])
        i += 1
    return bytes(out)


def move(ident: str, raw: bytes, size: int):
    """One B or W value as sgfmill reads a Go move: a pass, a point, or the
    raw text of a value sgfmill cannot interpret as a move."""
    try:
        point = sgf_properties.interpret_go_point(raw, size)
    except (ValueError, TypeError):
        return (ident, "not a move: " + raw.decode("latin-1"))
    return (ident, "pass" if point is None else raw.decode("ascii"))


def main_line(tree):
    """The main line's moves of one coarse game tree, or Unreadable. In a
    game that is not Go (GM[19]), a move is game-specific text: compared as
    the value with its escapes resolved."""
    try:
        game = sgf.Sgf_game.from_coarse_game_tree(tree)
    except ValueError as e:
        return Unreadable(str(e) or "ValueError", root_sides(tree))
    size = game.get_size()
    go = is_go(tree)
    moves = []
    for node in game.get_main_sequence():
        for ident in node.properties():
            if ident not in ("B", "W"):
                continue
            for raw in node.get_raw_list(ident):
                if go:
                    moves.append(move(ident, raw, size))
                else:
                    moves.append((ident, unescape(raw).decode("utf-8", "replace")))
    return moves


def read(data: bytes):
    """Every game's main line as sgfmill reads it, or None when sgfmill's
    grammar rejects the file."""
    try:
        trees = sgf_grammar.parse_sgf_collection(data)
    except ValueError:
        return None
    return [main_line(t) for t in trees]


def differences(peer: str, theirs: list, ours: list) -> list:
    if len(theirs) != len(ours):
        return [f"{peer} reads {len(theirs)} games, kifu's repaired file has {len(ours)}"]
    out = []
    for g, (a, b) in enumerate(zip(theirs, ours), 1):
        if isinstance(a, Unreadable):
            continue  # the peer cannot read this game: nothing to compare
        if isinstance(b, Unreadable):
            out.append(f"game {g}: {peer} reads it; sgfmill cannot read kifu's repair of it ({b.reason})")
            continue
        if a == b:
            continue
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                out.append(f"game {g}: move {i + 1}: {peer} {x}, kifu {y}")
                break
        else:
            n = min(len(a), len(b))
            extra = a[n] if len(a) > n else b[n]
            out.append(f"game {g}: {peer} reads {len(a)} moves, kifu {len(b)} (move {n + 1}: {extra})")
    return out


def diagnostics(run) -> list:
    """`kifu check --format json`'s diagnostics: one JSON object a line (on
    stderr; stdout is read too, and summary lines are skipped)."""
    out = []
    for line in (run.stdout + b"\n" + run.stderr).decode("utf-8", "replace").splitlines():
        if line.startswith("{"):
            out.append(json.loads(line))
    return out


def sgf_files(dirs):
    for top in dirs:
        for dirpath, _, names in os.walk(top):
            for n in names:
                if n.lower().endswith(".sgf"):
                    yield os.path.join(dirpath, n)


def main() -> int:
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    kifu, dirs = args[0], args[1:]
    counts = dict.fromkeys(
        [
            "files", "clean", "comparable", "agree", "disagree", "unreadable",
            "games-beyond-sgfmill", "sgfc", "sgfc-agree", "sgfc-disagree",
        ],
        0,
    )
    failures, allowed, used = [], [], set()

    def problem(key, path, text):
        if key in ALLOWED:
            used.add(key)
            allowed.append(f"{path}: {text}\n      allowed: {ALLOWED[key]}")
        else:
            failures.append(f"{path}: {text}")

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.sgf")
        for path in sorted(sgf_files(dirs)):
            counts["files"] += 1
            key = path.split("/sgf/", 1)[-1]
            if os.path.exists(out):
                os.remove(out)
            fix = subprocess.run(
                [kifu, "fix", "--force", "--format", "short", "-q", path, "-o", out],
                capture_output=True,
            )
            if fix.returncode == 2 and b"no game could be read" in fix.stderr:
                # Text without a game: fix writes nothing rather than an
                # empty file (the input is never lost to an empty output).
                problem(key, path, "no game read: nothing written")
                continue
            if fix.returncode not in (0, 1) or not os.path.exists(out):
                failures.append(
                    f"{path}: kifu fix failed (status {fix.returncode}): "
                    + fix.stderr.decode("utf-8", "replace").strip()[:300]
                )
                continue
            check = subprocess.run(
                [kifu, "check", "--format", "json", out], capture_output=True
            )
            if check.returncode not in (0, 1):
                failures.append(
                    f"{path}: kifu check failed on the repair (status {check.returncode}): "
                    + check.stderr.decode("utf-8", "replace").strip()[:300]
                )
                continue
            diags = diagnostics(check)
            errors = [d for d in diags if d["severity"] == "error"]
            if errors:
                problem(key, path, "errors after repair: " + "; ".join(
                    f"{d['line']}:{d['column']} {d['code']}: {d['message']}" for d in errors[:3]
                ))
            else:
                counts["clean"] += 1
            if verbose:
                for d in diags:
                    if d["severity"] != "error":
                        print(f"  {path}: repaired {d['line']}:{d['column']}: "
                              f"{d['severity']}[{d['code']}]: {d['message']}")

            with open(path, "rb") as f:
                theirs = read(f.read())
            with open(out, "rb") as f:
                ours = read(f.read())
            if theirs is None:
                counts["unreadable"] += 1
                if verbose:
                    print(f"  {path}: sgfmill cannot read the original")
            if ours is None:
                if errors:
                    continue  # reported above: a file with nothing to read
                failures.append(f"{path}: sgfmill cannot read kifu's repaired file")
                continue
            for g, game in enumerate(ours, 1):
                if isinstance(game, Unreadable):
                    if game.beyond_sgfmill():
                        counts["games-beyond-sgfmill"] += 1
                    else:
                        failures.append(
                            f"{path}: game {g}: sgfmill cannot read kifu's repair: {game.reason}"
                        )
            if theirs is not None:
                counts["comparable"] += 1
                diffs = differences("sgfmill", theirs, ours)
                counts["agree" if not diffs else "disagree"] += 1
                for d in diffs:
                    problem(key, path, d)

            if "/sgfc/" in path and not path.endswith(SGFC_RESULT):
                result = path[: -len(".sgf")] + SGFC_RESULT
                if os.path.exists(result):
                    with open(result, "rb") as f:
                        sgfc = read(f.read())
                    if sgfc is None:
                        failures.append(f"{result}: sgfmill cannot read SGFC's result file")
                        continue
                    counts["sgfc"] += 1
                    diffs = differences("SGFC", sgfc, ours)
                    counts["sgfc-agree" if not diffs else "sgfc-disagree"] += 1
                    for d in diffs:
                        problem(key, path, d)

    print(
        "compare-mainlines: {files} files, {clean} repaired clean; sgfmill reads "
        "{comparable} ({unreadable} it cannot): {agree} agree, {disagree} disagree "
        "({games-beyond-sgfmill} repaired games on boards sgfmill does not support); SGFC's result files: "
        "{sgfc-agree} of {sgfc} agree, {sgfc-disagree} disagree".format(**counts)
        + f"; {len(allowed)} allowed, {len(failures)} failures"
    )
    for a in allowed:
        print("  allowed:", a)
    for key in sorted(set(ALLOWED) - used):
        print(f"  stale allow-list entry (no difference left): {key}")
    for f in failures:
        print("  FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
