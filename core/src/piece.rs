//! Pieces: a compact value on the board, and movement as data.
//!
//! A game lists its piece types ([`PieceType`]); a piece on the board stores the index of its
//! type, its owner seat and its facing (the way it walks if it is a pawn). Movement is a list
//! of [`Atom`]s the generic move generator walks over the board's precomputed tables.

use crate::board::{Leap, Line};

/// A seat index in turn order (0..n). Grey (out) pieces belong to [`GREY`].
pub type Seat = u8;
/// Owner of pieces whose army is out: obstacles anyone may capture, which never move or check.
pub const GREY: Seat = 15;

/// Whether an atom moves, captures, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Both,
    MoveOnly,
    CaptureOnly,
}

impl Mode {
    pub fn moves(self) -> bool {
        self != Mode::CaptureOnly
    }
    pub fn captures(self) -> bool {
        self != Mode::MoveOnly
    }
}

/// One way a piece moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// Slide along lines; `range` 0 = unlimited, 1 = a single step.
    Slide { line: Line, range: u8, mode: Mode },
    /// Leap (knight, alfil, lame horse/elephant with a leg).
    Leap { leap: Leap, mode: Mode },
    /// Cannon-like: jump exactly one screen along a line (to move or capture, by `mode`).
    Hop { line: Line, mode: Mode },
    /// Pawn: push (double from the game's double-step zone), diagonal-forward capture,
    /// en passant and promotion by the game's rules.
    Pawn,
}

/// A piece type of a game.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Letter in FEN/SAN (upper case).
    pub letter: char,
    /// English name (display names live in assets/).
    pub name: &'static str,
    pub atoms: Vec<Atom>,
    /// The king: checks and mates apply to it; castling moves it.
    pub royal: bool,
}

impl PieceType {
    pub fn new(letter: char, name: &'static str, atoms: Vec<Atom>) -> Self {
        PieceType {
            letter,
            name,
            atoms,
            royal: false,
        }
    }
    pub fn royal(mut self) -> Self {
        self.royal = true;
        self
    }
}

/// Standard atoms.
pub mod atoms {
    use super::*;
    pub const fn slide(line: Line) -> Atom {
        Atom::Slide {
            line,
            range: 0,
            mode: Mode::Both,
        }
    }
    pub const fn step(line: Line) -> Atom {
        Atom::Slide {
            line,
            range: 1,
            mode: Mode::Both,
        }
    }
    pub const fn leap(leap: Leap) -> Atom {
        Atom::Leap {
            leap,
            mode: Mode::Both,
        }
    }
}

/// The orthodox chess pieces, in the order every chess-like game uses them.
pub mod chess {
    pub const PAWN: u8 = 0;
    pub const KNIGHT: u8 = 1;
    pub const BISHOP: u8 = 2;
    pub const ROOK: u8 = 3;
    pub const QUEEN: u8 = 4;
    pub const KING: u8 = 5;
}

/// The six orthodox piece types.
pub fn orthodox() -> Vec<PieceType> {
    use atoms::*;
    use Line::*;
    vec![
        PieceType::new('P', "pawn", vec![Atom::Pawn]),
        PieceType::new('N', "knight", vec![leap(Leap::Knight)]),
        PieceType::new('B', "bishop", vec![slide(Diag)]),
        PieceType::new('R', "rook", vec![slide(Orth)]),
        PieceType::new('Q', "queen", vec![slide(Orth), slide(Diag)]),
        PieceType::new('K', "king", vec![step(Orth), step(Diag)]).royal(),
    ]
}

/// A piece on the board, packed in 16 bits: kind (6), owner (4), facing (3), promoted (1).
/// 0 is reserved for "empty".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Piece(pub u16);

impl Piece {
    pub const NONE: Piece = Piece(0);

    #[inline]
    pub fn new(kind: u8, owner: Seat, facing: u8) -> Piece {
        Piece(1 | (kind as u16) << 1 | (owner as u16) << 7 | (facing as u16) << 11)
    }
    #[inline]
    pub fn is_some(self) -> bool {
        self.0 != 0
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }
    #[inline]
    pub fn kind(self) -> u8 {
        (self.0 >> 1 & 63) as u8
    }
    #[inline]
    pub fn owner(self) -> Seat {
        (self.0 >> 7 & 15) as u8
    }
    #[inline]
    pub fn facing(self) -> u8 {
        (self.0 >> 11 & 7) as u8
    }
    #[inline]
    pub fn promoted(self) -> bool {
        self.0 >> 14 & 1 == 1
    }
    pub fn with_promoted(self, p: bool) -> Piece {
        Piece(self.0 & !(1 << 14) | (p as u16) << 14)
    }
    pub fn with_owner(self, o: Seat) -> Piece {
        Piece(self.0 & !(15 << 7) | (o as u16) << 7)
    }
    pub fn with_kind(self, k: u8) -> Piece {
        Piece(self.0 & !(63 << 1) | (k as u16) << 1)
    }
    pub fn is_grey(self) -> bool {
        self.owner() == GREY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn packing_round_trips() {
        let p = Piece::new(5, 7, 3).with_promoted(true);
        assert_eq!(
            (p.kind(), p.owner(), p.facing(), p.promoted()),
            (5, 7, 3, true)
        );
        assert_eq!(p.with_owner(GREY).owner(), GREY);
        assert!(Piece::NONE.is_none() && p.is_some());
    }
}
