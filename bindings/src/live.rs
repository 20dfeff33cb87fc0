//! Count of live exported objects, so the shells' tests can prove that
//! nothing native is leaked (`live_objects()` returns to its start value).

use std::sync::atomic::{AtomicI64, Ordering};

static LIVE_OBJECTS: AtomicI64 = AtomicI64::new(0);

/// Embed one in every exported object: counts up when built, down on drop.
#[derive(Debug)]
pub(crate) struct LiveObject(());

impl LiveObject {
    pub(crate) fn new() -> Self {
        LIVE_OBJECTS.fetch_add(1, Ordering::SeqCst);
        LiveObject(())
    }
}

impl Drop for LiveObject {
    fn drop(&mut self) {
        LIVE_OBJECTS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Number of exported objects (of any class) currently alive on the Rust side.
#[uniffi::export]
pub fn live_objects() -> i64 {
    LIVE_OBJECTS.load(Ordering::SeqCst)
}
