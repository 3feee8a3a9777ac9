"""Property values in sgfmill's Python representation.

========== ==========================================================
SGF type   Python value
========== ==========================================================
None       True
Number     int
Real       float
Double     1 or 2
Colour     'b' or 'w'
SimpleText str (escapes resolved, line breaks and other white space
           become spaces)
Text       str (escapes resolved, line breaks become ``\\n``, other white
           space becomes spaces)
Point      (row, col), row 0 at the bottom
Move       (row, col), or None for a pass
point list set of points (``get`` reads compressed lists ``aa:cc``;
           ``set`` never writes them)
elist      an empty list for ``[]``
AP         (application, version)
AR, LN     list of (point, point)
LB         list of (point, text)
FG         (flags, name), or None
========== ==========================================================

Unknown properties read as Text.

Board sizes and points are sgfmill's by default: points are two letters
``a``-``z`` and ``serialise_go_point`` refuses sizes over 26. kifu's larger
boards, up to 52x52 (columns and rows ``a``-``z`` then ``A``-``Z``), are
opt-in: ``Presenter(size, encoding, large_boards=True)`` and the
``large_boards=True`` keyword of ``interpret_go_point`` and
``serialise_go_point`` (``sgf.Sgf_game`` passes its own on).
"""

import codecs
import functools
from math import isinf, isnan

from .. import _kifu
from . import sgf_grammar

_LETTERS = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LARGE_INDEX = {ch: i for i, ch in enumerate(_LETTERS)}
_INDEX = {ch: i for i, ch in enumerate(_LETTERS[:26])}
# The largest board: sgfmill's, and kifu's with large_boards=True.
SGFMILL_MAX_SIZE = 26
MAX_SIZE = 52


@functools.lru_cache(maxsize=256)
def _normalised(s):
    return codecs.lookup(s).name.replace("_", "-").upper().replace("ISO8859", "ISO-8859")


def normalise_charset_name(s):
    """A charset name in the form sgfmill writes ('UTF-8', 'ISO-8859-1').

    LookupError when Python has no codec of that name.
    """
    if isinstance(s, str):
        return _normalised(s)
    return codecs.lookup(s).name.replace("_", "-").upper().replace("ISO8859", "ISO-8859")


def interpret_go_point(bb, size, large_boards=False):
    """A raw point as (row, col), or None for a pass ('' or 'tt' up to 19).

    Letters ``a``-``z`` (with `large_boards`, then ``A``-``Z``); ValueError
    for a point off the board, TypeError when `bb` is not bytes.
    """
    if bb == b"" or (bb == b"tt" and size <= 19):
        return None
    col_b, row_b = bb
    index = _LARGE_INDEX if large_boards else _INDEX
    col = index.get(col_b)
    row = index.get(row_b)
    if col is None or row is None:
        for ch in (col_b, row_b):
            if not isinstance(ch, int):
                raise TypeError("unsupported operand type(s) for -: '%s' and 'int'"
                                % type(ch).__name__)
        raise ValueError
    row = size - 1 - row
    if not (0 <= col < size and 0 <= row < size):
        raise ValueError
    return row, col


def serialise_go_point(move, size, large_boards=False):
    """A move as raw bytes: two letters, or the pass ('tt' up to 19, else
    ''); ValueError for a size over 26 (52 with `large_boards`)."""
    if not 1 <= size <= (MAX_SIZE if large_boards else SGFMILL_MAX_SIZE):
        raise ValueError
    if move is None:
        return b"tt" if size <= 19 else b""
    row, col = move
    if not (0 <= col < size and 0 <= row < size):
        raise ValueError
    return bytes((_LETTERS[col], _LETTERS[size - row - 1]))


class _Context:
    large_boards = False

    def __init__(self, size, encoding):
        self.size = size
        self.encoding = encoding


def interpret_none(bb, context=None):
    return True


def serialise_none(b, context=None):
    return b""


def interpret_number(bb, context=None):
    return int(bb.replace(b" ", b""), 10)


def serialise_number(i, context=None):
    return ("%d" % i).encode("ascii")


def interpret_real(bb, context=None):
    value = float(bb)
    if isinf(value):
        raise ValueError("infinite")
    if isnan(value):
        raise ValueError("not a number")
    return value


def serialise_real(f, context=None):
    f = float(f)
    try:
        whole = int(f)
    except OverflowError:
        raise ValueError
    if f == whole:
        return str(whole).encode("ascii")
    text = repr(f)
    if "e-" in text:
        # Too small to write without an exponent, which SGF does not have.
        return b"0"
    return text.encode("ascii")


def interpret_double(bb, context=None):
    return 2 if bb.strip() == b"2" else 1


def serialise_double(i, context=None):
    return b"2" if i == 2 else b"1"


def interpret_colour(bb, context=None):
    colour = bb.lower()
    if colour == b"b":
        return "b"
    if colour == b"w":
        return "w"
    raise ValueError


def serialise_colour(colour, context=None):
    if colour == "b":
        return b"B"
    if colour == "w":
        return b"W"
    raise ValueError


def interpret_simpletext(bb, context):
    return sgf_grammar.simpletext_value(bb).decode(context.encoding)


def serialise_simpletext(s, context):
    if not hasattr(s, "encode"):
        raise TypeError("expected string, given %s" % type(s).__name__)
    return sgf_grammar.escape_text(s.encode(context.encoding))


def interpret_text(bb, context):
    return sgf_grammar.text_value(bb).decode(context.encoding)


def serialise_text(s, context):
    return serialise_simpletext(s, context)


def interpret_point(bb, context):
    point = interpret_go_point(bb, context.size, getattr(context, "large_boards", False))
    if point is None:
        raise ValueError
    return point


def serialise_point(point, context):
    if point is None:
        raise ValueError
    return serialise_go_point(point, context.size, getattr(context, "large_boards", False))


def interpret_move(bb, context):
    return interpret_go_point(bb, context.size, getattr(context, "large_boards", False))


def serialise_move(move, context):
    return serialise_go_point(move, context.size, getattr(context, "large_boards", False))


def interpret_point_list(values, context):
    points = set()
    for bb in values:
        first, colon, second = bb.partition(b":")
        if not colon:
            points.add(interpret_point(first, context))
            continue
        top, left = interpret_point(first, context)
        bottom, right = interpret_point(second, context)
        if bottom > top or left > right:
            raise ValueError
        points.update((row, col) for row in range(bottom, top + 1)
                      for col in range(left, right + 1))
    return points


def serialise_point_list(points, context):
    return sorted(serialise_point(p, context) for p in points)


def interpret_AP(s, context):
    application, version = sgf_grammar.parse_compose(s)
    return (interpret_simpletext(application, context),
            interpret_simpletext(b"" if version is None else version, context))


def serialise_AP(value, context):
    application, version = value
    return sgf_grammar.compose(serialise_simpletext(application, context),
                               serialise_simpletext(version, context))


def interpret_ARLN_list(values, context):
    pairs = []
    for bb in values:
        a, b = sgf_grammar.parse_compose(bb)
        pairs.append((interpret_point(a, context), interpret_point(b, context)))
    return pairs


def serialise_ARLN_list(values, context):
    return [serialise_point(a, context) + b":" + serialise_point(b, context)
            for a, b in values]


def interpret_FG(bb, context):
    if bb == b"":
        return None
    flags, name = sgf_grammar.parse_compose(bb)
    return int(flags), interpret_simpletext(name, context)


def serialise_FG(value, context):
    if value is None:
        return b""
    flags, name = value
    return serialise_number(flags) + b":" + serialise_simpletext(name, context)


def interpret_LB_list(values, context):
    labels = []
    for bb in values:
        point, text = sgf_grammar.parse_compose(bb)
        labels.append((interpret_point(point, context),
                       interpret_simpletext(text, context)))
    return labels


def serialise_LB_list(values, context):
    return [serialise_point(point, context) + b":" + serialise_simpletext(text, context)
            for point, text in values]


class Property_type:
    """How one type of value is read and written.

    interpreter(raw, context), serialiser(value, context); uses_list: the
    raw form is a list of values; allows_empty_list: an empty list is
    written as one empty value.
    """

    def __init__(self, interpreter, serialiser, uses_list, allows_empty_list=False):
        self.interpreter = interpreter
        self.serialiser = serialiser
        self.uses_list = bool(uses_list)
        self.allows_empty_list = bool(allows_empty_list)


def _type(name, allows_empty_list=False):
    table = globals()
    return Property_type(table["interpret_" + name], table["serialise_" + name],
                         uses_list=name.endswith("_list"),
                         allows_empty_list=allows_empty_list)


_TYPES = {
    "none": _type("none"),
    "number": _type("number"),
    "real": _type("real"),
    "double": _type("double"),
    "colour": _type("colour"),
    "simpletext": _type("simpletext"),
    "text": _type("text"),
    "point": _type("point"),
    "move": _type("move"),
    "point_list": _type("point_list"),
    "point_elist": _type("point_list", allows_empty_list=True),
    "stone_list": _type("point_list"),
    "AP": _type("AP"),
    "ARLN_list": _type("ARLN_list"),
    "FG": _type("FG"),
    "LB_list": _type("LB_list"),
}

# FF[4]'s Go properties by type (the table in sgfmill's documentation).
_BY_TYPE = {
    "stone_list": "AB AW",
    "point_list": "AE CR MA SL SQ TR",
    "point_elist": "DD TB TW VW",
    "simpletext": "AN BR BT CA CP DT EV GN N ON OT PB PC PW RE RO RU SO US WR WT",
    "text": "C GC",
    "AP": "AP",
    "ARLN_list": "AR LN",
    "LB_list": "LB",
    "FG": "FG",
    "move": "B W",
    "real": "BL KM TM V WL",
    "double": "BM DM GB GW HO TE UC",
    "none": "DO IT KO",
    "number": "FF GM HA MN OB OW PM ST SZ",
    "colour": "PL",
}
_property_types_by_ident = {ident: _TYPES[name]
                            for name, idents in _BY_TYPE.items()
                            for ident in idents.split()}
_text_property_type = _TYPES["text"]


class Presenter(_Context):
    """Reads and writes property values for one board size and encoding.

    Public attributes: ``size``, ``encoding`` (normalised, eg 'UTF-8') and
    ``large_boards`` (kifu's: points up to 52x52, letters ``a``-``z`` then
    ``A``-``Z``; sgfmill's ``a``-``z`` and 26 by default).
    """

    # The native nodes read values with this presenter's `_context` (size,
    # letters, charset, whether the property table is sgfmill's default
    # one), worked out by _fast_context when first needed and forgotten
    # whenever an attribute of the presenter is set.
    _context = None

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        context = self._context
        if context is not None:
            context.forget()

    def _fast_context(self):
        """Records in `_context` what the native readers need, or that they
        cannot stand in for this presenter."""
        size, large_boards, encoding = self.size, self.large_boards, self.encoding
        usable = (type(size) is int and 1 <= size <= MAX_SIZE and type(large_boards) is bool
                  and type(encoding) is str)
        if not usable:
            self._context.set(False)
            return
        cls = type(self)
        default_types = (not self._own_types
                         and self.default_property_type is _text_property_type
                         and cls.interpret is Presenter.interpret
                         and cls.interpret_as_type is Presenter.interpret_as_type
                         and cls._get_effective_property_type
                         is Presenter._get_effective_property_type
                         and cls.serialise is Presenter.serialise
                         and cls.serialise_as_type is Presenter.serialise_as_type)
        self._context.set(True, size, large_boards, encoding, default_types)

    def __init__(self, size, encoding, large_boards=False):
        try:
            encoding.encode("ascii")
        except UnicodeEncodeError:
            raise ValueError("encoding names must be ascii")
        try:
            encoding = normalise_charset_name(encoding)
        except LookupError:
            raise ValueError("unknown encoding: %s" % encoding)
        # _Context.__init__'s attributes and this class's, set at once:
        # through __setattr__ they cost a call each, once per game read.
        self.__dict__.update(
            size=size,
            encoding=encoding,
            large_boards=bool(large_boards),
            # Shared until this presenter's table is asked for or changed.
            _types=_property_types_by_ident,
            _own_types=False,
            default_property_type=_text_property_type,
            _context=_kifu.SgfmillContext(),
        )

    @property
    def property_types_by_ident(self):
        """This presenter's table: identifier -> Property_type."""
        if not self._own_types:
            self._types = dict(self._types)
            self._own_types = True
        return self._types

    @property_types_by_ident.setter
    def property_types_by_ident(self, table):
        self._types = table
        self._own_types = True

    def get_property_type(self, identifier):
        """The Property_type of an identifier (KeyError when unknown)."""
        return self.property_types_by_ident[identifier]

    def register_property(self, identifier, property_type):
        """Sets the type of a property."""
        self.property_types_by_ident[identifier] = property_type

    def deregister_property(self, identifier):
        """Forgets the type of a property."""
        del self.property_types_by_ident[identifier]

    def set_private_property_type(self, property_type):
        """The type of properties not registered (None: reject them)."""
        self.default_property_type = property_type

    def _get_effective_property_type(self, identifier):
        found = self._types.get(identifier)
        if found is not None:
            return found
        if self.default_property_type is None:
            raise ValueError("unknown property")
        return self.default_property_type

    def interpret_as_type(self, property_type, raw_values):
        """Reads raw values as the given type."""
        if not raw_values:
            raise ValueError("no raw values")
        if property_type.uses_list:
            raw = [] if raw_values == [b""] else raw_values
        else:
            if len(raw_values) > 1:
                raise ValueError("multiple values")
            raw = raw_values[0]
        return property_type.interpreter(raw, self)

    def interpret(self, identifier, raw_values):
        """Reads the raw values of a property as its type."""
        return self.interpret_as_type(self._get_effective_property_type(identifier), raw_values)

    def serialise_as_type(self, property_type, value):
        """Writes a value as the given type: a list of raw values."""
        raw = property_type.serialiser(value, self)
        if not property_type.uses_list:
            return [raw]
        if raw == []:
            if property_type.allows_empty_list:
                return [b""]
            raise ValueError("empty list")
        return raw

    def serialise(self, identifier, value):
        """Writes a property's value: a list of raw values."""
        return self.serialise_as_type(self._get_effective_property_type(identifier), value)
