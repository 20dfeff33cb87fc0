//! `rookery think`: one bot move for a position of any game, for referees that drive our bot
//! against another engine one move at a time (`tests/python/teams_4pchess.py`).
//!
//! Output, one item a line: `legal <move> ...` (with `--legal`; the side to move's legal
//! moves in coordinate text), then either `over <winning seats or draw>` or
//! `info depth D nodes N value V` and `bestmove <move>` (`bestmove none` without a move).
//!
//! `--serve` keeps the process (so a referee's clock does not count a process start): each
//! stdin line `go [moves ...]` (search) or `legal [moves ...]` (no search) names the moves
//! from the start position, is answered as above (`legal` prints the legal moves and the
//! `over` line only) and then `ok`; a bad line answers `error <why>` and `ok`; `quit` or the
//! end of the input stops. A serve session keeps each seat's search tables from one of its
//! `go` requests to its next ([`BotSeat`], as `rookery match` and the apps do), where the
//! request's moves extend the moves of the seat's last one: the referee sends the moves from
//! the start every time, so the same game is recognised by its line; a request of another
//! line (a new game, a takeback) drops them. The tables are only a speed-up: a position's
//! entries are keyed by its hash and valued for the seat, so an answer at a fixed depth is
//! found with fewer nodes (at a node budget: as many nodes, ordered better and cut by deeper
//! entries).

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;

use rookery_core::bot::{search_bot, BotSeat};
use rookery_core::game::{Action, Game};

use crate::args::ThinkArgs;

pub fn cmd_think(a: &ThinkArgs) -> Result<(), String> {
    if !a.serve {
        let out = answer(a, a.moves.as_deref().unwrap_or(""), a.legal, true, None)?;
        print!("{out}");
        return Ok(());
    }
    // a bad game or position stops before serving
    let seats: Vec<BotSeat> = (0..start(a)?.variant.seat_count())
        .map(|_| BotSeat::new())
        .collect();
    let mut stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let (cmd, moves) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let out = match cmd {
            "quit" => break,
            "go" => answer(a, moves, a.legal, true, Some(&seats)),
            "legal" => answer(a, moves, true, false, None),
            _ => Err(format!(
                "unknown request {cmd:?}: go|legal [moves ...] or quit"
            )),
        };
        let out = out.unwrap_or_else(|e| format!("error {e}\n"));
        if write!(stdout, "{out}ok\n")
            .and_then(|_| stdout.flush())
            .is_err()
        {
            break; // the referee went away
        }
    }
    Ok(())
}

fn start(a: &ThinkArgs) -> Result<Game, String> {
    match &a.fen {
        Some(f) => Game::from_fen(&a.game, f),
        None => Game::new(&a.game),
    }
    .map_err(|e| e.to_string())
}

/// The answer for the position after `moves`: the legal moves (with `legal`), then the end of
/// the game or (with `search`) the bot's move, searched through the seat to move's
/// [`BotSeat`] where `seats` are kept (a serve session), else from empty tables.
fn answer(
    a: &ThinkArgs,
    moves: &str,
    legal: bool,
    search: bool,
    seats: Option<&[BotSeat]>,
) -> Result<String, String> {
    let mut game = start(a)?;
    for m in moves.split_whitespace() {
        game.play_text(m).map_err(|e| format!("{m}: {e}"))?;
    }
    let mut out = String::new();
    if legal {
        let legal: Vec<String> = game
            .legal_moves()
            .into_iter()
            .map(|m| game.move_text(m))
            .collect();
        out += &format!("legal {}\n", legal.join(" "));
    }
    if let Some(o) = game.outcome() {
        let winners: Vec<String> = o.winners.iter().map(|w| w.to_string()).collect();
        if o.is_draw() || winners.is_empty() {
            out += "over draw\n";
        } else {
            out += &format!("over {}\n", winners.join(","));
        }
        return Ok(out);
    }
    if !search {
        return Ok(out);
    }
    let mut bot = search_bot(a.level, 1);
    bot.nodes = a.nodes;
    bot.movetime_ms = a.movetime;
    let cancel = AtomicBool::new(false);
    let seat = seats.and_then(|s| s.get(game.position().turn() as usize));
    let found = match seat {
        Some(seat) => seat.think(&bot, &game, &cancel),
        None => bot.think(&game, &cancel),
    };
    match found.as_ref().and_then(|f| f.best.map(|b| (f, b))) {
        Some((f, Action::Move(m))) => {
            out += &format!(
                "info depth {} nodes {} value {}\n",
                f.depth, f.nodes, f.value
            );
            out += &format!("bestmove {}\n", game.move_text(m));
        }
        _ => out += "bestmove none\n",
    }
    Ok(out)
}
