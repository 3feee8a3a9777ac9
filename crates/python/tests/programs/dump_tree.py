"""Written for sgfmill: every node of every game, every property's value."""
import sys

from sgfmill import sgf


def show(node, depth):
    for ident in sorted(node.properties()):
        try:
            value = node.get(ident)
        except Exception as e:
            value = "%s(%s)" % (type(e).__name__, e)
        if isinstance(value, set):
            value = sorted(value)
        print("  " * depth + ident, repr(value))
    for child in node:
        show(child, depth + 1 if len(node) > 1 else depth)


sys.setrecursionlimit(100000)
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        try:
            game = sgf.Sgf_game.from_bytes(f.read())
        except ValueError as e:
            print(path, "unreadable:", e)
            continue
    print(path)
    show(game.get_root(), 0)
