//! Rookery's own text form of a saved game, for every game id: what [`GameStore::export`]
//! writes and [`GameStore::import`] reads.
//!
//! ```text
//! [Rookery "2"]
//! [Game "chess960"]
//! [Name "Evening game"]
//! [Mode "pass-and-play"]
//! [Seat "Ann" "person"]
//! [Seat "Rookery" "bot" "3"]
//! [House "{\"move_limit\":null,\"show_legal_moves\":true,\"rotate_first_seat\":true,\"turn_seconds\":null}"]
//! [Seed "42"]
//! [Start "standard" "518"]
//! [Created "1764450483000"]
//! [Cursor "3"]
//!
//! e2e4 {1764450484000} e7e5 {1764450485000} g1f3 {1764450486000}
//! ```
//!
//! - Tag lines come first, PGN style: `[Name "value" "value" ...]`; in values `\"` is a quote,
//!   `\\` a backslash, `\n`, `\r` and `\t` a line feed, carriage return and tab, and `\u{1b}`
//!   any other control character (by its hex code), so a name with a line break (an imported
//!   PGN's tag may hold one) stays on its tag line. Unknown tags are ignored (a newer Rookery
//!   may add some).
//! - `Rookery` (required) is the form's version ([`FORM`]).
//! - `Game` (required): the game id. `Seat` (one per seat, in seat order): name, then
//!   `person` or `bot` followed by the bot's level. `House`: the house rules as JSON (default
//!   rules when absent). `Seed` (default 0). `Start`: `standard <number>` (0 when absent) or
//!   `position <text in the variant's notation>`.
//! - `AutoWalk` `false` (absent: true): walking kings' moves are listed as actions rather
//!   than played by the game itself (`Game::auto_walk`).
//! - `Cursor`: how many actions are applied (the rest can be redone); all of them when absent.
//!   `Status` `abandoned`/`finished` and `Result` (an outcome as JSON) only record an end
//!   given outside the rules; an end by the rules is found again by replaying.
//! - After a blank line: every action as text (`Ply::text`: move text, `resign:2`,
//!   `timeout:1`), separated by white space, each optionally followed by `{ms since epoch}`.
//!
//! Importing replays every action through the rules; any bad tag or action is an
//! [`Error::BadRecord`].
//!
//! [`GameStore::export`]: super::GameStore::export
//! [`GameStore::import`]: super::GameStore::import

/// The version of the text form this build writes (and the newest it reads). Schema 3 of the
/// database records changed only their checksums, so the text form stayed at 2.
pub const FORM: u32 = 2;
use super::{Player, SavedGame, SeatInfo, Setup, Start, Status};
use crate::error::{Error, Result};
use crate::game::{HouseRules, Outcome};

fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn tag(out: &mut String, name: &str, values: &[&str]) {
    out.push('[');
    out.push_str(name);
    for v in values {
        out.push(' ');
        out.push_str(&quote(v));
    }
    out.push_str("]\n");
}

/// Writes a saved game in the text form.
pub fn write(s: &SavedGame) -> String {
    let mut out = String::new();
    tag(&mut out, "Rookery", &[&FORM.to_string()]);
    tag(&mut out, "Game", &[&s.setup.game]);
    tag(&mut out, "Name", &[&s.name]);
    tag(&mut out, "Mode", &[&s.setup.mode]);
    for seat in &s.setup.seats {
        match &seat.player {
            Player::Person => tag(&mut out, "Seat", &[&seat.name, "person"]),
            Player::Bot { level } => {
                tag(&mut out, "Seat", &[&seat.name, "bot", &level.to_string()])
            }
        }
    }
    let house = serde_json::to_string(&s.setup.house).expect("house rules serialise");
    tag(&mut out, "House", &[&house]);
    tag(&mut out, "Seed", &[&s.setup.seed.to_string()]);
    match &s.setup.start {
        Start::Standard { number } => tag(&mut out, "Start", &["standard", &number.to_string()]),
        Start::Position { text } => tag(&mut out, "Start", &["position", text]),
    }
    if !s.setup.auto_walk {
        tag(&mut out, "AutoWalk", &["false"]);
    }
    tag(&mut out, "Created", &[&s.created_ms.to_string()]);
    tag(&mut out, "Cursor", &[&s.game.ply_count().to_string()]);
    if !s.game.is_over() && s.status != Status::Playing {
        tag(&mut out, "Status", &[s.status.as_str()]);
        if let Some(r) = &s.result {
            let r = serde_json::to_string(r).expect("outcomes serialise");
            tag(&mut out, "Result", &[&r]);
        }
    }
    out.push('\n');
    let mut all = s.game.clone();
    while all.redo().is_ok() {}
    let mut line = String::new();
    for (text, ms) in all.texts().iter().zip(&s.times) {
        let item = format!("{text} {{{ms}}}");
        if !line.is_empty() && line.len() + item.len() > 78 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&item);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn bad(msg: impl Into<String>) -> Error {
    Error::BadRecord(msg.into())
}

/// `[Name "a" "b"]` → ("Name", ["a", "b"]).
fn parse_tag(line: &str) -> Result<(String, Vec<String>)> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| bad(format!("tag line not closed: {line}")))?;
    let mut chars = inner.chars().peekable();
    let mut name = String::new();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            break;
        }
        name.push(c);
        chars.next();
    }
    let mut values = Vec::new();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        match chars.next() {
            None => break,
            Some('"') => {}
            Some(c) => return Err(bad(format!("unexpected '{c}' in tag {name}"))),
        }
        let mut v = String::new();
        loop {
            match chars.next() {
                None => return Err(bad(format!("unterminated value in tag {name}"))),
                Some('"') => break,
                Some('\\') => match chars.next() {
                    Some(c @ ('"' | '\\')) => v.push(c),
                    Some('n') => v.push('\n'),
                    Some('r') => v.push('\r'),
                    Some('t') => v.push('\t'),
                    Some('u') if chars.next() == Some('{') => {
                        let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                        match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                            Some(c) if hex.len() <= 6 => v.push(c),
                            _ => return Err(bad(format!("bad escape in tag {name}"))),
                        }
                    }
                    _ => return Err(bad(format!("bad escape in tag {name}"))),
                },
                Some(c) => v.push(c),
            }
        }
        values.push(v);
    }
    if name.is_empty() {
        return Err(bad("tag without a name"));
    }
    Ok((name, values))
}

fn one<'a>(name: &str, values: &'a [String]) -> Result<&'a str> {
    match values {
        [v] => Ok(v),
        _ => Err(bad(format!("tag {name} takes one value"))),
    }
}

fn number<T: std::str::FromStr>(name: &str, v: &str) -> Result<T> {
    v.parse()
        .map_err(|_| bad(format!("tag {name}: '{v}' is not a number")))
}

/// Reads the text form into a saved game (id 0, not saved yet), replaying every action.
pub fn read(text: &str) -> Result<SavedGame> {
    let mut version = None;
    let mut game = None;
    let mut name = String::new();
    let mut mode = "pass-and-play".to_string();
    let mut seats = Vec::new();
    let mut house = HouseRules::default();
    let mut seed = 0u64;
    let mut start = Start::Standard { number: 0 };
    let mut created_ms = 0u64;
    let mut auto_walk = true;
    let mut cursor: Option<usize> = None;
    let mut status = None;
    let mut result: Option<Outcome> = None;
    let mut body = String::new();
    let mut in_body = false;
    for line in text.lines() {
        let t = line.trim();
        if !in_body && t.starts_with('[') {
            let (tag, v) = parse_tag(t)?;
            match tag.as_str() {
                "Rookery" => version = Some(number::<u32>(&tag, one(&tag, &v)?)?),
                "Game" => game = Some(one(&tag, &v)?.to_string()),
                "Name" => name = one(&tag, &v)?.to_string(),
                "Mode" => mode = one(&tag, &v)?.to_string(),
                "Seat" => seats.push(match v.as_slice() {
                    [n, p] if p == "person" => SeatInfo::person(n.clone()),
                    [n, b, l] if b == "bot" => SeatInfo::bot(n.clone(), number(&tag, l)?),
                    _ => return Err(bad("Seat takes a name and `person` or `bot <level>`")),
                }),
                "House" => {
                    house = serde_json::from_str(one(&tag, &v)?)
                        .map_err(|e| bad(format!("tag House: {e}")))?
                }
                "Seed" => seed = number(&tag, one(&tag, &v)?)?,
                "Start" => {
                    start = match v.as_slice() {
                        [k, n] if k == "standard" => Start::Standard {
                            number: number(&tag, n)?,
                        },
                        [k, p] if k == "position" => Start::Position { text: p.clone() },
                        _ => return Err(bad("Start takes `standard <n>` or `position <text>`")),
                    }
                }
                "Created" => created_ms = number(&tag, one(&tag, &v)?)?,
                "AutoWalk" => {
                    auto_walk = match one(&tag, &v)? {
                        "true" => true,
                        "false" => false,
                        other => return Err(bad(format!("AutoWalk '{other}'"))),
                    }
                }
                "Cursor" => cursor = Some(number(&tag, one(&tag, &v)?)?),
                "Status" => {
                    let s = one(&tag, &v)?;
                    status =
                        Some(Status::parse(s).ok_or_else(|| bad(format!("unknown status '{s}'")))?)
                }
                "Result" => {
                    result = Some(
                        serde_json::from_str(one(&tag, &v)?)
                            .map_err(|e| bad(format!("tag Result: {e}")))?,
                    )
                }
                _ => {}
            }
        } else if !t.is_empty() || in_body {
            in_body = true;
            body.push_str(line);
            body.push('\n');
        }
    }
    match version {
        None => return Err(bad("not a Rookery game record (no [Rookery] tag)")),
        Some(v) if v > FORM => {
            return Err(bad(format!(
                "written by a newer Rookery (form {v}, this one reads up to {FORM})"
            )))
        }
        Some(_) => {}
    }
    let game = game.ok_or_else(|| bad("no [Game] tag"))?;
    if seats.is_empty() {
        seats = Setup::new(&game)?.seats;
    }
    let setup = Setup {
        game,
        mode,
        seats,
        house,
        seed,
        start,
        auto_walk,
    };
    let mut g = setup.build()?;
    let mut times = Vec::new();
    for (text, ms) in actions(&body)? {
        g.act_text(&text)
            .map_err(|e| bad(format!("action {} '{text}': {e}", times.len() + 1)))?;
        times.push(ms.unwrap_or(created_ms));
    }
    let cursor = cursor.unwrap_or(times.len());
    if cursor > times.len() {
        return Err(bad(format!(
            "cursor {cursor} is past the {} actions",
            times.len()
        )));
    }
    while g.ply_count() > cursor {
        g.undo()?;
    }
    let last_ms = times.iter().copied().max().unwrap_or(created_ms);
    let mut saved = SavedGame {
        id: 0,
        name,
        setup,
        created_ms,
        game: g,
        times,
        status: Status::Playing,
        result: None,
        last_ms,
    };
    saved.refresh_status();
    if !saved.game.is_over() {
        if let Some(s) = status {
            saved.status = s;
            saved.result = result.filter(|_| s == Status::Finished);
        }
    }
    Ok(saved)
}

/// The action texts of the body, each with its optional `{ms}`.
fn actions(body: &str) -> Result<Vec<(String, Option<u64>)>> {
    let mut out: Vec<(String, Option<u64>)> = Vec::new();
    let mut chars = body.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '{' {
            chars.next();
            let mut inner = String::new();
            loop {
                match chars.next() {
                    None => return Err(bad("unterminated {time}")),
                    Some('}') => break,
                    Some(c) => inner.push(c),
                }
            }
            let ms = number::<u64>("time", inner.trim())?;
            match out.last_mut() {
                Some((_, t @ None)) => *t = Some(ms),
                _ => return Err(bad(format!("time {{{inner}}} follows no action"))),
            }
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '{' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            out.push((word, None));
        }
    }
    Ok(out)
}
