//! Rookery's FFI facade: a thin UniFFI layer over `rookery-core` for the
//! Android (Kotlin) and iOS (Swift) shells. See bindings/README.md.
//!
//! For now it exports a *placeholder* API whose only purpose is to prove,
//! end to end, every mechanism the real API will need:
//!
//! | mechanism                         | placeholder                                   |
//! |-----------------------------------|-----------------------------------------------|
//! | free function                     | [`core_version`]                              |
//! | record / enum (with data)         | [`CounterSnapshot`], [`Step`], [`WorkResult`]  |
//! | object, constructor, methods      | [`Counter`]                                   |
//! | typed error                       | [`RookeryError`], [`simulate_error`]          |
//! | async on the library's runtime    | [`delayed_sum`], [`panic_on_worker`]          |
//! | cancellation                      | [`CancelHandle`], [`in_flight_tasks`]         |
//! | panic safety                      | [`guard`](error::guard), [`panic_now`], [`Counter::explode`] |
//! | logging into the host             | [`LogSink`], [`set_log_sink`], [`log_message`] |
//! | no leaked native objects          | [`live_objects`]                              |
//!
//! The real API replaces the placeholders and keeps the plumbing in
//! `error.rs`, `runtime.rs`, `logging.rs` and `live.rs`.

uniffi::setup_scaffolding!();

mod catalogue;
mod error;
mod live;
mod logging;
mod placeholder;
mod runtime;
mod session;

pub use catalogue::{catalogue, default_house_rules, GameEntry, GameGroup, HouseRulesConfig};
pub use error::RookeryError;
pub use live::live_objects;
pub use logging::{clear_log_sink, log_message, set_log_sink, LogLevel, LogRecord, LogSink};
pub use placeholder::{
    delayed_sum, panic_now, panic_on_worker, simulate_error, Counter, CounterSnapshot, Step,
    WorkResult,
};
pub use runtime::{in_flight_tasks, CancelHandle};
pub use session::{
    BoardSnapshot, CellView, GameEndReason, GameResult, GameSession, LastMove, PieceView,
    SeatConfig, SeatView, TapResult,
};

/// Version of the Rust core linked into this library (the workspace shares
/// one version, so this is `rookery-core`'s version too).
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
