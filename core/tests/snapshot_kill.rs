//! A process killed while sled writes its snapshot costs no saved game.
//!
//! sled 0.34.7 writes a snapshot on every open that finds its log grown since the last one: to
//! `snap.<lsn>.generating`, then renamed to `snap.<lsn>`. A kill before the rename left that file,
//! empty or torn, and the next open took it for the newest snapshot and failed with "Read
//! corrupted data" (sled issue 1527), so the store moved the whole database aside: found by
//! `tests/crash.rs` after 1 kill in about 1,000. Here a child process opens the store with a
//! preloaded shim (`snapshot_kill/shim.c`, compiled with `cc`) that sends it SIGKILL at its first
//! write to such a file, so the kill lands exactly there every time; the next open must find every
//! game as it was.
//!
//! The same shim kills a process while sled creates a new database, at either of the two writes
//! of its `conf` file (the settings, then their checksum; sled reads a `conf` without its checksum
//! as damage): the store makes a new database beside its path and renames it in when done, so the
//! next open must find no database moved aside (found by `tests/crash.rs` once in stop 59).

use std::path::{Path, PathBuf};
use std::process::Command;

use rookery_core::store::{GameStore, Setup};
use rookery_core::Action;

#[path = "support/shim.rs"]
mod shim;

/// Run by the parent with the shim preloaded; does nothing when run by hand.
#[test]
#[ignore]
fn snapshot_kill_child() {
    let Ok(dir) = std::env::var("ROOKERY_SNAPSHOT_KILL_DIR") else {
        return;
    };
    // the shim kills the process inside this open
    let _store = GameStore::open(&dir);
    // reaching this line means the open wrote no snapshot: the parent reports it
    std::process::exit(3);
}

/// Runs [`snapshot_kill_child`] on `db` with the shim preloaded and `env` set, and asserts the
/// shim killed it (`where_` says where it should have).
fn open_killed(shim: &Path, db: &Path, env: &[(&str, &str)], where_: &str) {
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--ignored",
            "--exact",
            "snapshot_kill_child",
            "--test-threads=1",
        ])
        .env("LD_PRELOAD", shim)
        .env("ROOKERY_SNAPSHOT_KILL_DIR", db)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(
        out.status.signal(),
        Some(9),
        "the child was not killed {where_}: {:?}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

fn work_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("rookery-snapkill-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Saves games and some moves in `db`, twice (so the log grows past sled's last snapshot), and
/// returns every game's exported text.
fn save_games(db: &Path, round: usize) -> Vec<String> {
    let store = GameStore::open(db).unwrap();
    assert!(store.moved_aside().is_none(), "round {round}: moved aside");
    for g in ["chess", "xiangqi", "four-player-teams"] {
        let mut s = store
            .create(&format!("{g} {round}"), &Setup::new(g).unwrap())
            .unwrap();
        for _ in 0..6 {
            let legal = s.game.legal_moves();
            let Some(&m) = legal.get(round % legal.len().max(1)) else {
                break;
            };
            store.act(&mut s, Action::Move(m)).unwrap();
        }
    }
    let list = store.list().unwrap();
    assert!(list.broken.is_empty(), "round {round}: {:?}", list.broken);
    list.games
        .iter()
        .map(|s| store.export(s.id).unwrap())
        .collect()
}

#[test]
fn a_kill_while_sled_writes_its_snapshot_on_open_loses_no_game() {
    let work = work_dir("t");
    let shim = shim::build("snapshot_kill/shim.c", &work);
    let db = work.join("db");
    let mut torn_files = 0;
    for round in 0..4 {
        let saved = save_games(&db, round);
        let half = round % 2 == 1;
        open_killed(
            &shim,
            &db,
            &[("ROOKERY_KILL_HALF", if half { "1" } else { "0" })],
            &format!("round {round}: in sled's snapshot write"),
        );
        torn_files += std::fs::read_dir(&db)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".generating"))
            .count();
        let store = GameStore::open(&db).unwrap();
        assert!(
            store.moved_aside().is_none(),
            "round {round} ({}): the database was moved aside: {:?}",
            if half {
                "torn snapshot"
            } else {
                "empty snapshot"
            },
            store.moved_aside()
        );
        let now: Vec<String> = store
            .list()
            .unwrap()
            .games
            .iter()
            .map(|s| store.export(s.id).unwrap())
            .collect();
        assert_eq!(now, saved, "round {round}: the games are those saved");
    }
    assert_eq!(torn_files, 4, "every kill left sled's unfinished snapshot");
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn a_kill_while_sled_creates_the_database_leaves_nothing_the_next_open_moves_aside() {
    let work = work_dir("conf");
    let shim = shim::build("snapshot_kill/shim.c", &work);
    for (write, half) in [(1, false), (1, true), (2, false), (2, true)] {
        let case = format!("write {write} of conf, half {half}");
        let db = work.join(format!("db-{write}-{half}"));
        open_killed(
            &shim,
            &db,
            &[
                ("ROOKERY_KILL_SUFFIX", "/conf"),
                ("ROOKERY_KILL_WRITE", &write.to_string()),
                ("ROOKERY_KILL_HALF", if half { "1" } else { "0" }),
            ],
            &format!("{case}: in sled's write of conf"),
        );
        assert!(
            !db.join("conf").exists(),
            "{case}: a half-made database at the path"
        );
        let store = GameStore::open(&db).unwrap();
        assert_eq!(store.moved_aside(), None, "{case}: moved aside");
        let s = store
            .create("chess", &Setup::new("chess").unwrap())
            .unwrap();
        drop(store);
        let store = GameStore::open(&db).unwrap();
        assert_eq!(
            store.moved_aside(),
            None,
            "{case}: moved aside on reopening"
        );
        assert_eq!(store.list().unwrap().games.len(), 1, "{case}");
        assert_eq!(store.load(s.id).unwrap().game.ply_count(), 0, "{case}");
    }
    let _ = std::fs::remove_dir_all(&work);
}
