"""SGF syntax as sgfmill's ``sgf_grammar`` module has it, read by kifu.

A *property map* is a dict from an identifier to a nonempty list of raw
values: the bytes between the brackets, escapes and line breaks as written.
``parse_sgf_game`` and ``parse_sgf_collection`` read with kifu's parser;
by default they raise ValueError, with sgfmill's message, wherever
sgfmill's grammar does, and give sgfmill's ``Coarse_game_tree``s: one for
each ``(...)`` as written (``(;A(;B))`` is a tree of one node with one
subtree). ``repair=True`` (kifu's opt-in) reads damaged data as kifu
repairs it instead; its trees have a subtree only where a node has
several children. ``tokenise`` is sgfmill's tokeniser.
"""

import re

from .. import _kifu

_IDENT = re.compile(r"\A[A-Z]{1,64}\Z")
_VALUE = re.compile(rb"\A[^\\\]]*(?:\\.[^\\\]]*)*\Z", re.DOTALL)


def is_valid_property_identifier(s):
    """Whether `s` (a str) is an identifier sgfmill writes: 1-64 capitals."""
    return bool(_IDENT.search(s))


def is_valid_property_value(bb):
    """Whether `bb` can go between brackets: no unescaped ']', no trailing
    lone backslash."""
    return bool(_VALUE.search(bb))


_GAME_START = re.compile(rb"\(\s*;")
_TOKEN = re.compile(rb"\s*(?:\[((?:[^\\\]]|\\.)*)\]|([A-Za-z]{1,64})|([();]))", re.DOTALL)
_LOWER_CASE = b"abcdefghijklmnopqrstuvwxyz"


def _check_bytes(bb):
    """TypeError, as sgfmill's grammar raises it, unless `bb` is bytes-like
    (sgfmill's first step on it is a bytes regular expression)."""
    if type(bb) is not bytes:
        _GAME_START.match(bb, 0, 0)


def tokenise(bb, start_position=0):
    """The tokens of the first game at or after `start_position`.

    Returns (tokens, end): tokens is a list of (type, bytes) pairs, type
    'D' for a delimiter (``(``, ``)`` or ``;``), 'I' for a property
    identifier (lower-case letters dropped, ``AddBlack`` is ``AB``) and
    'V' for a raw value (between the brackets, escapes kept); end is the
    index just after the last token. The game starts at the first ``(``
    followed by white space and ``;`` (([], 0) when there is none); reading
    stops after the ``)`` that closes it or before the first byte that
    starts no token.
    """
    found = _GAME_START.search(bb, start_position)
    if found is None:
        return [], 0
    tokens = []
    append = tokens.append
    match = _TOKEN.match
    position = found.start()
    depth = 0
    while True:
        m = match(bb, position)
        if m is None:
            break
        position = m.end()
        value, identifier, delimiter = m.groups()
        if value is not None:
            append(("V", value))
        elif identifier is not None:
            append(("I", identifier.translate(None, _LOWER_CASE)))
        else:
            append(("D", delimiter))
            if delimiter == b"(":
                depth += 1
            elif delimiter == b")":
                depth -= 1
                if depth == 0:
                    break
    return tokens, position


class Coarse_game_tree:
    """A GameTree: ``sequence`` (nonempty list of property maps, the nodes
    before the variations) and ``children`` (list of Coarse_game_trees)."""

    def __init__(self):
        self.sequence = []
        self.children = []


def _coarse_tree(collection, game):
    """The Coarse_game_tree of one game of a native collection."""
    top = Coarse_game_tree()
    todo = [(top, collection.root(game))]
    while todo:
        tree, node = todo.pop()
        while True:
            tree.sequence.append(collection.property_map(node))
            kids = collection.children(node)
            if len(kids) != 1:
                break
            node = kids[0]
        for kid in kids:
            sub = Coarse_game_tree()
            tree.children.append(sub)
        todo.extend(reversed(list(zip(tree.children, kids))))
    return top


def _shaped_tree(collection, game, shape):
    """The Coarse_game_tree of one game of a native collection, its
    GameTrees as written: `shape` gives each (number of nodes, number of
    subtrees), in the order they are written."""
    shapes = iter(shape)
    top = Coarse_game_tree()
    todo = [(top, collection.root(game))]
    while todo:
        tree, node = todo.pop()
        length, subtrees = next(shapes)
        for i in range(length):
            tree.sequence.append(collection.property_map(node))
            kids = collection.children(node)
            if i + 1 < length:
                if len(kids) != 1:
                    raise RuntimeError("kifu: the game's tree is not the one sgfmill reads")
                node = kids[0]
        if len(kids) != subtrees:
            raise RuntimeError("kifu: the game's tree is not the one sgfmill reads")
        tree.children = [Coarse_game_tree() for _ in kids]
        todo.extend(reversed(list(zip(tree.children, kids))))
    return top


def _parse(bb, repair, collection):
    """The Coarse_game_trees of the games sgfmill would read.

    Strict: the ranges sgfmill's grammar accepts (raising as it does), each
    read by kifu, the GameTrees as written; repair: kifu's reading of the
    whole input, a GameTree for each node with several children."""
    _check_bytes(bb)
    data = bytes(bb)
    if repair:
        parsed = _kifu.parse(data)
        if len(parsed) == 0:
            raise ValueError("no SGF data found")
        count = len(parsed) if collection else 1
        return [_coarse_tree(parsed, i) for i in range(count)]
    ranges = _kifu.sgfmill_ranges(data, collection)
    natives = _kifu.parse_ranges(data, [(start, end) for start, end, _ in ranges])
    return [_shaped_tree(native, 0, shape) for native, (_, _, shape) in zip(natives, ranges)]


def parse_sgf_game(bb, repair=False):
    """The first game of `bb` (bytes) as a Coarse_game_tree.

    Ignores what precedes the first '(;' and what follows the game. Raises
    ValueError where sgfmill does, unless `repair` is true.
    """
    return _parse(bb, repair, False)[0]


def parse_sgf_collection(bb, repair=False):
    """Every game of `bb` as a list of Coarse_game_trees (at least one)."""
    return _parse(bb, repair, True)


def block_format(pieces, width=79):
    """Joins the pieces, starting a new line before a piece that would make
    the line longer than `width` (newlines inside pieces are not counted)."""
    lines = []
    line = b""
    for piece in pieces:
        if len(line) + len(piece) > width:
            lines.append(line)
            line = b""
        line += piece
    if line:
        lines.append(line)
    return b"\n".join(lines)


def _node_pieces(properties, out):
    out.append(b";")
    for ident in sorted(properties, key=lambda k: (k != "FF", k)):
        out.append(ident.encode("ascii") + b"".join(b"[" + v + b"]" for v in properties[ident]))


def serialise_game_tree(game_tree, wrap=79):
    """A Coarse_game_tree as SGF bytes ending with a newline; lines kept to
    `wrap` columns where possible (None: no wrapping)."""
    pieces = []
    todo = [game_tree]
    while todo:
        tree = todo.pop()
        if tree is None:
            pieces.append(b")")
            continue
        pieces.append(b"(")
        for properties in tree.sequence:
            _node_pieces(properties, pieces)
        todo.append(None)
        todo.extend(reversed(tree.children))
    pieces.append(b"\n")
    if wrap is None:
        return b"".join(pieces)
    return block_format(pieces, wrap)


def make_tree(game_tree, root, node_builder, node_adder):
    """Builds a node tree for a Coarse_game_tree under `root`, with
    node_builder(parent, property_map) and node_adder(parent, child)."""
    todo = [(root, game_tree, 0)]
    while todo:
        node, tree, i = todo.pop()
        if i + 1 < len(tree.sequence):
            child = node_builder(node, tree.sequence[i + 1])
            node_adder(node, child)
            todo.append((child, tree, i + 1))
        else:
            node._children = []
            for sub in tree.children:
                child = node_builder(node, sub.sequence[0])
                node_adder(node, child)
                todo.append((child, sub, 0))


def make_coarse_game_tree(root, get_children, get_properties):
    """A Coarse_game_tree from a node tree, with get_children(node) and
    get_properties(node) (a property map)."""
    top = Coarse_game_tree()
    todo = [(top, root)]
    while todo:
        tree, node = todo.pop()
        while True:
            tree.sequence.append(get_properties(node))
            kids = get_children(node)
            if len(kids) != 1:
                break
            node = kids[0]
        for kid in kids:
            sub = Coarse_game_tree()
            tree.children.append(sub)
            todo.append((sub, kid))
    return top


def main_sequence_iter(game_tree):
    """The property maps of the leftmost variation, root first."""
    while True:
        yield from game_tree.sequence
        if not game_tree.children:
            return
        game_tree = game_tree.children[0]


_COMPOSE = re.compile(rb"((?:[^\\:]|\\.)*):", re.DOTALL)


def parse_compose(bb):
    """Splits a raw Compose value at its first unescaped ':': (first,
    second), escapes kept; (bb, None) when there is no ':'."""
    m = _COMPOSE.match(bb)
    if m is None:
        return bb, None
    return m.group(1), bb[m.end():]


def compose(bb1, bb2):
    """A raw Compose value from two raw values (':' in the first escaped)."""
    return bb1.replace(b":", b"\\:") + b":" + bb2


_LINE_BREAK = re.compile(rb"\n\r|\r\n|\n|\r")
_SPACES = bytes.maketrans(b"\t\f\v", b"   ")
_ESCAPE_OR_BREAK = re.compile(rb"\\(.)|\\\Z|\n", re.DOTALL)


def _resolve(bb, hard_break):
    bb = _LINE_BREAK.sub(b"\n", bb).translate(_SPACES)

    def one(m):
        escaped = m.group(1)
        if escaped is not None:
            return b"" if escaped == b"\n" else escaped
        return b"" if m.group(0) == b"\\" else hard_break

    return _ESCAPE_OR_BREAK.sub(one, bb)


def simpletext_value(bb):
    """A raw SimpleText value as the bytes it means: escapes resolved, soft
    breaks removed, line breaks and other white space as spaces."""
    return _resolve(bb, b" ")


def text_value(bb):
    """A raw Text value as the bytes it means: escapes resolved, soft breaks
    removed, line breaks as '\\n', other white space as spaces."""
    return _resolve(bb, b"\n")


def escape_text(bb):
    """Bytes as a raw Text value: '\\' and ']' escaped."""
    return bb.replace(b"\\", b"\\\\").replace(b"]", b"\\]")
