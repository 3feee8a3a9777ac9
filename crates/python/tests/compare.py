"""Shared helpers: read a file with sgfmill and with the drop-in, compare."""

import os

CORPUS = os.environ.get("KIFU_CORPUS", os.path.join(os.path.dirname(__file__), "../../../../shared/corpus"))


def corpus_files(*parts):
    root = os.path.join(CORPUS, *parts)
    out = []
    for d, _, names in os.walk(root):
        out.extend(os.path.join(d, n) for n in names if n.lower().endswith(".sgf"))
    return sorted(out)


def outcome(call):
    """('ok', value) or ('raise', exception type name, message)."""
    try:
        return ("ok", call())
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        return ("raise", type(e).__name__, str(e))


def walk(root):
    stack = [root]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(node)))


def describe(game, values=True):
    """Everything a program can see of a game, as plain data (without the
    typed values unless `values`)."""
    out = {"size": game.get_size(), "charset": outcome(game.get_charset),
           "komi": outcome(game.get_komi), "handicap": outcome(game.get_handicap),
           "winner": outcome(game.get_winner),
           "players": [outcome(lambda c=c: game.get_player_name(c)) for c in "bw"],
           "nodes": []}
    for node in walk(game.get_root()):
        props = {}
        for ident in node.properties():
            props[ident] = (node.get_raw_list(ident),
                            outcome(lambda i=ident: node.get(i)) if values else None)
        out["nodes"].append((len(node), props, outcome(node.get_move) if values else None,
                             outcome(node.get_setup_stones) if values else None))
    out["serialised"] = outcome(game.serialise)
    return out


def compare_file(path, sgf_ref, sgf_ours, values=True):
    data = open(path, "rb").read()
    ref = outcome(lambda: sgf_ref.Sgf_game.from_bytes(data))
    ours = outcome(lambda: sgf_ours.Sgf_game.from_bytes(data))
    if ref[0] == "raise" or ours[0] == "raise":
        return None if ref == ours else ("reading", ref, ours)
    a, b = describe(ref[1], values), describe(ours[1], values)
    if a == b:
        return None
    for k in a:
        if a[k] != b[k]:
            if k == "nodes":
                for i, (x, y) in enumerate(zip(a[k], b[k])):
                    if x != y:
                        return (k, i, x, y)
                return (k, len(a[k]), len(b[k]))
            return (k, a[k], b[k])
