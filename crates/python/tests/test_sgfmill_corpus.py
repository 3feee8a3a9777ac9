"""The drop-in reads every corpus file as sgfmill does: the same exception
and message where sgfmill raises, else the same tree, raw values and
serialised bytes; and, for every third file (every file with
KIFU_FULL_CORPUS=1), the same typed values (or exceptions), moves and
setup stones."""

import os

import pytest

from compare import compare_file, corpus_files


def test_every_corpus_file_reads_as_sgfmill_reads_it():
    ref = pytest.importorskip("sgfmill.sgf")
    from kifu.sgfmill import sgf as ours

    files = corpus_files("sgf")
    if not files:
        pytest.skip("no corpus")
    stride = 1 if os.environ.get("KIFU_FULL_CORPUS") else 3
    differ = []
    for i, path in enumerate(files):
        d = compare_file(path, ref, ours, values=(i % stride == 0))
        if d is not None:
            differ.append((path, str(d)[:300]))
    assert len(files) > 2000
    assert differ == []
