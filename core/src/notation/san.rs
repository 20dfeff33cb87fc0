//! Standard Algebraic Notation (SAN), as PGN uses it: `Nf3`, `exd5`, `Nbd7`, `R1e2`, `Qh4xe1`,
//! `e8=Q`, `O-O`, `O-O-O`, with `+` for check and `#` for mate.
//!
//! Written from the legal moves of a position, so it works on any grid board whose pieces
//! have letters: a piece letter (none for pawns), the least disambiguation that names one
//! piece (the origin file, else the rank, else both), `x` for a capture, the target cell, `=`
//! and the promotion letter. Castling is `O-O` on the side the castle definition calls the
//! king side (the rook on the king's higher-file side, also in Chess960) and `O-O-O` on the
//! other.
//!
//! Reading is lenient in what PGN files in the wild contain: `0-0`, superfluous
//! disambiguation, a missing or extra `x`, `e8Q` without `=`, a `P` before pawn moves, `e.p.`,
//! a pawn's drop without its letter (`@e4`, as python-chess writes it), and annotation marks
//! (`+ # ! ?`).

use crate::error::{Error, Result};
use crate::piece::Piece;
use crate::position::{Move, MoveKind, Position};
use crate::variant::Variant;

/// Whether SAN names every move of a game, so its players read and write it (chess and its
/// two-player variants, crazyhouse's drops `N@e4` and the duck's placement `@d5` as lichess and
/// python-chess write them): not games on points, nor unions and chains (friendly), nor the
/// games with notations of their own (xiangqi, janggi, shogi, the shatranj family with
/// sittuyin's set-up drops and in-place promotions).
pub fn fits(v: &Variant) -> bool {
    v.facts.san && v.seat_count() == 2
}

/// Writes a legal move of `pos` in SAN, with `+` or `#` when it gives check or mate.
pub fn write(pos: &Position, m: Move) -> String {
    let legal = pos.legal_moves();
    let mut s = write_bare(pos, m, &legal);
    let mut after = pos.clone();
    after.make(m);
    let next = after.turn();
    let v = pos.variant;
    if (v.royal_check || v.facts.marks_checks) && next != pos.turn() && after.in_check(next) {
        // mate: no move leaves the king unattacked (where the rules allow leaving it so, the
        // moves are tried)
        let escapes = if v.royal_check {
            after.has_legal_move()
        } else {
            after.legal_moves().into_iter().any(|m| {
                let mut p = after.clone();
                p.make(m);
                !p.in_check(next)
            })
        };
        s.push(if escapes { '+' } else { '#' });
    }
    s
}

/// SAN without the check suffix; `legal` are the legal moves of `pos` (for disambiguation).
fn write_bare(pos: &Position, m: Move, legal: &[Move]) -> String {
    let v = pos.variant;
    let t = &v.board;
    let pawn_at = |c| v.pawn_mask >> pos.at(c).kind() & 1 == 1;
    match m.kind {
        // a drop from hand: the piece's letter (`P` for pawns too), `@`, the cell
        MoveKind::Drop => return format!("{}@{}", v.letter(m.aux), t.name(m.to)),
        // a pass (janggi), as Fairy-Stockfish writes it: the piece that stays, its cell (`Ke2`)
        MoveKind::Pass if m.from == m.to && pos.at(m.from).is_some() => {
            let p = pos.at(m.from).kind() as usize;
            return format!("{}{}", v.pieces[p].san_letter, t.name(m.to));
        }
        // a promotion of its own kind (sittuyin's, in place or to a diagonal cell), as
        // Fairy-Stockfish writes it: the origin when the piece moves, the cell, `=F`
        MoveKind::Special if m.promotion().is_some() => {
            let k = m.promotion().unwrap_or_default();
            let piece = match pawn_at(m.from) {
                true => String::new(),
                false => v.pieces[pos.at(m.from).kind() as usize]
                    .san_letter
                    .to_string(),
            };
            let from = if m.from == m.to { "" } else { t.name(m.from) };
            return format!("{piece}{from}{}={}", t.name(m.to), v.letter(k));
        }
        // the duck's placement and the rules' own moves are written as coordinate text (`@d5`)
        MoveKind::Place | MoveKind::Pass | MoveKind::Special => {
            return crate::notation::movetext::write(pos, m, v.castle_king_takes_rook)
        }
        _ => {}
    }
    if m.kind == MoveKind::Castle {
        return if pos.castles[m.aux as usize].side == 0 {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let piece: Piece = pos.at(m.from);
    let pawn = v.pawn_mask >> piece.kind() & 1 == 1;
    let capture = m.kind == MoveKind::EnPassant || pos.enemy_of(piece.owner(), pos.at(m.to));
    let mut s = String::new();
    if pawn {
        if capture {
            s.push_str(file_of(t.name(m.from)));
        }
    } else {
        s.push(v.pieces[piece.kind() as usize].san_letter);
        let rivals: Vec<&Move> = legal
            .iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && matches!(
                        o.kind,
                        MoveKind::Normal | MoveKind::Double | MoveKind::EnPassant
                    )
                    && pos.at(o.from).kind() == piece.kind()
            })
            .collect();
        if !rivals.is_empty() {
            let name = t.name(m.from);
            let same_file = rivals
                .iter()
                .any(|o| file_of(t.name(o.from)) == file_of(name));
            let same_rank = rivals
                .iter()
                .any(|o| rank_of(t.name(o.from)) == rank_of(name));
            if !same_file {
                s.push_str(file_of(t.name(m.from)));
            } else if !same_rank {
                s.push_str(rank_of(t.name(m.from)));
            } else {
                s.push_str(t.name(m.from));
            }
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(t.name(m.to));
    if let Some(k) = m.promotion() {
        s.push('=');
        s.push(v.letter(k));
    }
    s
}

/// The file part of a cell name (`e` of `e4`, `aa` of `aa10`).
fn file_of(name: &str) -> &str {
    name.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// The rank part of a cell name (`4` of `e4`).
fn rank_of(name: &str) -> &str {
    &name[file_of(name).len()..]
}

/// The piece kind that moves as a pawn, if the game has one.
fn pawn_kind(pos: &Position) -> Option<u8> {
    let v = pos.variant;
    (0..v.pieces.len() as u8).find(|&k| v.pawn_mask >> k & 1 == 1)
}

/// What a SAN token asks for, before it is matched against the legal moves.
#[derive(Debug, Default, PartialEq, Eq)]
struct Wanted {
    /// Piece letter (upper case); None = pawn.
    piece: Option<char>,
    from_file: Option<String>,
    from_rank: Option<String>,
    to: String,
    promo: Option<char>,
}

/// Reads the parts of a non-castling SAN token; None when it is not SAN at all.
fn split(text: &str) -> Option<Wanted> {
    let mut s: &str = text;
    if let Some(rest) = s.strip_suffix("e.p.") {
        s = rest.trim_end();
    }
    let b = s.as_bytes();
    if b.is_empty()
        || !b
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || b"x=:".contains(c))
    {
        return None;
    }
    let mut w = Wanted::default();
    let mut end = b.len();
    // promotion: `=Q`, `Q` or `(Q)` already stripped of parentheses by the caller
    if b[end - 1].is_ascii_uppercase() {
        w.promo = Some(b[end - 1] as char);
        end -= 1;
        if end > 0 && b[end - 1] == b'=' {
            end -= 1;
        }
    }
    // target cell: letters then digits, at the end
    let digits_end = end;
    while end > 0 && b[end - 1].is_ascii_digit() {
        end -= 1;
    }
    if end == digits_end {
        return None;
    }
    // the target's file: one letter (every board names files with a single letter)
    if end == 0 || !b[end - 1].is_ascii_lowercase() {
        return None;
    }
    end -= 1;
    w.to = s[end..digits_end].to_string();
    // capture mark
    if end > 0 && (b[end - 1] == b'x' || b[end - 1] == b':') {
        end -= 1;
    }
    // piece letter, then optional origin file and rank
    let mut i = 0;
    if i < end && b[i].is_ascii_uppercase() {
        w.piece = Some(b[i] as char);
        i += 1;
    }
    let f0 = i;
    if i < end && b[i].is_ascii_lowercase() {
        i += 1;
    }
    if i > f0 {
        w.from_file = Some(s[f0..i].to_string());
    }
    let r0 = i;
    while i < end && b[i].is_ascii_digit() {
        i += 1;
    }
    if i > r0 {
        w.from_rank = Some(s[r0..i].to_string());
    }
    (i == end).then_some(w)
}

/// Finds the legal move of `pos` that a SAN token names. Unreadable text gives
/// [`Error::BadMoveText`] (also for a token that fits several moves); readable text that names
/// no legal move gives [`Error::IllegalMove`].
pub fn parse(pos: &Position, text: &str) -> Result<Move> {
    if text.contains('@') {
        // a drop (`N@e4`) or the duck's placement (`@d5`): written as coordinate text
        let found = crate::notation::movetext::parse(pos, text);
        // python-chess writes a pawn's drop without its letter (`@e4`)
        if found.is_err() && text.trim_start().starts_with('@') {
            if let Some(p) = pawn_kind(pos) {
                let pawn = format!("{}{}", pos.variant.letter(p), text.trim());
                if let Ok(m) = crate::notation::movetext::parse(pos, &pawn) {
                    return Ok(m);
                }
            }
        }
        return found;
    }
    let v = pos.variant;
    let t = &v.board;
    let core: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | '(' | ')'))
        .collect();
    let legal = pos.legal_moves();
    let castle = match core.as_str() {
        "O-O" | "0-0" => Some(0),
        "O-O-O" | "0-0-0" => Some(1),
        _ => None,
    };
    if let Some(side) = castle {
        return legal
            .into_iter()
            .find(|m| m.kind == MoveKind::Castle && pos.castles[m.aux as usize].side == side)
            .ok_or_else(|| Error::IllegalMove(text.to_string()));
    }
    let w = split(&core).ok_or_else(|| Error::BadMoveText(text.to_string()))?;
    let to = t
        .cell(&w.to)
        .ok_or_else(|| Error::BadMoveText(format!("{text}: no cell {}", w.to)))?;
    let kind = match w.piece {
        None => pawn_kind(pos),
        // the SAN letter, else the FEN letter (`H` or `N` for a xiangqi horse); `P` names the
        // pawn also where its letter is another (makruk's bia)
        Some(l) => (0..v.pieces.len() as u8)
            .find(|&k| v.pieces[k as usize].san_letter == l)
            .or_else(|| v.piece_by_letter(l))
            .or_else(|| (l == 'P').then(|| pawn_kind(pos)).flatten()),
    }
    .ok_or_else(|| Error::BadMoveText(format!("{text}: no such piece")))?;
    let promo = match w.promo {
        None => 0,
        Some(l) => {
            v.piece_by_letter(l)
                .ok_or_else(|| Error::BadMoveText(format!("{text}: no piece '{l}'")))?
                + 1
        }
    };
    let fits = |m: &&Move| {
        let own_promotion = m.kind == MoveKind::Special && m.promo != 0;
        let pass = m.kind == MoveKind::Pass && m.from == m.to;
        if !own_promotion
            && !pass
            && !matches!(
                m.kind,
                MoveKind::Normal | MoveKind::Double | MoveKind::EnPassant
            )
        {
            return false;
        }
        let name = t.name(m.from);
        m.to == to
            && m.promo == promo
            && pos.at(m.from).kind() == kind
            && w.from_file.as_deref().is_none_or(|f| file_of(name) == f)
            && w.from_rank.as_deref().is_none_or(|r| rank_of(name) == r)
    };
    let found: Vec<&Move> = legal.iter().filter(fits).collect();
    match found.len() {
        1 => Ok(*found[0]),
        0 => Err(Error::IllegalMove(text.to_string())),
        _ => Err(Error::BadMoveText(format!(
            "{text}: ambiguous ({} moves fit)",
            found.len()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::fen;
    use crate::rules;

    fn pos(fen_text: &str) -> Position {
        fen::parse(rules::variant("chess").unwrap(), fen_text).unwrap()
    }

    #[test]
    fn splits_san_tokens_into_their_parts() {
        let w = split("Nbxd7").unwrap();
        assert_eq!(w.piece, Some('N'));
        assert_eq!(w.from_file.as_deref(), Some("b"));
        assert_eq!(w.to, "d7");
        let w = split("e8=Q").unwrap();
        assert_eq!((w.piece, w.to.as_str(), w.promo), (None, "e8", Some('Q')));
        let w = split("Qh4xe1").unwrap();
        assert_eq!(w.from_file.as_deref(), Some("h"));
        assert_eq!(w.from_rank.as_deref(), Some("4"));
        assert!(split("").is_none());
        assert!(split("Nf").is_none());
        assert!(split("hello world").is_none());
        assert!(split("N9").is_none());
    }

    #[test]
    fn every_legal_move_round_trips_through_san() {
        let p = pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        for m in p.legal_moves() {
            let s = write(&p, m);
            assert_eq!(parse(&p, &s), Ok(m), "{s}");
        }
    }
}
