//! `rookery usi`: our bots behind the USI protocol (shogi GUIs, and scripts) for shogi and
//! minishogi.
//!
//! Understood: `usi`, `isready`, `usinewgame`, `setoption name USI_Variant value
//! shogi|minishogi` (also `UCI_Variant`, as Fairy-Stockfish names it), `setoption name Skill
//! Level value 1..8` (default 4), `position startpos|sfen S [moves ...]`, `go [depth D] [nodes
//! N] [movetime MS] [btime/wtime/binc/winc/byoyomi MS]`, `gameover`, `quit`. Moves are USI
//! text (`7g7f`, `8h2b+`, `P*5e`); `bestmove resign` when there is no move.

use crate::uci::{go_search, mate_plies};
use rookery_core::game::Game;
use rookery_core::rules;
use rookery_core::rules::shogi::{parse_sfen, parse_usi, write_usi};
use rookery_core::search::Tables;
use std::io::{BufRead, Write};

pub fn cmd_usi(_args: &[String]) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    // the first game USI plays (shogi)
    let mut game_id = rules::games()
        .find(|v| v.facts.usi.is_some())
        .map_or(String::new(), |v| v.id.to_string());
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
            Some("usi") => {
                say(&mut out, "id name Rookery");
                say(&mut out, "id author the Rookery team");
                let vars: Vec<&str> = rules::games().filter_map(|v| v.facts.usi).collect();
                say(
                    &mut out,
                    &format!(
                        "option name USI_Variant type combo default {} var {}",
                        vars.first().copied().unwrap_or(""),
                        vars.join(" var ")
                    ),
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
                    "usi_variant" | "uci_variant" => {
                        match rules::games().find(|v| v.facts.usi == Some(value)) {
                            Some(v) => game_id = v.id.to_string(),
                            None => say(&mut out, &format!("info string unknown variant {value}")),
                        }
                    }
                    "skill level" => match value.parse::<u8>() {
                        Ok(l) if (1..=8).contains(&l) => level = l,
                        _ => say(&mut out, "info string Skill Level is 1 to 8"),
                    },
                    _ => {}
                }
            }
            Some("usinewgame") | Some("gameover") => tables = None,
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

/// `go ...`: answers `info` and `bestmove` (`resign` without a move); the search is UCI's.
fn go(game: &Game, level: u8, words: &[&str], tables: &mut Option<Tables>) -> String {
    // sente (black, "b") is the first seat
    let clocks = [["btime", "binc"], ["wtime", "winc"]];
    match go_search(game, level, words, clocks, tables) {
        Some((m, depth, nodes, value)) => {
            let score = match mate_plies(value) {
                // USI counts a mate in plies
                Some(p) => format!("mate {p}"),
                None => format!("cp {value}"),
            };
            format!(
                "info depth {depth} nodes {nodes} score {score}\nbestmove {}",
                write_usi(game.position(), m)
            )
        }
        None => "bestmove resign".to_string(),
    }
}
