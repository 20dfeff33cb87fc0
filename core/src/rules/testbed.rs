//! Small test-only games, each exercising one mechanism of the model: hands and drops, a
//! forward-only stepper, palace-limited pieces on palace lines, an exploding capture, a neutral
//! blocker, a two-step turn (move, then the duck), a setup phase, per-kind promotion, a turn that
//! goes on after a capture (chains) and a leap over two legs. They are not in the catalogue ([`variant`] finds them); the tests below derive their perft
//! counts by hand, so each mechanism is proven on a board small enough to count on paper.
//!
//! Their rules (the [`Rules`] hooks) are deliberately tiny: two seats, no end but a missing
//! king, FEN for the position.

use once_cell::sync::Lazy;

use crate::board::{grid, Cell, CellSet, Line};
use crate::error::{Error, Result};
use crate::game::{Ctx, EndReason, Outcome};
use crate::piece::{atoms::*, dirs, Atom, Piece, PieceType, Zone};
use crate::position::{Move, MoveKind, Position};
use crate::rules::Rules;
use crate::variant::{HandRule, Hooks, Promotion, SeatDef, Variant};

/// What a test-only game's rules hooks do beyond movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mechanism {
    /// Nothing: the mechanism is in the game's data (hands, directions, zones, promotion).
    Plain,
    /// At a turn's second step the duck goes to any empty cell (it must move).
    Duck,
    /// A setup phase: each side drops its king on its first rank, then play starts.
    Setup,
    /// A capture explodes: the capturer and every piece but a king around the target go.
    Explode,
    /// A capture lets the capturer move again (a chain); a quiet move ends the turn.
    Chain,
}

/// The rules of the test-only games of one mechanism.
pub fn rules(m: Mechanism) -> &'static TestbedRules {
    static RULES: [TestbedRules; 5] = [
        TestbedRules(Mechanism::Plain),
        TestbedRules(Mechanism::Duck),
        TestbedRules(Mechanism::Setup),
        TestbedRules(Mechanism::Explode),
        TestbedRules(Mechanism::Chain),
    ];
    &RULES[m as usize]
}

/// The ids of the test-only games.
pub const IDS: &[&str] = &[
    "tb-drops",
    "tb-forward",
    "tb-palace",
    "tb-explode",
    "tb-neutral",
    "tb-duck",
    "tb-setup",
    "tb-promote",
    "tb-chain",
];

/// Piece kinds of the test-only games (index = kind).
pub mod kinds {
    /// A pawn (kind 0, as the FEN reader expects); unused on these boards.
    pub const PAWN: u8 = 0;
    pub const KING: u8 = 1;
    /// Steps one cell orthogonally.
    pub const GUARD: u8 = 2;
    /// Steps one cell forward only (relative to its facing).
    pub const SCOUT: u8 = 3;
    pub const ROOK: u8 = 4;
    pub const KNIGHT: u8 = 5;
    /// Steps forward or diagonally forward; promotes to a guard (optional).
    pub const SILVER: u8 = 6;
    /// The neutral blocker / duck: no atoms.
    pub const DUCK: u8 = 7;
    /// Janggi's elephant: a (2,3) leap over two legs.
    pub const ELEPHANT: u8 = 8;
}

fn pieces(palace: bool) -> Vec<PieceType> {
    use dirs::*;
    let z = Zone { from: 0, to: 1 };
    let king = if palace {
        vec![step(Line::Orth).within(z), step(Line::Palace).within(z)]
    } else {
        vec![step(Line::Orth), step(Line::Diag)]
    };
    vec![
        PieceType::new('P', "pawn", vec![Atom::Pawn]),
        PieceType::new('K', "king", king).royal(),
        PieceType::new('G', "guard", vec![step(Line::Orth)]),
        PieceType::new('S', "scout", vec![step(Line::Orth).only(F)]),
        PieceType::new('R', "rook", vec![slide(Line::Orth)]),
        PieceType::new('N', "knight", vec![leap(crate::board::Leap::Knight)]),
        PieceType::new(
            'V',
            "silver",
            vec![step(Line::Orth).only(F), step(Line::Diag).only(FL | FR)],
        ),
        PieceType::new('D', "duck", vec![]),
        PieceType::new(
            'E',
            "elephant",
            vec![leap(crate::board::Leap::JanggiElephant)],
        ),
    ]
}

/// Cells of rows `ys` of a board.
fn rows(v: &Variant, ys: std::ops::RangeInclusive<i16>) -> CellSet {
    (0..v.board.len() as Cell)
        .filter(|&c| ys.contains(&v.board.cells[c as usize].y))
        .collect()
}

fn build(id: &'static str) -> Variant {
    let (w, h) = match id {
        "tb-explode" | "tb-drops" => (4, 4),
        "tb-palace" => (3, 6),
        "tb-promote" => (3, 4),
        _ => (3, 3),
    };
    let palace = matches!(id, "tb-palace");
    let board = if palace {
        grid::build_with_palaces("tb-3x6", 3, 6, |_, _| false, &[(0, 0), (0, 3)])
    } else {
        grid::build("tb-grid", w, h, |_, _| false)
    };
    let mechanism = match id {
        "tb-duck" => Mechanism::Duck,
        "tb-setup" => Mechanism::Setup,
        "tb-explode" => Mechanism::Explode,
        "tb-chain" => Mechanism::Chain,
        _ => Mechanism::Plain,
    };
    let mut v = Variant::base(id, rules(mechanism), board, pieces(palace));
    v.seats = SeatDef::white_and_black();
    let facings = v.board.pawns.len();
    let empty = vec![CellSet::EMPTY; facings];
    v.zones = vec![empty.clone()];
    v.start_fen = match id {
        "tb-drops" => "3k/4/4/K3 w - - 0 1",
        "tb-forward" => "k1s/3/K1S w - - 0 1",
        "tb-palace" => "2k/3/3/3/3/K2 w - - 0 1",
        "tb-explode" => "3k/2nn/4/K1R1 w - - 0 1",
        "tb-neutral" => "k2/3/K1R w - - 0 1",
        "tb-duck" => "2k/3/K2 w - - 0 1",
        "tb-promote" => "3/1VS/3/K1k w - - 0 1",
        "tb-chain" => "k2/2n/K1R w - - 0 1",
        _ => "",
    }
    .to_string();
    match id {
        "tb-drops" => {
            v.hand = Some(HandRule {
                captures_to_hand: true,
                drops: true,
                drop_zone: Vec::new(),
            });
        }
        "tb-palace" => {
            // zone 1: the own palace (white rows 1-3, black rows 4-6)
            let mut z = empty.clone();
            z[grid::NORTH as usize] = rows(&v, 0..=2);
            z[grid::SOUTH as usize] = rows(&v, 3..=5);
            v.zones.push(z);
        }
        "tb-explode" => {
            v.hooks = Hooks {
                effects: true,
                verify_all: true,
                ..Hooks::default()
            };
        }
        "tb-duck" => {
            v.steps_per_turn = 2;
            v.royal_check = false;
            v.hooks.extra_moves = true;
        }
        "tb-setup" => {
            let mut z = empty.clone();
            z[grid::NORTH as usize] = rows(&v, 0..=0);
            z[grid::SOUTH as usize] = rows(&v, 2..=2);
            v.zones.push(z);
            let mut drop_zone = vec![0; 8];
            drop_zone[kinds::KING as usize] = 1;
            v.hand = Some(HandRule {
                captures_to_hand: false,
                drops: false,
                drop_zone,
            });
            v.hooks = Hooks {
                extra_moves: true,
                effects: true,
                ..Hooks::default()
            };
        }
        "tb-promote" => {
            let mut z = empty.clone();
            z[grid::NORTH as usize] = rows(&v, 3..=3);
            z[grid::SOUTH as usize] = rows(&v, 0..=0);
            v.zones.push(z);
            v.promotion = vec![None; 8];
            // the silver may promote on the last rank; the scout must
            v.promotion[kinds::SILVER as usize] = Some(Promotion {
                to: vec![kinds::GUARD],
                zone: 1,
                from_zone_too: true,
                forced: 0,
            });
            v.promotion[kinds::SCOUT as usize] = Some(Promotion {
                to: vec![kinds::GUARD],
                zone: 1,
                from_zone_too: false,
                forced: 1,
            });
        }
        "tb-chain" => {
            v.hooks = Hooks {
                extra_moves: true,
                effects: true,
                ..Hooks::default()
            };
        }
        _ => {}
    }
    v.finish()
}

static VARIANTS: Lazy<Vec<Variant>> = Lazy::new(|| IDS.iter().map(|id| build(id)).collect());

/// A test-only game by id.
pub fn variant(id: &str) -> Result<&'static Variant> {
    VARIANTS
        .iter()
        .find(|v| v.id == id)
        .ok_or_else(|| Error::UnknownGame(id.to_string()))
}

/// The rules of the test-only games: one value per [`Mechanism`].
pub struct TestbedRules(Mechanism);

impl Rules for TestbedRules {
    fn start_position(&self, v: &'static Variant, _n: u32) -> Result<Position> {
        if self.0 == Mechanism::Setup {
            // an empty board; each side places its king on its first rank, then play starts
            let mut pos = Position::empty(v);
            pos.set_hand(0, kinds::KING, 1);
            pos.set_hand(1, kinds::KING, 1);
            pos.set_phase(1);
            pos.refresh();
            return Ok(pos);
        }
        self.parse(v, &v.start_fen)
    }
    fn parse(&self, v: &'static Variant, text: &str) -> Result<Position> {
        crate::notation::fen::parse(v, text)
    }
    fn write(&self, pos: &Position) -> String {
        crate::notation::fen::write(pos, false)
    }
    /// Duck: at a turn's second step, the duck goes to any empty cell (it must move). Setup:
    /// in the setup phase, the king is dropped on the own first rank. Chain: the capturer's
    /// moves at the turn's later steps.
    fn extra_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        if self.0 == Mechanism::Duck && pos.st.step == 1 {
            let from = (0..pos.board.len() as Cell)
                .find(|&c| pos.at(c).kind() == kinds::DUCK && pos.at(c).is_some())
                .unwrap_or(crate::board::NO_CELL);
            for c in 0..pos.board.len() as Cell {
                if pos.at(c).is_none() {
                    out.push(Move::place(kinds::DUCK, from, c));
                }
            }
        }
        if self.0 == Mechanism::Setup && pos.st.phase == 1 {
            pos.drop_moves(pos.turn(), out);
        }
        if self.0 == Mechanism::Chain && pos.st.step > 0 {
            // the piece that captured (its cell + 1 in rule slot 0) moves on
            let c = pos.st.rule[0].wrapping_sub(1);
            if (c as usize) < pos.board.len() {
                pos.piece_moves(c, pos.at(c), out);
            }
        }
    }
    /// Explode: the capturing piece and every piece but a king on the eight cells around the
    /// target leave the board. Setup: when both hands are empty the play phase starts. Chain:
    /// a capture continues the turn.
    fn effects(&self, pos: &mut Position, m: Move, captured: Piece) {
        let v = pos.variant;
        if self.0 == Mechanism::Chain {
            // a capture lets the capturer move again; any other move ends the turn
            if captured.is_some() {
                pos.set_rule(0, m.to + 1);
                pos.continue_turn();
            } else {
                pos.set_rule(0, 0);
            }
        }
        if self.0 == Mechanism::Explode && captured.is_some() {
            let (x, y) = (
                v.board.cells[m.to as usize].x,
                v.board.cells[m.to as usize].y,
            );
            pos.set(m.to, Piece::NONE);
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if let Some(c) = v.board.at(x + dx, y + dy) {
                        let p = pos.at(c);
                        if p.is_some() && !v.is_royal(p.kind()) {
                            pos.set(c, Piece::NONE);
                        }
                    }
                }
            }
        }
        if self.0 == Mechanism::Setup
            && m.kind == MoveKind::Drop
            && pos.hands.iter().all(|h| h.iter().all(|&n| n == 0))
        {
            pos.set_phase(0);
        }
    }
    fn outcome(&self, pos: &mut Position, _history: &[u64]) -> Option<Outcome> {
        if pos.st.phase != 0 {
            return None;
        }
        for s in 0..2 {
            if pos.king(s).is_none() {
                return Some(Outcome::win(vec![1 - s], EndReason::KingCaptured));
            }
        }
        None
    }
    fn after_action(&self, ctx: &mut Ctx) -> Option<Outcome> {
        self.outcome(ctx.pos, ctx.history)
    }
}

#[cfg(test)]
mod tests;
