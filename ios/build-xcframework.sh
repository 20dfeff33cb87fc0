#!/usr/bin/env bash
# ios/build-xcframework.sh - on a Mac: builds the Rust library (rookery-bindings, a static
# library) for iOS devices and the iOS simulator (Apple silicon and Intel) and packs it with the
# generated header into ios/RookeryCore.xcframework, which ios/Package.swift then links on iOS
# (as the module `rookery_bindingsFFI`). Needs Xcode and rustup (the targets are added here).
#
# Usage: ios/build-xcframework.sh [--debug]
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PROFILE=release
FLAG=(--release)
if [ "${1:-}" = "--debug" ]; then PROFILE=debug; FLAG=(); fi
[ "$(uname -s)" = Darwin ] || { echo "build-xcframework.sh: needs macOS with Xcode" >&2; exit 2; }
command -v xcodebuild >/dev/null || { echo "build-xcframework.sh: needs Xcode (xcodebuild)" >&2; exit 2; }

DEVICE=aarch64-apple-ios
SIMS=(aarch64-apple-ios-sim x86_64-apple-ios)
rustup target add "$DEVICE" "${SIMS[@]}"
TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
export IPHONEOS_DEPLOYMENT_TARGET=17.0
for t in "$DEVICE" "${SIMS[@]}"; do
  echo "build-xcframework.sh: cargo build -p rookery-bindings --target $t" >&2
  cargo build -p rookery-bindings --lib "${FLAG[@]}" --target "$t"
done

OUT="$ROOT/ios/.build/xcframework"
rm -rf "$OUT" "$ROOT/ios/RookeryCore.xcframework"
mkdir -p "$OUT/headers" "$OUT/sim"
# the generated header under the module name the generated Swift imports
cp ios/Generated/rookery_bindingsFFI.h "$OUT/headers/"
cat > "$OUT/headers/module.modulemap" <<'MAP'
module rookery_bindingsFFI {
    header "rookery_bindingsFFI.h"
    export *
}
MAP
# one simulator library for both architectures
lipo -create -output "$OUT/sim/librookery_bindings.a" \
  "$TARGET_DIR/${SIMS[0]}/$PROFILE/librookery_bindings.a" "$TARGET_DIR/${SIMS[1]}/$PROFILE/librookery_bindings.a"
xcodebuild -create-xcframework \
  -library "$TARGET_DIR/$DEVICE/$PROFILE/librookery_bindings.a" -headers "$OUT/headers" \
  -library "$OUT/sim/librookery_bindings.a" -headers "$OUT/headers" \
  -output "$ROOT/ios/RookeryCore.xcframework"
echo "build-xcframework.sh: ios/RookeryCore.xcframework" >&2
