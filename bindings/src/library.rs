//! Saved games: a [`GameLibrary`] on a directory the app owns (one sled database, the core's
//! `GameStore`), for the home screen's "Continue" list and games that survive the app being
//! killed.
//!
//! A session from [`GameLibrary::new_game`] or [`GameLibrary::resume`] saves every accepted
//! action (move, undo, redo, resignation, choice, seat change) before the call returns. The
//! library syncs every save to the disk by default (`fdatasync`, so a power cut loses nothing
//! acknowledged); [`GameLibrary::set_sync_to_disk`] turns that off (the save then survives the
//! app being killed, not a power cut).

use std::sync::{Arc, Mutex};

use rookery_core::game::Outcome;
use rookery_core::store::{GameStore, Status, Summary};
use rookery_core::view::{View, Viewer};

use crate::catalogue::HouseRulesConfig;
use crate::error::{core_err, guard, RookeryError};
use crate::live::LiveObject;
use crate::session::{
    new_setup, pieces_of, seat_config, GameEndReason, GameResult, GameSession, PieceView,
    SeatConfig,
};

/// Whether a saved game can be continued.
#[derive(Debug, Clone, Copy, PartialEq, Eq, uniffi::Enum)]
pub enum SavedStatus {
    Playing,
    /// Over by the rules (mate, resignation, points, ...).
    Finished,
    /// Stopped without a result; kept for replay.
    Abandoned,
}

impl From<Status> for SavedStatus {
    fn from(s: Status) -> Self {
        match s {
            Status::Playing => Self::Playing,
            Status::Finished => Self::Finished,
            Status::Abandoned => Self::Abandoned,
        }
    }
}

/// One line of the "Continue" screen, read without replaying the game.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Record)]
pub struct SavedGameSummary {
    /// The saved game's id in this library (for `resume`, `delete`, `rename`, `export_game`).
    pub id: u64,
    pub game_id: String,
    pub name: String,
    /// Who plays each seat (people by name, bots with their level), in seat order.
    pub seats: Vec<SeatConfig>,
    /// The seat to move; `None` when the game is over.
    pub turn: Option<u8>,
    /// Actions played (the undo cursor).
    pub ply_count: u32,
    /// Actions stored (the cursor plus the ones that can be redone).
    pub stored_count: u32,
    pub status: SavedStatus,
    pub result: Option<GameResult>,
    pub created_ms: u64,
    /// When an action was last played, taken back or replayed (ms since the Unix epoch).
    pub last_changed_ms: u64,
    /// The position at the cursor in the game's own notation (FEN for chess): give it to
    /// `preview_pieces` for a small board image.
    pub position: String,
}

fn result_of(o: &Outcome) -> GameResult {
    GameResult {
        winners: o.winners.iter().map(|&s| u32::from(s)).collect(),
        reason: GameEndReason::from(o.reason),
        reason_key: rookery_core::message::end_key(o.reason).to_owned(),
    }
}

fn summary_of(s: Summary, store: &GameStore) -> Result<SavedGameSummary, RookeryError> {
    // summaries written before seats were recorded: read them from the game itself
    let seats = if s.seats.is_empty() {
        store.load(s.id).map_err(core_err)?.setup.seats
    } else {
        s.seats
    };
    let hidden = hides_during_play(&s.game, s.result.is_none());
    Ok(SavedGameSummary {
        id: s.id,
        game_id: s.game,
        name: s.name,
        seats: seats.iter().map(seat_config).collect(),
        turn: s.turn,
        ply_count: s.ply,
        stored_count: s.len,
        status: s.status.into(),
        result: s.result.as_ref().map(result_of),
        created_ms: s.created_ms,
        last_changed_ms: s.last_ms,
        // a game that hides information shows no position while it is played
        position: if hidden { String::new() } else { s.preview },
    })
}

/// Whether a game in progress of `game_id` keeps its position from the players (fog of war):
/// its preview and exports stay closed until it is over.
fn hides_during_play(game_id: &str, playing: bool) -> bool {
    playing
        && rookery_core::rules::variant(game_id)
            .map(rookery_core::view::limits_view)
            .unwrap_or(false)
}

/// Refuses an export of a game whose position is hidden while it is played.
fn check_export(store: &GameStore, id: u64) -> Result<(), RookeryError> {
    let s = store.summary(id).map_err(core_err)?;
    if hides_during_play(&s.game, s.result.is_none()) {
        return Err(RookeryError::bad_input(
            "this game hides the players' pieces from each other: it can be exported once it is over",
        ));
    }
    Ok(())
}

/// The pieces of a summary's `position` for a small board preview (cells from `catalogue`'s
/// game and the cells of its `board_scene`).
#[uniffi::export]
pub fn preview_pieces(game_id: String, position: String) -> Result<Vec<PieceView>, RookeryError> {
    guard(|| {
        let v = rookery_core::rules::variant(&game_id).map_err(core_err)?;
        let pos = rookery_core::rules::parse_position(v, &position).map_err(core_err)?;
        let view = View::of(&pos, Viewer::Everyone);
        Ok(pieces_of(&pos, &view))
    })
}

/// The saved games of the app: one database in a directory the app owns.
#[derive(uniffi::Object)]
pub struct GameLibrary {
    store: Arc<GameStore>,
    moved_aside: Option<String>,
    sync: Mutex<bool>,
    _live: LiveObject,
}

#[uniffi::export]
impl GameLibrary {
    /// Opens (or creates) the library in `path`. `LibraryLocked` when another process (or
    /// another open `GameLibrary`) holds it for over [`rookery_core::store::LOCK_WAIT`] (the open waits that long:
    /// sled lets go of its lock shortly after the last handle of a library is dropped, so a
    /// library reopened right after closing one would otherwise be refused now and then);
    /// `LibraryUnavailable` when the directory cannot be used. A database that cannot be read
    /// at all is moved aside (never deleted), a new one is started, and `moved_aside()` says
    /// where the old one went. Sync to disk is on.
    #[uniffi::constructor]
    pub fn new(path: String) -> Result<Arc<Self>, RookeryError> {
        guard(|| {
            let dir = std::path::Path::new(&path);
            let store = GameStore::open(dir).map_err(core_err)?;
            store.set_sync_to_disk(true).map_err(core_err)?;
            let moved_aside = store.moved_aside().map(|a| a.to_string());
            Ok(Arc::new(Self {
                store: Arc::new(store),
                moved_aside,
                sync: Mutex::new(true),
                _live: LiveObject::new(),
            }))
        })
    }

    /// Set when the library had to move an unreadable database aside (tell the player).
    pub fn moved_aside(&self) -> Option<String> {
        self.moved_aside.clone()
    }

    /// Sync every save to the disk (on by default): off saves time per move and still survives
    /// the app being killed, but not a power cut.
    pub fn set_sync_to_disk(&self, on: bool) -> Result<(), RookeryError> {
        guard(|| {
            self.store.set_sync_to_disk(on).map_err(core_err)?;
            *self.sync.lock().unwrap_or_else(|p| p.into_inner()) = on;
            Ok(())
        })
    }

    pub fn sync_to_disk(&self) -> bool {
        *self.sync.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A new saved game (same arguments as `GameSession(...)`); its session saves every action.
    pub fn new_game(
        &self,
        game_id: String,
        seats: Vec<SeatConfig>,
        house_rules: HouseRulesConfig,
        seed: u64,
    ) -> Result<Arc<GameSession>, RookeryError> {
        guard(|| {
            let setup = new_setup(&game_id, &seats, house_rules, seed)?;
            let names: Vec<String> = setup.seats.iter().map(|s| s.name.clone()).collect();
            let name = format!("{game_id}: {}", names.join(", "));
            let saved = self.store.create(&name, &setup).map_err(core_err)?;
            Ok(GameSession::saved(saved, self.store.clone()))
        })
    }

    /// A rematch of saved game `id` (the result sheet's "rematch"): a new saved game of the same
    /// game with the same seats and house rules, from a new seed (a numbered start such as
    /// Chess960's is drawn anew; a game set up from a position starts from it again).
    pub fn rematch(&self, id: u64) -> Result<Arc<GameSession>, RookeryError> {
        guard(|| {
            let old = self.store.load(id).map_err(core_err)?;
            let mut setup = old.setup.clone();
            setup.seed = setup.seed.wrapping_add(1);
            if let rookery_core::store::Start::Standard { number } = &mut setup.start {
                *number = setup.seed as u32;
            }
            let saved = self.store.create(&old.name, &setup).map_err(core_err)?;
            Ok(GameSession::saved(saved, self.store.clone()))
        })
    }

    /// Every saved game, the most recently changed first. A game whose summary is damaged is
    /// left out here and reported by `damaged_games()`.
    pub fn saved_games(&self) -> Result<Vec<SavedGameSummary>, RookeryError> {
        guard(|| {
            let list = self.store.list().map_err(core_err)?;
            let mut out = list
                .games
                .into_iter()
                .map(|s| summary_of(s, &self.store))
                .collect::<Result<Vec<_>, _>>()?;
            out.sort_by(|a, b| {
                b.last_changed_ms
                    .cmp(&a.last_changed_ms)
                    .then(b.id.cmp(&a.id))
            });
            Ok(out)
        })
    }

    /// Saved games that cannot be listed (damaged records), as error texts naming them.
    pub fn damaged_games(&self) -> Result<Vec<String>, RookeryError> {
        guard(|| {
            let list = self.store.list().map_err(core_err)?;
            Ok(list.broken.iter().map(|e| e.to_string()).collect())
        })
    }

    /// The saved game `id` exactly where it was: position, undo/redo history, seats and bot
    /// levels, house rules, pending choices. `NoSuchGame`, or `DamagedSave` (nothing changed).
    pub fn resume(&self, id: u64) -> Result<Arc<GameSession>, RookeryError> {
        guard(|| {
            let saved = self.store.load(id).map_err(core_err)?;
            Ok(GameSession::saved(saved, self.store.clone()))
        })
    }

    /// Deletes a saved game (an open session of it then fails to save with `NoSuchGame`).
    pub fn delete(&self, id: u64) -> Result<(), RookeryError> {
        guard(|| self.store.delete(id).map_err(core_err))
    }

    /// Accepts a game that was rolled back (its `resume` and the listing give `DamagedSave`
    /// saying how many saved actions were lost and where the copy of the database taken
    /// before it was opened is kept): it plays on from the older state it has now. A game
    /// that was not rolled back gives `BadInput`.
    pub fn accept_rollback(&self, id: u64) -> Result<(), RookeryError> {
        guard(|| self.store.accept_rollback(id).map_err(core_err))
    }

    pub fn rename(&self, id: u64, name: String) -> Result<(), RookeryError> {
        guard(|| self.store.rename(id, &name).map_err(core_err))
    }

    /// The saved game as text: PGN for two-player games, PGN4 for four-player chess,
    /// Rookery's own text form for the others.
    pub fn export_game(&self, id: u64) -> Result<String, RookeryError> {
        guard(|| {
            check_export(&self.store, id)?;
            self.store.export_standard(id).map_err(core_err)
        })
    }

    /// Rookery's own text form of a saved game, with everything (bot levels, house rules,
    /// times, the redo tail): a full backup.
    pub fn export_game_full(&self, id: u64) -> Result<String, RookeryError> {
        guard(|| {
            check_export(&self.store, id)?;
            self.store.export(id).map_err(core_err)
        })
    }

    /// Reads PGN, PGN4 or Rookery's text form, checks every action against the rules and saves
    /// it as a new game; returns its summary. A bad record is `BadInput` and saves nothing.
    pub fn import_game(&self, text: String) -> Result<SavedGameSummary, RookeryError> {
        guard(|| {
            let saved = self.store.import(&text).map_err(core_err)?;
            let s = self.store.summary(saved.id).map_err(core_err)?;
            summary_of(s, &self.store)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::SeatConfig;

    fn temp(name: &str) -> String {
        let d = std::env::temp_dir().join(format!(
            "rookery-library-{name}-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        d.display().to_string()
    }

    fn people() -> Vec<SeatConfig> {
        vec![
            SeatConfig::Person { name: "A".into() },
            SeatConfig::Person { name: "B".into() },
        ]
    }

    #[test]
    fn a_damaged_record_is_a_typed_error_and_the_other_games_stay_readable() {
        let dir = temp("damaged");
        let (a, b) = {
            let lib = GameLibrary::new(dir.clone()).unwrap();
            lib.set_sync_to_disk(false).unwrap();
            let a = lib
                .new_game(
                    "chess".into(),
                    people(),
                    crate::catalogue::default_house_rules(),
                    1,
                )
                .unwrap();
            a.act(crate::screen::ScreenIntent::Play {
                text: "e2e4".into(),
            })
            .unwrap();
            let b = lib
                .new_game(
                    "chess".into(),
                    people(),
                    crate::catalogue::default_house_rules(),
                    2,
                )
                .unwrap();
            let ids = (
                a.screen().unwrap().saved_id.unwrap(),
                b.screen().unwrap().saved_id.unwrap(),
            );
            drop((a, b, lib));
            ids
        };
        {
            // flip a byte of game a's first action record
            let db = sled::open(&dir).unwrap();
            let mut key = vec![b'm'];
            key.extend_from_slice(&a.to_be_bytes());
            key.extend_from_slice(&0u32.to_be_bytes());
            let mut v = db.get(&key).unwrap().unwrap().to_vec();
            let last = v.len() - 2;
            v[last] ^= 0x55;
            db.insert(key, v).unwrap();
            db.flush().unwrap();
        }
        let lib = GameLibrary::new(dir.clone()).unwrap();
        assert!(matches!(
            lib.resume(a).err(),
            Some(RookeryError::DamagedSave { .. })
        ));
        assert!(lib.resume(b).is_ok());
        assert_eq!(lib.saved_games().unwrap().len(), 2);
        // a second library on the same directory is a typed error, not an OS error text
        assert!(matches!(
            GameLibrary::new(dir.clone()).err(),
            Some(RookeryError::LibraryLocked { .. })
        ));
        drop(lib);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// sled's own files of `from` (everything but Rookery's guard file) copied over those of
    /// `to`: an older state of the database, as sled may recover to after damage.
    fn put_sled_files(from: &std::path::Path, to: &std::path::Path) {
        fn copy(from: &std::path::Path, to: &std::path::Path) {
            std::fs::create_dir_all(to).unwrap();
            for e in std::fs::read_dir(from).unwrap() {
                let e = e.unwrap();
                if e.file_name() == "rookery-guard" {
                    continue;
                }
                let (src, dst) = (e.path(), to.join(e.file_name()));
                if src.is_dir() {
                    let _ = std::fs::remove_dir_all(&dst);
                    copy(&src, &dst);
                } else {
                    std::fs::copy(&src, &dst).unwrap();
                }
            }
        }
        copy(from, to);
    }

    #[test]
    fn a_rolled_back_game_is_a_typed_error_until_accepted_then_plays_on() {
        let dir = temp("rollback");
        let older = std::path::PathBuf::from(format!("{dir}-older"));
        let id = {
            let lib = GameLibrary::new(dir.clone()).unwrap();
            let s = lib
                .new_game(
                    "chess".into(),
                    people(),
                    crate::catalogue::default_house_rules(),
                    1,
                )
                .unwrap();
            s.act(crate::screen::ScreenIntent::Play {
                text: "e2e4".into(),
            })
            .unwrap();
            s.screen().unwrap().saved_id.unwrap()
        };
        put_sled_files(std::path::Path::new(&dir), &older);
        {
            let lib = GameLibrary::new(dir.clone()).unwrap();
            let s = lib.resume(id).unwrap();
            s.act(crate::screen::ScreenIntent::Play {
                text: "e7e5".into(),
            })
            .unwrap();
            s.act(crate::screen::ScreenIntent::Play {
                text: "g1f3".into(),
            })
            .unwrap();
        }
        // sled's files as they were before the last two moves; the guard knows of them
        put_sled_files(&older, std::path::Path::new(&dir));
        let lib = GameLibrary::new(dir.clone()).unwrap();
        match lib.resume(id).err() {
            Some(RookeryError::DamagedSave { message }) => {
                assert!(message.contains("older"), "{message}")
            }
            other => panic!("expected DamagedSave, got {other:?}"),
        }
        lib.accept_rollback(id).unwrap();
        assert_eq!(
            lib.resume(id)
                .unwrap()
                .screen()
                .unwrap()
                .moves
                .iter()
                .map(|m| m.text.clone())
                .collect::<Vec<_>>(),
            ["e4"]
        );
        assert!(matches!(
            lib.accept_rollback(id).err(),
            Some(RookeryError::BadInput { .. })
        ));
        drop(lib);
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&older);
    }

    #[test]
    fn a_resumed_game_s_turn_clock_has_the_time_that_was_left_at_its_last_save() {
        let dir = temp("clock");
        let mut house = crate::catalogue::default_house_rules();
        house.turn_seconds = Some(60);
        let id = {
            let lib = GameLibrary::new(dir.clone()).unwrap();
            lib.set_sync_to_disk(false).unwrap();
            let s = lib.new_game("chess".into(), people(), house, 1).unwrap();
            s.act(crate::screen::ScreenIntent::Play {
                text: "e2e4".into(),
            })
            .unwrap();
            std::thread::sleep(std::time::Duration::from_millis(300));
            s.pause_clock().unwrap();
            let c = s.turn_clock().unwrap().unwrap();
            assert!(!c.running);
            assert_eq!((c.seat, c.limit_ms), (1, 60_000));
            assert!(c.left_ms <= 59_700, "{c:?}");
            let id = s.screen().unwrap().saved_id.unwrap();
            drop((s, lib));
            id
        };
        // reopened at once: `new` waits for sled to let go of its lock
        let lib = GameLibrary::new(dir.clone()).unwrap();
        let s = lib.resume(id).unwrap();
        let c = s.turn_clock().unwrap().unwrap();
        assert!(c.running && c.left_ms <= 59_700, "{c:?}");
        assert_eq!(s.check_clock().unwrap(), None);
        // a move starts the next turn with its whole time; that turn was never saved
        s.act(crate::screen::ScreenIntent::Play {
            text: "e7e5".into(),
        })
        .unwrap();
        drop(s);
        let s = lib.resume(id).unwrap();
        assert!(s.turn_clock().unwrap().unwrap().left_ms > 59_000);
        // no limit: no clock
        let plain = GameSession::new(
            "chess".into(),
            people(),
            crate::catalogue::default_house_rules(),
            1,
        )
        .unwrap();
        assert_eq!(plain.turn_clock().unwrap(), None);
        drop((s, lib));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A library opened while another one still holds the directory waits (bounded) for it to
    /// be let go, as an app reopening its library right after closing it does; one held for
    /// longer than the wait is `LibraryLocked`.
    #[test]
    fn a_library_opened_while_another_is_let_go_waits_for_it() {
        let dir = temp("lockwait");
        let first = GameLibrary::new(dir.clone()).unwrap();
        first
            .new_game(
                "chess".into(),
                people(),
                crate::catalogue::default_house_rules(),
                1,
            )
            .unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let holder = std::thread::spawn(move || {
            rx.recv().unwrap();
            std::thread::sleep(std::time::Duration::from_millis(200));
            drop(first);
        });
        tx.send(()).unwrap();
        // the first library is held for 200 ms more, then dropped: this open waits for it
        let second = GameLibrary::new(dir.clone()).unwrap();
        assert_eq!(second.saved_games().unwrap().len(), 1);
        holder.join().unwrap();
        // held all along: refused after the wait, nothing touched
        let t0 = std::time::Instant::now();
        assert!(matches!(
            GameLibrary::new(dir.clone()).err(),
            Some(RookeryError::LibraryLocked { .. })
        ));
        assert!(t0.elapsed() >= rookery_core::store::LOCK_WAIT);
        // closed and reopened at once, many times
        drop(second);
        for _ in 0..5 {
            let lib = GameLibrary::new(dir.clone()).unwrap();
            assert_eq!(lib.saved_games().unwrap().len(), 1);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// `cargo test --release -p rookery-bindings -- --ignored --nocapture saved_games_timing`
    #[test]
    #[ignore]
    fn saved_games_timing() {
        let dir = temp("timing");
        let lib = GameLibrary::new(dir.clone()).unwrap();
        lib.set_sync_to_disk(false).unwrap();
        for i in 0..1000 {
            let s = lib
                .new_game(
                    "chess".into(),
                    people(),
                    crate::catalogue::default_house_rules(),
                    i,
                )
                .unwrap();
            s.act(crate::screen::ScreenIntent::Play {
                text: "e2e4".into(),
            })
            .unwrap();
        }
        // min and median of 40 runs each (the min is the run least disturbed by other load)
        let time = |f: &dyn Fn()| {
            let mut t: Vec<_> = (0..40)
                .map(|_| {
                    let t0 = std::time::Instant::now();
                    f();
                    t0.elapsed()
                })
                .collect();
            t.sort();
            format!("min {:?}, median {:?}", t[0], t[20])
        };
        println!(
            "saved_games (Rust side) 1000 games: {}",
            time(&|| assert_eq!(lib.saved_games().unwrap().len(), 1000))
        );
        println!(
            "GameStore::list 1000 games: {}",
            time(&|| assert_eq!(lib.store.list().unwrap().games.len(), 1000))
        );
        drop(lib);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
