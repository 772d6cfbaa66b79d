#!/usr/bin/env bash
# Compares the simulator's speed at an older revision (A) with the working tree (B) in one run:
#   bench/run-simulator-ab.sh OLD_REVISION [PAIRS] [nodes tasks medianTaskSeconds heartbeatSeconds]
# Clones this repository at OLD_REVISION into a temporary directory and compiles model and engine
# there and here (no tests); compiles this tree's SimulatorBenchmark and SyntheticDay against each;
# then runs A B A B ... (PAIRS pairs, default 3) with -Xmx4g -XX:+UseParallelGC and prints each
# run's wall time, each pair's ratio B/A and the median ratio. Both sides get the same benchmark
# source, so only the engine differs. Set MVN_FLAGS=-o to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
old="${1:?usage: bench/run-simulator-ab.sh OLD_REVISION [PAIRS] [nodes tasks medianTaskSeconds heartbeatSeconds]}"
pairs="${2:-3}"
shift $(( $# >= 2 ? 2 : 1 ))
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/old"
git -C "$work/old" checkout -q "$old"
for side in "$work/old" "$root"; do
  (cd "$side" && mvn -q -B ${MVN_FLAGS:-} -pl engine -am compile)
done
(cd "$root" && mvn -q -B ${MVN_FLAGS:-} -pl engine dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$work/deps.txt")
deps="$(tr ':' '\n' < "$work/deps.txt" | grep -v '/io/rayon/' | paste -sd: -)"
src="$root/bench/src/main/java/io/rayon/bench"
for side in old new; do
  tree="$work/old"
  [ "$side" = new ] && tree="$root"
  cp_side="$tree/engine/target/classes:$tree/model/target/classes:$deps"
  mkdir -p "$work/bench-$side"
  javac -d "$work/bench-$side" -cp "$cp_side" "$src/SimulatorBenchmark.java" "$src/SyntheticDay.java"
  echo "$work/bench-$side:$cp_side" > "$work/cp-$side.txt"
done
wall() {
  local side="$1"
  shift
  java -Xmx4g -XX:+UseParallelGC -cp "$(cat "$work/cp-$side.txt")" io.rayon.bench.SimulatorBenchmark "$@" \
    | tee "$work/last.txt" >&2
  sed -n 's/.*wallS=\([0-9.]*\).*/\1/p' "$work/last.txt"
}
ratios=()
for i in $(seq 1 "$pairs"); do
  a="$(wall old "$@")"
  b="$(wall new "$@")"
  r="$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", b / a }')"
  ratios+=("$r")
  echo "pair $i: A (old $old) ${a} s, B (working tree) ${b} s, B/A ${r}"
done
median="$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
echo "median B/A over $pairs pairs: $median"
