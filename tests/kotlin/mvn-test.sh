# tests/kotlin/mvn-test.sh - sourced (not run) by tests/kotlin/run.sh and android/ui/run-tests.sh,
# the two Maven test runs against the Rust library.
#
# Expects ROOT (the workspace) to be set. Sets TARGET_DIR (CARGO_TARGET_DIR made absolute,
# default <workspace>/target) and LIB_NAME (the host library's file name), and defines
#   mvn_test LABEL [MVN ARGS...]
# which, in the current directory, runs `mvn -q -B test` with the rust.* properties the poms read
# (PROFILE must be set), then prints "LABEL: N passed, N failed, N skipped" from the surefire XML
# reports (mvn -q prints nothing on success) and returns mvn's status, or 1 when no test ran.

TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$TARGET_DIR" in /*) ;; *) TARGET_DIR="$PWD/$TARGET_DIR" ;; esac
case "$(uname -s)" in
  Darwin) LIB_NAME=librookery_bindings.dylib ;;
  *) LIB_NAME=librookery_bindings.so ;;
esac

mvn_test() {
  local label="$1" status=0 tests=0 failures=0 errors=0 skipped=0 report header
  shift
  rm -rf target/surefire-reports
  mvn -q -B test \
    -Drust.target.dir="$TARGET_DIR" \
    -Drust.profile="$PROFILE" \
    -Drust.lib.name="$LIB_NAME" \
    "$@" || status=$?
  attr() { sed -n "s/.* $1=\"\([0-9]*\)\".*/\1/p" <<<"$header"; }
  for report in target/surefire-reports/TEST-*.xml; do
    [ -e "$report" ] || continue
    header="$(grep -m1 -o '<testsuite [^>]*>' "$report")"
    tests=$((tests + $(attr tests))) failures=$((failures + $(attr failures)))
    errors=$((errors + $(attr errors))) skipped=$((skipped + $(attr skipped)))
  done
  echo "$label: $((tests - failures - errors - skipped)) passed, $((failures + errors)) failed, $skipped skipped"
  if [ "$status" -eq 0 ] && [ "$tests" -eq 0 ]; then
    echo "$(basename "$0"): no test ran" >&2
    status=1
  fi
  return "$status"
}
