"""sgfmill 1.1's public API on kifu's parser: change only the import.

    from kifu.sgfmill import sgf, sgf_moves, boards, ascii_boards, common

Values are sgfmill's (see ``sgf_properties``), exceptions are sgfmill's
(``ValueError``, ``KeyError``, ``IndexError`` with the same messages), and
where sgfmill raises on a damaged file the drop-in raises too. Pass
``repair=True`` to ``Sgf_game.from_bytes``/``from_string`` (or to
``sgf_grammar.parse_sgf_game``/``parse_sgf_collection``) to get kifu's
repaired reading of a damaged file instead.

Where kifu does better than sgfmill:

* boards up to 52x52 (points ``a``-``z`` then ``A``-``Z``), not only 26;
* with ``repair=True``, files sgfmill rejects (junk, missing brackets or
  parentheses, values outside nodes) are read as ``kifu fix`` reads them.

Not provided: ``sgf_board_interface`` (an abstract interface only).
"""
