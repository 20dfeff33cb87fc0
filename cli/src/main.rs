//! `rookery`: the terminal player and developer commands over rookery-core.

mod bench;
mod i18n;
mod i18n_gen;
mod matches;
mod perft;
mod play;
mod render;
mod store_cmds;
mod uci;
mod usi;

use std::process::ExitCode;

const USAGE: &str = "usage:
  rookery play [--game ID] [--db DIR | --no-save]   play in the terminal
  rookery play --script \"M1 M2 ...\" [--game ID] [--fen F] [--bots LEVEL]   no terminal: print the board
  rookery perft <game-id> <depth> [--fen FEN] [--moves \"M1 M2 ...\"] [--divide] [--tree rules|movement]
  rookery games                      list every game id
  rookery rules <game-id> [--lang L]   print a game's rules page
  rookery i18n [--check] [--root DIR] [--out DIR]   generate the apps' strings from assets/
  rookery selfplay --db DIR [--game ID] [--seed S]   random games with autosave, until killed
  rookery saved --db DIR [--check | --export ID | --export-standard ID | --import FILE | --delete ID]
  rookery bench store [--dir DIR] [--games N] [--moves N] [--game ID] [--sync]
  rookery bench perft [--depth N] [--quick] [--fsf PATH]   perft speed against Fairy-Stockfish
  rookery match --game ID --players L1,L2[,...] [--games N] [--nodes N] [--move-limit N] [--seed S]
      bot-vs-bot series, seats rotated (level 0 random, 1-8 search levels)
  rookery uci                        the bots as a UCI engine (UCI_Variant, Skill Level 1-8)
  rookery usi                        the bots as a USI engine (shogi, minishogi)
  rookery bench bot [--level L] [--games ID,ID] [--plies N] [--fen F] [--depth D]   bot time per move, nodes/s
  rookery render <game-id> [--fen F] [--moves \"M1 M2 ...\"] [--seat N] [--table] [--turn-pieces]
      [--symbols] [--fog SEAT] [--select CELL] [--size PX] -o FILE.png|FILE.svg
  rookery render --all DIR [--size PX]   every game id's start position
  rookery bench render [--game ID] [--size PX] [--runs N]   board scene + PNG speed";

fn flag_value(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn main() -> ExitCode {
    stop_quietly_on_a_closed_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("perft") => cmd_perft(&args[1..]),
        Some("play") => play::cmd_play(&args[1..]),
        Some("selfplay") => store_cmds::cmd_selfplay(&args[1..]),
        Some("saved") => store_cmds::cmd_saved(&args[1..]),
        Some("bench") if args.get(1).map(String::as_str) == Some("perft") => {
            bench::cmd_bench_perft(&args[2..])
        }
        Some("render") => render::cmd_render(&args[1..]),
        Some("match") => matches::cmd_match(&args[1..]),
        Some("uci") => uci::cmd_uci(&args[1..]),
        Some("usi") => usi::cmd_usi(&args[1..]),
        Some("bench") if args.get(1).map(String::as_str) == Some("bot") => {
            matches::cmd_bench_bot(&args[2..])
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("render") => {
            render::cmd_bench_render(&args[2..])
        }
        Some("bench") if args.get(1).map(String::as_str) == Some("store") => {
            store_cmds::cmd_bench_store(&args[2..])
        }
        Some("rules") => cmd_rules(&args[1..]),
        Some("i18n") => cmd_i18n(&args[1..]),
        Some("games") => {
            for g in rookery_core::rules::catalogue() {
                println!(
                    "{}\t{:?}\t{} seats\t{}",
                    g.id,
                    g.group,
                    g.seats,
                    if g.playable { "playable" } else { "not yet" }
                );
            }
            Ok(())
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Rust starts programs with SIGPIPE ignored, so writing into a pipe whose reader has gone
/// (`rookery games | head -1`) fails and `println!` panics with a backtrace hint. A command-line
/// tool should stop quietly instead, as `cat` and `yes` do: this restores the default action of
/// SIGPIPE, which ends the process silently at the first write nobody reads. Unix only; the
/// interactive player is unaffected (it writes to a terminal).
#[cfg(unix)]
fn stop_quietly_on_a_closed_pipe() {
    // SAFETY: runs first in main, before any other thread exists, and only resets one signal's
    // disposition to the system default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn stop_quietly_on_a_closed_pipe() {}

fn cmd_perft(args: &[String]) -> Result<(), String> {
    let (Some(game), Some(depth)) = (args.first(), args.get(1)) else {
        return Err(USAGE.to_string());
    };
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth '{depth}'"))?;
    let a = perft::PerftArgs {
        game: game.clone(),
        depth,
        fen: flag_value(args, "--fen"),
        moves: flag_value(args, "--moves")
            .map(|m| m.split_whitespace().map(String::from).collect())
            .unwrap_or_default(),
        divide: args.iter().any(|a| a == "--divide"),
        rules_tree: match flag_value(args, "--tree").as_deref() {
            None => None,
            Some("rules") => Some(true),
            Some("movement") => Some(false),
            Some(t) => return Err(format!("--tree is rules or movement, not '{t}'")),
        },
    };
    let n = perft::run(&a).map_err(|e| e.to_string())?;
    println!("{n}");
    Ok(())
}

fn cmd_rules(args: &[String]) -> Result<(), String> {
    let Some(id) = args.first().filter(|a| !a.starts_with("--")) else {
        return Err(USAGE.to_string());
    };
    i18n::init_language(flag_value(args, "--lang").as_deref())?;
    if !rookery_core::rules::catalogue().iter().any(|g| g.id == id) {
        return Err(i18n::error_text(&rookery_core::Error::UnknownGame(
            id.clone(),
        )));
    }
    let page = i18n::rules_page(id).ok_or_else(|| format!("no rules page for {id}"))?;
    print!("{page}");
    Ok(())
}

/// `rookery i18n`: writes (or with `--check` compares) the apps' generated strings.
fn cmd_i18n(args: &[String]) -> Result<(), String> {
    let root = flag_value(args, "--root")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")));
    if args.iter().any(|a| a == "--check") {
        let bad = i18n_gen::stale(&root)?;
        if bad.is_empty() {
            println!("generated strings are up to date");
            return Ok(());
        }
        return Err(format!(
            "generated strings are stale; run `cargo run -p rookery-cli -- i18n`:\n  {}",
            bad.join("\n  ")
        ));
    }
    let out = flag_value(args, "--out")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root.clone());
    let n = i18n_gen::write(&root, &out)?;
    println!("{n} files generated under {}", out.display());
    Ok(())
}
