//! The damage sweep: saved games damaged systematically, record by record and byte by byte,
//! and the database file itself truncated, bit-flipped and replaced by foreign files. After
//! each damage the store must give a typed error naming the damaged game (never a panic, never
//! a wrong game), keep every other game readable and unchanged, and overwrite nothing without a
//! backup.
//!
//! ```sh
//! cargo test --release -p rookery-core --lib store::damage_tests -- --nocapture
//! ROOKERY_DAMAGE_STRIDE=1 ...   # every offset and bit position instead of a spread
//! ```

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use super::record::{self, frame, SCHEMA};
use super::*;
use crate::rng::XorShift as Rng;

fn env_count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "rookery-damage-{name}-{}-{}",
        std::process::id(),
        now_ms()
    ));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// What a player could tell apart about a saved game: position, every stored action, cursor.
fn fingerprint(s: &SavedGame) -> Fingerprint {
    let mut g = s.game.clone();
    while g.redo().is_ok() {}
    (
        s.game.position().hash(),
        s.game.ply_count(),
        g.texts(),
        s.status,
    )
}

type Fingerprint = (u64, usize, Vec<String>, Status);

/// Games of several families with moves, an undo (a redo tail) and a resignation.
fn populate(store: &GameStore) -> BTreeMap<SavedId, Fingerprint> {
    populate_with_history(store)
        .into_iter()
        .map(|(id, h)| (id, h.last().unwrap().clone()))
        .collect()
}

/// [`populate`], with every state each game was saved in, oldest first.
fn populate_with_history(store: &GameStore) -> BTreeMap<SavedId, Vec<Fingerprint>> {
    let mut rng = Rng(0xdead_beef_1234_5678);
    let mut out = BTreeMap::new();
    for (game, actions) in [
        ("chess", 24),
        ("xiangqi", 16),
        ("shogi", 12),
        ("three-player", 12),
        ("four-player-teams", 10),
    ] {
        let mut s = store.create(game, &Setup::new(game).unwrap()).unwrap();
        let mut history = vec![fingerprint(&s)];
        for _ in 0..actions {
            let moves = s.game.legal_moves();
            if moves.is_empty() {
                break;
            }
            store
                .act(&mut s, Action::Move(moves[rng.below(moves.len())]))
                .unwrap();
            history.push(fingerprint(&s));
        }
        store.undo(&mut s).unwrap();
        history.push(fingerprint(&s));
        if game == "xiangqi" {
            store.act_text(&mut s, "resign:1").unwrap();
            history.push(fingerprint(&s));
        }
        out.insert(s.id, history);
    }
    out
}

/// The game an error names, if it is one of the typed saved-game errors.
fn named_game(e: &Error) -> Option<SavedId> {
    match e {
        Error::CorruptSave { game, .. }
        | Error::NewerSchema { game, .. }
        | Error::RolledBack { game, .. } => Some(*game),
        _ => None,
    }
}

/// `n` positions spread over `0..len` (every one when the stride is 1 or `len` is small).
fn spread(len: usize, n: usize) -> Vec<usize> {
    let stride = env_count("ROOKERY_DAMAGE_STRIDE", 0);
    if stride == 1 || len <= n {
        return (0..len).collect();
    }
    let step = if stride > 1 { stride } else { len.div_ceil(n) };
    let mut v: Vec<usize> = (0..len).step_by(step).collect();
    // the frame (version, checksum) and the last bytes always
    v.extend((0..5.min(len)).chain(len.saturating_sub(3)..len));
    v.sort_unstable();
    v.dedup();
    v
}

#[derive(Default, Debug)]
struct RecordTally {
    cases: usize,
    truncated: usize,
    flipped: usize,
    foreign: usize,
    /// Typed errors naming the damaged game (load or listing).
    named: usize,
    /// Foreign records that are valid records of the right kind from another game: not damage
    /// the store can see; the game then loads as a legal game (replayed through the rules).
    accepted_valid_foreign: usize,
    /// Foreign records that happen to read as the same game (another game's identical move).
    same: usize,
}

/// Every record of every game, truncated at spread offsets, with a bit flipped at spread
/// positions, and replaced by foreign values.
#[test]
fn record_damage_sweep_names_the_game_and_leaves_the_others_readable() {
    let dir = temp_dir("records");
    let store = GameStore::open(&dir).unwrap();
    let originals = populate(&store);
    let ids: Vec<SavedId> = originals.keys().copied().collect();
    let per_record = env_count("ROOKERY_DAMAGE_PER_RECORD", 24);
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut t = RecordTally::default();

    // foreign values of every kind: a header, a summary and a move record of another game,
    // JSON without a frame, a valid frame of foreign JSON, a newer schema, nothing, noise
    let other = ids[0];
    let foreign_of_kind = |kind: u8| -> Vec<u8> {
        let k = match kind {
            b'h' => record::header_key(other).to_vec(),
            b's' => record::summary_key(other).to_vec(),
            _ => record::move_key(other, 0).to_vec(),
        };
        store.db.get(k).unwrap().unwrap().to_vec()
    };
    let noise = [rng.bytes(5), rng.bytes(64), rng.bytes(4096)];
    // valid frames (for the key they replace) of foreign JSON, a newer schema, nothing
    let generic_foreign = |key: &[u8]| -> Vec<Vec<u8>> {
        let mut v = vec![
            Vec::new(),
            b"{\"t\":\"e2e4\",\"ms\":1}".to_vec(),
            frame(SCHEMA, key, b"{\"hello\":\"world\"}"),
            frame(SCHEMA, key, b"[1,2,3]"),
            frame(SCHEMA + 1, key, b"{}"),
            frame(SCHEMA, key, b""),
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
        ];
        v.extend(noise.iter().cloned());
        v
    };

    for &victim in &ids {
        let mut keys: Vec<Vec<u8>> = vec![
            record::header_key(victim).to_vec(),
            record::summary_key(victim).to_vec(),
        ];
        keys.extend(
            store
                .db
                .scan_prefix(record::moves_prefix(victim))
                .keys()
                .map(|k| k.unwrap().to_vec()),
        );
        for key in keys {
            let original = store.db.get(&key).unwrap().unwrap().to_vec();
            let mut damaged: Vec<(&str, Vec<u8>)> = Vec::new();
            for at in spread(original.len(), per_record) {
                damaged.push(("truncated", original[..at].to_vec()));
            }
            for at in spread(original.len(), per_record) {
                let mut v = original.clone();
                v[at] ^= 1 << (at % 8);
                damaged.push(("flipped", v));
            }
            for kind in [b'h', b's', b'm'] {
                if victim != other {
                    damaged.push(("foreign-kind", foreign_of_kind(kind)));
                }
            }
            for f in generic_foreign(&key) {
                damaged.push(("foreign", f));
            }
            for (what, bytes) in damaged {
                t.cases += 1;
                match what {
                    "truncated" => t.truncated += 1,
                    "flipped" => t.flipped += 1,
                    _ => t.foreign += 1,
                }
                store.db.insert(&key, bytes.clone()).unwrap();
                let label = format!("game {victim} key {:?} {what} ({} bytes)", key, bytes.len());
                let mut named = false;
                let mut accepted = false;
                // the listing: the others unchanged; the victim listed or named as broken
                let listing = store.list().unwrap();
                for e in &listing.broken {
                    assert_eq!(named_game(e), Some(victim), "{label}: listing says {e}");
                    named = true;
                }
                for s in &listing.games {
                    if s.id != victim {
                        let o = &originals[&s.id];
                        assert_eq!((s.ply as usize, s.status), (o.1, o.3), "{label}");
                    }
                }
                assert_eq!(
                    listing.games.len() + listing.broken.len(),
                    ids.len(),
                    "{label}: a game went missing from the listing"
                );
                // loading: a typed error naming the victim, or (a valid foreign record) a
                // legal game
                match store.load(victim) {
                    Err(e) => {
                        assert_eq!(named_game(&e), Some(victim), "{label}: {e:?}");
                        named = true;
                    }
                    Ok(s) => {
                        let fp = fingerprint(&s);
                        if fp != originals[&victim] {
                            assert!(
                                what.starts_with("foreign"),
                                "{label}: damage went unseen and changed the game"
                            );
                            accepted = true;
                        }
                        let pos = s.game.position();
                        assert_eq!(pos.hash(), pos.compute_hash(), "{label}");
                    }
                }
                // since schema 3 a record's checksum covers its key: a valid record of another
                // game (or another record of this one) is damage too
                assert!(
                    named || !accepted,
                    "{label}: another game's record was accepted"
                );
                if what == "truncated" || what == "flipped" {
                    assert!(named, "{label}: damage was not reported");
                }
                for &o in &ids {
                    if o != victim {
                        let s = store
                            .load(o)
                            .unwrap_or_else(|e| panic!("{label}: game {o}: {e}"));
                        assert_eq!(fingerprint(&s), originals[&o], "{label}: game {o}");
                    }
                }
                // nothing rewrote the damaged record
                assert_eq!(
                    store.db.get(&key).unwrap().map(|v| v.to_vec()),
                    Some(bytes),
                    "{label}: the damaged record was overwritten"
                );
                if named {
                    t.named += 1;
                } else if accepted {
                    t.accepted_valid_foreign += 1;
                } else {
                    t.same += 1;
                }
            }
            store.db.insert(&key, original).unwrap();
        }
    }
    for (&id, o) in &originals {
        assert_eq!(&fingerprint(&store.load(id).unwrap()), o);
    }
    println!(
        "record damage sweep: {} damaged records tried over {} games ({} truncated, {} \
         bit-flipped, {} foreign): {} typed errors naming the game, {} valid records of \
         another game accepted as legal games, {} read as the same game, 0 panics, 0 other games affected, 0 records \
         overwritten",
        t.cases,
        ids.len(),
        t.truncated,
        t.flipped,
        t.foreign,
        t.named,
        t.accepted_valid_foreign,
        t.same
    );
    assert_eq!(t.named + t.accepted_valid_foreign + t.same, t.cases);
    drop(store);
    let _ = fs::remove_dir_all(&dir);
}

fn copy_dir(from: &Path, to: &Path) {
    let _ = fs::remove_dir_all(to);
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    if let Ok(rd) = fs::read_dir(dir) {
        for e in rd {
            let e = e.unwrap();
            if e.file_type().unwrap().is_dir() {
                for (p, b) in snapshot(&e.path()) {
                    out.insert(Path::new(&e.file_name()).join(p), b);
                }
            } else {
                out.insert(PathBuf::from(e.file_name()), fs::read(e.path()).unwrap());
            }
        }
    }
    out
}

#[derive(Default, Debug)]
struct FileTally {
    cases: usize,
    truncated: usize,
    flipped: usize,
    foreign: usize,
    /// sled could not open it: moved aside byte for byte, a new database started.
    moved_aside: usize,
    /// Opened; every game loads unchanged.
    intact: usize,
    /// Opened; some games give typed errors naming them (the others load unchanged).
    games_named: usize,
    /// Opened; sled recovered an older state of its log, and the guard file (see
    /// `store::guard`) named the games that lost actions (older, or missing) with
    /// `Error::RolledBack`, the copy from before the open kept byte for byte.
    games_rolled_back: usize,
    /// Of those, with games missing altogether (the state before they existed).
    games_missing: usize,
    /// The whole directory replaced by another program's database: the guard file went with
    /// it, so the missing games are not told apart from a fresh start.
    replaced: usize,
    /// Opened, and the database file differs afterwards (sled's recovery truncates the log at
    /// the first bad entry and writes over what followed).
    rewritten: usize,
    errors: usize,
}

/// The database file truncated and bit-flipped at spread offsets, and its files replaced by
/// foreign ones; opened like an app start.
#[test]
fn database_file_damage_sweep_moves_aside_or_names_the_games() {
    let work = temp_dir("files");
    let template = work.join("template");
    let histories = {
        let store = GameStore::open(&template).unwrap();
        let h = populate_with_history(&store);
        store.db.flush().unwrap();
        h
    };
    let originals: BTreeMap<SavedId, Fingerprint> = histories
        .iter()
        .map(|(&id, h)| (id, h.last().unwrap().clone()))
        .collect();
    let db = fs::read(template.join("db")).unwrap();
    let conf = fs::read(template.join("conf")).unwrap();
    // where the data is: sled's file ends in unused segment space
    let used = db.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
    let n = env_count("ROOKERY_DAMAGE_FILE_CASES", 48);
    let mut rng = Rng(0x0bad_cafe_0000_0001);
    type Damage = Box<dyn Fn(&Path)>;
    let mut cases: Vec<(String, Damage)> = Vec::new();
    // the control: an undamaged copy (must open intact)
    cases.push(("undamaged copy".into(), Box::new(|_: &Path| {})));
    for at in spread(used, n).into_iter().chain([used, db.len() / 2]) {
        cases.push((
            format!("db truncated at {at}"),
            Box::new(move |d: &Path| {
                let f = fs::OpenOptions::new()
                    .write(true)
                    .open(d.join("db"))
                    .unwrap();
                f.set_len(at as u64).unwrap();
            }),
        ));
    }
    for at in spread(used, n) {
        let bit = rng.below(8);
        cases.push((
            format!("db bit {bit} flipped at {at}"),
            Box::new(move |d: &Path| {
                let mut b = fs::read(d.join("db")).unwrap();
                b[at] ^= 1 << bit;
                fs::write(d.join("db"), b).unwrap();
            }),
        ));
    }
    let noise = rng.bytes(db.len());
    let foreign_db = {
        // another program's sled database
        let p = work.join("foreign-sled");
        let other = sled::open(&p).unwrap();
        other.insert(b"s12345678", b"not ours".to_vec()).unwrap();
        other
            .insert(b"h\0\0\0\0\0\0\0\x01", b"nor this".to_vec())
            .unwrap();
        other.flush().unwrap();
        drop(other);
        p
    };
    let foreign: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty db", Vec::new(), "db"),
        ("zeroed db", vec![0; db.len()], "db"),
        ("random db", noise.clone(), "db"),
        (
            "text db",
            b"saved games? no, a shopping list\n".to_vec(),
            "db",
        ),
        ("png db", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(), "db"),
        ("conf as db", conf.clone(), "db"),
        ("empty conf", Vec::new(), "conf"),
        ("random conf", rng.bytes(conf.len()), "conf"),
        ("db as conf", db[..4096.min(db.len())].to_vec(), "conf"),
    ];
    for (what, bytes, file) in foreign {
        cases.push((
            what.to_string(),
            Box::new(move |d: &Path| fs::write(d.join(file), &bytes).unwrap()),
        ));
    }
    {
        let foreign_db = foreign_db.clone();
        cases.push((
            "another program's sled database".into(),
            Box::new(move |d: &Path| {
                fs::remove_dir_all(d).unwrap();
                copy_dir(&foreign_db, d);
            }),
        ));
    }
    cases.push((
        "a file where the directory was".into(),
        Box::new(|d: &Path| {
            fs::remove_dir_all(d).unwrap();
            fs::write(d, b"not a directory").unwrap();
        }),
    ));

    let mut t = FileTally::default();
    let case_dir = work.join("case");
    let mut control_rewritten = false;
    for (label, damage) in &cases {
        t.cases += 1;
        if label == "undamaged copy" {
        } else if label.contains("truncated") {
            t.truncated += 1;
        } else if label.contains("flipped") {
            t.flipped += 1;
        } else {
            t.foreign += 1;
        }
        if case_dir.is_file() {
            fs::remove_file(&case_dir).unwrap();
        }
        copy_dir(&template, &case_dir);
        damage(&case_dir);
        let before = snapshot(&case_dir);
        let before_file = case_dir.is_file().then(|| fs::read(&case_dir).unwrap());
        let opened =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| GameStore::open(&case_dir)));
        let store = match opened {
            Err(_) => panic!("{label}: GameStore::open panicked"),
            Ok(Err(e)) => {
                assert!(
                    matches!(
                        e,
                        Error::StoreUnavailable { .. } | Error::StoreLocked { .. }
                    ),
                    "{label}: {e:?}"
                );
                assert_eq!(
                    snapshot(&case_dir),
                    before,
                    "{label}: changed on a failed open"
                );
                if let Some(b) = &before_file {
                    assert_eq!(&fs::read(&case_dir).unwrap(), b, "{label}");
                }
                t.errors += 1;
                continue;
            }
            Ok(Ok(s)) => s,
        };
        if let Some(a) = store.moved_aside().cloned() {
            assert_eq!(snapshot(&a.to), before, "{label}: the backup differs");
            assert!(store.list().unwrap().games.is_empty(), "{label}");
            t.moved_aside += 1;
            drop(store);
            let _ = fs::remove_dir_all(&a.to);
            continue;
        }
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let listing = store.list().map_err(|e| format!("{label}: list: {e}"))?;
            for e in &listing.broken {
                let g = named_game(e).ok_or_else(|| format!("{label}: untyped {e:?}"))?;
                if !originals.contains_key(&g) && !label.starts_with("another program") {
                    return Err(format!("{label}: names an unknown game {g}"));
                }
            }
            let (mut named, mut rolled, mut missing) = (0, 0, 0);
            for (&id, o) in &originals {
                match store.load(id) {
                    Ok(s) if &fingerprint(&s) == o => {}
                    Ok(s) if histories[&id].contains(&fingerprint(&s)) => {
                        return Err(format!("{label}: game {id} silently rolled back"))
                    }
                    Ok(s) => {
                        return Err(format!(
                            "{label}: game {id} loads as another game: {:?}",
                            fingerprint(&s)
                        ))
                    }
                    Err(Error::RolledBack {
                        game,
                        backup,
                        detail,
                    }) if game == id => {
                        // named, also in the listing, with the copy from before the open
                        if !listing
                            .broken
                            .iter()
                            .any(|e| matches!(e, Error::RolledBack { game, .. } if *game == id))
                        {
                            return Err(format!("{label}: game {id} not listed as rolled back"));
                        }
                        if snapshot(Path::new(&backup)) != before {
                            return Err(format!("{label}: the copy at {backup} differs"));
                        }
                        if detail.contains("could not be read at all") {
                            missing += 1;
                        }
                        rolled += 1;
                    }
                    // the whole directory replaced: the guard file went with it (a limit:
                    // the guard lives in the directory, so that deleting the directory on
                    // purpose starts afresh)
                    Err(Error::NoSuchSave(_)) if label.starts_with("another program") => {}
                    Err(Error::NoSuchSave(_)) => {
                        return Err(format!("{label}: game {id} silently missing"))
                    }
                    Err(e) if named_game(&e) == Some(id) => named += 1,
                    Err(e) => return Err(format!("{label}: game {id}: untyped {e:?}")),
                }
            }
            if rolled == 0 && store.rollback_copy().is_some() {
                return Err(format!("{label}: a copy kept with nothing rolled back"));
            }
            Ok((named, rolled, missing))
        }));
        match run {
            Err(_) => panic!("{label}: reading the opened store panicked"),
            Ok(Err(msg)) => panic!("{msg}"),
            Ok(Ok((named, rolled, missing))) => {
                if named > 0 {
                    t.games_named += 1;
                }
                if rolled > 0 {
                    t.games_rolled_back += 1;
                }
                if missing > 0 {
                    t.games_missing += 1;
                }
                if label.starts_with("another program") {
                    t.replaced += 1;
                } else if named == 0 && rolled == 0 {
                    t.intact += 1;
                }
            }
        }
        let copy = store.rollback_copy().map(Path::to_path_buf);
        drop(store);
        if let Some(c) = copy {
            let _ = fs::remove_dir_all(c);
        }
        assert!(
            !guard::sibling(&case_dir, "before-open").exists(),
            "{label}: the copy before the open was left behind"
        );
        let rewritten = snapshot(&case_dir).get(Path::new("db")) != before.get(Path::new("db"));
        if label == "undamaged copy" {
            assert_eq!(t.intact, 1, "the undamaged copy does not open intact");
            control_rewritten = rewritten;
        } else if rewritten {
            t.rewritten += 1;
        }
    }
    println!(
        "database file damage sweep: {} damaged database files tried ({} truncated, {} \
         bit-flipped, {} foreign): {} opened with every game intact, {} moved aside byte for \
         byte with a new database started, {} refused with a typed error (nothing touched), {} \
         with games named by a typed error, {} rolled back by sled's recovery with the games \
         that lost actions named by Error::RolledBack and the copy from before the open kept \
         ({} of them with games missing altogether), 0 rolled back silently, {} directory \
         replaced by another program's database (its games are not ours: none named), {} rewritten by \
         sled's recovery (an undamaged copy is {}rewritten by opening it); 0 panics",
        t.cases - 1,
        t.truncated,
        t.flipped,
        t.foreign,
        t.intact - 1,
        t.moved_aside,
        t.errors,
        t.games_named,
        t.games_rolled_back,
        t.games_missing,
        t.replaced,
        t.rewritten,
        if control_rewritten { "" } else { "not " }
    );
    assert_eq!(t.cases, cases.len());
    drop(cases);
    let _ = fs::remove_dir_all(&work);
}

#[test]
fn a_new_database_in_an_empty_directory_is_made_beside_it_and_moved_in() {
    let dir = temp_dir("empty");
    assert!(is_new(&dir));
    let store = GameStore::open(&dir).unwrap();
    assert!(dir.join("conf").is_file() && dir.join("db").is_file());
    assert!(!guard::sibling(&dir, "creating").exists());
    assert!(!is_new(&dir));
    drop(store);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_creation_in_progress_in_another_store_is_left_alone_and_the_open_is_store_locked() {
    let root = temp_dir("creating-held");
    let dir = root.join("saves");
    let tmp = guard::sibling(&dir, "creating");
    let other = open_sled(&tmp).ok().expect("sled opens the sibling");
    assert!(matches!(
        GameStore::open(&dir),
        Err(Error::StoreLocked { .. })
    ));
    assert!(
        tmp.join("db").is_file(),
        "the other creation's files are kept"
    );
    drop(other);
    let store = GameStore::open(&dir).unwrap();
    assert_eq!(store.moved_aside(), None);
    drop(store);
    let _ = fs::remove_dir_all(&root);
}
