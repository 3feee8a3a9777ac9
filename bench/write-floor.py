#!/usr/bin/env python3
"""The floor of `kifu fix --in-place` over a directory: write every .sgf file
back as `kifu` writes an output (a temporary file in the same directory,
fsync, rename), the same bytes, with N threads. Usage: floor.py DIR [N]"""
import os, sys, time
from concurrent.futures import ThreadPoolExecutor
root = sys.argv[1]
threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
paths = [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.lower().endswith('.sgf')]
def rewrite(p):
    data = open(p, 'rb').read()
    tmp = p + '.floor-tmp'
    with open(tmp, 'wb') as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, p)
t = time.time()
with ThreadPoolExecutor(threads) as ex:
    list(ex.map(rewrite, paths))
print(f"{len(paths)} files rewritten (read, temp, fsync, rename) in {time.time() - t:.2f} s with {threads} threads")
