//! PGN (Portable Game Notation) export and import for two-player games.
//!
//! Export writes the Seven Tag Roster (Event, Site, Date, Round, White, Black, Result), then
//! `Variant` (the game's [`crate::variant::Facts::pgn_variant`]: python-chess's names for the
//! chess variants, Fairy-Stockfish's for the others; none for standard chess), `SetUp "1"` and
//! `FEN` when the game did not start from the standard position (always for Chess960; set-up
//! choices before the first move, janggi's, are part of that start), `Termination "time
//! forfeit"` after a time-out, any extra tags the caller gives, and the moves in SAN with move
//! numbers, wrapped below 80 columns, ending with the result token. A turn of two steps is
//! one word, as Fairy-Stockfish writes a duck move: the move's SAN, a comma, the duck's cell
//! (`e4,h5`).
//!
//! Import reads the tags and the moves, skipping comments (`{…}` and `;…`), NAGs (`$1`, `!?`),
//! variations (`(…)`, nested), move numbers and `%` escape lines, and replays every move
//! through [`Game`], so an illegal or unreadable move gives [`Error::BadRecord`] naming the ply.
//! A decisive result that the moves do not reach (no mate on the board) is replayed as the
//! loser's resignation, or time-out when `Termination` says so; a result that contradicts the
//! moves is an error. A draw agreed off the board leaves the game open and is kept in
//! [`PgnGame::result`].

use crate::error::{Error, Result};
use crate::game::{Action, EndReason, Game, Outcome};
use crate::notation::san;
use crate::position::MoveKind;
use crate::rules;

/// A game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// Every tag pair in the order of the record.
    pub tags: Vec<(String, String)>,
    /// The game, replayed move by move (and ended as the result says, see the module docs).
    pub game: Game,
    /// The result token of the record: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// The value of a tag, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// The PGN result token of a game: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes on.
pub fn result_token(game: &Game) -> &'static str {
    outcome_token(game.outcome())
}

fn outcome_token(o: Option<&Outcome>) -> &'static str {
    match o {
        None => "*",
        Some(o) if o.is_draw() => "1/2-1/2",
        Some(o) if o.winners.contains(&0) => "1-0",
        Some(_) => "0-1",
    }
}

/// A `Variant` tag's value compared loosely: lower case, without spaces, `-` and `_`.
fn loose(tag: &str) -> String {
    tag.to_ascii_lowercase()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .collect()
}

/// The game id a `Variant` tag names: the game whose data gives that tag
/// ([`crate::variant::Facts::pgn_variant`]), the names other programs use for chess and
/// Chess960, or a Rookery game id.
fn variant_id(tag: Option<&str>) -> Result<&'static str> {
    let Some(tag) = tag else { return Ok("chess") };
    let norm = loose(tag);
    match norm.as_str() {
        "" | "standard" | "chess" | "fromposition" | "normal" => return Ok("chess"),
        "960" | "fischerandom" | "fischerrandom" | "fischerrandomchess" => return Ok("chess960"),
        _ => {}
    }
    let known = rules::catalogue().into_iter().find_map(|g| {
        let v = rules::variant(g.id).ok()?;
        (v.facts.pgn_variant.map(loose).as_deref() == Some(norm.as_str())).then_some(v.id)
    });
    let v = match known {
        Some(id) => rules::variant(id),
        None => rules::variant(tag),
    }
    .map_err(|e| Error::BadRecord(format!("Variant \"{tag}\": {e}")))?;
    // PGN records two-player games (`write` refuses the others): a record that names a game
    // of more seats is malformed, not a game to import
    if v.seat_count() != 2 {
        return Err(Error::BadRecord(format!(
            "Variant \"{tag}\": PGN records two-player games; {} has {} seats",
            v.id,
            v.seat_count()
        )));
    }
    Ok(v.id)
}

fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game as PGN. `tags` fill or override the roster (`White`, `Event`, ...) and add
/// others; the result always comes from the game itself once it is over.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> Result<String> {
    let v = game.variant;
    if v.seat_count() != 2 {
        return Err(Error::BadInput(format!(
            "PGN records two-player games; {} has {} seats",
            v.id,
            v.seat_count()
        )));
    }
    let given = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let result = if game.is_over() {
        result_token(game)
    } else {
        match given("Result") {
            Some(r @ ("1-0" | "0-1" | "1/2-1/2")) => r,
            _ => "*",
        }
    };
    let mut out = String::new();
    let mut emitted: Vec<&str> = Vec::new();
    let mut tag = |out: &mut String, name: &'static str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
        emitted.push(name);
    };
    for (name, default) in [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("White", "?"),
        ("Black", "?"),
    ] {
        tag(&mut out, name, given(name).unwrap_or(default));
    }
    tag(&mut out, "Result", result);
    if let Some(name) = v.facts.pgn_variant {
        tag(&mut out, "Variant", name);
    }
    // set-up choices made before the first move (janggi's horses and elephants) are part of
    // the start position, as other programs' FEN has them
    let plies = game.plies();
    let lead = plies
        .iter()
        .take_while(|p| matches!(p.action, Action::Move(m) if m.kind == MoveKind::Special))
        .count();
    let start = match lead {
        0 => &game.start,
        n => &plies[n - 1].after,
    };
    let start_fen = rules::write_position(start);
    if v.starts.0 > 1 || start_fen != v.start_fen {
        tag(&mut out, "SetUp", "1");
        tag(&mut out, "FEN", &start_fen);
    }
    if game.outcome().map(|o| o.reason) == Some(EndReason::Timeout) {
        tag(&mut out, "Termination", "time forfeit");
    }
    for (name, value) in tags {
        if !emitted.contains(name) && !out.contains(&format!("[{name} ")) {
            out.push_str(&format!("[{name} \"{}\"]\n", quote(value)));
        }
    }
    out.push('\n');

    // movetext
    let mut words: Vec<String> = Vec::new();
    let mut need_number = true;
    let mut before = start;
    // the seat whose move the last word is, while its turn may go on
    let mut last_mover = None;
    for ply in &plies[lead..] {
        match ply.action {
            Action::Move(m) => {
                let n = before.st.fullmove;
                // (janggi's first move is the second step of the turn its set-up began)
                let first_step = before.st.step == 0 || last_mover != Some(before.turn());
                last_mover = Some(before.turn());
                if !first_step {
                    // a further step of the turn (the duck's placement), as Fairy-Stockfish
                    // writes it: after a comma, the cell it goes to (`e4,h5`)
                    if let Some(last) = words.last_mut() {
                        last.push(',');
                        last.push_str(v.board.name(m.to));
                    }
                    before = &ply.after;
                    continue;
                }
                if before.turn() == 0 {
                    words.push(format!("{n}."));
                } else if need_number {
                    words.push(format!("{n}..."));
                }
                words.push(san::write(before, m));
                need_number = false;
            }
            Action::Resign(s) => {
                words.push(format!("{{{} resigns.}}", colour(game, s)));
                need_number = true;
                last_mover = None;
            }
            Action::Timeout(s) => {
                words.push(format!("{{{} lost on time.}}", colour(game, s)));
                need_number = true;
                last_mover = None;
            }
            // choices between moves (multi-player games) are not part of a PGN
            _ => {}
        }
        before = &ply.after;
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}

fn colour(game: &Game, s: u8) -> String {
    let c = game.variant.seats[s as usize].colour;
    let mut chars = c.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn bad(msg: impl Into<String>) -> Error {
    Error::BadRecord(msg.into())
}

/// Reads the tag section; returns the tags and the rest of the text.
fn read_tags(text: &str) -> Result<(Vec<(String, String)>, &str)> {
    let mut tags = Vec::new();
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        // `%` escape lines may appear anywhere a line starts
        if trimmed.starts_with('%') {
            rest = trimmed.split_once('\n').map_or("", |(_, r)| r);
            continue;
        }
        if !trimmed.starts_with('[') {
            return Ok((tags, trimmed));
        }
        let body = &trimmed[1..];
        let name_end = body
            .find(|c: char| c.is_whitespace() || c == '"')
            .ok_or_else(|| bad("unterminated tag"))?;
        let name = body[..name_end].to_string();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(bad(format!("bad tag name '{name}'")));
        }
        let after_name = body[name_end..].trim_start();
        let mut chars = after_name.char_indices();
        if chars.next().map(|(_, c)| c) != Some('"') {
            return Err(bad(format!("tag {name} has no quoted value")));
        }
        let mut value = String::new();
        let mut end = None;
        let mut escaped = false;
        for (i, c) in chars {
            if escaped {
                value.push(c);
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                end = Some(i);
                break;
            } else {
                value.push(c);
            }
        }
        let end = end.ok_or_else(|| bad(format!("tag {name} value is not closed")))?;
        let tail = after_name[end + 1..].trim_start();
        let tail = tail
            .strip_prefix(']')
            .ok_or_else(|| bad(format!("tag {name} is not closed with ']'")))?;
        tags.push((name, value));
        rest = tail;
    }
}

/// A movetext token that matters: a move (with its move number for messages) or the result.
enum Token {
    Move(String),
    Result(String),
}

/// Splits movetext into moves and the result, dropping comments, NAGs, variations and numbers.
fn read_movetext(text: &str) -> Result<Vec<Token>> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut depth = 0usize; // variation nesting
    let mut line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if line_start && c == '%' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        line_start = false;
        match c {
            '{' => {
                while i < chars.len() && chars[i] != '}' {
                    i += 1;
                }
                if i == chars.len() {
                    return Err(bad("comment '{' is not closed"));
                }
                i += 1;
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '(' => {
                depth += 1;
                i += 1;
            }
            '}' => return Err(bad("'}' without a comment '{'")),
            ')' => {
                if depth == 0 {
                    return Err(bad("')' without a variation"));
                }
                depth -= 1;
                i += 1;
            }
            _ => {
                let start = i;
                while i < chars.len()
                    && !chars[i].is_whitespace()
                    && !matches!(chars[i], '{' | '}' | '(' | ')' | ';')
                {
                    i += 1;
                }
                let word: String = chars[start..i].iter().collect();
                if depth > 0 {
                    continue;
                }
                if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    out.push(Token::Result(word));
                    continue;
                }
                if word.starts_with('$') {
                    continue; // numeric annotation glyph
                }
                // move number: digits and dots, possibly glued to the move (`12.e4`, `3...Nf6`)
                let digits = word.chars().take_while(|c| c.is_ascii_digit()).count();
                let mut w = word.as_str();
                if digits > 0 && word[digits..].starts_with('.') {
                    w = word[digits..].trim_start_matches('.');
                }
                if w.is_empty() || w.chars().all(|c| matches!(c, '!' | '?')) {
                    continue;
                }
                if w == "e.p." {
                    continue; // written apart from its capture
                }
                out.push(Token::Move(w.to_string()));
            }
        }
    }
    if depth > 0 {
        return Err(bad("a variation '(' is not closed"));
    }
    Ok(out)
}

/// Reads the first game of a PGN text and replays it. Errors are [`Error::BadRecord`] and
/// name the ply (1 = White's first move) and the move as written.
pub fn read(text: &str) -> Result<PgnGame> {
    let (tags, movetext) = read_tags(text)?;
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let id = variant_id(tag("Variant"))?;
    let mut game = match tag("FEN") {
        Some(fen) => Game::from_fen(id, fen).map_err(|e| bad(format!("FEN tag \"{fen}\": {e}")))?,
        None if tag("SetUp") == Some("1") => return Err(bad("SetUp \"1\" without a FEN tag")),
        None if rules::numbered_starts(id).is_some() => {
            return Err(bad(format!("a {id} record needs a FEN tag")))
        }
        None => Game::new(id).map_err(|e| bad(e.to_string()))?,
    };
    let mut result: Option<String> = None;
    for (i, token) in read_movetext(movetext)?.into_iter().enumerate() {
        let ply = i + 1;
        match token {
            Token::Result(r) => {
                result = Some(r);
                break;
            }
            Token::Move(san_text) => {
                let pos = game.position();
                let label = format!(
                    "ply {ply} ({}{} {san_text})",
                    pos.st.fullmove,
                    if pos.turn() == 0 { "." } else { "..." }
                );
                if game.is_over() {
                    return Err(bad(format!("{label}: the game is already over")));
                }
                // a turn of several steps: the move, then each further step's cell (`e4,h5`)
                let mut steps = san_text.split(',');
                let first = steps.next().unwrap_or_default();
                let m = san::parse(pos, first).map_err(|e| bad(format!("{label}: {e}")))?;
                game.play(m).map_err(|e| bad(format!("{label}: {e}")))?;
                for step in steps {
                    let pos = game.position();
                    let text = match pos.variant.board.cell(step) {
                        Some(_) => format!("@{step}"),
                        None => step.to_string(),
                    };
                    let m = crate::notation::movetext::parse(pos, &text)
                        .map_err(|e| bad(format!("{label}: {e}")))?;
                    game.play(m).map_err(|e| bad(format!("{label}: {e}")))?;
                }
            }
        }
    }
    let tag_result = tag("Result").filter(|r| *r != "*" && !r.is_empty());
    let result = match (result, tag_result) {
        (Some(r), Some(t)) if r != "*" && r != t => {
            return Err(bad(format!(
                "Result tag \"{t}\" differs from the result token \"{r}\""
            )))
        }
        (Some(r), t) if r == "*" => t.unwrap_or("*").to_string(),
        (Some(r), _) => r,
        (None, t) => t.unwrap_or("*").to_string(),
    };
    if !matches!(result.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
        return Err(bad(format!("result \"{result}\"")));
    }
    if !game.is_over() && (result == "1-0" || result == "0-1") {
        let loser = if result == "1-0" { 1 } else { 0 };
        let on_time = tag("Termination").is_some_and(|t| t.to_ascii_lowercase().contains("time"));
        let action = if on_time {
            Action::Timeout(loser)
        } else {
            Action::Resign(loser)
        };
        game.act(action).map_err(|e| bad(e.to_string()))?;
    }
    let reached = result_token(&game);
    if reached != "*" && result != "*" && reached != result {
        return Err(bad(format!(
            "the record says {result} but the moves end {reached}"
        )));
    }
    Ok(PgnGame { tags, game, result })
}
