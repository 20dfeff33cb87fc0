//! The game screen, decided once: for an open game and whoever looks at the device, everything
//! a shell shows of it ([`Screen`]), and what the player's intents do ([`Intent`]).
//!
//! The terminal player and the apps (through the bindings) keep one [`Table`] per open game and
//! draw only the [`Screen`] it returns; they send every tap, button, choice and review step back
//! as an [`Intent`]. The game itself lives in a [`Host`]: a plain [`Local`] game, or a saved game
//! whose host writes every action to disk before it returns. Nothing here does I/O.
//!
//! Hidden information (fog of war) is applied in one place, [`Table::screen`]: the board scene,
//! the move list, the last move, the captures and the material are all read through the one
//! [`crate::view::View`] of the seat whose view is shown, so a viewer never receives a hidden
//! piece, move or capture.

mod build;
mod input;
#[cfg(test)]
mod tests;
mod text;

pub use input::parse_move;

use crate::board::Cell;
use crate::error::{Error, Result};
use crate::game::{Action, Choice, Game};
use crate::interact::{self, Interaction, Pick, Tap};
use crate::message::{illegal, Message};
use crate::piece::Seat;
use crate::scene::{Hit, Scene};

/// Who plays a seat at this device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The player's name; empty: the army's name in the user's language.
    pub name: String,
    /// A bot of this level (0-8); `None`: a person.
    pub bot: Option<u8>,
}

impl Player {
    pub fn person(name: impl Into<String>) -> Player {
        Player {
            name: name.into(),
            bot: None,
        }
    }
    pub fn bot(level: u8) -> Player {
        Player {
            name: String::new(),
            bot: Some(level),
        }
    }
}

/// Whom the device shows the game to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Looker {
    /// Pass-and-play: the board turns to the person whose turn it is; in a game with hidden
    /// cells the device is handed over between people ([`crate::view::hand_over_to`]).
    Device,
    /// One seat's view, that seat at the bottom.
    Seat(Seat),
    /// Table mode: the device lies between the players, seat 0's side at the bottom, every bar
    /// (and with `turn_pieces` every piece) facing its owner. What it shows is what `Device`
    /// shows.
    Table { turn_pieces: bool },
}

/// Keeps the game of a [`Table`]: plays, takes back and seats players, and says so only once
/// it is kept (a saved game: on disk). An error changes nothing.
pub trait Host {
    fn game(&self) -> &Game;
    /// Who plays each seat, in seat order.
    fn players(&self) -> Vec<Player>;
    fn act(&mut self, a: Action) -> Result<()>;
    fn undo(&mut self) -> Result<()>;
    fn redo(&mut self) -> Result<()>;
    fn set_player(&mut self, seat: Seat, p: Player) -> Result<()>;
}

/// A game kept in memory only (tests, tools, a game not saved).
#[derive(Clone, Debug)]
pub struct Local {
    pub game: Game,
    pub players: Vec<Player>,
}

impl Local {
    /// A game with these players (missing seats are people without a name).
    pub fn new(game: Game, mut players: Vec<Player>) -> Local {
        players.resize(game.variant.seat_count(), Player::person(""));
        Local { game, players }
    }
}

impl Host for Local {
    fn game(&self) -> &Game {
        &self.game
    }
    fn players(&self) -> Vec<Player> {
        self.players.clone()
    }
    fn act(&mut self, a: Action) -> Result<()> {
        self.game.act(a)
    }
    fn undo(&mut self) -> Result<()> {
        self.game.undo()
    }
    fn redo(&mut self) -> Result<()> {
        self.game.redo()
    }
    fn set_player(&mut self, seat: Seat, p: Player) -> Result<()> {
        let slot = self
            .players
            .get_mut(seat as usize)
            .ok_or_else(|| Error::BadInput(format!("no seat {seat}")))?;
        *slot = p;
        Ok(())
    }
}

/// A step of the review cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The start position.
    First,
    /// One move entry back (a duck turn or a chain is one entry).
    Back,
    /// One move entry forward.
    Forward,
    /// Back to the live position.
    Live,
    /// The position after move entry `n` of [`Screen::moves`] (0-based).
    To(usize),
}

/// What a player (or a bot) does on the game screen; [`Table::apply`] returns the new screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// A tap on a board cell.
    Tap(Cell),
    /// A tap on a hand slot: the piece kind in the hand of the seat to move.
    TapHand(u8),
    /// A tap at a point of the screen's scene (its coordinates); hit-tested by the core.
    At {
        x: f32,
        y: f32,
    },
    /// A piece dragged from one cell to another.
    Drag {
        from: Cell,
        to: Cell,
    },
    /// A button of [`Screen::buttons`] by index.
    Press(usize),
    /// An option of [`Screen::pending`] by index (a promotion, a move among several).
    Pick(usize),
    /// Closes a pending promotion or choice and clears the selection.
    Dismiss,
    Undo,
    Redo,
    Resign(Seat),
    /// Hands a seat to a bot or a person.
    SetPlayer(Seat, Player),
    Review(Step),
    /// The person the device was handed to is ready (fog of war).
    ConfirmHandOver,
    /// An action decided elsewhere: a bot's move, or a move the shell read.
    Play(Action),
    /// A move typed in the game's notation (coordinates, SAN, USI, WXF...; [`parse_move`]).
    Type(String),
}

/// The state of one game screen besides the game: the selection, the review cursor, whom the
/// device shows and the last notice.
#[derive(Clone, Debug)]
pub struct Table {
    looker: Looker,
    ui: Interaction,
    /// The seat whose view the device showed last (pass-and-play hand-over).
    shown: Option<Seat>,
    /// Reviewing: the number of move entries shown (`None`: the live position).
    review: Option<usize>,
    notice: Option<Message>,
    clock: Option<Clock>,
    symbols: bool,
}

/// The turn clock as a shell measures it (the screen shows it on the seat's bar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub seat: Seat,
    pub left_ms: u64,
    pub limit_ms: u64,
    pub running: bool,
}

impl Table {
    pub fn new(looker: Looker) -> Table {
        Table {
            looker,
            ui: Interaction::new(),
            shown: None,
            review: None,
            notice: None,
            clock: None,
            symbols: false,
        }
    }

    pub fn looker(&self) -> Looker {
        self.looker
    }

    pub fn set_looker(&mut self, looker: Looker) {
        self.looker = looker;
    }

    /// Xiangqi, janggi and shogi pieces drawn as symbols instead of characters.
    pub fn set_symbols(&mut self, on: bool) {
        self.symbols = on;
    }

    /// The turn clock the shell keeps (shown on the seat's bar).
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    /// The screen now.
    pub fn screen(&self, host: &dyn Host) -> Screen {
        build::screen(self, host)
    }

    /// Does what the intent asks and returns the new screen. A refused intent (an illegal tap,
    /// a move in review) is no error: the screen's notice says why and nothing changed. An
    /// error (the host could not keep the game, a seat that does not exist) changes nothing.
    pub fn apply(&mut self, host: &mut dyn Host, intent: Intent) -> Result<Screen> {
        let before = self.clone();
        self.notice = None;
        if let Err(e) = self.intent(host, intent) {
            *self = before;
            return Err(e);
        }
        Ok(self.screen(host))
    }

    fn refuse(&mut self, why: Message) {
        self.ui.clear();
        self.notice = Some(why);
    }

    /// Whether the intent may touch the live game now (not while reviewing or while the
    /// device is being handed over); else it is refused with the reason.
    fn may_touch(&mut self, host: &dyn Host) -> bool {
        if self.review.is_some() {
            self.refuse(Message::new(NOTICE_REVIEWING));
            return false;
        }
        if build::hand_over(self, host).is_some() {
            self.refuse(Message::new(illegal::HAND_OVER));
            return false;
        }
        true
    }

    fn intent(&mut self, host: &mut dyn Host, intent: Intent) -> Result<()> {
        match intent {
            Intent::Tap(c) => {
                if c as usize >= host.game().variant.board.len() {
                    return Err(Error::BadInput(format!("no cell {c}")));
                }
                if self.may_touch(host) {
                    self.tap(host, c)?;
                }
            }
            Intent::TapHand(kind) => {
                if self.may_touch(host) {
                    let tap = self.ui.tap_hand(host.game(), kind);
                    self.follow(host, tap)?;
                }
            }
            Intent::At { x, y } => match build::scene_of(self, host).hit(x, y) {
                Some(Hit::Cell(c)) => return self.intent(host, Intent::Tap(c)),
                Some(Hit::Hand { seat, slot }) => {
                    let game = host.game();
                    let kind = crate::scene::boards::board_of(game.variant)
                        .hand
                        .chars()
                        .nth(slot as usize)
                        .and_then(|l| game.variant.piece_by_letter(l));
                    match kind {
                        Some(k) if seat == game.position().turn() => {
                            return self.intent(host, Intent::TapHand(k))
                        }
                        _ => self.refuse(Message::new(illegal::NOT_YOUR_PIECE).with("cell", "")),
                    }
                }
                None => self.ui.clear(),
            },
            Intent::Drag { from, to } => {
                let n = host.game().variant.board.len();
                if from as usize >= n || to as usize >= n {
                    return Err(Error::BadInput(format!("no cell {from} or {to}")));
                }
                if self.may_touch(host) {
                    if self.ui.selected_cell() != Some(from) {
                        self.ui.clear();
                        self.tap(host, from)?;
                    }
                    if self.ui.selected_cell() == Some(from) && from != to {
                        self.tap(host, to)?;
                    }
                }
            }
            Intent::Press(i) => {
                if self.may_touch(host) {
                    let buttons = interact::buttons(host.game(), |s| s.to_string());
                    let b = buttons
                        .get(i)
                        .ok_or_else(|| Error::BadInput(format!("no button {i}")))?;
                    let tap = self.ui.press(host.game(), &b.action);
                    self.follow(host, tap)?;
                }
            }
            Intent::Pick(i) => {
                let m = *self
                    .ui
                    .pending()
                    .get(i)
                    .ok_or_else(|| Error::BadInput(format!("no option {i}")))?;
                if let Some(m) = self.ui.choose(m) {
                    self.play(host, Action::Move(m))?;
                }
            }
            Intent::Dismiss => self.ui.clear(),
            Intent::Undo => {
                self.review = None;
                host.undo()?;
                self.ui.clear();
            }
            Intent::Redo => {
                self.review = None;
                host.redo()?;
                self.ui.clear();
            }
            Intent::Resign(s) => {
                if s as usize >= host.game().variant.seat_count() {
                    return Err(Error::BadInput(format!("no seat {s}")));
                }
                self.review = None;
                self.play(host, Action::Resign(s))?;
            }
            Intent::SetPlayer(s, p) => {
                if p.bot.is_some_and(|l| l > 8) {
                    return Err(Error::BadInput("a bot level is 0-8".into()));
                }
                host.set_player(s, p)?;
            }
            Intent::Review(step) => self.review(host, step),
            Intent::ConfirmHandOver => {
                if let Some(s) = build::hand_over(self, host) {
                    self.shown = Some(s);
                }
            }
            Intent::Play(a) => {
                self.review = None;
                self.play(host, a)?;
            }
            Intent::Type(text) => {
                if self.may_touch(host) {
                    match parse_move(host.game(), &text) {
                        Ok(m) => self.play(host, Action::Move(m))?,
                        Err(e) => {
                            let game = host.game();
                            if let Some((from, to)) = input::cells_only(&game.variant.board, &text)
                            {
                                // two cells that name no one move: as a drag, so a promotion
                                // or a choice among moves asks which; a refusal says why this
                                // piece cannot go there, for a viewer who sees everything
                                self.intent(host, Intent::Drag { from, to })?;
                                if self.notice.is_some() && build::view(self, host).is_full() {
                                    self.refuse(interact::explain(host.game(), from, to));
                                }
                                return Ok(());
                            }
                            // why, from the whole position, only for a viewer who sees it all
                            let why = build::view(self, host)
                                .is_full()
                                .then(|| input::refusal(host.game(), &text))
                                .flatten();
                            self.refuse(why.unwrap_or_else(|| crate::message::error_message(&e)));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn tap(&mut self, host: &mut dyn Host, c: Cell) -> Result<()> {
        let view = build::view(self, host);
        let game = host.game();
        let picked = self.ui.picked();
        // in the dark a cell holds "no piece" whatever stands there, and a refusal is told
        // only from what the viewer sees (targets are always in sight)
        let tap = if view.sees(c) {
            self.ui.tap(game, c)
        } else {
            self.ui.clear();
            Tap::Refused(Message::new(illegal::NO_PIECE).with("cell", game.variant.board.name(c)))
        };
        let tap = match (tap, picked) {
            (Tap::Refused(_), Some(Pick::Cell(from))) if !view.is_full() => {
                Tap::Refused(view.explain(game, from, c))
            }
            (t, _) => t,
        };
        self.follow(host, tap)
    }

    fn follow(&mut self, host: &mut dyn Host, tap: Tap) -> Result<()> {
        match tap {
            Tap::Play(m) => self.play(host, Action::Move(m)),
            Tap::Decide(c) => self.play(host, Action::Choose(c)),
            Tap::Refused(why) => {
                self.refuse(why);
                Ok(())
            }
            Tap::Selected { .. } | Tap::Choose { .. } | Tap::Deselected => Ok(()),
        }
    }

    fn play(&mut self, host: &mut dyn Host, a: Action) -> Result<()> {
        if let Action::Choose(c) = a {
            if !host.game().choices().contains(&c) && c != Choice::End {
                return Err(Error::BadInput(format!("no choice {}", c.text())));
            }
        }
        host.act(a)?;
        self.ui.clear();
        Ok(())
    }

    fn review(&mut self, host: &dyn Host, step: Step) {
        self.ui.clear();
        let entries = build::entry_count(host.game());
        let now = self.review.unwrap_or(entries);
        let to = match step {
            Step::First => 0,
            Step::Back => now.saturating_sub(1),
            Step::Forward => now + 1,
            Step::Live => entries,
            Step::To(n) => n + 1,
        };
        self.review = (to < entries).then_some(to);
    }
}

/// The notice of an intent refused while the screen shows an earlier position.
pub use crate::message::NOTICE_REVIEWING;

/// The whole game screen for one viewer: draw it as it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Screen {
    pub game_id: &'static str,
    /// The seat whose view is shown (`None`: a game without hidden cells shown to everyone,
    /// or nothing shown during a hand-over).
    pub viewer: Option<Seat>,
    /// The board: oriented for the looker, with selection, targets, last move, checks (only
    /// where the game has check) and fog (hidden cells as fog, nothing on them).
    pub scene: Scene,
    /// One bar per seat, in seat order.
    pub bars: Vec<Bar>,
    /// The status line.
    pub status: Message,
    /// The phase of the turn in words, with its hint of how to do it (none for a plain move).
    pub phase: Option<Phase>,
    /// What the player must settle before play goes on.
    pub pending: Option<Pending>,
    /// Buttons for actions made without tapping cells (a pass, set-up choices, an impasse
    /// declaration, a pending decision), each named for what it does.
    pub buttons: Vec<ButtonView>,
    /// The move list in the game's own notation, one entry per turn.
    pub moves: Vec<MoveEntry>,
    /// The review cursor: the number of move entries shown, when not the live position.
    pub review: Option<usize>,
    /// What the last intent was refused for, or what the rules did after the last action.
    pub notices: Vec<Message>,
    pub result: Option<ResultSheet>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// What the live game's last action did, as this viewer may know it (the shells' sound
    /// and haptics); `None` before the first action and during a hand-over.
    pub last_event: Option<LastEvent>,
}

/// What the last action of the live game did: a shell plays a sound when `plies` is new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastEvent {
    /// The actions played up to it (the game's undo cursor): a new value is a new action.
    pub plies: u32,
    pub kind: EventKind,
}

/// The kind of a last action, the strongest that applies: the game ended, a king is in check
/// (where the game has check), a piece left the board (a capture, an explosion), else a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Move,
    Capture,
    Check,
    End,
}

/// One seat's bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bar {
    pub seat: Seat,
    /// The player's name; empty: show the army's name ([`Bar::colour`]).
    pub name: String,
    /// The army's colour name key (`colour-white`, ...).
    pub colour: String,
    /// The army id of the scene's palette (`white`, ...).
    pub army: String,
    pub bot: Option<u8>,
    pub to_move: bool,
    /// A bot whose move is awaited.
    pub thinking: bool,
    pub state: SeatState,
    /// The seats of its team (empty in games without partners).
    pub partners: Vec<Seat>,
    pub clock: Option<Clock>,
    /// Points as the game writes them (three-player quarters), in games that score points.
    pub score: Option<String>,
    /// Material on the board and in hand in pawns, from the search's value table (what the
    /// viewer sees).
    pub material: i32,
    /// How many pawns of material this seat is ahead of the strongest opponent still playing;
    /// 0 when it is not ahead, when it is out, and where the viewer does not see every piece
    /// (fog of war, a hand-over). The shells show it as `+N`.
    pub lead: i32,
    /// The pieces this seat has taken (glyphs in the owner's army), in order; empty in games
    /// where nothing is captured.
    pub captured: Vec<Captured>,
}

/// A captured piece as the screen draws it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    pub glyph: String,
    pub army: String,
    pub letter: String,
}

/// A seat's part in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatState {
    Playing,
    /// Its king walks on its own (its player resigned or ran out of time).
    WalkingKing,
    /// Out of the game (its army grey or gone).
    Out,
}

/// The phase of a turn in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub what: Message,
    pub hint: Message,
}

/// What must be settled before play goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// The device goes to this seat's player before anything is shown (fog of war).
    HandOver { seat: Seat },
    /// The tapped target is a promotion: one option per kind (`=`: not promoting).
    Promotion { options: Vec<PromotionOption> },
    /// Several different moves land on the tapped cell (a king step that is also castling).
    Moves { options: Vec<String> },
}

/// One promotion choice, drawn as the board would draw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromotionOption {
    pub letter: String,
    pub glyph: String,
    pub army: String,
}

/// A button: press it with [`Intent::Press`] and its index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonView {
    pub label: Message,
    /// The action's text (`e2e2`, `choice:grey`), for records and tests.
    pub text: String,
}

/// One entry of the move list: one turn (a duck turn or a chain is one entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry {
    /// The move number (rounds: `1.` for White's and Black's first moves).
    pub number: u32,
    pub seat: Seat,
    /// The turn in the game's notation (`?` for a move the viewer may not see); an action
    /// that is no move keeps its record text (`resign:1`, `choice:grey`).
    pub text: String,
    /// What an action that is no move says (a resignation, a time-out, a choice).
    pub note: Option<Message>,
}

/// The end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultSheet {
    /// The winning seats (a team wins together); empty for a draw.
    pub winners: Vec<Seat>,
    pub reason: Message,
    /// The headline: who won, or a draw.
    pub headline: Message,
    /// Places and points per seat, best first (games that place or score).
    pub places: Vec<Place>,
    /// What can follow.
    pub follow: Vec<Follow>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub seat: Seat,
    pub place: u8,
    pub points: Option<String>,
}

/// What can follow a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// The same game with the same seats.
    Rematch,
    NewGame,
    /// The game's record as text.
    Export,
}

/// A move's text for records: coordinate text of a move, or the action's own text.
pub fn action_text(game: &Game, a: &Action) -> String {
    match a {
        Action::Move(m) => game.move_text(*m),
        Action::Choose(c) => c.text(),
        Action::Resign(s) => format!("resign:{s}"),
        Action::Timeout(s) => format!("timeout:{s}"),
    }
}
