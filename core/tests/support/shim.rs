//! Builds a test's `LD_PRELOAD` shim from its C source (included with `#[path]` by the tests that
//! preload one: `power_cut.rs`, `snapshot_kill.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Compiles `core/tests/<source>` with the C compiler (`cc`, or `CC`) into `<dir>/shim.so` and
/// returns its path. Fails, never skips, without a compiler.
pub fn build(source: &str, dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(source);
    let out = dir.join("shim.so");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let status = Command::new(&cc)
        .args(["-shared", "-fPIC", "-O2", "-o"])
        .arg(&out)
        .arg(&src)
        .args(["-ldl", "-lpthread"])
        .status()
        .unwrap_or_else(|e| panic!("cannot run the C compiler {cc} to build the shim: {e}"));
    assert!(status.success(), "{cc} failed to build {}", src.display());
    out
}
