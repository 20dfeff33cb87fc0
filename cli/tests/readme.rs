//! The README's `rookery ...` commands, run (issue 32): every command line of its `sh` blocks
//! and every `rookery ...` span of its text is extracted and must have a run below, which is
//! the command with its placeholders filled in and small arguments (a temporary database, one
//! game, a few nodes), so the README cannot drift from the program again. A command added to
//! the README without a run here fails the test, and so does a run whose command left it.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_rookery");
const README: &str = include_str!("../../README.md");

/// The commands of the README, whitespace normalised: the lines of ```sh blocks that start
/// with `rookery ` (a `\` continues a line; ` # ...` comments dropped), then the inline code
/// spans that start with `rookery ` (they may wrap over lines).
fn readme_commands(md: &str) -> Vec<String> {
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    let mut prose = String::new();
    // an open fenced block: its text and whether it is run (```sh)
    let mut block: Option<(String, bool)> = None;
    for line in md.lines() {
        if let Some((b, runs)) = block.as_mut() {
            if line.starts_with("```") {
                if !*runs {
                    block = None;
                    continue;
                }
                let joined = b.replace("\\\n", " ");
                for l in joined.lines() {
                    let l = l.split(" #").next().unwrap_or_default().trim();
                    if l.starts_with("rookery ") {
                        out.push(norm(l));
                    }
                }
                block = None;
            } else {
                b.push_str(line);
                b.push('\n');
            }
        } else if line.starts_with("```sh") {
            block = Some((String::new(), true));
        } else if line.starts_with("```") {
            block = Some((String::new(), false)); // another language: read, not run
        } else {
            prose.push_str(line);
            prose.push('\n');
        }
    }
    // inline code spans of the prose
    let mut parts = prose.split('`');
    parts.next();
    while let Some(code) = parts.next() {
        if code.starts_with("rookery ") {
            out.push(norm(code));
        }
        parts.next();
    }
    out
}

/// Runs `rookery args` with a time limit, `stdin` written to it; exit code and output.
fn run(args: &[String], stdin: &str, env_data: &Path) -> (Option<i32>, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .env("LANG", "C")
        .env("XDG_DATA_HOME", env_data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start rookery");
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(stdin.as_bytes());
    }
    let started = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{args:?} ran over 60 s");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let o = child.wait_with_output().expect("output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code(), text)
}

#[test]
fn every_command_of_the_readme_runs() {
    let tmp = std::env::temp_dir().join(format!("rookery-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let t = |p: &str| tmp.join(p).to_string_lossy().to_string();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let engine = Path::new("/usr/games/fairy-stockfish").exists();
    // the terminal player's database, so `rookery saved list` has one game to list
    {
        let store = rookery_core::store::GameStore::open(tmp.join("rookery")).unwrap();
        let setup = rookery_core::store::Setup::new("chess").unwrap();
        let mut saved = store.create("", &setup).unwrap();
        store.act_text(&mut saved, "e2e4").unwrap();
        // game 2, shogi, for the KIF and CSA exports
        let setup = rookery_core::store::Setup::new("shogi").unwrap();
        let mut saved = store.create("", &setup).unwrap();
        let m = rookery_core::notation::traditional::parse(saved.game.position(), "7g7f").unwrap();
        store
            .act(&mut saved, rookery_core::Action::Move(m))
            .unwrap();
    }
    std::fs::write(tmp.join("game.pgn"), "[Variant \"xiangqi\"]\n\n1. Cbe3 *\n").unwrap();
    // README command -> the runs that stand for it: (arguments, stdin, text the output has)
    type Runs = Vec<(Vec<String>, &'static str, &'static str)>;
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let table: Vec<(&str, Runs)> = vec![
        ("rookery help", vec![(s(&["help"]), "", "Usage")]),
        (
            "rookery help <command>",
            vec![(s(&["help", "perft"]), "", "--divide")],
        ),
        (
            "rookery completions bash",
            vec![(s(&["completions", "bash"]), "", "complete -F")],
        ),
        (
            "rookery saved list",
            vec![(s(&["saved", "list"]), "", "1 chess 1 playing")],
        ),
        (
            "rookery render <game-id> [--fen F] [--moves \"M1 M2 …\"] [--seat N] [--table] \
             [--turn-pieces] [--symbols] [--fog SEAT] [--select CELL] [--size PX] -o board.png",
            vec![
                (
                    vec![
                        "render".into(),
                        "chess".into(),
                        "--fen".into(),
                        fen.into(),
                        "--moves".into(),
                        "e2e4 e7e5".into(),
                        "--seat".into(),
                        "1".into(),
                        "--table".into(),
                        "--turn-pieces".into(),
                        "--symbols".into(),
                        "--select".into(),
                        "g1".into(),
                        "--size".into(),
                        "64".into(),
                        "-o".into(),
                        t("board.png"),
                    ],
                    "",
                    "",
                ),
                (
                    vec![
                        "render".into(),
                        "fog-of-war".into(),
                        "--fog".into(),
                        "0".into(),
                        "-o".into(),
                        t("fog.svg"),
                    ],
                    "",
                    "",
                ),
            ],
        ),
        (
            "rookery render --all DIR [--size PX]",
            vec![(
                vec!["render".into(), "--all".into(), t("all"), "--size".into(), "32".into()],
                "",
                "",
            )],
        ),
        (
            "rookery bench render [--game ID] [--size PX]",
            vec![(
                s(&["bench", "render", "--game", "chess", "--size", "64", "--runs", "1"]),
                "",
                "chess at 64 px",
            )],
        ),
        ("rookery perft", vec![(s(&["perft", "chess", "2"]), "", "400")]),
        (
            "rookery bench perft",
            if engine {
                vec![(s(&["bench", "perft", "--quick"]), "", "kiwipete")]
            } else {
                Vec::new()
            },
        ),
        (
            "rookery match --game ID --players L1,L2[,...] [--games N] [--nodes N | --movetime MS \
             | --time-scale F]",
            vec![
                (
                    s(&["match", "--game", "chess", "--players", "1,1", "--games", "1", "--nodes", "50"]),
                    "",
                    "entrant",
                ),
                (
                    s(&["match", "--game", "four-player-ffa", "--players", "1b,1p,0,0", "--games", "1", "--movetime", "5", "--move-limit", "20"]),
                    "",
                    "entrant",
                ),
                (
                    s(&["match", "--game", "chess", "--players", "1,0", "--games", "1", "--time-scale", "0.05", "--move-limit", "20"]),
                    "",
                    "entrant",
                ),
            ],
        ),
        (
            "rookery match --game ID --engine /usr/games/fairy-stockfish --engine-depth 2 --level 8 \
             --games 2 [--movetime MS]",
            if engine {
                vec![(
                    s(&["match", "--game", "chess", "--engine", "/usr/games/fairy-stockfish", "--engine-depth", "1", "--level", "1", "--games", "1", "--movetime", "5", "--move-limit", "20"]),
                    "",
                    "rookery seat",
                )]
            } else {
                Vec::new()
            },
        ),
        ("rookery uci", vec![(s(&["uci"]), "uci\nquit\n", "uciok")]),
        (
            "rookery think --game ID [--fen F] [--moves \"M1 M2 …\"] [--movetime MS | --nodes N] [--legal] [--serve]",
            vec![
                (s(&["think", "--game", "chess", "--nodes", "50"]), "", "bestmove"),
                (
                    s(&["think", "--game", "four-player-teams", "--moves", "h2h3", "--movetime", "20", "--legal"]),
                    "",
                    "legal ",
                ),
                (s(&["think", "--game", "chess", "--serve", "--nodes", "50"]), "go e2e4\nquit\n", "bestmove"),
            ],
        ),
        ("rookery usi", vec![(s(&["usi"]), "usi\nquit\n", "usiok")]),
        (
            "rookery bench bot [--level L] [--games IDS] [--plies N] [--fen F --depth D] \
             [--round N] [--cancel-after MS] [--method b|p]",
            vec![
                (s(&["bench", "bot", "--level", "1", "--games", "chess", "--plies", "2"]), "", "knps"),
                (
                    vec!["bench".into(), "bot".into(), "--games".into(), "chess".into(), "--fen".into(), fen.into(), "--depth".into(), "2".into()],
                    "",
                    "knps",
                ),
                (s(&["bench", "bot", "--level", "1", "--games", "chess", "--round", "2"]), "", "chess"),
                (s(&["bench", "bot", "--games", "chess", "--cancel-after", "10"]), "", "cancel after"),
                (s(&["bench", "bot", "--level", "1", "--games", "four-player-ffa", "--method", "p", "--plies", "2"]), "", "four-player-ffa"),
            ],
        ),
        (
            "rookery saved --help",
            vec![(s(&["saved", "--help"]), "", "--export-standard")],
        ),
        (
            "rookery saved --export-standard ID",
            vec![
                (s(&["saved", "--export-standard", "1"]), "", "1. e4 *"),
                (s(&["saved", "--export-standard", "2"]), "", "手合割：平手"),
            ],
        ),
        (
            "rookery saved --export-standard ID --as csa",
            vec![
                (s(&["saved", "--export-standard", "2", "--as", "csa"]), "", "+7776FU"),
                (s(&["saved", "--export-standard", "1", "--as", "rookery"]), "", "[Rookery "),
            ],
        ),
        (
            "rookery saved --import FILE",
            vec![(
                vec!["saved".into(), "--import".into(), t("game.pgn")],
                "",
                "imported 3",
            )],
        ),
        (
            "rookery games",
            vec![(s(&["games"]), "", "chess\tChess and variants")],
        ),
    ];
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let commands = readme_commands(README);
    assert!(commands.len() >= 10, "{commands:?}");
    for c in &commands {
        assert!(
            table.iter().any(|(k, _)| norm(k) == *c),
            "a README command without a run in cli/tests/readme.rs: {c}"
        );
    }
    let mut ran = 0;
    for (k, runs) in &table {
        assert!(
            commands.contains(&norm(k)),
            "a run for a command the README no longer has: {k}"
        );
        for (args, stdin, needle) in runs {
            let (code, out) = run(args, stdin, &tmp);
            assert_eq!(code, Some(0), "{args:?}:\n{out}");
            assert!(out.contains(needle), "{args:?}: no {needle:?} in\n{out}");
            ran += 1;
        }
    }
    assert!(Path::new(&t("board.png")).exists() && Path::new(&t("all/chess.png")).exists());
    eprintln!("{ran} runs of {} README commands", commands.len());
    let _ = std::fs::remove_dir_all(&tmp);
}

#[test]
fn the_extractor_reads_blocks_continued_lines_and_wrapped_spans() {
    let md = "text `rookery games` and `rookery match --a\n--b`.\n```sh\nrookery x \\\n  --y   # c\ncargo z\n```\n```text\nrookery not-run\n```\n";
    assert_eq!(
        readme_commands(md),
        ["rookery x --y", "rookery games", "rookery match --a --b"]
    );
}

/// The level pickers' strengths (`rookery_core::levels::CHESS_ELO`, shown by the
/// terminal, Android and iOS) are the "about" column of the README's table "How strong each
/// level is": a new measurement changes both.
#[test]
fn the_level_pickers_strengths_are_the_readmes_table() {
    use rookery_core::levels::{ChessElo, CHESS_ELO};
    let section = README
        .split("How strong each level is in chess")
        .nth(1)
        .expect("the README's section on each level's strength");
    let mut rows = Vec::new();
    for line in section
        .lines()
        .skip_while(|l| !l.starts_with("| level"))
        .skip(2)
    {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let about = cells.last().copied().unwrap_or_default();
        let number = |s: &str| s.trim().parse::<u16>().ok();
        let elo = match about.split("under ").nth(1) {
            Some(n) => number(n).map(ChessElo::Under),
            None => number(about).map(ChessElo::About),
        };
        rows.push((cells[0].to_string(), elo));
    }
    let expected: Vec<(String, Option<ChessElo>)> = CHESS_ELO
        .iter()
        .enumerate()
        .map(|(i, e)| ((i + 1).to_string(), Some(*e)))
        .collect();
    assert_eq!(
        rows, expected,
        "README rows (level, about) against CHESS_ELO"
    );
}
