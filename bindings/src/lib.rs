//! Rookery's FFI facade: a thin UniFFI layer over `rookery-core` for the
//! Android (Kotlin) and iOS (Swift) shells. See bindings/README.md.
//!
//! | screen            | API                                                   |
//! |-------------------|-------------------------------------------------------|
//! | home              | [`catalogue`] ([`GameEntry`])                         |
//! | new game          | [`SeatConfig`], [`HouseRulesConfig`], [`GameSession::new`] |
//! | continue          | [`GameLibrary`]: `saved_games` ([`SavedGameSummary`]), `resume`, `delete`, `rename`, `export_game`, `import_game`; [`preview_pieces`] |
//! | new game          | [`GameLibrary::new_game`] (saved) or [`GameSession::new`] (not saved) |
//! | game screen       | [`GameSession::screen`], [`GameSession::act`] ([`ScreenIntent`]) -> [`GameScreen`]: the whole screen decided in the core (`screen.rs`) |
//! | game              | [`GameSession`]: turn clock, FEN, async `bot_move`, standings; every tap, move, undo/redo, resignation, seat change and choice is a [`ScreenIntent`] |
//! | board drawing     | `GameScreen::scene`, [`board_scene`] (previews), [`scene_hit_test`] ([`BoardScene`]) |
//!
//! Plumbing: `error.rs` (typed error, panic guard), `runtime.rs` (tokio runtime,
//! [`CancelHandle`]), `logging.rs` (log sink), `live.rs` (live-object counter).
//! `placeholder.rs` keeps a few calls that only exercise FFI mechanisms in tests; they are
//! compiled only with the `testing` feature (the Kotlin tests' build), never in the shipped
//! library.

uniffi::setup_scaffolding!();

mod catalogue;
mod error;
mod library;
mod live;
mod logging;
#[cfg(feature = "testing")]
mod placeholder;
mod runtime;
mod scene;
mod screen;
mod session;
mod standings;

pub use catalogue::{
    bot_levels, catalogue, default_house_rules, BotLevel, GameEntry, GameGroup, HouseRulesConfig,
};
pub use error::RookeryError;
pub use library::{preview_pieces, GameLibrary, SavedGameSummary, SavedStatus};
pub use live::live_objects;
pub use logging::{clear_log_sink, log_message, set_log_sink, LogLevel, LogRecord, LogSink};
#[cfg(feature = "testing")]
pub use placeholder::{
    bot_move_thinking, bot_searches_running, damage_saved_record, delayed_sum, panic_now,
    panic_on_worker, saved_games_rust_ns, simulate_error, WorkResult,
};
pub use runtime::{in_flight_tasks, CancelHandle};
pub use scene::{
    board_scene, scene_hit_test, BoardScene, SceneArmy, SceneCell, SceneDot, SceneHandSlot,
    SceneHit, SceneLabel, SceneOrientation, ScenePiece, ScenePoint, SceneRegion, SceneSeatBar,
    SceneStroke,
};
pub use screen::{
    CapturedPiece, ClockView, FollowUp, GameScreen, MoveEntryView, PendingView, PhaseView,
    PlaceView, PromotionChoice, ResultSheetView, ReviewStep, ScreenButton, ScreenIntent,
    ScreenLooker, SeatBarView, SeatStateView,
};
pub use session::{
    GameEndReason, GameResult, GameSession, MessageArg, MessageView, PieceView, SeatConfig,
    TurnClockView,
};
pub use standings::SeatStanding;

/// Version of the Rust core linked into this library (the workspace shares
/// one version, so this is `rookery-core`'s version too).
#[uniffi::export]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
