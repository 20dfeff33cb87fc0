//! One [`GameSession`] per game being played: its game screen (`screen.rs`: `screen`, `act`,
//! `set_looker`), turn clock, FEN and bots.
//!
//! Thin over `rookery_core::Game`: every call takes the session lock, checks its input, calls
//! the core and returns records; an error leaves the session unchanged. What a viewer may see
//! (fog of war) is decided only in the core (`view.rs`, `present/build.rs`).

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rookery_core::board::Cell;
use rookery_core::bot::{for_level, BotSeat, ThinkingBot};
use rookery_core::game::{Action, EndReason, Game};
use rookery_core::message::Message;
use rookery_core::position::Position;
use rookery_core::rules;
use rookery_core::store::{
    GameStore, Player, SavedGame, SeatInfo, Setup, Start, Status, TurnClock,
};
use rookery_core::view::View;

use crate::catalogue::HouseRulesConfig;
use crate::error::{core_err, guard, RookeryError};
use crate::live::LiveObject;
use crate::runtime::{spawn_cancellable, CancelHandle};

/// Who plays a seat (new-game screen; can change mid-game with `set_seat`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum SeatConfig {
    Person {
        name: String,
    },
    /// A bot: level 0 plays random moves, 1–8 search (4 is the default; `bot::LEVELS`).
    Bot {
        level: u8,
    },
}

/// One piece on the board.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PieceView {
    pub cell: String,
    /// Upper-case letter of its kind (`K`, `Q`, `P`, ...).
    pub letter: String,
    /// English name of its kind ("king", ...); display names live in the apps' assets.
    pub kind_name: String,
    /// Owning seat; `None` for a grey piece (an army that is out).
    pub owner: Option<u8>,
    /// Pawn facing (direction index of the board).
    pub facing: u8,
    pub promoted: bool,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameEndReason {
    Checkmate,
    Stalemate,
    Repetition,
    FiftyMoves,
    InsufficientMaterial,
    Resignation,
    Timeout,
    KingCaptured,
    Points,
    MoveLimit,
    Agreement,
    BareKing,
    BoardsHonour,
    PiecesHonour,
    Bikjang,
    DoublePass,
    Impasse,
    PerpetualCheck,
    PerpetualChase,
    Sennichite,
    PawnDropMate,
}

impl From<EndReason> for GameEndReason {
    fn from(r: EndReason) -> Self {
        match r {
            EndReason::Checkmate => Self::Checkmate,
            EndReason::Stalemate => Self::Stalemate,
            EndReason::Repetition => Self::Repetition,
            EndReason::FiftyMoves => Self::FiftyMoves,
            EndReason::InsufficientMaterial => Self::InsufficientMaterial,
            EndReason::Resignation => Self::Resignation,
            EndReason::Timeout => Self::Timeout,
            EndReason::KingCaptured => Self::KingCaptured,
            EndReason::Points => Self::Points,
            EndReason::MoveLimit => Self::MoveLimit,
            EndReason::Agreement => Self::Agreement,
            EndReason::BareKing => Self::BareKing,
            EndReason::BoardsHonour => Self::BoardsHonour,
            EndReason::PiecesHonour => Self::PiecesHonour,
            EndReason::Bikjang => Self::Bikjang,
            EndReason::DoublePass => Self::DoublePass,
            EndReason::Impasse => Self::Impasse,
            EndReason::PerpetualCheck => Self::PerpetualCheck,
            EndReason::PerpetualChase => Self::PerpetualChase,
            EndReason::Sennichite => Self::Sennichite,
            EndReason::PawnDropMate => Self::PawnDropMate,
        }
    }
}

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct GameResult {
    /// Winning seats (a team wins together); empty for a draw. (`u32`, not `u8`: a `Vec<u8>`
    /// would become a Kotlin `ByteArray`, which breaks the record's value equality.)
    pub winners: Vec<u32>,
    pub reason: GameEndReason,
    /// The reason's message key (`end-checkmate`, ...).
    pub reason_key: String,
}

/// A message for the player: a key of `assets/i18n` (the apps' generated strings) and its
/// arguments. Arguments whose value is itself a key (`why`, `reason`) are translated first.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MessageView {
    pub key: String,
    pub args: Vec<MessageArg>,
}

/// One argument of a [`MessageView`].
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MessageArg {
    pub name: String,
    pub value: String,
}

impl From<Message> for MessageView {
    fn from(m: Message) -> Self {
        MessageView {
            key: m.key.to_owned(),
            args: m
                .args
                .into_iter()
                .map(|(n, v)| MessageArg {
                    name: n.to_owned(),
                    value: v,
                })
                .collect(),
        }
    }
}

/// Who plays a seat, as the saved game keeps it.
pub(crate) fn seat_info(c: &SeatConfig) -> SeatInfo {
    match c {
        SeatConfig::Person { name } => SeatInfo::person(name.clone()),
        SeatConfig::Bot { level } => SeatInfo::bot(format!("Bot {level}"), *level),
    }
}

pub(crate) fn seat_config(i: &SeatInfo) -> SeatConfig {
    match i.player {
        Player::Person => SeatConfig::Person {
            name: i.name.clone(),
        },
        Player::Bot { level } => SeatConfig::Bot { level },
    }
}

struct Inner {
    /// The game and its setup; `store` keeps it saved when the session belongs to a library.
    saved: SavedGame,
    store: Option<Arc<GameStore>>,
    /// The current turn's clock (house rule `turn_seconds`); runs from the session's start.
    clock: TurnClock,
    /// The game screen's state (selection, review, hand-over): `screen.rs`.
    table: rookery_core::present::Table,
}

/// The turn clock of a game with a time per turn (house rule `turn_seconds`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct TurnClockView {
    /// The seat whose turn it counts.
    pub seat: u8,
    pub limit_ms: u64,
    pub left_ms: u64,
    /// False between `pause_clock` and `start_clock`.
    pub running: bool,
}

/// One game being played. Every method returns `StaleSession` after `close_session()`.
#[derive(uniffi::Object)]
pub struct GameSession {
    inner: Mutex<Option<Inner>>,
    /// Bot searches of this session still running on the library's blocking threads (a
    /// cancelled call returns at once; its search stops at the bot's next look at the flag).
    searching: Arc<AtomicU32>,
    /// Each seat's bot tables, kept from one of its moves to its next ([`BotSeat`]: an undo,
    /// a new start or a new level drops them; a resumed game is a new session with new seats).
    bot_seats: Vec<Arc<BotSeat>>,
    _live: LiveObject,
}

impl Inner {
    fn game(&self) -> &Game {
        &self.saved.game
    }

    /// Plays an action; saved before this returns when the session belongs to a library.
    fn act(&mut self, a: Action) -> Result<(), RookeryError> {
        match &self.store {
            Some(st) => st.act(&mut self.saved, a).map_err(core_err)?,
            None => self.saved.game.act(a).map_err(core_err)?,
        }
        self.clock.new_turn(Instant::now());
        Ok(())
    }

    /// Stops the turn clock and saves the time spent on the turn (a library's game with a
    /// time per turn that goes on).
    fn pause_clock(&mut self) -> Result<(), RookeryError> {
        if !self.clock.running() {
            // saved when it was paused (an action since then removed the record: a new turn)
            return Ok(());
        }
        let spent = self.clock.pause(Instant::now());
        match &self.store {
            Some(st) if self.clock.limit().is_some() && !self.game().is_over() => {
                st.save_turn_time(&self.saved, spent).map_err(core_err)
            }
            _ => Ok(()),
        }
    }

    fn last_text(&self) -> String {
        self.game()
            .plies()
            .last()
            .map(|p| p.text.clone())
            .unwrap_or_default()
    }
}

/// The pieces of a position a view may see (a union of Paco Ŝako: both its pieces, one entry
/// each, on the same cell).
pub(crate) fn pieces_of(pos: &Position, view: &View) -> Vec<PieceView> {
    let v = pos.variant;
    let piece = |c: Cell, kind: u8, owner: Option<u8>, facing: u8, promoted: bool| {
        let t = v.pieces.get(kind as usize)?;
        Some(PieceView {
            cell: v.board.name(c).to_owned(),
            letter: t.letter.to_string(),
            kind_name: t.name.to_owned(),
            owner,
            facing,
            promoted,
        })
    };
    (0..v.board.len())
        .flat_map(|i| {
            let c = i as Cell;
            let p = pos.at(c);
            if p.is_none() || !view.sees(c) {
                return Vec::new();
            }
            match p.union_kinds() {
                Some((a, b)) => [(a, 0u8), (b, 1u8)]
                    .into_iter()
                    .filter_map(|(k, s)| piece(c, k, Some(s), v.seats[s as usize].facing, false))
                    .collect(),
                None => piece(
                    c,
                    p.kind(),
                    (!p.is_grey()).then_some(p.owner()),
                    p.facing(),
                    p.promoted(),
                )
                .into_iter()
                .collect(),
            }
        })
        .collect()
}

impl GameSession {
    fn lock(&self) -> MutexGuard<'_, Option<Inner>> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wrap(saved: SavedGame, store: Option<Arc<GameStore>>) -> Arc<Self> {
        // a resumed game's turn goes on with the time that was left at its last save
        let spent = store
            .as_ref()
            .map_or(Duration::ZERO, |st| st.turn_time(&saved));
        let mut clock = TurnClock::new(saved.game.house.turn_seconds, spent);
        clock.start(Instant::now());
        let bot_seats = (0..saved.game.variant.seat_count())
            .map(|_| Arc::new(BotSeat::new()))
            .collect();
        Arc::new(Self {
            inner: Mutex::new(Some(Inner {
                saved,
                store,
                clock,
                table: rookery_core::present::Table::new(rookery_core::present::Looker::Device),
            })),
            searching: Arc::new(AtomicU32::new(0)),
            bot_seats,
            _live: LiveObject::new(),
        })
    }

    /// A session of a library's saved game: every accepted action is saved before it returns.
    pub(crate) fn saved(saved: SavedGame, store: Arc<GameStore>) -> Arc<Self> {
        Self::wrap(saved, Some(store))
    }

    /// Runs `f` (which may turn an app's intent into the core's) on the live session, applies
    /// the intent through the game screen (`rookery_core::present`, the session's saved game as
    /// its host) and returns the screen's record (`screen.rs`).
    pub(crate) fn with_screen(
        &self,
        f: impl FnOnce(
            &Game,
            &mut rookery_core::present::Table,
        ) -> Result<Option<rookery_core::present::Intent>, RookeryError>,
    ) -> Result<crate::screen::GameScreen, RookeryError> {
        self.with(|s| {
            let intent = f(&s.saved.game, &mut s.table)?;
            let now = Instant::now();
            let clock = match (s.clock.limit(), s.clock.left(now)) {
                (Some(limit), Some(left)) if !s.saved.game.is_over() => {
                    Some(rookery_core::present::Clock {
                        seat: s.saved.game.position().turn(),
                        limit_ms: limit.as_millis() as u64,
                        left_ms: left.as_millis() as u64,
                        running: s.clock.running(),
                    })
                }
                _ => None,
            };
            s.table.set_clock(clock);
            let saved_id = s.store.as_ref().map(|_| s.saved.id);
            let mut new_turn = false;
            let screen = {
                let mut changed = || new_turn = true;
                let mut host = crate::screen::Kept {
                    saved: &mut s.saved,
                    store: s.store.as_deref(),
                    changed: &mut changed,
                };
                match intent {
                    Some(i) => s.table.apply(&mut host, i).map_err(core_err)?,
                    None => s.table.screen(&host),
                }
            };
            if new_turn {
                s.clock.new_turn(Instant::now());
            }
            Ok(crate::screen::screen_rec(screen, saved_id))
        })
    }

    /// Reads the live session's game under its lock and the panic guard (`standings.rs`).
    pub(crate) fn read_game<T>(&self, f: impl FnOnce(&Game) -> T) -> Result<T, RookeryError> {
        self.with(|s| Ok(f(s.game())))
    }

    /// Runs `f` on the live session under the panic guard.
    fn with<T>(
        &self,
        f: impl FnOnce(&mut Inner) -> Result<T, RookeryError>,
    ) -> Result<T, RookeryError> {
        guard(|| {
            let mut slot = self.lock();
            let inner = slot.as_mut().ok_or_else(stale)?;
            f(inner)
        })
    }
}

fn stale() -> RookeryError {
    RookeryError::StaleSession {
        message: "the session was closed".to_owned(),
    }
}

pub(crate) fn check_seats(game: &Game, seats: &[SeatConfig]) -> Result<(), RookeryError> {
    let n = game.variant.seat_count();
    if seats.len() != n {
        return Err(RookeryError::bad_input(format!(
            "{} needs {n} seats, got {}",
            game.id(),
            seats.len()
        )));
    }
    seats.iter().try_for_each(check_seat)
}

fn check_seat(seat: &SeatConfig) -> Result<(), RookeryError> {
    match seat {
        SeatConfig::Bot { level } if *level > 8 => Err(RookeryError::bad_input(format!(
            "bot level {level} (levels are 0 to 8)"
        ))),
        _ => Ok(()),
    }
}

/// The setup of a new game: its start is the one `GameSession::new` uses (the seed picks a
/// numbered start, as in Chess960), so a saved game replays the same.
pub(crate) fn new_setup(
    game_id: &str,
    seats: &[SeatConfig],
    house_rules: HouseRulesConfig,
    seed: u64,
) -> Result<Setup, RookeryError> {
    let game =
        Game::with_options(game_id, house_rules.clone().into(), seed, None).map_err(core_err)?;
    check_seats(&game, seats)?;
    Ok(Setup {
        game: game_id.to_owned(),
        mode: "app".to_owned(),
        seats: seats.iter().map(seat_info).collect(),
        house: house_rules.into(),
        seed,
        start: Start::Standard {
            number: seed as u32,
        },
        auto_walk: true,
    })
}

/// Sets a flag when dropped: tells the bot search to stop when the call is cancelled or
/// abandoned.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[uniffi::export]
impl GameSession {
    /// A new game that is not saved (tests, analysis): `seats` has one entry per seat of the
    /// game (catalogue `seat_count`); `seed` drives the bots, random rules and the Chess960
    /// start. Saved games come from `GameLibrary::new_game`.
    #[uniffi::constructor]
    pub fn new(
        game_id: String,
        seats: Vec<SeatConfig>,
        house_rules: HouseRulesConfig,
        seed: u64,
    ) -> Result<Arc<Self>, RookeryError> {
        guard(|| {
            let setup = new_setup(&game_id, &seats, house_rules, seed)?;
            let game = setup.build().map_err(core_err)?;
            Ok(Self::wrap(
                SavedGame {
                    id: 0,
                    name: String::new(),
                    setup,
                    created_ms: 0,
                    game,
                    times: Vec::new(),
                    status: Status::Playing,
                    result: None,
                    last_ms: 0,
                },
                None,
            ))
        })
    }

    /// Ends the session: every later call returns `StaleSession`. (Freeing the native object
    /// is still `close()`/`destroy()` in Kotlin, automatic in Swift.) The turn clock is paused
    /// and saved first, as by `pause_clock`.
    pub fn close_session(&self) {
        let _ = guard(|| {
            let mut slot = self.lock();
            if let Some(inner) = slot.as_mut() {
                let _ = inner.pause_clock();
            }
            *slot = None;
            Ok(())
        });
    }

    /// The current turn's clock in a game with a time per turn (house rule `turn_seconds`);
    /// `None` without a limit or when the game is over. A resumed saved game's turn goes on
    /// with the time that was left at its last save (`pause_clock`, `close_session`).
    pub fn turn_clock(&self) -> Result<Option<TurnClockView>, RookeryError> {
        self.with(|s| {
            let now = Instant::now();
            Ok(match (s.clock.limit(), s.clock.left(now)) {
                (Some(limit), Some(left)) if !s.game().is_over() => Some(TurnClockView {
                    seat: s.game().position().turn(),
                    limit_ms: limit.as_millis() as u64,
                    left_ms: left.as_millis() as u64,
                    running: s.clock.running(),
                }),
                _ => None,
            })
        })
    }

    /// Stops the turn clock and saves the time spent on this turn (call it when the game
    /// leaves the screen or the app the foreground: Android's ON_PAUSE). Whatever is not saved
    /// when the app is killed is not charged (docs/rules-decisions.md).
    pub fn pause_clock(&self) -> Result<(), RookeryError> {
        self.with(|s| s.pause_clock())
    }

    /// Runs the turn clock again after `pause_clock` (ON_RESUME). A session's clock runs from
    /// its start.
    pub fn start_clock(&self) -> Result<(), RookeryError> {
        self.with(|s| {
            s.clock.start(Instant::now());
            Ok(())
        })
    }

    /// When the turn's time ran out: plays the time-out of the seat to move (saved like any
    /// action) and returns its text (`timeout:2`). Call it from the screen's clock tick. `None`
    /// while time is left, without a limit, while the clock is paused or a choice is pending.
    pub fn check_clock(&self) -> Result<Option<String>, RookeryError> {
        self.with(|s| {
            let g = s.game();
            if g.is_over() || g.choice_pending() || !s.clock.running() {
                return Ok(None);
            }
            if !s.clock.expired(Instant::now()) {
                return Ok(None);
            }
            let seat = g.position().turn();
            s.act(Action::Timeout(seat))?;
            Ok(Some(s.last_text()))
        })
    }

    /// The current position in the game's own notation (FEN for chess), when the game screen
    /// shows all of it (`BadInput` while fog of war hides a cell from the device's viewer, or
    /// during a hand-over: the screen's fog, decided by the core, says so).
    pub fn fen(&self) -> Result<String, RookeryError> {
        let screen = self.screen()?;
        if screen.scene.cells.iter().any(|c| c.fog) {
            return Err(RookeryError::bad_input("part of the position is hidden"));
        }
        self.with(|s| Ok(rules::write_position(s.game().position())))
    }

    /// Starts over from a position in the game's own notation (FEN for chess), keeping seats,
    /// house rules and seed. Malformed text is `BadInput` and changes nothing. Not for a saved
    /// game of a library (`BadInput`): start a new game there.
    pub fn load_fen(&self, text: String) -> Result<(), RookeryError> {
        self.with(|s| {
            if s.store.is_some() {
                return Err(RookeryError::bad_input(
                    "a saved game cannot start over from a position",
                ));
            }
            let pos = rules::parse_position(s.game().variant, &text).map_err(core_err)?;
            let game = Game::from_position(pos, s.game().house.clone(), s.game().seed)
                .map_err(core_err)?;
            s.saved.setup.start = Start::Position { text };
            s.saved.game = game;
            // a new position: no selection, review or hand-over of the old one
            s.table = rookery_core::present::Table::new(s.table.looker());
            s.clock.new_turn(Instant::now());
            Ok(())
        })
    }

    /// The seat to move is a bot: computes its action on the library runtime (a blocking
    /// worker, never the caller's thread), plays it and returns its text. `NotYourTurn` when
    /// the seat to move is a person; `Cancelled` when `cancel` is cancelled first (the session
    /// is then unchanged); `StaleSession` if the game changed during the search.
    pub async fn bot_move(
        &self,
        cancel: Option<Arc<CancelHandle>>,
    ) -> Result<String, RookeryError> {
        self.bot_move_thinking(cancel, Duration::ZERO).await
    }
}

impl Drop for GameSession {
    /// A session freed without `close_session` (Kotlin's `close()`, Swift's last release)
    /// saves its turn clock too.
    fn drop(&mut self) {
        let slot = self.inner.get_mut().unwrap_or_else(|p| p.into_inner());
        if let Some(inner) = slot.as_mut() {
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| inner.pause_clock()));
        }
    }
}

/// Counts one running bot search while alive.
struct Searching(Arc<AtomicU32>);

impl Searching {
    fn enter(count: &Arc<AtomicU32>) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Searching(count.clone())
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl GameSession {
    /// Bot searches of this session still running (see `placeholder::bot_searches_running`).
    #[allow(dead_code)] // used by the test-only calls and the unit tests
    pub(crate) fn searches_running(&self) -> u32 {
        self.searching.load(Ordering::SeqCst)
    }

    /// [`GameSession::bot_move`] whose bot keeps searching for at least `think` (a
    /// [`ThinkingBot`]); zero is the plain bot. The tests use a long `think` to cancel a search
    /// that is really running (`placeholder::bot_move_thinking`).
    pub(crate) async fn bot_move_thinking(
        &self,
        cancel: Option<Arc<CancelHandle>>,
        think: Duration,
    ) -> Result<String, RookeryError> {
        let (game, level, seat) = self.with(|s| {
            if s.game().is_over() {
                return Err(RookeryError::IllegalMove {
                    message: "the game is over".to_owned(),
                });
            }
            let turn = s.game().position().turn() as usize;
            match s.saved.setup.seats.get(turn).map(|i| &i.player) {
                Some(Player::Bot { level }) => Ok((s.game().clone(), *level, turn)),
                _ => Err(RookeryError::NotYourTurn {
                    message: format!("seat {turn} to move is not a bot"),
                }),
            }
        })?;
        let plies = game.ply_count();
        let seed = game.seed ^ (plies as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let cancel_after = cancel.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let self_searching = self.searching.clone();
        let bot_seat = self
            .bot_seats
            .get(seat)
            .cloned()
            .unwrap_or_else(|| Arc::new(BotSeat::new()));
        let action = spawn_cancellable(cancel, {
            let stop = stop.clone();
            async move {
                let _stop_on_drop = StopOnDrop(stop.clone());
                let searching = Searching::enter(&self_searching);
                let found = tokio::task::spawn_blocking(move || {
                    let _searching = searching;
                    let bot = ThinkingBot {
                        inner: for_level(level, seed),
                        at_least: think,
                    };
                    (bot_seat.choose(&bot, &game, &stop), game)
                })
                .await
                .map_err(|e| RookeryError::internal(format!("bot search failed: {e}")))?;
                Ok(found)
            }
        })
        .await?;
        let (action, searched) = action;
        if cancel_after.is_some_and(|c| c.is_cancelled()) {
            return Err(RookeryError::cancelled("cancelled through CancelHandle"));
        }
        let action = action.ok_or_else(|| RookeryError::internal("the bot found no action"))?;
        self.with(|s| {
            if s.game().ply_count() != plies || s.game().position() != searched.position() {
                return Err(RookeryError::StaleSession {
                    message: "the game changed during the bot's search".to_owned(),
                });
            }
            s.act(action)?;
            Ok(s.last_text())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn the_chess_family_plays_through_move_text_sittuyin_setup_and_promotion_included() {
        let people = || {
            vec![
                SeatConfig::Person { name: "A".into() },
                SeatConfig::Person { name: "B".into() },
            ]
        };
        for id in [
            "chaturanga",
            "shatranj",
            "makruk",
            "ouk-chatrang",
            "sittuyin",
        ] {
            let s = GameSession::new(
                id.into(),
                people(),
                rookery_core::game::HouseRules::default().into(),
                1,
            )
            .unwrap();
            assert!(s.fen().unwrap().contains(" w "), "{id}");
        }
        let s = GameSession::new(
            "sittuyin".into(),
            people(),
            rookery_core::game::HouseRules::default().into(),
            1,
        )
        .unwrap();
        for m in [
            "N@b2", "F@g8", "F@g1", "K@f7", "N@e1", "S@b6", "K@c1", "N@b7", "S@g2", "N@a6", "S@h3",
            "S@c8", "R@d1", "R@d8", "R@a1", "R@b8", "g4g5",
        ] {
            let screen = s
                .act(crate::screen::ScreenIntent::Play { text: m.into() })
                .unwrap();
            assert_eq!(screen.moves.last().unwrap().text, m);
        }
        s.load_fen("4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1".into())
            .unwrap();
        s.act(crate::screen::ScreenIntent::Play {
            text: "d5c6f".into(),
        })
        .unwrap();
        assert_eq!(s.fen().unwrap(), "4k3/8/2F5/8/8/8/P7/4K3[] b - - 0 1");
    }

    /// Far above what a cancelled search needs even on a loaded 2-core machine, far below the
    /// minute the search would otherwise take.
    const BOUND: Duration = Duration::from_secs(10);

    fn eight_bots() -> Arc<GameSession> {
        GameSession::new(
            "eight-player-ffa".into(),
            vec![SeatConfig::Bot { level: 2 }; 8],
            rookery_core::game::HouseRules::default().into(),
            3,
        )
        .unwrap()
    }

    fn wait_until(what: impl Fn() -> bool) -> bool {
        let t = Instant::now();
        while t.elapsed() < BOUND {
            if what() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        what()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_cancel_during_a_running_bot_search_returns_cancelled_and_stops_the_search() {
        let s = eight_bots();
        let before = s.screen().unwrap();
        let handle = CancelHandle::new();
        let call = {
            let (s, h) = (s.clone(), handle.clone());
            tokio::spawn(async move { s.bot_move_thinking(Some(h), Duration::from_secs(60)).await })
        };
        assert!(
            wait_until(|| s.searches_running() == 1),
            "the search started"
        );
        std::thread::sleep(Duration::from_millis(200));
        assert!(!call.is_finished(), "the search ended by itself");
        let cancelled_at = Instant::now();
        // from another thread, as a shell's UI thread would
        std::thread::spawn({
            let h = handle.clone();
            move || h.cancel()
        })
        .join()
        .unwrap();
        let result = tokio::time::timeout(BOUND, call)
            .await
            .expect("returns")
            .unwrap();
        assert!(
            matches!(result, Err(RookeryError::Cancelled { .. })),
            "{result:?}"
        );
        assert!(
            wait_until(|| s.searches_running() == 0),
            "the search still runs {:?} after the cancel",
            cancelled_at.elapsed()
        );
        assert!(cancelled_at.elapsed() < BOUND);
        assert_eq!(
            s.screen().unwrap(),
            before,
            "a cancelled call changes nothing"
        );
    }

    /// The first legal move of the seat to move, as text (a person's move in the tests).
    fn any_move(s: &GameSession) -> String {
        s.with(|i| {
            let g = i.game();
            Ok(g.move_text(g.legal_moves()[0]))
        })
        .unwrap()
    }

    fn play(s: &GameSession, text: String) {
        s.act(crate::screen::ScreenIntent::Play { text }).unwrap();
    }

    /// Issue 34: a bot seat keeps its search tables from one of its moves to its next
    /// ([`BotSeat`]); after an undo it plays on (the tables of the undone line are dropped by
    /// the seat, not reused), and a resumed game is a new session whose seats start empty
    /// and keep again from their first move.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_bot_seat_keeps_its_tables_and_plays_on_after_undo_and_resume() {
        let dir = std::env::temp_dir().join(format!(
            "rookery-bot-seat-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        let lib = crate::library::GameLibrary::new(dir.display().to_string()).unwrap();
        lib.set_sync_to_disk(false).unwrap();
        let seats = vec![
            SeatConfig::Person { name: "A".into() },
            SeatConfig::Bot { level: 6 },
        ];
        let house = crate::catalogue::default_house_rules();
        let s = lib.new_game("chess".into(), seats, house, 1).unwrap();
        let id = s.screen().unwrap().saved_id.unwrap();
        for _ in 0..2 {
            play(&s, any_move(&s));
            s.bot_move(None).await.unwrap();
            assert!(s.bot_seats[1].keeps(), "the bot seat keeps its tables");
        }
        let plies = |s: &GameSession| s.with(|i| Ok(i.game().ply_count())).unwrap();
        assert_eq!(plies(&s), 4);
        // undo the bot's move: the bot moves again where it searched last
        s.act(crate::screen::ScreenIntent::Undo).unwrap();
        assert_eq!(plies(&s), 3);
        let text = s.bot_move(None).await.unwrap();
        assert!(!text.is_empty());
        assert_eq!(plies(&s), 4, "the bot played on after the undo");
        assert!(s.bot_seats[1].keeps());
        // undo the bot's move and the person's: another move, then the bot again
        for _ in 0..2 {
            s.act(crate::screen::ScreenIntent::Undo).unwrap();
        }
        let taken_back = s.with(|i| Ok(i.game().legal_moves())).unwrap();
        let other = s
            .with(|i| Ok(i.game().move_text(*taken_back.last().unwrap())))
            .unwrap();
        play(&s, other);
        s.bot_move(None).await.unwrap();
        assert_eq!(plies(&s), 4, "the bot played on after the takeback");
        assert!(s.bot_seats[1].keeps());
        drop(s);
        let s = lib.resume(id).unwrap();
        assert!(
            !s.bot_seats[1].keeps(),
            "a resumed game's seats start empty"
        );
        let at = plies(&s);
        play(&s, any_move(&s));
        s.bot_move(None).await.unwrap();
        assert_eq!(plies(&s), at + 2, "the bot played on in the resumed game");
        assert!(s.bot_seats[1].keeps());
        drop((s, lib));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
