"""kifu.positions against the same arrays built with sgfmill 1.1.1 and numpy
in a Python loop, on the 7,252-game subset of bench_sgfmill.py; the arrays
are checked equal, element by element, before anything is printed.

usage: [REPS=2] python bench_positions.py [ARCHIVE] [--limit N]

The reference is tests/positions_reference.py (sgf_grammar +
Sgf_game.from_coarse_game_tree, sgf_moves.get_setup_and_moves,
boards.Board.play, numpy arrays from list_occupied_points), run once;
kifu.positions is timed REPS times (default 2), the best kept, from the
unpacked files and from bytes in memory. Prints wall and CPU seconds (CPU
summed over threads: kifu's run on all cores) and the load average.
Whichever kifu call comes first after the reference pays, on every
repetition, most of a second of system time to get the 431 MB of fresh
pages for its boards (the reference left about 1 GB of small numpy
arrays); the second does not: read both rows.
Build the extension in release mode first (maturin develop --release).
"""

import argparse
import os
import resource
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

from bench_sgfmill import DEFAULT, del_paths, load  # noqa: E402
from positions_reference import Refused, file_positions  # noqa: E402

import kifu  # noqa: E402

REPS = int(os.environ.get("REPS", "2"))


def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def timed(f, reps):
    """(best wall seconds, its CPU seconds, result) of `reps` runs."""
    best = None
    for _ in range(reps):
        w, c = time.perf_counter(), cpu()
        result = f()
        w, c = time.perf_counter() - w, cpu() - c
        if best is None or w < best[0]:
            best = (w, c, result)
    return best


def sgfmill_numpy(games):
    """The reference arrays of every file sgfmill reads, and the names of
    the files it refuses."""
    boards, moves, players, refused, illegal = [], [], [], set(), set()
    for name, data in games:
        try:
            found = file_positions(data, 19)
        except Refused:
            refused.add(name)
            continue
        for g, r in found.items():
            if r == "illegal":
                illegal.add((name, g))
                continue
            boards.extend(r[0])
            moves.extend(r[1])
            players.extend(r[2])
    return (np.stack(boards), np.array(moves, dtype=np.int16),
            np.array(players, dtype=np.int8), refused, illegal)


def check_equal(p, ref, names):
    """kifu's arrays, restricted to the files sgfmill reads, equal the
    reference's; returns the number of positions compared."""
    boards, moves, players, refused, illegal = ref
    keep = np.array([names[s] not in refused for s in p.source], dtype=bool)
    rows = keep[p.game]
    assert np.array_equal(p.boards[rows], boards), "boards differ"
    assert np.array_equal(p.moves[rows], moves), "moves differ"
    assert np.array_equal(p.players[rows], players), "players differ"
    skipped = {(names[s], g) for s, g, _ in p.skipped if names[s] not in refused}
    assert skipped == illegal, "illegal games differ"
    return int(rows.sum())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("archive", nargs="?", default=DEFAULT)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    sys.setrecursionlimit(100000)
    games = load(args.archive, args.limit)
    mb = sum(len(d) for _, d in games) / 1e6
    tmp = "%s/kifu-bench-positions-%d" % (os.environ.get("TMPDIR", "/tmp"), os.getpid())
    os.mkdir(tmp)
    paths = []
    for i, (_, data) in enumerate(games):
        paths.append(os.path.join(tmp, "%06d.sgf" % i))
        with open(paths[-1], "wb") as f:
            f.write(data)
    names = {p: name for p, (name, _) in zip(paths, games)}
    names.update({i: name for i, (name, _) in enumerate(games)})
    print("%d games, %.1f MB; kifu %s, numpy %s, Python %s, %d CPUs" % (
        len(games), mb, kifu.__version__, np.__version__, sys.version.split()[0],
        os.cpu_count()), file=sys.stderr)

    rows = []
    load0 = os.getloadavg()
    wall, cpu_s, ref = timed(lambda: sgfmill_numpy(games), 1)
    rows.append(("sgfmill 1.1.1 + numpy (Python loop)", wall, cpu_s, len(ref[2])))
    for label, source in (("kifu.positions(list of bytes)", [d for _, d in games]),
                          ("kifu.positions(directory)", tmp)):
        wall, cpu_s, p = timed(lambda: kifu.positions(source, errors="skip"), REPS)
        compared = check_equal(p, ref, names)
        rows.append((label, wall, cpu_s, len(p)))
        print("%s: %d positions, %d compared equal with sgfmill's" % (label, len(p), compared),
              file=sys.stderr)
        del p
    load1 = os.getloadavg()
    del_paths(paths, tmp)

    base_wall, base_cpu = rows[0][1], rows[0][2]
    print("load average %.2f before, %.2f after (1 min)" % (load0[0], load1[0]))
    print("| implementation | positions | wall s | CPU s | vs sgfmill (wall) | vs sgfmill (CPU) |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, wall, cpu_s, n in rows:
        print("| %s | %d | %.3f | %.3f | %.1fx | %.1fx |"
              % (label, n, wall, cpu_s, base_wall / wall, base_cpu / cpu_s))


if __name__ == "__main__":
    main()
