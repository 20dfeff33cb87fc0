//! The game screen: one [`GameSession`] per game being played.
//!
//! Thin over `rookery_core::Game`: every call takes the session lock, checks its input, calls
//! the core and returns records; an error leaves the session unchanged.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rookery_core::board::{Cell, NO_CELL};
use rookery_core::bot::{for_level, Bot, ThinkingBot};
use rookery_core::game::{Action, Choice, EndReason, Game};
use rookery_core::interact::{self, Interaction, Pick, Tap};
use rookery_core::message::{self, Message};
use rookery_core::piece::Seat;
use rookery_core::position::{Move, Position};
use rookery_core::rules;
use rookery_core::store::{
    GameStore, Player, SavedGame, SeatInfo, Setup, Start, Status, TurnClock,
};
use rookery_core::view::{self, View, Viewer};

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
    /// The score as the game shows it (three-player chess: quarter points, `1¾`).
    pub score_text: String,
    /// Still playing (false once out, or while only its king walks).
    pub playing: bool,
    /// Team index: seats of one team are partners.
    pub team: u8,
    /// The other seats of its team (empty in games without partners).
    pub partners: Vec<u32>,
    /// Letters of the pieces this seat has captured, in order.
    pub captured: Vec<String>,
    /// Material on the board in pawns (kings not counted).
    pub material: i32,
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
    /// What the rules did after the last action (scores, players going out), as messages.
    pub last_events: Vec<MessageView>,
    pub result: Option<GameResult>,
    /// Decisions pending before play goes on (`choice:end`, `choice:grey`, `choice:give:<seat>`).
    pub choices: Vec<String>,
    /// The cell selected by taps, if any.
    pub selected: Option<String>,
    /// Pieces in hand, per seat and kind (games with drops; empty otherwise).
    pub hands: Vec<HandView>,
    pub ply_count: u32,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The saved game's id when the session belongs to a `GameLibrary`.
    pub saved_id: Option<u64>,
    /// Pass-and-play in a game that hides information (fog of war): the seat the device must
    /// be handed to. While set, the snapshot shows nothing of any seat's view (no pieces, no
    /// last move, no captures), taps are refused and the move list is hidden, until the app
    /// calls `confirm_hand_over` (bindings/README.md).
    pub hand_over_to: Option<u8>,
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

/// How a piece looks: its image (`assets/pieces/<glyph>.svg`) in an army's colours (an id
/// of [`crate::scene::BoardScene`]'s armies).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PieceLook {
    pub glyph: String,
    pub army: String,
}

/// What a tap did (the core's one interaction layer, `rookery_core::interact`).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum TapResult {
    /// A piece of the side to move (or a kind in its hand) is selected; these cells are its
    /// targets (castling: the rook's cell and the king's destination).
    Selected { cell: String, targets: Vec<String> },
    /// The tapped target is a promotion: call `choose_promotion` with one of these letters
    /// (`=` declines a promotion that may be declined, as in shogi); `pieces` shows each
    /// choice as the board would draw it (the same order).
    NeedsPromotion {
        choices: Vec<String>,
        pieces: Vec<PieceLook>,
    },
    /// Several different moves land on the tapped cell (a king step that is also castling):
    /// call `choose_move` with one of these move texts.
    NeedsChoice { moves: Vec<String> },
    /// A move (or a pressed button's action) was played: its text (`e2e4`, `N@c3`, `e2e2`,
    /// `choice:grey`).
    Moved { text: String },
    /// Nothing is selected any more.
    Deselected,
    /// The tap did nothing, for this reason (`illegal-*` keys); nothing is selected.
    Refused { reason: MessageView },
}

/// A button of the game screen for an action made without tapping cells: a pass, janggi's
/// set-up choice, shogi's impasse declaration, or the players' pending choice after a mate
/// (three-player chess). `press(text)` makes it.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ActionButton {
    /// The action's text (`e2e2`, `b1h1`, `e1e1`, `choice:grey`): give it to `press`.
    pub text: String,
    /// What the button says (`action-pass`, `action-janggi-setup`, `action-declare-impasse`,
    /// `choice-*`).
    pub label: MessageView,
}

/// Pieces of one kind in a seat's hand (games with drops; sittuyin's set-up).
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct HandView {
    pub seat: u8,
    /// Upper-case letter of its kind: give it to `tap_hand`.
    pub letter: String,
    pub count: u32,
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
    ui: Interaction,
    viewer: Viewer,
    /// The current turn's clock (house rule `turn_seconds`); runs from the session's start.
    clock: TurnClock,
    /// The seat whose view this device showed last (pass-and-play hand-over; `None` = none
    /// yet).
    shown: Option<Seat>,
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
    _live: LiveObject,
}

impl Inner {
    fn game(&self) -> &Game {
        &self.saved.game
    }

    /// What the player-facing calls show: the viewer's seat, or in pass-and-play the seat of
    /// the person at the device (`view::shown_seat`); nothing while a hand-over is pending.
    fn view(&self) -> View {
        let pos = self.game().position();
        match self.viewer {
            Viewer::Seat(s) => View::of(pos, Viewer::Seat(s)),
            Viewer::Everyone if self.hand_over().is_some() => View::nothing(),
            Viewer::Everyone => {
                let people = self.people();
                View::of(
                    pos,
                    Viewer::Seat(view::shown_seat(pos, &people, self.shown)),
                )
            }
        }
    }

    /// Who plays each seat at this device: a person's name, `None` for a bot.
    fn people(&self) -> Vec<Option<&str>> {
        self.saved
            .setup
            .seats
            .iter()
            .map(|i| (i.player == Player::Person).then_some(i.name.as_str()))
            .collect()
    }

    /// The seat the device must be handed to before anything is shown (pass-and-play in fog
    /// of war, `view::hand_over_to`); never when the session shows one seat's view.
    fn hand_over(&self) -> Option<Seat> {
        match self.viewer {
            Viewer::Seat(_) => None,
            Viewer::Everyone => view::hand_over_to(
                self.game().position(),
                self.game().is_over(),
                &self.people(),
                self.shown,
            ),
        }
    }

    /// Refuses a move while the device is being handed over.
    fn check_hand_over(&self) -> Result<(), RookeryError> {
        match self.hand_over() {
            Some(s) => Err(RookeryError::NotYourTurn {
                message: format!("the device must be handed to seat {s} (confirm_hand_over)"),
            }),
            None => Ok(()),
        }
    }

    fn cell(&self, name: &str) -> Result<Cell, RookeryError> {
        self.game()
            .variant
            .board
            .cell(name)
            .ok_or_else(|| RookeryError::bad_input(format!("no cell named {name:?}")))
    }

    fn name(&self, c: Cell) -> String {
        self.game().variant.board.name(c).to_owned()
    }

    fn seat_configs(&self) -> Vec<SeatConfig> {
        self.saved.setup.seats.iter().map(seat_config).collect()
    }

    fn seat_name(&self, s: Seat) -> String {
        match self.saved.setup.seats.get(s as usize) {
            Some(i) => i.name.clone(),
            None => format!("{s}"),
        }
    }

    /// Plays an action; saved before this returns when the session belongs to a library.
    fn act(&mut self, a: Action) -> Result<(), RookeryError> {
        match &self.store {
            Some(st) => st.act(&mut self.saved, a).map_err(core_err)?,
            None => self.saved.game.act(a).map_err(core_err)?,
        }
        self.ui.clear();
        self.clock.new_turn(Instant::now());
        Ok(())
    }

    fn undo(&mut self) -> Result<(), RookeryError> {
        match &self.store {
            Some(st) => st.undo(&mut self.saved).map_err(core_err)?,
            None => self.saved.game.undo().map_err(core_err)?,
        }
        self.ui.clear();
        self.clock.new_turn(Instant::now());
        Ok(())
    }

    fn redo(&mut self) -> Result<(), RookeryError> {
        match &self.store {
            Some(st) => st.redo(&mut self.saved).map_err(core_err)?,
            None => self.saved.game.redo().map_err(core_err)?,
        }
        self.ui.clear();
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

    fn play(&mut self, m: Move) -> Result<String, RookeryError> {
        self.act(Action::Move(m))?;
        Ok(self.last_text())
    }

    fn humans(&self) -> Vec<bool> {
        self.saved
            .setup
            .seats
            .iter()
            .map(|s| s.player == Player::Person)
            .collect()
    }

    fn tap_result(&mut self, tap: Tap) -> Result<TapResult, RookeryError> {
        let view = self.view();
        Ok(match tap {
            Tap::Selected { pick, targets } => TapResult::Selected {
                cell: match pick {
                    Pick::Cell(c) => self.name(c),
                    Pick::Hand(k) => self.game().variant.letter(k).to_string(),
                },
                targets: targets
                    .into_iter()
                    .filter(|&c| view.sees(c))
                    .map(|c| self.name(c))
                    .collect(),
            },
            Tap::Play(m) => TapResult::Moved {
                text: self.play(m)?,
            },
            Tap::Choose { moves } => match interact::promotion_letters(self.game(), &moves) {
                Some(choices) => {
                    let pos = self.game().position();
                    let pieces = moves
                        .iter()
                        .filter_map(|m| {
                            let kind = m.promotion().unwrap_or(pos.at(m.from).kind());
                            let (glyph, army) =
                                rookery_core::scene::piece_look(self.game(), kind, pos.turn())
                                    .ok()?;
                            Some(PieceLook { glyph, army })
                        })
                        .collect();
                    TapResult::NeedsPromotion { choices, pieces }
                }
                None => TapResult::NeedsChoice {
                    moves: moves.iter().map(|&m| self.game().move_text(m)).collect(),
                },
            },
            Tap::Decide(c) => {
                self.act(Action::Choose(c))?;
                TapResult::Moved {
                    text: self.last_text(),
                }
            }
            Tap::Deselected => TapResult::Deselected,
            Tap::Refused(why) => TapResult::Refused { reason: why.into() },
        })
    }

    fn snapshot(&self) -> BoardSnapshot {
        let g = self.game();
        let v = g.variant;
        let pos = g.position();
        let view = self.view();
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
        let pieces = pieces_of(pos, &view);
        let pending = self.hand_over();
        let captured = if pending.is_some() {
            Vec::new()
        } else {
            interact::captures(g)
        };
        let material = material_seen(g, &view);
        let seat_cfg = self.seat_configs();
        let seats = (0..v.seat_count())
            .map(|s| SeatView {
                seat: s as u8,
                colour: v.seats[s].colour.to_owned(),
                config: seat_cfg[s].clone(),
                score: pos.scores[s],
                score_text: interact::score_text(g, pos.scores[s]),
                playing: rules::multi::is_active(pos, s as Seat),
                team: v.seats[s].team,
                partners: (0..v.seat_count() as u8)
                    .filter(|&o| o as usize != s && v.seats[o as usize].team == v.seats[s].team)
                    .collect::<Vec<u8>>()
                    .into_iter()
                    .map(u32::from)
                    .collect(),
                captured: captured
                    .iter()
                    .find(|(by, _)| *by as usize == s)
                    .map(|(_, list)| {
                        list.iter()
                            .filter_map(|p| v.pieces.get(p.kind() as usize))
                            .map(|t| t.letter.to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
                material: material[s],
            })
            .collect();
        // a game with hidden cells and no check (fog of war) tells nobody of an attack
        let checks_shown = view.is_full() || v.royal_check;
        let check_cells = (0..v.seat_count() as Seat)
            .filter(|_| checks_shown)
            .filter(|&s| pos.is_in_play(s) && pos.in_check(s))
            .filter_map(|s| pos.king(s))
            .filter(|&k| view.sees(k))
            .map(|k| self.name(k))
            .collect();
        let last = g.plies().last();
        let last_move = last.filter(|p| view.sees_ply(p)).map(|p| match p.action {
            Action::Move(m) => LastMove {
                from: if m.from == NO_CELL {
                    String::new()
                } else {
                    self.name(m.from)
                },
                to: if m.to == NO_CELL {
                    String::new()
                } else {
                    self.name(m.to)
                },
                text: p.text.clone(),
            },
            _ => LastMove {
                from: String::new(),
                to: String::new(),
                text: p.text.clone(),
            },
        });
        let last_events = last
            .filter(|_| pending.is_none())
            .map(|p| {
                p.events
                    .iter()
                    .filter_map(|e| message::event_message(g, e, |s| self.seat_name(s)))
                    .map(MessageView::from)
                    .collect()
            })
            .unwrap_or_default();
        let selected = self.ui.selected_cell();
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
            last_events,
            result: g.outcome().map(|o| GameResult {
                winners: o.winners.iter().map(|&s| u32::from(s)).collect(),
                reason: o.reason.into(),
                reason_key: message::end_key(o.reason).to_owned(),
            }),
            choices: g.choices().into_iter().map(Choice::text).collect(),
            selected: selected.map(|c| self.name(c)),
            hands: hands_of(pos),
            ply_count: g.ply_count() as u32,
            can_undo: g.ply_count() > 0,
            can_redo: g.redo_count() > 0,
            saved_id: self.store.as_ref().map(|_| self.saved.id),
            hand_over_to: pending,
        }
    }
}

/// The pieces in the hands of a position, per seat and kind.
fn hands_of(pos: &Position) -> Vec<HandView> {
    let v = pos.variant;
    if v.hand.is_none() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for seat in 0..v.seat_count() as Seat {
        for k in 0..v.pieces.len() as u8 {
            let count = pos.in_hand(seat, k) as u32;
            if count > 0 {
                out.push(HandView {
                    seat,
                    letter: v.letter(k).to_ascii_uppercase().to_string(),
                    count,
                });
            }
        }
    }
    out
}

/// The text of a button's action: move text, or `choice:...`.
fn action_text(g: &Game, a: Action) -> String {
    match a {
        Action::Move(m) => g.move_text(m),
        Action::Choose(c) => c.text(),
        Action::Resign(s) => format!("resign:{s}"),
        Action::Timeout(s) => format!("timeout:{s}"),
    }
}

/// Material on the board per seat ([`interact::material`]), counting only the pieces `view`
/// sees: in fog of war a seat does not learn the other's material.
fn material_seen(g: &Game, view: &View) -> Vec<i32> {
    if view.is_full() {
        return interact::material(g);
    }
    let pos = g.position();
    let v = g.variant;
    let values = &rookery_core::search::eval::Eval::of(v).value;
    (0..v.seat_count() as Seat)
        .map(|s| {
            pos.pieces_of(s)
                .iter()
                .filter(|&c| view.sees(c))
                .filter_map(|c| values.get(pos.at(c).kind() as usize))
                .sum::<i32>()
                / 100
        })
        .collect()
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
        Arc::new(Self {
            inner: Mutex::new(Some(Inner {
                saved,
                store,
                ui: Interaction::new(),
                viewer: Viewer::Everyone,
                clock,
                shown: None,
                table: rookery_core::present::Table::new(rookery_core::present::Looker::Device),
            })),
            searching: Arc::new(AtomicU32::new(0)),
            _live: LiveObject::new(),
        })
    }

    /// A session of a library's saved game: every accepted action is saved before it returns.
    pub(crate) fn saved(saved: SavedGame, store: Arc<GameStore>) -> Arc<Self> {
        Self::wrap(saved, Some(store))
    }

    /// The board scene of the live session: its position with the selection and its targets
    /// (see `scene.rs`).
    pub(crate) fn core_scene(
        &self,
        o: rookery_core::scene::Orientation,
        symbols: bool,
    ) -> Result<rookery_core::scene::Scene, RookeryError> {
        self.with(|s| {
            let view = s.view();
            let n = s.game().variant.board.len();
            let hidden = !view.is_full();
            let last_seen = s.game().plies().last().is_none_or(|p| view.sees_ply(p));
            let marks = rookery_core::scene::Marks {
                selected: s.ui.selected_cell(),
                targets: s.ui.visible_targets(s.game(), &view),
                symbols,
                // fog of war: nothing on a hidden cell is drawn
                fog: if hidden {
                    (0..n).map(|c| !view.sees(c as Cell)).collect()
                } else {
                    Vec::new()
                },
                // a last move the viewer may not see is not marked (a mark on a cell no
                // cell holds replaces the game's own)
                last_move: if last_seen { Vec::new() } else { vec![NO_CELL] },
                ..Default::default()
            };
            let mut scene = rookery_core::scene::for_game(s.game(), o, &marks).map_err(core_err)?;
            if hidden && !s.game().variant.royal_check {
                // fog of war has no check: an attacked king is not marked
                for p in scene.pieces.iter_mut() {
                    p.checked = false;
                }
            }
            Ok(scene)
        })
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
                s.ui.clear();
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

    /// Whose view the player-facing calls give: `Some(seat)` = what that seat may see (a
    /// device held by one player), `None` = pass-and-play: the seat of the person at the
    /// device, with a hand-over between people in fog of war (`BoardSnapshot::hand_over_to`,
    /// `confirm_hand_over`; `rookery_core::view`).
    pub fn set_viewer(&self, seat: Option<u8>) -> Result<(), RookeryError> {
        self.with(|s| {
            s.viewer = match seat {
                Some(x) if (x as usize) < s.game().variant.seat_count() => Viewer::Seat(x),
                Some(x) => return Err(RookeryError::bad_input(format!("no seat {x}"))),
                None => Viewer::Everyone,
            };
            s.table.set_looker(match s.viewer {
                Viewer::Seat(x) => rookery_core::present::Looker::Seat(x),
                Viewer::Everyone => rookery_core::present::Looker::Device,
            });
            Ok(())
        })
    }

    pub fn snapshot(&self) -> Result<BoardSnapshot, RookeryError> {
        self.with(|s| Ok(s.snapshot()))
    }

    /// Cells the piece on `cell` can move to (castling: the rook's cell and the king's
    /// destination); empty when it cannot move or is not to move.
    pub fn legal_targets(&self, cell: String) -> Result<Vec<String>, RookeryError> {
        self.with(|s| {
            let c = s.cell(&cell)?;
            let mut probe = Interaction::new();
            probe.select(Some(c));
            let view = s.view();
            Ok(probe
                .visible_targets(s.game(), &view)
                .into_iter()
                .map(|t| s.name(t))
                .collect())
        })
    }

    /// One tap on `cell` (the core's interaction layer): select a piece of the side to move,
    /// then tap one of its targets; a refused tap says why.
    pub fn tap(&self, cell: String) -> Result<TapResult, RookeryError> {
        self.with(|s| {
            let c = s.cell(&cell)?;
            if s.hand_over().is_some() {
                s.ui.clear();
                return Ok(TapResult::Refused {
                    reason: Message::new(message::illegal::HAND_OVER).into(),
                });
            }
            let view = s.view();
            let picked = s.ui.selected_cell();
            let tap = {
                let game = &s.saved.game;
                s.ui.tap(game, c)
            };
            // a refusal on a cell in the dark says only what the seat sees
            let tap = match tap {
                Tap::Refused(_) if !view.sees(c) => Tap::Refused(match picked {
                    Some(from) => view.explain(s.game(), from, c),
                    None => view.explain(s.game(), c, c),
                }),
                t => t,
            };
            s.tap_result(tap)
        })
    }

    /// Pass-and-play in fog of war: the person the snapshot's `hand_over_to` names holds the
    /// device now; the board shows their view again. `BadInput` when no hand-over is pending.
    pub fn confirm_hand_over(&self) -> Result<(), RookeryError> {
        self.with(|s| match s.hand_over() {
            Some(seat) => {
                s.shown = Some(seat);
                Ok(())
            }
            None => Err(RookeryError::bad_input("no hand-over is pending")),
        })
    }

    /// One tap on the hand slot of the piece kind `letter` of the side to move (games with
    /// drops): selects it; its targets are the cells it may be dropped on.
    pub fn tap_hand(&self, letter: String) -> Result<TapResult, RookeryError> {
        self.with(|s| {
            if s.hand_over().is_some() {
                s.ui.clear();
                return Ok(TapResult::Refused {
                    reason: Message::new(message::illegal::HAND_OVER).into(),
                });
            }
            let v = s.game().variant;
            let kind = (0..v.pieces.len() as u8)
                .find(|&k| v.letter(k).to_string().eq_ignore_ascii_case(&letter))
                .ok_or_else(|| RookeryError::bad_input(format!("no piece kind {letter:?}")))?;
            let tap = {
                let game = &s.saved.game;
                s.ui.tap_hand(game, kind)
            };
            s.tap_result(tap)
        })
    }

    /// What a tap on the board scene hit (`hit_test`): a cell is `tap`, a slot of the hand of
    /// the side to move is `tap_hand`; another seat's hand is refused.
    pub fn tap_hit(&self, hit: crate::scene::SceneHit) -> Result<TapResult, RookeryError> {
        use crate::scene::SceneHit;
        match hit {
            SceneHit::Cell { cell } => self.tap(cell),
            SceneHit::Hand { seat, slot } => {
                let letter = self.with(|s| {
                    let def = rookery_core::scene::board_def(s.game().id()).map_err(core_err)?;
                    let letter =
                        def.hand.chars().nth(slot as usize).ok_or_else(|| {
                            RookeryError::bad_input(format!("no hand slot {slot}"))
                        })?;
                    if seat != s.game().position().turn() {
                        s.ui.clear();
                        return Ok(Err(TapResult::Refused {
                            reason: Message::new(message::illegal::NOT_YOUR_PIECE)
                                .with("cell", letter)
                                .into(),
                        }));
                    }
                    Ok(Ok(letter.to_string()))
                })?;
                match letter {
                    Ok(l) => self.tap_hand(l),
                    Err(refused) => Ok(refused),
                }
            }
        }
    }

    /// The buttons of the game screen now: moves made without tapping cells (a pass, janggi's
    /// set-up choice, shogi's impasse declaration) or, while one is pending, the players'
    /// choices. Empty when there is none (and when the game is over).
    pub fn buttons(&self) -> Result<Vec<ActionButton>, RookeryError> {
        self.with(|s| {
            let g = s.game();
            Ok(interact::buttons(g, |seat| s.seat_name(seat))
                .into_iter()
                .map(|b| ActionButton {
                    text: action_text(g, b.action),
                    label: b.label.into(),
                })
                .collect())
        })
    }

    /// Presses a button of `buttons` by its text: `Moved` with the action played (and saved),
    /// or `Refused` saying why when it is not offered now.
    pub fn press(&self, text: String) -> Result<TapResult, RookeryError> {
        self.with(|s| {
            let action = interact::buttons(s.game(), |seat| seat.to_string())
                .into_iter()
                .map(|b| b.action)
                .find(|&a| action_text(s.game(), a) == text);
            let tap = match action {
                Some(a) => {
                    let game = &s.saved.game;
                    s.ui.press(game, &a)
                }
                None => Tap::Refused(Message::new(if s.game().is_over() {
                    message::illegal::GAME_OVER
                } else {
                    message::illegal::FORBIDDEN_BY_RULES
                })),
            };
            s.tap_result(tap)
        })
    }

    /// Completes a promotion offered by `tap` with one of its letters (`Q`, `N`, ...).
    pub fn choose_promotion(&self, letter: String) -> Result<String, RookeryError> {
        self.with(|s| {
            s.check_hand_over()?;
            if s.ui.pending().is_empty() {
                return Err(RookeryError::bad_input("no promotion is pending"));
            }
            let m = {
                let game = &s.saved.game;
                s.ui.choose_promotion(game, &letter)
            }
            .ok_or_else(|| RookeryError::bad_input(format!("cannot promote to {letter:?}")))?;
            s.play(m)
        })
    }

    /// Completes a `NeedsChoice` offered by `tap` with one of its move texts.
    pub fn choose_move(&self, text: String) -> Result<String, RookeryError> {
        self.with(|s| {
            s.check_hand_over()?;
            let m =
                s.ui.pending()
                    .iter()
                    .copied()
                    .find(|&m| s.game().move_text(m) == text)
                    .ok_or_else(|| RookeryError::bad_input(format!("{text:?} is not offered")))?;
            s.play(m)
        })
    }

    /// Why the side to move cannot move the piece on `from` to `to` (an `illegal-*` message:
    /// the king would be in check, the path is blocked, not your piece, ...).
    pub fn why_illegal(&self, from: String, to: String) -> Result<MessageView, RookeryError> {
        self.with(|s| {
            let (f, t) = (s.cell(&from)?, s.cell(&to)?);
            Ok(s.view().explain(s.game(), f, t).into())
        })
    }

    /// Plays coordinate move text (`e2e4`, `e7e8q`, `e7-e8=Q`); returns it as written by the
    /// game.
    pub fn play_move_text(&self, text: String) -> Result<String, RookeryError> {
        self.with(|s| {
            if s.game().is_over() {
                return Err(core_err(rookery_core::Error::GameOver));
            }
            s.check_hand_over()?;
            let m = rookery_core::notation::movetext::parse(s.game().position(), &text)
                .map_err(core_err)?;
            s.play(m)
        })
    }

    /// The move list (texts of the plies up to the undo cursor) as the viewer may read it.
    pub fn move_list(&self) -> Result<Vec<String>, RookeryError> {
        self.with(|s| Ok(s.view().texts(s.game())))
    }

    /// The move list as the game's players read it, for the screen: SAN in chess and its
    /// variants (`Nf3`, `exd5`, `O-O`), WXF in xiangqi (`C2.5`), Western notation in shogi
    /// (`P-7f`), coordinate text elsewhere; in fog of war what [`Self::move_list`] gives. Only
    /// coordinate text ([`Self::move_list`]) is read back by [`Self::play_move_text`].
    pub fn readable_move_list(&self) -> Result<Vec<String>, RookeryError> {
        self.with(|s| Ok(s.view().readable_texts(s.game())))
    }

    pub fn undo(&self) -> Result<(), RookeryError> {
        self.with(|s| s.undo())
    }

    pub fn redo(&self) -> Result<(), RookeryError> {
        self.with(|s| s.redo())
    }

    /// `seat` resigns (at any time, not only on its turn).
    pub fn resign(&self, seat: u8) -> Result<(), RookeryError> {
        self.with(|s| s.act(Action::Resign(seat)))
    }

    /// Hands `seat` to a bot or a person mid-game (saved in a library).
    pub fn set_seat(&self, seat: u8, config: SeatConfig) -> Result<(), RookeryError> {
        self.with(|s| {
            check_seat(&config)?;
            if seat as usize >= s.saved.setup.seats.len() {
                return Err(RookeryError::bad_input(format!("no seat {seat}")));
            }
            let info = seat_info(&config);
            match &s.store {
                Some(st) => st
                    .set_seat(&mut s.saved, seat as usize, info)
                    .map_err(core_err),
                None => {
                    s.saved.setup.seats[seat as usize] = info;
                    Ok(())
                }
            }
        })
    }

    /// Whether no seat played by a person is still playing (offer "let the bots finish" /
    /// `end_game`).
    pub fn no_person_playing(&self) -> Result<bool, RookeryError> {
        self.with(|s| Ok(s.game().no_person_playing(&s.humans())))
    }

    /// Ends the game by agreement, where the game allows it and no person is still playing.
    pub fn end_game(&self) -> Result<(), RookeryError> {
        self.with(|s| {
            if !s.game().no_person_playing(&s.humans()) {
                return Err(RookeryError::bad_input("a person is still playing"));
            }
            s.act(Action::Choose(Choice::End))
        })
    }

    /// Takes a pending decision (one of `BoardSnapshot::choices`).
    pub fn choose(&self, choice: String) -> Result<(), RookeryError> {
        self.with(|s| {
            let c = Choice::parse(&choice).map_err(core_err)?;
            s.act(Action::Choose(c))
        })
    }

    /// The current position in the game's own notation (FEN for chess), when the viewer may
    /// see all of it (`BadInput` while fog of war hides cells).
    pub fn fen(&self) -> Result<String, RookeryError> {
        self.with(|s| {
            s.view()
                .position_text(s.game().position())
                .ok_or_else(|| RookeryError::bad_input("part of the position is hidden"))
        })
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
            s.ui.clear();
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
        let (game, level) = self.with(|s| {
            if s.game().is_over() {
                return Err(RookeryError::IllegalMove {
                    message: "the game is over".to_owned(),
                });
            }
            let turn = s.game().position().turn() as usize;
            match s.saved.setup.seats.get(turn).map(|i| &i.player) {
                Some(Player::Bot { level }) => Ok((s.game().clone(), *level)),
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
                        inner: for_level(level, seed),
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
            assert_eq!(s.play_move_text(m.into()).unwrap(), m);
        }
        s.load_fen("4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1".into())
            .unwrap();
        assert_eq!(s.play_move_text("d5c6f".into()).unwrap(), "d5c6f");
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
