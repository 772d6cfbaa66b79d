#!/usr/bin/env bash
# Rayon end to end (Rayon §6.4) in the simulator: Rayon (GREE-L, 70% reservable) against the
# CapacityScheduler baseline on the 256-node sample and on the committed SWIM FB-2009 trace at
# 5,400 jobs/h, with the over-reservation (+50%) and mixed 80/10/10 workloads. Prints a Markdown
# table (docs/experiments.md, "Rayon end to end"). A few minutes; --quick uses a quarter of the trace.
#   bench/run-rayon-e2e.sh [--quick]
# Builds model, engine and bench (no tests). Set MVN_FLAGS=-o to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am compile
mvn -q -B ${MVN_FLAGS:-} -pl engine dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$root/bench/target/e2e-classpath.txt"
cp="bench/target/classes:engine/target/classes:model/target/classes:$(cat bench/target/e2e-classpath.txt)"
exec java -Xmx3g -XX:+UseParallelGC -cp "$cp" io.rayon.bench.RayonEndToEnd "$@"
