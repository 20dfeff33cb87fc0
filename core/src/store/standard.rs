//! Saved games in the record forms players exchange, as each game's data names them
//! ([`crate::variant::Facts::record`], `more_records`): PGN for two-player games (with the `Variant` tag python-chess
//! or Fairy-Stockfish knows), KIF and CSA for shogi, PGN4 for four-player chess, and Rookery's
//! own text form ([`super::text`]) for the games no other program knows (three- and
//! eight-player chess, chaturaji, four seasons, friendly chess).
//!
//! A standard record keeps the moves, the start and the players' names; it has no place for
//! bot levels, house rules, clock times or a redo tail, so [`super::GameStore::export`]
//! (Rookery's form) is the lossless one and this is for sharing.

use super::{now_ms, text, SavedGame, Setup, Start, Status};
use crate::error::{Error, Result};
use crate::game::{EndReason, Game, Outcome};
use crate::notation::{csa, kif, pgn, pgn4};
use crate::rules;
pub use crate::variant::RecordForm;

/// The form [`super::GameStore::export_standard`] writes for a game id (its registry row's
/// `Facts::record`).
pub fn form_for(game: &str) -> Result<RecordForm> {
    Ok(rules::variant(game)?.facts.record)
}

/// Writes a saved game (at its cursor) in its game's standard form.
pub fn write(s: &SavedGame) -> Result<String> {
    write_as(s, form_for(&s.setup.game)?)
}

/// Writes a saved game (at its cursor) in `form`: one of its game's record forms, or Rookery's
/// own text (every game). Another form is [`Error::BadInput`] naming the forms it has.
pub fn write_as(s: &SavedGame, form: RecordForm) -> Result<String> {
    let forms = rules::variant(&s.setup.game)?.facts.record_forms();
    if form != RecordForm::Rookery && !forms.contains(&form) {
        let names: Vec<&str> = forms.iter().map(|f| f.name()).collect();
        return Err(Error::BadInput(format!(
            "a {} record is not written as {}; it is written as {} or rookery",
            s.setup.game,
            form.name(),
            names.join(", ")
        )));
    }
    let names: Vec<&str> = s.setup.seats.iter().map(|x| x.name.as_str()).collect();
    // a result agreed off the board (the moves do not reach it)
    let agreed = (s.status == Status::Finished && !s.game.is_over())
        .then_some(s.result.as_ref())
        .flatten();
    match form {
        RecordForm::Pgn => {
            let mut tags = vec![
                ("Event", s.name.as_str()),
                ("White", names[0]),
                ("Black", names[1]),
            ];
            if let Some(r) = agreed {
                tags.push(("Result", token(r)));
            }
            pgn::write(&s.game, &tags)
        }
        RecordForm::Pgn4 => pgn4::export(&s.game),
        RecordForm::Kif => kif::write(&s.game, &s.name, &names),
        RecordForm::Csa => csa::write(&s.game, &s.name, &names),
        RecordForm::Rookery => Ok(text::write(s)),
    }
}

fn token(o: &Outcome) -> &'static str {
    match o.winners.as_slice() {
        [] => "1/2-1/2",
        w if w.contains(&0) => "1-0",
        _ => "0-1",
    }
}

/// Reads a record in any form (Rookery's by its `[Rookery` tag, KIF and CSA by their own
/// lines, PGN4 by a four-player `Variant` tag, else PGN) into a saved game not saved yet.
pub fn read(record: &str) -> Result<SavedGame> {
    if record.trim().is_empty() {
        return Err(Error::BadRecord("empty game record".into()));
    }
    if record.trim_start().starts_with("[Rookery ") {
        return text::read(record);
    }
    if kif::looks_like(record) {
        let k = kif::read(record)?;
        return from_game(k.game, k.name, Some(k.names), None);
    }
    if csa::looks_like(record) {
        let c = csa::read(record)?;
        return from_game(c.game, c.name, Some(c.names), None);
    }
    if let Ok(p) = pgn4::parse(record) {
        if let Ok(Some(id)) = pgn4::game_id(&p) {
            let g = pgn4::import(record, id)?;
            return from_game(g, "Imported game".to_string(), None, None);
        }
    }
    let p = pgn::read(record)?;
    let names = ["White", "Black"]
        .iter()
        .map(|t| p.tag(t).filter(|v| *v != "?").map(str::to_string))
        .collect::<Vec<_>>();
    let name = p
        .tag("Event")
        .filter(|v| *v != "?")
        .unwrap_or("Imported game")
        .to_string();
    // A result the moves do not reach is a draw agreed off the board (pgn::read replays a
    // decisive one as a resignation).
    let agreed =
        (!p.game.is_over() && p.result == "1/2-1/2").then(|| Outcome::draw(EndReason::Agreement));
    from_game(p.game, name, Some(names), agreed)
}

/// A saved game from a game replayed from a record: checks that Rookery's own replay (the one
/// loading uses) reaches the very same position.
fn from_game(
    g: Game,
    name: String,
    names: Option<Vec<Option<String>>>,
    agreed: Option<Outcome>,
) -> Result<SavedGame> {
    let bad = |m: String| Error::BadRecord(m);
    let mut setup = Setup::new(g.variant.id)?;
    setup.mode = "imported".to_string();
    setup.house = g.house.clone();
    setup.seed = g.seed;
    setup.auto_walk = g.auto_walk;
    for (seat, n) in setup.seats.iter_mut().zip(names.unwrap_or_default()) {
        if let Some(n) = n {
            seat.name = n;
        }
    }
    let standard = setup.build()?;
    if standard.start.hash() != g.start.hash() {
        let text = rules::write_position(&g.start);
        if text.is_empty() {
            return Err(bad(format!(
                "{} has no position notation to save this start in",
                g.variant.id
            )));
        }
        setup.start = Start::Position { text };
    }
    let mut replay = setup.build()?;
    for (i, t) in g.texts().iter().enumerate() {
        replay
            .act_text(t)
            .map_err(|e| bad(format!("action {} '{t}' does not replay: {e}", i + 1)))?;
    }
    if replay.position().hash() != g.position().hash() || replay.ply_count() != g.ply_count() {
        return Err(bad("the record does not replay to the same position".into()));
    }
    let now = now_ms();
    let mut s = SavedGame {
        id: 0,
        name,
        times: vec![now; replay.ply_count()],
        setup,
        created_ms: now,
        game: replay,
        status: Status::Playing,
        result: None,
        last_ms: now,
    };
    s.refresh_status();
    if let Some(o) = agreed.filter(|_| !s.game.is_over()) {
        s.status = Status::Finished;
        s.result = Some(o);
    }
    Ok(s)
}
