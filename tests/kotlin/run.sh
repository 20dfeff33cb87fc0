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
# TARGET_DIR, LIB_NAME and mvn_test (the mvn run and its summary line)
source "$HERE/mvn-test.sh"

PROFILE="$PROFILE" CARGO_TARGET_DIR="$TARGET_DIR" "$ROOT/bindings/generate.sh" >/dev/null

cd "$HERE"
mvn_test kotlin-ffi "$@"
