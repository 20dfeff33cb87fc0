//! Won endings converted: with a rook against a bare king the bot drives the king to the edge
//! and mates it, in the games where a count limits the moves it has for that (makruk's
//! pieces' honour) as in chess.

use std::sync::atomic::AtomicBool;

use rookery_core::bot::{search_bot, Bot, SearchBot};
use rookery_core::game::{Action, Game};

/// Plays `fen` out with level 8 at `nodes` a move on both sides for at most `plies`: the
/// outcome's winners and the plies played.
fn play_out(id: &str, fen: &str, nodes: u64, plies: usize) -> (Option<Vec<u8>>, usize, String) {
    let mut g = Game::from_fen(id, fen).unwrap();
    let cancel = AtomicBool::new(false);
    let bot = SearchBot {
        nodes: Some(nodes),
        ..search_bot(8, 1)
    };
    let mut line = Vec::new();
    for n in 0..plies {
        if let Some(o) = g.outcome() {
            return (
                Some(o.winners.clone()),
                n,
                format!("{:?} {}", o.reason, line.join(" ")),
            );
        }
        let a = bot.choose(&g, &cancel).expect("a move");
        let Action::Move(m) = a else { panic!("{a:?}") };
        line.push(g.move_text(m));
        g.play(m).unwrap();
    }
    let end = g
        .outcome()
        .map(|o| format!("{:?}", o.reason))
        .unwrap_or_default();
    (
        g.outcome().map(|o| o.winners.clone()),
        plies,
        format!("{end} {}", line.join(" ")),
    )
}

#[test]
fn with_a_rook_against_a_bare_king_the_bot_drives_the_king_to_the_edge_and_mates_it() {
    // level 8 at 20k nodes a move plays both sides (the lone king runs for the middle): in
    // chess from the middle of the board within the fifty-move rule (before the mop-up term
    // the white king shuffled on the second rank until that rule drew the game); in makruk
    // and sittuyin within their counts (a rook: 16 moves, makruk's counted from the pieces on
    // the board, so 13 here) from a position Stockfish mates in 10 at most
    for (id, fen) in [
        ("chess", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
        ("makruk", "8/2k5/8/8/4K3/8/8/R7 w - - 0 1"),
        ("sittuyin", "8/2k5/8/8/4K3/8/8/R7 w - - 0 1"),
    ] {
        let (winners, plies, line) = play_out(id, fen, 20_000, 120);
        assert_eq!(winners, Some(vec![0]), "{id}: {plies} plies: {line}");
    }
}
