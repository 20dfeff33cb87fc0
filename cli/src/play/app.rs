//! The terminal player's state machine: menu, setup, play. Plain data and functions, driven
//! by key and mouse events and a clock passed in (`now`), so tests drive it without a
//! terminal; `term.rs` feeds it real events and `ui.rs` draws it.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use rookery_core::board::{Cell, Topology};
use rookery_core::game::{Choice, EndReason, Event, HouseRules};
use rookery_core::message::Message;
use rookery_core::piece::Seat;
use rookery_core::present::{self, Host, Intent, Looker, Pending, Step, Table};
use rookery_core::rules::{self, GameInfo, Group};
use rookery_core::scene::PieceAt;
use rookery_core::{Action, Game};

use super::board::Layout;
use super::bots::BotJob;
use super::session::{Session, Store};
use super::text::{colour_name, error_text, piece_name, t, tf};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Person,
    Bot(u8),
}

impl SeatKind {
    pub fn label(self) -> String {
        match self {
            SeatKind::Person => t("seat-person"),
            // the level with its chess strength, as every shell's picker shows it
            SeatKind::Bot(l) => message_text(&rookery_core::levels::level_label(l)),
        }
    }
    /// The next choice in the setup list (Person, then the core's bot levels).
    fn step(self, delta: i32) -> SeatKind {
        let all: Vec<SeatKind> = std::iter::once(SeatKind::Person)
            .chain(
                rookery_core::levels::bot_levels()
                    .into_iter()
                    .map(|l| SeatKind::Bot(l.level)),
            )
            .collect();
        let i = all.iter().position(|k| *k == self).unwrap_or(0) as i32;
        all[(i + delta).rem_euclid(all.len() as i32) as usize]
    }
}

/// One seat as set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChoice {
    pub colour: &'static str,
    pub name: String,
    pub kind: SeatKind,
}

/// Move limits offered in the setup (total moves; None = no limit).
pub const MOVE_LIMITS: [Option<u32>; 5] = [None, Some(50), Some(100), Some(200), Some(400)];
/// Turn time limits offered (seed 001: none, 30 s or 60 s).
pub const TURN_TIMES: [Option<u32>; 3] = [None, Some(30), Some(60)];

/// A row of the setup form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Seat(usize),
    MoveLimit,
    ShowLegal,
    Rotate,
    TurnTime,
    Start960,
    Begin,
}

/// The setup form of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupForm {
    pub game: &'static str,
    pub seats: Vec<SeatChoice>,
    pub house: HouseRules,
    /// Chess960 start number; None = a random one.
    pub start: Option<u32>,
    pub row: usize,
    /// The seat whose name is being typed.
    pub editing: Option<usize>,
    /// The seat that moves first (the "rotate the first player" house rule moves it one seat
    /// on for each new game).
    pub first_seat: Seat,
    /// A start position given as text (`rookery play --fen`), instead of the usual start.
    pub position: Option<String>,
}

/// Whether a game offers the seed-001 house rules beyond "show legal moves" (the games with
/// more than two players; see docs/rules-decisions.md, "Terminal player").
pub fn has_house_rules(info: &GameInfo) -> bool {
    info.group == Group::MorePlayers
}

fn info_of(id: &str) -> Option<GameInfo> {
    rules::catalogue().into_iter().find(|g| g.id == id)
}

impl SetupForm {
    /// The default setup: the first seat a person, the others bots of the default level, names after
    /// the colours, the seed's default house rules.
    pub fn new(id: &str) -> rookery_core::Result<SetupForm> {
        let v = rules::variant(id)?;
        let info = info_of(id).ok_or_else(|| rookery_core::Error::UnknownGame(id.into()))?;
        let seats = v
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatChoice {
                colour: s.colour,
                name: colour_name(s.colour),
                kind: if i == 0 {
                    SeatKind::Person
                } else {
                    SeatKind::Bot(rookery_core::bot::DEFAULT_LEVEL)
                },
            })
            .collect();
        let mut house = HouseRules::default();
        if !has_house_rules(&info) {
            house.rotate_first_seat = false;
        }
        Ok(SetupForm {
            game: info.id,
            seats,
            house,
            start: None,
            row: 0,
            editing: None,
            first_seat: 0,
            position: None,
        })
    }

    pub fn rows(&self) -> Vec<Row> {
        let mut r: Vec<Row> = (0..self.seats.len()).map(Row::Seat).collect();
        if info_of(self.game).is_some_and(|i| has_house_rules(&i)) {
            r.extend([Row::MoveLimit, Row::ShowLegal, Row::Rotate, Row::TurnTime]);
        } else {
            r.push(Row::ShowLegal);
        }
        if rookery_core::rules::numbered_starts(&self.game).is_some() {
            r.push(Row::Start960);
        }
        r.push(Row::Begin);
        r
    }

    pub fn current(&self) -> Row {
        let rows = self.rows();
        rows[self.row.min(rows.len() - 1)]
    }

    /// Label and value of a row.
    pub fn row_text(&self, row: Row) -> (String, String) {
        let onoff = |b: bool| t(if b { "common-on" } else { "common-off" });
        match row {
            Row::Seat(i) => {
                let s = &self.seats[i];
                let name = if self.editing == Some(i) {
                    format!("{}▏", s.name)
                } else {
                    s.name.clone()
                };
                (
                    colour_name(s.colour),
                    format!("{}  ·  {}", s.kind.label(), name),
                )
            }
            Row::MoveLimit => (
                t("house-move-limit"),
                match self.house.move_limit {
                    None => t("house-move-limit-none"),
                    Some(n) => n.to_string(),
                },
            ),
            Row::ShowLegal => (
                t("house-show-legal-moves"),
                onoff(self.house.show_legal_moves),
            ),
            Row::Rotate => (
                t("house-rotate-first-seat"),
                onoff(self.house.rotate_first_seat),
            ),
            Row::TurnTime => (
                t("house-turn-time"),
                match self.house.turn_seconds {
                    None => t("house-turn-time-none"),
                    Some(s) => tf("house-turn-time-seconds", &[("seconds", &s.to_string())]),
                },
            ),
            Row::Start960 => (
                t("house-start-position"),
                match self.start {
                    None => t("house-start-random"),
                    Some(518) => tf("house-start-classical", &[("number", "518")]),
                    Some(n) => n.to_string(),
                },
            ),
            Row::Begin => (t("action-start-game"), String::new()),
        }
    }

    /// Left/right on the current row.
    pub fn change(&mut self, delta: i32) {
        fn cycle<T: PartialEq + Copy>(all: &[T], cur: T, d: i32) -> T {
            let i = all.iter().position(|x| *x == cur).unwrap_or(0) as i32;
            all[(i + d).rem_euclid(all.len() as i32) as usize]
        }
        match self.current() {
            Row::Seat(i) => self.seats[i].kind = self.seats[i].kind.step(delta),
            Row::MoveLimit => {
                self.house.move_limit = cycle(&MOVE_LIMITS, self.house.move_limit, delta)
            }
            Row::ShowLegal => self.house.show_legal_moves = !self.house.show_legal_moves,
            Row::Rotate => self.house.rotate_first_seat = !self.house.rotate_first_seat,
            Row::TurnTime => {
                self.house.turn_seconds = cycle(&TURN_TIMES, self.house.turn_seconds, delta)
            }
            Row::Start960 => {
                self.start = match self.start {
                    None => Some(if delta > 0 { 0 } else { 959 }),
                    Some(n) => {
                        let m = n as i32 + delta;
                        (0..960).contains(&m).then_some(m as u32)
                    }
                }
            }
            Row::Begin => {}
        }
    }

    /// A digit typed on the start-number row: appended while the number stays below the
    /// count of starts (5, 51, 518), else it begins a new number.
    pub fn type_start(&mut self, d: u32) {
        let count = rookery_core::rules::numbered_starts(self.game).map_or(1, |(n, _)| n);
        self.start = Some(match self.start {
            Some(n) if n * 10 + d < count && n > 0 => n * 10 + d,
            _ => d.min(count - 1),
        });
    }

    /// For "play again" with the rotate house rule: the next seat in turn order moves first.
    pub fn rotate(&mut self) {
        self.first_seat = (self.first_seat + 1) % self.seats.len().max(1) as Seat;
    }
}

/// Something the players can pick in a popup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PopupAction {
    /// An option of the screen's pending promotion or choice of moves.
    Pick(usize),
    /// A button of the screen (a pass, a set-up choice, a decision after a mate).
    Press(usize),
    Resign(Seat),
    BotsFinish,
    EndGame,
    Leave,
    Quit,
    Close,
}

/// A small menu over the board: promotion, confirmations, the three-player choice.
#[derive(Clone, Debug)]
pub struct Popup {
    pub title: String,
    pub items: Vec<(String, PopupAction)>,
    pub cursor: usize,
    /// Where it was drawn (for mouse clicks).
    pub area: Option<Rect>,
    /// Whether Esc may close it.
    pub closable: bool,
}

impl Popup {
    fn new(title: impl Into<String>, items: Vec<(String, PopupAction)>) -> Popup {
        Popup {
            title: title.into(),
            items,
            cursor: 0,
            area: None,
            closable: true,
        }
    }
    /// The item under a screen position (rows inside the border).
    pub fn item_at(&self, col: u16, row: u16) -> Option<usize> {
        let a = self.area?;
        if col <= a.x || col + 1 >= a.right() || row <= a.y || row + 1 >= a.bottom() {
            return None;
        }
        let i = (row - a.y - 1) as usize;
        (i < self.items.len()).then_some(i)
    }
}

/// A game being played.
pub struct Play {
    pub session: Session,
    pub form: SetupForm,
    /// The game screen as the core decides it (selection, review, hand-over, fog of war):
    /// everything drawn comes from its [`present::Screen`], every key and click goes to it as
    /// a [`present::Intent`].
    pub table: Table,
    /// The selection the typed text made (a cell, or a kind in hand typed as `N@`).
    pub typed_pick: Option<TypedPick>,
    pub input: String,
    pub message: String,
    pub error: bool,
    pub popup: Option<Popup>,
    pub layout: Option<Layout>,
    /// Where the pieces in hand were drawn (for mouse clicks): screen area, seat, kind.
    pub hand_slots: Vec<(Rect, Seat, u8)>,
    pub flip: bool,
    pub bot: Option<BotJob>,
    /// Each seat's bot tables, kept from one of its moves to its next in this game
    /// ([`rookery_core::bot::BotSeat`]).
    pub seats: Vec<std::sync::Arc<rookery_core::bot::BotSeat>>,
    /// The players' answer to "no person is still playing": None = not asked yet.
    pub bots_finish: Option<bool>,
    /// When the current turn started (turn clock, bot pace).
    pub turn_started: Instant,
    /// The players ended the game early (no person was still playing).
    pub ended_by_players: bool,
    /// The numbered start of the game (Chess960), shown in the panel.
    pub start_number: Option<u32>,
    /// How fast bots move when no person plays: an index into [`PACES`].
    pub pace: usize,
    /// Bots wait (the players paused them with `p`).
    pub paused: bool,
    /// The ply at which no person was playing any more (bots play on from there).
    pub bots_since: Option<usize>,
    /// Esc was pressed on an empty input: a second Esc right after leaves for the menu (one
    /// Esc too many never sends the next keys into the menu).
    pub esc_armed: bool,
}

/// What the typed text selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypedPick {
    Cell(Cell),
    Hand(u8),
}

/// The play screen keeps the game for its [`Table`]: the session saves every action.
impl Host for Play {
    fn game(&self) -> &Game {
        self.session.game()
    }
    fn players(&self) -> Vec<present::Player> {
        self.form
            .seats
            .iter()
            .map(|s| present::Player {
                name: s.name.clone(),
                bot: match s.kind {
                    SeatKind::Bot(l) => Some(l),
                    SeatKind::Person => None,
                },
            })
            .collect()
    }
    fn act(&mut self, a: Action) -> rookery_core::Result<()> {
        self.session.act(a)
    }
    fn undo(&mut self) -> rookery_core::Result<()> {
        self.session.undo()
    }
    fn redo(&mut self) -> rookery_core::Result<()> {
        self.session.redo()
    }
    fn set_player(&mut self, seat: Seat, p: present::Player) -> rookery_core::Result<()> {
        let slot = self
            .form
            .seats
            .get_mut(seat as usize)
            .ok_or_else(|| rookery_core::Error::BadInput(format!("no seat {seat}")))?;
        slot.kind = p.bot.map_or(SeatKind::Person, SeatKind::Bot);
        if !p.name.is_empty() {
            slot.name = p.name;
        }
        Ok(())
    }
}

impl Drop for Play {
    /// Leaving the game (the menu, quitting) saves its turn clock: a resumed game goes on with
    /// the time that was left. A kill saves nothing (docs/rules-decisions.md).
    fn drop(&mut self) {
        let spent = Instant::now().saturating_duration_since(self.turn_started);
        let _ = self.session.save_turn_time(spent);
    }
}

/// Bot paces with only bots playing: factors of the bot delay, slowest first, and their names.
pub const PACES: [(f32, &str); 4] = [
    (3.0, "pace-slow"),
    (1.0, "pace-normal"),
    (0.25, "pace-fast"),
    (0.0, "pace-fastest"),
];
/// The pace a game starts with.
pub const DEFAULT_PACE: usize = 1;

/// Adjudication of games that only bots play on (docs/rules-decisions.md, "Terminal player:
/// bots playing on"): rounds of every seat without a capture, a player going out or a score,
/// after which the game ends as the players would end it ("End the game")...
pub const QUIET_ROUNDS: usize = 25;
/// ... and rounds after which it ends in any case.
pub const MAX_BOT_ROUNDS: usize = 100;

impl Play {
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    pub fn seats(&self) -> &[SeatChoice] {
        &self.form.seats
    }

    pub fn kind(&self, s: Seat) -> SeatKind {
        self.form
            .seats
            .get(s as usize)
            .map_or(SeatKind::Person, |c| c.kind)
    }

    pub fn name(&self, s: Seat) -> String {
        self.form.seats.get(s as usize).map_or_else(
            || tf("seat-number", &[("seat", &s.to_string())]),
            |c| c.name.clone(),
        )
    }

    pub fn is_over(&self) -> bool {
        self.game().is_over() || self.ended_by_players
    }

    /// Whether a seat no longer plays: out of the turn order, or resigned or timed out with
    /// its king walking on (free for all).
    pub fn is_out(&self, s: Seat) -> bool {
        !rules::multi::is_active(self.game().position(), s)
    }

    /// Whether only bots make moves now (no person seated, or none still playing).
    pub fn bots_only(&self) -> bool {
        !self.person_in_play()
    }

    /// The bots' pace line, shown while only bots play.
    pub fn pace_text(&self) -> Option<String> {
        if !self.bots_only() || self.is_over() || self.bots_finish != Some(true) {
            return None;
        }
        let pace = if self.paused {
            t("pace-paused")
        } else {
            t(PACES[self.pace].1)
        };
        Some(tf("status-bot-pace", &[("pace", &pace)]))
    }

    fn any_person_seated(&self) -> bool {
        self.form.seats.iter().any(|s| s.kind == SeatKind::Person)
    }

    /// Whether some person at the board still plays (in pair and team games a person's
    /// partner still playing counts only if a person plays it too).
    pub fn person_in_play(&self) -> bool {
        let humans: Vec<bool> = self
            .form
            .seats
            .iter()
            .map(|s| s.kind == SeatKind::Person)
            .collect();
        !self.game().no_person_playing(&humans)
    }

    /// The seat to move if a person plays it and the game goes on.
    pub fn person_to_move(&self) -> Option<Seat> {
        let g = self.game();
        let s = g.position().turn();
        (!self.is_over() && !g.choice_pending() && self.kind(s) == SeatKind::Person).then_some(s)
    }

    /// The game screen now, as the core decides it for whoever looks at this keyboard.
    pub fn screen(&self) -> present::Screen {
        self.table.screen(self)
    }

    /// The selected cell, if any (as the screen marks it).
    pub fn selected(&self) -> Option<Cell> {
        self.screen()
            .scene
            .cells
            .iter()
            .find(|c| c.selected)
            .map(|c| c.cell)
    }

    /// Cells the selected piece can reach, as the screen marks them.
    pub fn targets(&self) -> Vec<Cell> {
        self.screen()
            .scene
            .cells
            .iter()
            .filter(|c| c.target)
            .map(|c| c.cell)
            .collect()
    }

    /// What every cell shows, from the screen's board scene (as drawn, before the house
    /// rule that hides targets).
    pub fn cell_views(&self) -> Vec<super::board::CellView> {
        super::board::cell_views(
            &self.screen().scene,
            self.game().variant.board.len(),
            self.flip,
        )
    }

    /// Targets to draw: only when the house rule shows legal moves.
    pub fn shown_targets(&self) -> Vec<Cell> {
        if self.game().house.show_legal_moves {
            self.targets()
        } else {
            Vec::new()
        }
    }

    fn say(&mut self, s: impl Into<String>) {
        self.message = s.into();
        self.error = false;
    }
    fn fail(&mut self, s: impl Into<String>) {
        self.message = s.into();
        self.error = true;
    }

    /// Sends an intent to the game screen; returns whether the game changed. The screen's
    /// notices (a refusal and its reason, or what the rules did) become the message line; a
    /// pending promotion or choice of moves opens its menu.
    pub fn intent(&mut self, i: Intent, now: Instant) -> bool {
        let before = (self.game().ply_count(), self.game().redo_count());
        let mut table = std::mem::replace(&mut self.table, Table::new(Looker::Device));
        let r = table.apply(self, i);
        self.table = table;
        match r {
            Ok(s) => {
                let changed = (self.game().ply_count(), self.game().redo_count()) != before;
                if changed {
                    self.after_change(now);
                }
                let text: Vec<String> = s.notices.iter().map(message_text).collect();
                self.message = text.join(" · ");
                self.error = !changed && !s.notices.is_empty();
                self.offer_pending(&s);
                changed
            }
            Err(e) => {
                self.fail(error_text(&e));
                false
            }
        }
    }

    /// Applies an action decided here (a bot's move, a time-out).
    pub fn act(&mut self, a: Action, now: Instant) {
        self.intent(Intent::Play(a), now);
    }

    fn after_change(&mut self, now: Instant) {
        self.input.clear();
        self.typed_pick = None;
        self.bot = None;
        self.turn_started = now;
        // a promotion menu or a resign question belongs to the turn that just ended; the
        // "leave this game?" question stays open
        let keep = self
            .popup
            .as_ref()
            .is_some_and(|p| p.items.iter().any(|(_, a)| matches!(a, PopupAction::Leave)));
        if !keep {
            self.popup = None;
        }
    }

    /// The menu of the screen's pending promotion or choice among moves.
    fn offer_pending(&mut self, s: &present::Screen) {
        let v = self.game().variant;
        let (title, items): (String, Vec<String>) = match &s.pending {
            Some(Pending::Promotion { options }) => (
                t("prompt-promote-to"),
                options
                    .iter()
                    .map(|o| {
                        let name = o
                            .letter
                            .chars()
                            .next()
                            .and_then(|l| v.piece_by_letter(l))
                            .and_then(|k| v.pieces.get(k as usize))
                            .map_or_else(|| o.letter.clone(), |p| piece_name(p.name));
                        format!("{name} ({})", o.letter)
                    })
                    .collect(),
            ),
            Some(Pending::Moves { options }) => (
                t("prompt-which-move"),
                options
                    .iter()
                    .map(|m| tf("prompt-move", &[("move", m)]))
                    .collect(),
            ),
            _ => return,
        };
        let items = items
            .into_iter()
            .enumerate()
            .map(|(i, l)| (l, PopupAction::Pick(i)))
            .collect();
        self.popup = Some(Popup::new(title, items));
    }

    /// Undo: back to the last turn a person played (bots' replies are taken back too).
    pub fn undo(&mut self, now: Instant) {
        self.bot = None;
        if !self.intent(Intent::Undo, now) {
            return;
        }
        self.ended_by_players = false;
        while self.any_person_seated()
            && self.game().ply_count() > 0
            && self.kind(self.game().position().turn()) != SeatKind::Person
            && self.intent(Intent::Undo, now)
        {}
        self.say(tf(
            "status-taken-back",
            &[("ply", &self.game().ply_count().to_string())],
        ));
    }

    /// Redo: forward to the next turn a person plays.
    pub fn redo(&mut self, now: Instant) {
        self.bot = None;
        if !self.intent(Intent::Redo, now) {
            return;
        }
        while self.any_person_seated()
            && self.game().redo_count() > 0
            && self.kind(self.game().position().turn()) != SeatKind::Person
            && self.intent(Intent::Redo, now)
        {}
        self.say(tf(
            "status-forward",
            &[("ply", &self.game().ply_count().to_string())],
        ));
    }

    /// Selects what the typed text starts with: a kind in hand typed as `N@` (or `N*`), or the
    /// leading cell when the screen shows a piece of the seat to move there.
    fn select_from_input(&mut self, now: Instant) {
        if self.person_to_move().is_none() {
            return;
        }
        let s = self.screen();
        if s.pending.is_some() || s.review.is_some() {
            return;
        }
        let v = self.game().variant;
        let mut typed = self.input.chars();
        let want = match (typed.next(), typed.next()) {
            (Some(letter), Some('@' | '*')) if v.hand.is_some() => v
                .piece_by_letter(letter.to_ascii_uppercase())
                .map(TypedPick::Hand),
            _ => {
                let mover = s.bars.iter().find(|b| b.to_move).map(|b| b.seat);
                leading_cell(&self.input, &v.board)
                    .filter(|&c| {
                        s.scene.pieces.iter().any(|p| {
                            p.at == PieceAt::Cell(c) && p.owner.is_some() && p.owner == mover
                        })
                    })
                    .map(TypedPick::Cell)
            }
        };
        if want == self.typed_pick {
            return;
        }
        let (message, error) = (self.message.clone(), self.error);
        self.intent(Intent::Dismiss, now);
        match want {
            Some(TypedPick::Cell(c)) => {
                self.intent(Intent::Tap(c), now);
            }
            Some(TypedPick::Hand(k)) => {
                self.intent(Intent::TapHand(k), now);
            }
            None => {}
        }
        // selecting while typing says nothing
        self.message = message;
        self.error = error;
        self.typed_pick = want;
    }

    /// Enter: plays the typed move (two cells as a tap on each, so a promotion or a choice
    /// among moves asks which), or the steps of one turn separated by commas.
    pub fn submit(&mut self, now: Instant) {
        let text = self.input.trim().to_string();
        if text.is_empty() {
            return;
        }
        let Some(_) = self.person_to_move() else {
            self.fail(self.not_your_turn());
            return;
        };
        if text.contains(',') {
            // the steps of one turn at once (duck chess: `e2e4,e4h5`)
            for part in text.split(',') {
                if !self.intent(Intent::Type(part.trim().to_string()), now) {
                    break;
                }
            }
            return;
        }
        // the move as typed, in the game's notation: the core plays it, or asks which (two
        // cells of a promotion), or says why not
        self.intent(Intent::Type(text), now);
    }

    fn not_your_turn(&self) -> String {
        let g = self.game();
        if self.is_over() {
            t("status-game-over")
        } else if g.choice_pending() {
            t("status-choice-pending")
        } else {
            tf(
                "status-turn-of",
                &[("player", &self.name(g.position().turn()))],
            )
        }
    }

    /// A click on a board cell: the screen selects a piece, plays to a target or says why not.
    pub fn click_cell(&mut self, c: Cell, now: Instant) {
        if self.person_to_move().is_none() {
            self.fail(self.not_your_turn());
            return;
        }
        self.typed_pick = None;
        self.input.clear();
        self.intent(Intent::Tap(c), now);
    }

    /// A click on a piece in hand (crazyhouse, shogi): of the seat to move, it selects the
    /// kind for a drop (a click on a target then drops it; a second click deselects).
    pub fn click_hand(&mut self, seat: Seat, kind: u8, now: Instant) {
        if self.person_to_move().is_none() || seat != self.game().position().turn() {
            self.fail(self.not_your_turn());
            return;
        }
        self.typed_pick = None;
        self.input.clear();
        self.intent(Intent::TapHand(kind), now);
    }

    /// The screen's buttons (a pass, janggi's set-up choice, shogi's impasse declaration, the
    /// decision after a mate) as a menu.
    fn offer_buttons(&mut self) {
        if self.person_to_move().is_none() && !self.game().choice_pending() {
            self.fail(self.not_your_turn());
            return;
        }
        let s = self.screen();
        if s.buttons.is_empty() {
            self.fail(t("status-no-other-moves"));
            return;
        }
        let items: Vec<(String, PopupAction)> = s
            .buttons
            .iter()
            .enumerate()
            .map(|(i, b)| (message_text(&b.label), PopupAction::Press(i)))
            .collect();
        // buttons of one kind (janggi's set-up choices) get that kind's title where the
        // messages have one (`prompt-<label key>`), else "Other moves"
        let first = s.buttons.first().map(|b| format!("prompt-{}", b.label.key));
        let title = match first {
            Some(k)
                if crate::i18n::has(&k)
                    && s.buttons
                        .iter()
                        .all(|b| format!("prompt-{}", b.label.key) == k) =>
            {
                t(&k)
            }
            _ => t("prompt-other-moves"),
        };
        self.popup = Some(Popup::new(title, items));
    }

    fn offer_resign(&mut self) {
        match self.person_to_move() {
            Some(s) => {
                self.popup = Some(Popup::new(
                    tf("prompt-resign-for", &[("player", &self.name(s))]),
                    vec![
                        (
                            tf("prompt-resign-yes", &[("player", &self.name(s))]),
                            PopupAction::Resign(s),
                        ),
                        (t("prompt-resign-no"), PopupAction::Close),
                    ],
                ));
            }
            None => self.fail(self.not_your_turn()),
        }
    }

    fn choice_popup(&self) -> Popup {
        let items = self
            .screen()
            .buttons
            .iter()
            .enumerate()
            .map(|(i, b)| (message_text(&b.label), PopupAction::Press(i)))
            .collect();
        let mut p = Popup::new(t("prompt-mate-what-now"), items);
        p.closable = false;
        p
    }

    /// Runs a popup item.
    fn pick(&mut self, a: PopupAction, now: Instant) -> Transition {
        self.popup = None;
        match a {
            PopupAction::Pick(i) => {
                self.intent(Intent::Pick(i), now);
            }
            PopupAction::Press(i) => {
                self.intent(Intent::Press(i), now);
            }
            PopupAction::Resign(s) => {
                self.intent(Intent::Resign(s), now);
            }
            PopupAction::BotsFinish => {
                self.bots_finish = Some(true);
                self.turn_started = now;
            }
            PopupAction::EndGame => self.end_now(now, t("end-agreement")),
            PopupAction::Leave => return Transition::Menu,
            PopupAction::Quit => return Transition::Quit,
            PopupAction::Close => {}
        }
        Transition::Stay
    }

    /// Review: steps through earlier positions of the move list (the screen refuses moves
    /// until it is back at the live position).
    pub fn review(&mut self, step: Step, now: Instant) {
        self.input.clear();
        self.typed_pick = None;
        self.intent(Intent::Review(step), now);
    }
    /// Ends the game as the players do with "End the game": the rules end it by agreement
    /// where the game allows that (places by points); elsewhere it is kept as abandoned,
    /// without a result. `why` is said.
    fn end_now(&mut self, now: Instant, why: String) {
        self.bots_finish = Some(false);
        self.bot = None;
        if self.game().choices().contains(&Choice::End)
            && self.intent(Intent::Play(Action::Choose(Choice::End)), now)
        {
            self.say(why);
        } else {
            self.ended_by_players = true;
            match self.session.finish(None) {
                Ok(()) => self.say(why),
                Err(e) => self.fail(error_text(&e)),
            }
        }
    }

    /// Whether a game that only bots play on, since ply `since`, is to be adjudicated, and why
    /// (docs/rules-decisions.md): [`QUIET_ROUNDS`] rounds of the seats still playing without a
    /// capture, a player going out or a score, or [`MAX_BOT_ROUNDS`] rounds in all.
    pub fn adjudication(&self, since: usize) -> Option<String> {
        let g = self.game();
        let n = g.variant.seat_count() as Seat;
        let active = (0..n).filter(|&s| !self.is_out(s)).count().max(1);
        let played = g.ply_count().saturating_sub(since);
        if played >= MAX_BOT_ROUNDS * active {
            return Some(tf(
                "end-adjudicated-long",
                &[("rounds", &MAX_BOT_ROUNDS.to_string())],
            ));
        }
        let quiet = QUIET_ROUNDS * active;
        if played < quiet {
            return None;
        }
        let plies = g.plies();
        let pieces = |pos: &rookery_core::position::Position| {
            (0..g.variant.board.len() as Cell)
                .filter(|&c| pos.at(c).is_some())
                .count()
        };
        let last = &plies[plies.len() - quiet..];
        let before = plies
            .len()
            .checked_sub(quiet + 1)
            .map_or(&g.start, |i| &plies[i].after);
        let mut count = pieces(before);
        for p in last {
            let eventful = p.events.iter().any(|e| !matches!(e, Event::Walked { .. }));
            let now_count = pieces(&p.after);
            if eventful || now_count != count {
                return None;
            }
            count = now_count;
        }
        Some(tf(
            "end-adjudicated-quiet",
            &[("rounds", &QUIET_ROUNDS.to_string())],
        ))
    }

    /// Clock work: the turn timer, pending choices, the "no person playing" offer, bots.
    pub fn tick(&mut self, now: Instant, opts: &Options) {
        if self.is_over() {
            self.bot = None;
            return;
        }
        if self.popup.as_ref().is_some_and(|p| !p.closable) {
            return;
        }
        let g = self.game();
        let turn = g.position().turn();
        let pending = g.choice_pending();
        if pending && self.person_in_play() {
            self.bot = None;
            if self.popup.is_none() && !self.screen().buttons.is_empty() {
                self.popup = Some(self.choice_popup());
            }
            return;
        }
        if !pending {
            if let Some(secs) = g.house.turn_seconds {
                if now.saturating_duration_since(self.turn_started)
                    >= Duration::from_secs(secs as u64)
                {
                    self.act(Action::Timeout(turn), now);
                    return;
                }
            }
        }
        if self.any_person_seated() && !self.person_in_play() {
            match self.bots_finish {
                None => {
                    if self.popup.is_none() {
                        let mut p = Popup::new(
                            t("prompt-no-person-playing"),
                            vec![
                                (t("action-let-bots-finish"), PopupAction::BotsFinish),
                                (t("action-end-game"), PopupAction::EndGame),
                            ],
                        );
                        p.closable = false;
                        self.popup = Some(p);
                    }
                    return;
                }
                Some(false) => return,
                Some(true) => {}
            }
        }
        if self.bots_only() {
            let since = *self.bots_since.get_or_insert(self.game().ply_count());
            if let Some(why) = self.adjudication(since) {
                self.end_now(now, why);
                return;
            }
            if self.paused {
                // the clock of a paused turn does not run
                self.turn_started = now;
                return;
            }
        } else {
            self.bots_since = None;
        }
        if self.popup.is_none()
            && self.person_to_move().is_some()
            && !self.game().legal_moves().is_empty()
            && self
                .game()
                .legal_moves()
                .iter()
                .all(|&m| rules::button(self.game().position(), m).is_some())
            && self.screen().pending.is_none()
            && !self.screen().buttons.is_empty()
        {
            // only buttons to press (janggi's set-up choice): offer them at once
            self.offer_buttons();
            return;
        }
        let level = match self.kind(turn) {
            SeatKind::Bot(l) => l,
            SeatKind::Person if pending => 1,
            SeatKind::Person => return,
        };
        let seed = self.game().seed ^ (turn as u64 + 1).wrapping_mul(0x9e37_79b9);
        if opts.sync_bots {
            match BotJob::run_now(&self.seats[turn as usize], self.game(), level, seed) {
                Some(a) => self.act(a, now),
                None => self.fail(t("status-bot-found-nothing")),
            }
            return;
        }
        if self.bot.is_none() {
            let seat = self.seats[turn as usize].clone();
            self.bot = Some(BotJob::start(seat, self.game(), level, seed));
        }
        let ply = self.game().ply_count();
        let delay = if self.bots_only() {
            opts.bot_delay.mul_f32(PACES[self.pace].0)
        } else {
            opts.bot_delay
        };
        let ready = now.saturating_duration_since(self.turn_started) >= delay;
        if let Some(job) = &mut self.bot {
            match job.poll() {
                Some(Some(a)) if ready && job.ply == ply => self.act(a, now),
                Some(None) => {
                    self.bot = None;
                    self.fail(t("status-bot-found-nothing"));
                }
                _ => {}
            }
        }
    }

    /// The result line, when the game is over: the screen's result sheet.
    pub fn result_text(&self) -> Option<String> {
        match self.screen().result {
            Some(r) => Some(tf(
                "result-line",
                &[
                    ("result", &message_text(&r.headline)),
                    ("reason", &message_text(&r.reason)),
                ],
            )),
            None => self
                .ended_by_players
                .then(|| tf("result-no-result", &[("reason", &t("end-agreement"))])),
        }
    }
}

/// How a score reads: three-player chess keeps quarter points (core).
pub fn score_text(g: &Game, points: i32) -> String {
    rookery_core::interact::score_text(g, points)
}

/// A core message in the player's language (an argument that is a message key, such as an
/// army's colour name `colour-white`, is translated too).
pub fn message_text(m: &Message) -> String {
    let args: Vec<(&str, String)> = m
        .args
        .iter()
        .map(|(n, v)| {
            let v = if v.contains('-') && crate::i18n::has(v) {
                t(v)
            } else {
                v.clone()
            };
            (*n, v)
        })
        .collect();
    let args: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
    tf(m.key, &args)
}

pub fn end_text(r: EndReason) -> String {
    t(crate::i18n::end_key(r))
}

/// The cell named at the start of `text` (the longest name that fits: `a1` then `a10`).
pub fn leading_cell(text: &str, t: &Topology) -> Option<Cell> {
    let s = text.trim().to_ascii_lowercase();
    let b = s.as_bytes();
    if b.is_empty() || !b[0].is_ascii_lowercase() {
        return None;
    }
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    t.cell(&s[..i])
}

/// How far PageUp and PageDown move the menu's cursor.
pub const MENU_PAGE: usize = 10;

/// Menu entries.
#[derive(Clone, Debug)]
pub enum MenuItem {
    Header(String),
    Game(GameInfo),
    /// A saved game: continued when playing, reviewed when finished.
    Continue {
        id: u64,
        label: String,
        finished: bool,
    },
    /// "All saved games (N)": shows the saved games beyond the most recent.
    MoreSaved(usize),
    Quit,
}

impl MenuItem {
    pub fn selectable(&self) -> bool {
        match self {
            MenuItem::Header(_) => false,
            _ => true,
        }
    }
}

pub struct Menu {
    pub items: Vec<MenuItem>,
    pub cursor: usize,
    pub message: String,
    /// Where the list was drawn (for mouse clicks): first row and scroll offset.
    pub list_area: Option<Rect>,
    pub scroll: usize,
    /// Every saved game is listed, not only the most recent.
    pub all_saved: bool,
    /// A saved game being renamed (typed keys go to its name).
    pub renaming: Option<Renaming>,
    /// A saved game whose deletion was asked once (a second `d` deletes it).
    pub deleting: Option<u64>,
}

/// What the menu's cursor was on, so the menu opens there again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuPick {
    Game(&'static str),
    Saved(u64),
    MoreSaved,
}

/// How many saved games the menu shows before "All saved games".
pub const RECENT_SAVED: usize = 5;

/// A rename in progress in the menu: the saved game and the name typed so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renaming {
    pub id: u64,
    pub name: String,
}

impl Menu {
    /// The menu: the saved games (the most recent, or all of them with `all`), then every game.
    pub fn new(saved: Vec<super::session::SavedEntry>, show_all: bool) -> Menu {
        let mut items = Vec::new();
        if !saved.is_empty() {
            items.push(MenuItem::Header(t("menu-saved-games")));
            let total = saved.len();
            let shown = if show_all {
                total
            } else {
                total.min(RECENT_SAVED)
            };
            for e in saved.into_iter().take(shown) {
                items.push(MenuItem::Continue {
                    id: e.id,
                    label: e.label,
                    finished: e.finished,
                });
            }
            if shown < total {
                items.push(MenuItem::MoreSaved(total));
            }
        }
        let groups = [Group::ChessVariants, Group::ChessFamily, Group::MorePlayers];
        let all = rules::catalogue();
        for g in groups {
            items.push(MenuItem::Header(t(crate::i18n::group_key(g))));
            // playable games first within a group
            let mut gs: Vec<&GameInfo> = all.iter().filter(|i| i.group == g).collect();
            gs.sort_by_key(|i| !i.playable);
            items.extend(gs.into_iter().cloned().map(MenuItem::Game));
        }
        items.push(MenuItem::Quit);
        let cursor = items.iter().position(|i| i.selectable()).unwrap_or(0);
        Menu {
            items,
            cursor,
            message: String::new(),
            list_area: None,
            scroll: 0,
            all_saved: show_all,
            renaming: None,
            deleting: None,
        }
    }

    /// Puts the cursor on the item `pick` names (the game or saved game chosen last), if any.
    pub fn point_at(&mut self, pick: &MenuPick) {
        let found = self.items.iter().position(|it| match (it, pick) {
            (MenuItem::Game(g), MenuPick::Game(id)) => g.id == *id,
            (MenuItem::Continue { id, .. }, MenuPick::Saved(s)) => id == s,
            (MenuItem::MoreSaved(_), MenuPick::MoreSaved) => true,
            _ => false,
        });
        if let Some(i) = found {
            self.cursor = i;
        }
    }

    /// The saved game under the cursor.
    pub fn saved_at_cursor(&self) -> Option<u64> {
        match self.items.get(self.cursor) {
            Some(MenuItem::Continue { id, .. }) => Some(*id),
            _ => None,
        }
    }

    fn step(&mut self, d: i32) {
        let n = self.items.len() as i32;
        let mut i = self.cursor as i32;
        for _ in 0..n {
            i = (i + d).rem_euclid(n);
            if self.items[i as usize].selectable() {
                self.cursor = i as usize;
                return;
            }
        }
    }
}

/// Where the app goes next after an event.
#[derive(Debug, PartialEq, Eq)]
pub enum Transition {
    Stay,
    Menu,
    Quit,
}

pub enum Screen {
    Menu(Menu),
    Setup(SetupForm),
    Play(Box<Play>),
    /// A game's rules page, over the screen it was opened from.
    Rules(Box<RulesView>),
}

use crate::markdown::Block;
pub use crate::markdown::PageLine;

/// A game's rules page (`assets/rules/<lang>/<game-id>.md`) in the terminal.
pub struct RulesView {
    pub game: &'static str,
    /// The page's blocks (see `crate::markdown`), then the start position.
    pub lines: Vec<Block>,
    pub scroll: usize,
    /// The screen to go back to.
    pub back: Screen,
    pub opened: Instant,
}

/// Whether a rules page says it describes a game that is not playable yet.
pub fn page_is_planned(md: &str) -> bool {
    md.lines()
        .next()
        .is_some_and(|l| l.contains("status=planned"))
}

impl RulesView {
    pub fn new(game: &'static str, back: Screen, now: Instant) -> RulesView {
        let md = crate::i18n::rules_page(game).unwrap_or("");
        let mut lines = Vec::new();
        if page_is_planned(md) {
            lines.push(Block::new(PageLine::Note, t("rules-not-playable")));
            lines.push(Block::new(PageLine::Blank, ""));
        }
        lines.extend(crate::markdown::blocks(md));
        lines.extend(super::howto::section(game));
        // the start position, drawn by the engine, for games it can play
        let playable = rules::catalogue()
            .iter()
            .any(|g| g.id == game && g.playable);
        if playable {
            if let Ok(g) = Game::with_options(
                game,
                HouseRules::default(),
                1,
                rules::numbered_starts(game).map(|(_, usual)| usual),
            ) {
                lines.push(Block::new(PageLine::Blank, ""));
                lines.push(Block::new(PageLine::Heading, t("rules-start-position")));
                for b in super::board::text(g.position()).lines() {
                    lines.push(Block::new(PageLine::Pre, b));
                }
            }
        }
        RulesView {
            game,
            lines,
            scroll: 0,
            back,
            opened: now,
        }
    }
}

/// Settings of one run of the terminal player.
#[derive(Clone, Debug)]
pub struct Options {
    /// The least time a bot's move stays "thinking" so people can follow it.
    pub bot_delay: Duration,
    /// Bots answer inside `tick` on this thread (tests).
    pub sync_bots: bool,
    /// Where `e` in the menu writes a saved game's record (the current directory).
    pub export_dir: std::path::PathBuf,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            bot_delay: Duration::from_millis(350),
            sync_bots: false,
            export_dir: std::path::PathBuf::from("."),
        }
    }
}

pub struct App {
    pub screen: Screen,
    pub quit: bool,
    pub opts: Options,
    pub store: Option<Store>,
    /// A note shown in the menu (e.g. a database that had to be moved aside).
    pub notice: String,
    forms: Vec<SetupForm>,
    /// Where the menu's cursor goes when the menu opens again.
    pub last_pick: Option<MenuPick>,
    /// The menu lists every saved game.
    all_saved: bool,
}

fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

impl App {
    pub fn new(opts: Options, store: Option<Store>) -> App {
        let mut app = App {
            screen: Screen::Menu(Menu::new(Vec::new(), false)),
            quit: false,
            opts,
            store,
            notice: String::new(),
            forms: Vec::new(),
            last_pick: None,
            all_saved: false,
        };
        app.open_menu();
        app
    }

    pub fn open_menu(&mut self) {
        let saved = self.store.as_ref().map(|s| s.saved()).unwrap_or_default();
        let mut m = Menu::new(saved, self.all_saved);
        if let Some(p) = &self.last_pick {
            m.point_at(p);
        }
        m.message = self.notice.clone();
        self.screen = Screen::Menu(m);
    }

    /// Opens the setup of a game (the last setup used for it, if any).
    pub fn open_setup(&mut self, id: &str) -> rookery_core::Result<()> {
        let form = match self.forms.iter().find(|f| f.game == id) {
            Some(f) => f.clone(),
            None => SetupForm::new(id)?,
        };
        self.screen = Screen::Setup(SetupForm {
            row: 0,
            editing: None,
            ..form
        });
        Ok(())
    }

    /// Starts a game from a setup form.
    pub fn start(&mut self, mut form: SetupForm, now: Instant) -> rookery_core::Result<()> {
        form.editing = None;
        let seed = time_seed();
        let start = rookery_core::rules::numbered_starts(&form.game)
            .map(|(count, _)| form.start.unwrap_or((seed % count as u64) as u32));
        let start = start.filter(|_| form.position.is_none());
        let session = Session::start(self.store.as_ref(), &form, seed, start)?;
        self.forms.retain(|f| f.game != form.game);
        self.forms.push(form.clone());
        self.screen = Screen::Play(Box::new(self.play_of(session, form, start, now)));
        Ok(())
    }

    fn play_of(
        &self,
        session: Session,
        form: SetupForm,
        start_number: Option<u32>,
        now: Instant,
    ) -> Play {
        let persons: Vec<usize> = (0..form.seats.len())
            .filter(|&i| form.seats[i].kind == SeatKind::Person)
            .collect();
        // a lone person on the far side of a two-player board sees it from their side
        let flip = session.game().variant.seat_count() == 2 && persons == vec![1];
        let bots_finish = persons.is_empty().then_some(true);
        let seats = (0..session.game().variant.seat_count())
            .map(|_| Default::default())
            .collect();
        Play {
            session,
            form,
            table: Table::new(Looker::Device),
            typed_pick: None,
            input: String::new(),
            message: String::new(),
            error: false,
            popup: None,
            layout: None,
            hand_slots: Vec::new(),
            flip,
            bot: None,
            seats,
            bots_finish,
            turn_started: now,
            ended_by_players: false,
            start_number,
            pace: DEFAULT_PACE,
            paused: false,
            bots_since: None,
            esc_armed: false,
        }
    }

    /// Continues a saved game.
    pub fn resume(&mut self, id: u64, now: Instant) -> rookery_core::Result<()> {
        let Some(store) = &self.store else {
            return Err(rookery_core::Error::Store("no saved games here".into()));
        };
        let (session, form) = store.resume(id)?;
        // the turn clock goes on with the time that was left when the game was last left
        let spent = session.turn_time();
        let start = form.start;
        let mut play = self.play_of(session, form, start, now);
        play.turn_started = now.checked_sub(spent).unwrap_or(now);
        self.screen = Screen::Play(Box::new(play));
        Ok(())
    }

    fn key(&mut self, k: KeyEvent, now: Instant) {
        if k.kind == KeyEventKind::Release {
            return;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && k.code == KeyCode::Char('c') {
            // a game that is not saved is lost on quitting: ask once (a second Ctrl-C quits)
            if let Screen::Play(p) = &mut self.screen {
                let asking = p
                    .popup
                    .as_ref()
                    .is_some_and(|x| x.items.iter().any(|(_, a)| *a == PopupAction::Quit));
                if !asking && !p.session.is_saved() && !p.is_over() && p.game().ply_count() > 0 {
                    p.popup = Some(Popup::new(
                        t("prompt-quit-unsaved"),
                        vec![
                            (t("prompt-quit-yes"), PopupAction::Quit),
                            (t("prompt-quit-no"), PopupAction::Close),
                        ],
                    ));
                    return;
                }
            }
            self.quit = true;
            return;
        }
        if let Screen::Menu(m) = &mut self.screen {
            if m.renaming.is_some() {
                return self.rename_key(k);
            }
            if m.deleting.is_some() && !matches!(k.code, KeyCode::Char('d') | KeyCode::Delete) {
                m.deleting = None;
                m.message.clear();
            }
        }
        let tr = match &mut self.screen {
            Screen::Menu(m) => match k.code {
                KeyCode::PageUp => {
                    for _ in 0..MENU_PAGE {
                        m.step(-1);
                    }
                    Transition::Stay
                }
                KeyCode::PageDown => {
                    for _ in 0..MENU_PAGE {
                        m.step(1);
                    }
                    Transition::Stay
                }
                KeyCode::Char('d') | KeyCode::Delete if m.saved_at_cursor().is_some() => {
                    return self.menu_delete();
                }
                KeyCode::Char('n') if m.saved_at_cursor().is_some() => {
                    let id = m.saved_at_cursor().unwrap_or(0);
                    m.renaming = Some(Renaming {
                        id,
                        name: String::new(),
                    });
                    m.message = t("menu-rename-prompt");
                    Transition::Stay
                }
                KeyCode::Char('e') if m.saved_at_cursor().is_some() => {
                    return self.menu_export();
                }
                KeyCode::Up | KeyCode::Char('k') => {
                    m.step(-1);
                    Transition::Stay
                }
                KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                    m.step(1);
                    Transition::Stay
                }
                KeyCode::Enter | KeyCode::Char(' ') => return self.menu_enter(now),
                KeyCode::Char('r') | KeyCode::Char('?') | KeyCode::F(1) => {
                    if let Some(MenuItem::Game(g)) = m.items.get(m.cursor) {
                        let id = g.id;
                        return self.open_rules(id, now);
                    }
                    Transition::Stay
                }
                KeyCode::Char('q') => Transition::Quit,
                // Esc does not quit at once: it says how to (people press it to go "back")
                KeyCode::Esc => {
                    m.message = t("menu-esc-hint");
                    Transition::Stay
                }
                _ => Transition::Stay,
            },
            Screen::Setup(f) => {
                if let Some(i) = f.editing {
                    match k.code {
                        KeyCode::Enter | KeyCode::Esc => {
                            if f.seats[i].name.trim().is_empty() {
                                f.seats[i].name = colour_name(f.seats[i].colour);
                            }
                            f.editing = None;
                        }
                        KeyCode::Backspace => {
                            f.seats[i].name.pop();
                        }
                        KeyCode::Char(c) if !ctrl && f.seats[i].name.chars().count() < 20 => {
                            f.seats[i].name.push(c)
                        }
                        _ => {}
                    }
                    return;
                }
                let n = f.rows().len();
                if matches!(k.code, KeyCode::F(1) | KeyCode::Char('?')) {
                    let id = f.game;
                    return self.open_rules(id, now);
                }
                match k.code {
                    KeyCode::Up | KeyCode::Char('k') => f.row = (f.row + n - 1) % n,
                    KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => f.row = (f.row + 1) % n,
                    KeyCode::Left | KeyCode::Char('h') => f.change(-1),
                    KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => f.change(1),
                    KeyCode::Char('r') if f.current() == Row::Start960 => f.start = None,
                    KeyCode::Char(c) if c.is_ascii_digit() && f.current() == Row::Start960 => {
                        f.type_start(c.to_digit(10).unwrap_or(0))
                    }
                    KeyCode::Backspace if f.current() == Row::Start960 => {
                        f.start = f.start.filter(|&n| n >= 10).map(|n| n / 10)
                    }
                    KeyCode::Enter => match f.current() {
                        Row::Seat(i) => f.editing = Some(i),
                        Row::Begin => {
                            let form = f.clone();
                            if let Err(e) = self.start(form, now) {
                                self.notice = error_text(&e);
                                self.open_menu();
                            }
                            return;
                        }
                        _ => f.change(1),
                    },
                    KeyCode::Char('s') => {
                        let form = f.clone();
                        if let Err(e) = self.start(form, now) {
                            self.notice = error_text(&e);
                            self.open_menu();
                        }
                        return;
                    }
                    KeyCode::Esc | KeyCode::Char('q') => return self.open_menu(),
                    _ => {}
                }
                Transition::Stay
            }
            Screen::Play(p) => {
                let help = k.code == KeyCode::F(1)
                    || (k.code == KeyCode::Char('?') && p.input.is_empty() && p.popup.is_none());
                if help {
                    let id = p.game().id().to_string();
                    return self.open_rules(&id, now);
                }
                play_key(p, k, now)
            }
            Screen::Rules(r) => {
                let page = 10;
                let last = r.lines.len().saturating_sub(1);
                match k.code {
                    KeyCode::Up | KeyCode::Char('k') => r.scroll = r.scroll.saturating_sub(1),
                    KeyCode::Down | KeyCode::Char('j') => r.scroll = (r.scroll + 1).min(last),
                    KeyCode::PageUp => r.scroll = r.scroll.saturating_sub(page),
                    KeyCode::PageDown | KeyCode::Char(' ') => {
                        r.scroll = (r.scroll + page).min(last)
                    }
                    KeyCode::Home => r.scroll = 0,
                    KeyCode::End => r.scroll = last,
                    KeyCode::Esc | KeyCode::Char('q') | KeyCode::F(1) | KeyCode::Enter => {
                        return self.close_rules(now)
                    }
                    _ => {}
                }
                Transition::Stay
            }
        };
        self.follow(tr);
    }

    fn follow(&mut self, tr: Transition) {
        match tr {
            Transition::Stay => {}
            Transition::Menu => self.open_menu(),
            Transition::Quit => self.quit = true,
        }
    }

    /// Shows the rules page of a game over the current screen.
    pub fn open_rules(&mut self, id: &str, now: Instant) {
        let Some(game) = rules::catalogue().into_iter().find(|g| g.id == id) else {
            return;
        };
        let back = std::mem::replace(&mut self.screen, Screen::Menu(Menu::new(Vec::new(), false)));
        self.screen = Screen::Rules(Box::new(RulesView::new(game.id, back, now)));
    }

    /// Back from a rules page; a game's turn clock does not count the time spent reading.
    pub fn close_rules(&mut self, now: Instant) {
        let placeholder = Screen::Menu(Menu::new(Vec::new(), false));
        if let Screen::Rules(r) = std::mem::replace(&mut self.screen, placeholder) {
            let RulesView { back, opened, .. } = *r;
            self.screen = back;
            if let Screen::Play(p) = &mut self.screen {
                p.turn_started += now.saturating_duration_since(opened);
            }
        }
    }

    /// `d` on a saved game: asks once, deletes on the second `d`.
    fn menu_delete(&mut self) {
        let Screen::Menu(m) = &mut self.screen else {
            return;
        };
        let Some(id) = m.saved_at_cursor() else {
            return;
        };
        if m.deleting != Some(id) {
            m.deleting = Some(id);
            m.message = t("menu-delete-confirm");
            return;
        }
        let result = match &self.store {
            Some(s) => s.delete(id),
            None => Ok(()),
        };
        let cursor = m.cursor;
        self.notice = match result {
            Ok(()) => t("menu-deleted"),
            Err(e) => error_text(&e),
        };
        self.last_pick = None;
        self.open_menu();
        self.notice.clear();
        if let Screen::Menu(m) = &mut self.screen {
            // the cursor stays where the deleted game was (on the next one)
            m.cursor = cursor.min(m.items.len().saturating_sub(1));
            if !m.items.get(m.cursor).is_some_and(MenuItem::selectable) {
                m.step(1);
            }
        }
    }

    /// `e` on a saved game: writes its record (PGN, PGN4, ...) to a file in the current
    /// directory and says where.
    fn menu_export(&mut self) {
        let Screen::Menu(m) = &mut self.screen else {
            return;
        };
        let (Some(id), Some(store)) = (m.saved_at_cursor(), &self.store) else {
            return;
        };
        m.message = match store.export(id) {
            Ok((text, ext)) => {
                let path = self.opts.export_dir.join(format!("rookery-{id}.{ext}"));
                match std::fs::write(&path, text) {
                    Ok(()) => tf("menu-exported", &[("path", &path.display().to_string())]),
                    Err(e) => tf(
                        "menu-export-failed",
                        &[
                            ("path", &path.display().to_string()),
                            ("detail", &e.to_string()),
                        ],
                    ),
                }
            }
            Err(e) => error_text(&e),
        };
    }

    /// A key while a saved game is being renamed: letters type, Enter saves, Esc cancels.
    fn rename_key(&mut self, k: KeyEvent) {
        let Screen::Menu(m) = &mut self.screen else {
            return;
        };
        let Some(r) = m.renaming.as_mut() else {
            return;
        };
        match k.code {
            KeyCode::Esc => {
                m.renaming = None;
                m.message.clear();
            }
            KeyCode::Backspace => {
                r.name.pop();
            }
            KeyCode::Char(c)
                if !k.modifiers.contains(KeyModifiers::CONTROL) && r.name.chars().count() < 40 =>
            {
                r.name.push(c)
            }
            KeyCode::Enter => {
                let Renaming { id, name } = r.clone();
                let result = match &self.store {
                    Some(s) => s.rename(id, name.trim()),
                    None => Ok(()),
                };
                self.notice = match result {
                    Ok(()) => String::new(),
                    Err(e) => error_text(&e),
                };
                self.last_pick = Some(MenuPick::Saved(id));
                self.open_menu();
                self.notice.clear();
            }
            _ => {}
        }
    }

    fn menu_enter(&mut self, now: Instant) {
        let Screen::Menu(m) = &self.screen else {
            return;
        };
        self.last_pick = match m.items.get(m.cursor) {
            Some(MenuItem::Game(g)) => Some(MenuPick::Game(g.id)),
            Some(MenuItem::Continue { id, .. }) => Some(MenuPick::Saved(*id)),
            Some(MenuItem::MoreSaved(_)) => Some(MenuPick::MoreSaved),
            _ => self.last_pick.clone(),
        };
        match m.items.get(m.cursor).cloned() {
            Some(MenuItem::MoreSaved(_)) => {
                self.all_saved = true;
                self.open_menu();
            }
            Some(MenuItem::Game(g)) if !g.playable => self.open_rules(g.id, now),
            Some(MenuItem::Game(g)) if g.playable => {
                if let Err(e) = self.open_setup(g.id) {
                    self.notice = error_text(&e);
                    self.open_menu();
                }
            }
            Some(MenuItem::Continue { id, .. }) => {
                if let Err(e) = self.resume(id, now) {
                    self.notice = error_text(&e);
                    self.open_menu();
                }
            }
            Some(MenuItem::Quit) => self.quit = true,
            _ => {}
        }
    }

    pub fn mouse(&mut self, m: MouseEvent, now: Instant) {
        if m.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        match &mut self.screen {
            Screen::Menu(menu) => {
                if let Some(a) = menu.list_area {
                    if m.column >= a.x && m.column < a.right() && m.row >= a.y && m.row < a.bottom()
                    {
                        let i = (m.row - a.y) as usize + menu.scroll;
                        if menu.items.get(i).is_some_and(|it| it.selectable()) {
                            menu.cursor = i;
                            self.menu_enter(now);
                        }
                    }
                }
            }
            Screen::Setup(_) | Screen::Rules(_) => {}
            Screen::Play(p) => {
                if let Some(popup) = &p.popup {
                    if let Some(i) = popup.item_at(m.column, m.row) {
                        let a = popup.items[i].1.clone();
                        let tr = p.pick(a, now);
                        self.follow(tr);
                    }
                    return;
                }
                let slot = p.hand_slots.iter().find(|(r, _, _)| {
                    m.column >= r.x && m.column < r.right() && m.row >= r.y && m.row < r.bottom()
                });
                if let Some(&(_, seat, kind)) = slot {
                    p.click_hand(seat, kind, now);
                    return;
                }
                let Some(l) = p.layout else { return };
                let t = &p.game().variant.board;
                if let Some(c) = l.cell_at(t, m.column, m.row) {
                    p.click_cell(c, now);
                }
            }
        }
    }

    pub fn tick(&mut self, now: Instant) {
        if let Screen::Play(p) = &mut self.screen {
            p.tick(now, &self.opts);
        }
    }

    /// "Play again": a new game with the same setup (rotated if the house rule says so).
    fn play_again(&mut self, now: Instant) {
        let Screen::Play(p) = &self.screen else {
            return;
        };
        let mut form = p.form.clone();
        if form.house.rotate_first_seat {
            form.rotate();
        }
        if let Err(e) = self.start(form, now) {
            self.notice = error_text(&e);
            self.open_menu();
        }
    }
}

fn play_key(p: &mut Play, k: KeyEvent, now: Instant) -> Transition {
    let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
    // the hand-over (fog of war): Enter shows the board to the player now at the keyboard;
    // Esc and the menu keys go on as usual; every other key does nothing
    if let Some(Pending::HandOver { .. }) = p.screen().pending.filter(|_| p.popup.is_none()) {
        match k.code {
            KeyCode::Enter => {
                p.intent(Intent::ConfirmHandOver, now);
                p.message.clear();
                return Transition::Stay;
            }
            KeyCode::Esc => {}
            _ => return Transition::Stay,
        }
    }
    // a yes/no question (leave, quit, resign) is answered or closed by the next key; a key
    // that is no answer closes it and does what it does without the question (never swallowed)
    let question = p
        .popup
        .as_ref()
        .is_some_and(|x| x.closable && x.items.iter().any(|(_, a)| *a == PopupAction::Close));
    let answer = matches!(
        k.code,
        KeyCode::Up | KeyCode::Down | KeyCode::Tab | KeyCode::Enter | KeyCode::Esc
    ) || matches!(k.code, KeyCode::Char(c) if c.is_ascii_digit());
    if question && !answer {
        p.popup = None;
    }
    if p.popup.as_ref().is_some_and(|x| x.items.is_empty()) {
        p.popup = None;
    }
    if let Some(popup) = &mut p.popup {
        let n = popup.items.len();
        match k.code {
            KeyCode::Up => popup.cursor = (popup.cursor + n - 1) % n,
            KeyCode::Down | KeyCode::Tab => popup.cursor = (popup.cursor + 1) % n,
            KeyCode::Enter => {
                let a = popup.items[popup.cursor].1.clone();
                return p.pick(a, now);
            }
            KeyCode::Esc if popup.closable => {
                p.popup = None;
                p.intent(Intent::Dismiss, now);
            }
            KeyCode::Char(c) if c.is_ascii_digit() => {
                let i = c.to_digit(10).unwrap_or(0) as usize;
                if (1..=n).contains(&i) {
                    let a = popup.items[i - 1].1.clone();
                    return p.pick(a, now);
                }
            }
            KeyCode::Char(c) => {
                // promotion by letter: q, r, b, n ...
                let up = c.to_ascii_uppercase().to_string();
                if let Some(Pending::Promotion { options }) = p.screen().pending {
                    if let Some(i) = options.iter().position(|o| o.letter == up) {
                        return p.pick(PopupAction::Pick(i), now);
                    }
                }
            }
            _ => {}
        }
        return Transition::Stay;
    }
    let esc_armed = std::mem::take(&mut p.esc_armed);
    match k.code {
        KeyCode::Char('z') if ctrl => p.undo(now),
        KeyCode::Char('y') if ctrl => p.redo(now),
        KeyCode::Char('r') if ctrl => p.offer_resign(),
        KeyCode::Char('f') if ctrl => p.flip = !p.flip,
        KeyCode::Char('p') if ctrl => p.offer_buttons(),
        KeyCode::Char('n') if ctrl => return Transition::Stay, // handled by App::key
        KeyCode::Esc => {
            if !p.input.is_empty() || p.selected().is_some() {
                p.input.clear();
                p.typed_pick = None;
                p.intent(Intent::Dismiss, now);
                p.message.clear();
            } else if p.is_over() || p.session.is_saved() {
                // a saved game is offered to continue from the menu: nothing to ask, but a
                // second Esc is wanted, so an Esc pressed once too often changes nothing
                if esc_armed {
                    return Transition::Menu;
                }
                p.esc_armed = true;
                p.say(t("prompt-esc-again"));
            } else {
                p.popup = Some(Popup::new(
                    t("prompt-leave"),
                    vec![
                        (t("prompt-leave-yes"), PopupAction::Leave),
                        (t("prompt-leave-no"), PopupAction::Close),
                    ],
                ));
            }
        }
        KeyCode::Enter => p.submit(now),
        // review: earlier positions of the move list, and back to the live game
        KeyCode::Left => p.review(Step::Back, now),
        KeyCode::Right => p.review(Step::Forward, now),
        KeyCode::Home => p.review(Step::First, now),
        KeyCode::End => p.review(Step::Live, now),
        // only bots playing: their pace, and a pause
        KeyCode::Char(c @ ('+' | '-' | 'p')) if p.bots_only() && p.person_to_move().is_none() => {
            match c {
                '+' => p.pace = (p.pace + 1).min(PACES.len() - 1),
                '-' => p.pace = p.pace.saturating_sub(1),
                _ => p.paused = !p.paused,
            }
        }
        KeyCode::Backspace => {
            p.input.pop();
            p.select_from_input(now);
        }
        KeyCode::Char(c) if !ctrl && !c.is_control() => {
            if p.input.len() < 24 {
                p.input.push(c);
            }
            p.select_from_input(now);
        }
        _ => {}
    }
    Transition::Stay
}

impl App {
    /// Keys that change the whole screen from the play screen (Ctrl-N).
    pub fn handle_key(&mut self, k: KeyEvent, now: Instant) {
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl && k.code == KeyCode::Char('n') && k.kind != KeyEventKind::Release {
            if let Screen::Play(p) = &self.screen {
                if p.popup.is_none() {
                    self.play_again(now);
                    return;
                }
            }
        }
        self.key(k, now);
    }
}
