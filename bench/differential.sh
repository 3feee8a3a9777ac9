#!/usr/bin/env bash
# Runs `kifu check --format json`, `fix`, `fix --force` and `fix --normalize`
# over the corpus with one kifu binary and stores every output, so that two
# binaries (before and after a change) can be compared with `diff -r`.
#
#   bench/differential.sh KIFU OUT [INPUT_DIR...]
#   diff -r OLD_OUT NEW_OUT        # nothing: the same findings and bytes
#
# INPUT_DIRs default to ../shared/corpus/sgf (every SGF file, the old and
# broken ones included) and, when unpacked (bench/unpack-large), the
# archive at /tmp/kifu-large; the merged collection is given as a
# directory holding it. Each directory is one batch (two threads): the
# JSON findings and messages of every file, the repaired bytes of every
# file (`--out-dir`), and the exit status. The summary lines' timings are
# taken out. Inputs are never written.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
kifu="$(realpath "$1")"
mkdir -p "$2"
out="$(realpath "$2")"
shift 2
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then
  dirs=("$here/../shared/corpus/sgf")
  [ -d /tmp/kifu-large ] && dirs+=(/tmp/kifu-large)
fi
mkdir -p "$out"
# Timings and the output directory's own path are not compared.
untimed() { sed -E -e 's/ in [0-9.]+ s: [0-9.]+ MB\/s, [0-9]+ games\/s;/ in (time);/' -e "s#$out/#OUT/#g"; }
for dir in "${dirs[@]}"; do
  name="$(basename "$dir")"
  d="$out/$name"
  rm -rf "$d"
  mkdir -p "$d"
  cd "$dir"
  set +e
  RAYON_NUM_THREADS=2 "$kifu" check --format json . >"$d/check.json" 2>"$d/check.stderr"
  echo $? >"$d/check.status"
  for mode in plain force normalize; do
    case $mode in
      plain) flags=() ;;
      force) flags=(--force) ;;
      normalize) flags=(--normalize) ;;
    esac
    RAYON_NUM_THREADS=2 "$kifu" fix "${flags[@]}" --out-dir "$d/fix-$mode" . \
      2>"$d/fix-$mode.stderr" >"$d/fix-$mode.stdout"
    echo $? >"$d/fix-$mode.status"
  done
  set -e
  for f in "$d"/*.stderr; do untimed <"$f" >"$f.tmp" && mv "$f.tmp" "$f"; done
  cd - >/dev/null
  echo "$name: $(find "$d" -type f | wc -l) files of output"
done
