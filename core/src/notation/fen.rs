//! FEN for two-player grid games, as Fairy-Stockfish reads and writes it: ranks from the
//! top, multi-digit empty counts, `KQkq` or Shredder/X-FEN castling letters, en passant square;
//! the chess variants' holdings, promoted marks and duck too (one reader and one writer).

use crate::board::rows::{self, in_case, seat_of_case, Cells, Cursor, Rows, Token};
use crate::board::{grid, Cell, NO_CELL};
use crate::error::{Error, Result};
use crate::piece::{chess, Piece, Seat, NEUTRAL};
use crate::position::{CastleDef, Ep, Position};
use crate::variant::Variant;

/// FEN's rows: pieces one after another, empty runs of any number of digits.
const JOINED: Cells = Cells::Joined { multi_digit: true };

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

/// Reads a FEN into a position of `v` (a two-seat grid game) with one royal piece per side.
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    parse_with(v, text, true)
}

/// Reads Fairy-Stockfish's FEN: ranks from the top, multi-digit empty counts, `~` after a
/// promoted piece, `*` the duck, holdings in brackets after the board (`[QPpp]`, `[]` or none)
/// or as a rank after the last, `KQkq` or Shredder/X-FEN castling letters, the en passant
/// square. Each side has one royal piece, or at most one where `king_required` is false
/// (antichess's king is not royal; a finished game of atomic has none).
pub fn parse_with(v: &'static Variant, text: &str, king_required: bool) -> Result<Position> {
    let t = &v.board;
    let f: Vec<&str> = text.split_whitespace().collect();
    if f.is_empty() {
        return Err(bad("empty FEN"));
    }
    let (mut board, mut holdings) = match f[0].find('[') {
        Some(i) => {
            let rest = &f[0][i + 1..];
            let h = rest
                .strip_suffix(']')
                .ok_or_else(|| bad("holdings without ']'"))?;
            (&f[0][..i], Some(h))
        }
        None => (f[0], None),
    };
    let mut pos = Position::empty(v);
    // holdings may also be written as a rank after the last (`.../RNBQKBNR/Qp`)
    if holdings.is_none() && v.hand.is_some() && board.split('/').count() == t.height as usize + 1 {
        let (b, h) = board.rsplit_once('/').unwrap_or((board, ""));
        (board, holdings) = (b, Some(h));
    }
    let mut ducks = 0;
    let token = |cur: &mut Cursor| {
        let ch = cur.next().unwrap_or('~');
        if ch == '~' {
            return Err(bad("'~' without a piece"));
        }
        let kind = v
            .piece_by_letter(ch)
            .ok_or_else(|| bad(format!("unknown piece '{ch}'")))?;
        let p = if ch == '*' {
            Piece::neutral(kind)
        } else {
            let seat = seat_of_case(ch);
            Piece::new(kind, seat, v.seats[seat as usize].facing)
        };
        let mut promoted = false;
        while cur.eat('~') {
            promoted = true;
        }
        Ok(Token::Piece(if promoted {
            p.with_promoted(true)
        } else {
            p
        }))
    };
    rows::read(board, &Rows::grid(t), JOINED, token, |c, p| {
        ducks += (p.owner() == NEUTRAL) as u32;
        pos.board[c as usize] = p;
        Ok(())
    })?;
    if ducks > 1 {
        return Err(bad("more than one duck"));
    }
    pos.st.turn = match f.get(1).copied().unwrap_or("w") {
        "w" => 0,
        "b" => 1,
        s => return Err(bad(format!("side to move '{s}'"))),
    };
    pos.refresh();
    if let Some(h) = holdings {
        if v.hand.is_none() && !h.is_empty() {
            return Err(bad("this game has no hands"));
        }
        for ch in h.chars().filter(|&c| c != '-') {
            let kind = v
                .piece_by_letter(ch)
                .filter(|&k| !v.is_royal(k) && ch != '*')
                .ok_or_else(|| bad(format!("piece '{ch}' in hand")))?;
            let seat = seat_of_case(ch);
            let n = pos.in_hand(seat, kind);
            if n == u8::MAX {
                return Err(bad("too many pieces in hand"));
            }
            pos.set_hand(seat, kind, n + 1);
        }
    }
    // a royal king per side, except in a position whose game is over (king taken or exploded)
    for s in 0..2u8 {
        let kings = (0..t.len() as Cell)
            .filter(|&c| {
                let p = pos.at(c);
                p.is_seated() && p.owner() == s && v.is_royal(p.kind())
            })
            .count();
        if kings > 1 || (king_required && kings == 0) {
            return Err(bad(format!(
                "{} kings for {}",
                kings, v.seats[s as usize].colour
            )));
        }
    }
    for c in 0..t.len() as Cell {
        let p = pos.at(c);
        let y = t.cells[c as usize].y;
        if p.is_seated() && v.pawn_mask >> p.kind() & 1 == 1 && (y == 0 || y == t.height - 1) {
            return Err(bad(format!("pawn on {}", t.name(c))));
        }
    }
    if v.castling {
        let (defs, rights) = castling_from_fen(&pos, f.get(2).copied().unwrap_or("-"))?;
        pos.set_castles(defs, rights);
    } else if f.get(2).is_some_and(|s| *s != "-") {
        return Err(bad("this game has no castling"));
    }
    if let Some(ep) = f.get(3).filter(|s| **s != "-") {
        let target = t
            .cell(ep)
            .ok_or_else(|| bad(format!("en passant square '{ep}'")))?;
        // the pawn of the side not to move; in a turn of two steps (the duck still to place)
        // the side to move's own
        let behind = |s: Seat| t.pawns[v.seats[s as usize].facing as usize].push[target as usize];
        let mut mover = 1 - pos.st.turn;
        if v.steps_per_turn > 1 && behind(mover) != NO_CELL && pos.at(behind(mover)).is_none() {
            mover = pos.st.turn;
        }
        let pawn = behind(mover);
        let ok = pawn != NO_CELL
            && pos.at(pawn).is_seated()
            && pos.at(pawn).kind() == chess::PAWN
            && pos.at(pawn).owner() == mover
            && pos.at(target).is_none();
        if ok {
            pos.st.ep[mover as usize] = Ep {
                target,
                pawn,
                hashed: pos.ep_capturable(target, mover),
            };
        }
    }
    let num = |i: usize, d: u32| -> Result<u32> {
        match f.get(i) {
            None => Ok(d),
            Some(s) => s.parse().map_err(|_| bad(format!("bad number '{s}'"))),
        }
    };
    pos.st.halfmove = num(4, 0)?;
    pos.st.fullmove = num(5, 1)?.max(1);
    pos.st.hash = pos.compute_hash();
    if v.royal_check && pos.in_check(1 - pos.st.turn) {
        return Err(bad("the side not to move is in check"));
    }
    Ok(pos)
}

/// Castle definitions for a seat's king and a rook on the same back rank (chess and 960).
pub fn chess_castle(pos: &Position, seat: u8, king: Cell, rook: Cell) -> CastleDef {
    let t = &pos.variant.board;
    let (kx, ky) = (t.cells[king as usize].x, t.cells[king as usize].y);
    let rx = t.cells[rook as usize].x;
    let side = if rx > kx { 0 } else { 1 };
    let (kt, rt) = if side == 0 { (6, 5) } else { (2, 3) };
    CastleDef::new(
        t,
        seat,
        side,
        king,
        rook,
        t.at(kt, ky).unwrap(),
        t.at(rt, ky).unwrap(),
    )
}

fn castling_from_fen(pos: &Position, s: &str) -> Result<(Vec<CastleDef>, u16)> {
    let v = pos.variant;
    let t = &v.board;
    let mut defs: Vec<CastleDef> = Vec::new();
    if s == "-" {
        return Ok((defs, 0));
    }
    for ch in s.chars() {
        let seat = seat_of_case(ch);
        let back = if seat == 0 { 0 } else { t.height - 1 };
        let king = (0..t.width)
            .filter_map(|x| t.at(x, back))
            .find(|&c| {
                let p = pos.at(c);
                p.is_seated() && p.owner() == seat && p.kind() == chess::KING
            })
            .ok_or_else(|| {
                bad(format!(
                    "castling right '{ch}' without a king on the back rank"
                ))
            })?;
        let kx = t.cells[king as usize].x;
        let is_rook = |x: i16| {
            let p = pos.at(t.at(x, back).unwrap());
            p.is_seated() && p.owner() == seat && p.kind() == chess::ROOK
        };
        let rx = match ch.to_ascii_lowercase() {
            'k' => (kx + 1..t.width).rev().find(|&x| is_rook(x)),
            'q' => (0..kx).find(|&x| is_rook(x)),
            c @ 'a'..='h' => Some((c as u8 - b'a') as i16).filter(|&x| is_rook(x)),
            _ => return Err(bad(format!("castling letter '{ch}'"))),
        }
        .ok_or_else(|| bad(format!("castling right '{ch}' without its rook")))?;
        let d = chess_castle(pos, seat, king, t.at(rx, back).unwrap());
        if defs.iter().any(|e| e.seat == d.seat && e.side == d.side) {
            return Err(bad(format!("castling right '{ch}' given twice")));
        }
        defs.push(d);
    }
    let rights = (1u16 << defs.len()) - 1;
    Ok((defs, rights))
}

/// Writes a FEN as Fairy-Stockfish does (see [`parse_with`]): in games with hands the promoted
/// pieces marked `~` and the holdings `[QRBNPqrbnp]` (white, then black, queen first), the duck
/// `*`. `shredder` writes castling rights as rook files (Chess960).
pub fn write(pos: &Position, shredder: bool) -> String {
    let v = pos.variant;
    let t = &v.board;
    let mut s = rows::write(&Rows::grid(t), JOINED, |c, s| {
        let p = pos.at(c);
        if p.is_none() {
            return;
        }
        let l = v.letter(p.kind());
        s.push(in_case(l, p.owner()));
        if p.promoted() && v.hand.is_some() {
            s.push('~');
        }
    });
    if v.hand.is_some() {
        s.push('[');
        for seat in 0..2u8 {
            for k in (0..v.pieces.len() as u8).rev() {
                for _ in 0..pos.in_hand(seat, k) {
                    let l = v.letter(k);
                    s.push(in_case(l, seat));
                }
            }
        }
        s.push(']');
    }
    s.push_str(if pos.st.turn == 0 { " w " } else { " b " });
    let mut rights = String::new();
    for seat in 0..2u8 {
        let mut mine: Vec<&CastleDef> = pos
            .castles
            .iter()
            .enumerate()
            .filter(|(i, d)| d.seat == seat && pos.st.castling >> i & 1 == 1)
            .map(|(_, d)| d)
            .collect();
        mine.sort_by_key(|d| d.side);
        for d in mine {
            let ch = if shredder {
                grid::file_name(t.cells[d.rook_from as usize].x).to_ascii_uppercase()
            } else if d.side == 0 {
                'K'
            } else {
                'Q'
            };
            rights.push(in_case(ch, seat));
        }
    }
    s += if rights.is_empty() { "-" } else { &rights };
    let ep = pos.st.ep.iter().find(|e| e.hashed);
    match ep {
        Some(e) => {
            s.push(' ');
            s += t.name(e.target);
        }
        None => s += " -",
    }
    s += &format!(" {} {}", pos.st.halfmove, pos.st.fullmove);
    s
}
