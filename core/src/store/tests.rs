//! Saved games: round trips for every playable game, undo/redo, damage, schema migration.

use std::path::PathBuf;

use super::record::{self, frame, HeaderV1, MoveRec, SCHEMA};
use super::*;
use crate::game::{Choice, EndReason};
use crate::rng::SplitMix as Rng;

/// A fresh directory for one test's database.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "rookery-store-{}-{}-{}",
        name,
        std::process::id(),
        now_ms()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn random_move(store: &GameStore, s: &mut SavedGame, rng: &mut Rng) -> bool {
    let moves = s.game.legal_moves();
    if moves.is_empty() {
        return false;
    }
    let m = moves[rng.below(moves.len())];
    store.act(s, Action::Move(m)).unwrap();
    true
}

fn playable() -> Vec<&'static str> {
    rules::catalogue()
        .into_iter()
        .filter(|g| g.playable)
        .map(|g| g.id)
        .collect()
}

/// Everything a player could tell apart, including the redo tail.
fn assert_same(a: &SavedGame, b: &SavedGame) {
    assert_eq!(a.name, b.name);
    assert_eq!(a.setup, b.setup);
    assert_eq!(a.created_ms, b.created_ms);
    assert_eq!(a.times, b.times);
    assert_eq!(a.status, b.status);
    assert_eq!(a.result, b.result);
    assert_eq!(a.game.ply_count(), b.game.ply_count());
    assert_eq!(a.game.redo_count(), b.game.redo_count());
    assert_eq!(a.game.texts(), b.game.texts());
    assert_eq!(a.game.position().hash(), b.game.position().hash());
    assert_eq!(
        rules::write_position(a.game.position()),
        rules::write_position(b.game.position())
    );
    let (mut ra, mut rb) = (a.game.clone(), b.game.clone());
    while ra.redo().is_ok() {
        rb.redo().unwrap();
        assert_eq!(ra.position().hash(), rb.position().hash());
    }
    assert!(rb.redo().is_err());
    assert_eq!(ra.texts(), rb.texts());
    assert_eq!(ra.outcome(), rb.outcome());
}

/// A game with people and a bot, some moves, an undo that a new move replaces, and two undone
/// moves left to redo.
fn played_game(store: &GameStore, id: &str, seed: u64) -> SavedGame {
    let mut setup = Setup::new(id).unwrap();
    setup.seed = seed;
    setup.start = Start::Standard {
        number: (seed % 960) as u32,
    };
    setup.mode = "vs-bots".into();
    setup.house.turn_seconds = Some(60);
    let last = setup.seats.len() - 1;
    setup.seats[last] = SeatInfo::bot("Rookery \"bot\"", 3);
    let mut s = store.create(&format!("{id} game"), &setup).unwrap();
    let mut rng = Rng(seed);
    for _ in 0..40 {
        if !random_move(store, &mut s, &mut rng) {
            break;
        }
    }
    store.undo(&mut s).unwrap();
    store.undo(&mut s).unwrap();
    random_move(store, &mut s, &mut rng);
    for _ in 0..6 {
        random_move(store, &mut s, &mut rng);
    }
    store.undo(&mut s).unwrap();
    store.undo(&mut s).unwrap();
    s
}

#[test]
fn save_then_load_gives_the_identical_game_for_every_playable_game_id() {
    let dir = temp_dir("roundtrip");
    let store = GameStore::open(&dir).unwrap();
    let ids = playable();
    assert!(ids.contains(&"chess"));
    for (i, id) in ids.iter().enumerate() {
        let s = played_game(&store, id, 1000 + i as u64);
        assert_eq!(s.game.redo_count(), 2, "{id}");
        let loaded = store.load(s.id).unwrap();
        assert_same(&s, &loaded);
        // and after the app is closed and opened again
        drop(loaded);
        let sum = store.summary(s.id).unwrap();
        assert_eq!(sum.ply as usize, s.game.ply_count());
        assert_eq!(sum.len as usize, s.stored_len());
        assert_eq!(sum.game, *id);
        assert_eq!(sum.turn, Some(s.game.position().turn()));
        assert_eq!(sum.preview, rules::write_position(s.game.position()));
    }
    drop(store);
    let store = GameStore::open(&dir).unwrap();
    assert_eq!(store.list().unwrap().games.len(), ids.len());
    for sum in store.list().unwrap().games {
        let s = store.load(sum.id).unwrap();
        assert_eq!(
            s.game.position().hash(),
            store.load(sum.id).unwrap().game.position().hash()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_then_import_gives_the_identical_game_for_every_playable_game_id() {
    let dir = temp_dir("export");
    let store = GameStore::open(&dir).unwrap();
    for (i, id) in playable().iter().enumerate() {
        let s = played_game(&store, id, 77 + i as u64);
        let text = store.export(s.id).unwrap();
        assert!(text.starts_with("[Rookery \"2\"]\n[Game \""), "{text}");
        let copy = store.import(&text).unwrap();
        assert_ne!(copy.id, s.id);
        assert_same(&s, &copy);
        assert_same(&copy, &store.load(copy.id).unwrap());
        assert_eq!(store.export(copy.id).unwrap(), text);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_finished_game_is_kept_for_replay_with_its_result() {
    let dir = temp_dir("finished");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store.create("mate", &Setup::new("chess").unwrap()).unwrap();
    for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        store.act_text(&mut s, m).unwrap();
    }
    assert_eq!(s.status, Status::Finished);
    let sum = store.summary(s.id).unwrap();
    assert_eq!(sum.status, Status::Finished);
    assert_eq!(sum.turn, None);
    assert_eq!(sum.result.as_ref().unwrap().reason, EndReason::Checkmate);
    let mut back = store.load(s.id).unwrap();
    assert_same(&s, &back);
    assert_eq!(store.act_text(&mut back, "a2a3"), Err(Error::GameOver));
    // replay: step back through it; the cursor is saved
    store.set_cursor(&mut back, 1).unwrap();
    assert_eq!(store.summary(s.id).unwrap().status, Status::Playing);
    assert_eq!(store.load(s.id).unwrap().game.ply_count(), 1);
    store.set_cursor(&mut back, 4).unwrap();
    assert_same(&s, &store.load(s.id).unwrap());
    assert!(store.set_cursor(&mut back, 5).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_ended_outside_the_rules_is_finished_or_abandoned_and_kept() {
    let dir = temp_dir("finish");
    let store = GameStore::open(&dir).unwrap();
    let mut a = store.create("a", &Setup::new("chess").unwrap()).unwrap();
    store.act_text(&mut a, "e2e4").unwrap();
    store.finish(&mut a, None).unwrap();
    let mut b = store.create("b", &Setup::new("chess").unwrap()).unwrap();
    store.act_text(&mut b, "e2e4").unwrap();
    let agreed = Outcome::draw(EndReason::Agreement);
    store.finish(&mut b, Some(agreed.clone())).unwrap();
    let la = store.load(a.id).unwrap();
    assert_eq!(la.status, Status::Abandoned);
    let lb = store.load(b.id).unwrap();
    assert_eq!(lb.status, Status::Finished);
    assert_eq!(lb.result, Some(agreed));
    let copy = store.import(&store.export(b.id).unwrap()).unwrap();
    assert_same(&lb, &copy);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_new_move_after_undo_truncates_the_redo_tail() {
    let dir = temp_dir("truncate");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store.create("t", &Setup::new("chess").unwrap()).unwrap();
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        store.act_text(&mut s, m).unwrap();
    }
    store.undo(&mut s).unwrap();
    store.undo(&mut s).unwrap();
    store.undo(&mut s).unwrap();
    assert_eq!(store.summary(s.id).unwrap().len, 4);
    store.redo(&mut s).unwrap();
    store.act_text(&mut s, "d2d4").unwrap();
    let sum = store.summary(s.id).unwrap();
    assert_eq!((sum.ply, sum.len), (3, 3));
    assert_eq!(
        store.db.scan_prefix(record::moves_prefix(s.id)).count(),
        3,
        "the redo tail's records are gone"
    );
    let back = store.load(s.id).unwrap();
    assert_eq!(back.game.texts(), ["e2e4", "e7e5", "d2d4"]);
    assert_eq!(back.game.redo_count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_illegal_action_changes_nothing_in_the_save() {
    let dir = temp_dir("illegal");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store.create("i", &Setup::new("chess").unwrap()).unwrap();
    store.act_text(&mut s, "e2e4").unwrap();
    assert!(store.act_text(&mut s, "e2e4").is_err());
    assert!(store.act_text(&mut s, "zz").is_err());
    assert!(store.act(&mut s, Action::Resign(9)).is_err());
    assert_eq!(store.summary(s.id).unwrap().len, 1);
    assert_same(&s, &store.load(s.id).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn setups_that_cannot_be_played_are_refused() {
    let dir = temp_dir("setup");
    let store = GameStore::open(&dir).unwrap();
    let mut setup = Setup::new("chess").unwrap();
    setup.seats.pop();
    assert!(matches!(store.create("x", &setup), Err(Error::BadInput(_))));
    let mut setup = Setup::new("chess").unwrap();
    setup.game = "no-such-game".into();
    assert!(matches!(
        store.create("x", &setup),
        Err(Error::UnknownGame(_))
    ));
    let mut setup = Setup::new("chess").unwrap();
    setup.start = Start::Position {
        text: "not a position".into(),
    };
    assert!(store.create("x", &setup).is_err());
    assert!(store.list().unwrap().games.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_from_a_position_saves_its_start_as_text() {
    let dir = temp_dir("fen");
    let store = GameStore::open(&dir).unwrap();
    let mut setup = Setup::new("chess").unwrap();
    setup.start = Start::Position {
        text: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into(),
    };
    let mut s = store.create("ending", &setup).unwrap();
    store.act_text(&mut s, "e2e4").unwrap();
    assert_same(&s, &store.load(s.id).unwrap());
    assert_same(&s, &store.import(&store.export(s.id).unwrap()).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rename_and_delete_work_and_ids_are_never_reused() {
    let dir = temp_dir("rename");
    let store = GameStore::open(&dir).unwrap();
    let a = store.create("a", &Setup::new("chess").unwrap()).unwrap();
    let b = store.create("b", &Setup::new("chess960").unwrap()).unwrap();
    store.rename(a.id, "Ann vs Ben").unwrap();
    assert_eq!(store.load(a.id).unwrap().name, "Ann vs Ben");
    store.delete(b.id).unwrap();
    assert_eq!(store.load(b.id).unwrap_err(), Error::NoSuchSave(b.id));
    assert_eq!(store.delete(b.id), Err(Error::NoSuchSave(b.id)));
    assert_eq!(store.rename(b.id, "x"), Err(Error::NoSuchSave(b.id)));
    let c = store.create("c", &Setup::new("chess").unwrap()).unwrap();
    assert!(c.id > b.id);
    let ids: Vec<_> = store.list().unwrap().games.iter().map(|s| s.id).collect();
    assert_eq!(ids, [a.id, c.id]);
    drop(store);
    let store = GameStore::open(&dir).unwrap();
    let d = store.create("d", &Setup::new("chess").unwrap()).unwrap();
    assert!(d.id > c.id);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Three games; returns their ids.
fn three_games(store: &GameStore) -> [SavedId; 3] {
    let mut ids = [0; 3];
    for (i, id) in ids.iter_mut().enumerate() {
        let mut s = store
            .create(&format!("g{i}"), &Setup::new("chess").unwrap())
            .unwrap();
        let mut rng = Rng(i as u64);
        for _ in 0..12 {
            random_move(store, &mut s, &mut rng);
        }
        *id = s.id;
    }
    ids
}

fn raw_set(store: &GameStore, key: &[u8], f: impl FnOnce(&mut Vec<u8>)) {
    let mut v = store.db.get(key).unwrap().unwrap().to_vec();
    f(&mut v);
    store.db.insert(key, v).unwrap();
    store.db.flush().unwrap();
}

fn corrupt_game(e: Error) -> SavedId {
    match e {
        Error::CorruptSave { game, .. } => game,
        other => panic!("expected CorruptSave, got {other:?}"),
    }
}

#[test]
fn a_flipped_byte_in_an_action_names_the_game_and_the_others_still_load() {
    let dir = temp_dir("flip");
    let store = GameStore::open(&dir).unwrap();
    let [a, b, c] = three_games(&store);
    raw_set(&store, &record::move_key(b, 5), |v| {
        let i = v.len() - 3;
        v[i] ^= 0x01
    });
    let e = store.load(b).unwrap_err();
    assert!(e.to_string().contains("action 6"), "{e}");
    assert_eq!(corrupt_game(e), b);
    store.load(a).unwrap();
    store.load(c).unwrap();
    assert!(store.export(b).is_err());
    // the summary is intact, so the game is still listed, and it can be deleted
    assert_eq!(store.list().unwrap().games.len(), 3);
    store.delete(b).unwrap();
    assert_eq!(store.list().unwrap().games.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn truncated_records_name_the_game_and_the_others_still_load() {
    let dir = temp_dir("truncated");
    let store = GameStore::open(&dir).unwrap();
    let [a, b, c] = three_games(&store);
    raw_set(&store, &record::header_key(a), |v| v.truncate(v.len() / 2));
    raw_set(&store, &record::summary_key(b), |v| v.truncate(3));
    assert_eq!(corrupt_game(store.load(a).unwrap_err()), a);
    assert_eq!(corrupt_game(store.load(b).unwrap_err()), b);
    store.load(c).unwrap();
    let listing = store.list().unwrap();
    assert_eq!(
        listing.games.iter().map(|s| s.id).collect::<Vec<_>>(),
        [a, c]
    );
    assert_eq!(listing.broken.len(), 1);
    assert_eq!(corrupt_game(listing.broken[0].clone()), b);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_or_unexpected_action_record_names_the_game() {
    let dir = temp_dir("missing");
    let store = GameStore::open(&dir).unwrap();
    let [a, b, c] = three_games(&store);
    store.db.remove(record::move_key(a, 4)).unwrap();
    let e = store.load(a).unwrap_err();
    assert!(e.to_string().contains("action 5 is missing"), "{e}");
    let rec = MoveRec {
        t: "a2a3".into(),
        ms: 1,
    };
    store
        .db
        .insert(
            record::move_key(b, 40),
            record::encode(&record::move_key(b, 40), &rec),
        )
        .unwrap();
    assert_eq!(corrupt_game(store.load(b).unwrap_err()), b);
    store.db.remove(record::summary_key(c)).unwrap();
    assert_eq!(corrupt_game(store.load(c).unwrap_err()), c);
    let listing = store.list().unwrap();
    assert_eq!(listing.games.len(), 2);
    assert_eq!(corrupt_game(listing.broken[0].clone()), c);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stored_action_the_rules_refuse_names_the_game() {
    let dir = temp_dir("refuse");
    let store = GameStore::open(&dir).unwrap();
    let [a, _, c] = three_games(&store);
    let rec = MoveRec {
        t: "e1e8".into(),
        ms: 1,
    };
    store
        .db
        .insert(
            record::move_key(a, 3),
            record::encode(&record::move_key(a, 3), &rec),
        )
        .unwrap();
    let e = store.load(a).unwrap_err();
    assert!(e.to_string().contains("cannot be replayed"), "{e}");
    assert_eq!(corrupt_game(e), a);
    store.load(c).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_from_a_newer_schema_is_reported_and_left_untouched() {
    let dir = temp_dir("newer");
    let store = GameStore::open(&dir).unwrap();
    let [a, b, _] = three_games(&store);
    let future = |key: &[u8]| frame(SCHEMA + 1, key, br#"{"something":"new"}"#);
    store
        .db
        .insert(record::header_key(a), future(&record::header_key(a)))
        .unwrap();
    store
        .db
        .insert(record::summary_key(b), future(&record::summary_key(b)))
        .unwrap();
    let newer = Error::NewerSchema {
        game: a,
        found: SCHEMA as u32 + 1,
        supported: SCHEMA as u32,
    };
    assert_eq!(store.load(a).unwrap_err(), newer);
    let listing = store.list().unwrap();
    assert_eq!(listing.games.len(), 2);
    assert!(matches!(listing.broken[0], Error::NewerSchema { game, .. } if game == b));
    assert_eq!(
        store.db.get(record::header_key(a)).unwrap().unwrap(),
        &future(&record::header_key(a))[..]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_schema_1_game_is_upgraded_when_read() {
    let dir = temp_dir("migrate");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store
        .create("old", &Setup::new("chess960").unwrap())
        .unwrap();
    for m in ["e2e4", "e7e5"] {
        store.act_text(&mut s, m).unwrap();
    }
    // rewrite its header as schema 1 wrote it
    let v1 = HeaderV1 {
        game: "chess960".into(),
        players: vec!["Ann".into(), "Ben".into()],
        house: HouseRules::default(),
        seed: 0,
        start: Start::Standard { number: 0 },
        created_ms: 5,
    };
    let json = serde_json::to_vec(&v1).unwrap();
    store
        .db
        .insert(record::header_key(s.id), frame(1, &[], &json))
        .unwrap();
    let back = store.load(s.id).unwrap();
    assert_eq!(back.setup.mode, "pass-and-play");
    assert_eq!(
        back.setup.seats,
        [SeatInfo::person("Ann"), SeatInfo::person("Ben")]
    );
    assert_eq!(back.created_ms, 5);
    assert_eq!(back.game.texts(), ["e2e4", "e7e5"]);
    assert_eq!(back.game.position().hash(), s.game.position().hash());
    // playing on keeps working (only the changed records are written, in schema 2)
    let mut back = back;
    store.act_text(&mut back, "d1c3").unwrap();
    assert_eq!(store.load(s.id).unwrap().game.ply_count(), 3);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_stale_copy_cannot_overwrite_a_newer_save() {
    let dir = temp_dir("stale");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store.create("s", &Setup::new("chess").unwrap()).unwrap();
    let mut copy = s.clone();
    store.act_text(&mut s, "e2e4").unwrap();
    assert!(matches!(
        store.act_text(&mut copy, "d2d4"),
        Err(Error::Store(_))
    ));
    // the stale copy was reloaded to what is saved
    assert_same(&copy, &s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_text_is_refused_on_import_and_saves_nothing() {
    let dir = temp_dir("badtext");
    let store = GameStore::open(&dir).unwrap();
    let good = "[Rookery \"2\"]\n[Game \"chess\"]\n\ne2e4 {5} e7e5\n";
    let s = store.import(good).unwrap();
    assert_eq!(s.game.texts(), ["e2e4", "e7e5"]);
    assert_eq!(s.times, [5, 0]);
    for bad in [
        "",
        "[Rookery \"99\"]\n[Game \"chess\"]\n",
        "[Rookery \"2\"]\n",
        "[Rookery \"2\"]\n[Game \"chess\"]\n\ne2e5",
        "[Rookery \"2\"]\n[Game \"chess\"]\n\ne2e4 {x}",
        "[Rookery \"2\"]\n[Game \"chess\"]\n\n{5} e2e4",
        "[Rookery \"2\"]\n[Game \"chess\"]\n[Cursor \"3\"]\n\ne2e4",
        "[Rookery \"2\"]\n[Game \"chess\"\n",
        "[Rookery \"2\"]\n[Game \"chess\"]\n[Seat \"A\" \"robot\"]\n",
        "[Rookery \"2\"]\n[Game \"nope\"]\n",
    ] {
        assert!(
            store.import(bad).is_err(),
            "{bad:?} gave {:?}",
            store.list().unwrap().games.last()
        );
    }
    assert_eq!(store.list().unwrap().games.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_database_sled_cannot_open_is_moved_aside_not_deleted() {
    let parent = temp_dir("aside");
    let dir = parent.join("saves");
    {
        let store = GameStore::open(&dir).unwrap();
        three_games(&store);
    }
    // damage sled's own files: its configuration and the first bytes of its log
    std::fs::write(dir.join("conf"), b"this is not sled's configuration file").unwrap();
    let mut db = std::fs::read(dir.join("db")).unwrap();
    for b in db.iter_mut().take(4096) {
        *b ^= 0xA5;
    }
    std::fs::write(dir.join("db"), &db).unwrap();
    let before: Vec<u8> = db.clone();
    let store = GameStore::open(&dir).unwrap();
    let aside = store.moved_aside().expect("reported").clone();
    assert_eq!(aside.from, dir);
    assert!(aside.to.exists());
    assert_eq!(std::fs::read(aside.to.join("db")).unwrap(), before);
    assert!(store.list().unwrap().games.is_empty());
    assert!(store.create("new", &Setup::new("chess").unwrap()).is_ok());
    drop(store);
    // a read-only tool reports instead of repairing
    std::fs::write(dir.join("conf"), b"garbage again").unwrap();
    std::fs::write(dir.join("db"), &before).unwrap();
    assert!(matches!(
        GameStore::open_existing(&dir),
        Err(Error::StoreUnavailable { .. })
    ));
    let _ = std::fs::remove_dir_all(&parent);
}

#[test]
fn a_snapshot_sled_left_unfinished_when_killed_does_not_cost_the_database() {
    // sled writes its snapshot on open to `snap.<lsn>.generating` and renames it when done; a
    // kill in between left that file (empty here, as found by tests/crash.rs) and sled 0.34.7
    // then refused the whole database as corrupted
    let dir = temp_dir("generating");
    let ids = {
        let store = GameStore::open(&dir).unwrap();
        three_games(&store)
    };
    let before: Vec<String> = {
        let store = GameStore::open(&dir).unwrap();
        ids.iter().map(|&id| store.export(id).unwrap()).collect()
    };
    let snaps = |dir: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("snap."))
            .collect();
        v.sort();
        v
    };
    assert!(!snaps(&dir).is_empty(), "sled wrote a snapshot");
    for (name, bytes) in [
        ("snap.FFFFFFFFFFFFFFFF.generating", &b""[..]),
        ("snap.FFFFFFFFFFFFFFF0.generating", &b"half a snapshot"[..]),
    ] {
        std::fs::write(dir.join(name), bytes).unwrap();
        for read_only in [true, false] {
            let store = if read_only {
                GameStore::open_existing(&dir).unwrap()
            } else {
                GameStore::open(&dir).unwrap()
            };
            assert!(store.moved_aside().is_none(), "{name}: moved aside");
            let now: Vec<String> = ids.iter().map(|&id| store.export(id).unwrap()).collect();
            assert_eq!(now, before, "{name}: the games are those saved");
            drop(store);
            assert!(
                snaps(&dir).iter().all(|n| !n.ends_with(".generating")),
                "{name}: {:?}",
                snaps(&dir)
            );
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        std::fs::remove_file(dir.join(name)).unwrap();
    }
    // while a store holds the database, such a file may be its snapshot in the making: kept
    let holder = GameStore::open(&dir).unwrap();
    let name = "snap.FFFFFFFFFFFFFFFF.generating";
    std::fs::write(dir.join(name), b"").unwrap();
    assert!(matches!(
        GameStore::open(&dir),
        Err(Error::StoreLocked { .. })
    ));
    assert!(
        dir.join(name).exists(),
        "another store's snapshot was removed"
    );
    drop(holder);
    let store = GameStore::open(&dir).unwrap();
    assert!(store.moved_aside().is_none());
    assert!(!dir.join(name).exists());
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_database_held_by_another_process_is_reported_and_left_alone() {
    let dir = temp_dir("locked");
    let first = GameStore::open(&dir).unwrap();
    let a = first.create("a", &Setup::new("chess").unwrap()).unwrap();
    assert!(matches!(
        GameStore::open(&dir),
        Err(Error::StoreLocked { .. })
    ));
    assert!(first.moved_aside().is_none());
    first.load(a.id).unwrap();
    drop(first);
    assert!(GameStore::open(&dir).unwrap().moved_aside().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_database_is_reported_by_open_existing() {
    let dir = temp_dir("nothing").join("not-there");
    assert!(matches!(
        GameStore::open_existing(&dir),
        Err(Error::StoreUnavailable { .. })
    ));
    assert!(!dir.exists());
}

#[test]
fn standard_export_then_import_gives_the_same_game_for_every_playable_game_id() {
    let dir = temp_dir("standard");
    let store = GameStore::open(&dir).unwrap();
    for (i, id) in playable().iter().enumerate() {
        let s = played_game(&store, id, 500 + i as u64);
        assert_eq!(
            store.export_standard(s.id).unwrap(),
            store
                .export_as(s.id, standard::form_for(id).unwrap())
                .unwrap()
        );
        for form in crate::rules::variant(id).unwrap().facts.record_forms() {
            let record = store.export_as(s.id, form).unwrap();
            match form {
                RecordForm::Pgn => assert!(record.contains("[White \""), "{record}"),
                RecordForm::Pgn4 => assert!(record.contains("[Variant \""), "{record}"),
                RecordForm::Kif => assert!(record.contains("手合割："), "{record}"),
                RecordForm::Csa => assert!(record.starts_with("V2.2\n"), "{record}"),
                RecordForm::Rookery => assert!(record.starts_with("[Rookery "), "{record}"),
            }
            let copy = store
                .import(&record)
                .unwrap_or_else(|e| panic!("{id} as {}: {e}\n{record}", form.name()));
            assert_eq!(copy.setup.game, *id);
            // set-up choices before the first move (janggi's) come back as the start position
            assert!(s.game.texts().ends_with(&copy.game.texts()), "{id}");
            assert_eq!(
                copy.game.position().hash(),
                s.game.position().hash(),
                "{id}"
            );
            assert_eq!(copy.status, s.status, "{id}");
            if form != RecordForm::Pgn4 {
                assert_eq!(copy.setup.seats[1].name, s.setup.seats[1].name);
            }
            let back = store.load(copy.id).unwrap();
            assert_same(&copy, &back);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_pgn_draw_agreed_off_the_board_is_imported_as_finished() {
    let dir = temp_dir("pgn-draw");
    let store = GameStore::open(&dir).unwrap();
    let pgn = "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Ben\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 1/2-1/2\n";
    let s = store.import(pgn).unwrap();
    assert_eq!(s.name, "Club");
    assert_eq!(s.game.texts(), ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(s.status, Status::Finished);
    assert_eq!(s.result, Some(Outcome::draw(EndReason::Agreement)));
    let back = store.load(s.id).unwrap();
    assert_same(&s, &back);
    assert!(store.export_standard(s.id).unwrap().contains("1/2-1/2"));
    assert!(store.import("1. e4 e5 2. Ke3").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saving_with_sync_to_disk_on_keeps_working() {
    let dir = temp_dir("sync");
    let store = GameStore::open(&dir).unwrap();
    store.set_sync_to_disk(true).unwrap();
    let mut s = store.create("s", &Setup::new("chess").unwrap()).unwrap();
    store.act_text(&mut s, "e2e4").unwrap();
    store.set_sync_to_disk(false).unwrap();
    store.act_text(&mut s, "e7e5").unwrap();
    assert_same(&s, &store.load(s.id).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saves, reloads and exports/imports a game, checking that each copy is the same game with the
/// same outcome.
fn reloads_the_same(store: &GameStore, s: &SavedGame) {
    let back = store.load(s.id).unwrap();
    assert_same(s, &back);
    assert_eq!(s.game.outcome(), back.game.outcome());
    let copy = store.import(&store.export(s.id).unwrap()).unwrap();
    let copy = store.load(copy.id).unwrap();
    assert_eq!(copy.game.texts(), s.game.texts());
    assert_eq!(copy.game.outcome(), s.game.outcome());
    assert_eq!(copy.result, s.result);
    assert_eq!(copy.setup.seats, s.setup.seats);
}

#[test]
fn resignations_and_time_outs_are_saved_and_replay_to_the_same_outcome() {
    let dir = temp_dir("resign-timeout");
    let store = GameStore::open(&dir).unwrap();
    // chess: Black resigns out of turn after 1. e4
    let mut s = store
        .create("resign", &Setup::new("chess").unwrap())
        .unwrap();
    store.act_text(&mut s, "e2e4").unwrap();
    store.act(&mut s, Action::Resign(1)).unwrap();
    assert_eq!(s.status, Status::Finished);
    let o = s.result.clone().unwrap();
    assert_eq!((o.reason, o.winners), (EndReason::Resignation, vec![0]));
    assert_eq!(s.game.texts(), ["e2e4", "resign:1"]);
    reloads_the_same(&store, &s);
    // chess: White's flag falls against a bare king: a draw (FIDE 6.9)
    let mut setup = Setup::new("chess").unwrap();
    setup.start = Start::Position {
        text: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".into(),
    };
    let mut s = store.create("timeout draw", &setup).unwrap();
    store.act(&mut s, Action::Timeout(0)).unwrap();
    let o = s.result.clone().unwrap();
    assert_eq!((o.reason, o.winners.is_empty()), (EndReason::Timeout, true));
    reloads_the_same(&store, &s);
    // four-player chess: one resigns, one times out, the game goes on with the two others
    let mut s = store
        .create("four", &Setup::new("four-player-ffa").unwrap())
        .unwrap();
    for t in ["h2h3", "resign:1", "timeout:3"] {
        store.act_text(&mut s, t).unwrap();
    }
    assert_eq!(s.status, Status::Playing);
    let mut rng = Rng(4);
    for _ in 0..12 {
        random_move(&store, &mut s, &mut rng);
    }
    reloads_the_same(&store, &s);
    assert!(s.game.texts().contains(&"timeout:3".to_string()));
    // undo past the resignation and redo it: the cursor is saved with it
    while s.game.ply_count() > 2 {
        store.undo(&mut s).unwrap();
    }
    reloads_the_same(&store, &s);
    let len = s.stored_len();
    store.set_cursor(&mut s, len).unwrap();
    reloads_the_same(&store, &s);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A three-player game played with seeded random moves up to its first mate, where the
/// players must choose.
fn three_player_at_its_choice(store: &GameStore) -> SavedGame {
    for seed in 0..50 {
        let mut setup = Setup::new("three-player").unwrap();
        setup.seed = seed;
        let mut s = store.create("three", &setup).unwrap();
        let mut rng = Rng(seed);
        while !s.game.is_over() && s.game.ply_count() < 600 {
            if s.game.choice_pending() {
                return s;
            }
            if !random_move(store, &mut s, &mut rng) {
                break;
            }
        }
        store.delete(s.id).unwrap();
    }
    panic!("no random three-player game reached a mate");
}

#[test]
fn three_player_choices_are_saved_and_replay_to_the_same_outcome() {
    let dir = temp_dir("three-choices");
    let store = GameStore::open(&dir).unwrap();
    let s = three_player_at_its_choice(&store);
    let offered = s.game.choices();
    assert!(offered.len() >= 3, "{offered:?}");
    // the choice is pending in the save too
    assert_eq!(store.load(s.id).unwrap().game.choices(), offered);
    for c in offered {
        let mut t = store.import(&store.export(s.id).unwrap()).unwrap();
        store.act(&mut t, Action::Choose(c)).unwrap();
        assert_eq!(t.game.texts().last(), Some(&c.text()));
        let mut rng = Rng(c.text().len() as u64);
        for _ in 0..9 {
            random_move(&store, &mut t, &mut rng);
        }
        if c == Choice::End {
            assert_eq!(t.status, Status::Finished);
        }
        reloads_the_same(&store, &t);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_end_by_agreement_is_saved_and_replays_to_the_same_outcome() {
    let dir = temp_dir("agreement");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store
        .create("eight", &Setup::new("eight-player-ffa").unwrap())
        .unwrap();
    let mut rng = Rng(8);
    for _ in 0..16 {
        random_move(&store, &mut s, &mut rng);
    }
    store.act(&mut s, Action::Choose(Choice::End)).unwrap();
    assert_eq!(s.status, Status::Finished);
    assert_eq!(
        s.result.as_ref().map(|o| o.reason),
        Some(EndReason::Agreement)
    );
    assert_eq!(
        s.game.texts().last().map(String::as_str),
        Some("choice:end")
    );
    reloads_the_same(&store, &s);
    // chess has no end by agreement: refused, nothing saved
    let mut c = store
        .create("chess", &Setup::new("chess").unwrap())
        .unwrap();
    assert!(store.act(&mut c, Action::Choose(Choice::End)).is_err());
    assert_eq!(store.load(c.id).unwrap().stored_len(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seat_changes_are_saved_and_the_game_replays_the_same() {
    let dir = temp_dir("seats");
    let store = GameStore::open(&dir).unwrap();
    let mut s = store
        .create("seats", &Setup::new("four-player-ffa").unwrap())
        .unwrap();
    let mut rng = Rng(21);
    for _ in 0..8 {
        random_move(&store, &mut s, &mut rng);
    }
    store
        .set_seat(&mut s, 2, SeatInfo::bot("Bot two", 2))
        .unwrap();
    for _ in 0..4 {
        random_move(&store, &mut s, &mut rng);
    }
    store.set_seat(&mut s, 2, SeatInfo::person("Eve")).unwrap();
    store
        .set_seat(&mut s, 0, SeatInfo::bot("Bot zero", 1))
        .unwrap();
    assert!(store
        .set_seat(&mut s, 4, SeatInfo::person("Nobody"))
        .is_err());
    assert_eq!(s.setup.seats[2], SeatInfo::person("Eve"));
    assert_eq!(s.setup.seats[0], SeatInfo::bot("Bot zero", 1));
    reloads_the_same(&store, &s);
    let listed = store.summary(s.id).unwrap();
    assert_eq!(listed.players[0], "Bot zero");
    assert_eq!(listed.players[2], "Eve");
    // a seat change of a deleted game is refused and does not bring it back
    let mut gone = s.clone();
    store.delete(s.id).unwrap();
    assert!(store
        .set_seat(&mut gone, 1, SeatInfo::person("Ghost"))
        .is_err());
    assert!(store.load(s.id).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_summary_names_who_plays_each_seat() {
    let dir = temp_dir("seats");
    let store = GameStore::open(&dir).unwrap();
    let mut setup = Setup::new("chess").unwrap();
    setup.seats[1] = SeatInfo::bot("Bot", 2);
    let mut g = store.create("a", &setup).unwrap();
    assert_eq!(store.summary(g.id).unwrap().seats, setup.seats);
    store.set_seat(&mut g, 0, SeatInfo::bot("B0", 1)).unwrap();
    let seats = store.summary(g.id).unwrap().seats;
    assert_eq!(seats[0], SeatInfo::bot("B0", 1));
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Saves written before bare king had its own end reason recorded the result as
/// `InsufficientMaterial` in the summary; the record format did not change (outcomes are
/// serde JSON with the reason's name, and new reasons only add names), so such a summary still
/// reads, and loading replays the moves and reports the rules' reason of today.
#[test]
fn summaries_with_the_old_end_reasons_still_read_and_load_with_the_new_ones() {
    let dir = temp_dir("old-reasons");
    let store = GameStore::open(&dir).unwrap();
    let mut setup = Setup::new("shatranj").unwrap();
    setup.start = Start::Position {
        text: "8/8/8/8/8/3k4/3n4/3R3K w - - 0 1".to_string(),
    };
    let mut s = store.create("bare", &setup).unwrap();
    for m in ["d1d2", "d3c3"] {
        store.act_text(&mut s, m).unwrap();
    }
    let now = s.game.outcome().unwrap().clone();
    assert_eq!(
        (now.reason, now.winners.clone()),
        (EndReason::BareKing, vec![0])
    );
    // the summary as an older build wrote it
    let key = record::summary_key(s.id);
    let bytes = store.db.get(key).unwrap().unwrap();
    let (_, json) = record::unframe(s.id, "summary", &key, &bytes).unwrap();
    let text = String::from_utf8(json.to_vec()).unwrap();
    assert!(text.contains("\"BareKing\""), "{text}");
    let old = text.replace("\"BareKing\"", "\"InsufficientMaterial\"");
    store
        .db
        .insert(key, frame(SCHEMA, &key, old.as_bytes()))
        .unwrap();
    store.db.flush().unwrap();
    let listed = store.list().unwrap().games;
    let r = listed[0].result.as_ref().unwrap();
    assert_eq!(r.reason, EndReason::InsufficientMaterial);
    let loaded = store.load(s.id).unwrap();
    assert_eq!(
        loaded.result.as_ref().map(|o| o.reason),
        Some(EndReason::BareKing)
    );
    // the text form round-trips the new reason of a finished game too
    let back = text::read(&text::write(&loaded)).unwrap();
    assert_eq!(
        back.game.outcome().map(|o| o.reason),
        Some(EndReason::BareKing)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every record of a game rewritten as schema 2 wrote it (checksum of version + payload, no
/// key): the game loads and lists as before, plays on (its new records in schema 3), and a
/// schema-2 record of another game is still accepted (what schema 3 closes for new records).
#[test]
fn records_of_schema_2_still_load_and_the_game_plays_on() {
    let dir = temp_dir("schema2");
    let store = GameStore::open(&dir).unwrap();
    let mut rng = Rng(2);
    let mut s = store.create("old", &Setup::new("chess").unwrap()).unwrap();
    for _ in 0..10 {
        random_move(&store, &mut s, &mut rng);
    }
    let mut keys = vec![
        record::header_key(s.id).to_vec(),
        record::summary_key(s.id).to_vec(),
    ];
    keys.extend(
        store
            .db
            .scan_prefix(record::moves_prefix(s.id))
            .keys()
            .map(|k| k.unwrap().to_vec()),
    );
    for key in &keys {
        let bytes = store.db.get(key).unwrap().unwrap();
        assert_eq!(bytes[0], SCHEMA);
        let (_, json) = record::unframe(s.id, "any", key, &bytes).unwrap();
        let old = frame(2, &[], json);
        assert!(record::unframe(s.id, "any", &[], &old).is_ok());
        store.db.insert(key, old).unwrap();
    }
    let back = store.load(s.id).unwrap();
    assert_same(&back, &s);
    assert_eq!(store.list().unwrap().games.len(), 1);
    let mut again = back;
    random_move(&store, &mut again, &mut rng);
    let last = record::move_key(s.id, again.game.ply_count() as u32 - 1);
    assert_eq!(store.db.get(last).unwrap().unwrap()[0], SCHEMA);
    assert_same(&store.load(s.id).unwrap(), &again);
    // schema 2 could not tell a record's key: its move 1 under move 2 reads as move 2 (and is
    // refused by the rules here); a schema-3 record under another key fails its checksum
    let m0 = store.db.get(record::move_key(s.id, 0)).unwrap().unwrap();
    store.db.insert(record::move_key(s.id, 1), m0).unwrap();
    let e = store.load(s.id).unwrap_err().to_string();
    assert!(e.contains("cannot be replayed"), "{e}");
    let m_last = store.db.get(last).unwrap().unwrap();
    store.db.insert(record::move_key(s.id, 1), m_last).unwrap();
    let e = store.load(s.id).unwrap_err().to_string();
    assert!(e.contains("fails its checksum"), "{e}");
    drop(store);
    let _ = std::fs::remove_dir_all(&dir);
}
