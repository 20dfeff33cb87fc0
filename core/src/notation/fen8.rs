//! FEN8: the position notation of the eight-player games, Chaturaji and Four Seasons (and of
//! any grid game with more than two seats that castles from fixed squares or not at all), in
//! the spirit of chess.com's FEN4.
//!
//! Eight fields separated by `-` (the board, last, holds no `-`):
//!
//! ```text
//! W-0,0,0,0,0,0,0,0-1,1,1,1,1,1,1,1-1,1,1,1,1,1,1,1-0,0,0,0,0,0,0,0-0-1-<board>
//! ```
//!
//! 1. Side to move: the seat's tag in upper case (`W R B Y P O G K` = White, Red, Blue, Yellow,
//!    Purple, Orange, Green, blacK).
//! 2. Out flags, one per seat in turn order: `1` = the seat no longer takes turns.
//! 3. King-side castling rights per seat (`1`/`0`); 4. queen-side castling rights per seat.
//!    The king side is the side of the back rank without the queen.
//! 5. Points per seat (non-negative integers).
//! 6. Plies since the last capture or pawn move; 7. the round number (from 1).
//! 8. The board: ranks from the top (rank 24) to rank 1 separated by `/`; in a rank, cells from
//!    the a-file separated by `,`: a number counts empty cells (holes of the board count as
//!    empty cells, so every rank adds up to the board's width), a piece is the owner's tag in
//!    lower case then the piece letter (`wK`, `kP`). A grey piece (its army is out) is `d`, then
//!    the tag of a seat whose pawns face the same way as the piece, then the letter (`dwP`).
//!    A piece that faces another way than its tag's seat (Four Seasons pawns walk two ways per
//!    player; a handed-over army keeps its facing) carries a facing mark after the letter:
//!    `^` north, `>` east, `v` south, `<` west (`rP>`, `dbP<`). A trailing `~` marks a promoted
//!    piece (`wQ~`, `rF>~`).
//!
//! Games without castling (Chaturaji, Four Seasons) write both castling fields as all `0`; a
//! right where the game has no castling option is an error.
//!
//! Reading checks the text completely and returns [`Error::BadFen`] on any fault; nothing is
//! changed then (parsing builds a fresh position).

use crate::board::rows::{self, Cells, Rows, Token};
use crate::board::{Cell, NO_CELL};
use crate::error::{Error, Result};
use crate::piece::{Piece, Seat, GREY};
use crate::position::{CastleDef, Position};
use crate::variant::Variant;

/// Cells separated by commas; a number counts empty cells (holes included).
const COMMAS: Cells = Cells::Separated(',');

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

/// Where a seat's king and rooks start, for castling: (king, king-side rook, queen-side rook).
pub type CastleSquares = (Cell, Cell, Cell);

/// The castle definitions of every seat in the order seat 0 king side, seat 0 queen side,
/// seat 1 king side, ...; right bit `2 * seat + side` (side 0 = king side). The king goes two
/// squares towards the rook, the rook to the square the king crossed.
pub fn castle_defs(v: &Variant, squares: &[CastleSquares]) -> Vec<CastleDef> {
    let t = &v.board;
    let mut defs = Vec::with_capacity(squares.len() * 2);
    for (s, &(king, k_rook, q_rook)) in squares.iter().enumerate() {
        for (side, rook) in [(0u8, k_rook), (1u8, q_rook)] {
            let (kx, ky) = (t.cells[king as usize].x, t.cells[king as usize].y);
            let (rx, ry) = (t.cells[rook as usize].x, t.cells[rook as usize].y);
            let (dx, dy) = ((rx - kx).signum(), (ry - ky).signum());
            let cell = |k: i16| t.at(kx + k * dx, ky + k * dy).expect("castling square");
            defs.push(CastleDef::new(
                t,
                s as Seat,
                side,
                king,
                rook,
                cell(2),
                cell(1),
            ));
        }
    }
    defs
}

fn list<T>(field: &str, what: &str, n: usize, f: impl Fn(&str) -> Option<T>) -> Result<Vec<T>> {
    let items: Vec<&str> = field.split(',').collect();
    if items.len() != n {
        return Err(bad(format!("{what}: {} values, expected {n}", items.len())));
    }
    items
        .iter()
        .map(|s| f(s.trim()).ok_or_else(|| bad(format!("{what}: bad value '{s}'"))))
        .collect()
}

fn flag(s: &str) -> Option<bool> {
    match s {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

/// Reads a FEN8 position of `v`; `squares` gives each seat's castling squares.
pub fn parse(v: &'static Variant, squares: &[CastleSquares], text: &str) -> Result<Position> {
    let t = &v.board;
    let n = v.seat_count();
    let f: Vec<&str> = text.trim().splitn(8, '-').collect();
    if f.len() != 8 {
        return Err(bad(format!("{} fields, expected 8", f.len())));
    }
    let seat_of_tag = |ch: char| v.seats.iter().position(|s| s.tag == ch).map(|i| i as Seat);
    let mut pos = Position::empty(v);

    let turn = {
        let mut cs = f[0].chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => seat_of_tag(c.to_ascii_lowercase()),
            _ => None,
        }
        .ok_or_else(|| bad(format!("side to move '{}'", f[0])))?
    };
    let out = list(f[1], "out flags", n, flag)?;
    let king_side = list(f[2], "king-side castling", n, flag)?;
    let queen_side = list(f[3], "queen-side castling", n, flag)?;
    let scores = list(f[4], "points", n, |s| {
        s.parse::<i32>()
            .ok()
            .filter(|&x| x >= 0 && !s.starts_with('+'))
    })?;
    let halfmove: u32 = f[5]
        .parse()
        .map_err(|_| bad(format!("plies since capture '{}'", f[5])))?;
    let fullmove: u32 = f[6]
        .parse()
        .ok()
        .filter(|&x| x >= 1)
        .ok_or_else(|| bad(format!("round number '{}'", f[6])))?;

    let token = |cur: &mut rows::Cursor| {
        let tok = cur.rest();
        parse_piece(v, tok)
            .map(Token::Piece)
            .ok_or_else(|| bad(format!("piece '{tok}'")))
    };
    rows::read(f[7], &Rows::grid(t), COMMAS, token, |c, p| {
        pos.board[c as usize] = p;
        Ok(())
    })?;

    pos.in_play = 0;
    for (s, &o) in out.iter().enumerate() {
        if !o {
            pos.in_play |= 1 << s;
        }
    }
    if out[turn as usize] {
        return Err(bad("the side to move is out"));
    }
    for (s, &p) in scores.iter().enumerate() {
        pos.scores[s] = p;
    }
    pos.st.turn = turn;
    pos.st.halfmove = halfmove;
    pos.st.fullmove = fullmove;
    pos.refresh();

    // every seat in play has exactly one king; an out seat has no live pieces
    for s in 0..n as Seat {
        let mine = pos.cells_of(s);
        let kings = mine
            .iter()
            .filter(|&c| v.is_royal(pos.at(c).kind()))
            .count();
        if pos.is_in_play(s) && kings != 1 {
            return Err(bad(format!(
                "{kings} kings for {}",
                v.seats[s as usize].colour
            )));
        }
        if !pos.is_in_play(s) && !mine.is_empty() {
            return Err(bad(format!(
                "{} is out but has live pieces",
                v.seats[s as usize].colour
            )));
        }
    }
    // live pawns stand between their own back line and their promotion line
    for c in 0..t.len() as Cell {
        let p = pos.at(c);
        if p.is_some() && !p.is_grey() && v.pawn_mask >> p.kind() & 1 == 1 {
            let f = p.facing() as usize;
            let back = crate::board::grid::line_from_back(t, f as u8, 0).contains(c);
            if back || v.promotion_zone[f].contains(c) || beyond(v, f, c) {
                return Err(bad(format!("pawn on {}", t.name(c))));
            }
        }
    }

    let defs = castle_defs(v, squares);
    // a right needs a castling option (games without castling write all flags 0)
    for s in 0..n {
        for (side, flags) in [(0u8, &king_side), (1u8, &queen_side)] {
            if flags[s] && !defs.iter().any(|d| d.seat as usize == s && d.side == side) {
                return Err(bad(format!(
                    "castling right of {}, which cannot castle there",
                    v.seats[s].colour
                )));
            }
        }
    }
    let mut rights = 0u16;
    for (i, d) in defs.iter().enumerate() {
        let s = d.seat as usize;
        let wanted = if d.side == 0 {
            king_side[s]
        } else {
            queen_side[s]
        };
        if !wanted {
            continue;
        }
        let is = |c: Cell, kind: u8| {
            let p = pos.at(c);
            p.is_some() && !p.is_grey() && p.owner() == d.seat && p.kind() == kind
        };
        let king_kind = v.pieces.iter().position(|p| p.royal).unwrap_or(0) as u8;
        let rook_kind = v.piece_by_letter('R').unwrap_or(u8::MAX);
        if !pos.is_in_play(d.seat) || !is(d.king_from, king_kind) || !is(d.rook_from, rook_kind) {
            return Err(bad(format!(
                "castling right of {} without its king and rook at home",
                v.seats[s].colour
            )));
        }
        rights |= 1 << i;
    }
    pos.set_castles(defs, rights);
    pos.st.hash = pos.compute_hash();
    Ok(pos)
}

/// Whether a pawn of facing `f` on `c` stands past its promotion line.
fn beyond(v: &Variant, f: usize, c: Cell) -> bool {
    let t = &v.board;
    let mut cur = c;
    // walk backwards: if the promotion line lies behind the pawn, it is beyond it
    loop {
        cur = t.pawns[(f + 2) % 4].push[cur as usize];
        if cur == NO_CELL {
            return false;
        }
        if v.promotion_zone[f].contains(cur) {
            return true;
        }
    }
}

fn parse_piece(v: &Variant, tok: &str) -> Option<Piece> {
    let (tok, promoted) = match tok.strip_suffix('~') {
        Some(rest) => (rest, true),
        None => (tok, false),
    };
    // an explicit facing mark (see the module docs) overrides the tag's facing
    let (tok, facing) = match tok.chars().last().and_then(facing_of_mark) {
        Some(f) => (&tok[..tok.len() - 1], Some(f)),
        None => (tok, None),
    };
    let cs: Vec<char> = tok.chars().collect();
    let seat_of = |ch: char| v.seats.iter().position(|s| s.tag == ch);
    let (owner, facing_seat, letter) = match cs.as_slice() {
        ['d', s, l] => (GREY, seat_of(*s)?, *l),
        [s, l] => {
            let i = seat_of(*s)?;
            (i as Seat, i, *l)
        }
        _ => return None,
    };
    if !letter.is_ascii_uppercase() {
        return None;
    }
    let kind = v.piece_by_letter(letter)?;
    if promoted && (v.is_royal(kind) || v.pawn_mask >> kind & 1 == 1) {
        return None;
    }
    let facing = facing.unwrap_or(v.seats[facing_seat].facing);
    if facing >= v.pawn_facings {
        return None;
    }
    Some(Piece::new(kind, owner, facing).with_promoted(promoted))
}

/// Facing marks of grid boards: `^` north, `>` east, `v` south, `<` west.
const FACING_MARKS: [char; 4] = ['^', '>', 'v', '<'];

fn facing_of_mark(c: char) -> Option<u8> {
    FACING_MARKS.iter().position(|&m| m == c).map(|f| f as u8)
}

fn piece_token(v: &Variant, p: Piece) -> String {
    let mut s = String::new();
    let tag_seat = if p.is_grey() {
        s.push('d');
        v.seats
            .iter()
            .position(|d| d.facing == p.facing())
            .unwrap_or(0)
    } else {
        p.owner() as usize
    };
    s.push(v.seats[tag_seat].tag);
    s.push(v.letter(p.kind()));
    if p.facing() != v.seats[tag_seat].facing {
        s.push(FACING_MARKS[p.facing() as usize % 4]);
    }
    if p.promoted() {
        s.push('~');
    }
    s
}

/// Writes a position of a variant with castle definitions from [`castle_defs`] as FEN8.
pub fn write(pos: &Position) -> String {
    let v = pos.variant;
    let t = &v.board;
    let n = v.seat_count();
    let join = |f: &dyn Fn(usize) -> String| (0..n).map(f).collect::<Vec<_>>().join(",");
    let right = |s: usize, side: u8| {
        pos.castles
            .iter()
            .enumerate()
            .any(|(i, d)| d.seat as usize == s && d.side == side && pos.st.castling >> i & 1 == 1)
    };
    let mut out = format!(
        "{}-{}-{}-{}-{}-{}-{}-",
        v.seats[pos.turn() as usize].tag.to_ascii_uppercase(),
        join(&|s| (!pos.is_in_play(s as Seat) as u8).to_string()),
        join(&|s| (right(s, 0) as u8).to_string()),
        join(&|s| (right(s, 1) as u8).to_string()),
        join(&|s| pos.scores[s].to_string()),
        pos.st.halfmove,
        pos.st.fullmove
    );
    out += &rows::write(&Rows::grid(t), COMMAS, |c, s| {
        let p = pos.at(c);
        if p.is_some() {
            s.push_str(&piece_token(v, p));
        }
    });
    out
}
