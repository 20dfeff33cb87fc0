//! The guard file: what the store last saved, kept outside sled, so that a database sled
//! silently recovered to an older state (its recovery stops at the first damaged log entry and
//! opens the state before it) is noticed, and the games that lost actions are named instead of
//! being continued from the older state.
//!
//! # What is kept
//!
//! Every commit of the store carries a **generation** (one more than the last): sled keeps it
//! under the key `g`, and every summary record keeps the generation it was written in
//! ([`super::Summary::gen`]). After the commit returned, the store rewrites
//! `<database dir>/rookery-guard` (write a temporary file, rename it over the old one) with the
//! generation and, for every saved game, the
//! generation of its summary and its number of stored actions. The guard is written only after
//! sled has the data, so it is never ahead of what the store made durable: a kill between the
//! two leaves the guard one commit behind, which is never mistaken for damage. It is not synced
//! on its own (that tripled the cost of a synced save): a power cut leaves it behind, or on a
//! file system that does not order a rename after the file's data, unreadable (then kept aside
//! and made again, and that one open checks nothing); the open syncs the guard it writes.
//!
//! # On open
//!
//! Before sled opens the directory (sled's recovery rewrites its file), a directory with a
//! guard file is copied to `<dir>.before-open`. After sled opened it, each game of the guard is
//! compared with the database: a summary of an older generation than the guard's, or a game
//! missing while the database's generation is older than the guard's (not deleted: lost), or a
//! game the guard had no more (deleted) back in a database older than the guard, is **rolled
//! back**. If any is, the copy is kept as `<dir>.rolled-back-<ms>` and those games give
//! [`Error::RolledBack`] (naming the game, what was lost and where the copy is) until the player
//! accepts the older state ([`super::GameStore::accept_rollback`]) or deletes the game; the
//! guard keeps them marked as rolled back until then, across restarts. Otherwise the copy is
//! removed. A missing guard (a new database, or one written before the guard existed) is made
//! from the database; an unreadable one is renamed `rookery-guard.unreadable-<ms>` and made
//! again.
//!
//! # File format (little-endian)
//!
//! `"RKGD"`, version `1: u8`, `crc32 of what follows: u32`, `generation: u64`, `count: u32`,
//! then per game `id: u64`, `generation: u64`, `stored actions: u32`, `flags: u8` (1 = rolled
//! back, not yet accepted; 2 = of those, a deleted game that came back).

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::record::crc32_parts;
use super::SavedId;

/// The file name of the guard inside the database directory.
pub const FILE: &str = "rookery-guard";
const MAGIC: &[u8; 4] = b"RKGD";
const VERSION: u8 = 1;

/// What the guard knows of one saved game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The generation its summary was last written in.
    pub gen: u64,
    /// Its stored actions then.
    pub len: u32,
    /// Found rolled back on an open, and not yet accepted or deleted.
    pub rolled_back: bool,
    /// Rolled back: deleted, and an older copy came back.
    pub deleted_back: bool,
}

impl Entry {
    /// A game as saved: `len` actions written in generation `gen`, nothing lost.
    pub fn saved(gen: u64, len: u32) -> Entry {
        Entry {
            gen,
            len,
            rolled_back: false,
            deleted_back: false,
        }
    }
}

/// The guard's content.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guard {
    pub gen: u64,
    pub games: BTreeMap<SavedId, Entry>,
}

impl Guard {
    pub fn encode(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(12 + self.games.len() * 21);
        body.extend_from_slice(&self.gen.to_le_bytes());
        body.extend_from_slice(&(self.games.len() as u32).to_le_bytes());
        for (id, e) in &self.games {
            body.extend_from_slice(&id.to_le_bytes());
            body.extend_from_slice(&e.gen.to_le_bytes());
            body.extend_from_slice(&e.len.to_le_bytes());
            body.push(e.rolled_back as u8 | (e.deleted_back as u8) << 1);
        }
        let mut out = Vec::with_capacity(body.len() + 9);
        out.extend_from_slice(MAGIC);
        out.push(VERSION);
        out.extend_from_slice(&crc32_parts(&[&body]).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    pub fn decode(bytes: &[u8]) -> Result<Guard, String> {
        if bytes.len() < 9 || &bytes[..4] != MAGIC {
            return Err("not a guard file".into());
        }
        if bytes[4] != VERSION {
            return Err(format!("guard file version {}", bytes[4]));
        }
        let body = &bytes[9..];
        let want = u32::from_le_bytes(bytes[5..9].try_into().unwrap());
        if crc32_parts(&[body]) != want {
            return Err("guard file fails its checksum".into());
        }
        let u64_at = |at: usize| -> Option<u64> {
            Some(u64::from_le_bytes(body.get(at..at + 8)?.try_into().ok()?))
        };
        let u32_at = |at: usize| -> Option<u32> {
            Some(u32::from_le_bytes(body.get(at..at + 4)?.try_into().ok()?))
        };
        let short = || "guard file truncated".to_string();
        let gen = u64_at(0).ok_or_else(short)?;
        let count = u32_at(8).ok_or_else(short)? as usize;
        if body.len() != 12 + count * 21 {
            return Err(short());
        }
        let mut games = BTreeMap::new();
        for i in 0..count {
            let at = 12 + i * 21;
            let id = u64_at(at).ok_or_else(short)?;
            let e = Entry {
                gen: u64_at(at + 8).ok_or_else(short)?,
                len: u32_at(at + 16).ok_or_else(short)?,
                rolled_back: body[at + 20] & 1 == 1,
                deleted_back: body[at + 20] & 2 == 2,
            };
            games.insert(id, e);
        }
        Ok(Guard { gen, games })
    }
}

/// Reads the guard of `dir`: `Ok(None)` when there is none, `Err` when it is unreadable.
pub fn read(dir: &Path) -> Result<Option<Guard>, String> {
    match fs::read(dir.join(FILE)) {
        Ok(b) => Guard::decode(&b).map(Some),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Replaces the guard of `dir` atomically: a temporary file (synced to the disk when `sync`),
/// renamed over the old one.
pub fn write(dir: &Path, guard: &Guard, sync: bool) -> std::io::Result<()> {
    let tmp = dir.join(format!("{FILE}.tmp"));
    {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(&guard.encode())?;
        if sync {
            f.sync_data()?;
        }
    }
    fs::rename(&tmp, dir.join(FILE))
}

/// What an open found lost for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Loss {
    /// The database holds an older state: `now` of the `saved` stored actions remain.
    Older { saved: u32, now: u32 },
    /// The game is not in the database at all.
    Missing { saved: u32 },
    /// The game was deleted, and an older copy of it is back.
    DeletedBack,
}

impl Loss {
    pub fn describe(&self) -> String {
        match self {
            Loss::Older { saved, now } => format!(
                "the saved-games file was damaged and only an older state of this game could \
                 be read ({now} of its {saved} saved actions)"
            ),
            Loss::Missing { saved } => format!(
                "the saved-games file was damaged and this game ({saved} saved actions) could \
                 not be read at all"
            ),
            Loss::DeletedBack => "the saved-games file was damaged and an older copy of this \
                                  game, which had been deleted, came back"
                .to_string(),
        }
    }
}

/// What the database holds of one game: its summary's generation and stored actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub gen: u64,
    pub len: u32,
}

/// Compares the guard with the database (its generation `db_gen` and what it holds of each
/// game; `None`: a summary too damaged to read, reported as such by the store): the games that
/// lost something, and the guard to keep from now on.
pub fn check(
    guard: &Guard,
    db_gen: u64,
    found: &BTreeMap<SavedId, Option<Found>>,
) -> (BTreeMap<SavedId, Loss>, Guard) {
    let older_db = db_gen < guard.gen;
    let mut lost = BTreeMap::new();
    let mut next = Guard {
        gen: db_gen.max(guard.gen),
        games: BTreeMap::new(),
    };
    for (&id, e) in &guard.games {
        let loss = match found.get(&id) {
            // damage the store names anyway: the guard keeps what it knew
            Some(None) => {
                next.games.insert(id, *e);
                continue;
            }
            Some(Some(f)) if e.rolled_back || f.gen < e.gen => {
                if e.deleted_back {
                    Some(Loss::DeletedBack)
                } else {
                    Some(Loss::Older {
                        saved: e.len,
                        now: f.len,
                    })
                }
            }
            Some(_) => None,
            None if e.rolled_back || older_db => Some(Loss::Missing { saved: e.len }),
            // deleted after the guard was written (the process stopped before rewriting it)
            None => continue,
        };
        match loss {
            Some(l) => {
                next.games.insert(
                    id,
                    Entry {
                        rolled_back: true,
                        deleted_back: matches!(l, Loss::DeletedBack),
                        ..*e
                    },
                );
                lost.insert(id, l);
            }
            None => {
                let f = found[&id].expect("checked above");
                next.games.insert(id, Entry::saved(f.gen, f.len));
            }
        }
    }
    for (&id, f) in found {
        let Some(f) = f else { continue };
        if next.games.contains_key(&id) {
            continue;
        }
        // not in the guard: made after it was written, or (in a database older than the
        // guard) deleted before and back now
        if older_db {
            lost.insert(id, Loss::DeletedBack);
            next.games.insert(
                id,
                Entry {
                    rolled_back: true,
                    deleted_back: true,
                    ..Entry::saved(f.gen, f.len)
                },
            );
        } else {
            next.games.insert(id, Entry::saved(f.gen, f.len));
        }
    }
    (lost, next)
}

/// Copies a directory tree (the database before sled opens it).
pub fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    fs::create_dir_all(to)?;
    for e in fs::read_dir(from)? {
        let e = e?;
        let dest = to.join(e.file_name());
        if e.file_type()?.is_dir() {
            copy_dir(&e.path(), &dest)?;
        } else {
            fs::copy(e.path(), dest)?;
        }
    }
    Ok(())
}

/// `<dir>.<suffix>`, next to the database directory.
pub fn sibling(dir: &Path, suffix: &str) -> PathBuf {
    let base = dir.file_name().map(|n| n.to_string_lossy().into_owned());
    let base = base.unwrap_or_else(|| "saves".to_string());
    dir.with_file_name(format!("{base}.{suffix}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guard_file_reads_back_and_damage_is_refused() {
        let g = Guard {
            gen: 41,
            games: [(1, Entry::saved(40, 12)), (7, Entry::saved(3, 0))]
                .into_iter()
                .collect(),
        };
        let b = g.encode();
        assert_eq!(Guard::decode(&b).unwrap(), g);
        for at in 0..b.len() {
            let mut d = b.clone();
            d[at] ^= 0x10;
            assert!(Guard::decode(&d).is_err(), "flip at {at}");
            assert!(Guard::decode(&b[..at]).is_err(), "cut at {at}");
        }
    }

    #[test]
    fn a_database_older_than_its_guard_names_the_games_that_lost_actions() {
        let guard = Guard {
            gen: 50,
            games: [
                (1, Entry::saved(50, 20)),
                (2, Entry::saved(30, 8)),
                (3, Entry::saved(45, 4)),
            ]
            .into_iter()
            .collect(),
        };
        let f = |gen, len| Some(Found { gen, len });
        // game 1 older, game 2 as saved, game 3 missing, game 4 (deleted before) back
        let found = [(1, f(44, 17)), (2, f(30, 8)), (4, f(10, 2))]
            .into_iter()
            .collect();
        let (lost, next) = check(&guard, 44, &found);
        assert_eq!(
            lost,
            [
                (1, Loss::Older { saved: 20, now: 17 }),
                (3, Loss::Missing { saved: 4 }),
                (4, Loss::DeletedBack)
            ]
            .into_iter()
            .collect()
        );
        assert_eq!(next.gen, 50);
        assert!(next.games[&1].rolled_back && !next.games[&2].rolled_back);
        // the marks stay on the next open, even once the database is newer than the guard
        let found2 = [(1, f(44, 17)), (2, f(60, 9)), (4, f(10, 2)), (5, f(61, 0))]
            .into_iter()
            .collect();
        let (lost2, next2) = check(&next, 61, &found2);
        assert_eq!(lost2, lost);
        assert_eq!(next2.games[&5], Entry::saved(61, 0));
        assert_eq!(next2.games[&2], Entry::saved(60, 9));
    }

    #[test]
    fn a_guard_one_commit_behind_is_not_damage() {
        // the process stopped between sled's commit and the guard's rewrite: a move, a new
        // game, a deleted game
        let guard = Guard {
            gen: 10,
            games: [(1, Entry::saved(10, 5)), (2, Entry::saved(7, 3))]
                .into_iter()
                .collect(),
        };
        let f = |gen, len| Some(Found { gen, len });
        let moved: BTreeMap<_, _> = [(1, f(11, 6)), (2, f(7, 3))].into_iter().collect();
        assert!(check(&guard, 11, &moved).0.is_empty());
        let created: BTreeMap<_, _> = [(1, f(10, 5)), (2, f(7, 3)), (3, f(11, 0))]
            .into_iter()
            .collect();
        assert!(check(&guard, 11, &created).0.is_empty());
        let deleted: BTreeMap<_, _> = [(1, f(10, 5))].into_iter().collect();
        let (lost, next) = check(&guard, 11, &deleted);
        assert!(lost.is_empty());
        assert!(!next.games.contains_key(&2));
    }
}
