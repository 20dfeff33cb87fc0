//! The game screen: one [`GameSession`] per game being played.
//!
//! Thin over `rookery_core::Game`: every call takes the session lock, checks its input, calls
//! the core and returns records; an error leaves the session unchanged.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use rookery_core::board::Cell;
use rookery_core::bot::{simple_bot, Bot, ThinkingBot};
use rookery_core::game::{Action, Choice, EndReason, Game};
use rookery_core::piece::Seat;
use rookery_core::position::Move;
use rookery_core::rules;
use rookery_core::Error;

use crate::catalogue::HouseRulesConfig;
use crate::error::{guard, RookeryError};
use crate::live::LiveObject;
use crate::runtime::{spawn_cancellable, CancelHandle};

/// Who plays a seat (new-game screen; can change mid-game with `set_seat`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum SeatConfig {
    Person {
        name: String,
    },
    /// The simple bot: level 0 random, 1 one ply, 2 two plies.
    Bot {
        level: u8,
    },
}

/// One board cell, for drawing.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CellView {
    pub name: String,
    /// Grid column (0 = left).
    pub x: i16,
    /// Grid row (0 = bottom).
    pub y: i16,
    pub dark: bool,
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

/// One seat's state.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SeatView {
    pub seat: u8,
    pub colour: String,
    pub config: SeatConfig,
    pub score: i32,
    /// Still playing (false once out, or while only its king walks).
    pub playing: bool,
}

/// The last move's cells, for the last-move mark.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct LastMove {
    pub from: String,
    pub to: String,
    /// The ply's text (`e2e4`, `resign:1`, `choice:grey`).
    pub text: String,
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
}

/// Everything the game screen draws, as one immutable value.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct BoardSnapshot {
    pub game_id: String,
    /// Drawing grid size.
    pub width: i16,
    pub height: i16,
    pub cells: Vec<CellView>,
    pub pieces: Vec<PieceView>,
    pub seats: Vec<SeatView>,
    /// Seat to move.
    pub turn: u8,
    /// Cells of kings in check.
    pub check_cells: Vec<String>,
    pub last_move: Option<LastMove>,
    pub result: Option<GameResult>,
    /// Decisions pending before play goes on (`choice:end`, `choice:grey`, `choice:give:<seat>`).
    pub choices: Vec<String>,
    /// The cell selected by taps, if any.
    pub selected: Option<String>,
    pub ply_count: u32,
    pub can_undo: bool,
    pub can_redo: bool,
}

/// What a tap did.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TapResult {
    /// A piece of the side to move is selected; these cells are its targets.
    Selected { cell: String, targets: Vec<String> },
    /// The tapped target is a promotion: call `choose_promotion` with one of these letters.
    NeedsPromotion { choices: Vec<String> },
    /// A move was played (its text).
    Moved { text: String },
    /// Nothing is selected any more.
    Deselected,
}

struct Inner {
    game: Game,
    seats: Vec<SeatConfig>,
    selected: Option<Cell>,
    /// Promotion moves waiting for `choose_promotion`.
    promotion: Vec<Move>,
}

/// One game being played. Every method returns `StaleSession` after `close_session()`.
#[derive(uniffi::Object)]
pub struct GameSession {
    inner: Mutex<Option<Inner>>,
    /// Bot searches of this session still running on the library's blocking threads (a
    /// cancelled call returns at once; its search stops at the bot's next look at the flag).
    searching: Arc<AtomicU32>,
    _live: LiveObject,
}

fn core_err(e: Error) -> RookeryError {
    match e {
        Error::IllegalMove(_) | Error::GameOver => RookeryError::IllegalMove {
            message: e.to_string(),
        },
        _ => RookeryError::bad_input(e.to_string()),
    }
}

impl Inner {
    fn cell(&self, name: &str) -> Result<Cell, RookeryError> {
        self.game
            .variant
            .board
            .cell(name)
            .ok_or_else(|| RookeryError::bad_input(format!("no cell named {name:?}")))
    }

    fn name(&self, c: Cell) -> String {
        self.game.variant.board.name(c).to_owned()
    }

    fn moves_from(&self, from: Cell) -> Vec<Move> {
        self.game
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from)
            .collect()
    }

    fn targets(&self, from: Cell) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for m in self.moves_from(from) {
            let n = self.name(m.to);
            if !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }

    fn clear_selection(&mut self) {
        self.selected = None;
        self.promotion.clear();
    }

    fn play(&mut self, m: Move) -> Result<String, RookeryError> {
        let text = self.game.move_text(m);
        self.game.play(m).map_err(core_err)?;
        self.clear_selection();
        Ok(text)
    }

    fn humans(&self) -> Vec<bool> {
        self.seats
            .iter()
            .map(|s| matches!(s, SeatConfig::Person { .. }))
            .collect()
    }

    fn snapshot(&self) -> BoardSnapshot {
        let g = &self.game;
        let v = g.variant;
        let pos = g.position();
        let cells = v
            .board
            .cells
            .iter()
            .map(|c| CellView {
                name: c.name.clone(),
                x: c.x,
                y: c.y,
                dark: c.dark,
            })
            .collect();
        let pieces = (0..v.board.len())
            .filter_map(|i| {
                let c = i as Cell;
                let p = pos.at(c);
                if p.is_none() {
                    return None;
                }
                let kind = v.pieces.get(p.kind() as usize)?;
                Some(PieceView {
                    cell: self.name(c),
                    letter: kind.letter.to_string(),
                    kind_name: kind.name.to_owned(),
                    owner: (!p.is_grey()).then_some(p.owner()),
                    facing: p.facing(),
                    promoted: p.promoted(),
                })
            })
            .collect();
        let seats = (0..v.seat_count())
            .map(|s| SeatView {
                seat: s as u8,
                colour: v.seats[s].colour.to_owned(),
                config: self.seats[s].clone(),
                score: pos.scores[s],
                playing: rules::multi::is_active(pos, s as Seat),
            })
            .collect();
        let check_cells = (0..v.seat_count() as Seat)
            .filter(|&s| pos.is_in_play(s) && pos.in_check(s))
            .filter_map(|s| pos.king(s))
            .map(|k| self.name(k))
            .collect();
        let last_move = g.plies().last().map(|p| match p.action {
            Action::Move(m) => LastMove {
                from: self.name(m.from),
                to: self.name(m.to),
                text: p.text.clone(),
            },
            _ => LastMove {
                from: String::new(),
                to: String::new(),
                text: p.text.clone(),
            },
        });
        BoardSnapshot {
            game_id: v.id.to_owned(),
            width: v.board.width,
            height: v.board.height,
            cells,
            pieces,
            seats,
            turn: pos.turn(),
            check_cells,
            last_move,
            result: g.outcome().map(|o| GameResult {
                winners: o.winners.iter().map(|&s| u32::from(s)).collect(),
                reason: o.reason.into(),
            }),
            choices: g.choices().into_iter().map(Choice::text).collect(),
            selected: self.selected.map(|c| self.name(c)),
            ply_count: g.ply_count() as u32,
            can_undo: g.ply_count() > 0,
            can_redo: g.redo_count() > 0,
        }
    }
}

impl GameSession {
    fn lock(&self) -> MutexGuard<'_, Option<Inner>> {
        self.inner
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The board scene of the live session: its position with the selection and its targets
    /// (see `scene.rs`).
    pub(crate) fn core_scene(
        &self,
        o: rookery_core::scene::Orientation,
        symbols: bool,
    ) -> Result<rookery_core::scene::Scene, RookeryError> {
        self.with(|s| {
            let marks = rookery_core::scene::Marks {
                selected: s.selected,
                targets: s
                    .selected
                    .map(|c| s.moves_from(c).into_iter().map(|m| m.to).collect())
                    .unwrap_or_default(),
                symbols,
                ..Default::default()
            };
            rookery_core::scene::for_game(&s.game, o, &marks).map_err(core_err)
        })
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

fn check_seats(game: &Game, seats: &[SeatConfig]) -> Result<(), RookeryError> {
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
        SeatConfig::Bot { level } if *level > 2 => Err(RookeryError::bad_input(format!(
            "bot level {level} (levels are 0 to 2)"
        ))),
        _ => Ok(()),
    }
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
    /// A new game: `seats` has one entry per seat of the game (catalogue `seat_count`);
    /// `seed` drives the bots, random rules and the Chess960 start.
    #[uniffi::constructor]
    pub fn new(
        game_id: String,
        seats: Vec<SeatConfig>,
        house_rules: HouseRulesConfig,
        seed: u64,
    ) -> Result<Arc<Self>, RookeryError> {
        guard(|| {
            let game =
                Game::with_options(&game_id, house_rules.into(), seed, None).map_err(core_err)?;
            check_seats(&game, &seats)?;
            Ok(Arc::new(Self {
                inner: Mutex::new(Some(Inner {
                    game,
                    seats,
                    selected: None,
                    promotion: Vec::new(),
                })),
                searching: Arc::new(AtomicU32::new(0)),
                _live: LiveObject::new(),
            }))
        })
    }

    /// Ends the session: every later call returns `StaleSession`. (Freeing the native object
    /// is still `close()`/`destroy()` in Kotlin, automatic in Swift.)
    pub fn close_session(&self) {
        *self.lock() = None;
    }

    pub fn snapshot(&self) -> Result<BoardSnapshot, RookeryError> {
        self.with(|s| Ok(s.snapshot()))
    }

    /// Cells the piece on `cell` can move to (empty when it cannot move or is not to move).
    pub fn legal_targets(&self, cell: String) -> Result<Vec<String>, RookeryError> {
        self.with(|s| {
            let c = s.cell(&cell)?;
            Ok(s.targets(c))
        })
    }

    /// One tap on `cell`: select a piece of the side to move, then tap one of its targets.
    pub fn tap(&self, cell: String) -> Result<TapResult, RookeryError> {
        self.with(|s| {
            let c = s.cell(&cell)?;
            if s.game.is_over() {
                s.clear_selection();
                return Ok(TapResult::Deselected);
            }
            if let Some(from) = s.selected {
                if from != c {
                    let moves: Vec<Move> = s
                        .moves_from(from)
                        .into_iter()
                        .filter(|m| m.to == c)
                        .collect();
                    match moves.as_slice() {
                        [] => {}
                        [m] if m.promotion().is_none() => {
                            let text = s.play(*m)?;
                            return Ok(TapResult::Moved { text });
                        }
                        _ => {
                            let v = s.game.variant;
                            // `=` declines an optional promotion (shogi)
                            let choices = moves
                                .iter()
                                .map(|m| {
                                    m.promotion()
                                        .map_or("=".to_string(), |k| v.letter(k).to_string())
                                })
                                .collect();
                            s.promotion = moves;
                            return Ok(TapResult::NeedsPromotion { choices });
                        }
                    }
                }
            }
            s.clear_selection();
            let targets = s.targets(c);
            if targets.is_empty() || s.selected == Some(c) {
                return Ok(TapResult::Deselected);
            }
            s.selected = Some(c);
            Ok(TapResult::Selected { cell, targets })
        })
    }

    /// Completes a promotion offered by `tap` with one of its letters (`Q`, `N`, ...).
    pub fn choose_promotion(&self, letter: String) -> Result<String, RookeryError> {
        self.with(|s| {
            if s.promotion.is_empty() {
                return Err(RookeryError::bad_input("no promotion is pending"));
            }
            let v = s.game.variant;
            let m = s
                .promotion
                .iter()
                .copied()
                // `=`: the move without promotion, where promotion is optional (shogi)
                .find(|m| match m.promotion() {
                    Some(k) => v.letter(k).to_string().eq_ignore_ascii_case(&letter),
                    None => letter == "=",
                })
                .ok_or_else(|| RookeryError::bad_input(format!("cannot promote to {letter:?}")))?;
            s.play(m)
        })
    }

    /// Plays coordinate move text (`e2e4`, `e7e8q`, `e7-e8=Q`); returns it as written by the
    /// game.
    pub fn play_move_text(&self, text: String) -> Result<String, RookeryError> {
        self.with(|s| {
            let m = s.game.play_text(&text).map_err(core_err)?;
            s.clear_selection();
            Ok(s.game
                .plies()
                .last()
                .map(|p| p.text.clone())
                .unwrap_or_else(|| format!("{m:?}")))
        })
    }

    pub fn undo(&self) -> Result<(), RookeryError> {
        self.with(|s| {
            s.game.undo().map_err(core_err)?;
            s.clear_selection();
            Ok(())
        })
    }

    pub fn redo(&self) -> Result<(), RookeryError> {
        self.with(|s| {
            s.game.redo().map_err(core_err)?;
            s.clear_selection();
            Ok(())
        })
    }

    /// `seat` resigns (at any time, not only on its turn).
    pub fn resign(&self, seat: u8) -> Result<(), RookeryError> {
        self.with(|s| {
            s.game.act(Action::Resign(seat)).map_err(core_err)?;
            s.clear_selection();
            Ok(())
        })
    }

    /// Hands `seat` to a bot or a person mid-game.
    pub fn set_seat(&self, seat: u8, config: SeatConfig) -> Result<(), RookeryError> {
        self.with(|s| {
            check_seat(&config)?;
            let slot = s
                .seats
                .get_mut(seat as usize)
                .ok_or_else(|| RookeryError::bad_input(format!("no seat {seat}")))?;
            *slot = config;
            Ok(())
        })
    }

    /// Whether no seat played by a person is still playing (offer "let the bots finish" /
    /// `end_game`).
    pub fn no_person_playing(&self) -> Result<bool, RookeryError> {
        self.with(|s| Ok(s.game.no_person_playing(&s.humans())))
    }

    /// Ends the game by agreement, where the game allows it and no person is still playing.
    pub fn end_game(&self) -> Result<(), RookeryError> {
        self.with(|s| {
            if !s.game.no_person_playing(&s.humans()) {
                return Err(RookeryError::bad_input("a person is still playing"));
            }
            s.game.end_by_agreement().map_err(core_err)?;
            s.clear_selection();
            Ok(())
        })
    }

    /// Takes a pending decision (one of `BoardSnapshot::choices`).
    pub fn choose(&self, choice: String) -> Result<(), RookeryError> {
        self.with(|s| {
            let c = Choice::parse(&choice).map_err(core_err)?;
            s.game.act(Action::Choose(c)).map_err(core_err)?;
            s.clear_selection();
            Ok(())
        })
    }

    /// The current position in the game's own notation (FEN for chess).
    pub fn fen(&self) -> Result<String, RookeryError> {
        self.with(|s| Ok(rules::write_position(s.game.position())))
    }

    /// Starts over from a position in the game's own notation (FEN for chess), keeping seats,
    /// house rules and seed. Malformed text is `BadInput` and changes nothing.
    pub fn load_fen(&self, text: String) -> Result<(), RookeryError> {
        self.with(|s| {
            let pos = rules::parse_position(s.game.variant, &text).map_err(core_err)?;
            let game =
                Game::from_position(pos, s.game.house.clone(), s.game.seed).map_err(core_err)?;
            s.game = game;
            s.clear_selection();
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
        let (game, level) = self.with(|s| {
            if s.game.is_over() {
                return Err(RookeryError::IllegalMove {
                    message: "the game is over".to_owned(),
                });
            }
            let turn = s.game.position().turn() as usize;
            match s.seats.get(turn) {
                Some(SeatConfig::Bot { level }) => Ok((s.game.clone(), *level)),
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
        let action = spawn_cancellable(cancel, {
            let stop = stop.clone();
            async move {
                let _stop_on_drop = StopOnDrop(stop.clone());
                let searching = Searching::enter(&self_searching);
                let found = tokio::task::spawn_blocking(move || {
                    let _searching = searching;
                    let bot = ThinkingBot {
                        inner: simple_bot(level, seed),
                        at_least: think,
                    };
                    (bot.choose(&game, &stop), game)
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
            if s.game.ply_count() != plies || s.game.position() != searched.position() {
                return Err(RookeryError::StaleSession {
                    message: "the game changed during the bot's search".to_owned(),
                });
            }
            s.game.act(action).map_err(core_err)?;
            s.clear_selection();
            Ok(s.game
                .plies()
                .last()
                .map(|p| p.text.clone())
                .unwrap_or_default())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

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
        let before = s.snapshot().unwrap();
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
            s.snapshot().unwrap(),
            before,
            "a cancelled call changes nothing"
        );
    }
}
