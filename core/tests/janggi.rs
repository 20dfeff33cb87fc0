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

/// The legal moves of the piece on `from` (move text starting with that cell).
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    moves(fen)
        .into_iter()
        .filter(|t| {
            t.starts_with(from) && !t[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

#[test]
fn janggi_cannon_may_not_jump_over_or_capture_a_cannon() {
    assert_eq!(
        moves_from("3k5/9/9/9/9/p8/9/c8/4K4/CPc6 w - - 0 1", "a1"),
        Vec::<String>::new()
    );
    assert_eq!(
        moves_from("3k5/9/9/9/9/p8/9/p8/4K4/CPp6 w - - 0 1", "a1"),
        vec!["a1a4", "a1a5", "a1c1"]
    );
}

#[test]
fn janggi_palace_diagonals_serve_every_piece_on_them() {
    let m = moves_from("9/4k4/9/9/9/9/9/9/9/3R1K3 w - - 0 1", "d1");
    assert!(
        m.contains(&"d1e2".to_string()) && m.contains(&"d1f3".to_string()),
        "{m:?}"
    );
    let m = moves_from("9/4k4/9/9/9/9/9/9/3R5/5K3 w - - 0 1", "d2");
    assert!(!m.contains(&"d2e3".to_string()), "{m:?}");
    // the general steps along them too, and the cannon hops over the centre
    assert!(moves_from("9/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1", "d1").contains(&"d1e2".to_string()));
    assert!(moves_from("9/4k4/9/9/9/9/9/9/4P4/3C1K3 w - - 0 1", "d1").contains(&"d1f3".to_string()));
}

#[test]
fn janggi_passing_is_allowed_except_in_check() {
    assert!(moves(START).contains(&"e2e2".to_string()));
    assert!(!moves("3k5/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1").contains(&"e2e2".to_string()));
    // in bikjang a pass is allowed even in check, and every other move must break it
    let m = moves_from("4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1", "e2");
    assert_eq!(m, vec!["e2d1", "e2d3", "e2e2", "e2f1", "e2f3"]);
}

#[test]
fn janggi_bikjang_left_standing_is_decided_by_count() {
    let mut g = Game::from_fen("janggi", "4k4/9/9/9/R8/9/9/9/4K4/9 w - - 0 1").unwrap();
    assert!(!g.is_over());
    g.play_text("e2e2").unwrap();
    let o = g.outcome().expect("bikjang twice");
    assert_eq!((o.winners.clone(), o.reason), (vec![0], EndReason::Bikjang));
}

#[test]
fn janggi_two_passes_end_by_count_and_han_has_the_deom_of_1_5() {
    let mut g = Game::from_fen("janggi", START).unwrap();
    g.play_text("e2e2").unwrap();
    assert!(!g.is_over());
    g.play_text("e9e9").unwrap();
    // equal armies (72 points each): Han wins with the 1.5 deom
    let o = g.outcome().expect("two passes");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![1], EndReason::DoublePass)
    );
    let p = g.position();
    assert_eq!(rookery_core::rules::xiangqi::janggi_points_x2(p, 0), 144);
    assert_eq!(rookery_core::rules::xiangqi::janggi_points_x2(p, 1), 147);
}

#[test]
fn janggi_perpetual_check_loses() {
    let mut g = Game::from_fen("janggi", "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1").unwrap();
    for m in [
        "a2d2", "d10e10", "d2e2", "e10d10", "e2d2", "d10e10", "d2e2", "e10d10",
    ] {
        assert!(!g.is_over(), "over before {m}");
        g.play_text(m).unwrap();
    }
    g.play_text("e2d2").unwrap();
    let o = g.outcome().expect("third time: the checker loses");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![1], EndReason::PerpetualCheck)
    );
}

#[test]
fn janggi_fen_and_move_text_round_trip() {
    for fen in [START, MID] {
        assert_eq!(rules::write_position(&pos(fen)), fen);
    }
}

#[test]
fn janggi_each_side_picks_one_of_four_orders_han_chooses_first_cho_moves_first() {
    let mut g = Game::new("janggi").unwrap();
    // Han (seat 1) chooses first: its horses on b10/h10, c10/g10, c10/h10 or b10/g10
    assert_eq!(g.position().turn(), 1);
    let mut m: Vec<String> = g.legal_moves().iter().map(|&m| g.move_text(m)).collect();
    m.sort();
    assert_eq!(m, vec!["b10g10", "b10h10", "c10g10", "c10h10"]);
    g.play_text("c10g10").unwrap();
    // then Cho
    assert_eq!(g.position().turn(), 0);
    g.play_text("c1h1").unwrap();
    assert_eq!(
        rules::write_position(g.position()),
        "rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 0 1"
    );
    // and Cho moves first: the usual moves and the pass
    assert_eq!(g.position().turn(), 0);
    let n = g.legal_moves().len();
    // as many as Fairy-Stockfish counts from this FEN
    assert_eq!(n, 32, "{:?}", g.legal_moves());
    g.play_text("a4b4").unwrap();
    assert_eq!(g.position().turn(), 1);
    assert_eq!(g.texts(), vec!["c10g10", "c1h1", "a4b4"]);
}
