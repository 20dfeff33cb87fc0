//! The game screen for the apps: one record ([`GameScreen`]) mirroring
//! `rookery_core::present::Screen`, and the player's intents ([`ScreenIntent`]) sent back
//! through [`GameSession::act`], which returns the new screen. The apps draw only this; what a
//! viewer may see (fog of war) is decided in the core before the record is made.
//!
//! ```kotlin
//! var screen = session.screen()                       // draw it
//! screen = session.act(ScreenIntent.At(x, y))          // a tap at a point of screen.scene
//! screen = session.act(ScreenIntent.Pick(0))           // the first promotion option
//! ```

use rookery_core::game::Action;
use rookery_core::present::{self, Intent, Looker, Pending, SeatState, Step};
use rookery_core::store::{GameStore, SavedGame};

use crate::error::{guard, RookeryError};
use crate::scene::{scene_rec, BoardScene};
use crate::session::{seat_config, seat_info, GameSession, MessageView, SeatConfig};

/// Whom the device shows the game to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ScreenLooker {
    /// Pass-and-play: the board turns to the person to move (fog of war: hand-overs).
    Device,
    /// One seat's view, that seat at the bottom.
    Seat { seat: u8 },
    /// Table mode: every bar (and with `turn_pieces` every piece) faces its owner.
    Table { turn_pieces: bool },
}

/// A step of the review cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum ReviewStep {
    First,
    Back,
    Forward,
    Live,
    /// The position after move entry `index` of `GameScreen::moves`.
    To {
        index: u32,
    },
}

/// What the player does on the game screen.
#[derive(Debug, Clone, PartialEq, uniffi::Enum)]
pub enum ScreenIntent {
    /// A tap at a point of `GameScreen::scene` (scene coordinates): a cell or a hand slot.
    At {
        x: f32,
        y: f32,
    },
    /// A tap on a cell by name.
    Tap {
        cell: String,
    },
    /// A tap on the hand slot of a kind (its letter) of the seat to move.
    TapHand {
        letter: String,
    },
    Drag {
        from: String,
        to: String,
    },
    /// A button of `GameScreen::buttons` by index.
    Press {
        index: u32,
    },
    /// An option of `GameScreen::pending` by index.
    Pick {
        index: u32,
    },
    Dismiss,
    Undo,
    Redo,
    Resign {
        seat: u8,
    },
    /// Hands a seat to a bot or a person.
    SetSeat {
        seat: u8,
        config: SeatConfig,
    },
    Review {
        step: ReviewStep,
    },
    ConfirmHandOver,
    /// A move typed in the game's notation.
    Type {
        text: String,
    },
    /// An action decided elsewhere, in action text: a move in the game's notation (`e2e4`,
    /// `Nf3`; a bot's move, a move read from a record), `resign:<seat>` or a choice (`choice:end`, `choice:grey`,
    /// `choice:give:<seat>`). Unlike `Type` it is played for whichever seat is to move.
    Play {
        text: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SeatStateView {
    Playing,
    WalkingKing,
    Out,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct CapturedPiece {
    pub glyph: String,
    pub army: String,
    pub letter: String,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ClockView {
    pub left_ms: u64,
    pub limit_ms: u64,
    pub running: bool,
}

/// One seat's bar.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SeatBarView {
    pub seat: u8,
    /// The player's name; empty: show the army's name (`colour`).
    pub name: String,
    /// The army's colour name key (`colour-white`).
    pub colour: String,
    /// The army id of the scene's palette.
    pub army: String,
    pub bot: Option<u8>,
    pub to_move: bool,
    pub thinking: bool,
    pub state: SeatStateView,
    pub partners: Vec<u32>,
    pub clock: Option<ClockView>,
    /// Points as the game writes them, in games that score points.
    pub score: Option<String>,
    /// Material on the board and in hand, in pawns (what the viewer sees).
    pub material: i32,
    /// Pawns ahead of the strongest opponent still playing, as the core decides it: 0 when not
    /// ahead and wherever the viewer does not see every piece (shown as `+N`).
    pub lead: i32,
    pub captured: Vec<CapturedPiece>,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PhaseView {
    pub what: MessageView,
    pub hint: MessageView,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PromotionChoice {
    pub letter: String,
    pub glyph: String,
    pub army: String,
}

/// What must be settled before play goes on.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Enum)]
pub enum PendingView {
    HandOver { seat: u8 },
    Promotion { options: Vec<PromotionChoice> },
    Moves { options: Vec<String> },
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ScreenButton {
    pub label: MessageView,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct MoveEntryView {
    pub number: u32,
    pub seat: u8,
    pub text: String,
    /// What an action that is no move says (a resignation, a time-out, a choice).
    pub note: Option<MessageView>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum FollowUp {
    Rematch,
    NewGame,
    Export,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct PlaceView {
    pub seat: u8,
    pub place: u8,
    pub points: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct ResultSheetView {
    pub winners: Vec<u32>,
    pub headline: MessageView,
    pub reason: MessageView,
    pub places: Vec<PlaceView>,
    pub follow: Vec<FollowUp>,
}

/// The whole game screen for the device's viewer.
#[derive(Debug, Clone, PartialEq, uniffi::Record)]
pub struct GameScreen {
    pub game_id: String,
    /// The seat whose view is shown (None: everything, or nothing during a hand-over).
    pub viewer: Option<u8>,
    pub scene: BoardScene,
    pub bars: Vec<SeatBarView>,
    pub status: MessageView,
    pub phase: Option<PhaseView>,
    pub pending: Option<PendingView>,
    pub buttons: Vec<ScreenButton>,
    pub moves: Vec<MoveEntryView>,
    /// Reviewing: the number of move entries shown.
    pub review: Option<u32>,
    pub notices: Vec<MessageView>,
    pub result: Option<ResultSheetView>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The saved game's id when the session belongs to a `GameLibrary`.
    pub saved_id: Option<u64>,
    /// What the live game's last action did (sound and haptics): new when `plies` changes.
    pub last_event: Option<LastEventView>,
}

/// The kind of the last action: the game ended, a check, a capture, else a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum GameEvent {
    Move,
    Capture,
    Check,
    End,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Record)]
pub struct LastEventView {
    /// The actions played up to it (the undo cursor).
    pub plies: u32,
    pub kind: GameEvent,
}

pub(crate) fn looker(l: ScreenLooker) -> Looker {
    match l {
        ScreenLooker::Device => Looker::Device,
        ScreenLooker::Seat { seat } => Looker::Seat(seat),
        ScreenLooker::Table { turn_pieces } => Looker::Table { turn_pieces },
    }
}

pub(crate) fn screen_rec(s: present::Screen, saved_id: Option<u64>) -> GameScreen {
    GameScreen {
        game_id: s.game_id.to_owned(),
        viewer: s.viewer,
        scene: scene_rec(&s.scene),
        bars: s
            .bars
            .into_iter()
            .map(|b| SeatBarView {
                seat: b.seat,
                name: b.name,
                colour: b.colour,
                army: b.army,
                bot: b.bot,
                to_move: b.to_move,
                thinking: b.thinking,
                state: match b.state {
                    SeatState::Playing => SeatStateView::Playing,
                    SeatState::WalkingKing => SeatStateView::WalkingKing,
                    SeatState::Out => SeatStateView::Out,
                },
                partners: b.partners.into_iter().map(u32::from).collect(),
                clock: b.clock.map(|c| ClockView {
                    left_ms: c.left_ms,
                    limit_ms: c.limit_ms,
                    running: c.running,
                }),
                score: b.score,
                material: b.material,
                lead: b.lead,
                captured: b
                    .captured
                    .into_iter()
                    .map(|c| CapturedPiece {
                        glyph: c.glyph,
                        army: c.army,
                        letter: c.letter,
                    })
                    .collect(),
            })
            .collect(),
        status: s.status.into(),
        phase: s.phase.map(|p| PhaseView {
            what: p.what.into(),
            hint: p.hint.into(),
        }),
        pending: s.pending.map(|p| match p {
            Pending::HandOver { seat } => PendingView::HandOver { seat },
            Pending::Promotion { options } => PendingView::Promotion {
                options: options
                    .into_iter()
                    .map(|o| PromotionChoice {
                        letter: o.letter,
                        glyph: o.glyph,
                        army: o.army,
                    })
                    .collect(),
            },
            Pending::Moves { options } => PendingView::Moves { options },
        }),
        buttons: s
            .buttons
            .into_iter()
            .map(|b| ScreenButton {
                label: b.label.into(),
                text: b.text,
            })
            .collect(),
        moves: s
            .moves
            .into_iter()
            .map(|m| MoveEntryView {
                number: m.number,
                seat: m.seat,
                text: m.text,
                note: m.note.map(MessageView::from),
            })
            .collect(),
        review: s.review.map(|r| r as u32),
        notices: s.notices.into_iter().map(MessageView::from).collect(),
        result: s.result.map(|r| ResultSheetView {
            winners: r.winners.into_iter().map(u32::from).collect(),
            headline: r.headline.into(),
            reason: r.reason.into(),
            places: r
                .places
                .into_iter()
                .map(|p| PlaceView {
                    seat: p.seat,
                    place: p.place,
                    points: p.points,
                })
                .collect(),
            follow: r
                .follow
                .into_iter()
                .map(|f| match f {
                    present::Follow::Rematch => FollowUp::Rematch,
                    present::Follow::NewGame => FollowUp::NewGame,
                    present::Follow::Export => FollowUp::Export,
                })
                .collect(),
        }),
        can_undo: s.can_undo,
        can_redo: s.can_redo,
        saved_id,
        last_event: s.last_event.map(|e| LastEventView {
            plies: e.plies,
            kind: match e.kind {
                present::EventKind::Move => GameEvent::Move,
                present::EventKind::Capture => GameEvent::Capture,
                present::EventKind::Check => GameEvent::Check,
                present::EventKind::End => GameEvent::End,
            },
        }),
    }
}

/// A saved game (or one not saved) as the screen's host: every action is saved before it
/// returns when the session belongs to a library.
pub(crate) struct Kept<'a> {
    pub saved: &'a mut SavedGame,
    pub store: Option<&'a GameStore>,
    /// Called after every change of the game (the session's turn clock starts a new turn).
    pub changed: &'a mut dyn FnMut(),
}

impl present::Host for Kept<'_> {
    fn game(&self) -> &rookery_core::Game {
        &self.saved.game
    }
    fn players(&self) -> Vec<present::Player> {
        self.saved
            .setup
            .seats
            .iter()
            .map(|i| match seat_config(i) {
                SeatConfig::Person { name } => present::Player::person(name),
                SeatConfig::Bot { level } => present::Player::bot(level),
            })
            .collect()
    }
    fn act(&mut self, a: Action) -> rookery_core::Result<()> {
        match self.store {
            Some(st) => st.act(self.saved, a)?,
            None => self.saved.game.act(a)?,
        }
        (self.changed)();
        Ok(())
    }
    fn undo(&mut self) -> rookery_core::Result<()> {
        match self.store {
            Some(st) => st.undo(self.saved)?,
            None => self.saved.game.undo()?,
        }
        (self.changed)();
        Ok(())
    }
    fn redo(&mut self) -> rookery_core::Result<()> {
        match self.store {
            Some(st) => st.redo(self.saved)?,
            None => self.saved.game.redo()?,
        }
        (self.changed)();
        Ok(())
    }
    fn set_player(&mut self, seat: u8, p: present::Player) -> rookery_core::Result<()> {
        let config = match p.bot {
            Some(level) => SeatConfig::Bot { level },
            None => SeatConfig::Person { name: p.name },
        };
        let info = seat_info(&config);
        if seat as usize >= self.saved.setup.seats.len() {
            return Err(rookery_core::Error::BadInput(format!("no seat {seat}")));
        }
        match self.store {
            Some(st) => st.set_seat(self.saved, seat as usize, info),
            None => {
                self.saved.setup.seats[seat as usize] = info;
                Ok(())
            }
        }
    }
}

/// An intent of the apps as the core's, cells by name.
pub(crate) fn intent(game: &rookery_core::Game, i: ScreenIntent) -> Result<Intent, RookeryError> {
    let v = game.variant;
    let cell = |name: &str| {
        v.board
            .cell(name)
            .ok_or_else(|| RookeryError::bad_input(format!("no cell named {name:?}")))
    };
    Ok(match i {
        ScreenIntent::At { x, y } => Intent::At { x, y },
        ScreenIntent::Tap { cell: c } => Intent::Tap(cell(&c)?),
        ScreenIntent::TapHand { letter } => Intent::TapHand(
            letter
                .chars()
                .next()
                .and_then(|l| v.piece_by_letter(l))
                .ok_or_else(|| RookeryError::bad_input(format!("no piece kind {letter:?}")))?,
        ),
        ScreenIntent::Drag { from, to } => Intent::Drag {
            from: cell(&from)?,
            to: cell(&to)?,
        },
        ScreenIntent::Press { index } => Intent::Press(index as usize),
        ScreenIntent::Pick { index } => Intent::Pick(index as usize),
        ScreenIntent::Dismiss => Intent::Dismiss,
        ScreenIntent::Undo => Intent::Undo,
        ScreenIntent::Redo => Intent::Redo,
        ScreenIntent::Resign { seat } => Intent::Resign(seat),
        ScreenIntent::SetSeat { seat, config } => Intent::SetPlayer(
            seat,
            match config {
                SeatConfig::Bot { level } => present::Player::bot(level),
                SeatConfig::Person { name } => present::Player::person(name),
            },
        ),
        ScreenIntent::Review { step } => Intent::Review(match step {
            ReviewStep::First => Step::First,
            ReviewStep::Back => Step::Back,
            ReviewStep::Forward => Step::Forward,
            ReviewStep::Live => Step::Live,
            ReviewStep::To { index } => Step::To(index as usize),
        }),
        ScreenIntent::ConfirmHandOver => Intent::ConfirmHandOver,
        ScreenIntent::Type { text } => Intent::Type(text),
        ScreenIntent::Play { text } => Intent::Play(play_action(game, &text)?),
    })
}

/// An action from action text (`ScreenIntent::Play`); malformed text is `BadInput`, a move the
/// rules refuse `IllegalMove`.
fn play_action(game: &rookery_core::Game, text: &str) -> Result<Action, RookeryError> {
    let text = text.trim();
    if let Some(seat) = text.strip_prefix("resign:") {
        let seat = seat
            .parse::<u8>()
            .ok()
            .filter(|&s| (s as usize) < game.variant.seat_count())
            .ok_or_else(|| RookeryError::bad_input(format!("no such seat in {text:?}")))?;
        return Ok(Action::Resign(seat));
    }
    if text.starts_with("choice:") {
        return Ok(Action::Choose(
            rookery_core::game::Choice::parse(text).map_err(crate::error::core_err)?,
        ));
    }
    present::parse_move(game, text)
        .map(Action::Move)
        .map_err(crate::error::core_err)
}

#[uniffi::export]
impl GameSession {
    /// The whole game screen now, for the device's viewer (`set_looker`).
    pub fn screen(&self) -> Result<GameScreen, RookeryError> {
        guard(|| self.with_screen(|_, _| Ok(None)))
    }

    /// Does what the player asks and returns the new screen (saved first when the session
    /// belongs to a library). A refused intent is no error: the screen's `notices` say why.
    /// An error (a cell that does not exist, the store failing) changes nothing.
    pub fn act(&self, intent: ScreenIntent) -> Result<GameScreen, RookeryError> {
        guard(|| self.with_screen(|game, _| Ok(Some(self::intent(game, intent)?))))
    }

    /// Whom the device shows the game to (pass-and-play by default).
    pub fn set_looker(&self, looker: ScreenLooker) -> Result<GameScreen, RookeryError> {
        guard(|| {
            self.with_screen(|game, table| {
                if let ScreenLooker::Seat { seat } = looker {
                    if seat as usize >= game.variant.seat_count() {
                        return Err(RookeryError::bad_input(format!("no seat {seat}")));
                    }
                }
                table.set_looker(self::looker(looker));
                Ok(None)
            })
        })
    }
}
