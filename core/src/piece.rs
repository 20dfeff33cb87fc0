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
/// Owner of a neutral piece (the duck): no seat owns, captures or is attacked by it; it only
/// blocks. Only the rules' own moves (`Rules::extra_moves`) move it.
pub const NEUTRAL: Seat = 14;
/// Owner of a union of two pieces on one cell (Paco Ŝako): see [`Piece::union`].
pub const UNION: Seat = 13;

/// Directions relative to a piece's facing, as a bit mask over the eight compass points
/// turned so that "forward" is the way the piece faces. Steps, slides and leaps may be limited
/// to some of them (shogi's gold, makruk's khon, the shogi knight's forward leaps).
pub mod dirs {
    pub const F: u8 = 1 << 0;
    pub const FR: u8 = 1 << 1;
    pub const R: u8 = 1 << 2;
    pub const BR: u8 = 1 << 3;
    pub const B: u8 = 1 << 4;
    pub const BL: u8 = 1 << 5;
    pub const L: u8 = 1 << 6;
    pub const FL: u8 = 1 << 7;
    pub const ALL: u8 = 0xff;
    /// The absolute compass mask of a relative mask for a piece of grid facing `facing`
    /// (0 = north, 1 = east, 2 = south, 3 = west: a quarter turn each).
    #[inline]
    pub const fn absolute(rel: u8, facing: u8) -> u8 {
        rel.rotate_left(2 * (facing as u32 & 3))
    }
}

/// Where an atom may be used: `from` = only by a piece standing in that zone, `to` = only onto
/// cells of that zone (palace, own half of the river). Zones are indices into
/// `Variant::zones` (per facing); 0 = anywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Zone {
    pub from: u8,
    pub to: u8,
}

impl Zone {
    pub const ANY: Zone = Zone { from: 0, to: 0 };
    pub fn is_any(self) -> bool {
        self.from == 0 && self.to == 0
    }
}

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

/// One way a piece moves. `dirs` limits an atom to directions relative to the piece's facing
/// ([`dirs`]; `dirs::ALL` = every direction), `zone` to cells of a zone ([`Zone`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atom {
    /// Slide along lines; `range` 0 = unlimited, 1 = a single step.
    Slide {
        line: Line,
        range: u8,
        mode: Mode,
        dirs: u8,
        zone: Zone,
    },
    /// Leap (knight, alfil, lame horse/elephant with a leg). A leap's direction is the compass
    /// point its longer component points to (a knight's (1,2) leap is "forward" for a piece
    /// facing north), or the diagonal for equal components.
    Leap {
        leap: Leap,
        mode: Mode,
        dirs: u8,
        zone: Zone,
    },
    /// Cannon-like: jump exactly one screen along a line (to move or capture, by `mode`).
    Hop { line: Line, mode: Mode, zone: Zone },
    /// Pawn: push (double from the game's double-step zone), diagonal-forward capture,
    /// en passant and promotion by the game's rules.
    Pawn,
}

/// A piece type of a game.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Letter in FEN (upper case).
    pub letter: char,
    /// Letter in SAN, where it differs from the FEN letter as Fairy-Stockfish writes it
    /// (xiangqi's and janggi's horse `H` and elephant `E`); else the FEN letter.
    pub san_letter: char,
    /// English name (display names live in assets/).
    pub name: &'static str,
    pub atoms: Vec<Atom>,
    /// The king: checks and mates apply to it; castling moves it.
    pub royal: bool,
    /// What a promoted piece of this kind turns back into when captured into a hand (shogi's
    /// promoted pieces, crazyhouse's promoted pawns): the kind in hand is this one when the
    /// piece carries the promoted flag.
    pub demotes_to: Option<u8>,
}

impl Atom {
    /// The same atom limited to relative directions `d` (see [`dirs`]).
    pub const fn only(self, d: u8) -> Atom {
        match self {
            Atom::Slide {
                line,
                range,
                mode,
                zone,
                ..
            } => Atom::Slide {
                line,
                range,
                mode,
                dirs: d,
                zone,
            },
            Atom::Leap {
                leap, mode, zone, ..
            } => Atom::Leap {
                leap,
                mode,
                dirs: d,
                zone,
            },
            a => a,
        }
    }
    /// The same atom limited to a zone (see [`Zone`]).
    pub const fn within(self, z: Zone) -> Atom {
        match self {
            Atom::Slide {
                line,
                range,
                mode,
                dirs,
                ..
            } => Atom::Slide {
                line,
                range,
                mode,
                dirs,
                zone: z,
            },
            Atom::Leap {
                leap, mode, dirs, ..
            } => Atom::Leap {
                leap,
                mode,
                dirs,
                zone: z,
            },
            Atom::Hop { line, mode, .. } => Atom::Hop {
                line,
                mode,
                zone: z,
            },
            a => a,
        }
    }
    /// The same atom with another mode (move only, capture only).
    pub const fn mode(self, m: Mode) -> Atom {
        match self {
            Atom::Slide {
                line,
                range,
                dirs,
                zone,
                ..
            } => Atom::Slide {
                line,
                range,
                mode: m,
                dirs,
                zone,
            },
            Atom::Leap {
                leap, dirs, zone, ..
            } => Atom::Leap {
                leap,
                mode: m,
                dirs,
                zone,
            },
            Atom::Hop { line, zone, .. } => Atom::Hop {
                line,
                mode: m,
                zone,
            },
            a => a,
        }
    }
    /// Whether the atom moves the same way in every direction of its lines from anywhere (the
    /// fast attack tables cover it; others are checked one by one).
    pub fn is_plain(&self) -> bool {
        match *self {
            Atom::Slide { dirs, zone, .. } | Atom::Leap { dirs, zone, .. } => {
                dirs == dirs::ALL && zone.is_any()
            }
            Atom::Hop { zone, .. } => zone.is_any(),
            Atom::Pawn => true,
        }
    }
}

impl PieceType {
    pub fn new(letter: char, name: &'static str, atoms: Vec<Atom>) -> Self {
        PieceType {
            letter,
            san_letter: letter,
            name,
            atoms,
            royal: false,
            demotes_to: None,
        }
    }
    pub fn royal(mut self) -> Self {
        self.royal = true;
        self
    }
    /// A SAN letter other than the FEN letter.
    pub fn san_letter(mut self, letter: char) -> Self {
        self.san_letter = letter;
        self
    }
    pub fn demotes_to(mut self, kind: u8) -> Self {
        self.demotes_to = Some(kind);
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
            dirs: dirs::ALL,
            zone: Zone::ANY,
        }
    }
    pub const fn step(line: Line) -> Atom {
        Atom::Slide {
            line,
            range: 1,
            mode: Mode::Both,
            dirs: dirs::ALL,
            zone: Zone::ANY,
        }
    }
    pub const fn leap(leap: Leap) -> Atom {
        Atom::Leap {
            leap,
            mode: Mode::Both,
            dirs: dirs::ALL,
            zone: Zone::ANY,
        }
    }
    pub const fn hop(line: Line) -> Atom {
        Atom::Hop {
            line,
            mode: Mode::Both,
            zone: Zone::ANY,
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
    /// Whether the piece belongs to a seat (not grey, neutral or a union).
    #[inline]
    pub fn is_seated(self) -> bool {
        self.is_some() && self.owner() < UNION
    }
    /// A neutral piece of kind `kind` (the duck).
    pub fn neutral(kind: u8) -> Piece {
        Piece::new(kind, NEUTRAL, 0)
    }
    /// A union of two pieces on one cell (Paco Ŝako): seat 0's piece of kind `a` and seat 1's of
    /// kind `b` (kinds below 8), packed as one piece of owner [`UNION`] whose kind field holds
    /// both (`a | b << 3`). A union is one value on the board, so hashing, make/unmake and the
    /// notations need nothing new; no seat captures it by the movement atoms, and the friendly
    /// rules move it with their own moves.
    pub fn union(a: u8, b: u8) -> Piece {
        debug_assert!(a < 8 && b < 8);
        Piece::new(a | b << 3, UNION, 0)
    }
    /// The two kinds of a union (seat 0's, seat 1's), or None for any other piece.
    pub fn union_kinds(self) -> Option<(u8, u8)> {
        (self.is_some() && self.owner() == UNION).then(|| (self.kind() & 7, self.kind() >> 3))
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

    #[test]
    fn a_union_holds_both_kinds_and_belongs_to_no_seat() {
        let u = Piece::union(chess::QUEEN, chess::KNIGHT);
        assert_eq!(u.union_kinds(), Some((chess::QUEEN, chess::KNIGHT)));
        assert!(!u.is_seated() && u.is_some());
        assert_eq!(Piece::new(1, 0, 0).union_kinds(), None);
        assert_ne!(u, Piece::union(chess::KNIGHT, chess::QUEEN));
    }

    #[test]
    fn relative_directions_turn_with_the_facing() {
        use dirs::*;
        // facing north: forward is north (bit 0); facing south, forward is south (bit 4)
        assert_eq!(absolute(F, 0), 1);
        assert_eq!(absolute(F, 2), 1 << 4);
        assert_eq!(absolute(F | FL, 1), 1 << 2 | 1 << 1);
        assert_eq!(absolute(ALL, 3), ALL);
    }
}
