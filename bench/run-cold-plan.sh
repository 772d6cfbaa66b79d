#!/usr/bin/env bash
# A cold `rayon plan` beside the warm in-process figure, on the same requests: workload (iii) of the
# Hadoop comparison (10,000 SWIM jobs on 4,000 nodes, --users and --policy as the harness's defaults
# unless given).
#   1. builds the bench and cli modules (and what they need);
#   2. runs the harness on workload (iii) with the planner alone (warm, in-process: warm-up then
#      timed runs in one JVM) and saves the workload as a scenario file (--save-workloads);
#   3. runs `rayon plan SCENARIO --planner P --json` --runs times, each in a fresh JVM, with the
#      command line the ./rayon launcher runs (java with the launcher's options for `plan`,
#      -Djava.awt.headless=true, the cli's class path), and prints per run the process's wall time and CPU time (JVM start, reading the
#      scenario, placing, metrics, printing) and the placement time the command reports itself
#      (runtimeMs: placing only, in that cold JVM), then the medians.
#   --java-opts 'OPTS' replaces the cold runs' JVM options, as RAYON_JAVA_OPTS does for ./rayon; by
#      default they are the launcher's for this command (RAYON_SHOW_JAVA_OPTS), e.g. '-Xmx2g' for
#      the full JIT.
#   --cds records a class-data sharing archive of the command line's classes as ./rayon does (one
#      `plan` of sample-clusters/fig9-pipeline.json) and maps it in the cold runs, as every headless
#      ./rayon command after the first one of a build does; without it, the cold runs load every
#      class from the jars.
# Usage: bench/run-cold-plan.sh [--runs N] [--planner NAME] [--java-opts 'OPTS'] [--cds] [harness options, e.g. --step-seconds 1]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs=5
planner=greel
java_opts=""
cds=""
pass=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:?--runs needs a number}"; shift 2 ;;
    --planner) planner="${2:?--planner needs a name}"; shift 2 ;;
    --java-opts) java_opts="${2:?--java-opts needs the JVM options}"; shift 2 ;;
    --cds) cds=1; shift ;;
    *) pass+=("$1"); shift ;;
  esac
done
case "$runs" in ''|*[!0-9]*) echo "run-cold-plan: --runs needs a whole number, got '$runs'" >&2; exit 2 ;; esac
[ -x /usr/bin/time ] || { echo "run-cold-plan: needs /usr/bin/time (GNU time) to read the process's CPU time" >&2; exit 2; }

mvn -q -B ${MVN_FLAGS:-} -pl bench,cli -am package -DskipTests
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

bench_cp="bench/target/rayon-bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/classpath.txt)"
echo "== warm, in process (the harness, workload (iii), $planner alone)"
java -Xmx4g -XX:+UseParallelGC -cp "$bench_cp" io.rayon.bench.HadoopComparison \
  --workloads iii --planners "$planner" --save-workloads "$dir" "${pass[@]}" | grep -E '^(Planners|==|  |workload written)' || true
scenario="$(ls "$dir"/swim-atoms-10000x*.json)"

cli_cp="cli/target/rayon-cli-0.1.0-SNAPSHOT.jar:$(cat cli/target/rayon.classpath)"
[ -n "$java_opts" ] || java_opts="$(env -u RAYON_JAVA_OPTS RAYON_SHOW_JAVA_OPTS=1 ./rayon plan "$scenario" --planner "$planner")"
if [ -n "$cds" ]; then
  # shellcheck disable=SC2086 # java_opts is a list of options, split on purpose
  java -XX:ArchiveClassesAtExit="$dir/cli.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off $java_opts -Djava.awt.headless=true \
    -cp "$cli_cp" io.rayon.cli.RayonCli plan sample-clusters/fig9-pipeline.json --planner greel-plus --json >/dev/null 2>&1
  [ -s "$dir/cli.jsa" ] || { echo "run-cold-plan: this JDK did not record a class-data archive" >&2; exit 1; }
  java_opts="$java_opts -XX:SharedArchiveFile=$dir/cli.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"
fi
echo
echo "== cold: rayon plan $(basename "$scenario") --planner $planner --json, a fresh JVM per run (java $java_opts)"
printf '%-4s %10s %10s %12s %s\n' run "wall s" "CPU s" "placing ms" accepted
walls=(); cpus=(); places=()
for i in $(seq 1 "$runs"); do
  # shellcheck disable=SC2086 # java_opts is a list of options, split on purpose
  out="$(/usr/bin/time -f '%e %U %S' -o "$dir/time" \
    java $java_opts -Djava.awt.headless=true -cp "$cli_cp" io.rayon.cli.RayonCli plan "$scenario" --planner "$planner" --json)"
  read -r wall user sys < "$dir/time"
  cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')"
  placing="$(sed -n 's/.*"runtimeMs" *: *\([0-9.]*\).*/\1/p' <<< "$out" | head -n 1)"
  accepted="$(sed -n 's/.*"accepted" *: *\([0-9]*\).*/\1/p' <<< "$out" | head -n 1)"
  printf '%-4s %10s %10s %12s %s\n' "$i" "$wall" "$cpu" "$placing" "$accepted"
  walls+=("$wall"); cpus+=("$cpu"); places+=("$placing")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
echo "median of $runs: wall $(median "${walls[@]}") s, process CPU $(median "${cpus[@]}") s, placing $(median "${places[@]}") ms"
