#!/usr/bin/env bash
# tests/run-all.sh - THE test command of Rookery (the README's, and what .ci/run calls).
#
# On a fresh Debian machine (root or sudo, apt-get, Rust per rust-toolchain.toml, Java 17 +
# Maven, Python 3) it installs what the tests need and runs everything, failing loudly when
# something cannot be set up (it never skips an oracle silently):
#   1. set-up: fairy-stockfish (apt-get), python-chess and python-shogi (pip), pyffish (pip, in a venv),
#      rustfmt, Java and Maven checks
#   2. cargo fmt --check
#   3. cargo build --workspace --release
#   4. cargo test --workspace --release (all default tests)
#   5. the differential tests against Fairy-Stockfish, python-chess and pyffish, and against the
#      Paco Ŝako reference built from ../shared/oracle/paco (print what they checked)
#   6. the deep perft cases (ignored by default) in release mode
#   7. the Kotlin/JVM tests of the bindings (tests/kotlin/run.sh), then the Compose UI of the
#      Android app on the JVM (android/ui/run-tests.sh), then the iOS Swift package
#      (ios/run-tests.sh: generated Swift current, swift build + swift test where swift exists)
#   8. every fuzz target of fuzz/ for FUZZ_SECONDS (default 20) each (tests/fuzz.sh, which
#      installs cargo-fuzz if it is missing and builds with RUSTC_BOOTSTRAP=1)
# One build profile (release) serves every step; every cargo call selects the whole workspace
# so that features resolve alike and nothing is built twice. Honours CARGO_TARGET_DIR.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Tests need optimised code (perft), not link-time optimisation or debug info of every test
# binary: both cost more build time than they save. Override by setting these yourself.
export CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-off}"
export CARGO_PROFILE_RELEASE_DEBUG="${CARGO_PROFILE_RELEASE_DEBUG:-0}"

T0=$SECONDS
SECTION_T0=$SECONDS
section() {
  if [ "${SECTION_NAME:-}" != "" ]; then
    echo "--- ${SECTION_NAME}: $((SECONDS - SECTION_T0)) s"
  fi
  SECTION_NAME="$1"
  SECTION_T0=$SECONDS
  echo
  echo "=================================================================="
  echo "=== $1"
  echo "=================================================================="
}
fail() {
  echo "run-all.sh: FAILED: $*" >&2
  exit 1
}
trap 'status=$?; if [ $status -ne 0 ]; then echo "run-all.sh: FAILED in \"${SECTION_NAME:-set-up}\" after $((SECONDS - T0)) s" >&2; fi' EXIT

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    fail "need root (or sudo) to run: $*"
  fi
}

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || fail "apt-get not found; install by hand: $*"
  if [ "$APT_UPDATED" -eq 0 ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q || fail "apt-get update"
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" || fail "apt-get install $*"
}

# ---------------------------------------------------------------------------------------------
section "Set-up"
# Machines that reach Debian's packages and PyPI but not the crates registry or Maven Central get
# the bundled crates and Maven repository (it does nothing where the registries answer).
OFFLINE_SETUP="${ROOKERY_OFFLINE_SETUP:-$ROOT/../shared/offline/setup.sh}"
if [ -x "$OFFLINE_SETUP" ] || [ -f "$OFFLINE_SETUP" ]; then
  bash "$OFFLINE_SETUP" "$ROOT" || fail "offline set-up ($OFFLINE_SETUP)"
else
  echo "no offline bundle at $OFFLINE_SETUP: the registries must answer"
fi
FSF="${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}"
if [ ! -x "$FSF" ]; then
  echo "fairy-stockfish missing at $FSF: installing the Debian package"
  apt_install fairy-stockfish
  FSF=/usr/games/fairy-stockfish
fi
[ -x "$FSF" ] || fail "fairy-stockfish is still missing at $FSF"
printf 'uci\nquit\n' | "$FSF" | grep -q '^uciok' || fail "$FSF does not speak UCI"
export FAIRY_STOCKFISH="$FSF"
echo "fairy-stockfish: $FSF ($(dpkg-query -W -f='${Version}' fairy-stockfish 2>/dev/null || echo 'version unknown'))"

# python-chess: the SAN and insufficient-material oracle of tests/oracle.rs, and with
# python-shogi the reader and writer of game records in tests/records.rs (which fail, never
# skip, without them). pip installs them for the python3 on PATH; Debian's own python3 refuses a
# system-wide pip install (PEP 668) unless told --break-system-packages.
PYTHON="${PYTHON:-python3}"
command -v "$PYTHON" >/dev/null 2>&1 || apt_install python3
if ! "$PYTHON" -c 'import chess, shogi' >/dev/null 2>&1; then
  echo "python-chess or python-shogi missing for $PYTHON: installing them with pip"
  "$PYTHON" -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  "$PYTHON" -m pip install --quiet chess python-shogi \
    || "$PYTHON" -m pip install --quiet --break-system-packages chess python-shogi \
    || fail "pip install chess python-shogi"
fi
"$PYTHON" -c 'import chess, shogi' || fail "python-chess or python-shogi is still missing for $PYTHON"
export PYTHON
echo "python-chess: $("$PYTHON" -c 'import chess; print(chess.__version__)'), python-shogi ($PYTHON)"

# pyffish (Fairy-Stockfish compiled into a Python module): the oracle of
# tests/oracle_family.rs (the shatranj family) and tests/variants_oracle.rs (the chess variants), which fail,
# never skip, without it. Installed in its own venv (PEP 668), or given as PYFFISH_PYTHON.
if [ -z "${PYFFISH_PYTHON:-}" ]; then
  PYFFISH_VENV="${PYFFISH_VENV:-${CARGO_TARGET_DIR:-$ROOT/target}/pyffish-venv}"
  if ! "$PYFFISH_VENV/bin/python" -c 'import pyffish' >/dev/null 2>&1; then
    echo "pyffish missing: installing it in the venv $PYFFISH_VENV"
    "$PYTHON" -m venv "$PYFFISH_VENV" >/dev/null 2>&1 || { apt_install python3-venv; "$PYTHON" -m venv "$PYFFISH_VENV"; } \
      || fail "python3 -m venv $PYFFISH_VENV"
    "$PYFFISH_VENV/bin/pip" install --quiet pyffish || fail "pip install pyffish"
  fi
  PYFFISH_PYTHON="$PYFFISH_VENV/bin/python"
fi
"$PYFFISH_PYTHON" -c 'import pyffish' || fail "pyffish is still missing for $PYFFISH_PYTHON"
export PYFFISH_PYTHON
echo "pyffish: $("$PYFFISH_PYTHON" -c 'import pyffish; print(pyffish.version())') ($PYFFISH_PYTHON)"

# The crash test's seed is fixed here, so a run can be replayed; it prints it either way.
export ROOKERY_CRASH_SEED="${ROOKERY_CRASH_SEED:-2021}"
echo "crash test seed: ROOKERY_CRASH_SEED=$ROOKERY_CRASH_SEED"

command -v cargo >/dev/null 2>&1 || fail "cargo not found: install Rust (rustup) first"
RUSTFMT=1
if ! cargo fmt --version >/dev/null 2>&1; then
  if ! { command -v rustup >/dev/null 2>&1 && rustup component add rustfmt; }; then
    RUSTFMT=0
    echo "rustfmt is missing and cannot be installed here: formatting will NOT be checked"
  fi
fi
echo "rust: $(rustc --version)"

if [ -x tests/kotlin/run.sh ] || [ -x android/ui/run-tests.sh ]; then
  command -v java >/dev/null 2>&1 || apt_install openjdk-17-jdk-headless
  command -v mvn >/dev/null 2>&1 || apt_install maven
  echo "java: $(java -version 2>&1 | head -1); maven: $(mvn -v 2>/dev/null | head -1)"
fi

# ---------------------------------------------------------------------------------------------
section "Formatting (cargo fmt --check)"
if [ "$RUSTFMT" -eq 1 ]; then
  cargo fmt --all -- --check || fail "code is not formatted: run cargo fmt --all"
else
  echo "FORMATTING NOT CHECKED: this toolchain has no rustfmt and rustup cannot add it here"
fi

section "Build (cargo build --workspace --release)"
cargo build --workspace --release

section "Rust tests (cargo test --workspace --release)"
# the differential and records tests that ask an outside program run in their own sections
# below, where their counts are shown (not twice)
cargo test --workspace --release -- \
  --skip legal_moves_and_fen_match_fairy_stockfish_after_every_move_of_seeded_random_games \
  --skip chess_family_legal_moves_fen_and_ends_match_pyffish_after_every_move_of_random_games \
  --skip friendly_turn_ends_match_the_pacosako_reference \
  --skip python_chess_reads_the_pgn_of_the_chess_variants \
  --skip pyffish_replays_the_pgn_of_the_other_two_player_games \
  --skip python_shogi_reads_kif_and_csa \
  --skip records_python_chess_and_python_shogi_wrote_are_imported

section "Differential test against Fairy-Stockfish and python-chess (chess and Chess960)"
cargo test --workspace --release --test oracle -- --nocapture

section "Differential test against pyffish (chaturanga, shatranj, makruk, ouk chatrang, sittuyin)"
cargo test --workspace --release --test oracle_family -- --nocapture

section "Game records read and written by python-chess, pyffish and python-shogi (PGN, KIF, CSA)"
cargo test --workspace --release --test records -- --nocapture

section "Differential test against the Paco Ŝako reference (friendly chess)"
# The reference is the pacosako library behind pacoplay.com with a perft/divide driver
# (../shared/oracle/paco, a Cargo project; offline after ../shared/offline/setup.sh), built into
# its own target directory. Skipped, saying so, only where it cannot be built.
PACO_SRC="${PACO_ORACLE_SRC:-$ROOT/../shared/oracle/paco}"
PACO_TARGET="${CARGO_TARGET_DIR:-$ROOT/target}/paco"
if [ -f "$PACO_SRC/oracle/Cargo.toml" ] \
  && CARGO_TARGET_DIR="$PACO_TARGET" cargo build --release --locked \
    --manifest-path "$PACO_SRC/oracle/Cargo.toml"; then
  PACO_ORACLE="$PACO_TARGET/release/paco-oracle" \
    cargo test --workspace --release --test oracle_paco -- --nocapture
else
  echo "PACO ŜAKO ORACLE NOT BUILT (no $PACO_SRC/oracle/Cargo.toml, or its build failed):"
  echo "the differential test tests/oracle_paco.rs is SKIPPED (its perft counts ran above)"
fi

section "Deep perft cases (release)"
# cases up to 150 million nodes (the deepest, up to 876 million, take ~10 min more: unset the
# variable and run this line to include them)
ROOKERY_PERFT_MAX_NODES="${ROOKERY_PERFT_MAX_NODES:-150000000}" cargo test --workspace --release --test perft_cases --test multiplayer_perft -- --ignored --nocapture

section "Kotlin/JVM tests of the bindings (tests/kotlin/run.sh)"
if [ -x tests/kotlin/run.sh ]; then
  PROFILE=release tests/kotlin/run.sh
elif [ -e tests/kotlin/run.sh ]; then
  fail "tests/kotlin/run.sh is not executable"
else
  echo "tests/kotlin/run.sh does not exist in this tree: no Kotlin tests to run"
fi

section "Compose UI of the Android app on the JVM (android/ui/run-tests.sh)"
# UI tests and golden screenshots against the real library (measured on the shared 2-core
# machine: cold 249 s with the Maven downloads, warm 66-92 s)
PROFILE=release android/ui/run-tests.sh

section "iOS Swift package (swift build, swift test)"
# bindings/generate.sh --check, then swift build and swift test in ios/ against the real library
# where `swift` exists (else it says the Swift part was skipped and why)
ios/run-tests.sh

section "Fuzz targets, ${FUZZ_SECONDS:-20} s each (tests/fuzz.sh; long run: tests/fuzz.sh 1800)"
tests/fuzz.sh "${FUZZ_SECONDS:-20}"

section "Done"
echo "all tests passed in $((SECONDS - T0)) s"
