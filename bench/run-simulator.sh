#!/usr/bin/env bash
# Runs a simulator benchmark or experiment from the bench module:
#   bench/run-simulator.sh SimulatorBenchmark [nodes tasks medianTaskSeconds]
#   bench/run-simulator.sh EstimationExperiments [--tasks N] [--no-sensitivity] [--out docs/experiments/estimation]
# Builds model, engine and bench (no tests), then starts the JVM with a 4 GB heap on their classes.
# Set MVN_FLAGS=-o to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
main="${1:?usage: bench/run-simulator.sh SimulatorBenchmark|EstimationExperiments [args]}"
shift
mvn -q -B ${MVN_FLAGS:-} -pl bench -am compile
mvn -q -B ${MVN_FLAGS:-} -pl model dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile="$root/bench/target/sim-classpath.txt"
cp="bench/target/classes:engine/target/classes:model/target/classes:$(cat bench/target/sim-classpath.txt)"
exec java -Xmx4g -XX:+UseParallelGC -cp "$cp" "io.rayon.bench.$main" "$@"
