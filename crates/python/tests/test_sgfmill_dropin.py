"""The drop-in's values, exceptions and extensions, against the seed table
(../shared/spec/sgfmill-property-types.txt) and sgfmill itself."""

import pytest

from kifu.sgfmill import boards, common, sgf, sgf_grammar, sgf_moves, sgf_properties


def new_node():
    # The table's examples are on a 9x9 board (B (2, 3) is 'dg').
    return sgf.Sgf_game(9).extend_main_sequence()


def test_the_seed_tables_examples():
    node = new_node()
    node.set("KO", True)
    assert node.get_raw("KO") == b""
    node.set("HA", 3)
    node.set("KM", 5.5)
    node.set("GB", 2)
    node.set("PL", "w")
    node.set("RE", "W+R")
    node.set("GC", "Example game\n[for documentation]")
    assert node.get_raw("GC") == b"Example game\n[for documentation\\]"
    node.set("B", (2, 3))
    assert node.get_raw("B") == b"dg"
    node.set("LB", [((6, 0), "label 1"), ((6, 1), "label 2")])
    assert node.get_raw_list("LB") == [b"ac:label 1", b"bc:label 2"]
    assert (node.get("KO"), node.get("HA"), node.get("KM"), node.get("GB"), node.get("PL")) == \
        (True, 3, 5.5, 2, "w")


def test_every_type_reads_as_the_table_says():
    game = sgf.Sgf_game.from_bytes(
        b"(;FF[4]SZ[19]KO[]HA[2]KM[6.5]DM[2]PL[B]PB[a\\]b\nc]C[x\\\ny\r\nz\tw]"
        b"AB[aa:bb]TB[]LB[dd:hi]AR[aa:bb]AP[x\\:y:1]FG[257:fig]XX[priv\\]];B[dd];W[];B[tt])")
    root = game.get_root()
    assert root.get("KO") is True
    assert root.get("HA") == 2 and root.get("KM") == 6.5 and root.get("DM") == 2
    assert root.get("PL") == "b"
    assert root.get("PB") == "a]b c"                     # SimpleText: line break as space
    assert root.get("C") == "xy\nz w"                    # Text: line break kept
    assert root.get("AB") == {(18, 0), (18, 1), (17, 0), (17, 1)}   # compressed list read
    assert root.get("TB") == set()                       # empty elist: empty (sgfmill: a set)
    assert root.get("LB") == [((15, 3), "hi")]
    assert root.get("AR") == [((18, 0), (17, 1))]
    assert root.get("AP") == ("x:y", "1")
    assert root.get("FG") == (257, "fig")
    assert root.get("XX") == "priv]"                      # unknown: Text
    assert [n.get_move() for n in game.get_main_sequence()] == \
        [(None, None), ("b", (15, 3)), ("w", None), ("b", None)]
    root.set("AB", [(18, 0), (18, 1), (17, 0)])           # set() never compresses
    assert root.get_raw_list("AB") == [b"aa", b"ab", b"ba"]
    with pytest.raises(KeyError):
        root.get("SQ")
    with pytest.raises(ValueError):
        root.set("B", (19, 0))


def test_sgfmills_exceptions_and_messages():
    cases = {
        b"": "no SGF data found",
        b"(;B[aa]": "unexpected end of SGF data",
        b"(;B[aa];W)": "property with no values",
        b"(;B[aa]()(;W[bb]))": "empty sequence",
        b"(;SZ[x])": "bad SZ property: b'x'",
        b"(;SZ[0])": "size out of range: 0",
        b"(;CA[nonsense])": "unknown encoding: nonsense",
    }
    for data, message in cases.items():
        with pytest.raises(ValueError) as e:
            sgf.Sgf_game.from_bytes(data)
        assert str(e.value) == message, data
    with pytest.raises(ValueError, match="error parsing game 1: unexpected end of SGF data"):
        sgf_grammar.parse_sgf_collection(b"(;B[aa])(;W[bb]")
    with pytest.raises(TypeError, match="expected string, given bytes"):
        sgf.Sgf_game.from_string(b"(;)")
    with pytest.raises(ValueError, match="changing size is not permitted"):
        sgf.Sgf_game(9).get_root().set("SZ", 13)
    with pytest.raises(ValueError, match="would create a loop"):
        g = sgf.Sgf_game(9)
        a = g.extend_main_sequence()
        g.get_root().reparent(a)


def test_repair_reads_what_sgfmill_rejects():
    damaged = b"(;GM[1]SZ[9];B[ee]junk;W[dd]"
    with pytest.raises(ValueError):
        sgf.Sgf_game.from_bytes(damaged)
    game = sgf.Sgf_game.from_bytes(damaged, repair=True)
    assert [n.get_move() for n in game.get_main_sequence()][1:] == [("b", (4, 4)), ("w", (5, 3))]
    assert game.serialise() == b"(;GM[1]SZ[9];B[ee];W[dd])\n"
    trees = sgf_grammar.parse_sgf_collection(b"(;B[aa])(;W[bb]", repair=True)
    assert [t.sequence[0] for t in trees] == [{"B": [b"aa"]}, {"W": [b"bb"]}]


def test_boards_over_26_which_sgfmill_refuses_are_opt_in():
    data = b"(;SZ[37];B[Aa];W[aK])"
    with pytest.raises(ValueError, match="size out of range: 37"):
        sgf.Sgf_game.from_bytes(data)
    with pytest.raises(ValueError, match="size out of range: 27"):
        sgf.Sgf_game(27)
    with pytest.raises(ValueError):
        sgf_properties.serialise_go_point((0, 0), 27)
    with pytest.raises(ValueError):
        sgf_properties.interpret_go_point(b"aA", 30)
    game = sgf.Sgf_game.from_bytes(data, large_boards=True)
    assert game.get_size() == 37
    assert [n.get_move() for n in game.get_main_sequence()][1:] == [("b", (36, 26)), ("w", (0, 0))]
    node = game.extend_main_sequence()
    node.set_move("b", (1, 36))
    assert node.get_raw("B") == b"KJ"
    board, moves = sgf_moves.get_setup_and_moves(game)
    assert moves == [("b", (36, 26)), ("w", (0, 0)), ("b", (1, 36))]
    assert board.play(36, 26, "b") is None
    assert sgf.Sgf_game(52, large_boards=True).get_root().get_raw("SZ") == b"52"
    with pytest.raises(ValueError, match="size out of range: 53"):
        sgf.Sgf_game(53, large_boards=True)
    assert sgf.Sgf_game.from_string("(;SZ[40])", large_boards=True).get_size() == 40
    assert sgf_properties.serialise_go_point((0, 0), 52, large_boards=True) == b"aZ"


def test_charsets_are_the_files():
    data = "(;CA[Shift_JIS]PB[本因坊秀策]C[碁])".encode("shift_jis")
    game = sgf.Sgf_game.from_bytes(data)
    assert game.get_charset() == "SHIFT-JIS"
    assert game.get_root().get("PB") == "本因坊秀策"
    assert game.serialise() == "(;C[碁]CA[Shift_JIS]PB[本因坊秀策])\n".encode("shift_jis")


def test_common_and_boards():
    assert common.format_vertex((3, 3)) == "D4" and common.format_vertex(None) == "pass"
    assert common.move_from_vertex("J9", 9) == (8, 8)
    with pytest.raises(ValueError, match="vertex is off board: 'k1'"):
        common.move_from_vertex("K1", 9)
    assert common.opponent_of("b") == "w" and common.colour_name("w") == "white"
    b = boards.Board(5)
    b.play(0, 1, "b")
    b.play(1, 0, "b")
    assert b.play(0, 0, "w") is None and b.get(0, 0) is None   # suicide removes it
    b.play(1, 1, "w")
    b.play(0, 2, "w")
    b.play(2, 0, "w")
    assert b.play(0, 0, "w") is None
    assert b.get(0, 1) is None and b.get(1, 0) is None
    assert sgf_properties.serialise_real(0.1) == b"0.1"


def test_main_sequence_iter_shares_property_maps_as_sgfmill_does():
    data = b"(;SZ[9];B[ee];W[dd](;B[cc])(;B[gg]))"
    game = sgf.Sgf_game.from_bytes(data)
    nodes = list(game.main_sequence_iter())
    assert [n.get_move() for n in nodes] == [(None, None), ("b", (4, 4)), ("w", (5, 3)), ("b", (6, 2))]
    nodes[2].set("C", "edited")
    assert game.serialise() == b"(;SZ[9];B[ee];C[edited]W[dd](;B[cc])(;B[gg]))\n"
    assert game.get_main_sequence()[2].get("C") == "edited"
    untouched = sgf.Sgf_game.from_bytes(data)
    untouched.get_root().set("PB", "x")
    assert untouched.serialise() == b"(;PB[x]SZ[9];B[ee];W[dd](;B[cc])(;B[gg]))\n"
