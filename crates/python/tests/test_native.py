"""The native API: reading from bytes, paths and file objects; typed values
of every type of the seed table; check, fix, write; boards; the parallel
reader; exceptions."""

import io
import json
import os

import pytest

import kifu
from compare import corpus_files

TYPED = (b"(;FF[4]GM[1]SZ[19]KO[]HA[2]KM[6.5]GB[2]PL[W]PB[A\\]b]"
         b"C[x\\\ny\r\nz\tw]AB[aa:bb]AW[cc]TB[]LB[dd:hi]AR[aa:bb]AP[x\\:y:1]FG[257:fig]"
         b";B[dd]BL[61.5]MN[3];W[];B[tt])")


def test_typed_values_follow_the_seed_table():
    game = kifu.parse(TYPED)[0]
    root = game.root
    assert root.get("KO") is True                      # None
    assert root.get("HA") == 2                         # Number
    assert root.get("KM") == 6.5                       # Real
    assert root.get("GB") == 2                         # Double
    assert root.get("PL") == "w"                       # Colour
    assert root.get("PB") == "A]b"                     # SimpleText, escape resolved
    assert root.get("C") == "xy\nz w"                  # Text: soft break gone, tab a space
    assert root.get("AB") == [(18, 0), (18, 1), (17, 0), (17, 1)]   # compressed list
    assert root.get("AW") == [(16, 2)]                 # Stone: (row, col) from bottom left
    assert root.get("TB") == []                        # empty elist
    assert root.get("LB") == [((15, 3), "hi")]         # compose point:text
    assert root.get("AR") == [((18, 0), (17, 1))]      # compose point:point
    assert root.get("AP") == ("x:y", "1")
    assert root.get("FG") == (257, "fig")
    assert root.get("XX", "absent") == "absent"
    first = root.children[0]
    assert first.get("BL") == 61.5 and first.get("MN") == 3
    assert [n.move for n in game.main_line()] == [None, ("b", (15, 3)), ("w", None), ("b", None)]
    assert game.moves() == [("b", (15, 3)), ("w", None), ("b", None)]


def test_bad_values_raise_with_the_file_name():
    root = kifu.parse(b"(;SZ[9];B[zz])", name="bad.sgf")[0].main_line()[1]
    with pytest.raises(ValueError, match="bad.sgf: B: .*off the 9x9 board"):
        root.get("B")


def test_sources_bytes_path_file_object(tmp_path):
    p = tmp_path / "g.sgf"
    p.write_bytes(TYPED)
    for source in (TYPED, bytearray(TYPED), str(p), p, open(p, "rb"), io.BytesIO(TYPED)):
        c = kifu.read(source)
        assert len(c) == 1 and c.node_count == 4
    assert kifu.read(str(p)).name == str(p)
    with pytest.raises(TypeError):
        kifu.read(12)
    with pytest.raises(TypeError, match="binary mode"):
        kifu.read(io.StringIO("(;)"))
    with pytest.raises(FileNotFoundError):
        kifu.read(tmp_path / "missing.sgf")


def test_check_gives_codes_severities_and_places():
    c = kifu.parse(b"(;GM[1]FF[4]SZ[9]\n;B[dd];W[zz]\n;B[dd]KM[x])", name="t.sgf")
    found = {(d.code, d.severity, d.line, d.column) for d in c.check()}
    assert ("sgf/invalid-value", "error", 2, 10) in found
    assert ("sgf/occupied-point", "warning", 3, 2) in found
    first = c.check()[0]
    assert str(first) == "t.sgf:2:10: error[sgf/invalid-value]: W: expected a point: 'zz' is off the 9x9 board"


def test_strict_reading_raises_with_file_line_and_column():
    with pytest.raises(kifu.SgfError) as e:
        kifu.parse(b"(;SZ[9]\n;B[dd]C[open", name="s.sgf", strict=True)
    assert (e.value.file, e.value.line) == ("s.sgf", 2)
    assert e.value.column >= 1 and str(e.value).startswith("s.sgf:2:")
    assert isinstance(e.value, ValueError)


def test_fix_repairs_and_reports():
    fixed, repairs = kifu.fix(b"(;SZ[9];AddBlack[ee]B[dd]")
    assert fixed.write() == b"(;SZ[9]FF[4];AB[ee];B[dd])"
    codes = [r[0] for r in repairs]
    assert "sgf/lowercase-identifier" in codes and "sgf/missing-close-paren" in codes
    assert fixed.check() == [] or all(d.severity != "error" for d in fixed.check())


def test_lossless_round_trip_and_normalized_and_json():
    data = b"  junk (;FF[4]SZ[9] ;B[ee]\n(;W[dd])(;W[cc]))trailer"
    c = kifu.parse(data)
    assert c.write() == data
    normalized = c.write("normalized")
    assert normalized.startswith(b"(;GM[1]FF[4]CA[UTF-8]SZ[9]") and kifu.parse(normalized).node_count == 4
    tree = json.loads(c.write("json"))
    assert len(tree) == 1 and len(tree[0]["children"][0]["children"]) == 2
    with pytest.raises(ValueError, match="unknown write mode"):
        c.write("pdf")


def test_save_is_atomic_and_never_needs_the_input(tmp_path):
    c = kifu.parse(TYPED)
    out = tmp_path / "out.sgf"
    c.save(out)
    assert out.read_bytes() == TYPED
    assert os.listdir(tmp_path) == ["out.sgf"]


def test_board_and_replay():
    b = kifu.Board(9)
    assert b.size == (9, 9)
    b.play(0, 1, "w")
    b.play(1, 0, "b")
    b.play(0, 2, "b")
    b.play(1, 1, "b")
    assert b.play(0, 0, "b") == [(0, 1)]
    assert b.get(0, 1) is None and b.captures("b") == 1
    with pytest.raises(ValueError, match="occupied"):
        b.play(0, 0, "w")
    with pytest.raises(IndexError):
        b.get(9, 0)
    with pytest.raises(ValueError):
        b.play(3, 3, "x")
    final = kifu.parse(b"(;SZ[5]AB[aa];W[ba];B[bb];W[ab];B[ca];B[ac])")[0].replay()
    # W[ab] captures the setup stone at aa; the last black moves capture nothing.
    assert final.get(4, 0) is None and final.get(4, 1) == "w" and final.get(2, 0) == "b"
    assert str(final).splitlines()[:3] == [".o#..", "o#...", "#...."]
    assert final.stones()[0] == ("b", (2, 0))


def test_node_navigation_and_errors():
    c = kifu.parse(b"(;SZ[9];B[ee](;W[dd])(;W[cc]))")
    game = c[0]
    kids = game.main_line()[1].children
    assert [k.move for k in kids] == [("w", (5, 3)), ("w", (6, 2))]
    assert kids[0].parent == game.main_line()[1]
    assert len(game.nodes()) == 4 and "B" in game.main_line()[1]
    with pytest.raises(IndexError):
        c[3]
    with pytest.raises(IndexError):
        c._native.children(999)


def test_nodes_read_values_in_their_own_games_size():
    """A collection of games of different sizes: each node's points are
    read in its own game's size (rows from the bottom), from the root, the
    main line, every node, children and parents alike."""
    c = kifu.parse(b"(;SZ[9];B[aa]C[nine])(;SZ[13];B[aa];W[bb]LB[cc:x])")
    nine, thirteen = c[0], c[1]
    assert nine.main_line()[1].get("B") == (8, 0)
    assert thirteen.main_line()[1].get("B") == (12, 0)
    last = thirteen.nodes()[-1]
    assert last.move == ("w", (11, 1)) and last.get("LB") == [((10, 2), "x")]
    assert last.parent.parent == thirteen.root and thirteen.root.children[0].get("B") == (12, 0)
    # The collection's own getters by node number find the game's size too.
    numbers = c._native.main_line(1)
    assert c._native.get_move(numbers[-1]) == ("w", (11, 1))
    assert c._native.get(numbers[1], "B") == (12, 0) and c._native.get(c._native.main_line(0)[1], "B") == (8, 0)
    assert nine.main_line()[1].raw("C") == [b"nine"] and nine.main_line()[1].text("C") == "nine"
    assert nine.main_line()[1].raw("W") is None and "C" in nine.main_line()[1]
    # Equal nodes hash alike; nodes of other games or collections differ.
    again = kifu.parse(b"(;SZ[9];B[aa]C[nine])")
    assert len({nine.root, c[0].root, thirteen.root, again[0].root}) == 3
    assert nine.root != again[0].root and nine.root == c[0].main_line()[0]
    assert repr(nine.main_line()[1]) == "<kifu.Node B[aa]C[nine]>"


def test_corpus_node_counts_agree_across_the_parallel_reader_and_json():
    files = corpus_files("sgf", "ff4")[::5]
    if not files:
        pytest.skip("no corpus")
    seen = 0
    for path, c in kifu.read_files(files, chunk=64):
        assert not isinstance(c, OSError)
        tree = json.loads(c.write("json"))
        stack, count = list(tree), 0
        while stack:
            n = stack.pop()
            count += 1
            stack.extend(n["children"])
        walked = sum(len(g.nodes()) for g in c)
        assert c.node_count == count == walked, path
        assert kifu.read(path).node_count == count
        seen += 1
    assert seen == len(files)


def test_read_files_takes_a_directory_and_reports_unreadable_files(tmp_path):
    (tmp_path / "a.sgf").write_bytes(b"(;B[aa])")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.SGF").write_bytes(b"(;W[bb])")
    (tmp_path / "c.txt").write_bytes(b"(;W[bb])")
    got = [(os.path.basename(p), c.node_count) for p, c in kifu.read_files(tmp_path)]
    assert got == [("a.sgf", 1), ("b.SGF", 1)]
    (p, err), = kifu.read_files([tmp_path / "nope.sgf"])
    assert isinstance(err, OSError)


def test_go_xml_reads_and_writes():
    xml = b"""<?xml version="1.0"?><Go><GoGame><Information><BoardSize>9</BoardSize>
<BlackPlayer>Kuro</BlackPlayer></Information><Nodes><Black at="E5"/><White at="C7"/></Nodes></GoGame></Go>"""
    c = kifu.parse(xml, name="g.xml")
    assert c[0].info["black"] == "Kuro"
    assert c[0].moves() == [("b", (4, 4)), ("w", (6, 2))]
    again = kifu.parse(c.write("xml"), format="xml")
    assert again[0].moves() == c[0].moves()
    assert kifu.parse(kifu.parse(b"(;SZ[9];B[ee])").write("xml"))[0].moves() == [("b", (4, 4))]
    broken = kifu.parse(b'<Go><GoGame>junk<Nodes><Black at="Z99"/></Nodes></GoGame></Go>', name="b.xml")
    (d,) = broken.diagnostics
    assert (d.file, d.line, d.column, d.code, d.severity) == ("b.xml", 1, 24, "xml/bad-coordinate", "error")
    assert broken.check() == [] or broken.check()[0].code == "xml/bad-coordinate"
    with pytest.raises(ValueError, match="unknown format"):
        kifu.parse(b"x", format="pdf")


BOOK = b"""::book title="Test"

::fig(#one) sz=9 ab=C3,D4 aw=E5 mv=F6,G7
A diagram.
"""


def test_books_list_draw_and_render_diagrams():
    book = kifu.read_book(BOOK, name="t.gobook")
    items = book.items()
    assert len(book) == len(items) == 1
    assert items[0]["id"] == "one" and items[0]["size"] == 9
    assert "●" in book.draw("one") and "○" in book.draw(0)
    svg = book.svg("one")
    assert svg.startswith("<svg") and svg.count("<use") >= 3
    assert book.write() == BOOK.decode()
    with pytest.raises(KeyError):
        book.svg("two")
    with pytest.raises(IndexError):
        book.draw(5)
    with pytest.raises(ValueError, match="unknown style"):
        book.svg(0, style="fancy")
    broken = kifu.read_book(b"::fig ab=Z99\n", name="b.gobook")
    assert any(d.file == "b.gobook" and d.line == 1 for d in broken.check())



def test_gobk_packages_are_read_with_their_entries(tmp_path):
    import io
    import zipfile
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("images/cover.png", b"\x89PNG\r\n\x1a\nrest")
        z.writestr("book/t.gobook", BOOK)
    path = tmp_path / "t.gobk"
    path.write_bytes(buf.getvalue())
    book = kifu.read_book(str(path))
    assert book.name.endswith("t.gobk(book/t.gobook)")
    assert book.write() == BOOK.decode()
    assert len(book) == 1 and "●" in book.draw("one")
    assert book.entry_names() == ["images/cover.png"]
    assert book.entry("images/cover.png").startswith(b"\x89PNG")
    assert book.entry("missing.png") is None
    # A finding names the book inside the package.
    broken = io.BytesIO()
    with zipfile.ZipFile(broken, "w") as z:
        z.writestr("b.gobook", b"::fig ab=Z99\n")
    found = kifu.read_book(broken.getvalue(), name="b.gobk").check()
    assert any(d.file == "b.gobk(b.gobook)" and d.line == 1 for d in found)
    # Text books have no entries; a broken package is a ValueError.
    assert kifu.read_book(BOOK).entry_names() == []
    with pytest.raises(ValueError, match="zip"):
        kifu.read_book(b"PK\x03\x04 not really a zip", name="x.gobk")
    empty = io.BytesIO()
    with zipfile.ZipFile(empty, "w") as z:
        z.writestr("readme.txt", b"no book")
    with pytest.raises(ValueError, match="no .gobook"):
        kifu.read_book(empty.getvalue(), name="e.gobk")

def test_read_stream_splits_concatenated_games(tmp_path):
    p = tmp_path / "all.sgf"
    games = [b"(;GN[%d]SZ[9];B[ee])\n" % i for i in range(2500)]
    p.write_bytes(b"junk\n" + b"".join(games))
    got = list(kifu.read_stream(p, chunk=300))
    assert len(got) == 2500
    assert [c[0].root.get("GN") for c in got[:3]] == ["0", "1", "2"]
    assert got[0].name == "%s:2:1" % p and got[1].name == "%s:3:1" % p
    assert all(c.node_count == 2 for c in got)
    with pytest.raises(FileNotFoundError):
        list(kifu.read_stream(tmp_path / "none.sgf"))
