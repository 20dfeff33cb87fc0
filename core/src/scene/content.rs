//! What stands on a board: pieces per cell, hands, turn and seat states, from a playable
//! game's [`Position`] or, for games not playable yet, from a compact position text.
//!
//! Compact position text (games without a variant): ranks from the top (seat 1's side) down,
//! separated by `/`; a number is that many empty cells; an upper-case letter is seat 0's
//! piece, lower case seat 1's; `+` before a letter marks it promoted; `*` is the duck. An
//! optional `[...]` holds the hands (upper case seat 0, lower case seat 1). Example (shogi
//! with a pawn in each hand): `lnsgkgsnl/1r5b1/pppppppp1/9/9/9/1PPPPPPPP/1B5R1/LNSGKGSNL[Pp]`.

use crate::board::{Cell, Topology};
use crate::piece::GREY;
use crate::position::Position;
use crate::variant::Variant;

use super::boards::{BoardDef, Style, Topo};

/// One piece as the scene sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct ContentPiece {
    /// Owner seat; None for a grey piece (army out) or the neutral duck.
    pub seat: Option<u8>,
    /// Glyph id: the file name of its image in assets/pieces/ without `.svg`.
    pub glyph: String,
    /// The letter the game writes its kind with (`K`, `p`...); a union (friendly chess) has
    /// both, its first seat's first: what a text shell draws.
    pub letter: String,
    /// Pawn facing (playable games), for the walking direction.
    pub facing: Option<u8>,
    pub is_pawn: bool,
    pub is_royal: bool,
    pub neutral: bool,
}

/// Pieces, hands and seat states.
#[derive(Clone, Debug, Default)]
pub struct Content {
    pub board: Vec<(Cell, ContentPiece)>,
    /// Per seat: glyph and count, in the board's hand-slot order.
    pub hands: Vec<Vec<(String, u32)>>,
    pub turn: u8,
    /// Per seat: still playing.
    pub playing: Vec<bool>,
    pub scores: Vec<i32>,
}

/// The Western art of a piece name; None for a name without art (the test
/// `every_piece_of_every_game_has_its_art` keeps every registered game's pieces drawn).
fn western_art(name: &str) -> Option<&'static str> {
    Some(match name {
        "pawn" => "western-pawn",
        "knight" => "western-knight",
        "bishop" => "western-bishop",
        "rook" => "western-rook",
        "queen" => "western-queen",
        "king" => "western-king",
        "boat" => "western-boat",
        "alfil" => "western-alfil",
        "general" | "fers" | "met" => "western-fers",
        "khon" | "elephant" => "western-khon",
        "bia" => "western-bia",
        "duck" => "western-duck",
        _ => return None,
    })
}

/// The Western glyph of a piece kind: its art, or for a name without art (none of the
/// registered games has one) a glyph id named after the piece, never another piece's.
fn western(name: &str) -> String {
    western_art(name).map_or_else(|| format!("western-{name}"), str::to_string)
}

/// The glyph of a piece letter in a game that is not playable yet.
pub fn glyph_of(
    def: &BoardDef,
    letter: char,
    seat: u8,
    promoted: bool,
    symbols: bool,
) -> Option<String> {
    let up = letter.to_ascii_uppercase();
    if up == '*' {
        return Some("western-duck".into());
    }
    let g = match def.style {
        Style::Western => {
            // the piece the game's own data names by this letter (a promoted pawn of the
            // shatranj family: what it promotes to), so each game's letters keep their meaning
            // (`Q` is chaturanga's counsellor, `S` makruk's khon)
            let named = crate::rules::variant(&def.game_id).ok().and_then(|v| {
                let k = v.piece_by_letter(up)?;
                let k = match v.promotion.get(k as usize) {
                    Some(Some(p)) if promoted => p.to.first().copied().unwrap_or(k),
                    _ => k,
                };
                Some(v.pieces[k as usize].name)
            });
            let name = match (named, up) {
                (Some(n), _) => n,
                (None, 'P') => "pawn",
                (None, 'N') => "knight",
                (None, 'B') => "bishop",
                (None, 'R') => "rook",
                (None, 'Q') => "queen",
                (None, 'K') => "king",
                _ => return None,
            };
            western_art(name)?.to_string()
        }
        Style::Xiangqi | Style::Janggi => {
            let kind = match up {
                'K' => "general",
                'A' => "advisor",
                'B' => "elephant",
                'N' => "horse",
                'R' => "chariot",
                'C' => "cannon",
                'P' => "soldier",
                _ => return None,
            };
            let set = if def.style == Style::Xiangqi {
                "xiangqi"
            } else {
                "janggi"
            };
            let side = match (def.style, symbols, seat) {
                (_, true, _) => "sym",
                (Style::Xiangqi, _, 0) => "red",
                (Style::Xiangqi, _, _) => "black",
                (_, _, 0) => "cho",
                _ => "han",
            };
            format!("{set}-{kind}-{side}")
        }
        Style::Shogi => {
            let kind = match (up, seat) {
                ('K', 0) => "jewel",
                ('K', _) => "king",
                ('R', _) => "rook",
                ('B', _) => "bishop",
                ('G', _) => "gold",
                ('S', _) => "silver",
                ('N', _) => "knight",
                ('L', _) => "lance",
                ('P', _) => "pawn",
                _ => return None,
            };
            let mut g = format!("shogi-{kind}");
            if promoted && !matches!(up, 'K' | 'G') {
                g.push_str("-promoted");
            }
            if symbols {
                g.push_str("-sym");
            }
            g
        }
    };
    Some(g)
}

/// Reads a compact position text (see the module doc).
pub fn parse(def: &BoardDef, text: &str, symbols: bool) -> crate::Result<Content> {
    let t: &Topology = def.topo.get();
    let bad = |m: &str| crate::Error::BadFen(format!("{}: {m}", def.game_id));
    let (board_txt, hand_txt) = match text.split_once('[') {
        Some((b, h)) => (b.trim(), h.trim_end_matches(|c| c == ']' || c == ' ')),
        None => (text.split_whitespace().next().unwrap_or(""), ""),
    };
    let turn = match text.split_whitespace().nth(1) {
        Some("b") => 1,
        _ => 0,
    };
    let mut content = Content {
        turn,
        playing: vec![true; def.seats.len()],
        scores: vec![0; def.seats.len()],
        hands: vec![Vec::new(); def.seats.len()],
        ..Content::default()
    };
    let ranks: Vec<&str> = board_txt.split('/').collect();
    if ranks.len() != t.height as usize {
        return Err(bad("wrong number of ranks"));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let y = t.height - 1 - i as i16;
        let mut x = 0i16;
        let mut promoted = false;
        let mut num = 0i16;
        let chars: Vec<char> = rank.chars().collect();
        for (j, &ch) in chars.iter().enumerate() {
            if let Some(d) = ch.to_digit(10) {
                num = num * 10 + d as i16;
                if !chars.get(j + 1).is_some_and(|c| c.is_ascii_digit()) {
                    x += num;
                    num = 0;
                }
                continue;
            }
            if ch == '+' {
                promoted = true;
                continue;
            }
            let seat = if ch.is_ascii_lowercase() { 1 } else { 0 };
            let glyph =
                glyph_of(def, ch, seat, promoted, symbols).ok_or_else(|| bad("unknown piece"))?;
            let cell = t.at(x, y).ok_or_else(|| bad("rank too long"))?;
            let up = ch.to_ascii_uppercase();
            content.board.push((
                cell,
                ContentPiece {
                    seat: (ch != '*').then_some(seat),
                    glyph,
                    letter: ch.to_string(),
                    facing: None,
                    is_pawn: up == 'P',
                    is_royal: up == 'K',
                    neutral: ch == '*',
                },
            ));
            promoted = false;
            x += 1;
        }
        if x != t.width {
            return Err(bad("rank of the wrong length"));
        }
    }
    for (seat, hand) in content.hands.iter_mut().enumerate() {
        for slot in def.hand.chars() {
            let want = if seat == 0 {
                slot
            } else {
                slot.to_ascii_lowercase()
            };
            let n = hand_txt.chars().filter(|&c| c == want).count() as u32;
            let glyph = glyph_of(def, slot, seat as u8, false, symbols)
                .ok_or_else(|| bad("unknown hand piece"))?;
            hand.push((glyph, n));
        }
    }
    Ok(content)
}

/// The glyph of a kind in the boards drawn from a table of their own (xiangqi, janggi,
/// shogi): a promoted piece is its base letter, promoted. None on western boards.
fn table_glyph(def: &BoardDef, v: &Variant, kind: u8, seat: u8, promoted: bool) -> Option<String> {
    if def.style == Style::Western {
        return None;
    }
    let t = &v.pieces[kind as usize];
    let base = match t.demotes_to {
        Some(d) if promoted => v.letter(d),
        _ => t.letter,
    };
    glyph_of(def, base, seat, promoted, false)
}

/// The glyph the board draws for a piece of `kind` of `seat` in a playable game (a kind
/// that demotes is a promoted piece): the promotion picker shows the choices with it.
pub fn kind_glyph(def: &BoardDef, v: &Variant, kind: u8, seat: u8) -> String {
    let t = &v.pieces[kind as usize];
    table_glyph(def, v, kind, seat, t.demotes_to.is_some()).unwrap_or_else(|| western(t.name))
}

/// The content of a playable game's position.
pub fn from_position(def: &BoardDef, pos: &Position) -> Content {
    let v = pos.variant;
    debug_assert!(matches!(def.topo, Topo::Variant(_)));
    let mut board = Vec::new();
    for c in 0..v.board.len() as Cell {
        let p = pos.at(c);
        if p.is_none() {
            continue;
        }
        // a union (friendly chess) is drawn as seat 0's piece without a seat colour for now;
        // the duck as a neutral piece
        let union = p.union_kinds();
        let neutral = p.owner() == crate::piece::NEUTRAL;
        let kind = &v.pieces[union.map_or(p.kind(), |(a, _)| a) as usize];
        let letter = match union {
            Some((a, b)) => format!("{}{}", v.letter(a), v.letter(b).to_ascii_lowercase()),
            None => v.letter(p.kind()).to_string(),
        };
        if def.style != Style::Western {
            let k = union.map_or(p.kind(), |(a, _)| a);
            if let Some(glyph) = table_glyph(def, v, k, p.owner(), p.promoted()) {
                board.push((
                    c,
                    ContentPiece {
                        seat: Some(p.owner()),
                        glyph,
                        letter,
                        facing: None,
                        is_pawn: false,
                        is_royal: kind.royal,
                        neutral: false,
                    },
                ));
                continue;
            }
        }
        let is_pawn = kind
            .atoms
            .iter()
            .any(|a| matches!(a, crate::piece::Atom::Pawn));
        board.push((
            c,
            ContentPiece {
                seat: (p.owner() != GREY && union.is_none() && !neutral).then_some(p.owner()),
                glyph: western(kind.name),
                letter,
                facing: (is_pawn && union.is_none()).then_some(p.facing()),
                is_pawn,
                is_royal: kind.royal,
                neutral,
            },
        ));
    }
    let n = v.seat_count();
    let mut hands = vec![Vec::new(); n];
    for (seat, hand) in hands.iter_mut().enumerate() {
        for slot in def.hand.chars() {
            let (Some(k), Some(glyph)) = (
                v.piece_by_letter(slot),
                glyph_of(def, slot, seat as u8, false, false),
            ) else {
                continue;
            };
            hand.push((glyph, pos.in_hand(seat as u8, k) as u32));
        }
    }
    Content {
        board,
        hands,
        turn: pos.turn(),
        playing: (0..n as u8).map(|s| pos.is_in_play(s)).collect(),
        scores: pos.scores[..n].to_vec(),
    }
}

#[cfg(test)]
mod art_tests {
    use super::*;

    #[test]
    fn every_piece_of_every_game_has_its_art() {
        let mut missing = Vec::new();
        for v in crate::rules::games() {
            let def = super::super::boards::board_def(v.id).unwrap();
            for (k, t) in v.pieces.iter().enumerate() {
                let table = table_glyph(&def, v, k as u8, 0, t.demotes_to.is_some());
                if table.is_none() && western_art(t.name).is_none() {
                    missing.push(format!("{}: {}", v.id, t.name));
                }
            }
        }
        assert!(missing.is_empty(), "pieces without art: {missing:?}");
    }
}
