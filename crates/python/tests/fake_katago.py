"""A stand-in for KataGo's analysis engine, for programs that drive one.

``fake_katago.py version`` prints a version line; ``fake_katago.py analysis
...`` says it is ready on stderr, then answers each JSON query on stdin
with one response per analysed turn, as KataGo's analysis engine does. The
figures are not analysis: they are derived from a hash of the query up to
that turn, so that the same query always gets the same answer. Each query
is appended to the file named by $FAKE_KATAGO_LOG, so that a test can
compare what a program asked.
"""

import hashlib
import json
import os
import sys

OTHER_MOVES = ("A1", "C3", "pass")


def fraction(seed, salt):
    digest = hashlib.sha256((seed + salt).encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2 ** 32


def seeds(query):
    """A seed for each turn: a hash of the query's position up to that turn."""
    seed = hashlib.sha256(json.dumps([query.get("initialStones"), query.get("komi"), query.get("rules"),
                                      query.get("boardXSize")]).encode()).hexdigest()
    out = [seed]
    for move in query.get("moves", []):
        seed = hashlib.sha256((seed + json.dumps(move)).encode()).hexdigest()
        out.append(seed)
    return out


def response(query, turn, seed):
    moves = query.get("moves", [])
    played = moves[turn][1] if turn < len(moves) else None
    candidates = [m for m in OTHER_MOVES if m != played]
    if played is not None:
        candidates.insert(int(fraction(seed, "order") * 4), played)
    infos = [{"move": move, "order": order, "visits": 10 - order,
              "winrate": round(fraction(seed, "wr" + move), 6),
              "scoreLead": round(fraction(seed, "sl" + move) * 40 - 20, 6),
              "prior": round(fraction(seed, "p" + move), 6)}
             for order, move in enumerate(candidates[:3])]
    root = {"currentPlayer": "W" if turn % 2 else "B", "visits": query.get("maxVisits", 1),
            "winrate": round(fraction(seed, "wr"), 6),
            "scoreLead": round(fraction(seed, "sl") * 40 - 20, 6),
            "rawStWrError": round(fraction(seed, "e") / 5, 6),
            "rawStScoreError": round(fraction(seed, "se") * 5, 6)}
    return {"id": query.get("id"), "isDuringSearch": False, "turnNumber": turn,
            "moveInfos": infos, "rootInfo": root}


def analyse():
    print("ready to begin handling requests", file=sys.stderr, flush=True)
    for line in sys.stdin:
        with open(os.environ["FAKE_KATAGO_LOG"], "a") as log:
            log.write(line)
        query = json.loads(line)
        turn_seeds = seeds(query)
        for turn in query.get("analyzeTurns", [0]):
            print(json.dumps(response(query, turn, turn_seeds[turn])), flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["version"]:
        print("KataGo v1.16.4")
    else:
        analyse()
