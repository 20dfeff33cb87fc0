//! Moves typed in the game's own notation: what a player types in the terminal, or a shell
//! reads from a record, becomes a legal move of the position.

use crate::board::{Cell, Topology};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::message::{illegal, Message};
use crate::position::Move;

/// A legal move of the game's position from text in any notation the game is written in:
/// coordinate text (`e2e4`, `e7e8q`, `P@e4`, `@d5`) everywhere; the move list's own notation
/// (SAN `Nf3`, `N@e4`; xiangqi's WXF `C2.5`; shogi's Western `P-7f`, `G6i-5h`) and shogi's USI
/// (`7g7f`, `P*5e`), read by writing every legal move; SAN as leniently as PGN files need
/// (`0-0`, `e8Q`, extra disambiguation) where the game is recorded in PGN. Nothing is played.
pub fn parse_move(game: &Game, text: &str) -> Result<Move> {
    let pos = game.position();
    let text = text.trim();
    if game.is_over() {
        return Err(Error::GameOver);
    }
    let coordinate = crate::notation::movetext::parse(pos, text);
    if coordinate.is_ok() {
        return coordinate;
    }
    let written = crate::notation::traditional::parse(pos, text);
    if written.is_ok() {
        return written;
    }
    if crate::notation::san::fits(game.variant) {
        if let Ok(m) = crate::notation::san::parse(pos, text) {
            return Ok(m);
        }
    }
    match written {
        // several moves fit the text: say so rather than why a coordinate reading failed
        Err(e @ Error::BadMoveText(_)) => Err(e),
        _ => coordinate,
    }
}

/// The two cells of a text that is only two cell names (`e2e4`, `e2-e4`, `e2xe4`, `a10a12`):
/// typed like a drag, so a promotion or a choice among moves asks which, and a refusal says why.
pub(crate) fn cells_only(t: &Topology, text: &str) -> Option<(Cell, Cell)> {
    let s = text.trim().to_ascii_lowercase();
    let b = s.as_bytes();
    let cell_end = |from: usize| -> Option<usize> {
        if from >= b.len() || !b[from].is_ascii_lowercase() {
            return None;
        }
        let mut i = from + 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > from + 1).then_some(i)
    };
    let a = cell_end(0)?;
    let mut j = a;
    if j < b.len() && (b[j] == b'-' || b[j] == b'x') {
        j += 1;
    }
    let e = cell_end(j)?;
    if e != b.len() {
        return None;
    }
    Some((t.cell(&s[..a])?, t.cell(&s[j..e])?))
}

/// Why a SAN-like text (`Nf3`, `exd5`, `Rad1`) that names no legal move is refused, from the
/// rules' reasons: of the mover's pieces of the named kind (and file or rank, if given), the
/// one that comes closest to the target says why it cannot go there (its king would be in
/// check, the path is blocked, ...). None when the text names no cell or no such piece stands
/// (the notation error says why then); a drop says why it cannot be made. Only for a viewer who
/// sees the whole board.
pub(crate) fn refusal(game: &Game, text: &str) -> Option<Message> {
    let v = game.variant;
    if let Some((letter, cell)) = text.trim().split_once(['@', '*']) {
        // a drop (`P@c4`, shogi's `P*5e`): none in hand, the cell is taken, outside the zone,
        // nifu, the king left in check
        let mut letters = letter.chars();
        let kind = match (letters.next(), letters.next()) {
            (Some(l), None) => v.piece_by_letter(l.to_ascii_uppercase()),
            _ => None,
        }?;
        let cell = cell.trim_end_matches(['+', '#', '!', '?']);
        let to = v
            .board
            .cell(cell)
            .or_else(|| v.coordinates.parse_cell(&v.board, cell))?;
        return Some(crate::interact::explain_drop(game, kind, to));
    }
    if !text.is_ascii() {
        // no notation this explains has other letters (the byte scan below needs ASCII)
        return None;
    }
    let t = &v.board;
    let pos = game.position();
    let core: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':' | '-'))
        .collect();
    let core = match core.split_once('=') {
        Some((a, _)) => a.to_string(),
        None => core,
    };
    let b = core.as_bytes();
    // the target: the last letter-and-digits group (a promotion letter may follow)
    let mut end = b.len();
    while end > 0 && !b[end - 1].is_ascii_digit() {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && b[start - 1].is_ascii_digit() {
        start -= 1;
    }
    let start = start.checked_sub(1)?;
    let to = t.cell(&core[start..end])?;
    let (letter, rest) = match b.first() {
        Some(c) if c.is_ascii_uppercase() => (Some(*c as char), &core[1..start]),
        _ => (None, &core[..start]),
    };
    let kind_ok = |k: u8| match letter {
        Some(l) => v.letter(k) == l,
        None => v.pawn_mask >> k & 1 == 1,
    };
    let name_parts = |c: Cell| {
        let n = t.name(c);
        let file: String = n
            .chars()
            .take_while(|ch| ch.is_ascii_alphabetic())
            .collect();
        (file.clone(), n[file.len()..].to_string())
    };
    let want_file: String = rest.chars().filter(|c| c.is_ascii_lowercase()).collect();
    let want_rank: String = rest.chars().filter(|c| c.is_ascii_digit()).collect();
    let closeness = |m: &Message| match m.key {
        k if k == illegal::KING_IN_CHECK => 0,
        k if k == illegal::FORBIDDEN_BY_RULES => 1,
        k if k == illegal::PATH_BLOCKED => 2,
        k if k == illegal::OWN_PIECE_THERE => 3,
        _ => 4,
    };
    let mover = pos.turn();
    (0..t.len() as Cell)
        .filter(|&c| {
            let p = pos.at(c);
            let (file, rank) = name_parts(c);
            p.is_some()
                && p.is_seated()
                && p.owner() == mover
                && kind_ok(p.kind())
                && (want_file.is_empty() || file == want_file)
                && (want_rank.is_empty() || rank == want_rank)
        })
        .map(|from| crate::interact::explain(game, from, to))
        .min_by_key(closeness)
}
