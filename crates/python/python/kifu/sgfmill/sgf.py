"""SGF games as sgfmill's ``sgf`` module has them, read by kifu's parser.

``Sgf_game.from_bytes`` parses in native code and makes node objects only
for the parts of the tree a program visits (the main line, say), in bulk;
they answer the getters from the native tree, and make a node's property
dict only when a program may change it (see crates/python/src/
sgfmill_nodes.rs). Everything else follows sgfmill 1.1: the same classes (a
node below the root is a ``Tree_node``, a ``main_sequence_iter`` node may
be a plain ``Node``), methods, values, exceptions and limits.

kifu's extensions are opt-in keywords:

* ``large_boards=True`` (``Sgf_game``, ``from_bytes``, ``from_string``,
  ``from_coarse_game_tree``): sizes up to 52, points ``a``-``z`` then
  ``A``-``Z``; without it sizes over 26 raise ``size out of range``.
* ``repair=True`` (``from_bytes``, ``from_string``): damaged data sgfmill
  rejects is read as ``kifu fix`` reads it.
"""

import datetime
import math

from .. import _kifu
from . import sgf_grammar
from . import sgf_properties


# The node classes are native (kifu._kifu, see crates/python/src/
# sgfmill_nodes.rs): nodes are made in bulk there and answer the getters
# from the native tree. The methods below, sgfmill's Python, are added to
# them: the setters, and the getters' fallbacks (_py_*), which the native
# getters call whenever their answer is not certain natively.
Node = _kifu.SgfmillNode
Tree_node = _kifu.SgfmillTreeNode


def _add_methods(cls, methods):
    """Adds the functions defined in class `methods` to `cls`."""
    for name, value in vars(methods).items():
        if callable(value):
            setattr(cls, name, value)


class _Node_methods:
    def _py_get(self, identifier):
        return self._presenter.interpret(identifier, self._property_map[identifier])

    def _py_get_raw_move(self):
        pm = self._property_map
        values = pm.get("B")
        if values is not None:
            return "b", values[0]
        values = pm.get("W")
        if values is not None:
            return "w", values[0]
        return None, None

    def _py_get_move(self):
        colour, raw = self.get_raw_move()
        if colour is None:
            return None, None
        presenter = self._presenter
        return colour, sgf_properties.interpret_go_point(raw, presenter.size, presenter.large_boards)

    def _set_raw_list(self, identifier, values):
        if identifier == "SZ" and values != [sgf_properties.serialise_number(self._presenter.size)]:
            raise ValueError("changing size is not permitted")
        self._property_map[identifier] = values

    def unset(self, identifier):
        """Removes a property (KeyError when absent)."""
        if identifier == "SZ" and self._presenter.size != 19:
            raise ValueError("changing size is not permitted")
        del self._property_map[identifier]

    def set_raw_list(self, identifier, values):
        """Sets a property's raw values (already escaped)."""
        if not sgf_grammar.is_valid_property_identifier(identifier):
            raise ValueError("ill-formed property identifier")
        values = list(values)
        if not values:
            raise ValueError("empty property list")
        for value in values:
            if not sgf_grammar.is_valid_property_value(value):
                raise ValueError("ill-formed raw property value")
        self._set_raw_list(identifier, values)

    def set_raw(self, identifier, value):
        """Sets a property to one raw value (already escaped)."""
        if not sgf_grammar.is_valid_property_identifier(identifier):
            raise ValueError("ill-formed property identifier")
        if not sgf_grammar.is_valid_property_value(value):
            raise ValueError("ill-formed raw property value")
        self._set_raw_list(identifier, [value])

    def _py_set(self, identifier, value):
        """set() as sgfmill does it: the native set's fallback."""
        if not sgf_grammar.is_valid_property_identifier(identifier):
            raise ValueError("ill-formed property identifier")
        self._set_raw_list(identifier, self._presenter.serialise(identifier, value))

    def get_setup_stones(self):
        """(black, white, empty): the sets of points of AB, AW and AE."""
        found = []
        for identifier in ("AB", "AW", "AE"):
            try:
                found.append(self.get(identifier))
            except KeyError:
                found.append(set())
        return tuple(found)

    def set_move(self, colour, move):
        """Sets B or W (removing either): move is (row, col) or None."""
        if colour not in ("b", "w"):
            raise ValueError
        self._property_map.pop("B", None)
        self._property_map.pop("W", None)
        self.set(colour.upper(), move)

    def set_setup_stones(self, black, white, empty=None):
        """Replaces AB, AW and AE with the given points (empty ones left out)."""
        for identifier in ("AB", "AW", "AE"):
            self._property_map.pop(identifier, None)
        if black:
            self.set("AB", black)
        if white:
            self.set("AW", white)
        if empty:
            self.set("AE", empty)

    def add_comment_text(self, text):
        """Adds a comment, after the existing one and a blank line."""
        if self.has_property("C"):
            self.set("C", self.get("C") + "\n\n" + text)
        else:
            self.set("C", text)

    def __str__(self):
        encoding = self.get_encoding()
        lines = [ident + "".join("[%s]" % v.decode(encoding, "replace") for v in values)
                 for ident, values in sorted(self._property_map.items())]
        return "\n".join(lines) + "\n"


class _Tree_node_methods:
    def new_child(self, index=None):
        """Adds a new empty child (last, or at `index`) and returns it."""
        child = Tree_node(self, {})
        self._insert_child(index, child)
        return child

    def delete(self):
        """Removes this node (and what is below it) from its parent."""
        if self.parent is None:
            raise ValueError("can't remove the root node")
        self.parent._remove_child(self)

    def reparent(self, new_parent, index=None):
        """Moves this node under `new_parent` of the same game (last, or at
        `index`); ValueError if that would make a loop."""
        if new_parent.owner != self.owner:
            raise ValueError("new parent doesn't belong to the same game")
        node = new_parent
        while node is not None:
            if node == self:
                raise ValueError("would create a loop")
            node = node.parent
        self.parent._remove_child(self)
        self.parent = new_parent
        new_parent._insert_child(index, self)

    def find(self, identifier):
        """The nearest node, this one or an ancestor, with the property."""
        node = self
        while node is not None:
            if node.has_property(identifier):
                return node
            node = node.parent
        return None

    def find_property(self, identifier):
        """The value of a property here or at the nearest ancestor
        (KeyError when none has it)."""
        node = self.find(identifier)
        if node is None:
            raise KeyError
        return node.get(identifier)


_add_methods(Node, _Node_methods)
_add_methods(Tree_node, _Tree_node_methods)
del _Node_methods, _Tree_node_methods


def _pieces(root):
    """The pieces sgf_grammar.serialise_game_tree writes for the tree at
    `root`, except that the descendants of a node read by kifu that are
    still the native tree as read (no child node made, no property dict
    made below it) stand as one (collection, number, False) triple, and a
    whole game as read as (collection, root number, True), written
    natively by _kifu.sgfmill_join."""
    native = root._native_below(True)
    if native is not None:
        # The whole game as read: written natively.
        return [b"(", native + (True,), b")", b"\n"]
    out = [b"("]
    node_pieces = sgf_grammar._node_pieces
    node_pieces(root._property_map, out)
    stack = [("down", root)]
    while stack:
        step, node = stack.pop()
        if step == "close":
            out.append(b")")
            continue
        if step == "open":
            out.append(b"(")
            node_pieces(node._property_map, out)
        while True:
            native = node._native_below() if isinstance(node, Tree_node) else None
            if native is not None:
                out.append(native + (False,))
                break
            kids = node._children
            if len(kids) != 1:
                for kid in reversed(kids):
                    stack.append(("close", None))
                    stack.append(("open", kid))
                break
            node = kids[0]
            node_pieces(node._property_map, out)
    out.append(b")")
    out.append(b"\n")
    return out


def _native_wrap(wrap):
    """sgfmill's `wrap` (a line is broken where its length would be more
    than `wrap`) as the native join's column count, None for no wrapping.
    TypeError, as sgfmill's, for what does not compare with an int."""
    if wrap is None:
        return None
    if 0 > wrap:
        return 0
    if wrap != wrap or wrap == float("inf"):
        return None
    return min(math.floor(wrap), 2 ** 63)


def _size_and_encoding(root_map, override_encoding):
    try:
        size_bb = root_map["SZ"][0]
    except KeyError:
        size = 19
    else:
        try:
            size = int(size_bb)
        except ValueError:
            raise ValueError("bad SZ property: %s" % size_bb)
    if override_encoding is not None:
        encoding = override_encoding
    elif "CA" in root_map:
        encoding = root_map["CA"][0].decode("ascii", "replace")
    else:
        encoding = "ISO-8859-1"
    return size, encoding


class Sgf_game:
    """An SGF game tree.

    ``Sgf_game(size, encoding="UTF-8")`` makes a new game (FF[4], GM[1],
    SZ, CA in the root); size 1 to 26, as sgfmill, or to 52 with
    ``large_boards=True``. The same node is always the same Tree_node
    object. Attributes ``root``, ``size`` and ``presenter``, as sgfmill's.
    """

    def __new__(cls, size, encoding="UTF-8", *args, large_boards=False, **kwargs):
        limit = sgf_properties.MAX_SIZE if large_boards else sgf_properties.SGFMILL_MAX_SIZE
        if not 1 <= size <= limit:
            raise ValueError("size out of range: %s" % size)
        game = super().__new__(cls)
        game.size = size
        game.presenter = sgf_properties.Presenter(size, encoding, large_boards)
        return game

    def __init__(self, *args, **kwargs):
        self.root = _kifu.sgfmill_root(self, self.presenter, {})
        self.root.set_raw("FF", b"4")
        self.root.set_raw("GM", b"1")
        self.root.set_raw("SZ", sgf_properties.serialise_number(self.size))
        self.root.set_raw("CA", self.presenter.encoding.encode())

    @classmethod
    def from_coarse_game_tree(cls, coarse_game, override_encoding=None, large_boards=False):
        """A game from a sgf_grammar.Coarse_game_tree (sharing its property
        maps); size from SZ (19), encoding from CA (ISO-8859-1)."""
        size, encoding = _size_and_encoding(coarse_game.sequence[0], override_encoding)
        game = cls.__new__(cls, size, encoding, large_boards=large_boards)
        game.root = _kifu.sgfmill_root(game, game.presenter, coarse_game.sequence[0])
        sgf_grammar.make_tree(coarse_game, game.root, Tree_node, Tree_node._add_child)
        if override_encoding is not None:
            game.root.set_raw("CA", game.presenter.encoding.encode())
        return game

    @classmethod
    def from_bytes(cls, bb, override_encoding=None, repair=False, large_boards=False):
        """Reads the first game of `bb` with kifu's parser.

        Raises ValueError where sgfmill would (same messages); with
        ``repair=True`` reads damaged data as kifu repairs it, with
        ``large_boards=True`` accepts sizes up to 52. The values are in the
        encoding CA names (ISO-8859-1 without CA), or `override_encoding`
        (which CA is then set to).
        """
        sgf_grammar._check_bytes(bb)
        native, number, size_bb, ca_bb = _kifu.sgfmill_game(bytes(bb), repair)
        if size_bb is None:
            size = 19
        else:
            try:
                size = int(size_bb)
            except ValueError:
                raise ValueError("bad SZ property: %s" % size_bb)
        if override_encoding is not None:
            encoding = override_encoding
        elif ca_bb is not None:
            encoding = ca_bb.decode("ascii", "replace")
        else:
            encoding = "ISO-8859-1"
        game = cls.__new__(cls, size, encoding, large_boards=large_boards)
        game.root = _kifu.sgfmill_root(game, game.presenter, None, native, number)
        if override_encoding is not None:
            game.root.set_raw("CA", game.presenter.encoding.encode())
        return game

    @classmethod
    def from_string(cls, s, repair=False, large_boards=False):
        """Reads the first game of a str; the game's encoding becomes UTF-8."""
        if not hasattr(s, "encode"):
            raise TypeError("expected string, given %s" % type(s).__name__)
        return cls.from_bytes(s.encode("utf-8"), override_encoding="utf-8", repair=repair,
                              large_boards=large_boards)

    def serialise(self, wrap=79):
        """The game as SGF bytes in the encoding CA names, lines wrapped at
        `wrap` columns (None: not wrapped)."""
        try:
            encoding = self.get_charset()
        except ValueError:
            raise ValueError("unsupported charset: %s" % self.root.get_raw("CA"))
        wrap = _native_wrap(wrap)
        data = _kifu.sgfmill_serialise(self.root, wrap)
        if data is None:
            data = _kifu.sgfmill_join(_pieces(self.root), wrap)
        if encoding == self.root.get_encoding():
            return data
        return data.decode(self.root.get_encoding()).encode(encoding)

    def get_property_presenter(self):
        """The sgf_properties.Presenter values are read and written with."""
        return self.presenter

    def get_root(self):
        """The root Tree_node."""
        return self.root

    def get_last_node(self):
        """The last node of the leftmost variation."""
        nodes = self.root._main_line_below()
        return nodes[-1] if nodes else self.root

    def get_main_sequence(self):
        """The leftmost variation: Tree_nodes from the root to a leaf."""
        nodes = self.root._main_line_below()
        nodes.insert(0, self.root)
        return nodes

    def get_main_sequence_below(self, node):
        """The leftmost variation below `node`, its first child first."""
        if node.owner is not self:
            raise ValueError("node doesn't belong to this game")
        return node._main_line_below()

    def get_sequence_above(self, node):
        """The nodes from the root to `node`'s parent."""
        if node.owner is not self:
            raise ValueError("node doesn't belong to this game")
        nodes = []
        while node.parent is not None:
            node = node.parent
            nodes.append(node)
        nodes.reverse()
        return nodes

    def main_sequence_iter(self):
        """An iterator over the leftmost variation's nodes, root first.

        The nodes may be plain Nodes rather than Tree_nodes (when the tree
        has not been expanded yet), sharing their property maps with the
        Tree_nodes built later, as in sgfmill.
        """
        root = self.root
        below = root._plain_main_line_below()
        if below is not None:
            below.insert(0, root)
            return iter(below)
        return iter(self.get_main_sequence())

    def extend_main_sequence(self):
        """Adds a new node at the end of the leftmost variation."""
        return self.get_last_node().new_child()

    def get_size(self):
        """The board size."""
        return self.size

    def get_charset(self):
        """CA, normalised ('ISO-8859-1' without CA); ValueError when Python
        has no codec for it."""
        try:
            s = self.root.get("CA")
        except KeyError:
            return "ISO-8859-1"
        try:
            return sgf_properties.normalise_charset_name(s)
        except LookupError:
            raise ValueError("no codec available for CA %s" % s)

    def get_komi(self):
        """KM as a float (0.0 without KM)."""
        try:
            return self.root.get("KM")
        except KeyError:
            return 0.0

    def get_handicap(self):
        """HA, or None without it (or for HA[0]); ValueError for HA[1]."""
        try:
            handicap = self.root.get("HA")
        except KeyError:
            return None
        if handicap == 0:
            return None
        if handicap == 1:
            raise ValueError
        return handicap

    def get_player_name(self, colour):
        """PB or PW, or None."""
        try:
            return self.root.get({"b": "PB", "w": "PW"}[colour])
        except KeyError:
            return None

    def get_winner(self):
        """'b' or 'w' from RE, or None."""
        try:
            first = self.root.get("RE")[0].lower()
        except LookupError:
            return None
        return first if first in ("b", "w") else None

    def set_date(self, date=None):
        """Sets DT to `date` (a datetime.date; today by default)."""
        if date is None:
            date = datetime.date.today()
        self.root.set("DT", date.strftime("%Y-%m-%d"))
