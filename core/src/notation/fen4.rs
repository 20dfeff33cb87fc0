//! chess.com FEN4: the position notation of four-player chess (`four-player-ffa`,
//! `four-player-teams`); REFERENCE §3.2.
//!
//! `<turn>-<dead>-<king side>-<queen side>-<points>-<plies>[-<extras>]-<board>`, e.g. the start:
//! `R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,…,3/14/bR,bP,10,gP,gR/…`
//! * turn: `R`, `B`, `Y` or `G`;
//! * dead: four `0`/`1` flags in the order Red, Blue, Yellow, Green (as every 4-value list):
//!   `1` for a player who is out (a walking king's player too);
//! * castling rights: king side (`O-O`) flags, then queen side flags. A right stands with the
//!   player's king on its back line and a rook of theirs further along it on that side; the
//!   king side is the end of the line nearer to the king (Red h1: k1; Blue a8: a11, but a4 in
//!   chess.com's newer layout with the king on a7). Castling is derived from those cells
//!   (the game's [`crate::rules::Rules::castling_from_flags`]): the king goes two squares towards the rook, the rook to the square
//!   the king crossed. Rights without such a king and rook are dropped;
//! * points; plies since the last capture or pawn move;
//! * extras (optional): `{'key':value,…}`. Read: `'enPassant':('d3:d4','','','')` (per player:
//!   the cell a capturer lands on and the cell of the pawn taken) and `'resigned'` / `'flagged'`
//!   (tuples of `true`/`false`); every other key is accepted and ignored. Written: `'resigned'`
//!   for walking kings and `'enPassant'` when a chance is open; no extras otherwise.
//! * board: ranks 14 down to 1 separated by `/`; cells separated by `,`; a number counts empty
//!   cells (the missing corners count as empty, as chess.com writes them; `x` for one missing
//!   corner cell is read too); a piece is its colour (`r`, `b`, `y`, `g`, or `d` for a grey
//!   piece of a player who is out, optionally followed by its former colour) and its letter
//!   (`K Q R B N P`; `D` is a promoted queen, worth 1 point, and is how free for all writes one).
//!
//! Whitespace anywhere is ignored, so the multi-line layout of published FEN4 strings reads too.
//! A player marked dead whose king is still on the board (not grey) is a walking king.

use crate::board::rows::{self, Cells, Rows, Token};
use crate::board::{Cell, NO_CELL};
use crate::error::{Error, Result};
use crate::piece::{chess, Piece, Seat, GREY};
use crate::position::{Ep, Position};
use crate::variant::{RecordForm, Variant};

const TAGS: [char; 4] = ['r', 'b', 'y', 'g'];
const TURN: [char; 4] = ['R', 'B', 'Y', 'G'];

/// Cells separated by commas; a number counts empty cells (missing corners included).
const COMMAS: Cells = Cells::Separated(',');

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

fn flags(s: &str, what: &str) -> Result<[bool; 4]> {
    let v: Vec<&str> = s.split(',').collect();
    if v.len() != 4 {
        return Err(bad(format!("{what}: expected 4 values, got '{s}'")));
    }
    let mut out = [false; 4];
    for (i, x) in v.iter().enumerate() {
        out[i] = match *x {
            "0" => false,
            "1" => true,
            _ => return Err(bad(format!("{what}: '{x}' is not 0 or 1"))),
        };
    }
    Ok(out)
}

/// One value of the extras: a string, a tuple of values, or a bare word/number.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Str(String),
    Tuple(Vec<Value>),
    Word(String),
}

struct ExtraParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl ExtraParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> Result<()> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(bad(format!("extras: expected '{}'", c as char)))
        }
    }
    fn string(&mut self) -> Result<String> {
        self.eat(b'\'')?;
        let start = self.i;
        while self.peek().is_some_and(|c| c != b'\'') {
            self.i += 1;
        }
        let out = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
        self.eat(b'\'')?;
        Ok(out)
    }
    fn value(&mut self, depth: usize) -> Result<Value> {
        if depth > 8 {
            return Err(bad("extras nested too deeply"));
        }
        match self.peek() {
            Some(b'\'') => Ok(Value::Str(self.string()?)),
            Some(b'(') => {
                self.i += 1;
                let mut items = Vec::new();
                if self.peek() == Some(b')') {
                    self.i += 1;
                    return Ok(Value::Tuple(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(b')') => {
                            self.i += 1;
                            return Ok(Value::Tuple(items));
                        }
                        _ => return Err(bad("extras: unclosed tuple")),
                    }
                }
            }
            Some(c) if c.is_ascii_alphanumeric() || c == b'.' || c == b'_' => {
                let start = self.i;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'.' || c == b'_')
                {
                    self.i += 1;
                }
                Ok(Value::Word(
                    String::from_utf8_lossy(&self.s[start..self.i]).into_owned(),
                ))
            }
            _ => Err(bad("extras: expected a value")),
        }
    }
    /// `{'key':value,...}` → pairs.
    fn object(&mut self) -> Result<Vec<(String, Value)>> {
        self.eat(b'{')?;
        let mut out = Vec::new();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(out);
        }
        loop {
            let k = self.string()?;
            self.eat(b':')?;
            let v = self.value(0)?;
            out.push((k, v));
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(out);
                }
                _ => return Err(bad("extras: expected ',' or '}'")),
            }
        }
    }
}

fn four_bools(v: &Value, key: &str) -> Result<[bool; 4]> {
    let Value::Tuple(items) = v else {
        return Err(bad(format!("'{key}' is not a tuple")));
    };
    if items.len() != 4 {
        return Err(bad(format!("'{key}' needs 4 values")));
    }
    let mut out = [false; 4];
    for (i, it) in items.iter().enumerate() {
        out[i] = match it {
            Value::Word(w) if w == "true" => true,
            Value::Word(w) if w == "false" => false,
            _ => return Err(bad(format!("'{key}': expected true or false"))),
        };
    }
    Ok(out)
}

/// Reads a piece token (`rK`, `dP`, `dgP`, `rD`).
fn piece_token(v: &Variant, tok: &str) -> Result<Piece> {
    let chars: Vec<char> = tok.chars().collect();
    let (owner, origin, letter) = match chars.as_slice() {
        [c, l] => (*c, *c, *l),
        ['d', o, l] => ('d', *o, *l),
        _ => return Err(bad(format!("bad cell '{tok}'"))),
    };
    let seat_of = |c: char| TAGS.iter().position(|&t| t == c).map(|s| s as Seat);
    let owner_seat = if owner == 'd' {
        GREY
    } else {
        seat_of(owner).ok_or_else(|| bad(format!("bad colour in '{tok}'")))?
    };
    let facing = match seat_of(origin) {
        Some(s) => v.seats[s as usize].facing,
        None if origin == 'd' => 0,
        None => return Err(bad(format!("bad colour in '{tok}'"))),
    };
    let (kind, promoted) = match letter {
        'D' => (chess::QUEEN, true),
        l if l.is_ascii_uppercase() => (
            v.piece_by_letter(l)
                .ok_or_else(|| bad(format!("unknown piece '{tok}'")))?,
            false,
        ),
        _ => return Err(bad(format!("unknown piece '{tok}'"))),
    };
    Ok(Piece::new(kind, owner_seat, facing).with_promoted(promoted))
}

/// Reads a FEN4 into a position of a four-player variant.
pub fn parse(v: &'static Variant, text: &str) -> Result<Position> {
    if v.facts.record != RecordForm::Pgn4 {
        return Err(bad(format!("FEN4 is not the notation of {}", v.id)));
    }
    let t = &v.board;
    let s: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if !s.is_ascii() {
        return Err(bad("FEN4 has non-ASCII characters"));
    }
    let mut fields: Vec<&str> = Vec::with_capacity(6);
    let mut rest = s.as_str();
    for _ in 0..6 {
        let (f, r) = rest
            .split_once('-')
            .ok_or_else(|| bad("FEN4 needs turn, dead, castling, points, plies and board"))?;
        fields.push(f);
        rest = r;
    }
    let mut extras = Vec::new();
    if rest.starts_with('{') {
        let mut p = ExtraParser {
            s: rest.as_bytes(),
            i: 0,
        };
        extras = p.object()?;
        rest = &rest[p.i..];
        rest = rest
            .strip_prefix('-')
            .ok_or_else(|| bad("expected '-' after the extras"))?;
    }
    let board = rest;

    let turn = match fields[0] {
        "R" => 0,
        "B" => 1,
        "Y" => 2,
        "G" => 3,
        x => return Err(bad(format!("side to move '{x}'"))),
    };
    let dead = flags(fields[1], "dead")?;
    let king_side = flags(fields[2], "king-side castling")?;
    let queen_side = flags(fields[3], "queen-side castling")?;
    let points: Vec<i32> = fields[4]
        .split(',')
        .map(|x| x.parse::<i32>())
        .collect::<std::result::Result<_, _>>()
        .map_err(|_| bad(format!("points '{}'", fields[4])))?;
    if points.len() != 4 {
        return Err(bad(format!("points '{}'", fields[4])));
    }
    let plies: u32 = fields[5]
        .parse()
        .map_err(|_| bad(format!("plies '{}'", fields[5])))?;

    let mut pos = Position::empty(v);
    let token = |cur: &mut rows::Cursor| {
        let tok = cur.rest();
        if tok == "x" || tok == "X" {
            return Ok(Token::Hole);
        }
        piece_token(v, tok).map(Token::Piece)
    };
    rows::read(board, &Rows::grid(t), COMMAS, token, |c, p| {
        pos.board[c as usize] = p;
        Ok(())
    })?;

    // who is still in, who walks
    let mut resigned = [false; 4];
    let mut ep_text: [String; 4] = Default::default();
    for (k, val) in &extras {
        match k.as_str() {
            "resigned" | "flagged" => {
                let b = four_bools(val, k)?;
                for i in 0..4 {
                    resigned[i] |= b[i];
                }
            }
            "enPassant" => {
                let Value::Tuple(items) = val else {
                    return Err(bad("'enPassant' is not a tuple"));
                };
                if items.len() != 4 {
                    return Err(bad("'enPassant' needs 4 values"));
                }
                for (i, it) in items.iter().enumerate() {
                    match it {
                        Value::Str(s) => ep_text[i] = s.clone(),
                        _ => return Err(bad("'enPassant' values are strings")),
                    }
                }
            }
            _ => {}
        }
    }
    let _ = resigned; // a dead player's live king walks whether or not the flags say why
    pos.st.turn = turn;
    pos.refresh();
    for s in 0..4u8 {
        let live: Vec<Cell> = (0..t.len() as Cell)
            .filter(|&c| pos.at(c).is_some() && pos.at(c).owner() == s)
            .collect();
        let kings = live
            .iter()
            .filter(|&&c| v.is_royal(pos.at(c).kind()))
            .count();
        let colour = v.seats[s as usize].colour;
        if !dead[s as usize] {
            if kings != 1 {
                return Err(bad(format!("{kings} kings for {colour}")));
            }
        } else if kings == 1 && live.len() == 1 {
            pos.walking |= 1 << s;
        } else if !live.is_empty() {
            return Err(bad(format!(
                "{colour} is out but has pieces that are not grey ('d')"
            )));
        } else {
            pos.in_play &= !(1 << s);
        }
    }
    if !pos.is_in_play(turn) {
        return Err(bad("the side to move is out"));
    }
    for c in 0..t.len() as Cell {
        let p = pos.at(c);
        if p.is_some()
            && !p.is_grey()
            && p.kind() == chess::PAWN
            && v.promotion_zone[p.facing() as usize].contains(c)
        {
            return Err(bad(format!("pawn on its promotion rank at {}", t.name(c))));
        }
    }
    // castling from where the kings and rooks stand, the flags deciding which rights exist
    if let Some((defs, rights)) = v.rules().castling_from_flags(&pos, &king_side, &queen_side) {
        pos.set_castles(defs, rights);
    }
    // en passant chances (impossible ones are ignored, as FEN readers usually do); the cell
    // passed over may be occupied for now: the chance lasts until the double-stepper moves
    // again, and en passant needs that cell empty only when it is taken
    for s in 0..4u8 {
        let e = &ep_text[s as usize];
        if e.is_empty() {
            continue;
        }
        let (a, b) = e
            .split_once(':')
            .ok_or_else(|| bad(format!("en passant '{e}'")))?;
        let target = t
            .cell(a)
            .ok_or_else(|| bad(format!("en passant cell '{a}'")))?;
        let pawn = t
            .cell(b)
            .ok_or_else(|| bad(format!("en passant cell '{b}'")))?;
        let p = pos.at(pawn);
        let ok = p.is_some()
            && p.owner() == s
            && p.kind() == chess::PAWN
            && v.board.pawns[p.facing() as usize].push[target as usize] == pawn
            && pos.is_in_play(s);
        if ok {
            pos.st.ep[s as usize] = Ep {
                target,
                pawn,
                hashed: pos.ep_capturable(target, s),
            };
        }
    }
    pos.scores[..4].copy_from_slice(&points[..4]);
    pos.st.halfmove = plies;
    pos.st.hash = pos.compute_hash();
    Ok(pos)
}

fn piece_text(pos: &Position, p: Piece) -> String {
    let v = pos.variant;
    let colour = if p.is_grey() {
        'd'
    } else {
        TAGS[p.owner() as usize]
    };
    // a promoted queen is `D` where it scores one point (free for all)
    let letter = if p.kind() == chess::QUEEN && p.promoted() && v.points {
        'D'
    } else {
        v.letter(p.kind())
    };
    format!("{colour}{letter}")
}

/// Writes a position of a four-player variant as FEN4.
pub fn write(pos: &Position) -> String {
    let v = pos.variant;
    let t = &v.board;
    let four = |f: &dyn Fn(usize) -> String| (0..4).map(f).collect::<Vec<_>>().join(",");
    let active = |s: usize| pos.is_in_play(s as Seat) && pos.walking >> s & 1 == 0;
    let right = |s: usize, side: u8| {
        pos.castles
            .iter()
            .enumerate()
            .any(|(i, d)| d.seat as usize == s && d.side == side && pos.st.castling >> i & 1 == 1)
    };
    let bit = |b: bool| if b { "1" } else { "0" }.to_string();
    let mut out = format!(
        "{}-{}-{}-{}-{}-{}-",
        TURN[pos.turn() as usize],
        four(&|s| bit(!active(s))),
        four(&|s| bit(right(s, 0))),
        four(&|s| bit(right(s, 1))),
        four(&|s| pos.scores[s].to_string()),
        pos.st.halfmove
    );
    let mut extras = Vec::new();
    if pos.walking != 0 {
        extras.push(format!(
            "'resigned':({})",
            four(&|s| (pos.walking >> s & 1 == 1).to_string())
        ));
    }
    if pos.st.ep[..4].iter().any(|e| e.target != NO_CELL) {
        extras.push(format!(
            "'enPassant':({})",
            four(&|s| {
                let e = pos.st.ep[s];
                if e.target == NO_CELL {
                    "''".to_string()
                } else {
                    format!("'{}:{}'", t.name(e.target), t.name(e.pawn))
                }
            })
        ));
    }
    if !extras.is_empty() {
        out += &format!("{{{}}}-", extras.join(","));
    }
    out += &rows::write(&Rows::grid(t), COMMAS, |c, s| {
        let p = pos.at(c);
        if p.is_some() {
            s.push_str(&piece_text(pos, p));
        }
    });
    out
}
