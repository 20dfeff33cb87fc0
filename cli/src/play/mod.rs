//! `rookery play`: the terminal player for every playable game.
//!
//! - [`app`]: the state machine (menu, setup, play; move input, bots, clocks), plain data
//!   driven by events and a clock passed in. The play screen is the core's game screen
//!   (`rookery_core::present`): a `Table` over the saved session turns keys and clicks
//!   (intents) into a `Screen` (board scene with fog applied, bars, status, phase, pending,
//!   buttons, move list with review, result), which is all that is drawn;
//! - [`board`]: board layout, cell contents (from the screen's scene) and hit-testing for any
//!   topology;
//! - [`fog`]: the hand-over screen's drawing (what is hidden is decided by the core);
//! - [`ui`]: drawing with ratatui; [`term`]: the crossterm event loop;
//! - [`session`]: the game, saved on every action in the saved-games database;
//! - [`bots`]: bots on a background thread.
//!
//! `rookery play --script "e2e4 e7e5" [--game ID]` runs without a terminal and prints the
//! board as text (for tests and quick looks); `--bots LEVEL` lets bots play on to the end.

pub mod app;
pub mod board;
pub mod bots;
pub mod fog;
pub mod howto;
pub mod session;
pub mod term;
pub mod text;
pub mod ui;

#[cfg(test)]
mod present_tests;
#[cfg(test)]
mod screen_tests;
#[cfg(test)]
mod tests;

use rookery_core::{rules, Game};

use crate::args::PlayArgs;

use app::{App, Options, Screen};
use session::Store;

/// The keys, as `rookery play --help` prints them (the screen shows them too).
pub const KEYS: &str = "keys in a game:
  type a move (e2e4, e2-e4, e7e8q, O-O, or SAN: Nf3, exd5) and press Enter; typing a cell
  selects its piece; a refused move says why and stays in the box to be corrected
  or click a piece, then the cell it goes to (a menu asks for the promotion piece)
  Ctrl-Z undo (back to your last turn) · Ctrl-Y redo · Ctrl-R resign · Ctrl-F flip the board
  ← → a move back or forward through earlier positions · Home the start · End the live game
  Ctrl-N play again · Esc clear the input, or leave to the menu (games are saved)
  Ctrl-C quit (asks first when the game is not saved)
  with only bots playing: + faster, - slower, p pause
  F1 (or ? with nothing typed) shows the game's rules page; in the menu, r shows the highlighted game's
the language follows LC_ALL, LC_MESSAGES or LANG; --lang chooses it";

/// `rookery play ...`
pub fn cmd_play(a: &PlayArgs) -> Result<(), String> {
    crate::i18n::init_language(a.lang.as_deref())?;
    let err = |e: rookery_core::Error| text::error_text(&e);
    if let Some(g) = &a.game {
        rules::variant(g).map_err(err)?;
    }
    let id = a.game.as_deref().unwrap_or(crate::DEFAULT_GAME);
    if let Some(f) = &a.fen {
        // read it now: a position that cannot be read is an error, never the usual start
        Game::from_fen(id, f).map_err(err)?;
    }
    if let Some(n) = a.start {
        if rules::numbered_starts(id).is_none() {
            return Err(text::tf(
                "error-no-numbered-starts",
                &[("game", &text::game_name(id))],
            ));
        }
        if a.fen.is_some() {
            return Err(text::t("error-start-and-fen"));
        }
        let _ = n;
    }
    if a.script.is_some() || a.bots.is_some() {
        let out = script(
            id,
            a.fen.as_deref(),
            a.start,
            a.script.as_deref().unwrap_or_default(),
            a.bots,
            a.max_plies,
            a.seed,
        )?;
        print!("{out}");
        return Ok(());
    }
    let mut notice = String::new();
    let store = if a.no_save {
        None
    } else {
        match a.db.clone().or_else(session::default_db_dir) {
            None => {
                notice = text::t("notice-no-home");
                None
            }
            // a database that cannot be used (another `rookery play` holds it, a file in the
            // way) stops here with the reason: playing on without saving would lose games
            Some(d) => match Store::open(&d) {
                Ok((s, note)) => {
                    notice = note.unwrap_or_default();
                    Some(s)
                }
                Err(e) => {
                    return Err(text::tf(
                        "error-play-not-saved",
                        &[("detail", &text::error_text(&e))],
                    ))
                }
            },
        }
    };
    let mut app = App::new(Options::default(), store);
    app.notice = notice;
    app.open_menu();
    if a.game.is_some() || a.fen.is_some() {
        app.open_setup(id).map_err(err)?;
        if let Screen::Setup(f) = &mut app.screen {
            f.position = a.fen.clone();
            if a.start.is_some() {
                f.start = a.start;
            }
        }
    }
    let r = term::run(&mut app);
    if let Screen::Play(p) = &app.screen {
        if p.session.is_saved() && !p.is_over() {
            eprintln!("{}", text::t("notice-saved-on-exit"));
        }
    }
    r
}

/// The non-interactive mode: plays `moves` (action texts, as the game records them), then,
/// with `bots`, lets bots of that level play every seat until the game ends or `max_plies`
/// were played; returns the board as text and the game's state.
pub fn script(
    id: &str,
    fen: Option<&str>,
    start: Option<u32>,
    moves: &str,
    bots: Option<u8>,
    max_plies: usize,
    seed: u64,
) -> Result<String, String> {
    let mut g = match fen {
        Some(f) => Game::from_fen(id, f),
        None => Game::with_options(
            id,
            Default::default(),
            seed,
            start.or(rookery_core::rules::numbered_starts(id).map(|(_, usual)| usual)),
        ),
    }
    .map_err(|e| e.to_string())?;
    for (i, m) in moves.split_whitespace().enumerate() {
        g.act_text(m)
            .map_err(|e| format!("move {} '{m}': {e}", i + 1))?;
    }
    if let Some(level) = bots {
        // each seat's tables, kept from one of its moves to its next
        let seats: Vec<rookery_core::bot::BotSeat> = (0..g.variant.seat_count())
            .map(|_| Default::default())
            .collect();
        while !g.is_over() && g.ply_count() < max_plies {
            let s = g.position().turn() as u64;
            let Some(a) = bots::BotJob::run_now(
                &seats[s as usize],
                &g,
                level,
                seed ^ (s + 1).wrapping_mul(0x9e37_79b9),
            ) else {
                break;
            };
            g.act(a).map_err(|e| e.to_string())?;
        }
    }
    Ok(report(&g))
}

/// The board as text and a few lines about the game.
pub fn report(g: &Game) -> String {
    let pos = g.position();
    let v = g.variant;
    let mut s = board::text(pos);
    s.push_str(&format!("game: {} · ply {}\n", g.id(), g.ply_count()));
    let name = |seat: u8| text::colour_name(v.seats[seat as usize].colour);
    if let Some(o) = g.outcome() {
        let r = app::end_text(o.reason);
        if o.is_draw() {
            s.push_str(&format!("result: draw · {r}\n"));
        } else {
            let w: Vec<String> = o.winners.iter().map(|&x| name(x)).collect();
            s.push_str(&format!("result: {} won · {r}\n", w.join(" and ")));
        }
    } else if g.choice_pending() {
        let c: Vec<String> = g.choices().iter().map(|c| c.text()).collect();
        s.push_str(&format!("choice pending: {}\n", c.join(" ")));
    } else {
        s.push_str(&format!("to move: {}\n", name(pos.turn())));
    }
    if v.seat_count() > 2 {
        let sc: Vec<String> = (0..v.seat_count() as u8)
            .map(|x| {
                let out = if pos.is_in_play(x) { "" } else { " (out)" };
                format!(
                    "{} {}{out}",
                    name(x),
                    app::score_text(g, pos.scores[x as usize])
                )
            })
            .collect();
        s.push_str(&format!("scores: {}\n", sc.join(", ")));
    }
    s.push_str(&format!("moves: {}\n", g.texts().join(" ")));
    s
}
