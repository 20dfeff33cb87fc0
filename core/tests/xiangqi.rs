//! Xiangqi: perft against Fairy-Stockfish's counts and a test per rule of the game's page.

use rookery_core::game::EndReason;
use rookery_core::movegen::perft;
use rookery_core::notation::movetext;
use rookery_core::rules;
use rookery_core::{Game, Position};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const MID: &str = "1nbakabnr/3rc4/6c2/p1p1p1p1p/6C2/8P/P1P1P1PC1/9/9/RNBAKABNR w - - 10 6";

fn pos(fen: &str) -> Position {
    rules::parse_position(rules::variant("xiangqi").unwrap(), fen).unwrap()
}

/// The legal moves of the piece on `from`, as sorted move text.
fn moves_from(fen: &str, from: &str) -> Vec<String> {
    let p = pos(fen);
    let mut v: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| movetext::write(&p, m, false))
        .filter(|t| {
            t.starts_with(from) && !t[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn xiangqi_perft_matches_fairy_stockfish() {
    for (fen, d, n) in [
        (START, 1, 44),
        (START, 2, 1920),
        (START, 3, 79666),
        (MID, 1, 39),
        (MID, 2, 1536),
        (MID, 3, 58979),
    ] {
        assert_eq!(perft(&mut pos(fen), d), n, "{fen} depth {d}");
    }
}

#[test]
fn xiangqi_flying_general_is_illegal() {
    // the general may not step onto the open file of the other general
    assert_eq!(
        moves_from("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d1"),
        vec!["d1d2"]
    );
    // the only piece between the generals may not leave their file
    assert_eq!(
        moves_from("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "e2"),
        Vec::<String>::new()
    );
    assert_eq!(
        moves_from("4k4/4p4/9/9/9/9/9/9/4N4/4K4 w - - 0 1", "e2").len(),
        6
    );
    // a position with the generals facing is not a position
    assert!(rules::parse_position(
        rules::variant("xiangqi").unwrap(),
        "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
    )
    .is_err());
}

#[test]
fn xiangqi_general_and_advisors_stay_in_the_palace() {
    assert_eq!(
        moves_from("5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d1"),
        vec!["d1d2", "d1e1"]
    );
    // the advisor steps diagonally inside the palace only
    let fen = "5k3/9/9/9/9/9/9/9/9/3AK4 w - - 0 1";
    assert_eq!(moves_from(fen, "d1"), vec!["d1e2"]);
    assert_eq!(moves_from(fen, "e1"), vec!["e1e2"]);
    assert_eq!(
        moves_from("5k3/9/9/9/9/9/9/3A5/9/3K5 w - - 0 1", "d3"),
        vec!["d3e2"]
    );
}

#[test]
fn xiangqi_cannon_captures_over_exactly_one_piece() {
    let fen = "3k5/9/9/p8/9/p8/9/9/9/C3K4 w - - 0 1";
    assert_eq!(
        moves_from(fen, "a1"),
        vec!["a1a2", "a1a3", "a1a4", "a1a7", "a1b1", "a1c1", "a1d1"]
    );
}

#[test]
fn xiangqi_horse_is_blocked_by_a_piece_next_to_it() {
    assert_eq!(
        moves_from("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w - - 0 1", "b1"),
        vec!["b1d2"]
    );
}

#[test]
fn xiangqi_elephants_never_cross_the_river_and_are_blocked_at_the_eye() {
    assert_eq!(
        moves_from("3k5/9/9/9/9/4B4/9/9/9/4K4 w - - 0 1", "e5"),
        vec!["e5c3", "e5g3"]
    );
    assert_eq!(
        moves_from("3k5/9/9/9/9/4B4/3P5/9/9/4K4 w - - 0 1", "e5"),
        vec!["e5g3"]
    );
}

#[test]
fn xiangqi_soldiers_step_sideways_only_across_the_river() {
    assert_eq!(
        moves_from("3k5/9/9/9/9/9/4P4/9/9/5K3 w - - 0 1", "e4"),
        vec!["e4e5"]
    );
    assert_eq!(
        moves_from("3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1", "e6"),
        vec!["e6d6", "e6e7", "e6f6"]
    );
    // on the last rank it only steps sideways; it never promotes
    assert_eq!(
        moves_from("P2k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1", "a10"),
        vec!["a10b10"]
    );
}

#[test]
fn xiangqi_stalemate_is_a_loss() {
    let g = Game::from_fen("xiangqi", "3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1").unwrap();
    let o = g.outcome().expect("no move for black");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![0], EndReason::Stalemate)
    );
    assert_eq!(g.standings().unwrap()[0].place, 1);
}

#[test]
fn xiangqi_checkmate_wins() {
    let mut g = Game::from_fen("xiangqi", "4k4/1R7/9/9/9/9/9/9/9/R4K3 w - - 0 1").unwrap();
    assert!(!g.is_over());
    g.play_text("a1a10").unwrap();
    let o = g.outcome().expect("mate");
    assert_eq!(
        (o.winners.clone(), o.reason),
        (vec![0], EndReason::Checkmate)
    );
}

#[test]
fn xiangqi_perpetual_check_loses() {
    let mut g = Game::from_fen("xiangqi", "3k5/9/9/9/9/9/9/9/R8/5K3 w - - 0 1").unwrap();
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
fn xiangqi_repetition_without_perpetual_check_is_a_draw() {
    let mut g = Game::from_fen("xiangqi", "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1").unwrap();
    for m in [
        "a1a2", "d10e10", "a2a1", "e10d10", "a1a2", "d10e10", "a2a1", "e10d10",
    ] {
        assert!(!g.is_over(), "over before {m}");
        g.play_text(m).unwrap();
    }
    let o = g.outcome().expect("third time");
    assert_eq!((o.is_draw(), o.reason), (true, EndReason::Repetition));
}

#[test]
fn xiangqi_fen_and_move_text_round_trip() {
    for fen in [START, MID] {
        assert_eq!(rules::write_position(&pos(fen)), fen);
    }
    let mut g = Game::new("xiangqi").unwrap();
    g.play_text("h3e3").unwrap();
    g.play_text("h10g8").unwrap();
    g.play_text("a1-a2").unwrap();
    assert_eq!(g.texts(), vec!["h3e3", "h10g8", "a1a2"]);
    assert_eq!(
        rules::write_position(g.position()),
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/R8/1NBAKABNR b - - 3 2"
    );
}

/// Plays `cycle` twice from `fen`; the outcome after the last move (the third occurrence).
fn repeated(fen: &str, cycle: &str) -> rookery_core::game::Outcome {
    let mut g = Game::from_fen("xiangqi", fen).unwrap();
    let moves: Vec<&str> = cycle.split(' ').collect();
    for (i, m) in moves.iter().chain(moves.iter()).enumerate() {
        assert!(!g.is_over(), "over before move {i} {m}");
        g.play_text(m).unwrap();
    }
    g.outcome()
        .expect("the third occurrence ends the game")
        .clone()
}

// Verdicts as Fairy-Stockfish 230826 (pyffish 0.0.90) gives them: tests/oracle_xiangqi_chase.rs.

#[test]
fn xiangqi_perpetual_chase_of_an_unprotected_piece_loses() {
    let o = repeated(
        "1n3k3/9/9/9/9/9/9/9/9/1R1K5 b - - 0 1",
        "b10a8 b1a1 a8b10 a1b1",
    );
    assert_eq!((o.winners, o.reason), (vec![1], EndReason::PerpetualChase));
}

#[test]
fn xiangqi_attacking_a_protected_piece_of_less_value_is_no_chase() {
    let o = repeated(
        "1n6r/4k4/8r/9/9/9/9/9/9/1R1K5 b - - 0 1",
        "b10a8 b1a1 a8b10 a1b1",
    );
    assert_eq!((o.is_draw(), o.reason), (true, EndReason::Repetition));
}

#[test]
fn xiangqi_a_cannon_or_horse_chasing_a_chariot_loses_even_when_it_is_protected() {
    let o = repeated(
        "r7r/4k4/9/9/pp7/9/9/9/9/C2K5 b - - 0 1",
        "a10b10 a1b1 b10a10 b1a1",
    );
    assert_eq!((o.winners, o.reason), (vec![1], EndReason::PerpetualChase));
}

#[test]
fn xiangqi_offering_an_exchange_of_equal_pieces_is_no_chase() {
    let o = repeated("9/3k5/9/8R/9/9/9/8r/9/5K3 b - - 0 1", "i3b3 i7b7 b3i3 b7i7");
    assert_eq!((o.is_draw(), o.reason), (true, EndReason::Repetition));
}

#[test]
fn xiangqi_a_chase_must_be_made_with_every_move_of_the_cycle() {
    // the chariot attacks the horse only on every second move
    let o = repeated(
        "9/4k4/9/n8/9/9/9/9/9/R2K5 w - - 0 1",
        "a1b1 e9e10 b1a1 e10e9",
    );
    assert_eq!((o.is_draw(), o.reason), (true, EndReason::Repetition));
    // stepping towards the piece it attacked already is no new attack
    let o = repeated(
        "9/4k2c1/7R1/9/9/9/9/9/5K3/9 b - - 0 1",
        "h9h10 h8h2 h10h9 h2h8",
    );
    assert_eq!((o.is_draw(), o.reason), (true, EndReason::Repetition));
}
