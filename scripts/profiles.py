#!/usr/bin/env python3
"""Keeps the build profiles' per-crate optimisation lists in Cargo.toml true.

Release and dev builds compile every library kifu's own work runs in with
optimisation, and the ~280 crates that only the Typst compiler (PDF
output) needs at opt-level 0, its few hot crates at 1: the Typst tree is
most of a first build's time (docs/development.md). Cargo has no way to
say "this dependency's tree", so the libraries are listed by name between
the `# BEGIN kifu's libraries` and `# END` lines of each profile table.

    scripts/profiles.py          check: exit 1 naming what is missing or extra
    scripts/profiles.py --write  rewrite the lists from `cargo tree`

"kifu's libraries" are the normal dependencies of kifu-cli without its
`pdf` feature, of kifu-python and of kifu-bench, less the procedural
macros (they run in the compiler, where opt-level 0 builds fastest).
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "Cargo.toml"
PACKAGES = [["-p", "kifu-cli", "--no-default-features"], ["-p", "kifu-python"], ["-p", "kifu-bench"]]
# Procedural macros and what only they use.
COMPILE_TIME_ONLY = {
    "syn", "quote", "proc-macro2", "unicode-ident", "heck", "clap_derive",
    "serde_derive", "pyo3-macros", "pyo3-macros-backend",
}
# (profile table, opt-level of kifu's libraries there)
TABLES = [("profile.release.package", 3), ("profile.dev.package", 2)]
BLOCK = re.compile(
    r"(?P<head>\[(?P<table>[\w.]+)\]\n(?:[^\[\n].*\n|\n)*?# BEGIN kifu's libraries\n)"
    r"(?P<body>(?:.*\n)*?)(?P<tail># END kifu's libraries\n)"
)


def libraries():
    names = set()
    for args in PACKAGES:
        out = subprocess.run(
            ["cargo", "tree", "--locked", "-e", "normal", "--prefix", "none",
             "--target", "x86_64-unknown-linux-gnu", *args],
            cwd=ROOT, check=True, capture_output=True, text=True).stdout
        names.update(line.split()[0] for line in out.splitlines() if line.strip())
    return sorted(n for n in names if not n.startswith("kifu-") and n not in COMPILE_TIME_ONLY)


def main():
    write = "--write" in sys.argv[1:]
    text = MANIFEST.read_text()
    wanted = libraries()
    problems = []
    for table, level in TABLES:
        block = next((m for m in BLOCK.finditer(text) if m.group("table") == table), None)
        if block is None:
            problems.append(f"[{table}] has no `# BEGIN kifu's libraries` ... `# END` block")
            continue
        listed = re.findall(r"^([\w-]+) = ", block.group("body"), re.M)
        body = "".join(f"{name} = {{ opt-level = {level} }}\n" for name in wanted)
        if write:
            text = text[:block.start("body")] + body + text[block.end("body"):]
        elif block.group("body") != body:
            missing = sorted(set(wanted) - set(listed))
            extra = sorted(set(listed) - set(wanted))
            problems.append(f"[{table}]: missing {missing or 'none'}, not a library of kifu's "
                            f"{extra or 'none'} (or not at opt-level {level}, or not sorted)")
    if write:
        MANIFEST.write_text(text)
    for p in problems:
        print(f"Cargo.toml: {p}; run scripts/profiles.py --write", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
