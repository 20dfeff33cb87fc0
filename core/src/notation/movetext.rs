//! Coordinate move text, the same for every game: `e2e4` or `e2-e4`, promotion `e7e8q` or
//! `e7-e8=Q`, captures may be written `e4xd5`; castling as the king's move (`e1g1`), as king
//! takes rook (`e1h1`, Chess960), or `O-O` / `O-O-O`. Cell names are a file letter and a rank.

use crate::error::{Error, Result};
use crate::position::{Move, MoveKind, Position};

/// Move text for a legal move. `king_takes_rook` writes castling as the king moving onto its
/// rook (Chess960 / Fairy-Stockfish `fischerandom`); otherwise as the king's own destination,
/// unless a plain king move has that text too (a set-up position with the king on f1 and
/// castling rights: `f1g1` is a step and castling): then as king takes rook, so that the text
/// (what saved games store) reads back as the move written.
pub fn write(pos: &Position, m: Move, king_takes_rook: bool) -> String {
    let t = &pos.variant.board;
    if m.kind == MoveKind::Drop {
        // a drop from hand: the kind's letter, `@`, the cell (Fairy-Stockfish: `K@e2`)
        return format!("{}@{}", pos.variant.letter(m.aux), t.name(m.to));
    }
    let to = if m.kind == MoveKind::Castle && !king_takes_rook {
        let king_to = pos.castles[m.aux as usize].king_to;
        let step_too = pos
            .legal_moves()
            .iter()
            .any(|o| o.kind != MoveKind::Castle && o.from == m.from && o.to == king_to);
        if step_too {
            m.to
        } else {
            king_to
        }
    } else {
        m.to
    };
    let mut s = format!("{}{}", t.name(m.from), t.name(to));
    if let Some(k) = m.promotion() {
        s.push(pos.variant.letter(k).to_ascii_lowercase());
    }
    s
}

/// Splits `text` into (from, to, promotion letter).
fn split(text: &str) -> Option<(String, String, Option<char>)> {
    let s: Vec<char> = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?'))
        .collect();
    let mut i = 0;
    let cell = |i: &mut usize| -> Option<String> {
        let start = *i;
        if *i < s.len() && s[*i].is_ascii_lowercase() {
            *i += 1;
        } else {
            return None;
        }
        let d0 = *i;
        while *i < s.len() && s[*i].is_ascii_digit() {
            *i += 1;
        }
        (*i > d0).then(|| s[start..*i].iter().collect())
    };
    let from = cell(&mut i)?;
    // `x` separates only before a cell name: on boards with an x-file `x11x10` is x11 to x10.
    if i < s.len()
        && (s[i] == '-' || (s[i] == 'x' && s.get(i + 1).is_some_and(|c| c.is_ascii_lowercase())))
    {
        i += 1;
    }
    let to = cell(&mut i)?;
    if i < s.len() && s[i] == '=' {
        i += 1;
    }
    let promo = if i < s.len() && s[i].is_ascii_alphabetic() {
        i += 1;
        Some(s[i - 1].to_ascii_uppercase())
    } else {
        None
    };
    (i == s.len()).then_some((from, to, promo))
}

/// Finds the legal move that `text` names.
pub fn parse(pos: &Position, text: &str) -> Result<Move> {
    let legal = pos.legal_moves();
    let trimmed = text.trim().trim_end_matches(['+', '#']);
    if matches!(trimmed, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
        let side = if trimmed.len() == 3 { 0 } else { 1 };
        return legal
            .into_iter()
            .find(|m| m.kind == MoveKind::Castle && pos.castles[m.aux as usize].side == side)
            .ok_or_else(|| Error::IllegalMove(text.to_string()));
    }
    let t = &pos.variant.board;
    if let Some((letter, cell)) = trimmed.split_once('@') {
        // a drop: `K@e2` (any case for the letter)
        let mut l = letter.chars();
        let (Some(l), None) = (l.next(), l.next()) else {
            return Err(Error::BadMoveText(text.to_string()));
        };
        let kind = pos
            .variant
            .piece_by_letter(l)
            .ok_or_else(|| Error::BadMoveText(format!("{text}: no piece '{l}'")))?;
        let to = t
            .cell(cell)
            .ok_or_else(|| Error::BadMoveText(format!("{text}: no cell {cell}")))?;
        return legal
            .into_iter()
            .find(|m| m.kind == MoveKind::Drop && m.aux == kind && m.to == to)
            .ok_or_else(|| Error::IllegalMove(text.to_string()));
    }
    let (from, to, promo) = split(text).ok_or_else(|| Error::BadMoveText(text.to_string()))?;
    let from = t
        .cell(&from)
        .ok_or_else(|| Error::BadMoveText(format!("{text}: no cell {from}")))?;
    let to = t
        .cell(&to)
        .ok_or_else(|| Error::BadMoveText(format!("{text}: no cell {to}")))?;
    let promo = match promo {
        None => 0,
        Some(l) => {
            pos.variant
                .piece_by_letter(l)
                .ok_or_else(|| Error::BadMoveText(format!("{text}: no piece '{l}'")))?
                + 1
        }
    };
    let plain = legal
        .iter()
        .find(|m| m.from == from && m.to == to && m.promo == promo && m.kind != MoveKind::Castle);
    if let Some(m) = plain {
        return Ok(*m);
    }
    legal
        .iter()
        .find(|m| {
            m.kind == MoveKind::Castle
                && m.from == from
                && promo == 0
                && (m.to == to || pos.castles[m.aux as usize].king_to == to)
        })
        .copied()
        .ok_or_else(|| Error::IllegalMove(text.to_string()))
}
