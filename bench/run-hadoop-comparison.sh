#!/usr/bin/env bash
# Our planners (GREE, GREE-L) side by side with Apache Hadoop 3.4.1's reservation agents.
# Builds the bench module (and what it needs), then runs io.rayon.bench.HadoopComparison.
# Options pass through, e.g.:  bench/run-hadoop-comparison.sh --quick
#                              bench/run-hadoop-comparison.sh --workloads i --repeats 3 --out /tmp/table.md
# The first build downloads Hadoop's jars (~100 MB) into ~/.m2; later builds work offline
# (set MVN_FLAGS=-o). The full run is bounded by --budget-seconds (default 840 s).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am package -DskipTests
cp="bench/target/rayon-bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/classpath.txt)"
exec java -Xmx4g -XX:+UseParallelGC -cp "$cp" io.rayon.bench.HadoopComparison "$@"
