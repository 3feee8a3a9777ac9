"""Programs written by others for sgfmill, run unchanged against the drop-in.

Each program is fetched from PyPI at test time (pypi_sdist.py; nothing of
it is in this repository) and run twice by run_as_sgfmill.py over the same
inputs: once with the real sgfmill 1.1.1, once with ``sgfmill`` bound to
kifu.sgfmill. Exit statuses, standard output and error, the files the
programs write and, for katagoanal, the queries it sends to its engine and
the results of its own tests must be identical.

* ``show_sgf.py`` and ``split_sgf_collection.py``: the example programs in
  sgfmill's sdist (by sgfmill's author), over corpus files;
* ``katagoanal`` 0.4.0 (depends on sgfmill): a command line tool that sends
  each game's main line to KataGo's analysis engine and writes the analysis
  into the records' comments; here over corpus files, its engine being
  fake_katago.py (a deterministic stand-in: no KataGo here);
* katagoanal's own tests of the modules that use sgfmill. Its sdist lacks
  the ``tests/fixtures.py`` they import (two small SGF records); the two
  records are written here as its tests describe them.
"""

import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from itertools import zip_longest

import pytest

from compare import corpus_files
from pypi_sdist import KATAGOANAL, SGFMILL, sdist

HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "run_as_sgfmill.py")
MODES = ("sgfmill", "kifu")


def corpus_sample():
    files = corpus_files("sgf", "ff4")[::5] + corpus_files("sgf", "old")[::5] + corpus_files("sgf", "broken")
    if not files:
        pytest.skip("no corpus")
    return files


def link_inputs(files, directory):
    """The files as links in `directory`, named so that no two collide;
    returns the links' names."""
    os.makedirs(directory)
    names = ["%04d_%s" % (i, os.path.basename(path)) for i, path in enumerate(files)]
    for name, path in zip(names, files):
        os.symlink(os.path.abspath(path), os.path.join(directory, name))
    return names


def run_both(tmp_path, runs, env=None):
    """The results of the runs `runs(work)` gives (`work`: a directory of
    each mode's own) with sgfmill, and with the drop-in; `env(work)`: more
    environment variables."""
    out = {}
    for mode in MODES:
        work = tmp_path / mode
        work.mkdir(exist_ok=True)
        (work / "runs.json").write_text(json.dumps(runs(str(work))))
        done = subprocess.run([sys.executable, RUNNER, mode, "runs.json", "results.json"],
                              cwd=work, capture_output=True, timeout=600,
                              env=dict(os.environ, **(env(str(work)) if env else {})))
        assert done.returncode == 0, done.stderr.decode(errors="replace")[-3000:]
        out[mode] = json.loads((work / "results.json").read_text())
    # Which package each run imported, told by the package's own folder
    # (the checkout's path may itself contain "kifu").
    real, drop_in = out["sgfmill"]["sgfmill"], out["kifu"]["sgfmill"]
    assert os.path.join("site-packages", "sgfmill") in real, real
    assert os.path.join("kifu", "sgfmill") not in real, real
    assert os.path.join("kifu", "sgfmill") in drop_in, drop_in
    return out["sgfmill"]["runs"], out["kifu"]["runs"]


def files_under(directory):
    """{relative path: bytes} of the regular files under `directory`."""
    found = {}
    for d, _, names in os.walk(directory):
        for name in names:
            path = os.path.join(d, name)
            if not os.path.islink(path):
                with open(path, "rb") as f:
                    found[os.path.relpath(path, directory)] = f.read()
    return found


def assert_same_runs(expected, got):
    assert len(expected) == len(got)
    for i, (a, b) in enumerate(zip(expected, got)):
        for key in a:
            if a[key] != b[key]:
                pairs = zip_longest(str(a[key]).splitlines(), str(b[key]).splitlines())
                n, (x, y) = next((n, pair) for n, pair in enumerate(pairs) if pair[0] != pair[1])
                pytest.fail("run %d %s: %s differs at line %d:\nsgfmill: %r\nkifu:    %r"
                            % (i, a["args"], key, n + 1, x, y))


def assert_same_files(expected, got):
    assert sorted(expected) == sorted(got)
    for name in expected:
        assert expected[name] == got[name], "%s differs" % name


def test_show_sgf(tmp_path):
    example = os.path.join(sdist(*SGFMILL), "examples", "show_sgf.py")
    files = corpus_sample()

    def runs(work):
        return ([{"path": example, "args": [path]} for path in files]
                + [{"path": example, "args": [path, "30"]} for path in files[::3]])

    expected, got = run_both(tmp_path, runs)
    assert_same_runs(expected, got)
    shown = [r for r in expected if r["status"] == 0]
    assert len(shown) > len(files) * 0.8 and all(" +-" not in r["stdout"] for r in shown)
    assert sum(r["status"] != 0 for r in expected) > 5   # rejected files say why, the same way


def test_split_sgf_collection(tmp_path):
    example = os.path.join(sdist(*SGFMILL), "examples", "split_sgf_collection.py")
    files = corpus_sample()

    def runs(work):
        names = link_inputs(files, os.path.join(work, "in"))
        return [{"path": example, "args": [os.path.join("in", name)], "cwd": work} for name in names]

    expected, got = run_both(tmp_path, runs)
    assert_same_runs(expected, got)
    written = {mode: files_under(tmp_path / mode / "in") for mode in MODES}
    assert_same_files(written["sgfmill"], written["kifu"])
    assert len(written["sgfmill"]) > len(files)   # collections are split into several


def katagoanal_config(tmp_path):
    """katagoanal's user configuration in `tmp_path`, its engine fake_katago.py."""
    engine = tmp_path / "katago"
    engine.write_text('#!/bin/sh\nexec "%s" "%s" "$@"\n' % (sys.executable, os.path.join(HERE, "fake_katago.py")))
    engine.chmod(0o755)
    model = tmp_path / "kata1-b18c384nbt-fake.bin.gz"
    model.write_bytes(b"not a network")
    (tmp_path / "katagoanal").mkdir()
    (tmp_path / "katagoanal" / "paths.json").write_text(json.dumps({"binary": str(engine), "model": str(model)}))


def test_katagoanal_inject(tmp_path):
    root = sdist(*KATAGOANAL)
    files = corpus_sample()[::3]
    katagoanal_config(tmp_path)

    def runs(work):
        link_inputs(files, os.path.join(work, "in"))
        os.mkdir(os.path.join(work, "en"))
        os.mkdir(os.path.join(work, "zh"))
        cli = {"module": "KataGoAnal.cli", "cwd": work, "sys_path": [root]}
        return [dict(cli, args=["in", "-o", "en", "--visits", "50"]),
                dict(cli, args=["in", "-o", "zh", "-l", "zh", "--clear-comments"])]

    def env(work):
        return {"XDG_CONFIG_HOME": str(tmp_path), "FAKE_KATAGO_LOG": os.path.join(work, "queries.jsonl")}

    expected, got = run_both(tmp_path, runs, env)
    assert_same_runs(expected, got)
    queries = {mode: (tmp_path / mode / "queries.jsonl").read_text().splitlines() for mode in MODES}
    assert queries["sgfmill"] == queries["kifu"]
    assert len(queries["sgfmill"]) > len(files) / 2
    for language, least in (("en", len(files) / 3), ("zh", 10)):
        written = {mode: files_under(tmp_path / mode / language) for mode in MODES}
        assert_same_files(written["sgfmill"], written["kifu"])
        assert len(written["sgfmill"]) > least   # zh: most records' charsets cannot hold Chinese
    assert "Injected" in expected[0]["stdout"] and expected[0]["stderr"].count("\n") > 5


# tests/fixtures.py of katagoanal, missing from its sdist: what its tests say
# of the two records: a plain game whose moves are Q16 D4 R16 at komi 7.5,
# no RU, in UTF-8 (its tests write Chinese comments into it, which sgfmill
# refuses in its default charset, ISO-8859-1); a two-stone handicap game at
# komi 0.5 with RU[Japanese], stones on D4 and Q16, White to move, three moves.
KATAGOANAL_FIXTURES = '''\
NORMAL_SGF = b"(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[7.5];B[pd];W[dp];B[qd])"
HANDICAP_SGF = b"(;GM[1]FF[4]SZ[19]KM[0.5]HA[2]RU[Japanese]AB[dp][pd];W[pp];B[dd];W[qf])"
'''
KATAGOANAL_SGFMILL_TESTS = ("test_sgf_io.py", "test_inject.py", "test_katago_driver.py", "test_cli.py")


def junit_outcomes(path):
    outcomes = {}
    for case in ET.parse(path).iter("testcase"):
        kinds = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
        outcomes[case.get("classname") + "." + case.get("name")] = kinds[0] if kinds else "passed"
    return outcomes


def test_katagoanal_own_tests(tmp_path):
    root = sdist(*KATAGOANAL)

    def runs(work):
        shutil.copytree(os.path.join(root, "tests"), os.path.join(work, "tests"))
        with open(os.path.join(work, "tests", "fixtures.py"), "w") as f:
            f.write(KATAGOANAL_FIXTURES)
        args = ["-q", "-p", "no:cacheprovider", "--junitxml", "junit.xml", "--basetemp", "tmp"]
        return [{"module": "pytest", "args": args + [os.path.join("tests", t) for t in KATAGOANAL_SGFMILL_TESTS],
                 "cwd": work, "sys_path": [work, root]}]

    expected, got = run_both(tmp_path, runs)
    outcomes = {mode: junit_outcomes(tmp_path / mode / "junit.xml") for mode in MODES}
    assert outcomes["kifu"] == outcomes["sgfmill"]
    assert len(outcomes["sgfmill"]) > 30 and set(outcomes["sgfmill"].values()) == {"passed"}
    assert expected[0]["status"] == got[0]["status"] == 0
