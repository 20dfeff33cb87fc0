//! `rookery uci`: our bots behind the UCI protocol, so chess GUIs, cutechess and python-chess
//! (and the strength matches against Stockfish) can drive them.
//!
//! Understood: `uci`, `isready`, `ucinewgame`, `setoption name UCI_Variant value V` (Fairy-
//! Stockfish's names of the two-player games we play, from the registry, or our ids),
//! `setoption name Skill Level value 1..8` (our levels; default 4), `setoption name
//! UCI_Chess960`, `position startpos|fen F [moves ...]`, `go [depth D] [nodes N] [movetime MS]
//! [wtime/btime/winc/binc]`, `stop` (between searches), `quit`. Moves are UCI text (`e2e4`,
//! `e7e8q`; castling as king-takes-rook in Chess960, two squares otherwise).

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rookery_core::bot::{search_bot, LEVELS};
use rookery_core::game::{Action, Game};
use rookery_core::position::Move;
use rookery_core::rules;
use rookery_core::search::{Limits, Search, Tables, WIN};

/// Our game id of a `UCI_Variant` name: a game's own id, or Fairy-Stockfish's name of it
/// (the registry's `Facts::uci`).
fn game_id_of(uci_variant: &str) -> Option<&'static str> {
    rules::games()
        .find(|v| v.id == uci_variant || v.facts.uci == Some(uci_variant))
        .map(|v| v.id)
}

pub fn cmd_uci(_args: &[String]) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut game_id = crate::DEFAULT_GAME.to_string();
    let mut level: u8 = 4;
    let mut game = Game::new(&game_id).map_err(|e| e.to_string())?;
    // the last search's tables, handed to the next search of the game
    let mut tables = None;
    let say = |out: &mut std::io::Stdout, s: &str| {
        let _ = writeln!(out, "{s}");
        let _ = out.flush();
    };
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say(&mut out, "id name Rookery");
                say(&mut out, "id author the Rookery team");
                let vars: Vec<&str> = rules::catalogue()
                    .into_iter()
                    .filter(|g| g.playable && g.seats == 2)
                    .map(|g| g.id)
                    .collect();
                say(
                    &mut out,
                    &format!(
                        "option name UCI_Variant type combo default chess var {}",
                        vars.join(" var ")
                    ),
                );
                say(
                    &mut out,
                    "option name Skill Level type spin default 4 min 1 max 8",
                );
                say(
                    &mut out,
                    "option name UCI_Chess960 type check default false",
                );
                say(&mut out, "uciok");
            }
            Some("isready") => say(&mut out, "readyok"),
            Some("setoption") => {
                let text = line.to_string();
                let name = text
                    .split(" name ")
                    .nth(1)
                    .and_then(|r| r.split(" value ").next())
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase();
                let value = text
                    .split(" value ")
                    .nth(1)
                    .unwrap_or("")
                    .trim()
                    .to_string();
                match name.as_str() {
                    "uci_variant" => {
                        match game_id_of(&value).and_then(|id| rules::variant(id).ok()) {
                            Some(v) if v.seat_count() == 2 => game_id = v.id.to_string(),
                            _ => say(&mut out, &format!("info string unknown variant {value}")),
                        }
                    }
                    // the game of the same rules with numbered starts (chess: Chess960)
                    "uci_chess960" if value == "true" => {
                        let same = rules::variant(&game_id).ok().map(|v| v.rules());
                        if let Some(v) = rules::games().find(|v| {
                            v.starts.0 > 1 && same.is_some_and(|r| std::ptr::addr_eq(v.rules(), r))
                        }) {
                            game_id = v.id.to_string()
                        }
                    }
                    "skill level" => match value.parse::<u8>() {
                        Ok(l) if (1..=8).contains(&l) => level = l,
                        _ => say(&mut out, "info string Skill Level is 1 to 8"),
                    },
                    _ => {}
                }
            }
            Some("ucinewgame") => tables = None,
            Some("position") => match position(&game_id, &words[1..]) {
                Ok(g) => game = g,
                Err(e) => say(&mut out, &format!("info string {e}")),
            },
            Some("go") => {
                let best = go(&game, level, &words[1..], &mut tables);
                say(&mut out, &best);
            }
            Some("quit") => break,
            _ => {}
        }
    }
    Ok(())
}

/// `position startpos|fen F [moves ...]`.
fn position(game_id: &str, words: &[&str]) -> Result<Game, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let head = &words[..moves_at.unwrap_or(words.len())];
    let mut game = match head.first().copied() {
        Some("startpos") => Game::new(game_id),
        Some("fen") => Game::from_fen(game_id, &head[1..].join(" ")),
        _ => return Err("position startpos|fen F [moves ...]".to_string()),
    }
    .map_err(|e| e.to_string())?;
    if let Some(i) = moves_at {
        for m in &words[i + 1..] {
            game.play_text(m).map_err(|e| format!("{m}: {e}"))?;
        }
    }
    Ok(game)
}

/// `go ...` of UCI (and USI: `cli/src/usi.rs`): searches within the level's budget narrowed by
/// the command's limits. `clocks` names the clock and increment words of the first seat and of
/// the second (UCI: `wtime`/`winc`, `btime`/`binc`; USI's sente, the first seat, is `b`); USI's
/// `byoyomi` may be spent on a move as well. The search starts from `tables`, the last
/// search's (of the same game and side; else it starts empty), and leaves its own there. The
/// move found, the depth, the nodes and the value.
pub(crate) fn go_search(
    game: &Game,
    level: u8,
    words: &[&str],
    clocks: [[&str; 2]; 2],
    tables: &mut Option<Tables>,
) -> Option<(Move, u8, u64, i32)> {
    let arg = |name: &str| -> Option<u64> {
        words
            .iter()
            .position(|&w| w == name)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse().ok())
    };
    let lv = LEVELS[(level.clamp(1, 8) - 1) as usize];
    let [time, inc] = clocks[(game.position().turn() != 0) as usize];
    let inc = arg(inc).unwrap_or(0);
    let byoyomi = arg("byoyomi").unwrap_or(0);
    let mut ms = lv.time_ms;
    if let Some(t) = arg("movetime") {
        ms = t;
    } else if let Some(c) = arg(time) {
        ms = ms
            .min(c / 30 + inc / 2 + byoyomi.saturating_sub(100))
            .max(10);
    }
    let limits = Limits {
        depth: arg("depth").map_or(lv.depth, |d| d.min(64) as u8),
        nodes: arg("nodes"),
        time: Some(Duration::from_millis(ms)),
    };
    let cancel = AtomicBool::new(false);
    // a node budget asks for the search itself (reproducible); else the level plays
    let found = if lv.noise > 0 && arg("nodes").is_none() {
        search_bot(level, 1).think(game, &cancel)
    } else {
        let mut search = Search::new(game, limits, &cancel).tables(tables.take());
        let found = search.run();
        *tables = Some(search.into_tables());
        Some(found)
    };
    let f = found?;
    match f.best? {
        Action::Move(m) => Some((m, f.depth, f.nodes, f.value)),
        _ => None,
    }
}

/// The plies to a mate in a search value, or `None` for a value that is no mate.
pub(crate) fn mate_plies(value: i32) -> Option<i32> {
    (value.abs() >= WIN - 100).then(|| (WIN - value.abs()) * value.signum())
}

/// `go ...`: answers `info` and `bestmove` (`0000` without a move).
fn go(game: &Game, level: u8, words: &[&str], tables: &mut Option<Tables>) -> String {
    let clocks = [["wtime", "winc"], ["btime", "binc"]];
    match go_search(game, level, words, clocks, tables) {
        Some((m, depth, nodes, value)) => {
            let score = match mate_plies(value) {
                // UCI counts a mate in moves
                Some(p) => format!("mate {}", (p.abs() + 1) / 2 * p.signum()),
                None => format!("cp {value}"),
            };
            format!(
                "info depth {depth} nodes {nodes} score {score}\nbestmove {}",
                game.move_text(m)
            )
        }
        None => "bestmove 0000".to_string(),
    }
}
