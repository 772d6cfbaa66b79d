#!/usr/bin/env bash
# Runs the Hydra paper's Fig. 5 experiment (share policies on a few hundred generated federations:
# utilization and fairness-error percentiles per policy, and the cost of an RM outage) and the GIF speed
# benchmark (20 sub-clusters, 50,000 nodes, 5,000 queues); results in docs/experiments.md:
#   bench/run-federation-experiments.sh [--setups 300] [--seed 1] [--min-subclusters 10] [--max-subclusters 40]
#       [--nodes-per-subcluster 250] [--max-queues 1000] [--speed-decisions 40] [--out FILE]
# Builds model, engine and bench (no tests), then starts the JVM on their classes. Set MVN_FLAGS=-o
# to build offline.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am compile dependency:build-classpath -Dmdep.includeScope=runtime \
  -Dmdep.outputFile=target/federation-classpath.txt
cp="bench/target/classes:engine/target/classes:model/target/classes:$(cat bench/target/federation-classpath.txt)"
exec java -Xmx3g -cp "$cp" io.rayon.bench.FederationExperiment "$@"
