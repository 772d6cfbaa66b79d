#!/usr/bin/env bash
# Runs every test headless: unit, property-based, UI (TestFX + Monocle) and integration tests.
set -euo pipefail
cd "$(dirname "$0")"
exec mvn -B -ntp verify "$@"
