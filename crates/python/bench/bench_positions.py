"""kifu.positions against the same arrays built with sgfmill 1.1.1 and numpy
in a Python loop, on the 7,252-game subset of bench_sgfmill.py; the arrays
are checked equal, element by element, before anything is printed.

usage: [REPS=2] python bench_positions.py [ARCHIVE] [--limit N]

The reference is tests/positions_reference.py (sgf_grammar +
Sgf_game.from_coarse_game_tree, sgf_moves.get_setup_and_moves,
boards.Board.play, numpy arrays from list_occupied_points), run once.
kifu.positions is timed from bytes in memory once before the reference
(the first call in the process, as a user's program makes it), then REPS
times (default 2) after it from bytes (its first call and the best shown
apart: the reference left about 1 GB of small numpy arrays behind) and
from the unpacked files (the best). Prints wall and CPU seconds, user and
system (CPU summed over threads: kifu's run on all cores), and the load
average.
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
    """(user, system) CPU seconds of the process so far."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime, r.ru_stime


def timed(f, reps):
    """[(wall, user, system seconds, result)] of `reps` runs."""
    runs = []
    for _ in range(reps):
        w, (u, s) = time.perf_counter(), cpu()
        result = f()
        (u1, s1) = cpu()
        runs.append((time.perf_counter() - w, u1 - u, s1 - s, result))
    return runs


def best(runs):
    return min(runs, key=lambda r: r[0])


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
    data = [d for _, d in games]
    first = timed(lambda: kifu.positions(data, errors="skip"), 1)[0]
    wall, user, system, ref = timed(lambda: sgfmill_numpy(games), 1)[0]
    rows.append(("sgfmill 1.1.1 + numpy (Python loop)", wall, user, system, len(ref[2])))

    def kifu_row(label, run):
        wall, user, system, p = run
        compared = check_equal(p, ref, names)
        print("%s: %d positions, %d compared equal with sgfmill's" % (label, len(p), compared),
              file=sys.stderr)
        rows.append((label, wall, user, system, len(p)))

    kifu_row("kifu.positions(list of bytes), first call in the process (before sgfmill)", first)
    del first
    runs = timed(lambda: kifu.positions(data, errors="skip"), REPS)
    kifu_row("kifu.positions(list of bytes), first call after sgfmill", runs[0])
    kifu_row("kifu.positions(list of bytes), best of %d after sgfmill" % REPS, best(runs))
    del runs
    runs = timed(lambda: kifu.positions(tmp, errors="skip"), REPS)
    kifu_row("kifu.positions(directory), best of %d after sgfmill" % REPS, best(runs))
    del runs
    load1 = os.getloadavg()
    del_paths(paths, tmp)

    base_wall, base_cpu = rows[0][1], rows[0][2] + rows[0][3]
    print("load average %.2f before, %.2f after (1 min)" % (load0[0], load1[0]))
    print("| implementation | positions | wall s | user s | system s | vs sgfmill (wall) "
          "| vs sgfmill (CPU) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, wall, user, system, n in rows:
        print("| %s | %d | %.3f | %.3f | %.3f | %.1fx | %.1fx |"
              % (label, n, wall, user, system, base_wall / wall, base_cpu / (user + system)))


if __name__ == "__main__":
    main()
