//! The guard file (`guard.rs`) in use: a database sled brought back in an older state names the
//! games that lost actions, keeps a copy, and continues nothing silently; a guard behind the
//! database (a kill between the commit and the guard's rewrite) is no damage.

use std::fs;
use std::path::{Path, PathBuf};

use super::*;

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "rookery-guard-{name}-{}-{}",
        std::process::id(),
        now_ms()
    ));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d.join("saves")
}

/// sled's own files (everything but the guard), as an older state of the database.
fn sled_files(from: &Path, to: &Path) {
    let _ = fs::remove_dir_all(to);
    guard::copy_dir(from, to).unwrap();
    let _ = fs::remove_file(to.join(guard::FILE));
}

fn put_back(older: &Path, dir: &Path) {
    for e in fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        if e.file_name() != guard::FILE {
            let p = e.path();
            if p.is_dir() {
                fs::remove_dir_all(p).unwrap();
            } else {
                fs::remove_file(p).unwrap();
            }
        }
    }
    guard::copy_dir(older, dir).unwrap();
}

fn play(store: &GameStore, s: &mut SavedGame, n: usize) {
    for _ in 0..n {
        let m = s.game.legal_moves()[0];
        store.act(s, Action::Move(m)).unwrap();
    }
}

#[test]
fn a_database_older_than_its_guard_names_the_games_that_lost_actions() {
    let dir = temp_dir("older");
    let older = dir.with_file_name("older");
    let (a, b, c, d) = {
        let store = GameStore::open(&dir).unwrap();
        let mut a = store.create("a", &Setup::new("chess").unwrap()).unwrap();
        let mut b = store.create("b", &Setup::new("xiangqi").unwrap()).unwrap();
        let d = store.create("d", &Setup::new("shogi").unwrap()).unwrap();
        play(&store, &mut a, 4);
        play(&store, &mut b, 2);
        drop(store);
        sled_files(&dir, &older);
        let store = GameStore::open(&dir).unwrap();
        let mut a = store.load(a.id).unwrap();
        play(&store, &mut a, 3);
        let c = store.create("c", &Setup::new("chess").unwrap()).unwrap();
        store.delete(d.id).unwrap();
        (a.id, b.id, c.id, d.id)
    };
    // sled's files as they were before the last three moves, game c and the delete
    put_back(&older, &dir);
    let store = GameStore::open(&dir).unwrap();
    assert_eq!(store.rolled_back(), vec![a, d, c]);
    let copy = store.rollback_copy().unwrap().to_path_buf();
    assert!(copy.join("db").is_file() && copy.join(guard::FILE).is_file());
    let e = store.load(a).unwrap_err();
    match &e {
        Error::RolledBack {
            game,
            detail,
            backup,
        } => {
            assert_eq!(*game, a);
            assert!(detail.contains("4 of its 7 saved actions"), "{detail}");
            assert_eq!(Path::new(backup), copy);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(store.load(c), Err(Error::RolledBack { game, .. }) if game == c));
    assert!(matches!(store.load(d), Err(Error::RolledBack { .. })));
    assert_eq!(store.load(b).unwrap().game.ply_count(), 2);
    let listing = store.list().unwrap();
    assert_eq!(
        listing.games.iter().map(|s| s.id).collect::<Vec<_>>(),
        vec![b]
    );
    assert_eq!(listing.broken.len(), 3);
    // not continued: nothing writes to it
    assert!(matches!(
        store.rename(a, "x"),
        Err(Error::RolledBack { .. })
    ));
    // the other games play on; the marks stay across a restart
    let mut bb = store.load(b).unwrap();
    play(&store, &mut bb, 1);
    drop(store);
    let store = GameStore::open(&dir).unwrap();
    assert_eq!(store.rolled_back(), vec![a, d, c]);
    assert_eq!(store.load(b).unwrap().game.ply_count(), 3);
    // the player accepts a's older state, drops c, keeps d (deleted before) back
    store.accept_rollback(a).unwrap();
    assert_eq!(store.load(a).unwrap().game.ply_count(), 4);
    store.delete(c).unwrap();
    assert!(matches!(store.load(c), Err(Error::NoSuchSave(_))));
    store.accept_rollback(d).unwrap();
    assert!(store.load(d).is_ok());
    assert!(store.accept_rollback(b).is_err());
    let mut aa = store.load(a).unwrap();
    play(&store, &mut aa, 1);
    drop(store);
    let store = GameStore::open(&dir).unwrap();
    assert!(store.rolled_back().is_empty());
    assert!(store.rollback_copy().is_none());
    assert_eq!(store.load(a).unwrap().game.ply_count(), 5);
    assert_eq!(store.list().unwrap().games.len(), 3);
    drop(store);
    let _ = fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn a_guard_behind_its_database_is_no_damage() {
    // the process was killed after sled's commit and before the guard's rewrite
    let dir = temp_dir("behind");
    let store = GameStore::open(&dir).unwrap();
    let mut a = store.create("a", &Setup::new("chess").unwrap()).unwrap();
    let gone = store.create("gone", &Setup::new("chess").unwrap()).unwrap();
    play(&store, &mut a, 2);
    let behind = fs::read(dir.join(guard::FILE)).unwrap();
    play(&store, &mut a, 1);
    store.undo(&mut a).unwrap();
    store.delete(gone.id).unwrap();
    let c = store.create("c", &Setup::new("chess").unwrap()).unwrap();
    drop(store);
    fs::write(dir.join(guard::FILE), behind).unwrap();
    let store = GameStore::open(&dir).unwrap();
    assert!(store.rolled_back().is_empty());
    assert!(store.rollback_copy().is_none());
    assert!(!guard::sibling(&dir, "before-open").exists());
    assert_eq!(store.load(a.id).unwrap().stored_len(), 3);
    assert!(store.load(c.id).is_ok());
    assert_eq!(store.list().unwrap().games.len(), 2);
    drop(store);
    let _ = fs::remove_dir_all(dir.parent().unwrap());
}

#[test]
fn a_database_without_a_guard_gets_one_and_an_unreadable_guard_is_kept_aside() {
    let dir = temp_dir("noguard");
    let store = GameStore::open(&dir).unwrap();
    let mut a = store.create("a", &Setup::new("chess").unwrap()).unwrap();
    play(&store, &mut a, 2);
    drop(store);
    // as written before the guard existed: no guard file (and summaries without generation)
    fs::remove_file(dir.join(guard::FILE)).unwrap();
    let store = GameStore::open(&dir).unwrap();
    assert!(store.rolled_back().is_empty());
    assert!(dir.join(guard::FILE).is_file());
    drop(store);
    fs::write(dir.join(guard::FILE), b"RKGD\x01garbage").unwrap();
    let store = GameStore::open(&dir).unwrap();
    assert!(store.rolled_back().is_empty());
    assert_eq!(store.load(a.id).unwrap().game.ply_count(), 2);
    let kept: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("rookery-guard.unreadable-"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        fs::read(dir.join(&kept[0])).unwrap(),
        b"RKGD\x01garbage".to_vec()
    );
    drop(store);
    let _ = fs::remove_dir_all(dir.parent().unwrap());
}
