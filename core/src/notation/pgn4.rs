//! chess.com PGN4: game records of four-player chess (REFERENCE §3.3), read and written.
//!
//! ```text
//! [Variant "FFA"]
//! [RuleVariants "EnPassant DeadKingWalking"]
//! [StartFen4 "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3,yR,…"]
//!
//! 1. h2-h3 .. b8-c8 .. g13-g12 .. m7-l7
//! 2. Qg1xQn8+ .. Qa7xQh14+ .. Kg14xQh14 .. Kn7xQn8
//! ```
//! * Tags `[Key "Value"]` (a value may span lines). `Variant` `FFA`/`Solo` is
//!   `four-player-ffa`, `Teams` is `four-player-teams`; `StartFen4` gives the start position
//!   (`4PC`: chess.com's standard start, see [`import`]; none: Rookery's start).
//!   Other tags are kept but do not change the rules: a record is replayed under Rookery's rules
//!   of the game (en passant on, dead king walking in free for all).
//! * One numbered line per round, quarter-moves separated by ` .. `. A move is the piece letter
//!   (none for a pawn; `D` or `Q` for a promoted queen), the from-cell, `-` or `x`, the captured
//!   piece's letter (none for a pawn), the to-cell, `=X` for a promotion (`=D` is the 1-point
//!   queen of free for all), then one `+` per king checked and one `#` per king mated. `O-O`
//!   and `O-O-O` castle (the king's move, `Ka7-a5`, is read as castling too); a trailing `R`
//!   marks a walking king's automatic move (`Ka4-b5R`).
//! * `R` resigns and `T` times out the player to move (our writer adds `{Blue}` after the
//!   token when another player resigned out of turn); `R#`/`T#` mean the resigner's king was
//!   mated at once, which the rules find by themselves. `#` and `S` (a mated or stalemated
//!   player's pass) and results (`1-0`, `*`, …) carry no action and are skipped.
//! * Comments `{…}` and variations `(…)` are skipped.
//!
//! [`import`] replays a record move by move with the walking kings' moves taken from the record
//! ([`crate::game::Game::auto_walk`] off). [`export`] writes a game, the walking kings' moves
//! (played inside other plies, see [`crate::game::Event::Walked`]) as quarter-moves of their own.

use crate::error::{Error, Result};
use crate::game::{Action, Event, Game, HouseRules, OutReason};
use crate::notation::{fen4, movetext};
use crate::piece::{chess, Seat};
use crate::position::{Move, MoveKind, Position};
use crate::rules;
use crate::variant::RecordForm;

fn bad(msg: impl Into<String>) -> Error {
    Error::BadRecord(msg.into())
}

const COLOURS: [&str; 4] = ["Red", "Blue", "Yellow", "Green"];

/// One quarter-move token of the move text, with the comment that followed it (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub text: String,
    pub comment: Option<String>,
}

/// A record read into tags and quarter-move tokens (move numbers and `..` removed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pgn4 {
    pub tags: Vec<(String, String)>,
    pub tokens: Vec<Token>,
}

impl Pgn4 {
    /// The value of a tag.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Splits a record into tags and quarter-move tokens. Errors only on unclosed brackets,
/// quotes, comments or variations.
pub fn parse(text: &str) -> Result<Pgn4> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Pgn4::default();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '[' {
            // [Key "Value"]
            i += 1;
            let start = i;
            while i < c.len() && !c[i].is_whitespace() && c[i] != '"' && c[i] != ']' {
                i += 1;
            }
            let key: String = c[start..i].iter().collect();
            while i < c.len() && c[i].is_whitespace() {
                i += 1;
            }
            if i >= c.len() || c[i] != '"' {
                return Err(bad(format!("tag '{key}' without a quoted value")));
            }
            i += 1;
            let start = i;
            while i < c.len() && c[i] != '"' {
                i += 1;
            }
            if i >= c.len() {
                return Err(bad(format!("tag '{key}': unclosed quote")));
            }
            let value: String = c[start..i].iter().collect();
            i += 1;
            while i < c.len() && c[i].is_whitespace() {
                i += 1;
            }
            if i >= c.len() || c[i] != ']' {
                return Err(bad(format!("tag '{key}': missing ']'")));
            }
            i += 1;
            out.tags.push((key, value));
        } else if ch == '{' {
            let start = i + 1;
            while i < c.len() && c[i] != '}' {
                i += 1;
            }
            if i >= c.len() {
                return Err(bad("unclosed comment"));
            }
            let comment: String = c[start..i].iter().collect();
            i += 1;
            if let Some(last) = out.tokens.last_mut() {
                if last.comment.is_none() {
                    last.comment = Some(comment.trim().to_string());
                }
            }
        } else if ch == '(' {
            let mut depth = 0;
            while i < c.len() {
                match c[i] {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    '{' => {
                        while i < c.len() && c[i] != '}' {
                            i += 1;
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
            if i >= c.len() {
                return Err(bad("unclosed variation"));
            }
            i += 1;
        } else {
            let start = i;
            while i < c.len() && !c[i].is_whitespace() && !matches!(c[i], '{' | '(' | '[') {
                i += 1;
            }
            let tok: String = c[start..i].iter().collect();
            let is_number = tok
                .trim_end_matches('.')
                .chars()
                .all(|d| d.is_ascii_digit())
                && tok.ends_with('.');
            let is_result = matches!(tok.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*");
            if tok.chars().all(|d| d == '.') || is_number || is_result {
                continue;
            }
            out.tokens.push(Token {
                text: tok,
                comment: None,
            });
        }
    }
    Ok(out)
}

/// The game id a record's `Variant` tag names (None when there is no tag): the game recorded
/// in PGN4 whose [`crate::variant::Facts::pgn_variant`] or `pgn_aliases` is the tag, in any
/// case.
pub fn game_id(p: &Pgn4) -> Result<Option<&'static str>> {
    let Some(tag) = p.tag("Variant") else {
        return Ok(None);
    };
    rules::games()
        .find(|v| {
            let f = &v.facts;
            f.record == RecordForm::Pgn4
                && f.pgn_variant
                    .into_iter()
                    .chain(f.pgn_aliases.iter().copied())
                    .any(|name| name.eq_ignore_ascii_case(tag))
        })
        .map(|v| Some(v.id))
        .ok_or_else(|| {
            bad(format!(
                "variant '{tag}' is not four-player chess Rookery plays"
            ))
        })
}

/// A move token split into parts.
struct MoveParts {
    piece: Option<char>,
    from: String,
    captured: Option<char>,
    to: String,
    promotion: Option<char>,
}

fn cell_at(c: &[char], i: &mut usize) -> Option<String> {
    let start = *i;
    if *i < c.len() && c[*i].is_ascii_lowercase() {
        *i += 1;
    } else {
        return None;
    }
    let d = *i;
    while *i < c.len() && c[*i].is_ascii_digit() {
        *i += 1;
    }
    (*i > d).then(|| c[start..*i].iter().collect())
}

fn split_move(tok: &str) -> Option<MoveParts> {
    let c: Vec<char> = tok.chars().collect();
    let mut i = 0;
    let piece = if i < c.len() && c[i].is_ascii_uppercase() {
        i += 1;
        Some(c[0])
    } else {
        None
    };
    let from = cell_at(&c, &mut i)?;
    if i < c.len() && (c[i] == '-' || c[i] == 'x') {
        i += 1;
    } else {
        return None;
    }
    let captured = if i < c.len() && c[i].is_ascii_uppercase() {
        i += 1;
        Some(c[i - 1])
    } else {
        None
    };
    let to = cell_at(&c, &mut i)?;
    let promotion = if i + 1 < c.len() && c[i] == '=' && c[i + 1].is_ascii_uppercase() {
        i += 2;
        Some(c[i - 1])
    } else {
        None
    };
    // the rest: check and mate marks, and the walking king's `R`
    if !c[i..].iter().all(|&x| matches!(x, '+' | '#' | 'R')) {
        return None;
    }
    Some(MoveParts {
        piece,
        from,
        captured,
        to,
        promotion,
    })
}

/// The letter a piece has in PGN4 (`None` for a pawn).
fn letter_of(pos: &Position, p: crate::piece::Piece) -> Option<char> {
    if p.kind() == chess::PAWN {
        None
    } else if p.kind() == chess::QUEEN && p.promoted() && pos.variant.points {
        Some('D')
    } else {
        Some(pos.variant.letter(p.kind()))
    }
}

fn letters_match(pos: &Position, p: crate::piece::Piece, written: Option<char>) -> bool {
    let ours = letter_of(pos, p);
    ours == written || (p.kind() == chess::QUEEN && matches!(written, Some('Q') | Some('D')))
}

/// Finds the legal move a PGN4 move token names in `pos`.
pub fn parse_move(pos: &Position, tok: &str) -> Result<Move> {
    let legal = pos.legal_moves();
    let core = tok.trim_end_matches(['+', '#', 'R']);
    if core == "O-O" || core == "O-O-O" {
        let side = if core == "O-O" { 0 } else { 1 };
        return legal
            .into_iter()
            .find(|m| m.kind == MoveKind::Castle && pos.castles[m.aux as usize].side == side)
            .ok_or_else(|| bad(format!("'{tok}' is not legal here")));
    }
    let parts = split_move(tok).ok_or_else(|| bad(format!("unreadable move '{tok}'")))?;
    let t = &pos.variant.board;
    let from = t
        .cell(&parts.from)
        .ok_or_else(|| bad(format!("'{tok}': no cell {}", parts.from)))?;
    let to = t
        .cell(&parts.to)
        .ok_or_else(|| bad(format!("'{tok}': no cell {}", parts.to)))?;
    let moving = pos.at(from);
    if moving.is_none() || !letters_match(pos, moving, parts.piece) {
        return Err(bad(format!(
            "'{tok}': no such piece on {} (the record and the position disagree)",
            parts.from
        )));
    }
    let promo = match parts.promotion {
        None => 0,
        Some('D') => chess::QUEEN + 1,
        Some(l) => {
            pos.variant
                .piece_by_letter(l)
                .ok_or_else(|| bad(format!("'{tok}': no piece '{l}'")))?
                + 1
        }
    };
    let normal = legal
        .iter()
        .find(|m| m.from == from && m.to == to && m.promo == promo && m.kind != MoveKind::Castle);
    // castling written as the king's move (`Ka7-a5`, as 4pchess writes it) or king takes rook
    let castle = || {
        legal.iter().find(|m| {
            m.kind == MoveKind::Castle
                && m.from == from
                && promo == 0
                && parts.captured.is_none()
                && (pos.castles[m.aux as usize].king_to == to || m.to == to)
        })
    };
    let m = normal
        .or_else(castle)
        .copied()
        .ok_or_else(|| bad(format!("'{tok}' is not legal here")))?;
    if let Some((_, victim)) = pos.captured_piece(m) {
        if parts.captured.is_some() && !letters_match(pos, victim, parts.captured) {
            return Err(bad(format!("'{tok}': the captured piece differs")));
        }
    }
    Ok(m)
}

/// Writes a move as a PGN4 token without check or mate marks: `Qg1xQn8`, `h2-h4`, `h8-g8=D`,
/// `O-O`.
pub fn move_token(pos: &Position, m: Move) -> String {
    if m.kind == MoveKind::Castle {
        return if pos.castles[m.aux as usize].side == 0 {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        };
    }
    let t = &pos.variant.board;
    let mut s = String::new();
    if let Some(l) = letter_of(pos, pos.at(m.from)) {
        s.push(l);
    }
    s += t.name(m.from);
    match pos.captured_piece(m) {
        Some((_, victim)) => {
            s.push('x');
            if let Some(l) = letter_of(pos, victim) {
                s.push(l);
            }
        }
        None => s.push('-'),
    }
    s += t.name(m.to);
    if let Some(k) = m.promotion() {
        s.push('=');
        s.push(if pos.variant.points && k == chess::QUEEN {
            'D'
        } else {
            pos.variant.letter(k)
        });
    }
    s
}

/// Replays a record: tags, start and every quarter-move, to where the record ends. The
/// `Variant` tag picks the game; without one, `default_id` does. The start is the `StartFen4`
/// tag's FEN4; `4PC` (chess.com's standard start) is chess.com's layout of today
/// ([`crate::variant::Facts::record_start`]), or Rookery's start (chess.com's earlier layout) for a
/// record that replays only from that; without the tag, Rookery's start. Any move that does
/// not fit the position is a [`Error::BadRecord`] naming it.
pub fn import(text: &str, default_id: &str) -> Result<Game> {
    let rec = parse(text)?;
    let id = game_id(&rec)?.unwrap_or(default_id);
    let v = rules::variant(id)?;
    if v.facts.record != RecordForm::Pgn4 {
        return Err(bad(format!("PGN4 is not a record of {id}")));
    }
    match rec.tag("StartFen4").map(str::trim) {
        // chess.com's name for its standard start, which has had two layouts: today's first
        Some("4PC") => {
            let ours = || rules::start_position(v, 0);
            match v.facts.record_start {
                Some(today) => replay(&rec, fen4::parse(v, today)?)
                    .or_else(|e| replay(&rec, ours()?).map_err(|_| e)),
                None => replay(&rec, ours()?),
            }
        }
        Some(f) => replay(
            &rec,
            fen4::parse(v, f).map_err(|e| bad(format!("StartFen4: {e}")))?,
        ),
        None => replay(&rec, rules::start_position(v, 0)?),
    }
}

/// Replays the quarter-moves of a record from `start`.
fn replay(rec: &Pgn4, start: Position) -> Result<Game> {
    let mut g = Game::from_position(start, HouseRules::default(), 0)?;
    g.auto_walk = false;
    for (n, tok) in rec.tokens.iter().enumerate() {
        let word = tok.text.as_str();
        let at = |e: Error| bad(format!("quarter-move {} '{}': {}", n + 1, word, e));
        if matches!(word, "#" | "S" | "S#") {
            continue; // a mated or stalemated player's pass: the rules already decided it
        }
        if g.is_over() {
            return Err(bad(format!(
                "the game is over before quarter-move {} '{}'",
                n + 1,
                word
            )));
        }
        let pos = g.position().clone();
        match word {
            "R" | "T" | "R#" | "T#" => {
                let named = tok
                    .comment
                    .as_deref()
                    .and_then(|c| COLOURS.iter().position(|&x| x == c))
                    .map(|s| s as Seat);
                let s = named.unwrap_or(pos.turn());
                let action = if word.starts_with('R') {
                    Action::Resign(s)
                } else {
                    Action::Timeout(s)
                };
                g.act(action).map_err(at)?;
            }
            _ => {
                let m = parse_move(&pos, word).map_err(at)?;
                g.act(Action::Move(m)).map_err(at)?;
            }
        }
    }
    Ok(g)
}

/// Writes a game of four-player chess as PGN4: tags (`Variant`, `RuleVariants`, `StartFen4`),
/// then one line per round.
pub fn export(game: &Game) -> Result<String> {
    let v = game.variant;
    let tag = match v.facts.pgn_variant {
        Some(tag) if v.facts.record == RecordForm::Pgn4 => tag,
        _ => return Err(Error::BadInput(format!("PGN4 does not write {}", v.id))),
    };
    // partners across the board (seats 0 and 2) play the teams game
    let teams = v.allied(0, 2);
    let mut out = String::new();
    out += &format!("[Variant \"{tag}\"]\n");
    out += &format!(
        "[RuleVariants \"{}\"]\n",
        if teams {
            "EnPassant"
        } else {
            "EnPassant DeadKingWalking"
        }
    );
    out += &format!("[StartFen4 \"{}\"]\n\n", fen4::write(&game.start));

    // Replay with the walking kings' moves as plies of their own.
    let house = HouseRules {
        move_limit: None,
        ..game.house.clone()
    };
    let mut g = Game::from_position(game.start.clone(), house, game.seed)?;
    g.auto_walk = false;
    let mut quarters: Vec<(Seat, String)> = Vec::new();
    let mut play = |g: &mut Game, action: Action| -> Result<()> {
        let before = g.position().clone();
        let slot = before.turn();
        let text = match action {
            Action::Move(m) => {
                let mut after = before.clone();
                after.make(m);
                let checks = after.kings_attacked_by(slot).len();
                g.act(action)?;
                let mates = g
                    .plies()
                    .last()
                    .map(|p| {
                        p.events
                            .iter()
                            .filter(|e| {
                                matches!(
                                    e,
                                    Event::Out {
                                        reason: OutReason::Checkmate,
                                        ..
                                    }
                                )
                            })
                            .count()
                    })
                    .unwrap_or(0);
                let mut t = move_token(&before, m);
                if m.kind != MoveKind::Castle {
                    t += &"+".repeat(checks);
                }
                t += &"#".repeat(mates);
                if before.walking >> slot & 1 == 1 {
                    t.push('R');
                }
                t
            }
            Action::Resign(s) | Action::Timeout(s) => {
                g.act(action)?;
                let mut t = if matches!(action, Action::Resign(_)) {
                    "R".to_string()
                } else {
                    "T".to_string()
                };
                let mated = g.plies().last().is_some_and(|p| {
                    p.events.iter().any(|e| {
                        *e == Event::Out {
                            seat: s,
                            reason: OutReason::Checkmate,
                        }
                    })
                });
                if mated {
                    t.push('#');
                }
                if s != slot {
                    t += &format!(" {{{}}}", COLOURS[s as usize]);
                }
                t
            }
            Action::Choose(_) => {
                return Err(Error::BadInput("no choices in four-player chess".into()))
            }
        };
        quarters.push((slot, text));
        Ok(())
    };
    for ply in game.plies() {
        play(&mut g, ply.action)?;
        for e in &ply.events {
            if let Event::Walked { text, .. } = e {
                let m = movetext::parse(g.position(), text)?;
                play(&mut g, Action::Move(m))?;
            }
        }
    }
    if g.position().hash() != game.position().hash() {
        return Err(Error::BadInput(
            "the game did not replay to the same position".into(),
        ));
    }
    let mut round = 0;
    let mut last: Option<Seat> = None;
    for (slot, text) in quarters {
        if last.is_none_or(|l| slot <= l) {
            round += 1;
            if round > 1 {
                out.push('\n');
            }
            out += &format!("{round}. {text}");
        } else {
            out += &format!(" .. {text}");
        }
        last = Some(slot);
    }
    if round > 0 {
        out.push('\n');
    }
    Ok(out)
}
