//! `rookery think`: one bot move for a position of any game, for referees that drive our bot
//! against another engine one move at a time (`tests/python/teams_4pchess.py`).
//!
//! Output, one item a line: `legal <move> ...` (with `--legal`; the side to move's legal
//! moves in coordinate text), then either `over <winning seats or draw>` or
//! `info depth D nodes N value V` and `bestmove <move>` (`bestmove none` without a move).

use std::sync::atomic::AtomicBool;

use rookery_core::bot::search_bot;
use rookery_core::game::{Action, Game};

use crate::args::ThinkArgs;

pub fn cmd_think(a: &ThinkArgs) -> Result<(), String> {
    let mut game = match &a.fen {
        Some(f) => Game::from_fen(&a.game, f),
        None => Game::new(&a.game),
    }
    .map_err(|e| e.to_string())?;
    for m in a.moves.as_deref().unwrap_or("").split_whitespace() {
        game.play_text(m).map_err(|e| format!("{m}: {e}"))?;
    }
    if a.legal {
        let legal: Vec<String> = game
            .legal_moves()
            .into_iter()
            .map(|m| game.move_text(m))
            .collect();
        println!("legal {}", legal.join(" "));
    }
    if let Some(o) = game.outcome() {
        let winners: Vec<String> = o.winners.iter().map(|w| w.to_string()).collect();
        if o.is_draw() || winners.is_empty() {
            println!("over draw");
        } else {
            println!("over {}", winners.join(","));
        }
        return Ok(());
    }
    let mut bot = search_bot(a.level, 1);
    bot.nodes = a.nodes;
    bot.movetime_ms = a.movetime;
    let found = bot.think(&game, &AtomicBool::new(false));
    match found.as_ref().and_then(|f| f.best.map(|b| (f, b))) {
        Some((f, Action::Move(m))) => {
            println!("info depth {} nodes {} value {}", f.depth, f.nodes, f.value);
            println!("bestmove {}", game.move_text(m));
        }
        _ => println!("bestmove none"),
    }
    Ok(())
}
