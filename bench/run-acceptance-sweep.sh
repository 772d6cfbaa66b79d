#!/usr/bin/env bash
# Issue 19's acceptance target over the held-out (workload, seed) pairs, reproducible from a clone:
# for each pair, our planner (--planners, default greel-plus) against the best of Hadoop 3.4.1's four
# reservation agents, by count and by work ("met": ours >= the best agent, exact values). Each pair's
# workload is prepared exactly as bench/run-hadoop-comparison.sh prepares it (the harness's default
# policy, users and step); each of ours runs once with the validator on, each agent once.
# Default pairs (134): SWIM's (i), (ii)-100/250/500/1000 and (iii) at seeds 1-13 and 42; KTH's and
# NASA's (ii) and (iii) at seeds 3, 4, 5, 7 and 42. The agents' figures are cached in
# bench/acceptance/agents.tsv (committed); pairs missing from it are run and added.
# Builds the bench module (and what it needs), then runs io.rayon.bench.AcceptanceSweep.
# Options pass through, e.g.:  bench/run-acceptance-sweep.sh --out docs/acceptance-sweep.md
#                              bench/run-acceptance-sweep.sh --traces kth --seeds 3 --workloads ii
#                              bench/run-acceptance-sweep.sh --traces alibaba   # Alibaba's GPU trace (not in the defaults): 25 pairs
#                              bench/run-acceptance-sweep.sh --planners 'greel-plus,greel-plus[repair=16]' --json
#                              bench/run-acceptance-sweep.sh --traces swim --seeds 42 --rerun-agents
# Exit code 0 when every run completed (whatever is met), 1 when a run failed (or a plan of ours has
# violations, the cache is malformed, a rerun agent differs from it), 2 on bad options.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mvn -q -B ${MVN_FLAGS:-} -pl bench -am package -DskipTests
cp="bench/target/rayon-bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/classpath.txt)"
exec java -Xmx4g -XX:+UseParallelGC -cp "$cp" io.rayon.bench.AcceptanceSweep "$@"
