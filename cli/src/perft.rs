//! `rookery perft <game-id> <depth> [--fen FEN] [--moves "M1 M2 …"] [--divide]
//! [--tree rules|movement]`. Prints divide lines `<move>: <count>` when asked and the total
//! alone on the last line.
//!
//! Two trees: **rules**, the game's own tree (players go out, armies are handed over, a
//! finished game has no move below it: `Game::perft`), and **movement**, legal moves alone
//! (`movegen::perft`, what Fairy-Stockfish's `go perft` counts). Two-player games default to
//! movement, the oracles' convention; games of three or more seats to rules, the tree the
//! product's games walk. `--moves` replays the moves the same way the tree is walked.

use rookery_core::movegen::{divide_turns, perft_turns as perft};
use rookery_core::notation::movetext;
use rookery_core::{Action, Game, Result};

use crate::progress::Progress;

/// From this depth on, perft shows a live count of the first moves done (stderr, terminal only).
pub const PROGRESS_DEPTH: u32 = 6;

pub struct PerftArgs {
    pub game: String,
    pub depth: u32,
    pub fen: Option<String>,
    pub moves: Vec<String>,
    pub divide: bool,
    /// The rules tree (true) or movement alone (false); None = the game's default.
    pub rules_tree: Option<bool>,
}

pub fn setup(game: &str, fen: Option<&str>, moves: &[String], rules_tree: bool) -> Result<Game> {
    let mut g = match fen {
        Some(f) => Game::from_fen(game, f)?,
        None => Game::new(game)?,
    };
    for m in moves {
        if rules_tree {
            g.act_text(m)?;
            continue;
        }
        // movement alone: play through the position, ignoring the game's ends
        let mut pos = g.position().clone();
        for mv in rookery_core::notation::movetext::parse_turn(g.position(), m)? {
            pos.make(mv);
        }
        g = Game::from_position(pos, g.house.clone(), g.seed)?;
    }
    Ok(g)
}

pub fn run(a: &PerftArgs) -> Result<u64> {
    let multi = rookery_core::rules::variant(&a.game)?.seat_count() > 2;
    let rules_tree = a.rules_tree.unwrap_or(multi);
    let mut g = setup(&a.game, a.fen.as_deref(), &a.moves, rules_tree)?;
    // deep counts take long: walk the first moves one by one to show a live count (on a terminal)
    let show = a.depth >= PROGRESS_DEPTH && std::io::IsTerminal::is_terminal(&std::io::stderr());
    if (!a.divide && !show) || a.depth == 0 {
        return Ok(if rules_tree {
            g.perft(a.depth)
        } else {
            perft(&mut g.position().clone(), a.depth)
        });
    }
    let mut total = 0;
    let mut lines = Vec::new();
    let mut progress = Progress::new(format!("perft {} depth {}", a.game, a.depth));
    if rules_tree {
        let choices = g.choices();
        let actions: Vec<Action> = if choices.is_empty() {
            g.legal_moves().into_iter().map(Action::Move).collect()
        } else {
            choices.into_iter().map(Action::Choose).collect()
        };
        let n_root = actions.len() as u64;
        for (i, act) in actions.into_iter().enumerate() {
            g.act(act)?;
            let text = g.plies().last().map(|p| p.text.clone()).unwrap_or_default();
            progress.set(i as u64, Some(n_root), &text);
            let n = g.perft(a.depth - 1);
            g.undo()?;
            lines.push((text, n));
            total += n;
        }
    } else if g.variant.hooks.turn_ends {
        // one line per distinct position the turn can end in: its steps (a shortest sequence,
        // joined by commas as a turn is written) and the whole turns below it
        let mut pos = g.position().clone();
        for (i, (steps, n)) in divide_turns(&mut pos, a.depth).into_iter().enumerate() {
            let mut at = pos.clone();
            let mut texts = Vec::new();
            for m in steps {
                texts.push(movetext::write(&at, m, g.variant.castle_king_takes_rook));
                at.make(m);
            }
            let text = texts.join(",");
            progress.set(i as u64, None, &text);
            lines.push((text, n));
            total += n;
        }
    } else {
        let mut pos = g.position().clone();
        let moves = pos.legal_moves();
        let n_root = moves.len() as u64;
        for (i, m) in moves.into_iter().enumerate() {
            let text = g.move_text(m);
            progress.set(i as u64, Some(n_root), &text);
            let u = pos.make(m);
            // a turn's first step: the rest of the turn belongs to this line
            let d = a.depth - (pos.st.step == 0) as u32;
            let n = perft(&mut pos, d);
            pos.unmake(m, &u);
            lines.push((text, n));
            total += n;
        }
    }
    progress.finish();
    if !a.divide {
        return Ok(total);
    }
    lines.sort();
    for (t, n) in lines {
        println!("{t}: {n}");
    }
    Ok(total)
}
