//! Saved games on sled: every accepted action is appended and flushed before the call returns,
//! so a game the player saw accepted survives the app being killed at any moment.
//!
//! The engine ([`Game`]) never sees the database: a shell holds a [`SavedGame`] (a `Game` plus
//! what the store knows about it) and changes it only through [`GameStore`], which plays the
//! action on the `Game` and makes it durable in one call.
//!
//! ```no_run
//! use rookery_core::store::{GameStore, Setup};
//! # fn main() -> rookery_core::Result<()> {
//! let store = GameStore::open("/data/rookery/saves")?;      // one database per app
//! if let Some(aside) = store.moved_aside() {                 // an unreadable database was
//!     eprintln!("{}", aside);                                // renamed, never deleted
//! }
//! let mut saved = store.create("Evening game", &Setup::new("chess")?)?;
//! store.act_text(&mut saved, "e2e4")?;                      // durable when this returns
//! store.undo(&mut saved)?;                                  // the cursor is saved too
//! for s in store.list()?.games {                            // the "continue" screen
//!     println!("{} {} ply {} {:?}", s.id, s.game, s.ply, s.status);
//! }
//! let again = store.load(saved.id)?;                        // replays through the rules
//! assert_eq!(again.game.position().hash(), saved.game.position().hash());
//! let text = store.export(saved.id)?;                       // documented text form
//! let copy = store.import(&text)?;
//! store.rename(copy.id, "Copy")?;
//! store.delete(copy.id)?;
//! # Ok(()) }
//! ```
//!
//! Storage layout, framing and schema versions: see [`record`]. The text form: see [`text`].
//!
//! Guarantees and limits:
//! - An action call returns `Ok` only after sled's `flush()` returned: the data is in the
//!   operating system (sled 0.34 uses `sync_file_range` on Linux/Android and `fsync` elsewhere),
//!   which is what survives the app being killed. Loss of power between the flush and the disk's
//!   own cache write-back is outside what sled 0.34 promises.
//! - Loading replays every action through the rules, so a save never yields an illegal position;
//!   any damage to a record is an error naming the game, and the other games stay readable
//!   (`damage_tests.rs`). Damage inside sled's own file makes sled's recovery stop at the first
//!   bad log entry and open the older state before it; the [`guard`] file finds that on open:
//!   the games that lost actions give [`Error::RolledBack`] (with where a copy of the database
//!   from before the open is kept) until [`GameStore::accept_rollback`] or a delete.
//! - sled 0.34.7 cannot open a database after a kill between writing and renaming the snapshot
//!   it writes on an open; the store removes such an unfinished snapshot before opening, unless
//!   another store holds the database (the older snapshot and the log recover the same state).
//! - With [`GameStore::set_sync_to_disk`] on, a power cut loses no acknowledged action at any
//!   moment (`core/tests/power_cut.rs`); off, it loses what sled's own periodic `fsync` (every
//!   500 ms) had not covered.

pub mod clock;
pub mod guard;
pub mod record;
pub mod standard;
pub mod text;

#[cfg(test)]
mod damage_tests;
#[cfg(test)]
mod guard_tests;
#[cfg(test)]
mod stale_tests;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::game::{Action, Game, HouseRules, Outcome};
use crate::rules;

pub use crate::variant::RecordForm;
pub use clock::TurnClock;
pub use record::Summary;
use record::{
    clock_key, corrupt, decode_clock, decode_header, decode_move, decode_summary, encode,
    header_key, id_of_key, move_key, moves_prefix, ply_of_key, summary_key, ClockRec, Header,
    MoveRec, GEN_KEY, NEXT_ID_KEY,
};

/// A saved game's id, unique within one database and never reused.
pub type SavedId = u64;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Player {
    Person,
    Bot { level: u8 },
}

/// A seat of a saved game: its player's name and whether a person or a bot plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub name: String,
    pub player: Player,
}

impl SeatInfo {
    pub fn person(name: impl Into<String>) -> SeatInfo {
        SeatInfo {
            name: name.into(),
            player: Player::Person,
        }
    }
    pub fn bot(name: impl Into<String>, level: u8) -> SeatInfo {
        SeatInfo {
            name: name.into(),
            player: Player::Bot { level },
        }
    }
}

/// Where a saved game starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// The variant's own start; `number` selects among several (Chess960 0–959, else 0).
    Standard { number: u32 },
    /// A position in the variant's notation (FEN for chess), as `rules::write_position` writes.
    Position { text: String },
}

/// Whether a saved game can be continued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Playing,
    /// Over: by the rules (mate, resignation, ...) or by [`GameStore::finish`] with a result.
    Finished,
    /// Ended by [`GameStore::finish`] without a result; kept for replay.
    Abandoned,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }
    pub fn parse(s: &str) -> Option<Status> {
        [Status::Playing, Status::Finished, Status::Abandoned]
            .into_iter()
            .find(|x| x.as_str() == s)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Everything needed to start a game again from nothing: the game id, who plays, the house
/// rules, the seed of random rules and the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Game id from `rules::catalogue()`.
    pub game: String,
    /// How the shell runs the game; free text chosen by the shell (`pass-and-play`, `vs-bots`,
    /// `selfplay`, ...).
    pub mode: String,
    /// One per seat of the variant, in seat order.
    pub seats: Vec<SeatInfo>,
    pub house: HouseRules,
    pub seed: u64,
    pub start: Start,
    /// Whether the game plays walking kings' moves itself (`Game::auto_walk`); off only for a
    /// record that lists those moves (a chess.com PGN4).
    #[serde(default = "yes")]
    pub auto_walk: bool,
}

fn yes() -> bool {
    true
}

impl Setup {
    /// A pass-and-play game of `game` from its standard start: people named after the seat
    /// colours, default house rules, seed 0.
    pub fn new(game: &str) -> Result<Setup> {
        let v = rules::variant(game)?;
        Ok(Setup {
            game: game.to_string(),
            mode: "pass-and-play".to_string(),
            seats: v
                .seats
                .iter()
                .map(|s| SeatInfo::person(capitalised(s.colour)))
                .collect(),
            house: HouseRules::default(),
            seed: 0,
            start: Start::Standard { number: 0 },
            auto_walk: true,
        })
    }

    /// The game at its start. Errors if the game id is not playable, the seat count is wrong
    /// or the start cannot be set up.
    pub fn build(&self) -> Result<Game> {
        let v = rules::variant(&self.game)?;
        if self.seats.len() != v.seat_count() {
            return Err(Error::BadInput(format!(
                "{} has {} seats, not {}",
                self.game,
                v.seat_count(),
                self.seats.len()
            )));
        }
        let mut g = match &self.start {
            Start::Standard { number } => {
                Game::with_options(&self.game, self.house.clone(), self.seed, Some(*number))
            }
            Start::Position { text } => Game::from_position(
                rules::parse_position(v, text)?,
                self.house.clone(),
                self.seed,
            ),
        }?;
        g.auto_walk = self.auto_walk;
        Ok(g)
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A saved game in memory: the live [`Game`] and what the store keeps beside it. Change it only
/// through the [`GameStore`] methods, which keep it and the database in step.
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub id: SavedId,
    pub name: String,
    pub setup: Setup,
    pub created_ms: u64,
    /// The game at the saved undo/redo cursor (plies past the cursor can be redone).
    pub game: Game,
    /// Clock time of every stored action, including the ones that can be redone (ms since the
    /// Unix epoch).
    pub times: Vec<u64>,
    pub status: Status,
    /// The result: the rules' outcome, or one given to [`GameStore::finish`].
    pub result: Option<Outcome>,
    pub last_ms: u64,
}

impl SavedGame {
    /// Actions stored: the cursor plus the plies that can be redone.
    pub fn stored_len(&self) -> usize {
        self.times.len()
    }

    /// The summary to write in commit generation `gen`.
    fn summary(&self, gen: u64) -> Summary {
        let over = self.status != Status::Playing;
        Summary {
            id: self.id,
            gen,
            name: self.name.clone(),
            game: self.setup.game.clone(),
            mode: self.setup.mode.clone(),
            players: self.setup.seats.iter().map(|s| s.name.clone()).collect(),
            seats: self.setup.seats.clone(),
            turn: (!over).then(|| self.game.position().turn()),
            ply: self.game.ply_count() as u32,
            len: self.times.len() as u32,
            status: self.status,
            result: self.result.clone(),
            created_ms: self.created_ms,
            last_ms: self.last_ms,
            preview: rules::write_position(self.game.position()),
        }
    }

    fn header(&self) -> Header {
        Header {
            game: self.setup.game.clone(),
            mode: self.setup.mode.clone(),
            seats: self.setup.seats.clone(),
            house: self.setup.house.clone(),
            seed: self.setup.seed,
            start: self.setup.start.clone(),
            auto_walk: self.setup.auto_walk,
            created_ms: self.created_ms,
        }
    }

    /// After the actions changed: the rules' result if the game is over, else playing.
    fn refresh_status(&mut self) {
        match self.game.outcome() {
            Some(o) => {
                self.status = Status::Finished;
                self.result = Some(o.clone());
            }
            None => {
                self.status = Status::Playing;
                self.result = None;
            }
        }
    }
}

/// The result of [`GameStore::list`]: readable summaries, and an error (naming the game) for
/// every saved game whose summary cannot be read. Nothing is left out silently.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    /// In saved-game id order (oldest first); sort by `last_ms` for a "continue" screen.
    pub games: Vec<Summary>,
    pub broken: Vec<Error>,
}

/// A database that sled could not open, renamed so a fresh one could be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovedAside {
    pub from: PathBuf,
    pub to: PathBuf,
    /// Why it could not be opened.
    pub detail: String,
}

impl fmt::Display for MovedAside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the saved games at {} could not be opened ({}); they were moved to {} and a new \
             database was started",
            self.from.display(),
            self.detail,
            self.to.display()
        )
    }
}

/// The saved games of one app: one sled database in one directory.
pub struct GameStore {
    db: sled::Db,
    path: PathBuf,
    moved_aside: Option<MovedAside>,
    /// Serialises writers so id allocation and read-modify-write of a summary are atomic.
    write: Mutex<()>,
    /// When set, every commit also `fdatasync`s sled's data file (see
    /// [`GameStore::set_sync_to_disk`]).
    disk_sync: Mutex<Option<std::fs::File>>,
    /// What the guard file says (see [`guard`]); rewritten after every commit of a game.
    guard: Mutex<guard::Guard>,
    /// Games found rolled back on open, not yet accepted or deleted.
    lost: Mutex<BTreeMap<SavedId, guard::Loss>>,
    /// The copy of the database as it was before sled opened it, kept when games were found
    /// rolled back.
    rollback_copy: Option<PathBuf>,
}

/// What a commit changes, for the guard file.
enum Touch {
    /// A game's summary (written in the commit's generation) with its stored actions.
    Game(SavedId, u32),
    /// A game deleted.
    Gone(SavedId),
    /// Nothing the guard keeps (the turn clock).
    Nothing,
}

/// The cache sled may use; small, as phones are.
const CACHE_BYTES: u64 = 16 * 1024 * 1024;

enum OpenError {
    /// The files are there but sled cannot read them: move them aside.
    Damaged(String),
    /// Anything else (no permission, not a directory, ...): report, touch nothing.
    Unavailable(String),
    /// sled's lock on the database is held by another process (or another open store).
    Locked,
}

/// How long an open waits for a database held by someone else to be let go: sled releases
/// its file lock shortly after the last handle of a store is dropped (its flusher thread ends
/// first), so a store reopened right after closing one in the same process would otherwise
/// be refused now and then. Held longer, the open is `StoreLocked`.
pub const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// [`open_sled_once`], tried again every 20 ms while the database is locked, for at most
/// [`LOCK_WAIT`].
fn open_sled(dir: &Path) -> std::result::Result<sled::Db, OpenError> {
    let deadline = std::time::Instant::now() + LOCK_WAIT;
    loop {
        match open_sled_once(dir) {
            Err(OpenError::Locked) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

fn open_sled_once(dir: &Path) -> std::result::Result<sled::Db, OpenError> {
    remove_unfinished_snapshots(dir);
    let config = sled::Config::new().path(dir).cache_capacity(CACHE_BYTES);
    let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| config.open()));
    match opened {
        Ok(Ok(db)) => Ok(db),
        Ok(Err(e)) => Err(classify(e)),
        Err(panic) => {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "sled panicked while opening".to_string());
            Err(OpenError::Damaged(msg))
        }
    }
}

fn classify(e: sled::Error) -> OpenError {
    use std::io::ErrorKind;
    match e {
        // sled 0.34 reports a held lock as an `Other` I/O error "could not acquire lock on ..."
        sled::Error::Io(io)
            if io.kind() == ErrorKind::WouldBlock || io.to_string().contains("acquire lock") =>
        {
            OpenError::Locked
        }
        sled::Error::Io(io) => match io.kind() {
            ErrorKind::InvalidData | ErrorKind::UnexpectedEof => OpenError::Damaged(io.to_string()),
            _ => OpenError::Unavailable(io.to_string()),
        },
        sled::Error::CollectionNotFound(_) => OpenError::Unavailable(e.to_string()),
        other => OpenError::Damaged(other.to_string()),
    }
}

/// Adds a record to a batch, framed for its key.
fn put<T: Serialize>(batch: &mut sled::Batch, key: &[u8], value: &T) {
    batch.insert(key, encode(key, value));
}

fn store_err(e: sled::Error) -> Error {
    Error::Store(e.to_string())
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

impl GameStore {
    /// Opens (or creates) the database in `dir`. A database sled cannot read is renamed to
    /// `<dir>.unreadable-<ms since epoch>` (never deleted), a new one is started, and
    /// [`GameStore::moved_aside`] says so; the shell should tell the player. A database that is
    /// merely unavailable (held by another running process, no permission) is an
    /// [`Error::StoreUnavailable`] and is left alone.
    pub fn open(dir: impl AsRef<Path>) -> Result<GameStore> {
        let dir = dir.as_ref();
        let copy = copy_before_open(dir);
        let opened = Self::open_copied(dir, copy.clone());
        if opened.is_err() {
            if let Some(c) = copy {
                let _ = std::fs::remove_dir_all(c);
            }
        }
        opened
    }

    fn open_copied(dir: &Path, copy: Option<PathBuf>) -> Result<GameStore> {
        if is_new(dir) {
            create_beside(dir, |tmp| {
                let db = open_sled(tmp)?;
                db.flush()
                    .map(drop)
                    .map_err(|e| OpenError::Unavailable(e.to_string()))
            })?;
        }
        match open_sled(dir) {
            Ok(db) => Self::wrap(db, dir, None, copy),
            Err(OpenError::Unavailable(detail)) => Err(unavailable(dir, detail)),
            Err(OpenError::Locked) => Err(locked(dir)),
            Err(OpenError::Damaged(detail)) => {
                let to = aside_path(dir);
                std::fs::rename(dir, &to).map_err(|e| {
                    unavailable(
                        dir,
                        format!("{detail}; moving it aside to {} failed: {e}", to.display()),
                    )
                })?;
                let db = open_sled(dir).map_err(|e| match e {
                    OpenError::Damaged(d) | OpenError::Unavailable(d) => unavailable(dir, d),
                    OpenError::Locked => locked(dir),
                })?;
                let aside = MovedAside {
                    from: dir.to_path_buf(),
                    to,
                    detail,
                };
                log::warn!("{aside}");
                // the database moved aside is the copy of what was there
                if let Some(c) = copy {
                    let _ = std::fs::remove_dir_all(c);
                }
                Self::wrap(db, dir, Some(aside), None)
            }
        }
    }

    /// Opens an existing database and repairs nothing: a missing directory or a database sled
    /// cannot open is an [`Error::StoreUnavailable`]. For tools that only read. (sled's
    /// unfinished snapshot, which sled cannot open past, is removed as by [`GameStore::open`].)
    pub fn open_existing(dir: impl AsRef<Path>) -> Result<GameStore> {
        let dir = dir.as_ref();
        if !dir.join("conf").is_file() || !dir.join("db").is_file() {
            return Err(unavailable(dir, "no saved-games database there".into()));
        }
        let copy = copy_before_open(dir);
        let opened = match open_sled(dir) {
            Ok(db) => Self::wrap(db, dir, None, copy.clone()),
            Err(OpenError::Damaged(d) | OpenError::Unavailable(d)) => Err(unavailable(dir, d)),
            Err(OpenError::Locked) => Err(locked(dir)),
        };
        if opened.is_err() {
            if let Some(c) = copy {
                let _ = std::fs::remove_dir_all(c);
            }
        }
        opened
    }

    /// The store on an opened database: checks the guard file (see [`guard`]), keeps the copy
    /// made before the open if games were rolled back (else removes it), rewrites the guard.
    fn wrap(
        db: sled::Db,
        dir: &Path,
        moved_aside: Option<MovedAside>,
        copy: Option<PathBuf>,
    ) -> Result<GameStore> {
        let db_gen = match db.get(GEN_KEY).map_err(store_err)? {
            Some(v) => <[u8; 8]>::try_from(v.as_ref()).map_or(0, u64::from_be_bytes),
            None => 0,
        };
        let mut found = BTreeMap::new();
        for kv in db.scan_prefix(b"s") {
            let (k, v) = kv.map_err(store_err)?;
            if let Some(id) = id_of_key(&k).filter(|_| k.len() == 9) {
                let f = decode_summary(id, &v).ok().map(|s| guard::Found {
                    gen: s.gen,
                    len: s.len,
                });
                found.insert(id, f);
            }
        }
        let before = match guard::read(dir) {
            Ok(g) => g.unwrap_or_default(),
            Err(e) => {
                let to = dir.join(format!("{}.unreadable-{}", guard::FILE, now_ms()));
                log::warn!(
                    "guard file of {} unreadable ({e}): moved to {}",
                    dir.display(),
                    to.display()
                );
                let _ = std::fs::rename(dir.join(guard::FILE), to);
                guard::Guard::default()
            }
        };
        let (lost, next) = guard::check(&before, db_gen, &found);
        let mut rollback_copy = None;
        if let Some(c) = copy {
            if lost.is_empty() {
                let _ = std::fs::remove_dir_all(&c);
            } else {
                let to = guard::sibling(dir, &format!("rolled-back-{}", now_ms()));
                match std::fs::rename(&c, &to) {
                    Ok(()) => rollback_copy = Some(to),
                    Err(e) => {
                        log::warn!("cannot keep {} as {}: {e}", c.display(), to.display());
                        rollback_copy = Some(c);
                    }
                }
            }
        }
        for (id, l) in &lost {
            log::warn!(
                "saved game {id} rolled back: {} (copy of the database before it was opened: {})",
                l.describe(),
                rollback_copy
                    .as_ref()
                    .map_or("none".into(), |p| p.display().to_string())
            );
        }
        guard::write(dir, &next, true).map_err(|e| {
            unavailable(
                dir,
                format!("cannot write {}: {e}", dir.join(guard::FILE).display()),
            )
        })?;
        Ok(GameStore {
            db,
            path: dir.to_path_buf(),
            moved_aside,
            write: Mutex::new(()),
            disk_sync: Mutex::new(None),
            guard: Mutex::new(next),
            lost: Mutex::new(lost),
            rollback_copy,
        })
    }

    /// The games found rolled back when the store was opened (see [`guard`]) and not yet
    /// accepted or deleted; each gives [`Error::RolledBack`] on load and in the listing.
    pub fn rolled_back(&self) -> Vec<SavedId> {
        self.lost_games().keys().copied().collect()
    }

    /// Where the copy of the database as it was before this open is kept (when games were
    /// rolled back).
    pub fn rollback_copy(&self) -> Option<&Path> {
        self.rollback_copy.as_deref()
    }

    /// Goes on with what of a rolled-back game could be read: it loads (in its older state, or
    /// is gone if nothing of it was left) and saves again from now on. To drop it instead,
    /// [`GameStore::delete`] it.
    pub fn accept_rollback(&self, id: SavedId) -> Result<()> {
        let _w = self.lock();
        if self.lost_games().remove(&id).is_none() {
            return Err(Error::BadInput(format!(
                "saved game {id} was not rolled back"
            )));
        }
        let mut g = self.guard.lock().unwrap_or_else(|p| p.into_inner());
        match self.db.get(summary_key(id)).map_err(store_err)? {
            Some(v) => {
                if let Ok(s) = decode_summary(id, &v) {
                    g.games.insert(id, guard::Entry::saved(s.gen, s.len));
                }
            }
            None => {
                g.games.remove(&id);
            }
        }
        self.write_guard(&g);
        Ok(())
    }

    fn lost_games(&self) -> std::sync::MutexGuard<'_, BTreeMap<SavedId, guard::Loss>> {
        self.lost.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The error of a rolled-back game, if `id` is one.
    fn rolled_back_error(&self, id: SavedId) -> Option<Error> {
        self.lost_games().get(&id).map(|l| Error::RolledBack {
            game: id,
            detail: l.describe(),
            backup: self
                .rollback_copy
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string()),
        })
    }

    /// Rewrites the guard file after a commit. Not synced to the disk on its own: it only ever
    /// describes what sled already has (synced first when syncing to disk), so a power cut can
    /// leave it behind (never ahead) or, where a file system does not order the rename after
    /// the data, unreadable (kept aside and made again on open); syncing it too tripled the
    /// cost of a synced save (`rookery bench store --sync`).
    fn write_guard(&self, g: &guard::Guard) {
        if let Err(e) = guard::write(&self.path, g, false) {
            log::warn!("guard file of {} not written: {e}", self.path.display());
        }
    }

    /// The generation the next commit will have (call under the write lock).
    fn next_gen(&self) -> u64 {
        self.guard.lock().unwrap_or_else(|p| p.into_inner()).gen + 1
    }

    /// Off by default. sled 0.34's `flush()` hands the data to the operating system
    /// (`sync_file_range` on Linux/Android), which is what survives the app being killed; with
    /// this on, every save also calls `fdatasync` on sled's data file, so it survives a power
    /// cut or an OS crash too, at the price of a slower save (see `rookery bench store --sync`).
    pub fn set_sync_to_disk(&self, on: bool) -> Result<()> {
        let file = if on {
            Some(std::fs::File::open(self.path.join("db")).map_err(|e| {
                Error::Store(format!(
                    "cannot open {}: {e}",
                    self.path.join("db").display()
                ))
            })?)
        } else {
            None
        };
        *self.disk_sync.lock().unwrap_or_else(|p| p.into_inner()) = file;
        Ok(())
    }

    /// Set when [`GameStore::open`] had to move an unreadable database aside.
    pub fn moved_aside(&self) -> Option<&MovedAside> {
        self.moved_aside.as_ref()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes the database takes on disk.
    pub fn size_on_disk(&self) -> Result<u64> {
        self.db.size_on_disk().map_err(store_err)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ()> {
        self.write.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Applies a batch atomically and flushes it; `Ok` means durable. A commit that changes a
    /// game carries the next generation and then rewrites the guard file (see [`guard`]).
    /// Call under the write lock.
    fn commit(&self, mut batch: sled::Batch, touch: Touch) -> Result<()> {
        let mut g = self.guard.lock().unwrap_or_else(|p| p.into_inner());
        let gen = g.gen + 1;
        let guarded = !matches!(touch, Touch::Nothing);
        if guarded {
            batch.insert(GEN_KEY, &gen.to_be_bytes());
            // a generation once tried is never used again, whatever the commit's fate
            g.gen = gen;
        }
        self.db.apply_batch(batch).map_err(store_err)?;
        self.db.flush().map_err(store_err)?;
        if let Some(f) = &*self.disk_sync.lock().unwrap_or_else(|p| p.into_inner()) {
            f.sync_data()
                .map_err(|e| Error::Store(format!("fdatasync failed: {e}")))?;
        }
        match touch {
            Touch::Game(id, len) => {
                g.games.insert(id, guard::Entry::saved(gen, len));
            }
            Touch::Gone(id) => {
                g.games.remove(&id);
                self.lost_games().remove(&id);
            }
            Touch::Nothing => return Ok(()),
        }
        self.write_guard(&g);
        Ok(())
    }

    fn next_id(&self) -> Result<SavedId> {
        // The counter survives deletes so ids are never reused; a damaged counter is passed
        // over by taking the highest id in use + 1.
        let counter = match self.db.get(NEXT_ID_KEY).map_err(store_err)? {
            Some(v) => <[u8; 8]>::try_from(v.as_ref())
                .map(u64::from_be_bytes)
                .unwrap_or(1),
            None => 1,
        };
        Ok(counter.max(self.max_id()? + 1))
    }

    fn max_id(&self) -> Result<SavedId> {
        let mut max = 0;
        for prefix in [b"h", b"s"] {
            if let Some(kv) = self.db.scan_prefix(prefix).next_back() {
                let (k, _) = kv.map_err(store_err)?;
                max = max.max(id_of_key(&k).unwrap_or(0));
            }
        }
        Ok(max)
    }

    /// Makes a new saved game at its start and saves it. The name is for the player to see.
    pub fn create(&self, name: &str, setup: &Setup) -> Result<SavedGame> {
        let game = setup.build()?;
        let _w = self.lock();
        let id = self.next_id()?;
        let now = now_ms();
        let mut saved = SavedGame {
            id,
            name: name.to_string(),
            setup: setup.clone(),
            created_ms: now,
            game,
            times: Vec::new(),
            status: Status::Playing,
            result: None,
            last_ms: now,
        };
        saved.refresh_status();
        self.write_whole(&saved)?;
        Ok(saved)
    }

    /// Writes every record of a saved game that is not in the database yet.
    fn write_whole(&self, saved: &SavedGame) -> Result<()> {
        let mut batch = sled::Batch::default();
        batch.insert(NEXT_ID_KEY, &(saved.id + 1).to_be_bytes());
        put(&mut batch, &header_key(saved.id), &saved.header());
        put(
            &mut batch,
            &summary_key(saved.id),
            &saved.summary(self.next_gen()),
        );
        let texts: Vec<String> = {
            // The stored actions include the redo tail, which `Game::plies` does not show:
            // replay the redo tail on a copy to read its texts.
            let mut g = saved.game.clone();
            while g.redo().is_ok() {}
            g.texts()
        };
        for (i, (t, ms)) in texts.iter().zip(&saved.times).enumerate() {
            let rec = MoveRec {
                t: t.clone(),
                ms: *ms,
            };
            put(&mut batch, &move_key(saved.id, i as u32), &rec);
        }
        self.commit(batch, Touch::Game(saved.id, saved.times.len() as u32))
    }

    /// Plays an action and saves it: `Ok` only once it is durable. An action the rules refuse
    /// changes nothing; if saving fails, `saved` is reloaded from the database (so it shows
    /// what is really saved) and the error returned.
    pub fn act(&self, saved: &mut SavedGame, action: Action) -> Result<()> {
        saved.game.act(action)?;
        self.after_act(saved)
    }

    /// [`GameStore::act`] with the action as text (move text, `resign:2`, `timeout:1`).
    pub fn act_text(&self, saved: &mut SavedGame, text: &str) -> Result<()> {
        saved.game.act_text(text)?;
        self.after_act(saved)
    }

    fn after_act(&self, saved: &mut SavedGame) -> Result<()> {
        let r = self.append_last(saved);
        if r.is_err() {
            self.resync(saved);
        }
        r
    }

    fn resync(&self, saved: &mut SavedGame) {
        if let Ok(fresh) = self.load(saved.id) {
            *saved = fresh;
        }
    }

    /// Appends the game's last applied ply, dropping any redo tail it replaced.
    fn append_last(&self, saved: &mut SavedGame) -> Result<()> {
        let _w = self.lock();
        let id = saved.id;
        let cursor = saved.game.ply_count();
        let stored = self.read_summary(id)?;
        // the name may have been changed by `rename` since this copy was loaded
        saved.name = stored.name.clone();
        if stored.ply as usize + 1 != cursor {
            return Err(Error::Store(format!(
                "saved game {id} changed elsewhere (saved at ply {}, this copy at {}); load it again",
                stored.ply,
                cursor.saturating_sub(1)
            )));
        }
        let now = now_ms();
        let text = saved.game.plies()[cursor - 1].text.clone();
        let mut batch = sled::Batch::default();
        put(
            &mut batch,
            &move_key(id, cursor as u32 - 1),
            &MoveRec { t: text, ms: now },
        );
        for ply in cursor as u32..stored.len {
            batch.remove(&move_key(id, ply));
        }
        // a new turn: its clock starts with the whole time
        batch.remove(&clock_key(id));
        saved.times.truncate(cursor - 1);
        saved.times.push(now);
        saved.last_ms = now;
        saved.refresh_status();
        put(
            &mut batch,
            &summary_key(id),
            &saved.summary(self.next_gen()),
        );
        self.commit(batch, Touch::Game(id, saved.times.len() as u32))
    }

    /// Takes back the last applied action and saves the cursor.
    pub fn undo(&self, saved: &mut SavedGame) -> Result<()> {
        saved.game.undo()?;
        self.after_cursor(saved)
    }

    /// Replays the next undone action and saves the cursor.
    pub fn redo(&self, saved: &mut SavedGame) -> Result<()> {
        saved.game.redo()?;
        self.after_cursor(saved)
    }

    /// Moves the undo/redo cursor to `ply` (0 = the start, up to [`SavedGame::stored_len`]) and
    /// saves it; for jumping through a finished game's replay.
    pub fn set_cursor(&self, saved: &mut SavedGame, ply: usize) -> Result<()> {
        if ply > saved.stored_len() {
            return Err(Error::BadInput(format!(
                "ply {ply} is past the {} saved actions",
                saved.stored_len()
            )));
        }
        while saved.game.ply_count() > ply {
            saved.game.undo()?;
        }
        while saved.game.ply_count() < ply {
            saved.game.redo()?;
        }
        self.after_cursor(saved)
    }

    fn after_cursor(&self, saved: &mut SavedGame) -> Result<()> {
        saved.last_ms = now_ms();
        saved.refresh_status();
        let r = self.write_summary(saved);
        if r.is_err() {
            self.resync(saved);
        }
        r
    }

    fn write_summary(&self, saved: &mut SavedGame) -> Result<()> {
        let _w = self.lock();
        // The record must still exist (a deleted game is not brought back by a stale copy),
        // and its name is the stored one (`rename` does not go through this copy).
        saved.name = self.read_summary(saved.id)?.name;
        let mut batch = sled::Batch::default();
        put(
            &mut batch,
            &summary_key(saved.id),
            &saved.summary(self.next_gen()),
        );
        // the cursor moved (undo, redo) or the game ended: the turn clock starts again
        batch.remove(&clock_key(saved.id));
        self.commit(batch, Touch::Game(saved.id, saved.times.len() as u32))
    }

    /// Saves the time spent on the turn at `saved`'s cursor (the shell pauses or leaves the
    /// game; see [`clock`]). The next action, undo or redo starts the clock again.
    pub fn save_turn_time(&self, saved: &SavedGame, spent: std::time::Duration) -> Result<()> {
        let _w = self.lock();
        let stored = self.read_summary(saved.id)?;
        let ply = saved.game.ply_count() as u32;
        if stored.ply != ply || stored.len as usize != saved.stored_len() {
            return Err(Error::Store(format!(
                "saved game {} changed elsewhere; load it again",
                saved.id
            )));
        }
        let rec = ClockRec {
            ply,
            len: stored.len,
            spent_ms: spent.as_millis().min(u64::MAX as u128) as u64,
        };
        let mut batch = sled::Batch::default();
        put(&mut batch, &clock_key(saved.id), &rec);
        self.commit(batch, Touch::Nothing)
    }

    /// The time spent on the turn at `saved`'s cursor as of the last
    /// [`GameStore::save_turn_time`]; zero when none was saved for this turn. A damaged clock
    /// record is not worth losing the game over: the turn then starts with its whole time
    /// (logged).
    pub fn turn_time(&self, saved: &SavedGame) -> std::time::Duration {
        let rec = match self.db.get(clock_key(saved.id)) {
            Ok(Some(v)) => decode_clock(saved.id, &v),
            Ok(None) => return std::time::Duration::ZERO,
            Err(e) => Err(store_err(e)),
        };
        match rec {
            Ok(r)
                if r.ply as usize == saved.game.ply_count()
                    && r.len as usize == saved.stored_len() =>
            {
                std::time::Duration::from_millis(r.spent_ms)
            }
            Ok(_) => std::time::Duration::ZERO,
            Err(e) => {
                log::warn!("turn clock of saved game {} ignored: {e}", saved.id);
                std::time::Duration::ZERO
            }
        }
    }

    /// Ends a game outside the rules: with a result (e.g. the players agreed) it is finished,
    /// without one it is abandoned. Either way it is kept for replay. A game the rules already
    /// ended keeps the rules' result.
    pub fn finish(&self, saved: &mut SavedGame, result: Option<Outcome>) -> Result<()> {
        if saved.game.is_over() {
            return Ok(());
        }
        saved.status = if result.is_some() {
            Status::Finished
        } else {
            Status::Abandoned
        };
        saved.result = result;
        saved.last_ms = now_ms();
        let r = self.write_summary(saved);
        if r.is_err() {
            self.resync(saved);
        }
        r
    }

    /// Hands seat `seat` to another player (a person, or a bot of some level) mid-game and saves
    /// it: the seat list (header) and the players' names (summary) change in one durable batch.
    /// The actions are untouched: who plays a seat is not part of the rules, so the game replays
    /// as before.
    pub fn set_seat(&self, saved: &mut SavedGame, seat: usize, info: SeatInfo) -> Result<()> {
        if seat >= saved.setup.seats.len() {
            return Err(Error::BadInput(format!(
                "{} has no seat {seat}",
                saved.setup.game
            )));
        }
        let old = std::mem::replace(&mut saved.setup.seats[seat], info);
        saved.last_ms = now_ms();
        let r = {
            let _w = self.lock();
            self.read_summary(saved.id).and_then(|stored| {
                saved.name = stored.name;
                let mut batch = sled::Batch::default();
                put(&mut batch, &header_key(saved.id), &saved.header());
                put(
                    &mut batch,
                    &summary_key(saved.id),
                    &saved.summary(self.next_gen()),
                );
                self.commit(batch, Touch::Game(saved.id, saved.times.len() as u32))
            })
        };
        if r.is_err() {
            saved.setup.seats[seat] = old;
            self.resync(saved);
        }
        r
    }

    /// Renames a saved game.
    pub fn rename(&self, id: SavedId, name: &str) -> Result<()> {
        let _w = self.lock();
        let mut s = self.read_summary(id)?;
        s.name = name.to_string();
        s.gen = self.next_gen();
        let mut batch = sled::Batch::default();
        put(&mut batch, &summary_key(id), &s);
        self.commit(batch, Touch::Game(id, s.len))
    }

    /// Deletes a saved game and all its records, damaged ones included.
    pub fn delete(&self, id: SavedId) -> Result<()> {
        let _w = self.lock();
        let mut batch = sled::Batch::default();
        let mut found = false;
        for k in [&header_key(id)[..], &summary_key(id)[..]] {
            if self.db.contains_key(k).map_err(store_err)? {
                found = true;
                batch.remove(k);
            }
        }
        batch.remove(&clock_key(id));
        for kv in self.db.scan_prefix(moves_prefix(id)).keys() {
            found = true;
            batch.remove(kv.map_err(store_err)?);
        }
        // a rolled-back game may have nothing left in the database
        if !found && self.rolled_back_error(id).is_none() {
            return Err(Error::NoSuchSave(id));
        }
        self.commit(batch, Touch::Gone(id))
    }

    fn read_summary(&self, id: SavedId) -> Result<Summary> {
        if let Some(e) = self.rolled_back_error(id) {
            return Err(e);
        }
        match self.db.get(summary_key(id)).map_err(store_err)? {
            Some(v) => decode_summary(id, &v),
            None if self.db.contains_key(header_key(id)).map_err(store_err)? => {
                Err(corrupt(id, "summary record missing".into()))
            }
            None => Err(Error::NoSuchSave(id)),
        }
    }

    /// The summary of one saved game, without replaying it.
    pub fn summary(&self, id: SavedId) -> Result<Summary> {
        self.read_summary(id)
    }

    /// Every saved game's summary for the "continue" screen, read without replaying any game.
    /// A game whose summary is damaged or from a newer schema is listed in `broken` with an
    /// error naming it; the others are unaffected. Fails only if the database itself fails.
    pub fn list(&self) -> Result<Listing> {
        let mut out = Listing::default();
        let mut ids = Vec::new();
        let lost = self.rolled_back();
        for kv in self.db.scan_prefix(b"s") {
            let (k, v) = kv.map_err(store_err)?;
            let Some(id) = id_of_key(&k).filter(|_| k.len() == 9) else {
                continue;
            };
            ids.push(id);
            if lost.contains(&id) {
                continue;
            }
            match decode_summary(id, &v) {
                Ok(s) => out.games.push(s),
                Err(e) => out.broken.push(e),
            }
        }
        // A header without a summary cannot be listed: report it rather than hide it.
        for k in self.db.scan_prefix(b"h").keys() {
            let k = k.map_err(store_err)?;
            if let Some(id) = id_of_key(&k).filter(|_| k.len() == 9) {
                if ids.binary_search(&id).is_err() && !lost.contains(&id) {
                    out.broken
                        .push(corrupt(id, "summary record missing".into()));
                }
            }
        }
        // rolled back (found so on open): named, whether anything of them is left or not
        out.broken
            .extend(lost.iter().filter_map(|&id| self.rolled_back_error(id)));
        Ok(out)
    }

    /// Loads a saved game by replaying its actions through the rules, and sets the undo/redo
    /// cursor. Damage of any kind is an error naming the game: a record that fails its
    /// checksum or is truncated, a missing or unexpected action, an action the rules refuse.
    pub fn load(&self, id: SavedId) -> Result<SavedGame> {
        let summary = self.read_summary(id)?;
        let header = match self.db.get(header_key(id)).map_err(store_err)? {
            Some(v) => decode_header(id, &v)?,
            None => return Err(corrupt(id, "header record missing".into())),
        };
        let setup = Setup {
            game: header.game,
            mode: header.mode,
            seats: header.seats,
            house: header.house,
            seed: header.seed,
            start: header.start,
            auto_walk: header.auto_walk,
        };
        let mut game = setup
            .build()
            .map_err(|e| corrupt(id, format!("cannot set up the game: {e}")))?;
        let mut times = Vec::with_capacity(summary.len as usize);
        for kv in self.db.scan_prefix(moves_prefix(id)) {
            let (k, v) = kv.map_err(store_err)?;
            let expected = times.len() as u32;
            match ply_of_key(&k) {
                Some(p) if p == expected && p < summary.len => {}
                Some(p) if p >= summary.len => {
                    return Err(corrupt(
                        id,
                        format!(
                            "action {} is stored past the {} the summary records",
                            p + 1,
                            summary.len
                        ),
                    ))
                }
                Some(_) => return Err(corrupt(id, format!("action {} is missing", expected + 1))),
                None => return Err(corrupt(id, "a malformed action key".into())),
            }
            let rec = decode_move(id, expected, &v)?;
            game.act_text(&rec.t).map_err(|e| {
                corrupt(
                    id,
                    format!(
                        "action {} '{}' cannot be replayed: {e}",
                        expected + 1,
                        rec.t
                    ),
                )
            })?;
            times.push(rec.ms);
        }
        if times.len() != summary.len as usize {
            return Err(corrupt(
                id,
                format!(
                    "{} actions stored, the summary records {}",
                    times.len(),
                    summary.len
                ),
            ));
        }
        while game.ply_count() > summary.ply as usize {
            game.undo()?;
        }
        let mut saved = SavedGame {
            id,
            name: summary.name,
            setup,
            created_ms: header.created_ms,
            game,
            times,
            status: summary.status,
            result: summary.result,
            last_ms: summary.last_ms,
        };
        if saved.game.is_over() || summary.status == Status::Playing {
            saved.refresh_status();
        }
        Ok(saved)
    }

    /// The saved game in Rookery's text form (see [`text`]): game id, seats, house rules,
    /// start, every action with its time, the cursor and any result given to `finish`.
    pub fn export(&self, id: SavedId) -> Result<String> {
        Ok(text::write(&self.load(id)?))
    }

    /// The saved game (at its cursor) in the form players exchange for its game: PGN for
    /// two-player games, KIF for shogi, PGN4 for four-player chess, Rookery's text form for the
    /// games no other program knows (see [`standard::form_for`]). Bot levels, house rules, times
    /// and the redo tail are kept only by [`GameStore::export`].
    pub fn export_standard(&self, id: SavedId) -> Result<String> {
        standard::write(&self.load(id)?)
    }

    /// The saved game (at its cursor) in `form`, one of its game's record forms (shogi: KIF or
    /// CSA) or Rookery's text; see [`standard::write_as`].
    pub fn export_as(&self, id: SavedId, form: RecordForm) -> Result<String> {
        standard::write_as(&self.load(id)?, form)
    }

    /// Reads a game record — Rookery's text form, PGN, PGN4, KIF or CSA, told apart by their
    /// tags and lines —
    /// checks every action against the rules and saves it as a new saved game. A bad record is
    /// an error (usually [`Error::BadRecord`]) and saves nothing.
    pub fn import(&self, text: &str) -> Result<SavedGame> {
        let mut saved = standard::read(text)?;
        let _w = self.lock();
        saved.id = self.next_id()?;
        self.write_whole(&saved)?;
        Ok(saved)
    }
}

fn unavailable(dir: &Path, detail: String) -> Error {
    Error::StoreUnavailable {
        path: dir.display().to_string(),
        detail,
    }
}

fn locked(dir: &Path) -> Error {
    Error::StoreLocked {
        path: dir.display().to_string(),
    }
}

fn aside_path(dir: &Path) -> PathBuf {
    let base = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    let base = base.unwrap_or_else(|| "saves".to_string());
    let ms = now_ms();
    let mut n = 0;
    loop {
        let name = if n == 0 {
            format!("{base}.unreadable-{ms}")
        } else {
            format!("{base}.unreadable-{ms}-{n}")
        };
        let p = dir.with_file_name(name);
        if !p.exists() {
            return p;
        }
        n += 1;
    }
}

/// Whether `dir` holds no database yet: it does not exist, or is an empty directory.
fn is_new(dir: &Path) -> bool {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_none(),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    }
}

/// Makes a new database with `make` in the sibling `<dir>.creating` and renames it to `dir`
/// once `make` has returned and sled has let go of it, so no half-made database is ever at
/// `dir`. sled writes its `conf` file in two writes when it creates a database, and a process
/// killed between them leaves a file the next open cannot read: that open would move the new
/// database aside and tell the player so, though nothing had been saved. Killed anywhere here,
/// the process leaves at most the sibling, which the next creation removes first (it holds no
/// game: a store is only handed out after the rename), unless a live process holds it. The new files are synced before the
/// rename and the parent directory after it, so a power cut leaves either no database at `dir`
/// or the whole new one, and cannot undo the rename under games saved later.
fn create_beside(
    dir: &Path,
    make: impl FnOnce(&Path) -> std::result::Result<(), OpenError>,
) -> Result<()> {
    let tmp = guard::sibling(dir, "creating");
    let failed = |detail: String| unavailable(dir, detail);
    if tmp.exists() {
        // another process creating the same store right now holds sled's lock on it
        let held = std::fs::File::open(tmp.join("db")).is_ok_and(|db| db.try_lock().is_err());
        if held {
            return Err(locked(dir));
        }
        std::fs::remove_dir_all(&tmp)
            .map_err(|e| failed(format!("cannot remove {}: {e}", tmp.display())))?;
    }
    make(&tmp).map_err(|e| match e {
        OpenError::Damaged(d) | OpenError::Unavailable(d) => failed(d),
        OpenError::Locked => locked(dir),
    })?;
    // sled's flusher lets go of its lock on `db` shortly after the store is dropped; renamed
    // before that, it could still write a snapshot under the old name
    let deadline = std::time::Instant::now() + LOCK_WAIT;
    while let Ok(db) = std::fs::File::open(tmp.join("db")) {
        if db.try_lock().is_ok() || std::time::Instant::now() >= deadline {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // its files on the disk before its name: a power cut after the rename finds it whole
    let synced = std::fs::read_dir(&tmp).and_then(|entries| {
        for entry in entries {
            let entry = entry?;
            if entry.file_type()?.is_file() {
                std::fs::File::open(entry.path())?.sync_all()?;
            }
        }
        std::fs::File::open(&tmp)?.sync_all()
    });
    synced.map_err(|e| {
        failed(format!(
            "cannot sync the new database in {}: {e}",
            tmp.display()
        ))
    })?;
    if dir.exists() {
        // an empty directory (is_new): rename(2) may replace one, but not on every system
        std::fs::remove_dir(dir).map_err(|e| failed(format!("cannot replace it: {e}")))?;
    }
    std::fs::rename(&tmp, dir).map_err(|e| {
        failed(format!(
            "cannot move the new database from {} into place: {e}",
            tmp.display()
        ))
    })?;
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Err(e) = std::fs::File::open(parent).and_then(|d| d.sync_all()) {
        log::warn!(
            "cannot sync {} after creating {}: {e}",
            parent.display(),
            dir.display()
        );
    }
    Ok(())
}

/// Removes the snapshot files sled 0.34 left unfinished in `dir`, unless another open store
/// holds the database (then they may be that store's snapshot in the making).
///
/// An open whose log has grown since sled's last snapshot makes a new one: it writes
/// `snap.<lsn>.generating`, syncs it, renames it to `snap.<lsn>` and only then deletes the older
/// snapshots; sled 0.34.7 writes snapshots nowhere else. A process killed before the rename
/// leaves the `.generating` file, often empty, and sled takes it for the newest snapshot on the
/// next open and fails with "Read corrupted data" (sled issue 1527), so the whole database would
/// be moved aside. Such a file is never needed: the older snapshot is still there and recovery
/// replays the log from it to the same state (sled's next snapshot deletes every other `snap.`
/// file the same way). sled holds an exclusive `flock` on `db` from before it writes a snapshot
/// until the store is dropped, so the lock taken here tells a dead writer's file from a live one.
fn remove_unfinished_snapshots(dir: &Path) {
    let Ok(db) = std::fs::File::open(dir.join("db")) else {
        return;
    };
    if db.try_lock().is_err() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with("snap.") && name.ends_with(".generating") {
            match std::fs::remove_file(entry.path()) {
                Ok(()) => log::warn!(
                    "removed sled's unfinished snapshot {name} in {}",
                    dir.display()
                ),
                Err(e) => log::warn!("could not remove sled's unfinished snapshot {name}: {e}"),
            }
        }
    }
}

/// Copies a database that has a guard file to `<dir>.before-open` before sled opens it (sled's
/// recovery rewrites its file, and a roll-back is only found after that): the copy is kept if
/// games turn out rolled back, else removed. `None` for a new database or one without a guard,
/// or if the copy failed (logged; the open goes on).
fn copy_before_open(dir: &Path) -> Option<PathBuf> {
    if !dir.join(guard::FILE).is_file() {
        return None;
    }
    let to = guard::sibling(dir, "before-open");
    let _ = std::fs::remove_dir_all(&to);
    match guard::copy_dir(dir, &to) {
        Ok(()) => Some(to),
        Err(e) => {
            log::warn!("no copy of {} before opening it: {e}", dir.display());
            let _ = std::fs::remove_dir_all(&to);
            None
        }
    }
}
