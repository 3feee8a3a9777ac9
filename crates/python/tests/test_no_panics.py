"""Damaged input never panics into Python: every entry point either reads
it or raises an ordinary exception (ValueError for the drop-in)."""

import random

import kifu
from compare import corpus_files
from kifu.sgfmill import sgf, sgf_grammar


def seeds():
    """Broken corpus files (none where the corpus is absent) and three
    hostile inputs of our own."""
    found = [open(p, "rb").read() for p in corpus_files("sgf", "broken")[:10]]
    return found + [b"(;FF[4]CA[Shift_JIS]SZ[52]AB[aa:ZZ]LB[aa:x]FG[]C[\\\\]];B[tt](;W[])(;))",
              b"<Go><GoGame><Nodes><Black at='T19'/></Nodes></GoGame></Go>",
              b"::fig(#a) sz=25 ab=A1,Z25 mv=B2\n::p <dia a>"]


def damaged_inputs():
    rng = random.Random(16)
    for seed in seeds():
        yield seed
        for _ in range(8):
            data = bytearray(seed)
            for _ in range(rng.randint(1, 8)):
                op = rng.random()
                i = rng.randrange(len(data) + 1)
                if op < 0.4 and data:
                    del data[min(i, len(data) - 1)]
                elif op < 0.8:
                    data.insert(i, rng.choice(b"()[];\\:\n\x00\xff\xe3ABWtt"))
                else:
                    data[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 6)))
            yield bytes(data)


def test_no_entry_point_panics():
    count = 0
    for data in damaged_inputs():
        count += 1
        for call in (lambda: kifu.parse(data).check(),
                     lambda: [g.replay() for g in kifu.parse(data)],
                     lambda: [g.info for g in kifu.parse(data)],
                     lambda: [n.get(i) for g in kifu.parse(data) for n in g.nodes()
                              for i, _ in n.properties()],
                     lambda: kifu.parse(data).write("normalized"),
                     lambda: kifu.parse(data).write("xml"),
                     lambda: kifu.fix(data, force=True)[0].write(),
                     lambda: kifu.parse(data, format="xml").check(),
                     lambda: [kifu.read_book(data).svg(i) for i in range(len(kifu.read_book(data)))],
                     lambda: kifu.read_book(data).check(),
                     lambda: sgf.Sgf_game.from_bytes(data).serialise(),
                     lambda: sgf.Sgf_game.from_bytes(data, repair=True).serialise(),
                     lambda: sgf_grammar.parse_sgf_collection(data, repair=True)):
            try:
                call()
            except (ValueError, KeyError, IndexError, LookupError, UnicodeError):
                pass
    # Each seed and eight damaged copies of it, whether or not the corpus
    # is there.
    assert count == 9 * len(seeds())
