#!/usr/bin/env bash
# tests/fuzz.sh [seconds-per-target] [target ...] - runs Rookery's coverage-guided fuzz targets
# (fuzz/, cargo-fuzz + libFuzzer, AddressSanitizer with leak detection) for N seconds each
# (default 20), every target unless some are named. Installs cargo-fuzz if it is missing.
#
# cargo-fuzz needs nightly-only rustc flags (-Zsanitizer, sanitizer coverage); the installed
# stable toolchain accepts them with RUSTC_BOOTSTRAP=1, which this script sets for the fuzz
# build only. Each target reads its committed seeds (fuzz/seeds/<target>, made by
# `cargo run --manifest-path fuzz/Cargo.toml --example make_seeds`) and keeps what it finds in
# fuzz/corpus/<target> (not committed). A crash, a hang (an input running over
# FUZZ_TIMEOUT seconds, default 10), a leak or an out-of-memory fails the script; libFuzzer
# writes the input to fuzz/artifacts/<target>/ and the script prints how to replay it.
#
# Long run (the issue's 10 million executions): tests/fuzz.sh 1800
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

SECS="${1:-20}"
[ $# -gt 0 ] && shift
TIMEOUT="${FUZZ_TIMEOUT:-10}"
CARGO_FUZZ_VERSION=0.13.2

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz missing: cargo install cargo-fuzz --locked --version $CARGO_FUZZ_VERSION"
  cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
fi
echo "$(cargo fuzz --version), $(rustc --version)"

export RUSTC_BOOTSTRAP=1
# LTO and debug info only slow the build down here (run-all.sh sets the same)
export CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-off}"

if [ $# -gt 0 ]; then
  TARGETS=("$@")
else
  mapfile -t TARGETS < <(cargo fuzz list)
fi
[ "${#TARGETS[@]}" -gt 0 ] || { echo "fuzz.sh: no fuzz targets" >&2; exit 1; }

t0=$SECONDS
cargo fuzz build
echo "fuzz build: $((SECONDS - t0)) s"

LOGDIR="$(mktemp -d)"
TOTAL=0
SUMMARY=()
for t in "${TARGETS[@]}"; do
  mkdir -p "fuzz/corpus/$t" "fuzz/seeds/$t"
  echo
  echo "--- fuzz target $t: $SECS s"
  status=0
  cargo fuzz run "$t" "fuzz/corpus/$t" "fuzz/seeds/$t" -- \
    -max_total_time="$SECS" -timeout="$TIMEOUT" -rss_limit_mb=2048 -print_final_stats=1 \
    >"$LOGDIR/$t.log" 2>&1 || status=$?
  execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOGDIR/$t.log" | tail -1)"
  execs="${execs:-0}"
  grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)' "$LOGDIR/$t.log" | tail -2 || true
  if [ "$status" -ne 0 ]; then
    grep -E -A4 "panicked|ERROR: libFuzzer|ERROR: AddressSanitizer|ERROR: LeakSanitizer" \
      "$LOGDIR/$t.log" | head -40 || true
    grep -E -A2 "^Failing input" "$LOGDIR/$t.log" || true
    echo "fuzz.sh: FAILED: target $t (exit $status) after $execs executions" >&2
    echo "replay: RUSTC_BOOTSTRAP=1 cargo fuzz run $t fuzz/artifacts/$t/<file>" >&2
    exit 1
  fi
  TOTAL=$((TOTAL + execs))
  SUMMARY+=("$(printf '%-12s %12s executions, 0 crashes, 0 hangs, 0 leaks' "$t" "$execs")")
done

echo
echo "=== fuzz summary ($SECS s per target)"
printf '%s\n' "${SUMMARY[@]}"
printf '%-12s %12s executions\n' total "$TOTAL"
rm -rf "$LOGDIR"
