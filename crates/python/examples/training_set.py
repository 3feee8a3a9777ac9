"""Builds a training set from a directory of SGF files and saves it with
numpy.savez: the board before each move, the move, the player and, per
game, komi, handicap and the winner.

usage: python training_set.py DIRECTORY OUT.npz [--size 19] [--min-moves 20]

Needs numpy (pip install kifu[numpy]). Games with an illegal move are
left out, files that cannot be read too; both are counted on stderr.
"""

import argparse
import sys

import numpy as np

import kifu


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("directory")
    ap.add_argument("out")
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--min-moves", type=int, default=20)
    args = ap.parse_args()

    p = kifu.positions(args.directory, size=args.size, min_moves=args.min_moves,
                       errors="skip")
    for source, game, reason in p.skipped:
        where = source if game is None else "%s game %d" % (source, game)
        print("skipped %s: %s" % (where, reason), file=sys.stderr)

    # The value target of each position: +1 when the player to move won.
    outcome = p.winner[p.game] * p.players
    np.savez(args.out, outcome=outcome, **p.arrays())
    print("%d positions of %d games saved to %s (%d skipped)"
          % (len(p), p.games, args.out, len(p.skipped)))


if __name__ == "__main__":
    main()
