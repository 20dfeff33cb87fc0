//! The board part of every position text (FEN, SFEN, FEN4, FEN8, the three-player and the
//! friendly FEN): rows from the top separated by `/`, in a row the cells in order, a number
//! counting empty cells. One reader and one writer; a format brings its piece tokens as hooks
//! (a letter, `+P`, `Q~`, `(Qp)`, `rP>`, `dgP`, `yB^c`, a wall `x`, the duck `*`) and says how
//! cells follow each other ([`Cells`]). The reader checks the counting (every row as long as
//! the board, no empty run of 0 or past the row's end) and gives [`Error::BadFen`] with the rank
//! on a fault; what a token means and which pieces may stand where is the format's.

use super::{Cell, Topology};
use crate::error::{Error, Result};

fn bad(msg: impl Into<String>) -> Error {
    Error::BadFen(msg.into())
}

/// The seat a two-player letter stands for: upper case the first (0), lower case the second (1).
pub fn seat_of_case(ch: char) -> u8 {
    if ch.is_ascii_uppercase() {
        0
    } else {
        1
    }
}

/// A two-player letter in its seat's case: lower case for the second seat (1), upper case for
/// the first and for pieces of no seat (the duck).
pub fn in_case(letter: char, seat: u8) -> char {
    if seat == 1 {
        letter.to_ascii_lowercase()
    } else {
        letter
    }
}

/// A hook's error, with the rank it was read on.
fn on_rank(e: Error, rank: usize) -> Error {
    match e {
        Error::BadFen(m) => bad(format!("rank {rank}: {m}")),
        other => other,
    }
}

/// The cells of a board's rows in the order a position text lists them: the top row first, in
/// a row the text's order; `None` is a hole (no cell there), written and read as an empty cell.
pub struct Rows(Vec<Vec<Option<Cell>>>);

impl Rows {
    /// A rectangular board, holes included: ranks from the top, files from the a-file.
    pub fn grid(t: &Topology) -> Rows {
        Rows(
            (0..t.height)
                .rev()
                .map(|y| (0..t.width).map(|x| t.at(x, y)).collect())
                .collect(),
        )
    }

    /// Each rank's cells without the holes, ranks from the top, files from the a-file (the
    /// three-player board: 8 cells on each of its 12 ranks).
    pub fn packed(t: &Topology) -> Rows {
        Rows(
            (0..t.height)
                .rev()
                .map(|y| (0..t.width).filter_map(|x| t.at(x, y)).map(Some).collect())
                .collect(),
        )
    }
}

/// How the cells of a row follow each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// One after another (`rnbqkbnr`, `2P5`); an empty run is one digit, or with `multi_digit`
    /// any number of digits (`10` on a board wider than 9).
    Joined { multi_digit: bool },
    /// Separated by a character (`rR,rN,3`, `wK,10`); an empty run is a number, spaces around a
    /// cell are ignored.
    Separated(char),
}

/// What a piece token of a row stands for.
pub enum Token<T> {
    /// A piece on the next cell.
    Piece(T),
    /// A wall: the next cell must be a hole (FEN4's `x`).
    Hole,
    /// A mark that takes no cell (Fairy-Stockfish's `~` where a format ignores it).
    Mark,
}

/// The text of a row left to read, handed to a format's token hook.
pub struct Cursor<'a>(&'a str);

impl<'a> Cursor<'a> {
    pub fn peek(&self) -> Option<char> {
        self.0.chars().next()
    }

    pub fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.0 = &self.0[c.len_utf8()..];
        Some(c)
    }

    /// Takes `c` if it comes next.
    pub fn eat(&mut self, c: char) -> bool {
        let here = self.peek() == Some(c);
        if here {
            self.next();
        }
        here
    }

    /// Takes the rest (a whole cell of a separated row).
    pub fn rest(&mut self) -> &'a str {
        std::mem::take(&mut self.0)
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Reads the board part `text` over `rows`: `token` reads one piece token where the text is
/// not a count (it takes what it reads from the cursor; in a separated row, the whole cell),
/// `put` places a piece read on its cell; their errors are given with the rank.
pub fn read<T>(
    text: &str,
    rows: &Rows,
    cells: Cells,
    mut token: impl FnMut(&mut Cursor) -> Result<Token<T>>,
    mut put: impl FnMut(Cell, T) -> Result<()>,
) -> Result<()> {
    let texts: Vec<&str> = text.split('/').collect();
    let n = rows.0.len();
    if texts.len() != n {
        return Err(bad(format!("{} ranks, expected {n}", texts.len())));
    }
    for (ri, (row_text, row)) in texts.iter().zip(&rows.0).enumerate() {
        let rank = n - ri;
        let width = row.len();
        let mut x = 0usize;
        let mut item = |cur: &mut Cursor, x: &mut usize| -> Result<()> {
            let count = match cells {
                Cells::Joined { multi_digit } => match cur.peek().and_then(|c| c.to_digit(10)) {
                    Some(d) => {
                        cur.next();
                        let mut n = d;
                        while let Some(d2) = cur.peek().and_then(|c| c.to_digit(10)) {
                            if !multi_digit {
                                break;
                            }
                            n = n.saturating_mul(10).saturating_add(d2);
                            cur.next();
                        }
                        Some(n)
                    }
                    None => None,
                },
                Cells::Separated(_) if cur.0.bytes().all(|b| b.is_ascii_digit()) => {
                    let s = cur.rest();
                    Some(s.parse().unwrap_or(u32::MAX))
                }
                Cells::Separated(_) => None,
            };
            if let Some(k) = count {
                if k == 0 || k as usize > width - *x {
                    return Err(bad(format!("empty count {k} on rank {rank}")));
                }
                *x += k as usize;
                return Ok(());
            }
            let before = cur.0.len();
            match token(cur).map_err(|e| on_rank(e, rank))? {
                Token::Piece(p) => {
                    let c = row
                        .get(*x)
                        .copied()
                        .flatten()
                        .ok_or_else(|| bad(format!("rank {rank} is too long")))?;
                    put(c, p).map_err(|e| on_rank(e, rank))?;
                    *x += 1;
                }
                Token::Hole => {
                    match row.get(*x) {
                        None => return Err(bad(format!("rank {rank} is too long"))),
                        Some(Some(_)) => {
                            return Err(bad(format!("wall on a playing cell on rank {rank}")))
                        }
                        Some(None) => *x += 1,
                    };
                }
                Token::Mark => {}
            }
            if cur.0.len() == before {
                // a hook that read nothing would never end the row
                return Err(bad(format!("unreadable text on rank {rank}")));
            }
            Ok(())
        };
        match cells {
            Cells::Joined { .. } => {
                let mut cur = Cursor(row_text);
                while !cur.is_empty() {
                    item(&mut cur, &mut x)?;
                }
            }
            Cells::Separated(sep) => {
                for cell in row_text.split(sep) {
                    let mut cur = Cursor(cell.trim());
                    if cur.is_empty() {
                        return Err(bad(format!("empty cell on rank {rank}")));
                    }
                    item(&mut cur, &mut x)?;
                    if !cur.is_empty() {
                        return Err(bad(format!("bad cell '{}' on rank {rank}", cell.trim())));
                    }
                }
            }
        }
        if x != width {
            return Err(bad(format!("rank {rank} has {x} cells, expected {width}")));
        }
    }
    Ok(())
}

/// Writes the board part over `rows`: `token` writes the token of the piece on a cell, or
/// nothing where the cell is empty; runs of empty cells (holes too) are written as numbers.
pub fn write(rows: &Rows, cells: Cells, mut token: impl FnMut(Cell, &mut String)) -> String {
    let sep = match cells {
        Cells::Joined { .. } => None,
        Cells::Separated(c) => Some(c),
    };
    let mut out = String::new();
    let mut tok = String::new();
    for (ri, row) in rows.0.iter().enumerate() {
        if ri > 0 {
            out.push('/');
        }
        let mut first = true;
        let mut push = |out: &mut String, s: &str| {
            if let (Some(c), false) = (sep, first) {
                out.push(c);
            }
            first = false;
            out.push_str(s);
        };
        let mut empty = 0;
        for &c in row {
            tok.clear();
            if let Some(c) = c {
                token(c, &mut tok);
            }
            if tok.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                push(&mut out, &empty.to_string());
                empty = 0;
            }
            push(&mut out, &tok);
        }
        if empty > 0 {
            push(&mut out, &empty.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    fn board() -> Topology {
        crate::board::grid::build("test", 3, 2, |_, _| false)
    }

    fn letters(text: &str, cells: Cells) -> Result<Vec<(Cell, char)>> {
        let mut out = Vec::new();
        read(
            text,
            &Rows::grid(&board()),
            cells,
            |cur| {
                let c = cur.next().unwrap();
                Ok(match c {
                    '~' => Token::Mark,
                    'x' => Token::Hole,
                    _ => Token::Piece(c),
                })
            },
            |c, p| {
                out.push((c, p));
                Ok(())
            },
        )?;
        Ok(out)
    }

    #[test]
    fn rows_read_counts_and_tokens_from_the_top() {
        let joined = Cells::Joined { multi_digit: false };
        assert_eq!(
            letters("a2/1b~c", joined),
            Ok(vec![(3, 'a'), (1, 'b'), (2, 'c')])
        );
        assert_eq!(
            letters("a,2/1,b,c", Cells::Separated(',')),
            letters("a2/1bc", joined)
        );
    }

    #[test]
    fn rows_refuse_bad_counts_lengths_and_walls_on_cells() {
        let joined = Cells::Joined { multi_digit: true };
        for bad_text in [
            "3", "3/3/3", "0a2/3", "4/3", "2/2", "12/3", "aaaa/3", "x2/3", "3/,3",
        ] {
            assert!(
                matches!(letters(bad_text, joined), Err(Error::BadFen(_))),
                "{bad_text}"
            );
        }
        let sep = Cells::Separated(',');
        for bad_text in [
            "1,,2/3",
            "a,b/3",
            "ab,1/3",
            "0,3/3",
            "99999999999/3",
            "x,2/3",
        ] {
            assert!(
                matches!(letters(bad_text, sep), Err(Error::BadFen(_))),
                "{bad_text}"
            );
        }
    }

    #[test]
    fn rows_write_empty_runs_and_separators() {
        let t = board();
        let rows = Rows::grid(&t);
        let token = |c: Cell, s: &mut String| {
            if c % 2 == 0 {
                s.push('p')
            }
        };
        assert_eq!(
            write(&rows, Cells::Joined { multi_digit: true }, token),
            "1p1/p1p"
        );
        assert_eq!(write(&rows, Cells::Separated(','), token), "1,p,1/p,1,p");
    }
}
