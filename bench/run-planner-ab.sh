#!/usr/bin/env bash
# Compares a planner's CPU time per request at an older revision (A) with the working tree (B), in
# one JVM, on the harness's workloads:
#   bench/run-planner-ab.sh OLD_REVISION [SECONDS] [--planner SPEC] [harness options]
# e.g. bench/run-planner-ab.sh 161fa64 40 --workloads ii,iii
#      bench/run-planner-ab.sh HEAD~3 30 --planner 'greel-plus[repair=16]' --workloads i
# Clones this repository at OLD_REVISION into a temporary directory and builds the bench module
# there and here (no tests); compiles this tree's PlannerSlice against each side's jars; then runs
# io.rayon.bench.PlannerAb: each side in its own class loader, the harness's workloads prepared by
# each, per workload 1.5 s of warm-up per side, then SECONDS (default 40) of timed slices per side,
# A and B in turn (which goes first alternating slice by slice). Prints per workload each side's CPU
# time per request (the placement loop, as the harness times it), B/A and same=true when both
# sides decided the same. SWAP=1 makes the working tree A and OLD_REVISION B: run both ways round,
# since on this machine the same build measured up to 9% apart in one run, and the side measured
# as B up to 7% slower in three runs. Set MVN_FLAGS=-o to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
old="${1:?usage: bench/run-planner-ab.sh OLD_REVISION [SECONDS] [--planner SPEC] [harness options]}"
shift
secs=40
if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  secs="$1"
  shift
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/old"
git -C "$work/old" checkout -q "$old"
for tree in "$work/old" "$root"; do
  (cd "$tree" && mvn -q -B ${MVN_FLAGS:-} -pl bench -am package -DskipTests -Djacoco.skip=true)
done
slice="$root/bench/src/main/java/io/rayon/bench/PlannerSlice.java"
for side in old new; do
  tree="$work/old"
  [ "$side" = new ] && tree="$root"
  # each tree's classpath file names its own module jars (the build wrote it there)
  jars="$tree/bench/target/rayon-bench-0.1.0-SNAPSHOT.jar:$(cat "$tree/bench/target/classpath.txt")"
  mkdir -p "$work/slice-$side"
  javac -nowarn -d "$work/slice-$side" -cp "$jars" "$slice"
  echo "$work/slice-$side:$jars" > "$work/cp-$side.txt"
done
cd "$root"
a="$(cat "$work/cp-old.txt")"
b="$(cat "$work/cp-new.txt")"
if [ "${SWAP:-0}" = 1 ]; then
  echo "A = the working tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ', with changes')), B = $old ($(git -C "$work/old" rev-parse --short HEAD))"
  t="$a"; a="$b"; b="$t"
else
  echo "A = $old ($(git -C "$work/old" rev-parse --short HEAD)), B = the working tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ', with changes'))"
fi
java -Xmx4g -XX:+UseParallelGC -cp "$root/bench/target/classes" io.rayon.bench.PlannerAb "$a" "$b" "$secs" "$@"
