#!/usr/bin/env bash
# Compares a planner's CPU time per request at an older revision with the working tree, in one JVM,
# on the harness's workloads:
#   bench/run-planner-ab.sh OLD_REVISION [SECONDS] [--planner SPEC] [harness options]
# e.g. bench/run-planner-ab.sh 161fa64 40 --workloads ii,iii
#      bench/run-planner-ab.sh HEAD~3 30 --planner 'greel-plus[repair=16]' --workloads i
# Clones this repository at OLD_REVISION into a temporary directory and builds the bench module
# there and here (no tests); compiles this tree's PlannerSlice against each side's jars; then runs
# io.rayon.bench.PlannerAb: each side in its own class loader, the harness's workloads prepared by
# each, per workload 1.5 s of warm-up per side, then SECONDS (default 40) of timed slices per side,
# A and B in turn (which goes first alternating slice by slice). It prints per workload each side's
# CPU time per request (the placement loop, as the harness times it), B/A and same=true when both
# sides decided the same.
# By default it runs twice, in two JVMs: OLD_REVISION as A and the working tree as B, then the other
# way round. Then it prints per workload the working tree's time over OLD_REVISION's, from both
# runs (the geometric mean of the first B/A and the second A/B), and how much slower the side
# measured as B was in both (the geometric mean of the two B/A): on this machine the same build
# measured as B was up to 22% slower than as A in one run, so one order alone can show a change
# that is not there. ORDER=ab runs only the first order, ORDER=ba (or SWAP=1) only the second.
# Set MVN_FLAGS=-o to build offline.
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
tree="the working tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ', with changes'))"
older="$old ($(git -C "$work/old" rev-parse --short HEAD))"
order="${ORDER:-}"
[ -z "$order" ] && { [ "${SWAP:-0}" = 1 ] && order=ba || order=both; }
# one run: PlannerAb with A and B as given, its output on stdout and in $work/$3.txt
one() {
  local x="$1" y="$2" name="$3"
  shift 3
  java -Xmx4g -XX:+UseParallelGC -cp "$root/bench/target/classes" io.rayon.bench.PlannerAb "$x" "$y" "$secs" "$@" \
    | tee "$work/$name.txt"
}
case "$order" in
  ab)
    echo "A = $older, B = $tree"
    one "$a" "$b" ab "$@" ;;
  ba)
    echo "A = $tree, B = $older"
    one "$b" "$a" ba "$@" ;;
  both)
    echo "first run: A = $older, B = $tree"
    one "$a" "$b" ab "$@"
    echo "second run: A = $tree, B = $older"
    one "$b" "$a" ba "$@"
    echo "both runs: the working tree's time over $old's (tree/old); the side measured as B over the side measured as A (B slower)"
    java -cp "$root/bench/target/classes" io.rayon.bench.PlannerAb --combine "$work/ab.txt" "$work/ba.txt" ;;
  *)
    echo "run-planner-ab: ORDER must be ab, ba or both, not '$order'" >&2
    exit 2 ;;
esac
