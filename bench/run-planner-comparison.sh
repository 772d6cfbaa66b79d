#!/usr/bin/env bash
# Runs the paper's §6.3 planner comparison (MILP, hybrid, GREE, GREE-L; Figures 12 and 14):
#   bench/run-planner-comparison.sh [--time-limit 5s] [--budget 12m] [--jobs-b 100] [--seed 42] [--quick] [--out FILE]
# Builds model, engine and bench (no tests), then starts the JVM on their classes. Bounded: MILP and
# hybrid runs are skipped once --budget is used up. Set MVN_FLAGS=-o to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am compile dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/planner-comparison-classpath.txt
cp="bench/target/classes:engine/target/classes:model/target/classes:$(cat bench/target/planner-comparison-classpath.txt)"
exec java -Xmx3g -cp "$cp" io.rayon.bench.PlannerComparison "$@"
