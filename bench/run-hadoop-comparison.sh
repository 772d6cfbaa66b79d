#!/usr/bin/env bash
# Our planners (every online planner of the planner registry: gree, greel, ...) side by side with
# Apache Hadoop 3.4.1's reservation agents (greedy and aligned, favor-early-allocation true and false),
# on equal footing: the same sharing policy on both sides (--policy, default Hadoop's own,
# capacity-over-time:1,1,24h), the same requests from --users users (default 10) in the same order.
# Builds the bench module (and what it needs), then runs io.rayon.bench.HadoopComparison.
# Options pass through, e.g.:  bench/run-hadoop-comparison.sh --quick
#                              bench/run-hadoop-comparison.sh --workloads i --repeats 3 --out /tmp/table.md
#                              bench/run-hadoop-comparison.sh --policy none --users 1 --step-seconds 1
#                              bench/run-hadoop-comparison.sh --swim OTHER-TRACE.tsv --workloads ii,iii
#                              bench/run-hadoop-comparison.sh --trace traces/swf/KTH-SP2-1996-2.1-cln.swf.gz --workloads ii,iii
#                              bench/run-hadoop-comparison.sh --trace traces/alibaba-gpu-2023/openb_pod_list_default.csv --workloads ii,iii
#                              bench/run-hadoop-comparison.sh --jvms 3 --repeats 3 --out /tmp/table.md
# --jvms N (1 to 20, default 1) runs the whole comparison in N fresh JVMs one after another (the same
# java, -Xmx4g -XX:+UseParallelGC, class path and arguments; their lines prefixed "[jvm k/N]") and
# reports per row the median over the N JVMs of each timed figure, the ratio from the medians, and
# the min-max over the JVMs, with the median of the ratios each JVM measured within itself and how many
# JVMs reached 100x; --budget-seconds applies to each JVM, so N JVMs take up to N times as long.
# --latencies separate (default) times each run with the CPU clock only and takes the per-request
# wall-clock latencies (p50, p99) in a run of their own; --latencies inline reads them in the timed
# run, as every figure dated before 2026-12-07 was taken (docs/benchmarks.md, "What is measured").
# The first build downloads Hadoop's jars (~100 MB) into ~/.m2; later builds work offline
# (set MVN_FLAGS=-o). The full run is bounded by --budget-seconds (default 840 s).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am package -DskipTests
cp="bench/target/rayon-bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/classpath.txt)"
exec java -Xmx4g -XX:+UseParallelGC -cp "$cp" io.rayon.bench.HadoopComparison "$@"
