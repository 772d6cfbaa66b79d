#!/usr/bin/env bash
# Runs the RUSH paper's §V.B experiment (RUSH, FIFO, EDF and RRH on the §V.B workload for time
# budgets of 2, 1.5 and 1 times the benchmarked runtime, several seeds): utility, zero-utility jobs,
# deadline misses, latency against the budget, per-class utility and the utility CDF; results in
# docs/experiments.md (## RUSH, ### §V.B):
#   bench/run-rush-vb.sh [--seeds 5] [--jobs 100] [--factors 2,1.5,1] [--schedulers rush,fifo,edf,rrh] [--out FILE]
# Builds model, engine and bench (no tests), then starts the JVM on their classes. Set MVN_FLAGS=-o
# to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am compile dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/rush-vb-classpath.txt
cp="bench/target/classes:engine/target/classes:model/target/classes:$(cat bench/target/rush-vb-classpath.txt)"
exec java -Xmx3g -cp "$cp" io.rayon.bench.RushVbExperiment "$@"
