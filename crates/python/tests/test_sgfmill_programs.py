"""Programs written for sgfmill (tests/programs/) give byte-identical output
when only their import is changed to kifu.sgfmill."""

import os
import subprocess
import sys

import pytest

from compare import corpus_files

HERE = os.path.dirname(__file__)
PROGRAMS = os.path.join(HERE, "programs")


def sample():
    files = corpus_files("sgf", "ff4")[::7] + corpus_files("sgf", "old")[::7] + corpus_files("sgf", "broken")
    if not files:
        pytest.skip("no corpus")
    return files


def run(source, args, tmp_path, name):
    script = tmp_path / name
    script.write_text(source)
    done = subprocess.run([sys.executable, str(script)] + args, capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-2000:]
    return done.stdout


@pytest.mark.parametrize("program", ["replay_main_line.py", "dump_tree.py", "edit_and_save.py",
                                     "build_game.py"])
def test_program_output_is_identical(program, tmp_path):
    pytest.importorskip("sgfmill")
    source = open(os.path.join(PROGRAMS, program)).read()
    ours = source.replace("from sgfmill import", "from kifu.sgfmill import")
    assert ours != source
    args = [] if program == "build_game.py" else sample()
    expected = run(source, args, tmp_path, "ref_" + program)
    got = run(ours, args, tmp_path, "ours_" + program)
    assert len(expected) > 200
    if got != expected:
        a, b = expected.splitlines(), got.splitlines()
        first = next(i for i, (x, y) in enumerate(zip(a + [b""], b + [b""])) if x != y)
        pytest.fail("line %d differs:\nsgfmill: %r\nkifu:    %r" % (first + 1, a[first:first + 1], b[first:first + 1]))
