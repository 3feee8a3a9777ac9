#!/usr/bin/env python3
"""Check the layers of a Rust crate: no import cycle between files, and no
import from a lower layer to a higher one.

usage: layers.py [-q] SRC [LAYER ...]

SRC is a crate's `src` folder. Each LAYER names one rank, bottom to top:
`NAME` is the module `NAME` (the file `NAME.rs` or the folder `NAME/`
directly under SRC), and `LABEL=NAME,NAME...` puts several such modules on
one rank. A module is what comes first in a file's path under SRC:
`src/meaning/model.rs` is in `meaning`, `src/text/standard.rs` in `text`.
The crate root (`lib.rs`, `main.rs`) stands above every layer. Without
LAYER arguments, the layers of SRC in the table LAYERS below are used (by
the path as given, or the crate folder's name), and with none there only
the cycles are checked.

For every `.rs` file it reads the paths that name the crate's own items:
`use` declarations (`crate::`, `super::`, `self::`, a child module's name)
and the same paths written in code (`crate::figure::caption(..)`),
comments and strings left out. Each path is followed through the modules
and their re-exports (`pub use`) to the file that defines the item, so
`crate::model::Revision` counts as an import of the file that defines
`Revision`, not of the file that re-exports it; a glob (`use a::*`) as an
import of the module's file. `mod` declarations are not imports, nor are
paths in doc comments (intra-doc links).

It prints the file-level import graph, then every cycle (a strongly
connected component of more than one file) and every import from a lower
layer to a higher one, with the paths that make it. Exit status: 0 clean,
1 if there is any cycle or upward import, 2 on a usage error. `-q` prints
only the findings.
"""

import os
import re
import sys

# Layers of the crates of this repository, bottom to top (see the usage).
LAYERS = {
    "crates/book/src": [
        "document",
        "text",
        "meaning",
        "go",
        "check",
        "output",
        "include",
        "create",
    ],
    # Diagrams (style, drawing, text and PNG), then books: the flow, what
    # its writers share, the writers, and game pages (a producer of flows).
    "crates/render/src": [
        "style",
        "svg",
        "diagram-outputs=text,png",
        "flow",
        "markup",
        "answers",
        # What readers who cannot see the board get (descriptions, outline,
        # accessibility metadata), shared by the writers.
        "access",
        "writers=html,epub,print",
        "game",
    ],
    # The bytes (charsets, streams of games), the property table and
    # values, game information, the tree (arena, edits, builder), the
    # writers, the reader, the checks, the repairs (syntax and content),
    # `fix` (the pipeline), and the table of every code.
    "crates/sgf/src": [
        "bytes",
        "props",
        "info",
        "tree",
        "write",
        "syntax",
        "check",
        "repair",
        "fix",
        "codes",
    ],
    # Errors and streams, the file-type table, the arguments, what one
    # input is, reading and writing, runs of many inputs, the commands
    # (which import no other command: they share only what is below).
    "crates/cli/src": [
        "error",
        "stdio",
        "formats",
        "args",
        "inputs=input,report,query,outcome",
        "documents=output,document",
        "runs=book,batch",
        "commands",
        # Tests of the README against the command definition (args).
        "readme_tests",
    ],
}

ROOT_FILES = ("lib.rs", "main.rs")


def strip(text):
    """The text with comments, strings and char literals blanked out (line
    breaks kept, so that line numbers stay)."""
    out = []
    i, n = 0, len(text)

    def blank(s):
        return "".join(c if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(blank(text[i:j]))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(text[i:j]))
            i = j
        elif re.match(r'(?:b|c)?r#*"', text[i:i + 64]) and not (
            i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_")
        ):
            m = re.match(r'(?:b|c)?r(#*)"', text[i:])
            close = '"' + m.group(1)
            j = text.find(close, i + m.end())
            j = n if j < 0 else j + len(close)
            out.append(blank(text[i:j]))
            i = j
        elif c == '"' or (
            c in "bc"
            and text.startswith('"', i + 1)
            and not (i > 0 and (text[i - 1].isalnum() or text[i - 1] == "_"))
        ):
            j = i + (1 if c == '"' else 2)
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(n, j + 1)
            out.append(blank(text[i:j]))
            i = j
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}'), else a lifetime.
            m = re.match(r"'(?:\\(?:u\{[0-9a-fA-F]*\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'", text[i:])
            if m:
                out.append(blank(m.group(0)))
                i += m.end()
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|::|[{}();,*]|\S")


def tokens(code):
    """(token, line) pairs."""
    line = 1
    pos = 0
    out = []
    for m in TOKEN.finditer(code):
        line += code.count("\n", pos, m.start())
        pos = m.start()
        out.append((m.group(0), line))
    return out


def parse_use_tree(toks, i, prefix, out):
    """Reads a use tree at toks[i]; appends (path, alias) to out; returns
    the index after it."""
    path = list(prefix)
    if toks[i][0] == "::":
        i += 1
    while True:
        t = toks[i][0]
        if t == "{":
            i += 1
            while toks[i][0] != "}":
                i = parse_use_tree(toks, i, path, out)
                if toks[i][0] == ",":
                    i += 1
            return i + 1
        if t == "*":
            out.append((path, None))  # a glob imports the module
            return i + 1
        path.append(t)
        i += 1
        if toks[i][0] == "::":
            i += 1
            continue
        if path[-1] == "self":  # `a::{self, b}` names `a`
            path.pop()
        alias = path[-1] if path else None
        if toks[i][0] == "as":
            alias = toks[i + 1][0]
            i += 2
        out.append((path, alias))
        return i


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of names from the crate root
        self.file = file  # the file it is written in (relative to SRC)
        self.children = {}  # name -> Module
        self.aliases = {}  # name -> absolute path (list), from `use`
        self.uses = []  # (absolute path, line) from `use`
        self.refs = []  # (absolute path, line) written in code


def module_file_path(rel):
    """The module path of a file relative to SRC."""
    parts = rel[:-3].split("/")
    if parts[-1] == "mod":
        parts = parts[:-1]
    if len(parts) == 1 and rel in ROOT_FILES:
        return ()
    return tuple(parts)


def absolute(path, module, modules):
    """A path as written in `module` made absolute from the crate root, or
    None when it names something outside the crate."""
    first = path[0]
    if first == "crate":
        return list(path[1:])
    if first in ("self", "super"):
        base = list(module.path)
        rest = list(path)
        while rest and rest[0] in ("self", "super"):
            if rest[0] == "super":
                if not base:
                    return None
                base.pop()
            rest = rest[1:]
        return base + rest
    if first in module.children:
        return list(module.path) + list(path)
    return None


def read_crate(src):
    files = []
    for dirpath, _, names in os.walk(src):
        for name in names:
            if name.endswith(".rs"):
                files.append(os.path.relpath(os.path.join(dirpath, name), src).replace(os.sep, "/"))
    files.sort()
    modules = {}
    for rel in files:
        path = module_file_path(rel)
        modules[path] = Module(path, rel)
    # Folder modules declared by a file (`a.rs` with `a/b.rs`).
    for path, m in list(modules.items()):
        if path:
            parent = modules.get(path[:-1])
            if parent is not None:
                parent.children[path[-1]] = m
    written = []  # (module, path as written, line)
    for rel in files:
        with open(os.path.join(src, rel), encoding="utf-8") as f:
            toks = tokens(strip(f.read())) + [("", 0)] * 4
        stack = [(modules[module_file_path(rel)], -1)]  # (module, brace depth of its body)
        depth = 0
        pending_mod = None
        i = 0
        while i < len(toks) - 4:
            t, line = toks[i]
            current = stack[-1][0]
            if t == "mod" and re.match(r"[A-Za-z_]", toks[i + 1][0]):
                if toks[i + 2][0] == "{":  # an inline module: `mod tests { ... }`
                    name = toks[i + 1][0]
                    child = current.children.setdefault(name, Module(current.path + (name,), rel))
                    modules.setdefault(child.path, child)
                    pending_mod = child
                i += 2
            elif t == "{":
                depth += 1
                if pending_mod is not None:
                    stack.append((pending_mod, depth))
                    pending_mod = None
                i += 1
            elif t == "}":
                if stack[-1][1] == depth:
                    stack.pop()
                depth -= 1
                i += 1
            elif t == "use" and (i == 0 or toks[i - 1][0] in (";", "{", "}", ")", "]", "pub")):
                found = []
                i = parse_use_tree(toks, i + 1, [], found)
                current.uses.extend((path, line, alias) for path, alias in found)
            elif t == "pub" and toks[i + 1][0] == "(":  # `pub(in crate::a)` names no import
                while toks[i][0] not in (")", ""):
                    i += 1
                i += 1
            elif (
                re.match(r"[A-Za-z_]", t)
                and toks[i + 1][0] == "::"
                and not (i > 0 and toks[i - 1][0] in ("::", "."))
            ):
                path = [t]
                i += 1
                while toks[i][0] == "::" and re.match(r"[A-Za-z_]", toks[i + 1][0]):
                    path.append(toks[i + 1][0])
                    i += 2
                written.append((current, path, line))
            else:
                i += 1
    # Now that every module's children are known: the names each `use`
    # brings in, then the paths written in code (through those names).
    for m in modules.values():
        for path, line, alias in m.uses:
            a = absolute(path, m, modules)
            if a is not None and alias:
                m.aliases[alias] = a
    for m, path, line in written:
        a = absolute(path, m, modules)
        if a is None and path[0] in m.aliases:
            a = m.aliases[path[0]] + path[1:]
        if a is not None:
            m.refs.append((a, line))
    return files, modules


def resolve(path, modules, seen=None):
    """The file that defines what the absolute `path` names."""
    seen = seen or set()
    key = tuple(path)
    if key in seen:
        return None
    seen = seen | {key}
    cur = modules[()]
    for k, seg in enumerate(path):
        last = k == len(path) - 1
        child = cur.children.get(seg)
        alias = cur.aliases.get(seg)
        if child is not None and (not last or alias is None):
            cur = child
            continue
        if alias is not None:
            return resolve(alias + list(path[k + 1:]), modules, seen)
        return cur.file
    return cur.file


def graph(files, modules):
    """{file: {target file: [(path, line)]}}."""
    edges = {f: {} for f in files}
    for m in modules.values():
        for path, line, _ in m.uses:
            a = absolute(path, m, modules)
            if a is not None:
                add(edges, m.file, a, line, modules)
        for a, line in m.refs:
            add(edges, m.file, a, line, modules)
    return edges


def add(edges, source, path, line, modules):
    target = resolve(path, modules)
    if target is None or target == source:
        return
    edges[source].setdefault(target, []).append(("::".join(["crate"] + path), line))


def cycles(edges):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(out)


def parse_layers(specs):
    """[(label, {module names})], bottom to top."""
    out = []
    for spec in specs:
        label, _, names = spec.partition("=")
        names = names.split(",") if names else [label]
        out.append((label, {n.strip() for n in names if n.strip()}))
    return out


def shortest(paths):
    """The paths, sorted, without those that extend another one
    (`crate::a::B::C` goes with `crate::a::B`)."""
    paths = sorted(set(paths))
    return [p for p in paths if not any(p.startswith(q + "::") for q in paths)]


def top_module(rel):
    first = rel.split("/")[0]
    return None if rel in ROOT_FILES else first[:-3] if first.endswith(".rs") else first


def main(argv):
    quiet = "-q" in argv
    args = [a for a in argv if a != "-q"]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if args else 2
    src = args[0].rstrip("/")
    if not os.path.isdir(src):
        print(f"layers.py: no folder {src}", file=sys.stderr)
        return 2
    specs = args[1:]
    if not specs:
        norm = os.path.normpath(os.path.abspath(src)).replace(os.sep, "/")
        for key, layers in LAYERS.items():
            if norm.endswith("/" + key):
                specs = layers
    layers = parse_layers(specs)
    rank = {}
    for k, (label, names) in enumerate(layers):
        for n in names:
            rank[n] = (k, label)

    files, modules = read_crate(src)
    edges = graph(files, modules)

    def layer_of(f):
        m = top_module(f)
        return (len(layers), "(root)") if m is None else rank.get(m)

    if not quiet:
        print(f"# {src}: {len(files)} files")
        if layers:
            print("layers, bottom to top: " + " < ".join(
                label if names == {label} else f"{label}({','.join(sorted(names))})"
                for label, names in layers))
        print("\n## imports (file -> files it imports)")
        for f in files:
            targets = sorted(edges[f])
            print(f"{f} -> {', '.join(targets) if targets else '-'}")

    found = 0
    comps = cycles(edges)
    print(f"\n## cycles: {len(comps)}")
    for comp in comps:
        found += 1
        print("cycle: " + " <-> ".join(comp))
        members = set(comp)
        for f in comp:
            for t in sorted(edges[f]):
                if t in members:
                    paths = shortest(p for p, _ in edges[f][t])
                    print(f"  {f} -> {t}: {', '.join(paths)}")

    if layers:
        unassigned = sorted(f for f in files if layer_of(f) is None)
        upward = []
        for f in files:
            lf = layer_of(f)
            for t in sorted(edges[f]):
                lt = layer_of(t)
                if lf is not None and lt is not None and lt[0] > lf[0]:
                    upward.append((f, lf[1], t, lt[1], edges[f][t]))
        print(f"\n## upward imports: {len(upward)}")
        for f, lf, t, lt, uses in upward:
            found += 1
            first = min(uses, key=lambda u: u[1])
            paths = shortest(p for p, _ in uses)
            print(f"{f}:{first[1]} ({lf}) -> {t} ({lt}): {', '.join(paths)}")
        if unassigned:
            print(f"\nnot in any layer (not checked): {', '.join(unassigned)}")
    print("\nclean" if not found else f"\n{found} finding(s)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
