#!/usr/bin/env bash
# kifu side by side with the peer SGF libraries, in one run of the shared
# harness (../shared/peer-bench): sgf-parse (Rust), sgfmill, sgf, pysgf
# (Python, from PyPI), @sabaki/sgf (node, from npm) and a memchr scan.
#
# Usage: bench/peers.sh                 # the 7,252-file "ai" subset, 1 rep (~2 min)
#        LIST=files.txt REPS=3 bench/peers.sh   # the full corpus, if get_corpus.sh built it
# The harness is copied to a scratch directory, so that nothing under
# ../shared changes; kifu's driver (kifu-peer-bench) is added to it as one
# more peer, as its README describes. The report is printed and kept in
# $OUT/report.md.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
shared="$here/../shared/peer-bench"
work="${WORK:-/tmp/kifu-peer-harness}"
corpus="${CORPUS:-/tmp/bench_corpus}"
export LIST="${LIST:-files-ai.txt}" REPS="${REPS:-1}"
export OUT="${OUT:-/tmp/bench_runs/kifu-$(date -u +%Y%m%dT%H%M%SZ)}"

mkdir -p "$work" "$OUT"
cp -r "$shared"/. "$work"/
# kifu as one more peer: the same arguments as the others.
kifu="$here/target/dist/kifu-peer-bench"
sed -i "s|    rust-sgf-parse) echo|    rust-kifu)      echo \"$kifu \$CORPUS \$CORPUS/\$LIST \$tsv\" ;;\n    rust-sgf-parse) echo|" "$work/run_peers.sh"

(cd "$here" && cargo build --profile dist --locked -q -p kifu-bench)
[ -f "$corpus/$LIST" ] || OUT="$corpus" "$work/get_corpus.sh" \
    --yenw-archive "$here/../shared/corpus/large/computer-go-dataset-AI-games.tar.xz" >/dev/null
# pyenv's shim answers `command -v python3.10` without a 3.10 selected:
# point the harness at a real interpreter when there is one.
for py in "$HOME"/.pyenv/versions/3.10.*/bin/python; do
    [ -x "$py" ] && export PY310="${PY310:-$py}"
done
"$work/setup_peers.sh"
export PEERS="${PEERS:-rust-byte-scan rust-kifu rust-sgf-parse js-sabaki py-sgfmill py-sgf py-pysgf}"
"$work/run_peers.sh" "$corpus" | tee "$OUT/report.md" || true
