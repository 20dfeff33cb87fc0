//! Placeholder API: exists only to exercise the FFI mechanisms end to end.
//! The game API (catalogue.rs, session.rs) replaced the placeholder object; these calls stay
//! for the mechanism tests (error mapping, panics, async, cancellation, logging).

use std::sync::Arc;
use std::time::Duration;

use crate::error::{guard, RookeryError};
use crate::runtime::{spawn_cancellable, CancelHandle};

/// Returns the error variant named by `variant` (its Rust name, e.g.
/// `"NotYourTurn"`) with `message`; an unknown name is itself `BadInput`.
#[uniffi::export]
pub fn simulate_error(variant: String, message: String) -> Result<(), RookeryError> {
    Err(match variant.as_str() {
        "IllegalMove" => RookeryError::IllegalMove { message },
        "BadInput" => RookeryError::BadInput { message },
        "NotYourTurn" => RookeryError::NotYourTurn { message },
        "Cancelled" => RookeryError::Cancelled { message },
        "StaleSession" => RookeryError::StaleSession { message },
        "Internal" => RookeryError::Internal { message },
        "NoSuchGame" => RookeryError::NoSuchGame { message },
        "DamagedSave" => RookeryError::DamagedSave { message },
        "LibraryUnavailable" => RookeryError::LibraryUnavailable { message },
        "LibraryLocked" => RookeryError::LibraryLocked { message },
        other => RookeryError::bad_input(format!("unknown error variant {other:?}")),
    })
}

/// Panics on the caller's thread, inside the guard.
#[uniffi::export]
pub fn panic_now(message: String) -> Result<(), RookeryError> {
    guard(|| panic!("{message}"))
}

/// Panics on a runtime worker thread.
#[uniffi::export]
pub async fn panic_on_worker(message: String) -> Result<(), RookeryError> {
    spawn_cancellable(None, async move { panic!("{message}") }).await
}

/// What [`delayed_sum`] computed, and on which thread.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct WorkResult {
    pub value: i64,
    pub worker_thread: String,
}

/// Waits `delay_ms` on the library runtime, then returns `a + b`.
/// Overflow is `BadInput`; cancelling `cancel` ends it with `Cancelled`.
#[uniffi::export]
pub async fn delayed_sum(
    a: i64,
    b: i64,
    delay_ms: u64,
    cancel: Option<Arc<CancelHandle>>,
) -> Result<WorkResult, RookeryError> {
    spawn_cancellable(cancel, async move {
        log::debug!("delayed_sum({a}, {b}) waiting {delay_ms} ms");
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
        let value = a
            .checked_add(b)
            .ok_or_else(|| RookeryError::bad_input("sum overflows i64"))?;
        let worker_thread = std::thread::current()
            .name()
            .unwrap_or("<unnamed>")
            .to_owned();
        log::info!("delayed_sum({a}, {b}) = {value} on {worker_thread}");
        Ok(WorkResult {
            value,
            worker_thread,
        })
    })
    .await
}

/// `session.bot_move(cancel)` whose bot keeps searching for at least `think_ms` (it repeats its
/// real search until then): lets a test cancel a search that is really running and prove that
/// it stops. Test-only, like the rest of this file.
#[uniffi::export]
pub async fn bot_move_thinking(
    session: Arc<crate::session::GameSession>,
    think_ms: u64,
    cancel: Option<Arc<CancelHandle>>,
) -> Result<String, RookeryError> {
    session
        .bot_move_thinking(cancel, Duration::from_millis(think_ms))
        .await
}

/// Bot searches of `session` still running on the library's threads (a cancelled `bot_move`
/// returns at once; this says when its search has really stopped). Test-only.
#[uniffi::export]
pub fn bot_searches_running(session: Arc<crate::session::GameSession>) -> u32 {
    session.searches_running()
}

/// Damages one record of saved game `id` in the library at `path` (which must not be open):
/// flips a byte of its `what` record — `action` (the first action), `summary` or `header` —
/// as a bad sector or a torn write would. Test-only: the Kotlin tests prove that a damaged
/// record is a typed error naming the game while the other games stay readable.
#[uniffi::export]
pub fn damage_saved_record(path: String, id: u64, what: String) -> Result<(), RookeryError> {
    guard(|| {
        // the store's key layout (core/src/store/record.rs): tag, id big-endian, [ply]
        let mut key = vec![match what.as_str() {
            "action" => b'm',
            "summary" => b's',
            "header" => b'h',
            other => return Err(RookeryError::bad_input(format!("no record kind {other:?}"))),
        }];
        key.extend_from_slice(&id.to_be_bytes());
        if what == "action" {
            key.extend_from_slice(&0u32.to_be_bytes());
        }
        // sled may hold the lock of a library closed just before for a moment longer (as
        // the store's own open waits for, `LOCK_WAIT`): wait for it, up to ten seconds
        let mut tries = 0;
        let db = loop {
            match sled::open(&path) {
                Ok(db) => break db,
                Err(e) if tries < 200 && e.to_string().contains("could not acquire lock") => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                Err(e) => return Err(RookeryError::internal(e.to_string())),
            }
        };
        let mut v = db
            .get(&key)
            .map_err(|e| RookeryError::internal(e.to_string()))?
            .ok_or_else(|| RookeryError::bad_input(format!("no {what} record of game {id}")))?
            .to_vec();
        let i = v.len() - 2;
        v[i] ^= 0x55;
        db.insert(key, v)
            .map_err(|e| RookeryError::internal(e.to_string()))?;
        db.flush()
            .map_err(|e| RookeryError::internal(e.to_string()))?;
        Ok(())
    })
}

/// `library.saved_games()` timed inside Rust, in nanoseconds (the list is built and dropped):
/// the benchmark's split between the Rust side and the marshalling to Kotlin. Test-only.
#[uniffi::export]
pub fn saved_games_rust_ns(library: Arc<crate::library::GameLibrary>) -> Result<u64, RookeryError> {
    let t0 = std::time::Instant::now();
    let n = library.saved_games()?.len();
    let ns = t0.elapsed().as_nanos() as u64;
    log::debug!("saved_games: {n} games in {ns} ns");
    Ok(ns)
}
