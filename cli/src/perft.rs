//! `rookery perft <game-id> <depth> [--fen FEN] [--moves "M1 M2 …"] [--divide]`
//! Prints divide lines `<move>: <count>` when asked and the total alone on the last line.

use rookery_core::movegen::perft;
use rookery_core::{Game, Result};

pub struct PerftArgs {
    pub game: String,
    pub depth: u32,
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub divide: bool,
}

pub fn setup(game: &str, fen: Option<&str>, moves: &[String]) -> Result<Game> {
    let mut g = match fen {
        Some(f) => Game::from_fen(game, f)?,
        None => Game::new(game)?,
    };
    for m in moves {
        // perft ignores game-end rules: play through the position only
        let mv = rookery_core::notation::movetext::parse(g.position(), m)?;
        let mut pos = g.position().clone();
        pos.make(mv);
        g = Game::from_position(pos, g.house.clone(), g.seed)?;
    }
    Ok(g)
}

pub fn run(a: &PerftArgs) -> Result<u64> {
    let g = setup(&a.game, a.fen.as_deref(), &a.moves)?;
    let mut pos = g.position().clone();
    if a.divide && a.depth > 0 {
        let mut total = 0;
        let mut lines = Vec::new();
        for m in pos.legal_moves() {
            let text = g.move_text(m);
            let u = pos.make(m);
            let n = perft(&mut pos, a.depth - 1);
            pos.unmake(m, &u);
            lines.push((text, n));
            total += n;
        }
        lines.sort();
        for (t, n) in lines {
            println!("{t}: {n}");
        }
        Ok(total)
    } else {
        Ok(perft(&mut pos, a.depth))
    }
}
