//! `rookery usi`: our bots behind the USI protocol (shogi GUIs, and scripts) for shogi and
//! minishogi.
//!
//! Understood: `usi`, `isready`, `usinewgame`, `setoption name USI_Variant value
//! shogi|minishogi` (also `UCI_Variant`, as Fairy-Stockfish names it), `setoption name Skill
//! Level value 1..8` (default 4), `position startpos|sfen S [moves ...]`, `go [depth D] [nodes
//! N] [movetime MS] [btime/wtime/binc/winc/byoyomi MS]`, `gameover`, `quit`. Moves are USI
//! text (`7g7f`, `8h2b+`, `P*5e`); `bestmove resign` when there is no move.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rookery_core::bot::{search_bot, LEVELS};
use rookery_core::game::{Action, Game};
use rookery_core::rules;
use rookery_core::rules::shogi::{parse_sfen, parse_usi, write_usi};
use rookery_core::search::{Limits, Search, WIN};

pub fn cmd_usi(_args: &[String]) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut game_id = "shogi".to_string();
    let mut level: u8 = 4;
    let mut game = Game::new(&game_id).map_err(|e| e.to_string())?;
    let say = |out: &mut std::io::Stdout, s: &str| {
        let _ = writeln!(out, "{s}");
        let _ = out.flush();
    };
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("usi") => {
                say(&mut out, "id name Rookery");
                say(&mut out, "id author the Rookery team");
                say(
                    &mut out,
                    "option name USI_Variant type combo default shogi var shogi var minishogi",
                );
                say(
                    &mut out,
                    "option name Skill Level type spin default 4 min 1 max 8",
                );
                say(&mut out, "usiok");
            }
            Some("isready") => say(&mut out, "readyok"),
            Some("setoption") => {
                let name = line
                    .split(" name ")
                    .nth(1)
                    .and_then(|r| r.split(" value ").next())
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase();
                let value = line.split(" value ").nth(1).unwrap_or("").trim();
                match name.as_str() {
                    "usi_variant" | "uci_variant" => match value {
                        "shogi" | "minishogi" => game_id = value.to_string(),
                        _ => say(&mut out, &format!("info string unknown variant {value}")),
                    },
                    "skill level" => match value.parse::<u8>() {
                        Ok(l) if (1..=8).contains(&l) => level = l,
                        _ => say(&mut out, "info string Skill Level is 1 to 8"),
                    },
                    _ => {}
                }
            }
            Some("usinewgame") | Some("gameover") => {}
            Some("position") => match position(&game_id, &words[1..]) {
                Ok(g) => game = g,
                Err(e) => say(&mut out, &format!("info string {e}")),
            },
            Some("go") => {
                let best = go(&game, level, &words[1..]);
                say(&mut out, &best);
            }
            Some("quit") => break,
            _ => {}
        }
    }
    Ok(())
}

/// `position startpos|sfen S [moves ...]`.
fn position(game_id: &str, words: &[&str]) -> Result<Game, String> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let head = &words[..moves_at.unwrap_or(words.len())];
    let mut game = match head.first().copied() {
        Some("startpos") => Game::new(game_id).map_err(|e| e.to_string())?,
        Some("sfen") => {
            let v = rules::variant(game_id).map_err(|e| e.to_string())?;
            let pos = parse_sfen(v, &head[1..].join(" ")).map_err(|e| e.to_string())?;
            Game::from_position(pos, Default::default(), 0).map_err(|e| e.to_string())?
        }
        _ => return Err("position startpos|sfen S [moves ...]".to_string()),
    };
    if let Some(i) = moves_at {
        for m in &words[i + 1..] {
            let mv = parse_usi(game.position(), m).map_err(|e| format!("{m}: {e}"))?;
            game.play(mv).map_err(|e| format!("{m}: {e}"))?;
        }
    }
    Ok(game)
}

/// `go ...`: searches within the level's budget narrowed by the command's limits; answers
/// `bestmove`.
fn go(game: &Game, level: u8, words: &[&str]) -> String {
    let arg = |name: &str| -> Option<u64> {
        words
            .iter()
            .position(|&w| w == name)
            .and_then(|i| words.get(i + 1))
            .and_then(|v| v.parse().ok())
    };
    let lv = LEVELS[(level.clamp(1, 8) - 1) as usize];
    // sente (black, "b") is the first seat
    let sente = game.position().turn() == 0;
    let clock = arg(if sente { "btime" } else { "wtime" });
    let inc = arg(if sente { "binc" } else { "winc" }).unwrap_or(0);
    let byoyomi = arg("byoyomi").unwrap_or(0);
    let mut ms = lv.time_ms;
    if let Some(t) = arg("movetime") {
        ms = t;
    } else if let Some(c) = clock {
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
    let found = if lv.noise > 0 && arg("nodes").is_none() {
        search_bot(level, 1).think(game, &cancel)
    } else {
        Some(Search::new(game, limits, &cancel).run())
    };
    match found.and_then(|f| {
        let score = if f.value.abs() >= WIN - 100 {
            let plies = WIN - f.value.abs();
            format!("mate {}", plies * f.value.signum())
        } else {
            format!("cp {}", f.value)
        };
        f.best.map(|a| (a, f.depth, f.nodes, score))
    }) {
        Some((Action::Move(m), depth, nodes, score)) => format!(
            "info depth {depth} nodes {nodes} score {score}\nbestmove {}",
            write_usi(game.position(), m)
        ),
        _ => "bestmove resign".to_string(),
    }
}
