//! Saved-game commands: `rookery selfplay`, `rookery saved`, `rookery bench store`.
//!
//! `selfplay` and `saved` are a contract for outside checks (the crash test kills `selfplay`
//! and reads the database back):
//! - `rookery selfplay --db DIR [--game ID] [--seed S]` plays random games with autosave: random
//!   legal moves, and now and then an undo, a redo, a resignation or time-out of the seat to
//!   move, or abandoning the game. Once each step is durable it prints
//!   `saved <saved-game-id> <ply> <stored-actions> <status> <what>`, where `<what>` is the action
//!   text (`e2e4`, `resign:1`, `choice:grey`) or `undo`, `redo`, `finish`. It starts a new game
//!   when one is over, until killed. On start it continues its latest unfinished game.
//! - `rookery saved --db DIR` prints `<saved-game-id> <game-id> <ply> <status>` per saved game
//!   (a damaged one as `<id> - - corrupt` or `<id> - - newer-schema`, details on stderr) and
//!   exits non-zero with a message if the database cannot be read.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use rookery_core::rules;
use rookery_core::store::{GameStore, RecordForm, SavedGame, SeatInfo, Setup, Start, Status};
use rookery_core::{Action, Error, Game};

use crate::progress::Progress;

/// splitmix64: small, seedable, good enough to pick random legal moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

fn flag_num<T: std::str::FromStr>(args: &[String], name: &str) -> Result<Option<T>, String> {
    flag(args, name)
        .map(|v| v.parse().map_err(|_| format!("bad {name} '{v}'")))
        .transpose()
}

/// A game played by bots picking random legal moves.
fn selfplay_setup(game: &str, seed: u64) -> Result<Setup, Error> {
    let mut setup = Setup::new(game)?;
    setup.mode = "selfplay".to_string();
    for (i, s) in setup.seats.iter_mut().enumerate() {
        *s = SeatInfo::bot(format!("Random {}", i + 1), 0);
    }
    setup.seed = seed;
    let start = match rookery_core::rules::numbered_starts(game) {
        Some((count, _)) => (seed % count as u64) as u32,
        None => 0,
    };
    setup.start = Start::Standard { number: start };
    Ok(setup)
}

/// The random move of `saved` at its current ply: a function of the seed, the saved-game id, the
/// ply and the number of stored actions only (so a move played after an undo differs from the
/// one undone), so a game continued after a kill goes on from its saved state alike.
fn random_action(saved: &SavedGame) -> Option<Action> {
    let mut rng = Rng(saved.setup.seed
        ^ saved.id.wrapping_mul(0x2545_F491_4F6C_DD1D)
        ^ (saved.game.ply_count() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (saved.stored_len() as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
    // a decision the players must take first (three-player chess after the first mate)
    let choices = saved.game.choices();
    if !choices.is_empty() {
        return Some(Action::Choose(choices[rng.below(choices.len())]));
    }
    let moves = saved.game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    Some(Action::Move(moves[rng.below(moves.len())]))
}

/// One step of selfplay: besides moves, the other things a player does to a saved game, so that
/// the crash test kills the process during each of them too.
enum Step {
    Act(Action),
    Undo,
    Redo,
    /// Abandon the game ([`GameStore::finish`] without a result).
    Finish,
}

/// The next step of `saved` (playing): with a redo tail, redo or play a new move (half each);
/// else mostly a move, sometimes an undo (6 %), a resignation (1 %) or a time-out (0.5 %) of
/// the seat to move, or abandoning the game (0.5 %). `step` counts the process's steps, so an
/// undo followed by a redo does not repeat for ever; `run` is the process's `--seed`, so a
/// process that continues a game after a kill does not replay the choices of the one before
/// (the crash test kills often: without it the same few steps came back every time).
fn random_step(saved: &SavedGame, step: u64, run: u64) -> Option<Step> {
    let mut rng = Rng(saved.setup.seed
        ^ saved.id.wrapping_mul(0x9FB2_1C65_1E98_DF25)
        ^ run.wrapping_mul(0xD6E8_FEB8_6659_FD93)
        ^ step.wrapping_mul(0xC2B2_AE3D_27D4_EB4F));
    let g = &saved.game;
    if g.choice_pending() {
        return random_action(saved).map(Step::Act);
    }
    if g.redo_count() > 0 && rng.below(2) == 0 {
        return Some(Step::Redo);
    }
    let turn = g.position().turn();
    match rng.below(1000) {
        r if r < 60 && g.ply_count() > 0 => Some(Step::Undo),
        r if (60..70).contains(&r) => Some(Step::Act(Action::Resign(turn))),
        r if (70..75).contains(&r) => Some(Step::Act(Action::Timeout(turn))),
        r if (75..80).contains(&r) => Some(Step::Finish),
        _ => random_action(saved).map(Step::Act),
    }
}

/// Games longer than this are abandoned (a safety net for rule sets still being written).
const SELFPLAY_MAX_PLIES: usize = 3000;

pub fn cmd_selfplay(args: &[String]) -> Result<(), String> {
    let db = flag(args, "--db").ok_or("selfplay needs --db DIR")?;
    let game = flag(args, "--game")
        .unwrap_or(crate::DEFAULT_GAME)
        .to_string();
    rules::variant(&game).map_err(|e| e.to_string())?;
    let mut seed: u64 = match flag_num(args, "--seed")? {
        Some(s) => s,
        None => SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1),
    };
    let store = GameStore::open(db).map_err(|e| e.to_string())?;
    if let Some(aside) = store.moved_aside() {
        eprintln!("warning: {aside}");
    }
    let listing = store.list().map_err(|e| e.to_string())?;
    for e in &listing.broken {
        eprintln!("warning: {e}");
    }
    let mut current = None;
    if let Some(s) = listing
        .games
        .iter()
        .filter(|s| s.status == Status::Playing && s.mode == "selfplay" && s.game == game)
        .max_by_key(|s| s.id)
    {
        match store.load(s.id) {
            Ok(saved) => current = Some(saved),
            Err(e) => eprintln!("warning: cannot continue: {e}"),
        }
    }
    let run = seed;
    let stdout = std::io::stdout();
    let mut step = 0u64;
    let mut progress = Progress::new(format!("selfplay {game}: steps"));
    let mut games_done = 0u64;
    loop {
        let mut saved = match current.take() {
            Some(s) => s,
            None => {
                seed = seed.wrapping_add(1);
                let setup = selfplay_setup(&game, seed).map_err(|e| e.to_string())?;
                store
                    .create(&format!("selfplay {game}"), &setup)
                    .map_err(|e| e.to_string())?
            }
        };
        while saved.status == Status::Playing {
            step += 1;
            progress.set(
                step,
                None,
                &format!("· game {} · ply {}", games_done + 1, saved.game.ply_count()),
            );
            let what = if saved.game.ply_count() >= SELFPLAY_MAX_PLIES {
                Step::Finish
            } else {
                match random_step(&saved, step, run) {
                    Some(s) => s,
                    None => Step::Finish,
                }
            };
            let text = match what {
                Step::Act(a) => match store.act(&mut saved, a) {
                    Ok(()) => Ok(saved.game.plies()[saved.game.ply_count() - 1].text.clone()),
                    // a resignation or time-out the rules refuse (a seat that cannot) changes
                    // nothing: take another step
                    Err(_) if !matches!(a, Action::Move(_) | Action::Choose(_)) => continue,
                    Err(e) => return Err(e.to_string()),
                },
                Step::Undo => store.undo(&mut saved).map(|_| "undo".to_string()),
                Step::Redo => store.redo(&mut saved).map(|_| "redo".to_string()),
                Step::Finish => store.finish(&mut saved, None).map(|_| "finish".to_string()),
            }
            .map_err(|e| e.to_string())?;
            let mut out = stdout.lock();
            if writeln!(
                out,
                "saved {} {} {} {} {}",
                saved.id,
                saved.game.ply_count(),
                saved.stored_len(),
                saved.status,
                text
            )
            .and_then(|_| out.flush())
            .is_err()
            {
                return Ok(()); // nobody is listening any more
            }
        }
        games_done += 1;
    }
}

/// `rookery saved`: `check` is the word form `rookery saved check` (clap has parsed it).
pub fn cmd_saved(args: &[String], check: bool) -> Result<(), String> {
    let db = match flag(args, "--db") {
        Some(d) => std::path::PathBuf::from(d),
        None => crate::play::session::default_db_dir()
            .ok_or("no database directory: neither XDG_DATA_HOME nor HOME is set; give --db DIR")?,
    };
    // an import may start a database; every other use reads one that exists
    let store = if flag(args, "--import").is_some() {
        GameStore::open(&db)
    } else {
        GameStore::open_existing(&db)
    }
    .map_err(|e| e.to_string())?;
    if let Some(id) = flag_num::<u64>(args, "--export")? {
        print!("{}", store.export(id).map_err(|e| e.to_string())?);
        return Ok(());
    }
    if let Some(id) = flag_num::<u64>(args, "--export-standard")? {
        let record = match flag(args, "--as") {
            None => store.export_standard(id),
            Some(name) => {
                let form = RecordForm::from_name(name).ok_or_else(|| {
                    format!("unknown record form '{name}' (pgn, pgn4, kif, csa, rookery)")
                })?;
                store.export_as(id, form)
            }
        };
        print!("{}", record.map_err(|e| e.to_string())?);
        return Ok(());
    }
    if let Some(file) = flag(args, "--import") {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        let s = store.import(&text).map_err(|e| e.to_string())?;
        println!("imported {}", s.id);
        return Ok(());
    }
    if let Some(id) = flag_num::<u64>(args, "--delete")? {
        store.delete(id).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let check = check || args.iter().any(|a| a == "--check");
    let listing = store.list().map_err(|e| e.to_string())?;
    let mut bad = 0;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for s in &listing.games {
        let status = if check {
            match store.load(s.id) {
                Ok(g) => g.status.to_string(),
                Err(e) => {
                    eprintln!("{e}");
                    bad += 1;
                    broken_word(&e).to_string()
                }
            }
        } else {
            s.status.to_string()
        };
        if writeln!(out, "{} {} {} {}", s.id, s.game, s.ply, status).is_err() {
            return Ok(()); // the reader went away (e.g. `| head`)
        }
    }
    for e in &listing.broken {
        eprintln!("{e}");
        bad += 1;
        let id = match e {
            Error::CorruptSave { game, .. }
            | Error::NewerSchema { game, .. }
            | Error::RolledBack { game, .. } => *game,
            _ => 0,
        };
        if writeln!(out, "{id} - - {}", broken_word(e)).is_err() {
            return Ok(());
        }
    }
    if check && bad > 0 {
        return Err(format!("{bad} saved game(s) cannot be loaded"));
    }
    Ok(())
}

fn broken_word(e: &Error) -> &'static str {
    match e {
        Error::NewerSchema { .. } => "newer-schema",
        Error::RolledBack { .. } => "rolled-back",
        _ => "corrupt",
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1000.0)
}

fn dir_size(p: &Path) -> u64 {
    let Ok(rd) = std::fs::read_dir(p) else {
        return 0;
    };
    rd.flatten()
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => dir_size(&e.path()),
            Ok(m) => m.len(),
            Err(_) => 0,
        })
        .sum()
}

/// A random game of `game` of up to `plies` actions, in memory.
fn random_game(game: &str, seed: u64, plies: usize) -> Result<(Setup, Game), String> {
    let setup = selfplay_setup(game, seed).map_err(|e| e.to_string())?;
    let mut g = setup.build().map_err(|e| e.to_string())?;
    let mut rng = Rng(seed);
    while g.ply_count() < plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        g.play(moves[rng.below(moves.len())])
            .map_err(|e| e.to_string())?;
    }
    Ok((setup, g))
}

/// `rookery bench store [--dir DIR] [--games N] [--moves N] [--game ID] [--sync]`: autosave
/// latency per move (flush included; with `--sync` also fdatasync), time to list N saved games,
/// time to load a long game, and the database size after N games.
pub fn cmd_bench_store(args: &[String]) -> Result<(), String> {
    let games: usize = flag_num(args, "--games")?.unwrap_or(1000);
    let moves: usize = flag_num(args, "--moves")?.unwrap_or(2000);
    let long_game = match flag(args, "--game") {
        Some(g) => g.to_string(),
        None => ["eight-player-ffa", "chess"]
            .into_iter()
            .find(|g| rules::variant(g).is_ok())
            .unwrap_or(crate::DEFAULT_GAME)
            .to_string(),
    };
    let dir = match flag(args, "--dir") {
        Some(d) => std::path::PathBuf::from(d),
        None => std::env::temp_dir().join(format!("rookery-bench-store-{}", std::process::id())),
    };
    let e = |e: Error| e.to_string();
    // an existing database is reused (and filled up to N games): open time is measured too
    let t = Instant::now();
    let store = GameStore::open(&dir).map_err(e)?;
    println!("open the database: {}", ms(t.elapsed()));
    let sync = args.iter().any(|a| a == "--sync");
    store.set_sync_to_disk(sync).map_err(e)?;

    // 1. autosave latency: play random chess moves through the store, timing each call
    let mut progress = Progress::new("bench store: moves");
    let mut lat = Vec::with_capacity(moves);
    let mut n = 0u64;
    while lat.len() < moves {
        n += 1;
        let mut s = store
            .create("bench", &selfplay_setup(crate::DEFAULT_GAME, n).map_err(e)?)
            .map_err(e)?;
        while lat.len() < moves {
            let Some(a) = random_action(&s) else { break };
            let t = Instant::now();
            store.act(&mut s, a).map_err(e)?;
            lat.push(t.elapsed());
            progress.set(lat.len() as u64, Some(moves as u64), "");
        }
    }
    progress.finish();
    lat.sort();
    println!(
        "autosave per move ({} moves, flush{} included): median {}, p99 {}, max {}",
        lat.len(),
        if sync { " and fdatasync" } else { "" },
        ms(percentile(&lat, 0.5)),
        ms(percentile(&lat, 0.99)),
        ms(*lat.last().unwrap_or(&Duration::ZERO)),
    );

    // 2. fill to N saved games of whole random games (each written in one flushed batch)
    let t = Instant::now();
    let mut total_plies = 0;
    let have = store.list().map_err(e)?.games.len();
    let mut progress = Progress::new("bench store: games");
    for i in have..games {
        progress.set(i as u64, Some(games as u64), "");
        let (setup, g) = random_game(crate::DEFAULT_GAME, 10_000 + i as u64, 2000)?;
        total_plies += g.ply_count();
        let mut text = format!(
            "[Rookery \"2\"]\n[Game \"chess\"]\n[Name \"bench {i}\"]\n[Mode \"selfplay\"]\n[Seed \"{}\"]\n",
            setup.seed
        );
        for s in &setup.seats {
            text.push_str(&format!("[Seat \"{}\" \"bot\" \"0\"]\n", s.name));
        }
        text.push('\n');
        text.push_str(&g.texts().join(" "));
        store.import(&text).map_err(e)?;
    }
    progress.finish();
    println!(
        "wrote {} whole random chess games ({} actions) in {:.1} s",
        games.saturating_sub(have),
        total_plies,
        t.elapsed().as_secs_f64()
    );

    // 3. list
    let mut runs = Vec::new();
    let mut count = 0;
    for _ in 0..11 {
        let t = Instant::now();
        count = store.list().map_err(e)?.games.len();
        runs.push(t.elapsed());
    }
    runs.sort();
    println!(
        "list {count} saved games: median {} (of {} runs), max {}",
        ms(percentile(&runs, 0.5)),
        runs.len(),
        ms(*runs.last().unwrap())
    );

    // 4. load a 300-action game
    let (setup, g) = random_game(&long_game, 7, 300)?;
    let mut s = store.create("long", &setup).map_err(e)?;
    for t in g.texts() {
        store.act_text(&mut s, &t).map_err(e)?;
    }
    let mut runs = Vec::new();
    for _ in 0..21 {
        let t = Instant::now();
        let back = store.load(s.id).map_err(e)?;
        runs.push(t.elapsed());
        assert_eq!(back.game.ply_count(), s.game.ply_count());
    }
    runs.sort();
    println!(
        "load a {}-action {long_game} game: median {}, max {}",
        s.game.ply_count(),
        ms(percentile(&runs, 0.5)),
        ms(*runs.last().unwrap())
    );

    // 5. size
    println!(
        "database after {count} games: {:.1} MiB on disk (sled size_on_disk {:.1} MiB)",
        dir_size(&dir) as f64 / 1048576.0,
        store.size_on_disk().map_err(e)? as f64 / 1048576.0
    );
    drop(store);
    if flag(args, "--dir").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    Ok(())
}
