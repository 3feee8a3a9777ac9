"""sgfmill 1.1's public API on kifu's parser: change only the import.

    from kifu.sgfmill import sgf, sgf_moves, boards, ascii_boards, common
    from kifu.sgfmill import sgf_properties, sgf_grammar

By default the drop-in behaves as sgfmill 1.1.1: the same public names,
values, classes (a node below the root is a ``sgf.Tree_node``), grammar
structures (``sgf_grammar.tokenise``, ``Coarse_game_tree``s as the
parentheses are written), exceptions and messages (``ValueError``,
``KeyError``, ``IndexError``, and ``TypeError`` for arguments of the wrong
type) and limits (board sizes 1 to 26, points ``a``-``z``, the charsets
Python has codecs for). sgfmill's own test suite passes against it (see
crates/python/tests/test_sgfmill_suite.py).

kifu's extensions are opt-in keywords:

* ``large_boards=True`` (``sgf.Sgf_game(size, ...)``, ``from_bytes``,
  ``from_string``, ``from_coarse_game_tree``, ``sgf_properties.Presenter``,
  ``interpret_go_point``, ``serialise_go_point``): boards up to 52x52,
  points ``a``-``z`` then ``A``-``Z``;
* ``repair=True`` (``Sgf_game.from_bytes``/``from_string``,
  ``sgf_grammar.parse_sgf_game``/``parse_sgf_collection``): files sgfmill
  rejects (junk, missing brackets or parentheses, values outside nodes)
  are read as ``kifu fix`` reads them.

Where a ``TypeError`` comes from Python itself in sgfmill (an operator or a
regular expression given the wrong type), the drop-in raises a TypeError
too; its message is Python's and may differ in wording.

Not provided: ``sgf_board_interface`` (an abstract interface only).
"""
