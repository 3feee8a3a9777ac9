#!/usr/bin/env python3
"""kifu beside GoGui 1.6, the maintained reader and writer of Go XML (issue 20).

    scripts/compare_gogui.py GOGUI_SRC KIFU [SGF_DIR...] [--xml XML_DIR...]

GOGUI_SRC is the `src` folder of a GoGui checkout (built here with javac
into a temporary folder; GoGui is never part of this repository). KIFU is
a kifu binary. Three comparisons:

1. kifu's XML read by GoGui: every single-game SGF file is converted by
   kifu to XML, GoGui reads that XML and writes it as SGF, and kifu reads
   GoGui's SGF. Its main line, setup, comments and game information must
   be those of kifu's reading of the original file (or GoGui's own
   reading of it, where GoGui's model keeps less). GoGui's warnings on
   kifu's XML that it gives neither on the SGF nor on its own XML are
   counted as kifu's, unless GoGui gives them on an XML holding only the
   root `SGF` element concerned, in the form GoGui writes it (an `OT` it
   cannot parse: its SGF reader keeps it silently, its XML reader with a
   warning, on its own XML too).
2. GoGui's XML read by kifu: GoGui's own XML files (and the XML GoGui
   writes from the SGF files) are read by kifu and by GoGui; main line,
   setup, comments and game information must agree.
3. XML -> SGF -> XML: kifu converts each GoGui XML file to SGF and back;
   the two XML readings must be the same tree.

Prints the counts and every difference; exits 1 if any.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

GAME_INFO = "AN BR BT CP DT EV GC GN HA KM ON OT PB PC PW RE RO RU SO TM US WR WT".split()
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def kifu_json(kifu, path):
    run = subprocess.run([kifu, "convert", "-q", str(path), "--to", "json"], capture_output=True)
    if not run.stdout:
        return None
    try:
        return json.loads(run.stdout)
    except (ValueError, RecursionError):
        # Variations nested thousands deep: not this script's business
        # (the Rust tests cover deep trees).
        return None


def props(node):
    out = {}
    for ident, values in node["props"]:
        out.setdefault(ident, []).extend(values)
    return out


def size_of(root):
    sz = props(root).get("SZ", ["19"])[0]
    try:
        return int(sz.split(":")[0])
    except ValueError:
        return 19


def expand(values):
    """Points of a list, compressed rectangles expanded."""
    points = set()
    for v in values:
        v = v.strip()
        if ":" in v and len(v) == 5:
            a, b = v[:2], v[3:]
            try:
                xs = sorted((LETTERS.index(a[0]), LETTERS.index(b[0])))
                ys = sorted((LETTERS.index(a[1]), LETTERS.index(b[1])))
            except ValueError:
                points.add(v)
                continue
            for x in range(xs[0], xs[1] + 1):
                for y in range(ys[0], ys[1] + 1):
                    points.add(LETTERS[x] + LETTERS[y])
        else:
            points.add(v)
    return frozenset(points)


def move(value, size):
    value = value.strip()
    if value == "" or (value == "tt" and size <= 19):
        return ""
    return value


def summary(game):
    """Main line moves, setup, comments and game information of a game."""
    size = size_of(game)
    root = props(game)
    # Empty values are no information (GoGui drops them); komi is a number
    # (GoGui writes 0.50 as 0.5).
    info = {k: " ".join(root[k]).strip() for k in GAME_INFO if k in root}
    info = {k: v for k, v in info.items() if v}
    if "KM" in info:
        try:
            info["KM"] = float(info["KM"])
        except ValueError:
            pass
    line = []
    node = game
    while True:
        p = props(node)
        entry = []
        for c in ("B", "W"):
            if c in p:
                entry.append((c, move(p[c][0] if p[c] else "", size)))
        for c in ("AB", "AW", "AE"):
            if c in p and expand(p[c]):
                entry.append((c, expand(p[c])))
        if "C" in p:
            # GoGui keeps a comment as paragraphs (<P>) and trims each, so a
            # CR before a line break does not survive its XML, its own
            # included: compared without it.
            text = "\n".join(p["C"]).replace("\r\n", "\n").strip()
            if text:
                entry.append(("C", text))
        if entry:
            line.append(tuple(entry))
        if not node["children"]:
            break
        node = node["children"][0]
    return {"size": size, "info": info, "line": line}


def diff(a, b):
    """The first difference between two summaries, in words; None if equal."""
    if a["size"] != b["size"]:
        return f"size {a['size']} vs {b['size']}"
    for k in sorted(set(a["info"]) | set(b["info"])):
        if a["info"].get(k) != b["info"].get(k):
            return f"{k}: {a['info'].get(k)!r} vs {b['info'].get(k)!r}"
    for i, (x, y) in enumerate(zip(a["line"], b["line"])):
        if x != y:
            return f"main line entry {i}: {x!r:.200} vs {y!r:.200}"
    if len(a["line"]) != len(b["line"]):
        return f"main line {len(a['line'])} vs {len(b['line'])} entries"
    return None


POINT_LISTS = set("AB AE AW CR DD MA SL SQ TB TR TW VW".split())


def canonical(games):
    """A reading with each node's properties in identifier order (the
    order of properties in a node means nothing in SGF or XML) and point
    lists as sets of points (`aa:bb` is the four points it covers: kifu
    expands lists when it writes XML, which has no compressed form)."""
    def value(ident, values):
        if ident in POINT_LISTS and values != [""]:
            return sorted(expand(values))
        return values

    def node(n):
        props = sorted((i, value(i, v)) for i, v in n["props"])
        return {"props": props, "children": [node(c) for c in n["children"]]}
    return [node(g) for g in games]


def first_tree_difference(a, b, path="root"):
    if sorted(a["props"]) != sorted(b["props"]):
        x, y = dict(a["props"]), dict(b["props"])
        keys = sorted(k for k in set(x) | set(y) if x.get(k) != y.get(k))
        return f"{path}: " + ", ".join(f"{k} {x.get(k)!r:.80} vs {y.get(k)!r:.80}" for k in keys[:3])
    if len(a["children"]) != len(b["children"]):
        return f"{path}: {len(a['children'])} vs {len(b['children'])} children"
    for i, (c, d) in enumerate(zip(a["children"], b["children"])):
        found = first_tree_difference(c, d, f"{path}.{i}")
        if found:
            return found
    return None


def warnings(text):
    """GoGui's warnings, its SGF and XML readers' wordings of one finding
    made the same (`HA[1]`: "Invalid handicap value" from SGF, "Ignoring
    invalid handicap: 1" from XML)."""
    text = text.lower().replace("time element", "time property")
    text = re.sub(r"ignoring invalid handicap: -?\d+", "invalid handicap value", text)
    return set(text.split("\\n")) - {""}


def root_sgf_elements(xml_text):
    """The `<SGF>` elements of the root node of one of kifu's XML files."""
    root = xml_text.split("<Nodes>", 1)[-1].split("</Node>", 1)[0]
    return re.findall(r"<SGF type=\"[A-Z]+\">.*?</SGF>", root, re.S)


def inherent_warnings(classes, work, elements):
    """{warning: element} for the warnings GoGui gives on an XML file
    holding only one of `elements` in its root node, written as GoGui
    itself writes it: GoGui warns so on any XML that keeps that value, its
    own included (`OT[5x30 byo-yomi]`, which its SGF reader keeps silently
    and its XML reader with "Overtime settings in unknown format")."""
    jobs = []
    for i, element in enumerate(elements):
        probe = work / f"probe{i}.xml"
        probe.write_text(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Go>\n<GoGame>\n<Information>\n"
            f"</Information>\n<Nodes>\n<Node>\n{element}\n</Node>\n</Nodes>\n</GoGame>\n</Go>\n",
            encoding="utf-8",
        )
        jobs.append((str(probe), str(probe.with_suffix(".sgf")), "sgf"))
    out = {}
    read = gogui_convert(classes, jobs)
    for (probe, _, _), element in zip(jobs, elements):
        for w in warnings(read.get(probe, ("", ""))[1]):
            out.setdefault(w, element)
    return out


def diff_either(kifu, gogui, mine):
    """The first place where `mine` (GoGui's reading of kifu's XML) is
    neither kifu's reading of the file nor GoGui's own (GoGui's model keeps
    no HA[0], and its SGF reader no GN): None when every field and node is
    one or the other."""
    if mine["size"] not in (kifu["size"], gogui["size"]):
        return f"size {mine['size']}"
    for k in sorted(set(kifu["info"]) | set(gogui["info"]) | set(mine["info"])):
        if mine["info"].get(k) not in (kifu["info"].get(k), gogui["info"].get(k)):
            return f"{k}: {mine['info'].get(k)!r}, kifu {kifu['info'].get(k)!r}, GoGui {gogui['info'].get(k)!r}"
    if mine["line"] not in (kifu["line"], gogui["line"]):
        for i, x in enumerate(mine["line"]):
            if x not in (kifu["line"][i : i + 1] + gogui["line"][i : i + 1]):
                return f"main line entry {i}: {x!r:.200}"
        return "main line length"
    return None


def build_gogui(src, work):
    classes = work / "classes"
    driver = Path(__file__).with_name("GoguiConvertMany.java")
    version = src / "net/sf/gogui/version/Version.java"
    if not version.exists():
        # GoGui's build makes this file from its template; the version
        # number is all it fills in.
        text = (src / "net/sf/gogui/version/Version.java.in").read_text()
        gen = work / "gen/net/sf/gogui/version"
        gen.mkdir(parents=True)
        (gen / "Version.java").write_text(text.replace("@VERSION@", "1.6.0"))
        sourcepath = f"{work / 'gen'}{os.pathsep}{src}"
    else:
        sourcepath = str(src)
    subprocess.run(
        ["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(classes), "-sourcepath", sourcepath, str(driver)],
        check=True,
        capture_output=True,
    )
    return classes


def gogui_convert(classes, jobs):
    """Runs GoGui over (in, out, format) jobs; {in: (status, text)}."""
    if not jobs:
        return {}
    stdin = "".join(f"{i}\t{o}\t{f}\n" for i, o, f in jobs)
    run = subprocess.run(
        ["java", "-cp", str(classes), "GoguiConvertMany"], input=stdin.encode(), capture_output=True, check=True
    )
    out = {}
    for line in run.stdout.decode("utf-8", "replace").splitlines():
        parts = line.split("\t", 2)
        if len(parts) == 3:
            out[parts[0]] = (parts[1], parts[2])
    return out


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        os._exit(2)
    src, kifu = Path(args[0]), args[1]
    sgf_dirs, xml_dirs = [], []
    target = sgf_dirs
    for a in args[2:]:
        if a == "--xml":
            target = xml_dirs
        else:
            target.append(Path(a))
    work = Path(tempfile.mkdtemp(prefix="kifu-gogui-"))
    classes = build_gogui(src, work)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2)
    problems = []

    # 1. kifu's XML read by GoGui.
    sgf_files = sorted(p for d in sgf_dirs for p in d.rglob("*") if p.suffix.lower() in (".sgf", ".mgt"))
    readings = dict(zip(sgf_files, pool.map(lambda p: kifu_json(kifu, p), sgf_files)))
    single = [p for p in sgf_files if readings[p] and len(readings[p]) == 1]
    (work / "a").mkdir()
    jobs = []

    def to_xml(ip):
        i, p = ip
        out = work / "a" / f"{i}.xml"
        subprocess.run([kifu, "convert", "-q", str(p), "--to", "xml", "-o", str(out)], capture_output=True)
        return p, out

    for p, xml in pool.map(to_xml, enumerate(single)):
        if xml.exists():
            jobs.append((str(xml), str(xml.with_suffix(".sgf")), "sgf"))
        else:
            problems.append(f"{p}: kifu wrote no XML")
    by_xml = {str(xml): p for p, xml in ((p, work / "a" / f"{i}.xml") for i, p in enumerate(single))}
    read = gogui_convert(classes, jobs)
    # GoGui's reading of the original SGF files: what its model keeps of
    # them (no HA[0], no EV...), so that what it loses of kifu's XML and
    # not of the SGF is kifu's fault, and the rest GoGui's.
    (work / "o").mkdir()
    originals = [(str(p), str(work / "o" / f"{i}.sgf"), "sgf") for i, p in enumerate(single)]
    read_original = gogui_convert(classes, originals)
    original_out = {Path(i): Path(o) for i, o, _ in originals}
    # GoGui's own XML of each file, and its warnings when it reads that
    # back: what it says of its own XML is not kifu's doing.
    (work / "g").mkdir()
    own = [(str(p), str(work / "g" / f"sgf{i}.xml"), "xml") for i, p in enumerate(single)]
    written = gogui_convert(classes, own)
    own_back = gogui_convert(classes, [(o, o + ".sgf", "sgf") for i, o, _ in own if written.get(i, ("",))[0] == "ok"])
    own_warnings = {Path(i): own_back.get(o, ("", ""))[1] for i, o, _ in own}
    warned = agree = agree_gogui = either = 0
    # Warnings GoGui gives on any XML holding the value (its own too).
    gogui_warns = []
    for xml, sgf, _ in jobs:
        original = by_xml[xml]
        status, text = read.get(xml, ("error", "no answer"))
        o_status, o_text = read_original.get(str(original), ("error", ""))
        if status != "ok":
            if o_status == "ok":
                problems.append(f"{original}: GoGui cannot read kifu's XML, but reads the SGF: {text}")
            else:
                print(f"  {original}: GoGui reads neither the SGF nor kifu's XML: {text}")
            continue
        new_warnings = warnings(text) - warnings(o_text) - warnings(own_warnings.get(original, ""))
        if new_warnings:
            probes = work / "p" / Path(xml).stem
            probes.mkdir(parents=True)
            elements = root_sgf_elements(Path(xml).read_text(encoding="utf-8"))
            inherent = inherent_warnings(classes, probes, elements)
            for w in sorted(new_warnings & set(inherent)):
                gogui_warns.append(f"{original}: {w!r} on {inherent[w]}")
            new_warnings -= set(inherent)
        if new_warnings:
            warned += 1
            problems.append(f"{original}: GoGui warns on kifu's XML, not on the SGF: {sorted(new_warnings)}")
        back = kifu_json(kifu, sgf)
        if not back:
            problems.append(f"{original}: GoGui's SGF of kifu's XML is unreadable")
            continue
        mine = summary(back[0])
        as_kifu = diff(summary(readings[original][0]), mine)
        theirs = kifu_json(kifu, original_out[original]) if o_status == "ok" else None
        as_gogui = diff(summary(theirs[0]), mine) if theirs else "GoGui reads no SGF"
        agree += not as_kifu
        agree_gogui += not as_gogui
        # GoGui's model keeps less than kifu's (no HA[0], no GN from SGF):
        # a reading of kifu's XML is right when it is kifu's reading of the
        # file or GoGui's own reading of it.
        neither = diff_either(summary(readings[original][0]), summary(theirs[0]), mine) if theirs else as_kifu
        if as_kifu and neither:
            problems.append(f"{original}: GoGui reads kifu's XML otherwise than kifu and than GoGui the SGF: {neither}")
        else:
            either += 1
    print(
        f"1. kifu's XML read by GoGui: {len(jobs)} single-game files; GoGui's reading is kifu's in {agree}, "
        f"GoGui's reading of the SGF itself in {agree_gogui}, either in {either}; "
        f"{warned} with GoGui warnings the SGF does not give (kifu's fault), "
        f"{len(gogui_warns)} more that GoGui gives on any XML holding the value, its own too"
    )
    for w in gogui_warns:
        print("    GoGui's: " + w)

    # 2 and 3. GoGui's XML: its own files, and what it writes from the SGF files.
    xml_files = sorted(p for d in xml_dirs for p in d.rglob("*.xml"))
    gogui_xml = [Path(p) for p in xml_files] + [Path(o) for i, o, _ in own if written.get(i, ("",))[0] == "ok"]
    back_jobs = [(str(p), str(work / "g" / f"gg{i}.sgf"), "sgf") for i, p in enumerate(gogui_xml)]
    gogui_read = gogui_convert(classes, back_jobs)
    same_model = same_tree = 0
    for (xml, gsgf, _), path in zip(back_jobs, gogui_xml):
        kifu_reading = kifu_json(kifu, path)
        if not kifu_reading:
            problems.append(f"{path}: kifu cannot read GoGui's XML")
            continue
        if gogui_read.get(xml, ("error",))[0] == "ok":
            theirs = kifu_json(kifu, gsgf)
            d = diff(summary(theirs[0]), summary(kifu_reading[0])) if theirs else "unreadable"
            if d:
                problems.append(f"{path}: kifu's reading differs from GoGui's: {d}")
            else:
                same_model += 1
        # 3. XML -> SGF -> XML with kifu.
        s = work / "g" / f"rt{abs(hash(xml))}.sgf"
        x2 = s.with_suffix(".xml")
        subprocess.run([kifu, "convert", "-q", str(path), "--to", "sgf", "-o", str(s)], capture_output=True)
        subprocess.run([kifu, "convert", "-q", str(s), "--to", "xml", "-o", str(x2)], capture_output=True)
        again = kifu_json(kifu, x2) if x2.exists() else None
        if again and canonical(again) == canonical(kifu_reading):
            same_tree += 1
        elif again:
            found = first_tree_difference(canonical(kifu_reading)[0], canonical(again)[0])
            problems.append(f"{path}: XML -> SGF -> XML changes the tree: {found}")
        else:
            problems.append(f"{path}: XML -> SGF -> XML gives nothing")
    print(f"2. GoGui's XML ({len(xml_files)} of its files, {len(gogui_xml) - len(xml_files)} written by it from SGF): kifu's reading = GoGui's in {same_model} of {len(gogui_xml)}")
    print(f"3. XML -> SGF -> XML keeps the tree: {same_tree} of {len(gogui_xml)}")
    for p in problems:
        print("  " + p)
    os._exit(1 if problems else 0)


if __name__ == "__main__":
    sys.setrecursionlimit(20000)
    threading.stack_size(512 << 20)
    worker = threading.Thread(target=main)
    worker.start()
    worker.join()
