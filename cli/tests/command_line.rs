//! The command line as scripts and people meet it: help on stdout with exit 0 (for the program
//! and for every command), usage errors on stderr with exit 2, failures of the work with exit 1,
//! completion scripts, and the outputs scripts read (perft's last line is the count).

use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_rookery");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("LANG", "C")
        .output()
        .expect("run rookery")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

#[test]
fn help_and_dash_dash_help_print_every_command_on_stdout_and_exit_0() {
    for args in [&["help"][..], &["--help"], &["-h"]] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        for cmd in [
            "play",
            "perft",
            "games",
            "rules",
            "i18n",
            "selfplay",
            "saved",
            "bench",
            "match",
            "uci",
            "render",
            "completions",
        ] {
            assert!(
                out.contains(&format!("  {cmd} ")),
                "{args:?} lacks {cmd}:\n{out}"
            );
        }
        assert!(stderr(&o).is_empty());
    }
}

#[test]
fn every_command_has_its_own_help() {
    let cases: &[(&[&str], &str)] = &[
        (&["help", "play"], "--no-save"),
        (&["play", "--help"], "keys in a game"),
        (&["perft", "--help"], "--divide"),
        (&["help", "saved"], "--export-standard"),
        (&["bench", "perft", "--help"], "--fsf"),
        (&["help", "bench", "store"], "--sync"),
        (&["match", "--help"], "--players"),
        (&["render", "--help"], "--select"),
        (&["completions", "--help"], "bash"),
    ];
    for (args, needle) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(stdout(&o).contains(needle), "{args:?}: {}", stdout(&o));
    }
}

#[test]
fn usage_errors_exit_2_with_the_reason_on_stderr() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "Usage"),
        (&["no-such-command"], "unrecognized subcommand"),
        (&["play", "--fen"], "a value is required"),
        (&["play", "--bots", "9"], "0..=8"),
        (&["play", "--bots", "x"], "invalid value"),
        (&["play", "--start", "960"], "0..960"),
        (
            &["play", "--db", "/tmp/x", "--no-save"],
            "cannot be used with",
        ),
        (&["play", "--frobnicate"], "unexpected argument"),
        (&["perft", "chess"], "<DEPTH>"),
        (&["perft", "chess", "two"], "invalid digit"),
        (
            &["perft", "chess", "1", "--tree", "bushes"],
            "rules, movement",
        ),
        (&["match", "--players", "4,9"], "not a bot level"),
        (
            &["match", "--cpu-time", "--nodes", "100"],
            "cannot be used with",
        ),
        (
            &["match", "--fresh-tables", "--compare-fresh"],
            "cannot be used with",
        ),
        (&["bench", "bot", "--level", "12"], "0..=8"),
        (
            &["saved", "--db", "/tmp/x", "--export", "1", "--delete", "2"],
            "cannot be used with",
        ),
        (&["selfplay"], "--db <DIR>"),
        (&["completions", "tcsh"], "invalid value"),
    ];
    for (args, needle) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?} wrote to stdout");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn failures_of_the_work_exit_1() {
    let o = run(&["perft", "no-such-game", "1"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with("error: "), "{}", stderr(&o));
    // a position that cannot be read is an error, never the usual start
    let o = run(&["play", "--fen", "rnbqkbnr/8 w", "--script", ""]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    // a database path that is a file: refused before anything starts
    let dir = std::env::temp_dir().join(format!("rookery-cl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("not-a-db");
    std::fs::write(&file, "x").unwrap();
    let o = run(&["play", "--db", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("would not be saved"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn scripts_keep_reading_the_outputs_they_read_before() {
    let o = run(&["perft", "chess", "3"]);
    assert_eq!(stdout(&o), "8902\n");
    let o = run(&["perft", "chess", "2", "--divide", "--moves", "e2e4"]);
    assert_eq!(stdout(&o).lines().last(), Some("600"));
    // the --name=value form reads the same
    let o = run(&["perft", "chess", "2", "--moves=e2e4"]);
    assert_eq!(stdout(&o), "600\n");
    let o = run(&[
        "play",
        "--script",
        "e2e4 e7e5",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert!(stdout(&o).contains("ply 2"), "{}", stdout(&o));
    let o = run(&["play", "--script", "", "--game", "chess960", "--start", "0"]);
    assert!(
        stdout(&o).starts_with(" 8 bB bB bQ bN bN bR bK bR"),
        "{}",
        stdout(&o)
    );
    let o = run(&["games"]);
    assert!(stdout(&o).lines().any(|l| l.starts_with("chess\t")));
}

#[test]
fn completion_scripts_for_bash_zsh_and_fish() {
    for (sh, needle) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef rookery"),
        ("fish", "complete -c rookery"),
    ] {
        let o = run(&["completions", sh]);
        assert_eq!(o.status.code(), Some(0));
        let out = stdout(&o);
        assert!(out.contains(needle), "{sh}: {}", &out[..out.len().min(200)]);
        assert!(out.contains("selfplay"), "{sh}");
    }
}

#[test]
fn a_database_open_in_another_rookery_is_refused_with_the_reason() {
    let dir = std::env::temp_dir().join(format!("rookery-cl-lock-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let held = rookery_core::store::GameStore::open(&dir).expect("open the database");
    for args in [
        &["play", "--db", dir.to_str().unwrap()][..],
        &["saved", "--db", dir.to_str().unwrap()],
    ] {
        let o = run(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("another"), "{args:?}: {err}");
        assert!(
            !err.contains("WouldBlock") && !err.contains("Os {"),
            "{args:?}: {err}"
        );
    }
    drop(held);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn friendly_chess_unions_play_by_script_to_the_end_of_the_script_and_on_with_bots() {
    let script = "e2e4 b8c6 f1b5 a7a6 b5c6";
    let o = run(&[
        "play",
        "--game",
        "friendly",
        "--no-save",
        "--script",
        script,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("game: friendly · ply 5"), "{out}");
    assert!(out.contains(&format!("moves: {script}")), "{out}");
    // bots play the game on from the union to its end (or the ply cap)
    let o = run(&[
        "play",
        "--game",
        "friendly",
        "--no-save",
        "--script",
        script,
        "--bots",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("result:") || out.contains("to move:"), "{out}");
}

#[test]
fn friendly_perft_counts_and_divides_whole_turns() {
    // a turn is one line per distinct position it ends in; a chain is written as its steps
    let o = run(&["perft", "friendly", "4"]);
    assert_eq!(stdout(&o), "197792\n");
    let o = run(&[
        "perft",
        "friendly",
        "1",
        "--divide",
        "--moves",
        "d2d3 g8h6 c1h6",
    ]);
    let out = stdout(&o);
    for line in ["g7h6,h6f5: 1", "g7h6,h6g4: 1", "g7h6,h6g8: 1", "g7g6: 1"] {
        assert!(out.lines().any(|l| l == line), "{line} in\n{out}");
    }
    assert_eq!(out.lines().last(), Some("23"));
    let o = run(&["perft", "friendly", "2", "--divide", "--moves", "d2d3 g8h6"]);
    assert!(
        stdout(&o).lines().any(|l| l == "c1h6: 23"),
        "{}",
        stdout(&o)
    );
}

/// Issue 32: `rookery saved list` (the README's words) works, with the terminal player's
/// database by default; `rookery games` and `rookery match` print words, not Rust names.
#[test]
fn internal_names_never_reach_users_and_saved_list_works() {
    let o = run(&["games"]);
    let out = stdout(&o);
    for internal in ["ChessVariants", "ChessFamily", "MorePlayers"] {
        assert!(!out.contains(internal), "{out}");
    }
    assert!(
        out.starts_with("chess\tChess and variants\t2 seats\tplayable\n"),
        "{out}"
    );
    let o = run(&[
        "match",
        "--game",
        "chess",
        "--players",
        "1,1",
        "--games",
        "1",
        "--nodes",
        "50",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    let line = err.lines().find(|l| l.starts_with("game 1: ")).expect(&err);
    assert!(!line.contains("Some(") && !line.contains("None"), "{line}");
    // the data directory of the player, as `rookery play` finds it
    let data = std::env::temp_dir().join(format!("rookery-cl-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    {
        let store = rookery_core::store::GameStore::open(data.join("rookery")).unwrap();
        let setup = rookery_core::store::Setup::new("xiangqi").unwrap();
        let mut saved = store.create("", &setup).unwrap();
        store.act_text(&mut saved, "h3e3").unwrap();
    }
    for args in [&["saved", "list"][..], &["saved"], &["saved", "check"]] {
        let o = Command::new(BIN)
            .args(args)
            .env("LANG", "C")
            .env("XDG_DATA_HOME", &data)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "1 xiangqi 1 playing\n", "{args:?}");
    }
    let o = run(&[
        "saved",
        "list",
        "--db",
        data.join("rookery").to_str().unwrap(),
    ]);
    assert_eq!(stdout(&o), "1 xiangqi 1 playing\n");
    let _ = std::fs::remove_dir_all(&data);
}

/// Issue 32: rules pages print as formatted text: no Markdown marks, no HTML comment.
#[test]
fn rules_pages_print_as_text_without_markdown_or_html() {
    for g in rookery_core::rules::catalogue() {
        for lang in ["en", "sk"] {
            let o = run(&["rules", g.id, "--lang", lang]);
            assert_eq!(o.status.code(), Some(0), "{} {lang}", g.id);
            let out = stdout(&o);
            let mut lines = out.lines();
            let title = lines.next().unwrap_or_default();
            assert!(
                !title.is_empty() && !title.starts_with('#'),
                "{} {lang}: {title}",
                g.id
            );
            assert_eq!(
                lines.next(),
                Some("=".repeat(title.chars().count()).as_str()),
                "{} {lang}",
                g.id
            );
            for bad in ["<!--", "**", "`", "\n# ", "\n## ", "\n- "] {
                assert!(!out.contains(bad), "{} {lang}: {bad:?} in\n{out}", g.id);
            }
        }
    }
}

/// Importing a record with a bad move names the move and its number and saves nothing; an
/// import starts a database where there is none.
#[test]
fn an_import_with_a_bad_move_names_it_and_saves_nothing() {
    let dir = std::env::temp_dir().join(format!("rookery-cl-import-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("db");
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Ke3 *\n").unwrap();
    let good = dir.join("good.pgn");
    std::fs::write(&good, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n").unwrap();
    let db_s = db.to_str().unwrap();
    let o = run(&["saved", "--db", db_s, "--import", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run(&["saved", "--db", db_s, "--import", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("2... Ke3"), "{}", stderr(&o));
    let o = run(&["saved", "list", "--db", db_s]);
    assert_eq!(
        stdout(&o),
        "1 chess 3 playing\n",
        "nothing of the bad record was saved"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 34: `rookery match --random-plies N` starts every game after N seeded random actions,
/// the same for each cycle of games that seats the entrants in every different way (`1,0,0,0`
/// at four seats: four games, each entrant at every seat from one opening) and another for the
/// next cycle, so levels without noise do not replay one game (`1,0` at four seats: two games,
/// as the third would seat them as the first); the logged actions begin at the start, the
/// opening's first.
#[test]
fn match_random_plies_give_each_cycle_of_rotated_games_its_own_opening() {
    // each game's logged actions, from seeded openings of 6 random actions (seed 7)
    let series = |players: &str, games: usize, limit: &str| -> Vec<Vec<String>> {
        let o = run(&[
            "match",
            "--game",
            "four-player-ffa",
            "--players",
            players,
            "--games",
            &games.to_string(),
            "--nodes",
            "100",
            "--move-limit",
            limit,
            "--random-plies",
            "6",
            "--seed",
            "7",
        ]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{err}");
        (1..=games)
            .map(|g| {
                let head = format!("game {g} moves: fen ");
                let log = err.lines().find(|l| l.starts_with(&head)).expect(&err);
                let moves = log.split(" moves ").nth(1).expect(log);
                moves.split(' ').map(str::to_string).collect()
            })
            .collect()
    };
    let games = series("1,0,0,0", 8, "24");
    for g in &games {
        assert!(g.len() > 6, "{g:?}");
    }
    let opening = |g: usize| games[g][..6].to_vec();
    for g in 1..4 {
        assert_eq!(opening(g), opening(0), "the first cycle shares its opening");
        assert_eq!(
            opening(4 + g),
            opening(4),
            "the second cycle shares its opening"
        );
    }
    assert_ne!(opening(0), opening(4), "each cycle has its own opening");
    // with two entrants repeated (`1,0` at four seats) a cycle is two games
    let pair: Vec<Vec<String>> = series("1,0", 3, "12")
        .into_iter()
        .map(|g| g[..6].to_vec())
        .collect();
    assert_eq!(pair[1], pair[0]);
    assert_ne!(pair[2], pair[0]);
    // the same seed gives the same openings
    let again = series("1,0,0,0", 1, "24");
    assert_eq!(again[0][..6].to_vec(), opening(0));
}

/// Issue 34: `rookery match` sums up each level over its seats: first places against the
/// level's share of the seats, and the mean points a seat finished with (the same points the
/// per-game lines print). `--cpu-time` times the caps on the bots' CPU time.
#[test]
fn match_sums_up_each_level_over_its_seats() {
    let o = run(&[
        "match",
        "--game",
        "four-player-ffa",
        "--players",
        "1,0",
        "--games",
        "3",
        "--nodes",
        "300",
        "--move-limit",
        "60",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let (out, err) = (stdout(&o), stderr(&o));
    // entrants 0 and 2 are level 1, entrants 1 and 3 the random mover (level 0)
    let mut points = [0i64; 2];
    let results: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("points by entrant ["))
        .collect();
    assert_eq!(results.len(), 3, "{err}");
    // every game's actions are logged from its start, as many as the game played, so a lost
    // game can be read again (`rookery bench bot --fen F --moves M`)
    for (g, line) in results.iter().enumerate() {
        let actions = line.split(" after ").nth(1).expect(line);
        let actions: usize = actions.split(' ').next().unwrap().parse().expect(line);
        let head = format!("game {} moves: fen ", g + 1);
        let log = err.lines().find(|l| l.starts_with(&head)).expect(&err);
        let moves = log.split(" moves ").nth(1).expect(log);
        assert_eq!(moves.split(' ').count(), actions, "{log}");
    }
    for line in results {
        let list = line.split("points by entrant [").nth(1).expect(line);
        let list = list.split(']').next().unwrap();
        for (e, p) in list.split(", ").enumerate() {
            points[(e + 1) % 2] += p.trim().parse::<i64>().expect(line);
        }
    }
    let table: Vec<Vec<&str>> = out
        .lines()
        .skip_while(|l| !l.starts_with("level\tseats"))
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(table.len(), 2, "{out}");
    let mut firsts = 0.0;
    for (row, level) in table.iter().zip(["0", "1"]) {
        assert_eq!(&row[..2], &[level, "2"], "{out}");
        firsts += row[2].parse::<f64>().unwrap();
        assert_eq!(row[4], "50%", "{out}");
        let mean = points[level.parse::<usize>().unwrap()] as f64 / 6.0;
        assert_eq!(row[5], format!("{mean:.1}"), "{out}");
    }
    assert!((firsts - 3.0).abs() < 0.01, "{out}");
    let o = run(&[
        "match",
        "--game",
        "chess",
        "--players",
        "1,1",
        "--games",
        "1",
        "--cpu-time",
        "--move-limit",
        "12",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn bench_eval_gives_the_evaluation_term_by_term() {
    let row = |args: &[&str]| -> Vec<(String, String)> {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let text = stdout(&o);
        let mut lines = text.lines();
        let head: Vec<String> = lines.next().unwrap().split(';').map(String::from).collect();
        let row = lines.next().unwrap().split(';').map(String::from);
        head.into_iter().zip(row).collect()
    };
    let get = |r: &[(String, String)], name: &str| -> f64 {
        let (_, v) = r.iter().find(|(h, _)| h == name).expect(name);
        v.parse().unwrap()
    };
    // the start: the seats do not differ in any term
    let start = row(&["bench", "eval"]);
    assert_eq!(get(&start, "phase"), 1.0);
    assert!(start[3..].iter().all(|(_, v)| v.parse::<f64>() == Ok(0.0)));
    // black's queen off: one queen more for white, and the value shows it
    let up = row(&[
        "bench",
        "eval",
        "--fen",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(get(&up, "Q"), 1.0);
    assert!(get(&up, "ours") > 800.0, "{up:?}");
    // a malformed position: a clear error naming its line, and nothing printed
    let o = run(&["bench", "eval", "--fen", "garbage"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    // a game of four seats has no "seat 0 less seat 1"
    let o = run(&["bench", "eval", "--game", "four-player-teams"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("not a two-player game"),
        "{}",
        stderr(&o)
    );
}

/// Issue 34: `rookery match --engine … --cpu-time` times our bot's cap on its thread's CPU time
/// (as bot-against-bot matches do), so a loaded machine gives level 8 its whole second against
/// Fairy-Stockfish; the result line says which clock timed it. Runs where the Debian engine is
/// installed.
#[test]
fn an_engine_match_times_our_bot_on_its_cpu_clock_when_asked() {
    let engine = "/usr/games/fairy-stockfish";
    if !std::path::Path::new(engine).exists() {
        eprintln!("skipped: no {engine}");
        return;
    }
    let args = |cpu: bool| {
        let mut a = vec![
            "match",
            "--game",
            "chess",
            "--engine",
            engine,
            "--engine-depth",
            "1",
            "--level",
            "1",
            "--games",
            "1",
            "--movetime",
            "5",
            "--move-limit",
            "8",
        ];
        if cpu {
            a.push("--cpu-time");
        }
        a
    };
    for cpu in [false, true] {
        let o = run(&args(cpu));
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("rookery level 1"), "{out}");
        assert_eq!(out.contains("(caps on CPU time)"), cpu, "{out}");
    }
}

/// Issue 34: `rookery match` plays each seat through a bot seat that keeps its tables from
/// move to move; `--fresh-tables` plays from empty tables, `--compare-fresh` searches every
/// move again from empty tables on the same position; each prints every search entrant's
/// mean depth, nodes and CPU time a move on stderr.
#[test]
fn match_reports_its_searches_with_kept_or_fresh_tables() {
    let base = [
        "match",
        "--game",
        "chess",
        "--players",
        "8,8",
        "--games",
        "1",
        "--nodes",
        "2000",
        "--move-limit",
        "8",
    ];
    let lines = |extra: &[&str]| -> Vec<String> {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let o = run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stderr(&o)
            .lines()
            .filter(|l| l.starts_with("searches: entrant "))
            .map(str::to_string)
            .collect()
    };
    let kept = lines(&[]);
    assert_eq!(kept.len(), 2, "{kept:?}");
    assert!(
        kept.iter().all(|l| l.ends_with("(kept tables)")),
        "{kept:?}"
    );
    assert!(kept[0].contains(" moves, mean depth "), "{kept:?}");
    let fresh = lines(&["--fresh-tables"]);
    assert_eq!(fresh.len(), 2, "{fresh:?}");
    assert!(
        fresh.iter().all(|l| l.ends_with("(fresh tables)")),
        "{fresh:?}"
    );
    let both = lines(&["--compare-fresh"]);
    assert_eq!(both.len(), 4, "{both:?}");
    // the same games and searches (the CPU time aside)
    let head = |l: &String| l.split(", mean CPU").next().unwrap().to_string();
    assert_eq!(
        both[..2].iter().map(head).collect::<Vec<_>>(),
        kept.iter().map(head).collect::<Vec<_>>()
    );
    assert!(both[2..]
        .iter()
        .all(|l| l.ends_with("(fresh, the same positions tables)")));
}
