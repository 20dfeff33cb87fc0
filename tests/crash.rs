//! Crash test of saved games: `rookery selfplay` plays random games with autosave (moves, undo,
//! redo, resignations, time-outs, three-player choices, abandoning games) and is killed with
//! SIGKILL at random moments. After every kill the database is opened again, every game must
//! load and be exactly what the child reported saved (the actions themselves, not only their
//! number, the undo/redo cursor and the status), or that plus the one step the child had made
//! durable but not yet reported. A round that waited for the child's first report fails when
//! none comes, and the run fails when the reports fall below a floor.
//!
//! - `ROOKERY_CRASH_KILLS` (default 200; the benchmark run uses 1000): how many kills.
//! - `ROOKERY_CRASH_SEED`: seed of the kill moments and of the games (printed on every run, so a
//!   failure can be replayed; tests/run-all.sh fixes it, a bare `cargo test` takes the clock).
//! - `ROOKERY_BIN`: the `rookery` binary to run; by default this package's bin target
//!   `rookery-cli-under-test`, the CLI library's own `main` (tests/bin/rookery.rs).
//!
//! Every playable game id from `rules::catalogue()` takes turns (kill k plays game id k mod n),
//! each in its own database, so new games are covered automatically. A database serves 50 kills;
//! then a fresh one starts, which keeps the check after each kill (it replays every game in the
//! database) cheap.

use std::collections::{BTreeMap, HashMap};
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

/// The `rookery` binary: `ROOKERY_BIN`, else this package's bin target
/// `rookery-cli-under-test` over the CLI library (see tests/Cargo.toml).
fn rookery_binary() -> PathBuf {
    match std::env::var("ROOKERY_BIN") {
        Ok(bin) => PathBuf::from(bin),
        Err(_) => PathBuf::from(env!("CARGO_BIN_EXE_rookery-cli-under-test")),
    }
}

/// One `saved <id> <ply> <len> <status> <what>` line of selfplay.
#[derive(Clone, Debug)]
struct Report {
    id: u64,
    ply: usize,
    len: usize,
    status: String,
    what: String,
}

/// Reads report lines until the child's stdout closes. Only whole lines count (a line cut by
/// the kill was never fully reported). The first line is announced on `first`.
fn read_reports(out: impl Read, first: mpsc::Sender<()>) -> Vec<Report> {
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
            ["saved", id, ply, len, status, what] => {
                reports.push(Report {
                    id: id.parse().unwrap(),
                    ply: ply.parse().unwrap(),
                    len: len.parse().unwrap(),
                    status: status.to_string(),
                    what: what.to_string(),
                });
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

/// A saved game as the test knows it: every stored action (the redo tail included), the
/// cursor and the status.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Known {
    texts: Vec<String>,
    ply: usize,
    status: String,
}

impl Known {
    fn new_game() -> Known {
        Known {
            texts: Vec::new(),
            ply: 0,
            status: "playing".into(),
        }
    }

    /// Applies one reported step; `Err` when the report does not follow from the known state.
    fn apply(&mut self, r: &Report) -> Result<(), String> {
        let ok = self.status == "playing"
            && match r.what.as_str() {
                "undo" => r.ply + 1 == self.ply && r.len == self.texts.len(),
                "redo" => r.ply == self.ply + 1 && r.len == self.texts.len() && r.ply <= r.len,
                "finish" => {
                    r.ply == self.ply && r.len == self.texts.len() && r.status == "abandoned"
                }
                _ => r.ply == self.ply + 1 && r.len == r.ply,
            };
        if !ok {
            return Err(format!("report {r:?} does not follow from {self:?}"));
        }
        if !matches!(r.what.as_str(), "undo" | "redo" | "finish") {
            self.texts.truncate(self.ply);
            self.texts.push(r.what.clone());
        }
        self.ply = r.ply;
        self.status = r.status.clone();
        Ok(())
    }

    /// What one step led from `self` to `now`: "same", "act", "undo", "redo" or "finish";
    /// `None` when `now` is not `self` or one step after it.
    fn step_to(&self, now: &Known) -> Option<&'static str> {
        if self == now {
            return Some("same");
        }
        if self.status != "playing" {
            return None;
        }
        let same_texts = self.texts == now.texts;
        if same_texts && now.ply + 1 == self.ply {
            Some("undo")
        } else if same_texts && now.ply == self.ply + 1 {
            Some("redo")
        } else if same_texts && now.ply == self.ply && now.status == "abandoned" {
            Some("finish")
        } else if now.ply == self.ply + 1
            && now.texts.len() == now.ply
            && now.texts[..self.ply] == self.texts[..self.ply]
        {
            Some("act")
        } else {
            None
        }
    }
}

/// One game id's current database.
#[derive(Default)]
struct Db {
    number: usize,
    kills: usize,
    /// Every saved game as last seen in the database, then advanced by the child's reports.
    known: HashMap<u64, Known>,
}

/// The kind of a reported step, for the tally.
fn kind(what: &str) -> &'static str {
    match what {
        "undo" => "undo",
        "redo" => "redo",
        "finish" => "finish",
        w if w.starts_with("resign:") => "resign",
        w if w.starts_with("timeout:") => "timeout",
        w if w.starts_with("choice:") => "choice",
        _ => "move",
    }
}

#[test]
fn every_step_reported_saved_survives_sigkill_and_every_game_loads() {
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
    let mut waited_rounds = 0usize;
    // reported steps by kind, and steps found durable but unreported after a kill by kind
    let mut reported_kinds: BTreeMap<&str, usize> = BTreeMap::new();
    let mut caught: BTreeMap<&str, usize> = BTreeMap::new();
    let mut dbs: HashMap<&str, Db> = HashMap::new();
    for k in 0..kills {
        // the games take turns, each in its own database, renewed every KILLS_PER_DATABASE
        let game = games[k % games.len()];
        let state = dbs.entry(game).or_default();
        if state.kills == KILLS_PER_DATABASE {
            total_games += state.known.len();
            *state = Db {
                number: state.number + 1,
                ..Db::default()
            };
        }
        state.kills += 1;
        let db = root.join(format!("db-{game}-{}", state.number));
        let known = &mut state.known;

        let mut child = spawn(&bin, &db, game, seed.wrapping_add(k as u64), &log);
        let (first_tx, first_rx) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || read_reports(out, first_tx));
        // A quarter of the kills land at any moment from the start (opening, recovering,
        // loading, creating); the rest while steps are being saved, after the first report.
        let waited = rng.below(4) != 0;
        if waited {
            waited_rounds += 1;
            if first_rx.recv_timeout(Duration::from_secs(60)).is_err() {
                let _ = child.kill();
                panic!(
                    "kill {k} ({game}): selfplay reported nothing within 60 s; see {}",
                    log.display()
                );
            }
            std::thread::sleep(Duration::from_micros(rng.below(40_000)));
        } else {
            std::thread::sleep(Duration::from_micros(rng.below(60_000)));
            if first_rx.try_recv().is_err() {
                during_startup += 1;
            }
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
        assert!(
            !waited || !reports.is_empty(),
            "kill {k} ({game}): a round that saw a report has none"
        );
        total_reports += reports.len();
        for r in &reports {
            *reported_kinds.entry(kind(&r.what)).or_default() += 1;
            let g = known.entry(r.id).or_insert_with(Known::new_game);
            if let Err(e) = g.apply(r) {
                panic!("kill {k} ({game}) game {}: {e}", r.id);
            }
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
        let mut now: HashMap<u64, Known> = HashMap::new();
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
            let mut all = g.game.clone();
            while all.redo().is_ok() {}
            now.insert(
                s.id,
                Known {
                    texts: all.texts(),
                    ply: g.game.ply_count(),
                    status: g.status.to_string(),
                },
            );
        }
        // Every game is what the reports say, except at most one step made durable and not
        // reported: of one game, or a game created (with at most one action) and not reported.
        let mut unreported = Vec::new();
        for (id, before) in known.iter() {
            let after = now
                .get(id)
                .unwrap_or_else(|| panic!("kill {k}: game {id} was reported saved but is gone"));
            match before.step_to(after) {
                Some("same") => {}
                Some(step) => unreported.push((*id, step)),
                None => panic!(
                    "kill {k} ({game}): game {id} lost or changed steps reported saved:\n  \
                     reported {before:?}\n  saved    {after:?}"
                ),
            }
        }
        for (id, after) in &now {
            if !known.contains_key(id) {
                // created and at most one step on (a first move, or a finish or resignation
                // before any move) that the kill kept from being reported
                assert!(
                    Known::new_game().step_to(after).is_some(),
                    "kill {k}: game {id} was never reported but holds {after:?}"
                );
                unreported.push((*id, "create"));
            }
        }
        assert!(
            unreported.len() <= 1,
            "kill {k}: more than one step durable but unreported: {unreported:?}"
        );
        for (_, step) in &unreported {
            *caught.entry(*step).or_default() += 1;
        }
        *known = now;
    }
    total_games += dbs.values().map(|d| d.known.len()).sum::<usize>();
    eprintln!(
        "crash test: {kills} kills ({during_startup} before the first step was reported), \
         {total_reports} steps reported saved {reported_kinds:?}, killed after a durable but \
         unreported step {caught:?}, {total_games} games checked, {:.1} s",
        started.elapsed().as_secs_f64()
    );
    // Floors: every round that waited saw a report (checked above), the reports average at least
    // one per two kills (a round that waits sees many), and every kind of step was exercised.
    let floor = kills / 2;
    assert!(
        total_reports >= floor.max(waited_rounds),
        "only {total_reports} steps reported in {kills} kills ({waited_rounds} waited for one)"
    );
    if kills >= 100 {
        for what in ["move", "undo", "redo", "resign", "finish"] {
            assert!(
                reported_kinds.get(what).copied().unwrap_or(0) > 0,
                "no {what} was reported in {kills} kills: {reported_kinds:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}
