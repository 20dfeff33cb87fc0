//! Repetitions as the search judges them: by the game's own repetition rule, not always as a
//! draw. In xiangqi the side that checks with every move of a repetition loses, so a bot that
//! is behind must not steer into a perpetual check as if it saved the game.

use rookery_core::bot::{search_bot, Bot, SearchBot};
use rookery_core::game::{Action, EndReason, Game};
use rookery_core::tree::Tree;
use std::sync::atomic::AtomicBool;

/// Red (a chariot and its defenders) against Black (the general and two chariots): Red checks
/// from h10, h9, and is about to check from h10 again, which brings back a position of the
/// line with Red having checked at every move since.
fn perpetual_check_line() -> Game {
    let mut g = Game::from_fen("xiangqi", "r3k4/r8/9/9/9/7R1/9/9/4A4/2B1K1B2 w - - 0 1").unwrap();
    for m in ["h5h10", "e10e9", "h10h9", "e9e10"] {
        g.play_text(m).unwrap();
    }
    g
}

#[test]
fn xiangqi_a_repeated_perpetual_check_is_judged_lost_for_the_checker() {
    let mut g = perpetual_check_line();
    // the same position once more, with the checks of Red all through the span
    g.play_text("h9h10").unwrap();
    assert!(!g.is_over(), "a position seen twice does not end the game");
    let t = Tree::new(&g);
    assert!(t.repeated(100));
    let o = t
        .repetition_outcome()
        .expect("a perpetual check is not a draw");
    assert_eq!(o.reason, EndReason::PerpetualCheck);
    assert_eq!(o.winners, vec![1], "Black wins: Red gave every check");
    // a repetition without checks stays a draw
    let mut quiet = Game::from_fen("xiangqi", "3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1").unwrap();
    for m in ["a1a2", "d10d9", "a2a1", "d9d10"] {
        quiet.play_text(m).unwrap();
    }
    let t = Tree::new(&quiet);
    assert!(t.repeated(100));
    let o = t.repetition_outcome();
    assert!(o.as_ref().is_none_or(|o| o.is_draw()), "{o:?}");
}

#[test]
fn xiangqi_a_bot_behind_in_material_does_not_repeat_a_losing_perpetual_check() {
    let g = perpetual_check_line();
    let cancel = AtomicBool::new(false);
    for seed in 1..=3 {
        let bot = SearchBot {
            nodes: Some(20_000),
            ..search_bot(8, seed)
        };
        let a = bot.choose(&g, &cancel).expect("a move");
        let Action::Move(m) = a else { panic!("{a:?}") };
        let text = rookery_core::notation::movetext::write(g.position(), m, false);
        assert_ne!(
            text, "h9h10",
            "the repeated check loses by the perpetual-check rule"
        );
    }
}
