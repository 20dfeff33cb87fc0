//! A game as configuration: board, piece types, seats, zones, and which rule family hooks in.
//!
//! A [`Variant`] is built once per game id and lives for the program (`&'static`), so a
//! [`crate::position::Position`] can point at it for free.

use crate::board::{CellSet, Line, Topology};
use crate::piece::{Atom, PieceType, Seat};

/// Who may capture en passant, and for how long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpMode {
    None,
    /// Only the next move (two-player chess; three-player: the next player, right away).
    NextMove,
    /// Any opponent, until the player who double-stepped moves again (four-player FFA).
    UntilMoverAgain,
}

/// The rule family: the few hooks a game's rules truly need beyond movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Two-player chess rules (FIDE end conditions).
    Chess,
    FourFfa,
    FourTeams,
    EightFfa,
    EightPairs,
    EightTeams,
    ThreePlayer,
    Chaturaji,
    FourSeasons,
}

/// A seat's fixed data.
#[derive(Clone, Debug)]
pub struct SeatDef {
    /// Colour id ("white", "red", ...); display names live in assets/.
    pub colour: &'static str,
    /// One-letter tag used in notations (w, b, r, y, g, ...).
    pub tag: char,
    /// Team index; seats with the same team are partners and never capture or attack each other.
    pub team: u8,
    /// The facing of this seat's pawns at the start.
    pub facing: u8,
}

/// Everything that defines one game mode.
pub struct Variant {
    pub id: &'static str,
    pub family: Family,
    pub board: Topology,
    pub pieces: Vec<PieceType>,
    pub seats: Vec<SeatDef>,
    /// Per pawn facing: cells a pawn may double-step from.
    pub double_step: Vec<CellSet>,
    /// Per pawn facing: cells where a pawn promotes.
    pub promotion_zone: Vec<CellSet>,
    /// Piece kinds a pawn may promote to, in menu order.
    pub promote_to: Vec<u8>,
    pub ep: EpMode,
    /// Castling exists in this game.
    pub castling: bool,
    /// Moves may not leave the mover's own royal piece attacked.
    pub royal_check: bool,
    /// Start position in the game's own notation (FEN for chess-like games).
    pub start_fen: String,
    // Derived attack tables (filled by `finish`).
    pub(crate) slider_mask: [u64; 2],
    pub(crate) stepper_mask: [u64; 2],
    pub(crate) hop_mask: [u64; 2],
    pub(crate) leap_masks: Vec<(crate::board::Leap, u64)>,
    pub(crate) pawn_mask: u64,
    pub(crate) royal_mask: u64,
    pub(crate) pawn_facings: u8,
    pub(crate) team_of: [u8; 16],
}

impl std::fmt::Debug for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Variant({})", self.id)
    }
}

impl Variant {
    /// Computes the derived attack tables; call once after filling the public fields.
    pub fn finish(mut self) -> Variant {
        for (k, t) in self.pieces.iter().enumerate() {
            let bit = 1u64 << k;
            if t.royal {
                self.royal_mask |= bit;
            }
            for a in &t.atoms {
                match *a {
                    Atom::Slide { line, range, mode } if mode.captures() => {
                        if range == 0 {
                            self.slider_mask[line as usize] |= bit
                        } else {
                            assert_eq!(range, 1, "slides of range > 1 not supported yet");
                            self.stepper_mask[line as usize] |= bit
                        }
                    }
                    Atom::Hop { line, mode } if mode.captures() => {
                        self.hop_mask[line as usize] |= bit
                    }
                    Atom::Leap { leap, mode } if mode.captures() => {
                        match self.leap_masks.iter_mut().find(|(l, _)| *l == leap) {
                            Some((_, m)) => *m |= bit,
                            None => self.leap_masks.push((leap, bit)),
                        }
                    }
                    Atom::Pawn => self.pawn_mask |= bit,
                    _ => {}
                }
            }
        }
        self.pawn_facings = self.board.pawns.len() as u8;
        self.team_of = [255; 16];
        for (i, s) in self.seats.iter().enumerate() {
            self.team_of[i] = s.team;
        }
        self
    }

    /// A variant with the common defaults; the caller fills in what differs, then `finish`es.
    pub fn base(id: &'static str, family: Family, board: Topology, pieces: Vec<PieceType>) -> Self {
        let facings = board.pawns.len();
        Variant {
            id,
            family,
            board,
            pieces,
            seats: Vec::new(),
            double_step: vec![CellSet::EMPTY; facings],
            promotion_zone: vec![CellSet::EMPTY; facings],
            promote_to: Vec::new(),
            ep: EpMode::None,
            castling: false,
            royal_check: true,
            start_fen: String::new(),
            slider_mask: [0; 2],
            stepper_mask: [0; 2],
            hop_mask: [0; 2],
            leap_masks: Vec::new(),
            pawn_mask: 0,
            royal_mask: 0,
            pawn_facings: 0,
            team_of: [255; 16],
        }
    }

    pub fn seat_count(&self) -> usize {
        self.seats.len()
    }

    /// Whether two seats are partners (same team). A seat is its own partner.
    #[inline]
    pub fn allied(&self, a: Seat, b: Seat) -> bool {
        self.team_of[a as usize] == self.team_of[b as usize]
    }

    pub fn is_royal(&self, kind: u8) -> bool {
        self.royal_mask >> kind & 1 == 1
    }

    pub fn piece_by_letter(&self, ch: char) -> Option<u8> {
        let up = ch.to_ascii_uppercase();
        self.pieces
            .iter()
            .position(|p| p.letter == up)
            .map(|k| k as u8)
    }

    pub fn letter(&self, kind: u8) -> char {
        self.pieces[kind as usize].letter
    }

    pub(crate) fn line_mask(&self, line: Line) -> (u64, u64) {
        (
            self.slider_mask[line as usize],
            self.stepper_mask[line as usize],
        )
    }
}
