#!/usr/bin/env bash
# Runs every test headless: unit, property-based, UI (TestFX + Monocle) and integration tests.
# Where git is present, it also checks that the run left the work tree as it found it (tests write
# only under target/ and temporary directories, never into sources or docs).
set -euo pipefail
cd "$(dirname "$0")"
before=""
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  before="$(git status --porcelain=v1 --untracked-files=all)"
fi
mvn -B -ntp verify "$@"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  after="$(git status --porcelain=v1 --untracked-files=all)"
  if [ "$before" != "$after" ]; then
    echo "test.sh: the test run changed the work tree:" >&2
    diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") >&2 || true
    exit 1
  fi
  echo "test.sh: work tree unchanged by the test run" >&2
fi
