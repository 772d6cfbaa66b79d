#!/usr/bin/env bash
# Runs a RUSH benchmark or experiment from the bench module:
#   bench/run-rush-solver.sh RushSolverBenchmark [--sizes 20,100,1000,10000] [--capacity 48] [--seconds 3] [--option tie-rule=best]...
#   bench/run-rush-solver.sh RushEstimationExperiment [--trials 1000] [--containers 48]
# Builds model, engine and bench (no tests), then starts the JVM with a 2 GB heap on their classes.
# Set MVN_FLAGS=-o to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
main="${1:?usage: bench/run-rush-solver.sh RushSolverBenchmark|RushEstimationExperiment [args]}"
shift
mvn -q -B ${MVN_FLAGS:-} -pl bench -am compile
mvn -q -B ${MVN_FLAGS:-} -pl model dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$root/bench/target/rush-classpath.txt"
cp="bench/target/classes:engine/target/classes:model/target/classes:$(cat bench/target/rush-classpath.txt)"
exec java -Xmx2g -XX:+UseParallelGC -cp "$cp" "io.rayon.bench.$main" "$@"
