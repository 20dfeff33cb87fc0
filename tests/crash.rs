//! Crash test of saved games: `rookery selfplay` plays random games with autosave and is killed
//! with SIGKILL at random moments; after every kill the database is opened again and every move
//! the child had reported as saved must be there, and every game must load.
//!
//! - `ROOKERY_CRASH_KILLS` (default 200; the benchmark run uses 1000): how many kills.
//! - `ROOKERY_CRASH_SEED`: seed of the kill moments and of the games (printed on every run, so a
//!   failure can be replayed).
//! - `ROOKERY_BIN`: the `rookery` binary to run; by default the CLI's own main.rs, which cargo
//!   builds for this package as the bin target `rookery-cli-under-test`.
//!
//! Every playable game id from `rules::catalogue()` takes turns (kill k plays game id k mod n),
//! each in its own database, so new games are covered automatically. A database serves 50 kills;
//! then a fresh one starts, which keeps the check after each kill (it replays every game in the
//! database) cheap.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rookery_core::rules;
use rookery_core::store::GameStore;

const KILLS_PER_DATABASE: usize = 50;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The `rookery` binary: `ROOKERY_BIN`, else the CLI's main.rs built by cargo as this
/// package's bin target `rookery-cli-under-test` (see tests/Cargo.toml).
fn rookery_binary() -> PathBuf {
    match std::env::var("ROOKERY_BIN") {
        Ok(bin) => PathBuf::from(bin),
        Err(_) => PathBuf::from(env!("CARGO_BIN_EXE_rookery-cli-under-test")),
    }
}

/// Reads `saved <id> <ply>` lines until the child's stdout closes. Only whole lines count (a
/// line cut by the kill was never fully reported). The first line is announced on `first`.
fn read_reports(out: impl Read, first: mpsc::Sender<()>) -> Vec<(u64, usize)> {
    let mut r = BufReader::new(out);
    let mut reports = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        match r.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line.last() != Some(&b'\n') {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        let parts: Vec<&str> = text.split_whitespace().collect();
        match parts.as_slice() {
            ["saved", id, ply] => {
                reports.push((id.parse().unwrap(), ply.parse().unwrap()));
                if reports.len() == 1 {
                    let _ = first.send(());
                }
            }
            _ => panic!("unexpected line from selfplay: {text:?}"),
        }
    }
    reports
}

fn spawn(bin: &Path, db: &Path, game: &str, seed: u64, log: &Path) -> Child {
    let stderr = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .expect("stderr log");
    Command::new(bin)
        .args(["selfplay", "--db"])
        .arg(db)
        .args(["--game", game, "--seed", &seed.to_string()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("start rookery selfplay")
}

/// What the check after a kill remembers of one saved game.
struct Seen {
    texts: Vec<String>,
}

/// One game id's current database.
#[derive(Default)]
struct Db {
    number: usize,
    kills: usize,
    /// The highest ply the child reported saved, per saved game.
    reported: HashMap<u64, usize>,
    seen: HashMap<u64, Seen>,
}

#[test]
fn every_move_reported_saved_survives_sigkill_and_every_game_loads() {
    let kills: usize = std::env::var("ROOKERY_CRASH_KILLS")
        .ok()
        .map(|v| v.parse().expect("ROOKERY_CRASH_KILLS is a number"))
        .unwrap_or(200);
    let seed: u64 = std::env::var("ROOKERY_CRASH_SEED")
        .ok()
        .map(|v| v.parse().expect("ROOKERY_CRASH_SEED is a number"))
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap()
                .as_millis() as u64
        });
    eprintln!("crash test: {kills} kills, ROOKERY_CRASH_SEED={seed}");
    let bin = rookery_binary();
    let games: Vec<&str> = rules::catalogue()
        .into_iter()
        .filter(|g| g.playable)
        .map(|g| g.id)
        .collect();
    let root = std::env::temp_dir().join(format!("rookery-crash-{}-{seed}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let log = root.join("selfplay-stderr.log");

    let started = Instant::now();
    let mut rng = Rng(seed);
    let mut total_reports = 0usize;
    let mut total_games = 0usize;
    let mut during_startup = 0usize;
    let mut dbs: HashMap<&str, Db> = HashMap::new();
    for k in 0..kills {
        // the games take turns, each in its own database, renewed every KILLS_PER_DATABASE
        let game = games[k % games.len()];
        let state = dbs.entry(game).or_default();
        if state.kills == KILLS_PER_DATABASE {
            total_games += state.seen.len();
            *state = Db {
                number: state.number + 1,
                ..Db::default()
            };
        }
        state.kills += 1;
        let db = root.join(format!("db-{game}-{}", state.number));
        let Db { reported, seen, .. } = state;

        let mut child = spawn(&bin, &db, game, seed.wrapping_add(k as u64), &log);
        let (first_tx, first_rx) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || read_reports(out, first_tx));
        // A quarter of the kills land at any moment from the start (opening, recovering,
        // loading, creating); the rest while moves are being saved.
        if rng.below(4) == 0 {
            std::thread::sleep(Duration::from_micros(rng.below(60_000)));
            if first_rx.try_recv().is_err() {
                during_startup += 1;
            }
        } else {
            let _ = first_rx.recv_timeout(Duration::from_secs(20));
            std::thread::sleep(Duration::from_micros(rng.below(40_000)));
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!(
                "selfplay exited by itself ({status}) before kill {k}; see {}",
                log.display()
            );
        }
        child.kill().expect("SIGKILL the child");
        let status = child.wait().unwrap();
        {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(status.signal(), Some(9), "child ended by SIGKILL");
        }
        let reports = reader.join().expect("reader thread");
        total_reports += reports.len();
        for (id, ply) in reports {
            let e = reported.entry(id).or_insert(0);
            *e = (*e).max(ply);
        }

        // Open the database again as the app would after being killed.
        let store = match GameStore::open(&db) {
            Ok(s) => s,
            Err(e) => panic!("kill {k}: cannot reopen {}: {e}", db.display()),
        };
        assert!(
            store.moved_aside().is_none(),
            "kill {k}: the database had to be moved aside: {:?}",
            store.moved_aside()
        );
        let listing = store.list().unwrap();
        assert!(
            listing.broken.is_empty(),
            "kill {k}: broken games {:?}",
            listing.broken
        );
        let mut loaded = HashMap::new();
        for s in &listing.games {
            let g = store
                .load(s.id)
                .unwrap_or_else(|e| panic!("kill {k}: game {} does not load: {e}", s.id));
            assert_eq!(
                g.game.ply_count(),
                s.ply as usize,
                "kill {k}: game {}",
                s.id
            );
            let texts = g.game.texts();
            if let Some(before) = seen.get(&s.id) {
                assert!(
                    texts.starts_with(&before.texts),
                    "kill {k}: game {} lost or changed moves seen saved before",
                    s.id
                );
            }
            loaded.insert(s.id, texts);
        }
        for (&id, &ply) in reported.iter() {
            let texts = loaded
                .get(&id)
                .unwrap_or_else(|| panic!("kill {k}: game {id} was reported saved but is gone"));
            assert!(
                texts.len() >= ply,
                "kill {k}: game {id} was reported saved at ply {ply} but has {} plies",
                texts.len()
            );
        }
        for (id, texts) in loaded {
            seen.insert(id, Seen { texts });
        }
    }
    total_games += dbs.values().map(|d| d.seen.len()).sum::<usize>();
    eprintln!(
        "crash test: {kills} kills ({during_startup} before the first move was reported), \
         {total_reports} moves reported saved, {total_games} games checked, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&root);
}
