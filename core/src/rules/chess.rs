//! Chess and Chess960: the two-seat case of the shared model, with FIDE's end rules.

use crate::board::{grid, Cell, CellSet};
use crate::error::{Error, Result};
use crate::game::{EndReason, Outcome};
use crate::notation::fen;
use crate::piece::{self, chess::*, Piece, Seat};
use crate::position::Position;
use crate::rules::duel::{DuelRules, Ends};
use crate::variant::{EpMode, SeatDef, Variant};

pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub fn variant(id: &'static str) -> Variant {
    let board = grid::standard();
    let mut v = Variant::base(id, &RULES, board, piece::orthodox());
    v.seats = SeatDef::white_and_black();
    v.double_step = vec![CellSet::EMPTY; 4];
    v.promotion_zone = vec![CellSet::EMPTY; 4];
    v.double_step[grid::NORTH as usize] = grid::line_from_back(&v.board, grid::NORTH, 1);
    v.double_step[grid::SOUTH as usize] = grid::line_from_back(&v.board, grid::SOUTH, 1);
    v.promotion_zone[grid::NORTH as usize] = grid::line_from_back(&v.board, grid::SOUTH, 0);
    v.promotion_zone[grid::SOUTH as usize] = grid::line_from_back(&v.board, grid::NORTH, 0);
    v.promote_to = vec![QUEEN, ROOK, BISHOP, KNIGHT];
    v.ep = EpMode::NextMove;
    v.castling = true;
    v.start_fen = START_FEN.to_string();
    if id == "chess960" {
        v.starts = (960, 518);
        v.castle_king_takes_rook = true;
    }
    v.finish()
}

/// The back rank of Chess960 start position `n` (0–959; 518 is the classical one), as
/// letters from the a-file.
pub fn chess960_back_rank(n: u32) -> Result<String> {
    if n > 959 {
        return Err(Error::BadInput(format!(
            "Chess960 start {n} is not in 0–959"
        )));
    }
    let mut rank = [' '; 8];
    let mut n = n as usize;
    rank[[1, 3, 5, 7][n % 4]] = 'B';
    n /= 4;
    rank[[0, 2, 4, 6][n % 4]] = 'B';
    n /= 4;
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&i| rank[i] == ' ').collect() };
    let q = free(&rank)[n % 6];
    rank[q] = 'Q';
    n /= 6;
    const KN: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let f = free(&rank);
    let (a, b) = KN[n];
    rank[f[a]] = 'N';
    rank[f[b]] = 'N';
    for (i, ch) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[i] = ch;
    }
    Ok(rank.iter().collect())
}

/// The FEN of Chess960 start `n`, with Shredder castling letters.
pub fn chess960_fen(n: u32) -> Result<String> {
    let back = chess960_back_rank(n)?;
    let files: String = back
        .char_indices()
        .filter(|(_, c)| *c == 'R')
        .map(|(i, _)| (b'A' + i as u8) as char)
        .collect();
    Ok(format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {}{} - 0 1",
        back.to_lowercase(),
        back,
        files.chars().rev().collect::<String>(),
        files.chars().rev().collect::<String>().to_lowercase()
    ))
}

pub fn start_position(v: &'static Variant, n: u32) -> Result<Position> {
    if v.starts.0 == 960 {
        fen::parse(v, &chess960_fen(n)?)
    } else {
        fen::parse(v, &v.start_fen)
    }
}

/// FIDE's dead positions that arise in practice: kings alone, king and one minor piece
/// against a king, or kings and bishops all on squares of one colour.
pub fn insufficient_material(pos: &Position) -> bool {
    let t = &pos.variant.board;
    let mut minors = 0;
    let mut bishop_colours = [false; 2];
    let mut knights = 0;
    for c in 0..t.len() as Cell {
        let p: Piece = pos.at(c);
        if p.is_none() {
            continue;
        }
        match p.kind() {
            KING => {}
            BISHOP => {
                minors += 1;
                bishop_colours[t.cells[c as usize].dark as usize] = true;
            }
            KNIGHT => {
                minors += 1;
                knights += 1;
            }
            _ => return false,
        }
    }
    minors == 0 || (minors == 1) || (knights == 0 && !(bishop_colours[0] && bishop_colours[1]))
}

/// The rules of chess and Chess960: FEN, the numbered starts, FIDE's automatic ends
/// (mate, stalemate, dead material, threefold repetition, fifty moves:
/// docs/rules-decisions.md) and its time-out rule; the house rules' move limit does not apply.
pub static RULES: DuelRules = DuelRules {
    start: start_position,
    ends: Ends {
        dead: Some(insufficient_material),
        ..Ends::FIDE
    },
    move_limit: false,
    timeout: Some(timeout),
    ..DuelRules::FEN
};

/// FIDE 6.9: a flag fall draws when the opponent cannot mate by any series of legal moves: a
/// lone king never can, nor anyone in a dead position.
fn timeout(pos: &Position, s: Seat) -> Outcome {
    let opponent_bare = (0..pos.variant.board.len() as Cell).all(|c| {
        let p = pos.at(c);
        p.is_none() || p.owner() != 1 - s || p.kind() == KING
    });
    if opponent_bare || insufficient_material(pos) {
        Outcome::draw(EndReason::Timeout)
    } else {
        Outcome::win(vec![1 - s], EndReason::Timeout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_numbering_matches_the_standard_table() {
        assert_eq!(chess960_back_rank(518).unwrap(), "RNBQKBNR");
        assert_eq!(chess960_back_rank(0).unwrap(), "BBQNNRKR");
        assert_eq!(chess960_back_rank(959).unwrap(), "RKRNNQBB");
        assert!(chess960_back_rank(960).is_err());
        let all: std::collections::HashSet<String> =
            (0..960).map(|n| chess960_back_rank(n).unwrap()).collect();
        assert_eq!(all.len(), 960);
    }
}
