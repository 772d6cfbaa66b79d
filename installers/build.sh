#!/usr/bin/env bash
# Builds the Rayon Studio distribution with the JDK's jpackage.
#
#   installers/build.sh          app image:  target/dist/rayon-studio/  (bin/rayon-studio, bin/rayon-cli)
#   installers/build.sh --deb    the app image and a Debian package target/dist/rayon-studio_<version>_<arch>.deb
#
# Steps: Maven builds the app jar and copies its runtime dependencies; jdeps lists the JDK modules
# they use; jlink makes a trimmed Java runtime with them (plus a class-data sharing archive for a
# faster start); jpackage bundles jars, runtime, the sample clusters (lib/app/samples/, opened by
# default through -Drayon.samples) and two launchers: the desktop application (io.rayon.app.Launcher)
# and the headless command line (rayon-cli, io.rayon.cli.RayonCli, whose class path holds only the
# cli module's jars: no JavaFX). Needs JDK 17+ (jdeps, jlink, jpackage) and Maven 3.8+; the Debian
# package also needs dpkg-deb and fakeroot. Environment:
#   RAYON_MVN_OPTS        extra Maven options (for example -o to build offline)
#   JAVA_HOME             the JDK whose tools are used (default: the ones on PATH)
#   RAYON_DEB_MAINTAINER  e-mail address of the Debian package's maintainer
set -euo pipefail

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
}

TYPE=app-image
while [ $# -gt 0 ]; do
  case "$1" in
    --deb) TYPE=deb ;;
    -h | --help) usage; exit 0 ;;
    *) echo "installers/build.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$ROOT/target/installer"
DIST="$ROOT/target/dist"
NAME=rayon-studio
CLI_NAME=rayon-cli
MAIN_CLASS=io.rayon.app.Launcher
CLI_CLASS=io.rayon.cli.RayonCli
# JDK modules added to what jdeps finds: the YARN REST client (java.net.http, with the elliptic-curve
# cipher suites that HTTPS servers commonly require, a service jdeps cannot see) and preferences.
EXTRA_MODULES=java.net.http,jdk.crypto.ec,java.prefs

fail() { echo "installers/build.sh: $*" >&2; exit 1; }
step() { echo "== $* ($(( SECONDS - START ))s)" >&2; }

tool() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/$1" ]; then echo "$JAVA_HOME/bin/$1"; return; fi
  command -v "$1" >/dev/null 2>&1 || fail "'$1' not found: install JDK 17 or newer (with jlink/jpackage) or set JAVA_HOME"
  command -v "$1"
}
JDEPS="$(tool jdeps)"
JLINK="$(tool jlink)"
JPACKAGE="$(tool jpackage)"
command -v mvn >/dev/null 2>&1 || fail "Maven (mvn) not found: install Maven 3.8 or newer"
if [ "$TYPE" = deb ]; then
  command -v dpkg-deb >/dev/null 2>&1 || fail "dpkg-deb not found: a Debian package needs dpkg-deb (package dpkg)"
  command -v fakeroot >/dev/null 2>&1 || fail "fakeroot not found: a Debian package needs fakeroot (apt-get install fakeroot)"
fi

# The project version without -SNAPSHOT (jpackage wants digits and dots).
POM_VERSION="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$ROOT/pom.xml" | head -n 1)"
VERSION="${POM_VERSION%-SNAPSHOT}"
[[ "$VERSION" =~ ^[0-9]+(\.[0-9]+){0,3}$ ]] || fail "cannot turn the project version '$POM_VERSION' in pom.xml into a package version"

START=$SECONDS

step "Maven: app and command-line jars and their runtime dependencies"
rm -rf "$ROOT/app/target/dependency" "$ROOT/cli/target/dependency"
# shellcheck disable=SC2086
(cd "$ROOT" && mvn -B -q -Dstyle.color=never ${RAYON_MVN_OPTS:-} -pl app,cli -am package -DskipTests \
    dependency:copy-dependencies -DincludeScope=runtime 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >&2) \
  || fail "the Maven build failed (see its output above)"
APP_JAR="$ROOT/app/target/rayon-app-$POM_VERSION.jar"
CLI_JAR="$ROOT/cli/target/rayon-cli-$POM_VERSION.jar"
[ -f "$APP_JAR" ] || fail "Maven did not produce $APP_JAR"
[ -f "$CLI_JAR" ] || fail "Maven did not produce $CLI_JAR"

rm -rf "$WORK" "$DIST/$NAME"
mkdir -p "$WORK/input/samples" "$DIST"
cp "$APP_JAR" "$CLI_JAR" "$WORK/input/"
for jar in "$ROOT"/app/target/dependency/*.jar "$ROOT"/cli/target/dependency/*.jar; do
  # JavaFX's platform-neutral jars are empty (the classes are in the -linux ones): leave them out.
  if command -v unzip >/dev/null 2>&1 && ! unzip -Z1 "$jar" | grep '\.class$' >/dev/null; then continue; fi
  cp -n "$jar" "$WORK/input/"
done
# The command line's class path: its own jar and its runtime dependencies, no JavaFX.
CLI_JARS=("$(basename "$CLI_JAR")")
for jar in "$ROOT"/cli/target/dependency/*.jar; do CLI_JARS+=("$(basename "$jar")"); done
cp "$ROOT"/sample-clusters/*.json "$WORK/input/samples/"
# The documentation Help → Documentation opens: the README with the docs/ folder its links point at.
mkdir -p "$WORK/input/docs/docs"
cp "$ROOT/README.md" "$ROOT/ARCHITECTURE.md" "$WORK/input/docs/"
cp -r "$ROOT"/docs/. "$WORK/input/docs/docs/"
[ -f "$WORK/input/samples/swim-256.json" ] || fail "sample-clusters/swim-256.json is missing"
MAIN_JAR="$(basename "$APP_JAR")"

step "jdeps: JDK modules used by $(find "$WORK/input" -maxdepth 1 -name '*.jar' | wc -l) jars"
MODULES="$("$JDEPS" --print-module-deps --ignore-missing-deps --multi-release 17 \
    --class-path "$WORK/input/*" "$WORK/input/$MAIN_JAR")" || fail "jdeps failed"
MODULES="$(echo "$MODULES" | tail -n 1)"
[ -n "$MODULES" ] || fail "jdeps printed no module list"
MODULES="$(echo "$MODULES,$EXTRA_MODULES" | tr ',' '\n' | sort -u | paste -sd, -)"
echo "   modules: $MODULES" >&2

step "jlink: trimmed runtime"
"$JLINK" --add-modules "$MODULES" --strip-debug --no-header-files --no-man-pages \
    --compress=2 --output "$WORK/runtime" || fail "jlink failed"
# jlink leaves out the JDK's class-data sharing archive; dumping one for the trimmed runtime cuts
# start-up CPU time by about a tenth (docs/benchmarks.md). Then bin/ goes: the launchers start the JVM.
step "CDS: class-data sharing archive of the runtime"
"$WORK/runtime/bin/java" -Xshare:dump >"$WORK/cds-dump.log" 2>&1 \
  || { cat "$WORK/cds-dump.log" >&2; fail "dumping the class-data sharing archive failed"; }
[ -f "$WORK/runtime/lib/server/classes.jsa" ] || fail "no class-data sharing archive in $WORK/runtime/lib/server"
rm -rf "$WORK/runtime/bin"

# The command-line launcher: same jars and runtime, another main class, no window system and no
# desktop menu entry (JDK 17's jpackage ignores linux-shortcut here and gives every launcher the main
# one's: installers/linux/rayon-cli.desktop then hides it from menus with NoDisplay=true).
cat >"$WORK/$CLI_NAME.properties" <<EOF
main-class=$CLI_CLASS
java-options=-Xmx2g -Djava.awt.headless=true
description=Rayon Studio command line
linux-shortcut=false
EOF

# Shared by the app image and the Debian package. $APPDIR is expanded by the launcher at run time.
META=(--name "$NAME" --app-version "$VERSION" --vendor "Rayon Studio"
  --description "Rayon Studio: reservation-based cluster planner" --copyright "Copyright (C) $(date -u +%Y) Rayon Studio")
COMMON=("${META[@]}"
  --input "$WORK/input" --main-jar "$MAIN_JAR" --main-class "$MAIN_CLASS" --runtime-image "$WORK/runtime"
  --java-options -Xmx2g --java-options '-Drayon.samples=$APPDIR/samples'
  --add-launcher "$CLI_NAME=$WORK/$CLI_NAME.properties" --dest "$DIST")

step "jpackage: app image"
"$JPACKAGE" --type app-image "${COMMON[@]}" || fail "jpackage (app image) failed"
IMAGE="$DIST/$NAME"
[ -x "$IMAGE/bin/$NAME" ] && [ -x "$IMAGE/bin/$CLI_NAME" ] || fail "the app image lacks its launchers in $IMAGE/bin"
# jpackage gives every launcher all jars of the input; the command line gets only its own (no JavaFX
# on its class path, as with ./rayon COMMAND).
CLI_CFG="$IMAGE/lib/app/$CLI_NAME.cfg"
[ -f "$CLI_CFG" ] || fail "jpackage wrote no $CLI_CFG"
awk -v jars="$(printf '%s\n' "${CLI_JARS[@]}")" '
  /^app\.classpath=/ { next }
  { print }
  /^\[Application\]/ { n = split(jars, j, "\n"); for (i = 1; i <= n; i++) if (j[i] != "") print "app.classpath=$APPDIR/" j[i] }
' "$CLI_CFG" >"$CLI_CFG.tmp" && mv "$CLI_CFG.tmp" "$CLI_CFG"
if grep -q 'javafx' "$CLI_CFG"; then fail "$CLI_CFG still names JavaFX"; fi
echo "app image: $IMAGE ($(du -sh "$IMAGE" | cut -f1)); desktop: $IMAGE/bin/$NAME, command line: $IMAGE/bin/$CLI_NAME"

if [ "$TYPE" = deb ]; then
  step "jpackage: Debian package"
  rm -f "$DIST/${NAME}_"*.deb
  DEB_OPTS=(--linux-package-name "$NAME" --linux-package-deps libgtk-3-0
    --linux-shortcut --linux-menu-group Development --linux-app-category devel
    --resource-dir "$ROOT/installers/linux")
  # The maintainer's e-mail address for the package's control file (jpackage writes "Unknown" without it).
  if [ -n "${RAYON_DEB_MAINTAINER:-}" ]; then DEB_OPTS+=(--linux-deb-maintainer "$RAYON_DEB_MAINTAINER"); fi
  # packaged from the app image above, so the command line's class path stays as written there
  "$JPACKAGE" --type deb "${META[@]}" --app-image "$IMAGE" --dest "$DIST" "${DEB_OPTS[@]}" || fail "jpackage (deb) failed"
  DEB="$(find "$DIST" -maxdepth 1 -name "${NAME}_*.deb" | head -n 1)"
  [ -n "$DEB" ] || fail "jpackage did not write a .deb into $DIST"
  echo "Debian package: $DEB ($(du -h "$DEB" | cut -f1)); installs /opt/$NAME/bin/$NAME and /opt/$NAME/bin/$CLI_NAME (sudo apt install $DEB)"
fi
step "done"
