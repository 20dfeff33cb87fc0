//! CSA, the Computer Shogi Association's game record (shogi servers and engines; python-shogi
//! reads it), for shogi games from the standard start.
//!
//! ```text
//! V2.2
//! N+Alice
//! N-Bob
//! PI
//! +
//! +7776FU
//! -3334FU
//! %TORYO
//! ```
//!
//! A move is the mover's sign, the origin (`00` for a drop), the target and the piece after the
//! move (`FU` ... `RY`; a promotion names the promoted piece). The end is `%TORYO`
//! (resignation), `%TIME_UP`, `%TSUMI` (mate) or `%KACHI` (the impasse declaration). Board
//! lines of set-up positions (`P1`...`P9`, `PI` with pieces taken off) are neither written nor
//! read: such a game is exported in Rookery's own text.
//!
//! Reading replays every move through [`Game`]; a bad or illegal move is [`Error::BadRecord`]
//! naming it and its number: `move 3 (+0055KA): ...`.

use crate::error::{Error, Result};
use crate::game::{Action, EndReason, Game};
use crate::notation::kif::{cell_at, numbers, standard_start, ShogiRecord};
use crate::position::{Move, MoveKind, Position};
use crate::variant::Variant;

/// CSA's names of the shogi pieces, by the letter the game's variant gives each kind (`T` the
/// tokin, `U`, `V`, `W` the promoted lance, knight and silver, `H` the horse, `D` the dragon).
const PIECES: [(char, &str); 14] = [
    ('P', "FU"),
    ('L', "KY"),
    ('N', "KE"),
    ('S', "GI"),
    ('G', "KI"),
    ('B', "KA"),
    ('R', "HI"),
    ('K', "OU"),
    ('T', "TO"),
    ('U', "NY"),
    ('V', "NK"),
    ('W', "NG"),
    ('H', "UM"),
    ('D', "RY"),
];

fn bad(msg: impl Into<String>) -> Error {
    Error::BadRecord(msg.into())
}

fn code(v: &Variant, kind: u8) -> &'static str {
    let letter = v.pieces.get(kind as usize).map(|p| p.letter);
    PIECES
        .iter()
        .find(|(l, _)| Some(*l) == letter)
        .map_or("**", |(_, c)| *c)
}

/// Writes a shogi game (at its cursor) as CSA; `names` are sente's and gote's.
pub fn write(game: &Game, event: &str, names: &[&str]) -> Result<String> {
    standard_start(game)?;
    let mut out = String::from("V2.2\n");
    out.push_str(&format!("N+{}\n", names.first().unwrap_or(&"")));
    out.push_str(&format!("N-{}\n", names.get(1).unwrap_or(&"")));
    out.push_str(&format!("$EVENT:{event}\nPI\n+\n"));
    let mut before = &game.start;
    let mut ended = false;
    for ply in game.plies() {
        let line = match ply.action {
            Action::Move(m) if m.kind == MoveKind::Special => "%KACHI".to_string(),
            Action::Move(m) if m.kind == MoveKind::Drop || m.from != m.to => {
                move_text(before, &ply.after, m)
            }
            Action::Move(_) => {
                return Err(Error::BadInput(format!("{} has no CSA word", ply.text)));
            }
            Action::Resign(_) => "%TORYO".to_string(),
            Action::Timeout(_) => "%TIME_UP".to_string(),
            _ => {
                before = &ply.after;
                continue;
            }
        };
        ended = line.starts_with('%');
        out.push_str(&line);
        out.push('\n');
        before = &ply.after;
    }
    if !ended && game.outcome().map(|o| o.reason) == Some(EndReason::Checkmate) {
        out.push_str("%TSUMI\n");
    }
    Ok(out)
}

fn move_text(pos: &Position, after: &Position, m: Move) -> String {
    let sign = if pos.turn() == 0 { '+' } else { '-' };
    let (tf, tr) = numbers(pos, m.to);
    let (ff, fr) = if m.kind == MoveKind::Drop {
        (0, 0)
    } else {
        numbers(pos, m.from)
    };
    let piece = if m.kind == MoveKind::Drop {
        m.aux
    } else {
        after.at(m.to).kind()
    };
    format!("{sign}{ff}{fr}{tf}{tr}{}", code(pos.variant, piece))
}

/// Whether a text looks like a CSA record (a version, name or `PI` line, or a first move).
pub fn looks_like(text: &str) -> bool {
    text.lines().map(str::trim).any(|l| {
        l.starts_with("V2")
            || l.starts_with("N+")
            || l == "PI"
            || (l.len() >= 7
                && (l.starts_with('+') || l.starts_with('-'))
                && l.as_bytes()[1..5].iter().all(u8::is_ascii_digit))
    })
}

/// The legal move of `pos` a CSA move (`+7776FU`, `-0055KA`) names.
fn parse_move(pos: &Position, text: &str) -> Result<Move> {
    let unreadable = || Error::BadMoveText(text.to_string());
    let b = text.as_bytes();
    if b.len() != 7 || !text.is_ascii() {
        return Err(unreadable());
    }
    let sign = if pos.turn() == 0 { b'+' } else { b'-' };
    if b[0] != sign {
        return Err(Error::BadMoveText(format!(
            "{text}: it is {}'s move",
            sign as char
        )));
    }
    let d = |i: usize| {
        (b[i] as char)
            .to_digit(10)
            .map(|d| d as i16)
            .ok_or_else(unreadable)
    };
    let (ff, fr, tf, tr) = (d(1)?, d(2)?, d(3)?, d(4)?);
    let kind = PIECES
        .iter()
        .find(|(_, c)| *c == &text[5..7])
        .and_then(|(l, _)| pos.variant.piece_by_letter(*l))
        .ok_or_else(unreadable)?;
    let to = cell_at(pos, tf, tr).ok_or_else(unreadable)?;
    let from = if (ff, fr) == (0, 0) {
        None
    } else {
        Some(cell_at(pos, ff, fr).ok_or_else(unreadable)?)
    };
    pos.legal_moves()
        .into_iter()
        .find(|m| {
            m.to == to
                && match from {
                    None => m.kind == MoveKind::Drop && m.aux == kind,
                    Some(f) => {
                        m.kind != MoveKind::Drop && m.kind != MoveKind::Special && m.from == f && {
                            let mut after = pos.clone();
                            after.make(*m);
                            after.at(to).kind() == kind
                        }
                    }
                }
        })
        .ok_or_else(|| Error::IllegalMove(text.to_string()))
}

/// Reads a CSA record of shogi and replays it.
pub fn read(text: &str) -> Result<ShogiRecord> {
    let mut names: Vec<Option<String>> = vec![None, None];
    let mut name = "Imported game".to_string();
    let mut game = Game::new(crate::notation::kif::game_for(
        crate::variant::RecordForm::Csa,
        9,
    )?)?;
    let mut number = 0;
    // statements may share a line, separated by commas
    for statement in text.lines().flat_map(|l| l.split(',')) {
        let s = statement.trim();
        if s.is_empty() || s.starts_with('\'') || s.starts_with('V') || s.starts_with('T') {
            continue;
        }
        if let Some(n) = s.strip_prefix("N+") {
            names[0] = Some(n.to_string()).filter(|n| !n.is_empty());
        } else if let Some(n) = s.strip_prefix("N-") {
            names[1] = Some(n.to_string()).filter(|n| !n.is_empty());
        } else if let Some(e) = s.strip_prefix("$EVENT:") {
            if !e.is_empty() {
                name = e.to_string();
            }
        } else if s.starts_with('$') || s == "PI" || s == "+" {
            continue;
        } else if s.starts_with('P') || s == "-" {
            return Err(bad(
                "CSA board lines (a set-up position or handicap) are not read here; import the \
                 game in Rookery's text",
            ));
        } else if let Some(end) = s.strip_prefix('%') {
            number += 1;
            let label = format!("move {number} ({s})");
            let turn = game.position().turn();
            match end {
                "TORYO" => game.act(Action::Resign(turn)),
                "TIME_UP" => game.act(Action::Timeout(turn)),
                "KACHI" => match game
                    .position()
                    .legal_moves()
                    .into_iter()
                    .find(|m| m.kind == MoveKind::Special)
                {
                    Some(m) => game.play(m),
                    None => Err(bad("no declaration is possible here")),
                },
                _ => Ok(()),
            }
            .map_err(|e| bad(format!("{label}: {e}")))?;
            break;
        } else {
            number += 1;
            let label = format!("move {number} ({s})");
            if game.is_over() {
                return Err(bad(format!("{label}: the game is already over")));
            }
            let m = parse_move(game.position(), s).map_err(|e| bad(format!("{label}: {e}")))?;
            game.play(m).map_err(|e| bad(format!("{label}: {e}")))?;
        }
    }
    Ok(ShogiRecord { game, names, name })
}
