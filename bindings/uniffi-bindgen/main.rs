//! `uniffi-bindgen` built from the workspace's pinned `uniffi`, so the
//! generated Kotlin/Swift always matches the scaffolding in the cdylib.
//! Usage: see bindings/generate.sh.

fn main() {
    uniffi::uniffi_bindgen_main()
}
