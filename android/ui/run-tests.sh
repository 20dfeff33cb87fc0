#!/usr/bin/env bash
# android/ui/run-tests.sh - the Compose UI of the Android app, compiled and tested on the JVM.
#
# 1. bindings/generate.sh builds librookery_bindings (the same build tests/kotlin uses, with
#    the bindings' `testing` feature, so the two test runs share one library) and writes its
#    Kotlin into android/ui/target/generated/uniffi/ (not committed);
# 2. mvn test in android/ui/: compiles the UI (src/main/kotlin: androidx.compose.* only, the
#    sources the Android app compiles too), the desktop shell (src/desktop/kotlin) and the
#    bindings with Compose Multiplatform for desktop (Maven Central), then runs the Compose UI
#    tests (createComposeRule, headless) and the golden screenshot tests against the real
#    library through JNA.
#
# Needs: the Rust toolchain, Java 17+, Maven (Maven Central reachable on the first run).
# Honours CARGO_TARGET_DIR (default <workspace>/target) and PROFILE=debug|release (default
# release). Extra arguments go to mvn, e.g. `android/ui/run-tests.sh -Dtest=GameUiTest`.
# ROOKERY_UPDATE_GOLDEN=1 rewrites the golden screenshots (src/test/golden/).
# Ends with a line "android-ui: N passed, N failed, N skipped".
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROFILE="${PROFILE:-release}"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$PWD/$TARGET_DIR" ;; esac
case "$(uname -s)" in
  Darwin) LIB_NAME=librookery_bindings.dylib ;;
  *) LIB_NAME=librookery_bindings.so ;;
esac

PROFILE="$PROFILE" CARGO_TARGET_DIR="$TARGET_DIR" KOTLIN_OUT="$HERE/target/generated/uniffi" \
  "$ROOT/bindings/generate.sh" --no-swift >/dev/null

cd "$HERE"
rm -rf target/surefire-reports
status=0
mvn -q -B test \
  -Drust.target.dir="$TARGET_DIR" \
  -Drust.profile="$PROFILE" \
  -Drust.lib.name="$LIB_NAME" \
  "$@" || status=$?

tests=0 failures=0 errors=0 skipped=0
for report in target/surefire-reports/TEST-*.xml; do
  [ -e "$report" ] || continue
  header="$(grep -m1 -o '<testsuite [^>]*>' "$report")"
  attr() { sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p" <<<"$header"; }
  tests=$((tests + $(attr tests))) failures=$((failures + $(attr failures)))
  errors=$((errors + $(attr errors))) skipped=$((skipped + $(attr skipped)))
done
echo "android-ui: $((tests - failures - errors - skipped)) passed, $((failures + errors)) failed, $skipped skipped"
if [ "$status" -eq 0 ] && [ "$tests" -eq 0 ]; then
  echo "run-tests.sh: no test ran" >&2
  status=1
fi
exit "$status"
