#!/usr/bin/env bash
# tests/kotlin/run.sh - JVM tests of the rookery-bindings FFI.
#
# 1. bindings/generate.sh: builds the cdylib and the workspace uniffi-bindgen,
#    writes the Kotlin bindings into tests/kotlin/generated/ (not committed)
#    and refreshes the committed Swift in ios/Generated/;
# 2. mvn test in tests/kotlin/: compiles the generated Kotlin plus the JUnit 5
#    tests and runs them against the host library through JNA.
#
# Needs: the Rust toolchain, Java 17+, Maven (Maven Central reachable on the
# first run). Honours CARGO_TARGET_DIR (default <workspace>/target) and
# PROFILE=debug|release (default debug). Extra arguments go to mvn, e.g.
#   tests/kotlin/run.sh -Dtest=BindingsTest#logSinkReceivesRecords
# Ends with a line "N passed, N failed, N skipped" read from the surefire
# reports.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROFILE="${PROFILE:-debug}"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$PWD/$TARGET_DIR" ;; esac
case "$(uname -s)" in
  Darwin) LIB_NAME=librookery_bindings.dylib ;;
  *) LIB_NAME=librookery_bindings.so ;;
esac

PROFILE="$PROFILE" CARGO_TARGET_DIR="$TARGET_DIR" "$ROOT/bindings/generate.sh" >/dev/null

cd "$HERE"
rm -rf target/surefire-reports
status=0
mvn -q -B test \
  -Drust.target.dir="$TARGET_DIR" \
  -Drust.profile="$PROFILE" \
  -Drust.lib.name="$LIB_NAME" \
  "$@" || status=$?

# Summary from the surefire XML reports (mvn -q prints nothing on success).
tests=0 failures=0 errors=0 skipped=0
for report in target/surefire-reports/TEST-*.xml; do
  [ -e "$report" ] || continue
  header="$(grep -m1 -o '<testsuite [^>]*>' "$report")"
  attr() { sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p" <<<"$header"; }
  tests=$((tests + $(attr tests))) failures=$((failures + $(attr failures)))
  errors=$((errors + $(attr errors))) skipped=$((skipped + $(attr skipped)))
done
echo "kotlin-ffi: $((tests - failures - errors - skipped)) passed, $((failures + errors)) failed, $skipped skipped"
if [ "$status" -eq 0 ] && [ "$tests" -eq 0 ]; then
  echo "run.sh: no test ran" >&2
  status=1
fi
exit "$status"
