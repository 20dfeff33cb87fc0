//! The one interaction layer of every shell: taps on cells and hand slots become moves.
//!
//! An [`Interaction`] is a small state machine (nothing selected → a piece or a hand kind
//! selected → several moves land on the tapped cell and the player chooses) that reads the
//! [`Game`] but never changes it: a tap that completes a move returns [`Tap::Play`], and the
//! shell plays that move through whatever keeps its game (a saved game, a plain `Game`), then
//! calls [`Interaction::clear`]. The terminal player and the bindings both use it, so a tap
//! sequence means the same in both (`tests/data/taps.json`).
//!
//! - Castling: the king's targets are both the rook's cell and the king's destination (also in
//!   Chess960, where these may be any cells); a cell that is both a plain king step and the
//!   castling destination offers a choice.
//! - Promotion: several moves to one cell differing by the promoted kind offer a choice.
//! - Drops: [`Interaction::tap_hand`] selects a kind in the mover's hand; its targets are the
//!   cells it may be dropped on.
//! - A later step of a turn made only of placements (the duck): a tap on a target places it.
//! - Moves that are not made by tapping cells (a pass, janggi's set-up choice, shogi's impasse
//!   declaration: `rules::button`) and the players' pending choices (three-player chess after a
//!   mate) are [`buttons`] with labels; [`Interaction::press`] makes one. No cell tap makes
//!   them; while a choice is pending, taps are refused with [`illegal::CHOICE_PENDING`].
//! - A move to the selected piece's own cell (sittuyin's promotion in place) is a target like
//!   any other: tapping the selected piece again makes it (else it deselects). When all of a
//!   piece's moves stay on its cell and are a choice (friendly chess: promoting a pawn the
//!   opponent carried there), the first tap offers them.
//! - A promotion that may be declined (shogi) offers its kinds and `=` ([`promotion_letters`]).
//! - Any cell some move starts from may be selected (friendly chess: the piece a chain freed
//!   moves on from the union it left).
//!
//! A refused tap says why as a [`Message`] (see [`explain`]).

use crate::board::{Cell, NO_CELL};
use crate::game::{Action, Choice, Game};
use crate::message::{button, illegal, Message};
use crate::piece::Seat;
use crate::position::{Move, MoveKind, Position};
use crate::view::View;

/// What is selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The piece on this cell.
    Cell(Cell),
    /// A piece of this kind in the hand of the seat to move.
    Hand(u8),
}

/// What a tap did; one result type for every shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tap {
    /// A piece (or a hand kind) is selected; these are the cells it may go to (castling: the
    /// rook's cell and the king's destination).
    Selected { pick: Pick, targets: Vec<Cell> },
    /// Several moves land on the tapped cell (promotion kinds, or a king step that is also
    /// castling): call [`Interaction::choose`] with one of them.
    Choose { moves: Vec<Move> },
    /// This move is complete: the shell plays it, then calls [`Interaction::clear`].
    Play(Move),
    /// A pending choice was pressed ([`Interaction::press`]): the shell plays
    /// `Action::Choose` with it.
    Decide(Choice),
    /// Nothing is selected any more.
    Deselected,
    /// The tap does nothing, for this reason; the selection is cleared.
    Refused(Message),
}

/// The interaction state of one game screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Interaction {
    picked: Option<Pick>,
    /// Moves offered by the last [`Tap::Choose`].
    pending: Vec<Move>,
}

/// Whether `m` lands on `c` as the player sees it (castling: the rook's cell or the king's
/// destination).
pub fn lands_on(pos: &Position, m: &Move, c: Cell) -> bool {
    m.to == c
        || (m.kind == MoveKind::Castle
            && pos
                .castles
                .get(m.aux as usize)
                .is_some_and(|d| d.king_to == c))
}

/// The cells a move may be tapped on.
fn tap_cells(pos: &Position, m: &Move) -> impl Iterator<Item = Cell> {
    let king_to = (m.kind == MoveKind::Castle)
        .then(|| pos.castles.get(m.aux as usize).map(|d| d.king_to))
        .flatten();
    std::iter::once(m.to)
        .chain(king_to)
        .filter(|&c| c != NO_CELL)
}

/// Whether `m` moves a piece that stands on `c` (not a drop).
fn starts_on(m: &Move, c: Cell) -> bool {
    m.from == c && m.kind != MoveKind::Drop
}

fn matches_pick(m: &Move, pick: Pick) -> bool {
    match pick {
        Pick::Cell(c) => m.from == c && m.kind != MoveKind::Drop,
        Pick::Hand(k) => m.kind == MoveKind::Drop && m.aux == k,
    }
}

/// Whether every legal move is a placement (a later step of a turn: the duck).
fn placement_step(moves: &[Move]) -> bool {
    !moves.is_empty() && moves.iter().all(|m| m.kind == MoveKind::Place)
}

/// The legal moves made by tapping cells (not by a button).
fn tappable(game: &Game) -> Vec<Move> {
    let pos = game.position();
    game.legal_moves()
        .into_iter()
        .filter(|&m| crate::rules::button(pos, m).is_none())
        .collect()
}

/// A button for an action made without tapping cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    /// A move of `rules::button` or `Action::Choose` of a pending choice.
    pub action: Action,
    pub label: Message,
}

/// The buttons the players may press now: the pending choices while one is pending, else the
/// legal moves made without tapping cells (a pass, a set-up choice, a declaration); none when
/// the game is over. `name` gives a seat's player name (for `choice-give`).
pub fn buttons(game: &Game, name: impl Fn(Seat) -> String) -> Vec<Button> {
    if game.is_over() {
        return Vec::new();
    }
    if game.choice_pending() {
        return game
            .choices()
            .into_iter()
            .map(|c| Button {
                action: Action::Choose(c),
                label: match c {
                    Choice::End => Message::new(button::CHOICE_END),
                    Choice::PlayOnGrey => Message::new(button::CHOICE_GREY),
                    Choice::PlayOnGiveTo(s) => {
                        Message::new(button::CHOICE_GIVE).with("player", name(s))
                    }
                },
            })
            .collect();
    }
    let pos = game.position();
    game.legal_moves()
        .into_iter()
        .filter_map(|m| {
            crate::rules::button(pos, m).map(|label| Button {
                action: Action::Move(m),
                label,
            })
        })
        .collect()
}

/// The letters of a promotion choice (`Q`, `N`, ...; `=` for the move without promotion where
/// promotion may be declined, as in shogi), when `moves` are one move with several promotions;
/// None for any other choice (a king step that is also castling).
pub fn promotion_letters(game: &Game, moves: &[Move]) -> Option<Vec<String>> {
    let first = moves.first()?;
    let same = moves
        .iter()
        .all(|m| m.from == first.from && m.to == first.to);
    let plain = moves.iter().filter(|m| m.promotion().is_none()).count();
    if moves.len() < 2 || !same || plain > 1 {
        return None;
    }
    Some(
        moves
            .iter()
            .map(|m| {
                m.promotion()
                    .map_or_else(|| "=".to_owned(), |k| game.variant.letter(k).to_string())
            })
            .collect(),
    )
}

impl Interaction {
    pub fn new() -> Interaction {
        Interaction::default()
    }

    pub fn picked(&self) -> Option<Pick> {
        self.picked
    }

    /// The selected cell, if a board piece is selected.
    pub fn selected_cell(&self) -> Option<Cell> {
        match self.picked {
            Some(Pick::Cell(c)) => Some(c),
            _ => None,
        }
    }

    /// Moves waiting for [`Interaction::choose`].
    pub fn pending(&self) -> &[Move] {
        &self.pending
    }

    pub fn clear(&mut self) {
        self.picked = None;
        self.pending.clear();
    }

    /// Selects `c` directly (a shell that selects by typed text); no check.
    pub fn select(&mut self, c: Option<Cell>) {
        self.pending.clear();
        self.picked = c.map(Pick::Cell);
    }

    /// The legal moves of the current pick.
    pub fn moves(&self, game: &Game) -> Vec<Move> {
        let Some(pick) = self.picked else {
            return Vec::new();
        };
        tappable(game)
            .into_iter()
            .filter(|m| matches_pick(m, pick))
            .collect()
    }

    /// The cells the current pick may be tapped to, sorted.
    pub fn targets(&self, game: &Game) -> Vec<Cell> {
        let pos = game.position();
        let mut out: Vec<Cell> = self
            .moves(game)
            .iter()
            .flat_map(|m| tap_cells(pos, m).collect::<Vec<_>>())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Targets as a viewer may see them (fog of war hides what lies in the dark).
    pub fn visible_targets(&self, game: &Game, view: &View) -> Vec<Cell> {
        self.targets(game)
            .into_iter()
            .filter(|&c| view.sees(c))
            .collect()
    }

    /// Legal moves from `from` that land on `to` as the player sees it.
    pub fn moves_between(game: &Game, from: Cell, to: Cell) -> Vec<Move> {
        let pos = game.position();
        game.legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.kind != MoveKind::Drop && lands_on(pos, m, to))
            .collect()
    }

    /// Whether a tap may do anything now (the game goes on and no choice is pending).
    fn refusal(game: &Game) -> Option<Message> {
        if game.is_over() {
            Some(Message::new(illegal::GAME_OVER))
        } else if game.choice_pending() {
            Some(Message::new(illegal::CHOICE_PENDING))
        } else {
            None
        }
    }

    fn offer(&mut self, moves: Vec<Move>) -> Tap {
        match moves.as_slice() {
            [m] => {
                self.pending.clear();
                Tap::Play(*m)
            }
            _ => {
                self.pending = moves.clone();
                Tap::Choose { moves }
            }
        }
    }

    /// One tap on board cell `c` by the seat to move.
    pub fn tap(&mut self, game: &Game, c: Cell) -> Tap {
        if let Some(why) = Self::refusal(game) {
            self.clear();
            return Tap::Refused(why);
        }
        let pos = game.position();
        let legal = tappable(game);
        if placement_step(&legal) {
            self.clear();
            let here: Vec<Move> = legal.into_iter().filter(|m| m.to == c).collect();
            return if here.is_empty() {
                Tap::Refused(Message::new(illegal::CANNOT_MOVE_THERE).with("cell", name(game, c)))
            } else {
                self.offer(here)
            };
        }
        self.pending.clear();
        if let Some(pick) = self.picked {
            let here: Vec<Move> = legal
                .iter()
                .filter(|m| matches_pick(m, pick) && lands_on(pos, m, c))
                .copied()
                .collect();
            if !here.is_empty() {
                // a target (the piece's own cell too: a promotion in place)
                return self.offer(here);
            }
            if pick == Pick::Cell(c) {
                self.clear();
                return Tap::Deselected;
            }
            // not a target: another piece that can move is selected instead, else say why
            if !legal.iter().any(|m| starts_on(m, c)) {
                self.clear();
                return Tap::Refused(match pick {
                    Pick::Cell(from) => explain(game, from, c),
                    Pick::Hand(_) => {
                        Message::new(illegal::CANNOT_MOVE_THERE).with("cell", name(game, c))
                    }
                });
            }
        }
        self.clear();
        if legal.iter().any(|m| starts_on(m, c)) {
            self.picked = Some(Pick::Cell(c));
            // every move of the piece stays on its cell and they are a choice (friendly chess:
            // the owner promoting a pawn the opponent carried there): offered with this tap
            let mine = self.moves(game);
            if mine.len() > 1 && mine.iter().all(|m| m.to == c) {
                return self.offer(mine);
            }
            return Tap::Selected {
                pick: Pick::Cell(c),
                targets: self.targets(game),
            };
        }
        let p = pos.at(c);
        Tap::Refused(if p.is_none() {
            Message::new(illegal::NO_PIECE).with("cell", name(game, c))
        } else if !(p.is_seated() && p.owner() == pos.turn()) {
            Message::new(illegal::NOT_YOUR_PIECE).with("cell", name(game, c))
        } else {
            Message::new(illegal::PIECE_CANNOT_MOVE).with("cell", name(game, c))
        })
    }

    /// Presses a button of [`buttons`]: its move (or pending choice) is complete, unless it is
    /// not offered now (refused, saying why).
    pub fn press(&mut self, game: &Game, action: &Action) -> Tap {
        self.clear();
        if game.is_over() {
            return Tap::Refused(Message::new(illegal::GAME_OVER));
        }
        let offered = buttons(game, |s| s.to_string())
            .into_iter()
            .any(|b| &b.action == action);
        match action {
            Action::Move(m) if offered => Tap::Play(*m),
            Action::Choose(c) if offered => Tap::Decide(*c),
            _ if game.choice_pending() => Tap::Refused(Message::new(illegal::CHOICE_PENDING)),
            _ => Tap::Refused(Message::new(illegal::FORBIDDEN_BY_RULES)),
        }
    }

    /// A tap on the hand slot of `kind` of the seat to move: selects it for a drop.
    pub fn tap_hand(&mut self, game: &Game, kind: u8) -> Tap {
        if let Some(why) = Self::refusal(game) {
            self.clear();
            return Tap::Refused(why);
        }
        if self.picked == Some(Pick::Hand(kind)) {
            self.clear();
            return Tap::Deselected;
        }
        self.clear();
        self.picked = Some(Pick::Hand(kind));
        let targets = self.targets(game);
        if targets.is_empty() {
            self.picked = None;
            return Tap::Refused(
                Message::new(illegal::PIECE_CANNOT_MOVE).with(
                    "cell",
                    // a kind the game does not have (fuzzing found the panic) has no letter
                    game.variant
                        .pieces
                        .get(kind as usize)
                        .map_or('?', |p| p.letter)
                        .to_string(),
                ),
            );
        }
        Tap::Selected {
            pick: Pick::Hand(kind),
            targets,
        }
    }

    /// Completes a [`Tap::Choose`] with one of its moves.
    pub fn choose(&mut self, m: Move) -> Option<Move> {
        let found = self.pending.contains(&m).then_some(m);
        if found.is_some() {
            self.pending.clear();
        }
        found
    }

    /// Completes a promotion choice by the kind's letter (`Q`, `n`, ...; `=` declines a
    /// promotion that may be declined, see [`promotion_letters`]).
    pub fn choose_promotion(&mut self, game: &Game, letter: &str) -> Option<Move> {
        let v = game.variant;
        let m = self.pending.iter().copied().find(|m| match m.promotion() {
            Some(k) => v.letter(k).to_string().eq_ignore_ascii_case(letter),
            None => letter == "=",
        })?;
        self.choose(m)
    }
}

fn name(game: &Game, c: Cell) -> String {
    game.variant.board.name(c).to_owned()
}

/// Why the seat to move cannot move the piece on `from` to `to` (when it cannot): not its
/// piece, its own piece stands there, the path is blocked, the piece does not move so, its king
/// would be in check, or another rule of the game forbids it.
pub fn explain(game: &Game, from: Cell, to: Cell) -> Message {
    if let Some(why) = Interaction::refusal(game) {
        return why;
    }
    let pos = game.position();
    let mover = pos.turn();
    let p = pos.at(from);
    if p.is_none() {
        return Message::new(illegal::NO_PIECE).with("cell", name(game, from));
    }
    if !(p.is_seated() && p.owner() == mover) {
        return Message::new(illegal::NOT_YOUR_PIECE).with("cell", name(game, from));
    }
    let target = pos.at(to);
    let castle_onto_rook = target.is_seated() && target.owner() == mover;
    let mut pseudo = Vec::new();
    pos.pseudo_moves(&mut pseudo);
    let mut candidates: Vec<Move> = pseudo
        .into_iter()
        .filter(|m| m.from == from && lands_on(pos, m, to))
        .collect();
    if candidates.is_empty() {
        if castle_onto_rook {
            return Message::new(illegal::OWN_PIECE_THERE).with("cell", name(game, to));
        }
        // would it go there on an otherwise empty board? then something is in the way
        let mut bare = pos.clone();
        for c in 0..game.variant.board.len() as Cell {
            if c != from && bare.at(c).is_some() {
                bare.put(c, crate::piece::Piece::NONE);
            }
        }
        let mut free = Vec::new();
        bare.piece_moves(from, p, &mut free);
        return if free.iter().any(|m| m.to == to) {
            Message::new(illegal::PATH_BLOCKED)
                .with("from", name(game, from))
                .with("to", name(game, to))
        } else {
            Message::new(illegal::CANNOT_MOVE_THERE).with("cell", name(game, to))
        };
    }
    // pseudo-legal but not legal: does it leave the own king attacked?
    candidates.truncate(1);
    why_not_legal(game, candidates[0])
}

/// Why the seat to move cannot drop a piece of `kind` from its hand on `to` (when it cannot):
/// none in hand, the cell is taken, the cell is outside the kind's drop zone, the king would
/// be in check, or a rule of the game (nifu) forbids it. The same for every game with hands.
pub fn explain_drop(game: &Game, kind: u8, to: Cell) -> Message {
    if let Some(why) = Interaction::refusal(game) {
        return why;
    }
    let pos = game.position();
    let mover = pos.turn();
    let v = game.variant;
    let held = pos
        .hands
        .get(mover as usize)
        .and_then(|h| h.get(kind as usize))
        .copied()
        .unwrap_or(0);
    let Some(hand) = v.hand.as_ref().filter(|_| held > 0) else {
        return Message::new(illegal::DROP_NOT_IN_HAND);
    };
    if (to as usize) >= v.board.len() {
        return Message::new(illegal::FORBIDDEN_BY_RULES);
    }
    if pos.at(to).is_some() {
        return Message::new(illegal::DROP_OCCUPIED).with("cell", name(game, to));
    }
    let zone = hand.drop_zone.get(kind as usize).copied().unwrap_or(0);
    let facing = v.seats[mover as usize].facing;
    if !v.in_zone(zone, facing, to) {
        return Message::new(illegal::DROP_OUTSIDE_ZONE).with("cell", name(game, to));
    }
    let m = Move::drop(kind, to);
    if let Some(key) = v.rules().refusal(pos, m) {
        return Message::new(key).with("cell", name(game, to));
    }
    why_not_legal(game, m)
}

/// Why a pseudo-legal move `m` of the seat to move is not legal: it leaves the own king
/// attacked, else a rule of the game forbids it.
fn why_not_legal(game: &Game, m: Move) -> Message {
    let pos = game.position();
    let mover = pos.turn();
    let mut after = pos.clone();
    let _undo = after.make(m);
    if game.variant.royal_check && after.king(mover).is_some() && after.in_check(mover) {
        Message::new(illegal::KING_IN_CHECK)
    } else {
        Message::new(illegal::FORBIDDEN_BY_RULES)
    }
}

pub use crate::message::score_text;

/// Who has captured what: per capturing seat (in seat order), the captured pieces in order.
pub fn captures(game: &Game) -> Vec<(Seat, Vec<crate::piece::Piece>)> {
    use crate::game::Action;
    let mut by: Vec<(Seat, Vec<crate::piece::Piece>)> = Vec::new();
    let mut before = &game.start;
    for p in game.plies() {
        if let Action::Move(m) = p.action {
            let victim = match m.kind {
                MoveKind::Castle | MoveKind::Drop | MoveKind::Pass | MoveKind::Place => None,
                MoveKind::EnPassant => before.st.ep.get(m.aux as usize).map(|e| before.at(e.pawn)),
                _ => Some(before.at(m.to)),
            };
            if let Some(v) = victim.filter(|v| v.is_some()) {
                match by.iter_mut().find(|(s, _)| *s == p.mover) {
                    Some((_, list)) => list.push(v),
                    None => by.push((p.mover, vec![v])),
                }
            }
        }
        before = &p.after;
    }
    by.sort_by_key(|(s, _)| *s);
    by
}

/// Material on the board per seat in pawns (the search's value table, kings not counted),
/// seats in order; the shells show the balance as a seat's material minus the strongest
/// opponent's.
pub fn material(game: &Game) -> Vec<i32> {
    let pos = game.position();
    let v = game.variant;
    let values = &crate::search::eval::Eval::of(v).value;
    (0..v.seat_count() as Seat)
        .map(|s| {
            pos.pieces_of(s)
                .iter()
                .filter_map(|c| values.get(pos.at(c).kind() as usize))
                .sum::<i32>()
                / 100
        })
        .collect()
}
