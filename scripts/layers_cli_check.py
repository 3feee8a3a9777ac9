#!/usr/bin/env python3
"""Check the imports between the files of one Rust crate: no circles, and
no import from a lower layer to a higher one.

usage: layers_cli_check.py [-v] SRC_DIR [LAYER...]

SRC_DIR is the crate's `src` folder (main.rs or lib.rs is the root). Every
`.rs` file under it is a module: `a.rs` and `a/mod.rs` are `a`, `a/b.rs` is
`a::b`, the root is `crate`. A file imports another when its code names a
path into it: `use crate::a::b::{c, d}`, `crate::a::f()` anywhere in the
code, `super::x`, `self::x`, or a path that starts with a module the file
declares (`mod check;` then `check::run`). A path goes to the file of the
longest module it starts with (`crate::commands::check::EXTENSIONS` is an
import of commands/check.rs). Comments and string literals are not read;
`super` inside an inline `mod tests { ... }` is the file itself; `mod x;`
alone is a declaration, not an import.

LAYERs are given bottom first. Each is a comma-separated list of module
names, which may hold shell wildcards (`commands::*`); a leading `!` means
the modules of that layer must not import one another. A module is in the
first layer that names it. With layers, every module must be in one, and
no module may import one in a higher layer.

Prints every circle (a strongly connected component of more than one file,
with the imports that close it), every upward or forbidden import, and
every module no layer names; exits 1 if there is any, else 0.

Example (kifu's CLI):
  scripts/layers_cli_check.py crates/cli/src error stdio formats args \\
      input,report,query,book_files,outcome output,document book,batch \\
      '!commands::*' commands crate
"""

import fnmatch
import os
import re
import sys

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def strip(text):
    """The code with comments, strings and char literals blanked (line
    breaks kept, so line numbers stay)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * text.count("\n", i, j))
            i = j
            continue
        raw = re.match(r'b?r(#*)"', text[i:i + 260])
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            end = '"' + raw.group(1)
            j = text.find(end, i + raw.end())
            j = n if j < 0 else j + len(end)
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j + 1
            continue
        if c == "'":
            # A char literal ('x', '\n', '\u{1f}'), not a lifetime ('a).
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:i + 12])
            if m:
                out.append(" ")
                i += m.end()
                continue
        out.append(c)
        i += 1
    return "".join(out)


TOKEN = re.compile(r"::|[A-Za-z_][A-Za-z0-9_]*|\S")


def tokens(code):
    """(token, line) pairs."""
    line = 1
    pos = 0
    for m in TOKEN.finditer(code):
        line += code.count("\n", pos, m.start())
        pos = m.start()
        yield m.group(), line


def use_paths(toks, k):
    """The paths of the use tree starting at toks[k]; returns them and the
    index after the closing `;`."""
    paths = []

    def tree(k, prefix):
        # A path of idents and `::`, then maybe `{...}`, `*` or `as x`.
        path = list(prefix)
        while k < len(toks):
            t = toks[k][0]
            if t == "{":
                k += 1
                while k < len(toks) and toks[k][0] != "}":
                    k = tree(k, path)
                    if k < len(toks) and toks[k][0] == ",":
                        k += 1
                return k + 1
            if t == "*":
                paths.append(path)
                return k + 1
            if IDENT.fullmatch(t):
                if t == "as":
                    paths.append(path)
                    return k + 2
                if t == "self" and path:
                    k += 1
                    continue
                path = path + [t]
                k += 1
                if k < len(toks) and toks[k][0] == "::":
                    k += 1
                    continue
                paths.append(path)
                return k
            return k
        return k

    k = tree(k, [])
    while k < len(toks) and toks[k][0] != ";":
        k += 1
    return paths, k + 1


class Crate:
    def __init__(self, src):
        self.src = src
        self.files = {}  # module path (tuple) -> file name relative to src
        for folder, _, names in os.walk(src):
            for name in names:
                if not name.endswith(".rs"):
                    continue
                rel = os.path.relpath(os.path.join(folder, name), src)
                parts = rel[:-3].split(os.sep)
                if parts[-1] == "mod":
                    parts.pop()
                elif len(parts) == 1 and parts[0] in ("main", "lib"):
                    parts = []
                self.files[tuple(parts)] = rel

    def file_of(self, path):
        """The file of the longest module `path` starts with."""
        for n in range(len(path), -1, -1):
            if tuple(path[:n]) in self.files:
                return tuple(path[:n])
        return None

    def imports(self, module):
        """{imported module: first line} for one file."""
        with open(os.path.join(self.src, self.files[module]), encoding="utf-8") as f:
            toks = list(tokens(strip(f.read())))
        found = {}
        inline = []  # (name, brace depth at which it closes)
        depth = 0
        declared = {m[-1] for m in self.files if m[:-1] == module and m}

        def scope():
            return list(module) + [name for name, _ in inline]

        def resolve(path, line):
            here = scope()
            first = path[0]
            if first == "crate":
                target = path[1:]
            elif first in ("super", "self"):
                target = here
                rest = path
                while rest and rest[0] in ("super", "self"):
                    if rest[0] == "super":
                        target = target[:-1]
                    rest = rest[1:]
                target = target + rest
            elif first in declared and not inline:
                target = list(module) + path
            else:
                return
            file = self.file_of(target)
            if file is not None and file != module:
                found.setdefault(file, line)

        k = 0
        while k < len(toks):
            t, line = toks[k]
            if t == "{":
                depth += 1
            elif t == "}":
                depth -= 1
                if inline and inline[-1][1] == depth:
                    inline.pop()
            elif t == "mod" and k + 2 < len(toks) and toks[k + 2][0] == "{":
                inline.append((toks[k + 1][0], depth))
                depth += 1
                k += 3
                continue
            elif t == "use":
                paths, k = use_paths(toks, k + 1)
                for p in paths:
                    if p:
                        resolve(p, line)
                continue
            elif (
                IDENT.fullmatch(t)
                and k + 1 < len(toks)
                and toks[k + 1][0] == "::"
                and (k == 0 or toks[k - 1][0] != "::")
            ):
                path = [t]
                j = k + 1
                while j + 1 < len(toks) and toks[j][0] == "::" and IDENT.fullmatch(toks[j + 1][0]):
                    path.append(toks[j + 1][0])
                    j += 2
                resolve(path, line)
                k = j
                continue
            k += 1
        return found


def name(module):
    return "::".join(module) if module else "crate"


def components(graph):
    """Tarjan's strongly connected components."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
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
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main(argv):
    verbose = "-v" in argv
    argv = [a for a in argv if a != "-v"]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    crate = Crate(argv[0])
    layers = []
    for spec in argv[1:]:
        alone = spec.startswith("!")
        layers.append((alone, [p for p in spec.lstrip("!").split(",") if p]))
    graph = {m: crate.imports(m) for m in crate.files}
    problems = 0
    if verbose:
        for m in sorted(graph, key=name):
            print(f"{crate.files[m]}: {', '.join(name(t) for t in sorted(graph[m], key=name))}")

    for comp in components(graph):
        if len(comp) < 2:
            continue
        problems += 1
        print(f"circle of {len(comp)} files: {', '.join(crate.files[m] for m in comp)}")
        members = set(comp)
        for m in comp:
            for t, line in sorted(graph[m].items(), key=lambda x: name(x[0])):
                if t in members:
                    print(f"  {crate.files[m]}:{line} imports {name(t)}")

    if layers:
        def layer_of(module):
            for i, (_, patterns) in enumerate(layers):
                if any(fnmatch.fnmatchcase(name(module), p) for p in patterns):
                    return i
            return None

        where = {m: layer_of(m) for m in graph}
        for _, patterns in layers:
            for p in patterns:
                if not any(fnmatch.fnmatchcase(name(m), p) for m in graph):
                    print(f"note: no module is named by layer pattern {p}")
        for m in sorted(graph, key=name):
            if where[m] is None:
                problems += 1
                print(f"{crate.files[m]}: module {name(m)} is in no layer")
        for m in sorted(graph, key=name):
            for t, line in sorted(graph[m].items(), key=lambda x: name(x[0])):
                a, b = where[m], where[t]
                if a is None or b is None:
                    continue
                if b > a:
                    problems += 1
                    print(
                        f"{crate.files[m]}:{line}: {name(m)} (layer {a + 1}) imports "
                        f"{name(t)} (layer {b + 1}, higher)"
                    )
                elif a == b and layers[a][0]:
                    problems += 1
                    print(
                        f"{crate.files[m]}:{line}: {name(m)} imports {name(t)}, "
                        f"of its own layer {a + 1}, whose modules stand alone"
                    )
    edges = sum(len(v) for v in graph.values())
    print(
        f"{len(graph)} files, {edges} imports between them: "
        + (f"{problems} problem{'s' if problems > 1 else ''}" if problems else "no circle" + (", layers kept" if layers else ""))
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
