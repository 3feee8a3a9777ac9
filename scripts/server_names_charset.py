#!/usr/bin/env python3
"""How often the server readers read players' names in a legacy charset right.

NGF files never name their charset, so the reader guesses it from the
names alone: a few dozen bytes. This script takes real players' names from
the corpus's UTF-8 SGF files (Korean, Chinese, Japanese handles and
professionals' names), writes NGF files holding two of them (and, in half
the files, a result in the same language) in the charset each language's
clients write (EUC-KR, GBK, Big5, Shift_JIS), reads them with
`kifu info --format json`, and counts the files whose two names come back
as written.

    scripts/server_names_charset.py [--kifu target/dist/kifu] [--corpus ../shared/corpus]

Prints a table by charset, then the files read wrong. Exit status 0, or 2
when the kifu binary or the corpus is not there.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tarfile
import tempfile

RESULTS = {
    "EUC-KR": "백 불계승",
    "GBK": "白中盘胜",
    "Big5": "白中盤勝",
    "Shift_JIS": "白中押し勝ち",
}
# Names well known enough to stand beside the corpus's few Japanese ones.
JAPANESE_PROS = ["井山裕太", "本因坊秀策", "趙治勲", "小林光一", "アギラール"]


def corpus_names(corpus):
    """Player names of the corpus's UTF-8 SGF files, by script."""
    names = {"ko": set(), "zh": set(), "ja": set()}

    def add(value):
        value = value.strip()
        if not value or len(value) > 12:
            return
        if re.search("[\uac00-\ud7a3]", value):
            names["ko"].add(value)
        elif re.search("[\u3040-\u30ff]", value):
            names["ja"].add(value)
        elif re.search("[\u4e00-\u9fff]", value):
            names["zh"].add(value)

    def scan(data):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return
        for m in re.finditer(r"P[BW]\[([^\]]*)\]", text):
            add(m.group(1))

    for root, _, files in os.walk(os.path.join(corpus, "sgf")):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                scan(fh.read())
    large = os.path.join(corpus, "large")
    for f in sorted(os.listdir(large)) if os.path.isdir(large) else []:
        if f.endswith(".tar.xz"):
            with tarfile.open(os.path.join(large, f)) as tf:
                for member in tf:
                    if member.isfile():
                        scan(tf.extractfile(member).read())
    return {k: sorted(v) for k, v in names.items()}


def ngf(white, black, result):
    """An NGF file: the header with the two players, then 40 moves."""
    header = [
        b"Rated game",
        b"19",
        white + b"      7D*",
        black + b"      5D*",
        b"www.cyberoro.com",
        b"0",
        b"0",
        b"6",
        b"20110812 [09:31]",
        b"480",
        result,
        b"40",
    ]
    letters = "BCDEFGHIJKLMNOPQRST"
    moves = []
    for i in range(40):
        n = i + 1
        x, y = letters[i % 19], letters[(i * 7) % 19]
        colour = "B" if i % 2 == 0 else "W"
        moves.append(f"PM{chr(65 + n // 26)}{chr(65 + n % 26)}{colour}{x}{y}{y}{x}".encode())
    return b"\n".join(header + moves) + b"\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kifu", default=os.path.join(here, "..", "target", "release", "kifu"))
    parser.add_argument("--corpus", default=os.path.join(here, "..", "..", "shared", "corpus"))
    parser.add_argument("--pairs", type=int, default=60, help="pairs of names per charset")
    args = parser.parse_args()
    if not os.access(args.kifu, os.X_OK):
        print(f"{args.kifu}: no kifu binary there (cargo build --profile dist -p kifu-cli)", file=sys.stderr)
        return 2
    if not os.path.isdir(args.corpus):
        print(f"{args.corpus}: no corpus there (--corpus DIR)", file=sys.stderr)
        return 2

    names = corpus_names(args.corpus)
    names["ja"] = sorted(set(names["ja"]) | set(JAPANESE_PROS))
    plan = [("EUC-KR", "euc_kr", names["ko"]), ("GBK", "gbk", names["zh"]),
            ("Big5", "big5", names["zh"]), ("Shift_JIS", "shift_jis", names["ja"])]
    rng = random.Random(7)
    expected = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, codec, pool in plan:
            made = 0
            for attempt in range(50 * args.pairs):
                if made == args.pairs or len(pool) < 2:
                    break
                white, black = rng.sample(pool, 2)
                try:
                    w, b = white.encode(codec), black.encode(codec)
                except UnicodeEncodeError:
                    continue
                for with_result in (False, True):
                    result = RESULTS[label].encode(codec) if with_result else b"Black wins by resign!"
                    path = os.path.join(tmp, f"{label}-{made}-{int(with_result)}.ngf")
                    with open(path, "wb") as fh:
                        fh.write(ngf(w, b, result))
                    expected[path] = (label, white, black)
                made += 1
        out = subprocess.run([args.kifu, "info", "--format", "json", tmp],
                             capture_output=True, check=False)
        right, wrong, misread = {}, {}, []
        seen = set()
        for line in out.stdout.decode("utf-8").splitlines():
            info = json.loads(line)
            path = info["file"]
            if path not in expected:
                continue
            seen.add(path)
            label, white, black = expected[path]
            if info.get("PW") == white and info.get("PB") == black:
                right[label] = right.get(label, 0) + 1
            else:
                wrong[label] = wrong.get(label, 0) + 1
                misread.append((os.path.basename(path), white, black, info.get("PW"), info.get("PB")))
        for path in set(expected) - seen:
            label = expected[path][0]
            wrong[label] = wrong.get(label, 0) + 1
            misread.append((os.path.basename(path), *expected[path][1:], None, None))
    print("| charset | files | names read right | wrong |")
    print("|---|---:|---:|---:|")
    for label, _, _ in plan:
        r, w = right.get(label, 0), wrong.get(label, 0)
        print(f"| {label} | {r + w} | {r} | {w} |")
    for m in misread:
        print("wrong:", *m)
    return 0


if __name__ == "__main__":
    sys.exit(main())
