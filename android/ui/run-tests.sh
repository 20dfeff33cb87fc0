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
# TARGET_DIR, LIB_NAME and mvn_test (the mvn run and its summary line)
source "$ROOT/tests/kotlin/mvn-test.sh"

PROFILE="$PROFILE" CARGO_TARGET_DIR="$TARGET_DIR" KOTLIN_OUT="$HERE/target/generated/uniffi" \
  "$ROOT/bindings/generate.sh" --no-swift >/dev/null

cd "$HERE"
mvn_test android-ui "$@"
