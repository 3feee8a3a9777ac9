"""kifu.dask on a two-worker LocalCluster over corpus files."""

import io
import os
import tarfile

import pytest

import kifu
from compare import CORPUS, corpus_files

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as c:
        yield c


def test_games_checks_and_fixes_on_two_workers(client, tmp_path):
    import kifu.dask as kd

    directory = os.path.join(CORPUS, "sgf", "old", "gnugo")
    files = corpus_files("sgf", "old", "gnugo")
    if not files:
        pytest.skip("no corpus")
    assert len(client.scheduler_info()["workers"]) == 2

    infos = kd.games(directory, npartitions=4).compute()
    local = [kifu.read(p) for p in files]
    assert len(infos) == sum(len(c) for c in local)
    assert sum(i["nodes"] for i in infos) == sum(c.node_count for c in local)
    assert {i["file"] for i in infos} == set(files)

    findings = kd.check(files, npartitions=4).compute()
    expected = sorted((d.file, d.line, d.column, d.code) for c in local for d in c.check())
    assert sorted((f["file"], f["line"], f["column"], f["code"]) for f in findings) == expected
    assert expected

    broken = corpus_files("sgf", "broken")[:12]
    out = tmp_path / "fixed"
    done = kd.fix(broken, str(out), npartitions=3).compute()
    assert len(done) == len(broken)
    for d in done:
        assert os.path.dirname(d["output"]) == str(out)
        assert kifu.read(d["output"]).write() == open(d["output"], "rb").read()
    assert sum(d["repairs"] for d in done) > 0


def test_archive_members_are_read_by_the_workers(client, tmp_path):
    import kifu.dask as kd

    files = corpus_files("sgf", "ff4", "gnugo")[:30]
    if not files:
        pytest.skip("no corpus")
    archive = tmp_path / "games.tar.gz"
    with tarfile.open(archive, "w:gz") as t:
        for i, p in enumerate(files):
            data = open(p, "rb").read()
            info = tarfile.TarInfo("games/%03d.sgf" % i)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    infos = kd.games(str(archive), npartitions=3).compute()
    assert sorted(i["file"] for i in infos) == \
        sorted("%s!games/%03d.sgf" % (archive, i) for i in range(len(files)) for _ in kifu.read(files[i]))
    assert sum(i["moves"] for i in infos) == sum(len(g.moves()) for p in files for g in kifu.read(p))
