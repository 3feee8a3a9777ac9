"""Game records on Dask: bags of games, game information, diagnostics and
repairs, computed wherever the Dask scheduler runs them.

    from dask.distributed import Client
    import kifu.dask as kd

    client = Client()                        # or Client("tcp://scheduler:8786")
    info = kd.game_info("records/")          # a dask.bag of dicts, one per game
    print(info.pluck("result").frequencies().compute())
    errors = kd.check("records/").filter(lambda d: d["severity"] == "error")
    kd.fix("records/", "repaired/").compute()

Sources are a directory (every .sgf under it), a list of paths, or an
archive (``.tar``, ``.tar.gz``, ``.tar.xz``, ``.zip``) whose ``.sgf``
members are read by the workers, each partition opening the archive once.

On a real cluster the same code runs unchanged: install kifu on every
worker (``pip install ./crates/python``), give the workers the same paths
(a shared file system), and connect a ``dask.distributed.Client`` to the
scheduler (``dask scheduler`` on one machine, ``dask worker
tcp://scheduler:8786`` on the others, or dask-jobqueue/dask-kubernetes).
Nothing here schedules work itself: it builds dask bags, and Dask runs them.
"""

import os
import tarfile
import zipfile

import dask.bag as db

import kifu

__all__ = ["sources", "records", "games", "game_info", "check", "fix"]

_ARCHIVES = (".tar", ".tar.gz", ".tgz", ".tar.xz", ".tar.bz2", ".zip")


def _is_archive(path):
    return isinstance(path, (str, os.PathLike)) and os.path.isfile(path) and \
        os.fspath(path).lower().endswith(_ARCHIVES)


def _archive_members(path):
    if os.fspath(path).lower().endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            return [n for n in z.namelist() if n.lower().endswith(".sgf")]
    with tarfile.open(path) as t:
        return [m.name for m in t.getmembers() if m.isfile() and m.name.lower().endswith(".sgf")]


def _read_members(path, names):
    """(archive!member, bytes) of the named members, one pass over the archive."""
    wanted = set(names)
    out = []
    if os.fspath(path).lower().endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            out = [(n, z.read(n)) for n in names]
    else:
        with tarfile.open(path) as t:
            for m in t:
                if m.name in wanted:
                    out.append((m.name, t.extractfile(m).read()))
    return [("%s!%s" % (os.fspath(path), n), data) for n, data in out]


def _read_file(path):
    with open(path, "rb") as f:
        return path, f.read()


def sources(source):
    """The .sgf paths of a directory or a list (archives: their members)."""
    if _is_archive(source):
        return _archive_members(source)
    if isinstance(source, (str, os.PathLike)) and os.path.isdir(source):
        return kifu.sgf_files(source)
    return [os.fspath(p) for p in source]


def records(source, npartitions=None):
    """A bag of (name, bytes): the files of a directory or list, or the
    .sgf members of an archive (name ``archive!member``)."""
    names = sources(source)
    if npartitions is None:
        npartitions = max(1, min(len(names) // 64 + 1, 256))
    npartitions = max(1, min(npartitions, len(names) or 1))
    if _is_archive(source):
        size = -(-len(names) // npartitions) if names else 1
        chunks = [names[i:i + size] for i in range(0, len(names), size)]
        return db.from_sequence(chunks, npartitions=len(chunks) or 1).map_partitions(
            lambda part: [r for chunk in part for r in _read_members(source, chunk)])
    return db.from_sequence(names, npartitions=npartitions).map(_read_file)


def _games(record):
    name, data = record
    c = kifu.parse(data, name)
    out = []
    for game in c:
        moves = game.moves()
        cols, rows = game.size
        info = dict(game.info)
        info.update(file=name, game=game.index, size=cols if cols == rows else "%d:%d" % (cols, rows),
                    nodes=len(game.nodes()), moves=len(moves), charset=game.charset)
        out.append(info)
    return out


def games(source, npartitions=None):
    """A bag of dicts, one per game: the game information (see
    kifu.Game.info) with file, game (index), size, nodes, moves, charset."""
    return records(source, npartitions).map(_games).flatten()


game_info = games


def _check(record):
    name, data = record
    return [dict(file=d.file, line=d.line, column=d.column, code=d.code,
                 severity=d.severity, message=d.message)
            for d in kifu.parse(data, name).check()]


def check(source, npartitions=None):
    """A bag of every finding of `kifu check`, as dicts (file, line,
    column, code, severity, message)."""
    return records(source, npartitions).map(_check).flatten()


def _fix(record, out_dir, force, normalize):
    name, data = record
    fixed, repairs = kifu.fix(data, name, force=force, normalize=normalize)
    base = name.replace("!", "/").lstrip("/").replace(os.sep, "_").replace("/", "_")
    target = os.path.join(out_dir, base)
    if os.path.exists(name) and os.path.exists(target) and os.path.samefile(name, target):
        raise ValueError("%s: the output would overwrite the input" % name)
    fixed.save(target)
    return dict(file=name, output=target, repairs=len(repairs),
                errors=sum(d.severity == "error" for d in fixed.check()))


def fix(source, out_dir, force=False, normalize=False, npartitions=None):
    """A bag that, computed, writes every record repaired (as `kifu fix`)
    into `out_dir` (never over an input; each file written atomically) and
    gives one dict per record: file, output, repairs, errors left."""
    os.makedirs(out_dir, exist_ok=True)
    return records(source, npartitions).map(_fix, out_dir, force, normalize)
