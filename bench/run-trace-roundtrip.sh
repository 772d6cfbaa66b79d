#!/usr/bin/env bash
# Imports each given trace, checks the scenario, plans it (GREE-L) and simulates it (reservation
# scheduler), the way a new user would try a real log, and prints one line per trace with the
# figures and the wall time and peak memory of each step.
#
#   bench/run-trace-roundtrip.sh [--nodes N] FORMAT:FILE [FORMAT:FILE ...]
#   bench/run-trace-roundtrip.sh                 # every trace committed under traces/
#
# Any trace in a format `rayon import` reads works, e.g. the Parallel Workloads Archive's year-long
# SWF logs (LANL-CM5, CTC-SP2, SDSC-BLUE, HPC2N, LCG) once downloaded: swf:HPC2N-2002-2.2-cln.swf.gz.
# Scenario files go to a temporary directory that is removed at the end. Exit code 1 when a step fails.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODES=100
if [ "${1:-}" = --nodes ]; then NODES="$2"; shift 2; fi
if [ $# -eq 0 ]; then
  set -- swf:"$ROOT"/traces/swf/KTH-SP2-1996-2.1-cln.swf.gz swf:"$ROOT"/traces/swf/NASA-iPSC-1993-3.1-cln.swf.gz \
    swim:"$ROOT"/traces/swim/FB-2009_samples_24_times_1hr_0.tsv rumen:"$ROOT"/traces/sls/2jobs2min-rumen-jh.json \
    alibaba-gpu:"$ROOT"/traces/alibaba-gpu-2023/openb_pod_list_default.csv
fi
TMP="$(mktemp -d "${TMPDIR:-/tmp}/rayon-roundtrip.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT
"$ROOT/rayon" --version >/dev/null  # builds once, outside the timings

timed() {  # timed LOG CMD...: runs CMD, appends "wall_s peak_MB" of the run to LOG's last line
  local log="$1"; shift
  local t0=$SECONDS
  if /usr/bin/time -f '%M' -o "$TMP/mem" "$@" >"$log" 2>&1; then
    printf '%ss %sMB' "$((SECONDS - t0))" "$(( $(tail -n 1 "$TMP/mem") / 1024 ))"
  else
    echo "FAILED: $*" >&2; cat "$log" >&2; return 1
  fi
}

status=0
printf '%-44s %-26s %-14s %-14s %-14s %s\n' trace "jobs (reserved) steps" import check plan simulate
for spec in "$@"; do
  fmt="${spec%%:*}"; file="${spec#*:}"; name="$(basename "$file")"; out="$TMP/$name.json"
  nodes=(--nodes "$NODES"); [ "$fmt" = alibaba-gpu ] && nodes=()
  imp="$(timed "$TMP/imp.log" "$ROOT/rayon" import "$fmt" "$file" --out "$out" "${nodes[@]}" --json)" || { status=1; continue; }
  sizes="$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("%d (%d) %dx%ds" % (d["jobs"], d["reservations"], d["horizonSteps"], d["stepSeconds"]))' "$TMP/imp.log")"
  chk="$(timed "$TMP/chk.log" "$ROOT/rayon" scenario check "$out")" || { status=1; continue; }
  pln="$(timed "$TMP/pln.log" "$ROOT/rayon" plan "$out" --planner greel)" || { status=1; continue; }
  sim="$(timed "$TMP/sim.log" "$ROOT/rayon" simulate "$out" --scheduler reservation)" || { status=1; continue; }
  printf '%-44s %-26s %-14s %-14s %-14s %s\n' "$fmt:$name" "$sizes" "$imp" "$chk" "$pln" "$sim"
  grep -E '^accepted' "$TMP/pln.log" | sed 's/^/    plan: /'
  grep -E '^deadlines met' "$TMP/sim.log" | sed 's/^/    simulate: /'
done
exit $status
