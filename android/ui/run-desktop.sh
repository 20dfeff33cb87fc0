#!/usr/bin/env bash
# android/ui/run-desktop.sh [DATA_DIR] - the app's UI in a desktop window (Linux, X11).
# Builds the library and the UI like run-tests.sh (tests skipped), then starts
# rookery.desktop.MainKt. Saved games and settings: DATA_DIR, default
# ~/.local/share/rookery-desktop.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PROFILE="${PROFILE:-release}"
# TARGET_DIR (and LIB_NAME), as run-tests.sh has them
source "$ROOT/tests/kotlin/mvn-test.sh"
PROFILE="$PROFILE" CARGO_TARGET_DIR="$TARGET_DIR" KOTLIN_OUT="$HERE/target/generated/uniffi" \
  "$ROOT/bindings/generate.sh" --no-swift >/dev/null
cd "$HERE"
mvn -q -B compile -Drust.target.dir="$TARGET_DIR" -Drust.profile="$PROFILE"
mvn -q -B dependency:build-classpath -Dmdep.outputFile=target/classpath.txt >/dev/null
LIB_DIR="$TARGET_DIR/$PROFILE"
exec java -Djna.library.path="$LIB_DIR" \
  -Duniffi.component.rookery_bindings.libraryOverride="$LIB_DIR/$LIB_NAME" \
  -Drookery.root="$ROOT" \
  -cp "target/classes:$(cat target/classpath.txt)" rookery.desktop.MainKt "$@"
