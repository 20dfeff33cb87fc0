//! What stands on a board: pieces per cell, hands, turn and seat states, from a game's
//! [`Position`]. A piece's glyph is the file name of its image in assets/pieces/: the game's
//! art set (`Facts::art`) and the piece.

use crate::board::Cell;
use crate::piece::GREY;
use crate::position::Position;
use crate::variant::Variant;

use super::boards::{BoardDef, Style};

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

/// The glyph of a piece of the Western pieces' look: the art named after the piece, where
/// pieces of several names share one image (a general, fers or met is drawn as the fers).
/// The test `every_piece_of_every_game_has_its_art` keeps every game's pieces drawn.
fn western(v: &Variant, name: &str) -> String {
    let art = match name {
        "general" | "met" => "fers",
        "elephant" => "khon",
        _ => name,
    };
    format!("{}-{art}", v.facts.art)
}

/// The glyph of a piece letter of the game drawn (a hand slot; on xiangqi, janggi and shogi
/// boards any piece, `promoted` its promoted side); None for a letter the game does not have.
pub fn glyph_of(
    def: &BoardDef,
    letter: char,
    seat: u8,
    promoted: bool,
    symbols: bool,
) -> Option<String> {
    let v = def.variant;
    let up = letter.to_ascii_uppercase();
    let k = v.piece_by_letter(up)?;
    let art = v.facts.art;
    let g = match def.style {
        Style::Western => {
            // the piece the game's own data names by this letter (a promoted pawn of the
            // shatranj family: what it promotes to), so each game's letters keep their meaning
            // (`Q` is chaturanga's counsellor, `S` makruk's khon)
            let k = match v.promotion.get(k as usize) {
                Some(Some(p)) if promoted => p.to.first().copied().unwrap_or(k),
                _ => k,
            };
            western(v, v.pieces[k as usize].name)
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
            let side = match (def.style, symbols, seat) {
                (_, true, _) => "sym",
                (Style::Xiangqi, _, 0) => "red",
                (Style::Xiangqi, _, _) => "black",
                (_, _, 0) => "cho",
                _ => "han",
            };
            format!("{art}-{kind}-{side}")
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
            let mut g = format!("{art}-{kind}");
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
    table_glyph(def, v, kind, seat, t.demotes_to.is_some()).unwrap_or_else(|| western(v, t.name))
}

/// The content of a playable game's position.
pub fn from_position(def: &BoardDef, pos: &Position) -> Content {
    let v = pos.variant;
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
                glyph: western(v, kind.name),
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

    /// Every piece of every game, as the board draws it for both of its first two seats,
    /// promoted where it can be, has its image in assets/pieces/.
    #[test]
    fn every_piece_of_every_game_has_its_art() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/pieces");
        let mut missing = Vec::new();
        for v in crate::rules::games() {
            let def = super::super::boards::board_of(v);
            for k in 0..v.pieces.len() as u8 {
                for seat in 0..2 {
                    let g = kind_glyph(&def, v, k, seat);
                    if !dir.join(format!("{g}.svg")).is_file() {
                        missing.push(format!("{}: {} ({g})", v.id, v.pieces[k as usize].name));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "pieces without art: {missing:?}");
    }

    #[test]
    fn a_letter_the_game_does_not_have_has_no_glyph() {
        let def = super::super::boards::board_def("chess").unwrap();
        assert_eq!(glyph_of(&def, 'Z', 0, false, false), None);
        assert_eq!(glyph_of(&def, '*', 0, false, false), None);
        let duck = super::super::boards::board_def("duck").unwrap();
        assert_eq!(
            glyph_of(&duck, '*', 0, false, false).as_deref(),
            Some("western-duck")
        );
    }
}
