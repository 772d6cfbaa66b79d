#!/usr/bin/env bash
# Measures the cold start of the installed desktop application (built by installers/build.sh).
#
#   installers/measure-startup.sh [RUNS] [APP_DIR]
#
# Starts APP_DIR/bin/rayon-studio (default target/dist/rayon-studio) RUNS times (default 5), each a
# new JVM that opens the bundled swim-256.json and quits once it is shown, using the application's
# own start-up probe (-Drayon.startup.report=true -Drayon.startup.exit=true). The first run starts
# with an empty JavaFX cache (as on a user's first start after installing: JavaFX unpacks its native
# libraries), the others reuse it. Prints, per run, the milliseconds from JVM start to the main
# window's first frame ("window interactive") and to the scenario shown, with the process CPU time
# at those points (a fairer figure on a busy machine), then the medians of the runs after the first.
# Needs a display: DISPLAY, or xvfb-run (Debian: apt-get install xvfb libgtk-3-0).
set -euo pipefail

RUNS="${1:-5}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP_DIR="${2:-$ROOT/target/dist/rayon-studio}"
LAUNCHER="$APP_DIR/bin/rayon-studio"
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || { echo "measure-startup.sh: RUNS must be a positive number, not '$RUNS'" >&2; exit 2; }
[ -x "$LAUNCHER" ] || { echo "measure-startup.sh: no $LAUNCHER; build it with installers/build.sh" >&2; exit 2; }

WRAP=()
if [ -z "${DISPLAY:-}" ]; then
  command -v xvfb-run >/dev/null 2>&1 \
    || { echo "measure-startup.sh: no DISPLAY and no xvfb-run; install Xvfb (apt-get install xvfb libgtk-3-0) or run on a desktop" >&2; exit 2; }
  WRAP=(xvfb-run -a -s "-screen 0 1280x800x24")
fi

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
# A private home: the JavaFX cache and any Java preferences stay out of the user's, and the first
# run really starts without unpacked native libraries. 90 s bounds a run that never shows its window.
export HOME="$TMP/home"
mkdir -p "$HOME"
export JAVA_TOOL_OPTIONS="-Drayon.startup.report=true -Drayon.startup.exit=true -Drayon.prefs=memory"

mark() { # mark LOG WHAT -> "ms cpu"
  sed -n "s/^startup: $2.* after \([0-9]*\) ms (process CPU \([0-9-]*\) ms).*/\1 \2/p" "$1" | head -n 1
}

: >"$TMP/interactive" && : >"$TMP/shown"
echo "run  cache  interactive_ms  interactive_cpu_ms  scenario_shown_ms  scenario_shown_cpu_ms  process_wall_ms"
for i in $(seq 1 "$RUNS"); do
  LOG="$TMP/run$i.log"
  t0=$(date +%s%N)
  (cd "$TMP" && timeout 90 "${WRAP[@]}" "$LAUNCHER" >"$LOG" 2>&1) \
    || { echo "measure-startup.sh: run $i failed; its output:" >&2; cat "$LOG" >&2; exit 1; }
  wall=$(( ($(date +%s%N) - t0) / 1000000 ))
  read -r ims icpu <<<"$(mark "$LOG" "window interactive")"
  read -r sms scpu <<<"$(mark "$LOG" "scenario shown")"
  [ -n "${ims:-}" ] && [ -n "${sms:-}" ] || { echo "measure-startup.sh: run $i printed no start-up marks:" >&2; cat "$LOG" >&2; exit 1; }
  cache=$([ "$i" -eq 1 ] && echo empty || echo warm)
  printf '%-4s %-6s %-15s %-19s %-18s %-22s %s\n' "$i" "$cache" "$ims" "$icpu" "$sms" "$scpu" "$wall"
  if [ "$i" -gt 1 ]; then echo "$ims $icpu" >>"$TMP/interactive"; echo "$sms $scpu" >>"$TMP/shown"; fi
done

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
if [ "$RUNS" -gt 1 ]; then
  echo "median of runs 2-$RUNS (warm JavaFX cache):" \
    "window interactive $(cut -d' ' -f1 "$TMP/interactive" | median) ms (CPU $(cut -d' ' -f2 "$TMP/interactive" | median) ms)," \
    "scenario shown $(cut -d' ' -f1 "$TMP/shown" | median) ms (CPU $(cut -d' ' -f2 "$TMP/shown" | median) ms)"
fi
