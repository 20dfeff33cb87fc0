//! Traditional move notation for the move list, an option beside the coordinate text saved
//! games store (which stays the only form that is read back):
//! - xiangqi: WXF notation (`C2.5`, `H8+7`, `R1-2`, tandem pieces `R+.3`, `C--1`, pawns in
//!   tandem `P+.4`, `++.4`, and in two files `3+.4`), files counted from each player's right;
//! - shogi and minishogi: Western notation (`P-7f`, `Bx2b+`, `S*5e`, `N-7g=`, the origin
//!   square only when another piece of the kind could go there: `G6i-5h`).
//!
//! Other games, and moves these forms have no word for (shogi's impasse declaration), are
//! written as coordinate text. The form is chosen by the game's family, never by its id.

use crate::board::Cell;
use crate::error::{Error, Result};
use crate::game::{Action, Game};
use crate::position::{Move, MoveKind, Position};

/// How the move list writes moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// Coordinate text (`e2e4`, `h2e2`), as saved games store it.
    #[default]
    Coordinate,
    /// The game's traditional notation where it has one (xiangqi WXF, shogi Western).
    Traditional,
}

/// A legal move `m` of `pos` (before it is made) in `style`.
pub fn write(pos: &Position, m: Move, style: Style) -> String {
    let coordinate =
        || crate::notation::movetext::write(pos, m, pos.variant.castle_king_takes_rook);
    if style == Style::Coordinate {
        return coordinate();
    }
    pos.variant
        .rules
        .traditional(pos, m)
        .unwrap_or_else(coordinate)
}

/// Every way a player may write move `m` of `pos`: as the move list writes it ([`readable`]),
/// as coordinate text, and the game's own further forms ([`crate::rules::Rules::move_forms`]:
/// shogi's USI `7g7f`, `P*5e` and Western with the origin named, `P7g-7f`).
pub fn forms(pos: &Position, m: Move) -> Vec<String> {
    let mut out = vec![
        readable(pos, m),
        crate::notation::movetext::write(pos, m, pos.variant.castle_king_takes_rook),
    ];
    out.extend(pos.variant.rules().move_forms(pos, m));
    out
}

/// The legal move of `pos` that `text` names in any of its [`forms`], read by writing every
/// legal move and comparing (exactly, else ignoring case when that names one move). Marks
/// that only comment (`!`, `?`, a mate's `#`) and a declined promotion's `=` may be left out.
pub fn parse(pos: &Position, text: &str) -> Result<Move> {
    fn normal(s: &str) -> &str {
        s.trim().trim_end_matches(['!', '?', '#', '='])
    }
    let want = normal(text);
    if want.is_empty() {
        return Err(Error::BadMoveText(text.to_string()));
    }
    let written: Vec<(Move, Vec<String>)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m, forms(pos, m)))
        .collect();
    let find = |same: &dyn Fn(&str) -> bool| -> Vec<Move> {
        written
            .iter()
            .filter(|(_, f)| f.iter().any(|f| same(normal(f))))
            .map(|(m, _)| *m)
            .collect()
    };
    let mut found = find(&|f| f == want);
    if found.is_empty() {
        found = find(&|f| f.eq_ignore_ascii_case(want));
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(Error::IllegalMove(text.to_string())),
        n => Err(Error::BadMoveText(format!(
            "{text}: ambiguous ({n} moves fit)"
        ))),
    }
}

/// A legal move `m` of `pos` as the game's players read it in a move list: SAN where SAN names
/// the game's moves ([`crate::notation::san::fits`]: chess and its variants), else the
/// traditional notation ([`Style::Traditional`]; coordinate text where there is none).
pub fn readable(pos: &Position, m: Move) -> String {
    if crate::notation::san::fits(pos.variant) {
        crate::notation::san::write(pos, m)
    } else {
        write(pos, m, Style::Traditional)
    }
}

/// The game's move list (plies up to the undo cursor) as its players read it ([`readable`]);
/// actions other than moves keep their text.
pub fn readable_list(game: &Game) -> Vec<String> {
    let mut before = &game.start;
    let mut out = Vec::with_capacity(game.plies().len());
    for p in game.plies() {
        out.push(match p.action {
            Action::Move(m) => readable(before, m),
            _ => p.text.clone(),
        });
        before = &p.after;
    }
    out
}

/// The game's move list (plies up to the undo cursor) in `style`; actions other than moves
/// (resignations, choices) keep their text.
pub fn move_list(game: &Game, style: Style) -> Vec<String> {
    let mut before = &game.start;
    let mut out = Vec::with_capacity(game.plies().len());
    for p in game.plies() {
        out.push(match p.action {
            Action::Move(m) => write(before, m, style),
            _ => p.text.clone(),
        });
        before = &p.after;
    }
    out
}

/// The WXF file number of column `x` for seat `s` (1 = the player's right).
fn wxf_file(s: u8, x: i16, width: i16) -> i16 {
    if s == 0 {
        width - x
    } else {
        x + 1
    }
}

pub(crate) fn wxf(pos: &Position, m: Move) -> String {
    let t = &pos.variant.board;
    let piece = pos.at(m.from);
    let s = piece.owner();
    let (a, b) = (&t.cells[m.from as usize], &t.cells[m.to as usize]);
    let forward = if s == 0 { 1 } else { -1 };
    let dy = (b.y - a.y) * forward;
    let op = match dy.signum() {
        1 => '+',
        -1 => '-',
        _ => '.',
    };
    let kind = piece.kind();
    // WXF writes a piece with its SAN letter (R H E A K C P: the horse H, the elephant E)
    let letter = pos.variant.pieces[kind as usize].san_letter;
    let soldier = letter == 'P';
    let straight = matches!(letter, 'R' | 'C' | 'P' | 'K');
    let last = if straight && op != '.' {
        dy.abs()
    } else {
        wxf_file(s, b.x, t.width)
    };
    // the same pieces of the mover on the origin's file, the most advanced first
    let on_file = |x: i16| -> Vec<Cell> {
        let mut v: Vec<Cell> = pos
            .pieces_of(s)
            .iter()
            .filter(|&c| {
                let p = pos.at(c);
                p.kind() == kind && t.cells[c as usize].x == x
            })
            .collect();
        v.sort_by_key(|&c| -t.cells[c as usize].y * forward);
        v
    };
    let tandem = on_file(a.x);
    let file = wxf_file(s, a.x, t.width);
    let head = if tandem.len() < 2 {
        format!("{letter}{file}")
    } else {
        let i = tandem.iter().position(|&c| c == m.from).unwrap_or(0);
        let n = tandem.len();
        // the mark of the i-th piece from the front: front +, rear -, the middle of three or
        // five by its file; of four or five the outermost ++ and --
        let mark = match (n, i) {
            (_, 0) if n >= 4 => "++".to_string(),
            (_, 0) => "+".to_string(),
            (_, j) if j == n - 1 && n >= 4 => "--".to_string(),
            (_, j) if j == n - 1 => "-".to_string(),
            (4, 1) | (5, 1) => "+".to_string(),
            (4, 2) | (5, 3) => "-".to_string(),
            _ => file.to_string(),
        };
        let other_files_tandem = soldier && (0..t.width).any(|x| x != a.x && on_file(x).len() >= 2);
        if mark.len() == 2 {
            mark
        } else if other_files_tandem && mark != file.to_string() {
            // tandem pawns in two files: the file replaces the letter
            format!("{file}{mark}")
        } else if mark == file.to_string() {
            format!("{letter}{file}")
        } else {
            format!("{letter}{mark}")
        }
    };
    format!("{head}{op}{last}")
}

/// A shogi square in Western (and USI) coordinates: file digit from sente's right, rank letter
/// from the top.
fn shogi_square(pos: &Position, c: Cell) -> String {
    pos.variant.coordinates.cell(&pos.variant.board, c)
}

/// Western shogi notation; `origin` names the origin square even where no other piece of the
/// kind could go to the target.
pub(crate) fn western_shogi(pos: &Position, m: Move, origin: bool) -> String {
    // a piece's letter, a promoted piece's `+` and its unpromoted letter (the variant's data)
    let v = pos.variant;
    let letter = |k: u8| match v.pieces[k as usize].demotes_to {
        Some(d) => format!("+{}", v.letter(d)),
        None => v.letter(k).to_string(),
    };
    if m.kind == MoveKind::Drop {
        return format!("{}*{}", letter(m.aux), shogi_square(pos, m.to));
    }
    let piece = pos.at(m.from);
    let legal = pos.legal_moves();
    let ambiguous = legal.iter().any(|o| {
        o.to == m.to
            && o.from != m.from
            && o.kind != MoveKind::Drop
            && o.from != crate::board::NO_CELL
            && pos.at(o.from).kind() == piece.kind()
    });
    let origin = if ambiguous || origin {
        shogi_square(pos, m.from)
    } else {
        String::new()
    };
    let sep = if pos.at(m.to).is_some() { 'x' } else { '-' };
    let could_promote = legal
        .iter()
        .any(|o| o.from == m.from && o.to == m.to && o.promo != m.promo);
    let suffix = if m.promo > 0 {
        "+"
    } else if could_promote {
        "="
    } else {
        ""
    };
    format!(
        "{}{origin}{sep}{}{suffix}",
        letter(piece.kind()),
        shogi_square(pos, m.to)
    )
}
