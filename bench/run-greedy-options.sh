#!/usr/bin/env bash
# Runs the §6.3 comparison of GREE and GREE-L in paper mode and with each option (docs/planner-options.md):
#   bench/run-greedy-options.sh [--repeat 10] [--seed 42] [--out FILE]
# Builds model, engine and bench (no tests), then starts the JVM on their classes. Set MVN_FLAGS=-o
# to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am compile dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/greedy-options-classpath.txt
cp="bench/target/classes:engine/target/classes:model/target/classes:$(cat bench/target/greedy-options-classpath.txt)"
exec java -Xmx3g -cp "$cp" io.rayon.bench.GreedyOptionsComparison "$@"
