"""The drop-in reads corpus files as sgfmill does: the same exception and
message where sgfmill raises, else the same tree, raw values and
serialised bytes, and the same typed values (or exceptions), moves and
setup stones.

To keep the suite quick it reads every other file and compares the typed
values of every sixth (every broken file fully); KIFU_FULL_CORPUS=1
compares everything on every file."""

import os

import pytest

from compare import compare_file, corpus_files


def test_corpus_files_read_as_sgfmill_reads_them():
    ref = pytest.importorskip("sgfmill.sgf")
    from kifu.sgfmill import sgf as ours

    full = bool(os.environ.get("KIFU_FULL_CORPUS"))
    files = corpus_files("sgf")
    if not files:
        pytest.skip("no corpus")
    assert len(files) > 2000
    broken = set(corpus_files("sgf", "broken"))
    if not full:
        files = sorted(set(files[::2]) | broken)
    differ = []
    for i, path in enumerate(files):
        d = compare_file(path, ref, ours, values=full or path in broken or i % 3 == 0)
        if d is not None:
            differ.append((path, str(d)[:300]))
    assert differ == []
