//! Coordinate move text, the same for every game: `e2e4` or `e2-e4`, promotion `e7e8q` or
//! `e7-e8=Q`, captures may be written `e4xd5`; castling as the king's move (`e1g1`), as king
//! takes rook (`e1h1`, Chess960), or `O-O` / `O-O-O`. Cell names are a file letter and a rank.
//! A drop from hand is `P@e4` (Fairy-Stockfish's form, the piece's letter in upper case for
//! either side); a neutral piece's placement (the duck) is `*@h5`, and a whole turn of two steps
//! may be written as Fairy-Stockfish writes a duck move, `e2e4,e4h5` ([`parse_turn`]). Games
//! with `Variant::promotion_plus` (shogi) mark a promotion `b2h8+`.

use crate::error::{Error, Result};
use crate::position::{Move, MoveKind, Position};

/// Move text for a legal move. `king_takes_rook` writes castling as the king moving onto its
/// rook (Chess960 / Fairy-Stockfish `fischerandom`); otherwise as the king's own destination,
/// unless a plain king move has that text too (a set-up position with the king on f1 and
/// castling rights: `f1g1` is a step and castling): then as king takes rook, so that the text
/// (what saved games store) reads back as the move written.
pub fn write(pos: &Position, m: Move, king_takes_rook: bool) -> String {
    let t = &pos.variant.board;
    match m.kind {
        MoveKind::Drop => return format!("{}@{}", pos.variant.letter(m.aux), t.name(m.to)),
        MoveKind::Place => return format!("{}@{}", pos.variant.letter(m.aux), t.name(m.to)),
        _ => {}
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
    if m.kind == MoveKind::Drop {
        // a drop from hand, as Fairy-Stockfish writes it: `P@e5` (either colour)
        return format!("{}@{}", pos.variant.letter(m.aux), t.name(m.to));
    }
    let mut s = format!("{}{}", t.name(m.from), t.name(to));
    if let Some(k) = m.promotion() {
        if pos.variant.promotion_plus {
            s.push('+');
        } else {
            s.push(pos.variant.letter(k).to_ascii_lowercase());
        }
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
    // `+` after the cells: a promotion where the game writes it so (shogi), else a check mark
    let plus_promotion = pos.variant.promotion_plus && text.trim().ends_with('+');
    let t = &pos.variant.board;
    if let Some((piece, cell)) = trimmed.split_once('@') {
        // a drop (`P@e4`) or a neutral piece's placement (`*@h5`, or `@h5`)
        let to = t
            .cell(cell)
            .ok_or_else(|| Error::BadMoveText(format!("{text}: no cell {cell}")))?;
        let kind = match piece.chars().next() {
            None => None,
            Some(l) if piece.chars().count() == 1 => Some(
                pos.variant
                    .piece_by_letter(l)
                    .ok_or_else(|| Error::BadMoveText(format!("{text}: no piece '{l}'")))?,
            ),
            Some(_) => return Err(Error::BadMoveText(text.to_string())),
        };
        return legal
            .into_iter()
            .find(|m| {
                m.to == to
                    && match m.kind {
                        MoveKind::Drop => kind == Some(m.aux),
                        MoveKind::Place => kind.is_none_or(|k| k == m.aux),
                        _ => false,
                    }
            })
            .ok_or_else(|| Error::IllegalMove(text.to_string()));
    }
    let (from, to, promo) = split(text).ok_or_else(|| Error::BadMoveText(text.to_string()))?;
    if legal.iter().any(|m| m.kind == MoveKind::Place) && promo.is_none() {
        // Fairy-Stockfish's second half of a duck move: the moved piece's cell, then the
        // duck's new cell
        if let Some(m) = t.cell(&to).and_then(|to| {
            legal
                .iter()
                .find(|m| m.kind == MoveKind::Place && m.to == to)
        }) {
            return Ok(*m);
        }
    }
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
    let plain = legal.iter().find(|m| {
        m.from == from
            && m.to == to
            && m.kind != MoveKind::Castle
            && if pos.variant.promotion_plus {
                (m.promo != 0) == plus_promotion
            } else {
                m.promo == promo
            }
    });
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

/// The moves of one turn written as one text: a single move, or the steps of a turn joined by
/// commas as Fairy-Stockfish writes a duck move (`e2e4,e4h5`: the move, then the duck's cell
/// after the moved piece's). Each step is read in the position the steps before it leave.
pub fn parse_turn(pos: &Position, text: &str) -> Result<Vec<Move>> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for part in text.split(',') {
        let m = parse(&p, part)?;
        p.make(m);
        out.push(m);
    }
    Ok(out)
}
