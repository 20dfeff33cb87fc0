//! `rookery`: the terminal player and developer commands over rookery-core, as a library so
//! the `rookery` binary (src/main.rs) and other packages' test binaries run the same code.

/// The game a command plays when no `--game` names one.
pub const DEFAULT_GAME: &str = "chess";

pub mod args;
mod bench;
mod engine;
mod i18n;
pub mod i18n_gen;
mod markdown;
mod matches;
mod perft;
pub mod play;
mod progress;
mod render;
mod store_cmds;
mod think;
mod uci;
mod usi;

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use args::{BenchCommand, Cli, Command};

fn flag_value(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

/// The whole program: `main` of the `rookery` binary.
pub fn main() -> ExitCode {
    stop_quietly_on_a_closed_pipe();
    run(std::env::args().collect())
}

/// Runs one command line (`args[0]` is the program name). Help and version exit 0, usage
/// errors 2, failures of the command 1.
pub fn run(args: Vec<String>) -> ExitCode {
    let args = args::split_equals(args);
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    // the raw words after the command (and a bench's kind), for the modules that read their own
    let rest = |skip: usize| -> Vec<String> { args.iter().skip(1 + skip).cloned().collect() };
    let result = match cli.command {
        Command::Perft(a) => cmd_perft(&a),
        Command::Play(a) => play::cmd_play(&a),
        Command::Selfplay(_) => store_cmds::cmd_selfplay(&rest(1)),
        Command::Saved(a) => {
            store_cmds::cmd_saved(&rest(1), a.action == Some(args::SavedAction::Check))
        }
        Command::Bench(b) => match b {
            BenchCommand::Perft { .. } => bench::cmd_bench_perft(&rest(2)),
            BenchCommand::Bot { .. } => matches::cmd_bench_bot(&rest(2)),
            BenchCommand::Render { .. } => render::cmd_bench_render(&rest(2)),
            BenchCommand::Store { .. } => store_cmds::cmd_bench_store(&rest(2)),
            BenchCommand::Eval { game, fen, file } => {
                bench::cmd_bench_eval(game.as_deref(), fen.as_deref(), file.as_deref())
            }
        },
        Command::Render(_) => render::cmd_render(&rest(1)),
        Command::Match(_) => matches::cmd_match(&rest(1)),
        Command::Think(a) => think::cmd_think(&a),
        Command::Uci => uci::cmd_uci(&rest(1)),
        Command::Usi => usi::cmd_usi(&rest(1)),
        Command::Rules(a) => cmd_rules(&a),
        Command::I18n(a) => cmd_i18n(&a),
        Command::Games => {
            for g in rookery_core::rules::catalogue() {
                println!(
                    "{}\t{}\t{} seats\t{}",
                    g.id,
                    i18n::t(i18n::group_key(g.group)),
                    g.seats,
                    if g.playable { "playable" } else { "not yet" }
                );
            }
            Ok(())
        }
        Command::Completions { shell } => {
            let sh = match shell {
                args::Shell::Bash => clap_complete::Shell::Bash,
                args::Shell::Zsh => clap_complete::Shell::Zsh,
                args::Shell::Fish => clap_complete::Shell::Fish,
            };
            clap_complete::generate(sh, &mut Cli::command(), "rookery", &mut std::io::stdout());
            Ok(())
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

fn cmd_perft(a: &args::PerftArgs) -> Result<(), String> {
    let p = perft::PerftArgs {
        game: a.game.clone(),
        depth: a.depth,
        fen: a.fen.clone(),
        moves: a
            .moves
            .as_deref()
            .map(|m| m.split_whitespace().map(String::from).collect())
            .unwrap_or_default(),
        divide: a.divide,
        rules_tree: a.tree.map(|t| t == args::Tree::Rules),
    };
    let n = perft::run(&p).map_err(|e| e.to_string())?;
    println!("{n}");
    Ok(())
}

fn cmd_rules(a: &args::RulesArgs) -> Result<(), String> {
    let id = &a.game;
    i18n::init_language(a.lang.as_deref())?;
    if !rookery_core::rules::catalogue().iter().any(|g| g.id == id) {
        return Err(i18n::error_text(&rookery_core::Error::UnknownGame(
            id.clone(),
        )));
    }
    let page = i18n::rules_page(id).ok_or_else(|| format!("no rules page for {id}"))?;
    // formatted text: no Markdown marks, no HTML comment for tools
    let mut blocks = markdown::blocks(page);
    blocks.extend(play::howto::section(id));
    print!("{}", markdown::plain_blocks(&blocks, 100));
    Ok(())
}

/// `rookery i18n`: writes (or with `--check` compares) the apps' generated strings.
fn cmd_i18n(a: &args::I18nArgs) -> Result<(), String> {
    let root = a
        .root
        .clone()
        .unwrap_or_else(|| std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")));
    if a.check {
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
    let out = a.out.clone().unwrap_or_else(|| root.clone());
    let n = i18n_gen::write(&root, &out)?;
    println!("{n} files generated under {}", out.display());
    Ok(())
}
