//! The game being played, saved on every action when a saved-games database is open.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rookery_core::store::{GameStore, Player, SavedGame, SeatInfo, Setup, Start, Status, Summary};
use rookery_core::{rules, Action, Game, Outcome, Result};

use super::app::{SeatChoice, SeatKind, SetupForm};
use super::text::{colour_name, game_name, t, tf, tn};

/// The default database directory: `$XDG_DATA_HOME/rookery`, else `~/.local/share/rookery`.
pub fn default_db_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Some(Path::new(&d).join("rookery"));
    }
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|h| Path::new(&h).join(".local/share/rookery"))
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// How long ago, in words: "just now", "5 min ago", "3 h ago", "2 days ago".
pub fn ago(then_ms: u64, now_ms: u64) -> String {
    let mins = now_ms.saturating_sub(then_ms) / 60_000;
    if mins < 1 {
        t("time-just-now")
    } else if mins < 60 {
        tn("time-minutes-ago", mins as i64)
    } else if mins < 48 * 60 {
        tn("time-hours-ago", (mins / 60) as i64)
    } else {
        tn("time-days-ago", (mins / (24 * 60)) as i64)
    }
}

/// One line of "Continue" that tells games apart: the game, who plays each seat (bots with
/// their level), the ply, when it was last played.
pub fn continue_label(s: &Summary, now_ms: u64) -> String {
    // a seat still named by its colour, in whatever language it was saved in, is named in
    // the language shown now ("White" reads "Biely" under --lang sk)
    let colours: Vec<&'static str> = SetupForm::new(&s.game)
        .map(|f| f.seats.iter().map(|c| c.colour).collect())
        .unwrap_or_default();
    let shown = |i: usize, name: &str| -> String {
        match colours.get(i) {
            Some(c)
                if crate::i18n::languages()
                    .iter()
                    .any(|l| crate::i18n::with_language(l, || colour_name(c)) == name) =>
            {
                colour_name(c)
            }
            _ => name.to_string(),
        }
    };
    let seats: Vec<String> = if s.seats.is_empty() {
        s.players.clone()
    } else {
        s.seats
            .iter()
            .enumerate()
            .map(|(i, x)| match x.player {
                Player::Person => shown(i, &x.name),
                Player::Bot { level } => format!(
                    "{} ({})",
                    shown(i, &x.name),
                    tf("seat-bot-short", &[("level", &level.to_string())])
                ),
            })
            .collect()
    };
    format!(
        "{}: {} · {} · {}",
        game_name(&s.game),
        seats.join(", "),
        tf("status-ply", &[("ply", &s.ply.to_string())]),
        ago(s.last_ms, now_ms)
    )
}

/// One saved game in the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedEntry {
    pub id: u64,
    pub label: String,
    pub finished: bool,
}

/// The saved games of the terminal player.
#[derive(Clone)]
pub struct Store(Arc<GameStore>);

impl Store {
    /// Opens (or creates) the database; the second value is a note for the player (a damaged
    /// database that was moved aside).
    pub fn open(dir: &Path) -> Result<(Store, Option<String>)> {
        if let Some(parent) = dir.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let s = GameStore::open(dir)?;
        let note = s.moved_aside().map(|a| a.to_string());
        Ok((Store(Arc::new(s)), note))
    }

    /// Every saved game of a playable game, playing or finished, the most recently played
    /// first (the menu's saved games).
    pub fn saved(&self) -> Vec<SavedEntry> {
        let Ok(list) = self.0.list() else {
            return Vec::new();
        };
        let mut games: Vec<_> = list
            .games
            .into_iter()
            .filter(|s| rules::variant(&s.game).is_ok())
            .collect();
        games.sort_by_key(|s| (std::cmp::Reverse(s.last_ms), std::cmp::Reverse(s.id)));
        let now = now_ms();
        games
            .into_iter()
            .map(|s| {
                let finished = s.status != Status::Playing;
                let mut label = continue_label(&s, now);
                if finished {
                    label = tf("menu-saved-finished", &[("game", &label)]);
                }
                if !s.name.trim().is_empty() {
                    label = format!("{} — {label}", s.name.trim());
                }
                SavedEntry {
                    id: s.id,
                    label,
                    finished,
                }
            })
            .collect()
    }

    /// Unfinished games, the most recent first: (id, label).
    pub fn unfinished(&self) -> Vec<(u64, String)> {
        self.saved()
            .into_iter()
            .filter(|e| !e.finished)
            .map(|e| (e.id, e.label))
            .collect()
    }

    /// Deletes a saved game.
    pub fn delete(&self, id: u64) -> Result<()> {
        self.0.delete(id)
    }

    /// Names a saved game (an empty name clears it).
    pub fn rename(&self, id: u64, name: &str) -> Result<()> {
        self.0.rename(id, name)
    }

    /// A saved game in its standard notation (PGN, PGN4, ...) and the file extension for it.
    pub fn export(&self, id: u64) -> Result<(String, &'static str)> {
        let text = self.0.export_standard(id)?;
        let ext = if text.trim_start().starts_with('[') {
            "pgn"
        } else {
            "txt"
        };
        Ok((text, ext))
    }

    /// Loads a saved game and the setup it was started with.
    pub fn resume(&self, id: u64) -> Result<(Session, SetupForm)> {
        let saved = self.0.load(id)?;
        let mut form = SetupForm::new(&saved.setup.game)?;
        for (choice, info) in form.seats.iter_mut().zip(&saved.setup.seats) {
            choice.name = info.name.clone();
            choice.kind = match info.player {
                Player::Person => SeatKind::Person,
                Player::Bot { level } => SeatKind::Bot(level),
            };
        }
        form.house = saved.setup.house.clone();
        match &saved.setup.start {
            Start::Standard { number }
                if rookery_core::rules::numbered_starts(&saved.setup.game).is_some() =>
            {
                form.start = Some(*number)
            }
            Start::Position { .. } => form.first_seat = saved.game.start.turn(),
            _ => {}
        }
        Ok((
            Session::Saved {
                store: self.clone(),
                saved: Box::new(saved),
            },
            form,
        ))
    }
}

/// The game of the play screen; every change goes through here so a saved game stays in step.
pub enum Session {
    /// Not saved (no database, or the script mode).
    Plain(Box<Game>),
    Saved {
        store: Store,
        saved: Box<SavedGame>,
    },
}

fn seat_info(s: &SeatChoice) -> SeatInfo {
    match s.kind {
        SeatKind::Person => SeatInfo::person(s.name.clone()),
        SeatKind::Bot(l) => SeatInfo::bot(s.name.clone(), l),
    }
}

impl Session {
    /// A new game from a setup form, saved when a store is open.
    pub fn start(
        store: Option<&Store>,
        form: &SetupForm,
        seed: u64,
        start: Option<u32>,
    ) -> Result<Session> {
        // the start, with the first seat moved on where the house rule rotated it
        let v = rules::variant(form.game)?;
        let mut first = match &form.position {
            Some(text) => rules::parse_position(v, text)?,
            None => rules::start_position(v, start.unwrap_or(0))?,
        };
        let rotated = form.first_seat != 0 && (form.first_seat as usize) < v.seat_count();
        let given = rotated || form.position.is_some();
        if rotated {
            rules::multi::with_first_seat(&mut first, form.first_seat);
        }
        match store {
            Some(st) => {
                let written = rules::write_position(&first);
                let mut setup = Setup::new(form.game)?;
                setup.mode = "terminal".to_string();
                setup.seats = form.seats.iter().map(seat_info).collect();
                setup.house = form.house.clone();
                setup.seed = seed;
                setup.start = if given && !written.is_empty() {
                    Start::Position { text: written }
                } else {
                    Start::Standard {
                        number: start.unwrap_or(0),
                    }
                };
                // no name: the menu's line names the game and its seats in the language shown
                // then; a name is the player's own (`n` in the menu)
                let saved = st.0.create("", &setup)?;
                Ok(Session::Saved {
                    store: st.clone(),
                    saved: Box::new(saved),
                })
            }
            None if given => Ok(Session::Plain(Box::new(Game::from_position(
                first,
                form.house.clone(),
                seed,
            )?))),
            None => Ok(Session::Plain(Box::new(Game::with_options(
                form.game,
                form.house.clone(),
                seed,
                start,
            )?))),
        }
    }

    pub fn game(&self) -> &Game {
        match self {
            Session::Plain(g) => g.as_ref(),
            Session::Saved { saved, .. } => &saved.game,
        }
    }

    pub fn is_saved(&self) -> bool {
        matches!(self, Session::Saved { .. })
    }

    pub fn act(&mut self, a: Action) -> Result<()> {
        match self {
            Session::Plain(g) => g.act(a),
            Session::Saved { store, saved } => store.0.act(saved, a),
        }
    }

    pub fn undo(&mut self) -> Result<()> {
        match self {
            Session::Plain(g) => g.undo(),
            Session::Saved { store, saved } => store.0.undo(saved),
        }
    }

    pub fn redo(&mut self) -> Result<()> {
        match self {
            Session::Plain(g) => g.redo(),
            Session::Saved { store, saved } => store.0.redo(saved),
        }
    }

    /// Time spent on the current turn as of its last save: a resumed game's turn clock goes on
    /// from it (see `rookery_core::store::clock`).
    pub fn turn_time(&self) -> Duration {
        match self {
            Session::Plain(_) => Duration::ZERO,
            Session::Saved { store, saved } => store.0.turn_time(saved),
        }
    }

    /// Saves the time spent on the current turn (leaving or quitting a game with a time per
    /// turn that goes on); the next action starts the clock again.
    pub fn save_turn_time(&self, spent: Duration) -> Result<()> {
        match self {
            Session::Saved { store, saved }
                if saved.game.house.turn_seconds.is_some() && !saved.game.is_over() =>
            {
                store.0.save_turn_time(saved, spent)
            }
            _ => Ok(()),
        }
    }

    /// Ends the game outside the rules (the players stopped it).
    pub fn finish(&mut self, result: Option<Outcome>) -> Result<()> {
        match self {
            Session::Plain(_) => Ok(()),
            Session::Saved { store, saved } => store.0.finish(saved, result),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::super::app::{App, Options, Screen, SeatKind, SetupForm};
    use super::Store;
    use rookery_core::Action;

    #[test]
    fn a_resumed_game_s_turn_clock_goes_on_with_the_time_that_was_left() {
        let dir = std::env::temp_dir().join(format!(
            "rookery-play-clock-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        let opts = || Options {
            bot_delay: Duration::ZERO,
            sync_bots: true,
            ..Options::default()
        };
        let s = Duration::from_secs;
        {
            let (store, _) = Store::open(&dir).unwrap();
            let mut app = App::new(opts(), Some(store));
            let mut form = SetupForm::new("chess").unwrap();
            form.seats[1].kind = SeatKind::Person;
            form.house.turn_seconds = Some(60);
            // the turn started 20 s ago when the player leaves (the app is dropped)
            let t0 = Instant::now().checked_sub(s(20)).unwrap();
            app.start(form, t0).unwrap();
        }
        let (store, _) = Store::open(&dir).unwrap();
        let mut app = App::new(opts(), Some(store.clone()));
        let id = store.unfinished()[0].0;
        let t1 = Instant::now();
        app.resume(id, t1).unwrap();
        // at least the 20 s spent are charged: 40 s more run the time out
        app.tick(t1 + s(40));
        let Screen::Play(p) = &app.screen else {
            panic!("not playing")
        };
        assert!(
            matches!(
                p.game().plies().last().map(|p| p.action),
                Some(Action::Timeout(0))
            ),
            "{:?}",
            p.game().texts()
        );
        drop(app);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn janggi_s_set_up_choice_and_pass_are_offered_as_a_menu_of_the_interaction_layer_s_buttons() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let mut app = App::new(
            Options {
                bot_delay: Duration::ZERO,
                sync_bots: true,
                ..Options::default()
            },
            None,
        );
        let mut form = SetupForm::new("janggi").unwrap();
        for s in form.seats.iter_mut() {
            s.kind = SeatKind::Person;
        }
        let now = Instant::now();
        app.start(form, now).unwrap();
        let key = |app: &mut App, code, m| app.handle_key(KeyEvent::new(code, m), now);
        let items = |app: &App| match &app.screen {
            Screen::Play(p) => p.popup.as_ref().map(|p| p.items.len()),
            _ => panic!("not playing"),
        };
        // Han, then Cho: the four set-up choices are offered at once, and chosen by number
        for ply in 1..=2 {
            app.tick(now);
            assert_eq!(items(&app), Some(4));
            key(&mut app, KeyCode::Char('1'), KeyModifiers::NONE);
            let Screen::Play(p) = &app.screen else {
                panic!()
            };
            assert_eq!(p.game().ply_count(), ply);
        }
        app.tick(now);
        assert_eq!(items(&app), None, "play goes on by clicks");
        key(&mut app, KeyCode::Char('p'), KeyModifiers::CONTROL);
        assert_eq!(items(&app), Some(1), "the pass");
        key(&mut app, KeyCode::Enter, KeyModifiers::NONE);
        let Screen::Play(p) = &app.screen else {
            panic!()
        };
        assert_eq!(p.game().texts().last().unwrap(), "e2e2");
    }

    #[test]
    fn a_kind_typed_with_at_shows_its_drop_targets_and_a_click_drops_it() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let mut app = App::new(
            Options {
                bot_delay: Duration::ZERO,
                sync_bots: true,
                ..Options::default()
            },
            None,
        );
        let mut form = SetupForm::new("crazyhouse").unwrap();
        for s in form.seats.iter_mut() {
            s.kind = SeatKind::Person;
        }
        let now = Instant::now();
        app.start(form, now).unwrap();
        let type_in = |app: &mut App, text: &str, enter: bool| {
            for c in text.chars() {
                app.handle_key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE), now);
            }
            if enter {
                app.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), now);
            }
        };
        // White takes a pawn, so holds one in hand
        for m in ["e2e4", "d7d5", "e4d5", "g8f6"] {
            type_in(&mut app, m, true);
        }
        type_in(&mut app, "P@", false);
        let Screen::Play(p) = &mut app.screen else {
            panic!("not playing")
        };
        let e3 = p.game().variant.board.cell("e3").unwrap();
        let targets = p.targets();
        assert!(targets.contains(&e3), "{targets:?}");
        assert!(!targets.contains(&p.game().variant.board.cell("e8").unwrap()));
        p.click_cell(e3, now);
        assert_eq!(p.game().texts().last().unwrap(), "P@e3");
    }
}
