#!/usr/bin/env bash
# ios/run-tests.sh - the iOS app's checks that run off a Mac (tests/run-all.sh's "iOS Swift
# package" section):
#   1. bindings/generate.sh --check: ios/Generated/ is what the library gives (a stale Swift
#      file would abort at its first call on a checksum mismatch);
#   2. where `swift` exists (Linux with Swift 6, or macOS): `swift build` and `swift test` of
#      the package in ios/ (RookeryKit and its tests, linked to the real library built in
#      step 1, target/release); elsewhere it says that this part was skipped and why.
# The SwiftUI views (ios/Rookery/) need Apple's SDK: they are built by Xcode (ios/README.md).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$ROOT/$TARGET_DIR" ;; esac

# the release profile of tests/run-all.sh, so that a run of its own reuses that build
export CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-off}"
export CARGO_PROFILE_RELEASE_DEBUG="${CARGO_PROFILE_RELEASE_DEBUG:-0}"
PROFILE=release bindings/generate.sh --check >/dev/null

if ! command -v swift >/dev/null 2>&1; then
  echo "ios/run-tests.sh: SKIPPED swift build / swift test: no \`swift\` on this machine (the Swift"
  echo "  package needs a Swift 6 toolchain: https://www.swift.org/install/); ios/Generated is current"
  exit 0
fi
swift --version 2>&1 | head -1
cd "$ROOT/ios"
export ROOKERY_LIB_DIR="$TARGET_DIR/release"
swift build --build-tests
swift test --skip-build
